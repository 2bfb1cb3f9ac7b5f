"""The view and info schemas: built from the engine's tables, shipped as built, and true
of every view and info core and oracle give, in every variant, preset, house rule,
match and Durak game; malformed ones are refused."""

from __future__ import annotations

import copy
import functools
import json
import random
import typing
from typing import Any

import pytest
from jsonschema import Draft202012Validator

import trumpf.durak as durak
import trumpf.reference.durak as ref_durak
import trumpf.reference.schnapsen as ref_schnapsen
import trumpf.schnapsen as schnapsen
from trumpf import schemas
from trumpf.schemas import _build
from trumpf.schnapsen import variant
from trumpf.tables import HOUSE_RULES

GAME_SCHEMAS = [
    "schnapsen-deal-view",
    "schnapsen-match-view",
    "schnapsen-deal-info",
    "schnapsen-match-info",
    "durak-game-view",
    "durak-game-info",
]


@functools.cache
def validator(name: str) -> Draft202012Validator:
    schema = schemas.load(name)
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


def as_json(value: Any) -> Any:
    """What the schema describes: the dict as JSON (Durak's int seat keys become "1", "2")."""
    return json.loads(json.dumps(value))


def house_rule_tables() -> list[Any]:
    """Each base variant with each house rule at its other values."""
    out: list[Any] = []
    for base in variant.variants():
        for rule in HOUSE_RULES.values():
            if rule.kind == "stock":
                values: list[Any] = [dict(rule.high)[base], 2]
            elif rule.kind == "flag":
                values = [not rule.default]
            else:
                values = [c for c in rule.choices if c != rule.default]
            out.extend(variant.custom(base, **{rule.name: v}) for v in values)
    return out


VARIANTS: list[Any] = [*variant.variants(), *variant.presets(), *house_rule_tables()]
FAMILIES = {"core": (schnapsen, durak), "oracle": (ref_schnapsen, ref_durak)}


def walk(table: Any, seats: tuple[Any, Any], rng: random.Random, steps: int) -> list[Any]:
    """Play random legal moves; a seat's view and info after every move, the seats in turn,
    and both at the end."""
    seen = []
    for step in range(steps):
        done = table.over or table.turn is None
        for seat in seats if done else seats[step % 2 : step % 2 + 1]:
            seen.append((seat, as_json(table.view(seat)), as_json(table.info(seat))))
        if table.over or table.turn is None:
            break
        table.apply(table.turn, rng.choice(table.legal(table.turn)))
    return seen


@functools.cache
def samples(impl: str) -> list[tuple[str, Any, Any]]:
    """(schema kind, view, info) from random games of every table."""
    sch, dur = FAMILIES[impl]
    rng = random.Random(f"schemas:{impl}")
    out: list[tuple[str, Any, Any]] = []
    deals = 3 if impl == "core" else 1
    for n, rules in enumerate(VARIANTS):
        for k in range(deals):
            seed = bytes(rng.randrange(256) for _ in range(32))
            deal = sch.Deal.build(rules, seed, number=1 + k, dealer=rng.choice(["p1", "p2"]))
            for _, view, info in walk(deal, ("p1", "p2"), rng, 40):
                out.append(("schnapsen-deal", view, info))
        if n % 4 == 0:
            seed = bytes(rng.randrange(256) for _ in range(32))
            match = sch.Match.build(rules, seed)
            for _, view, info in walk(match, ("p1", "p2"), rng, 250):
                out.append(("schnapsen-match", view, info))
    for k in range(16 if impl == "core" else 4):
        seed = bytes(rng.randrange(256) for _ in range(32))
        game = dur.Game.build(seed, number=1 + k % 3)
        for _, view, info in walk(game, (1, 2), rng, 300):
            out.append(("durak-game", view, info))
    return out


def test_the_shipped_files_are_what_the_engine_builds() -> None:
    built = _build.build()
    for name, schema in built.items():
        assert name in schemas.names()
        assert schemas.load(name) == schema, (
            f"{name}.json is stale: python -m trumpf.schemas._build"
        )
        Draft202012Validator.check_schema(schema)


@pytest.mark.parametrize("impl", ["core", "oracle"])
def test_every_view_and_info_is_valid(impl: str) -> None:
    kinds = set()
    for kind, view, info in samples(impl):
        kinds.add(kind)
        for what, value in (("view", view), ("info", info)):
            errors = [e.message for e in validator(f"{kind}-{what}").iter_errors(value)]
            assert errors == [], (impl, kind, what, value)
    assert kinds == {"schnapsen-deal", "schnapsen-match", "durak-game"}


def test_the_schemas_keys_are_the_typed_dicts() -> None:
    pairs = {
        "schnapsen-deal-view": schnapsen.types.View,
        "schnapsen-match-view": schnapsen.types.MatchView,
        "schnapsen-deal-info": schnapsen.types.SchnapsenInfo,
        "schnapsen-match-info": schnapsen.types.MatchInfo,
        "durak-game-view": durak.types.View,
        "durak-game-info": durak.types.DurakInfo,
    }
    for name, typed in pairs.items():
        schema = schemas.load(name)
        assert list(schema["properties"]) == list(typing.get_type_hints(typed)), name
        assert (
            schema["required"] == list(schema["properties"]) and not schema["additionalProperties"]
        )


def test_the_engine_facts_are_the_engines() -> None:
    deal = schemas.load("schnapsen-deal-info")["$defs"]
    packs = [set(schnapsen.deck.pack_for(v)) for v in variant.variants()]
    ids = set().union(*packs)
    assert (deal["card"]["minimum"], deal["card"]["maximum"]) == (min(ids), max(ids))
    assert set(deal["seat"]["enum"]) == set(schnapsen.Deal.build("schnapsen", bytes(32)).hands)
    assert set(deal["suit"]["enum"]) == {schnapsen.card.suit_of(c) for c in ids}
    rules = deal["rules"]["properties"]
    for name in variant.variants():
        assert list(rules) == list(variant.get(name)), "the rules table's keys, in its order"
    for rule in HOUSE_RULES.values():
        if rule.kind == "choice":
            assert rules[rule.name]["enum"] == list(rule.choices)
        elif rule.kind == "stock":
            assert rules[rule.name]["maximum"] == max(size for _, size in rule.high)
    view = schemas.load("schnapsen-deal-view")["properties"]
    assert view["variant"]["enum"] == list(schnapsen.Match.variants())
    game = schemas.load("durak-game-info")["$defs"]
    assert (game["card"]["minimum"], game["card"]["maximum"]) == (1, len(durak.deck.pack()))
    assert sorted(durak.deck.pack()) == list(range(1, 37))
    assert game["seat"]["enum"] == durak.Game.build(bytes(32)).seats
    kinds = game["legal"]["properties"]["kind"]["enum"]
    assert all(durak.Game.is_move(k) for k in kinds)
    assert not any(durak.Game.is_move(k) for k in ("bout_end", "refill", "out", "game_end", "draw"))


def test_every_move_kind_is_played() -> None:
    """The move kinds the schemas list are the kinds legal() offers in random games."""
    offered: dict[str, set[str]] = {"schnapsen": set(), "durak": set()}
    for kind, view, _ in samples("core"):
        family = "durak" if kind == "durak-game" else "schnapsen"
        offered[family].update(m["kind"] for m in view["legal"])
    s_kinds = schemas.load("schnapsen-deal-view")["$defs"]["legal"]["properties"]["kind"]["enum"]
    d_kinds = schemas.load("durak-game-view")["$defs"]["legal"]["properties"]["kind"]["enum"]
    assert offered["schnapsen"] == set(s_kinds)
    assert offered["durak"] | {"resign"} == set(d_kinds)  # resign is never in legal()


def first(kind: str) -> tuple[Any, Any]:
    for k, view, info in samples("core"):
        if k == kind and view["hand"] and view["legal"] and view["result"] is None:
            return view, info
    raise AssertionError(kind)


MUTATIONS = [
    ("a missing key", lambda d: d.pop("hand")),
    ("an extra key", lambda d: d.update(seed="00" * 32)),
    ("a card 0", lambda d: d["hand"].__setitem__(0, 0)),
    ("a card past the pack", lambda d: d["hand"].__setitem__(0, 37)),
    ("a card twice", lambda d: d["hand"].append(d["hand"][0])),
    ("a wrong type", lambda d: d.update(ply="3")),
    ("a bool for a count", lambda d: d.update(ply=True)),
    ("a seat of the other family", lambda d: d.update(seat="p1" if d["seat"] in (1, 2) else 1)),
    ("no turn", lambda d: d.pop("turn")),
    ("a legal move of no kind", lambda d: d["legal"].append({"card": d["hand"][0]})),
    ("a legal move of another game", lambda d: d["legal"].append({"kind": "bid"})),
    ("an extra key in counts", lambda d: d["counts"].update({"3": 1})),
]


@pytest.mark.parametrize(("label", "mutate"), MUTATIONS, ids=[m[0] for m in MUTATIONS])
@pytest.mark.parametrize("kind", ["schnapsen-deal", "schnapsen-match", "durak-game"])
def test_a_malformed_view_or_info_is_refused(kind: str, label: str, mutate: Any) -> None:
    view, info = first(kind)
    for what, value in (("view", view), ("info", info)):
        assert validator(f"{kind}-{what}").is_valid(value)
        bad = copy.deepcopy(value)
        mutate(bad)
        assert not validator(f"{kind}-{what}").is_valid(bad), (label, kind, what)


def test_a_view_is_not_an_info() -> None:
    """The view and the info of one game are told apart: each lacks keys of the other."""
    for kind in ("schnapsen-deal", "schnapsen-match", "durak-game"):
        view, info = first(kind)
        assert not validator(f"{kind}-info").is_valid(view)
        assert not validator(f"{kind}-view").is_valid(info)
    deal_view, _ = first("schnapsen-deal")
    match_view, _ = first("schnapsen-match")
    assert not validator("schnapsen-match-view").is_valid(deal_view)
    assert not validator("schnapsen-deal-view").is_valid(match_view)
