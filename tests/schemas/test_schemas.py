"""The published JSON Schemas accept every log trumpf writes and refuse malformed ones."""

from __future__ import annotations

import copy
import functools
import random
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

import trumpf.durak as durak
import trumpf.schnapsen as schnapsen
from trumpf import schemas
from trumpf.schnapsen import variant
from trumpf.tables import HOUSE_RULES

VARIANTS: list[Any] = [
    "schnapsen",
    "sixtysix",
    "schnapsen-tjger",
    variant.custom("sixtysix", marriage_by_lead=True, exchange_min_stock=4),
]


def validator(name: str) -> Draft202012Validator:
    schema = schemas.load(name)
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


def played(table: Any, rng: random.Random, steps: int) -> Any:
    for _ in range(steps):
        if table.over or table.turn is None:
            break
        table.apply(table.turn, rng.choice(table.legal(table.turn)))
    return table


@functools.cache
def logs(seed: int) -> list[tuple[str, dict[str, Any]]]:
    rng = random.Random(seed)
    out = []
    for n in range(60):
        seed = bytes(rng.randrange(256) for _ in range(32))
        rules = VARIANTS[n % len(VARIANTS)]
        deal = schnapsen.Deal.build(rules, seed, number=1 + n % 4, dealer=rng.choice(["p1", "p2"]))
        out.append(("schnapsen-deal-log", played(deal, rng, rng.randrange(40)).to_log()))
        match = schnapsen.Match.build(rules, seed)
        out.append(("schnapsen-match-log", played(match, rng, rng.randrange(300)).to_log()))
        game = durak.Game.build(seed, number=1 + n % 3)
        out.append(("durak-game-log", played(game, rng, rng.randrange(150)).to_log()))
    return out


def test_every_schema_is_valid_and_listed() -> None:
    logs = ["durak-game-log", "schnapsen-deal-log", "schnapsen-match-log"]
    assert [name for name in schemas.names() if name.endswith("-log")] == logs
    for name in schemas.names():
        assert validator(name).schema["$id"] == f"urn:trumpf:schema:{name}"
    with pytest.raises(KeyError):
        schemas.load("../pyproject")


def test_the_logs_trumpf_writes_are_valid() -> None:
    for name, log in logs(7):
        errors = [e.message for e in validator(name).iter_errors(log)]
        assert errors == [], (name, log)


MUTATIONS = [
    ("an unknown key", lambda log: log.update(extra=1)),
    ("no seed", lambda log: log.pop("seed")),
    ("a short seed", lambda log: log.update(seed="00" * 31)),
    ("another game", lambda log: log.update(game="skat")),
    ("a move of no seat", lambda log: log["moves"].append({"kind": "take"})),
    (
        "a card out of the pack",
        lambda log: log["moves"].append(
            {
                "seat": log["moves"][0]["seat"],
                "kind": "attack" if log["game"] == "durak" else "lead",
                "card": 99,
            }
        ),
    ),
]


@pytest.mark.parametrize(("label", "mutate"), MUTATIONS, ids=[m[0] for m in MUTATIONS])
def test_a_malformed_log_is_refused(label: str, mutate: Any) -> None:
    for name, log in logs(11)[:9]:
        if not log["moves"]:
            continue
        bad = copy.deepcopy(log)
        mutate(bad)
        assert not validator(name).is_valid(bad), (label, name)


def test_every_schema_is_in_the_docs() -> None:
    """docs/schemas.md has a section for each schema, the file itself shown in it (but for
    the two that embed the others), and docs/serving.md names each of the protocol's."""
    root = Path(__file__).resolve().parents[2]
    page = (root / "docs" / "schemas.md").read_text(encoding="utf-8")
    serving = (root / "docs" / "serving.md").read_text(encoding="utf-8")
    for name in schemas.names():
        assert f"\n### {name}\n" in page, name
        shown = f'--8<-- "python/trumpf/schemas/{name}.json"' in page
        assert shown or name in ("serve-server-message", "serve-log-answer"), name
        if name.startswith("serve-"):
            assert f"(schemas.md#{name})" in serving, name


def test_the_log_schemas_value_sets_are_the_engines() -> None:
    """The logs' seats, cards, suits, move kinds and rules table are the ones the views'
    schemas read from the engine."""
    from trumpf.schemas import _games

    for name in ("schnapsen-deal-log", "schnapsen-match-log"):
        defs = schemas.load(name)["$defs"]
        move = defs["move"]["properties"]
        assert move["seat"]["enum"] == _games.SCHNAPSEN_SEATS
        assert move["kind"]["enum"] == _games.SCHNAPSEN_MOVES
        assert move["suit"]["enum"] == _games.SUITS
        assert (move["card"]["minimum"], move["card"]["maximum"]) == (
            1,
            max(_games.SCHNAPSEN_CARDS),
        )
        engine = _games.rules_table()["properties"]
        assert list(defs["rules"]["properties"]) == list(engine)
        for key, rule in defs["rules"]["properties"].items():
            if "enum" in rule or key in HOUSE_RULES:
                assert rule == engine[key], key
        assert schemas.load(name)["properties"]["game"]["enum"] == _games.SCHNAPSEN_VARIANTS
    move = schemas.load("durak-game-log")["$defs"]["move"]["properties"]
    assert move["seat"]["enum"] == _games.DURAK_SEATS
    assert move["kind"]["enum"] == _games.DURAK_MOVES
    assert (move["card"]["minimum"], move["card"]["maximum"]) == (1, max(_games.DURAK_CARDS))
