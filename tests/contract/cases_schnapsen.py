"""The contract tables of trumpf.schnapsen against trumpf.reference.schnapsen.

Every case is a call written once as a function of the package ``m``. The
module functions come first (card, deck, trick, scoring, variant, search,
and solve, whose cases are in cases_solve), then the classes (Deal, Match,
Bot): constructors called by keyword and by position, every property and
per-seat method on positions reached by play, bad moves, replays, logs,
copies and pickles, and objects made by ``__new__``.
"""

from __future__ import annotations

import copy
import hashlib
import json
import pickle
from collections.abc import Iterator
from types import ModuleType
from typing import Any

import cases_expert
import cases_solve
import cases_world
from _contract import (
    DEAL_PROPS,
    DEAL_SEAT_METHODS,
    MATCH_PROPS,
    MATCH_SEAT_METHODS,
    OTHER_SEED,
    SEED,
    SEED_HEX,
    Case,
    IndexOnly,
    LyingDict,
    LyingInt,
    LyingList,
    LyingStr,
    RaisingDict,
    RaisingEq,
    RaisingIter,
    RaisingList,
    RaisingStr,
    case,
    err,
    hostile_ints,
    hostile_strs,
    ok,
)

from _surface import without_info

VARIANTS = ("schnapsen", "sixtysix")
BAD_VARIANTS: list[tuple[str, Any]] = [
    ("Schnapsen", "Schnapsen"),
    ("durak", "durak"),
    ("none", None),
    ("int", 1),
    ("bytes", b"schnapsen"),
    ("lying-str", LyingStr("nope")),
    ("raising-str", RaisingStr("schnapsen")),
]
BAD_SEEDS: list[tuple[str, Any]] = [
    ("31-bytes", b"A" * 31),
    ("33-bytes", b"A" * 33),
    ("str", "A" * 32),
    ("bytearray", bytearray(SEED)),
    ("memoryview", memoryview(SEED)),
    ("none", None),
    ("int", 7),
    ("hex-str", SEED_HEX),
]
SEATS = ("p1", "p2")


def play(
    m: ModuleType,
    variant: str = "schnapsen",
    plies: int = 0,
    seed: bytes = SEED,
    match: bool = False,
    dealer: str = "p1",
) -> Any:
    """A Deal (or Match) after ``plies`` moves of a fixed policy over ``legal``."""
    table: Any
    if match:
        table = m.Match.build(variant=variant, seed=seed, dealer=dealer)
    else:
        table = m.Deal.build(variant=variant, seed=seed, number=1, dealer=dealer)
    for ply in range(plies):
        if table.over:
            break
        seat = table.turn
        legal = table.legal(seat)
        table.apply(seat, legal[(ply * 7 + 3) % len(legal)])
    return table


# (label, variant, plies): a fresh deal, mid-talon, after a close or a
# marriage, phase 2 and finished deals, in both games.
POSITIONS = [
    ("s0", "schnapsen", 0),
    ("s5", "schnapsen", 5),
    ("s11", "schnapsen", 11),
    ("s40", "schnapsen", 40),
    ("x0", "sixtysix", 0),
    ("x6", "sixtysix", 6),
    ("x13", "sixtysix", 13),
    ("x60", "sixtysix", 60),
]
MATCH_POSITIONS = [("s0", "schnapsen", 0), ("s30", "schnapsen", 30), ("x45", "sixtysix", 45)]


def _card_cases() -> Iterator[Case]:
    for fn in ("rank_of", "suit_of", "power_of", "points_of", "name_of", "long_name_of"):
        api = f"card.{fn}"
        yield case(api, "all-ids", lambda m, fn=fn: [getattr(m.card, fn)(c) for c in range(1, 25)])
        for label, bad in [("0", 0), ("25", 25), ("-1", -1), *hostile_ints()]:
            yield case(api, label, lambda m, fn=fn, bad=bad: getattr(m.card, fn)(bad))
        yield case(api, "keyword", lambda m, fn=fn: getattr(m.card, fn)(id=3), arity=True)
    # The reference's long names are lower case (docs/rules/index.md, "Card names").
    yield case("card.long_name_of", "pin-1", lambda m: m.card.long_name_of(1), ok("ace of spades"))
    yield case(
        "card.long_name_of", "pin-14", lambda m: m.card.long_name_of(14), ok("ten of diamonds")
    )
    yield case(
        "card.long_name_of", "pin-24", lambda m: m.card.long_name_of(24), ok("nine of clubs")
    )
    yield case("card.name_of", "pin-14", lambda m: m.card.name_of(14), ok("TD"))
    api = "card.id_of"
    yield case(api, "round-trip", lambda m: [m.card.id_of(m.card.name_of(c)) for c in range(1, 25)])
    yield case(
        api, "lower", lambda m: [m.card.id_of(m.card.name_of(c).lower()) for c in range(1, 25)]
    )
    for name in ("TD", "td", "10D", "10d", "9s", "As", "LYING-AS", "RAISING-TD"):
        arg: Any = name
        if name == "LYING-AS":
            arg = LyingStr("AS")
        elif name == "RAISING-TD":
            arg = RaisingStr("TD")
        yield case(api, name, lambda m, arg=arg: m.card.id_of(arg))
    # A str that is not a card name: undef, "rather than dying".
    for name in (
        "xx",
        "",
        "10",
        " AS",
        "AS ",
        "1OS",
        "\ud800",
        "TDX",
        "T",
        "A S",
        "ÄS",
        "X" * 10**5,
    ):
        yield case(
            api, f"not-a-card-{name[:8]!r}", lambda m, name=name: m.card.id_of(name), ok(None)
        )
    for label, bad in [("int", 5), ("none", None), ("bytes", b"AS"), ("list", ["AS"])]:
        yield case(api, label, lambda m, bad=bad: m.card.id_of(bad), err("bad_card"))


def _other_cases() -> Iterator[Case]:
    yield case("other", "p1-p2", lambda m: [m.other("p1"), m.other("p2")])
    yield case("other", "lying-p1", lambda m: m.other(LyingStr("p1")))
    for label, bad in [("P1", "P1"), ("p3", "p3"), *hostile_strs()]:
        yield case("other", label, lambda m, bad=bad: m.other(bad), err("bad_seat"))


def _deck_cases() -> Iterator[Case]:
    for v in VARIANTS:
        yield case("deck.pack_for", v, lambda m, v=v: m.deck.pack_for(v))
        yield case("deck.order_for", v, lambda m, v=v: m.deck.order_for(v, SEED, 1))
        yield case(
            "deck.order_for",
            f"{v}-kw",
            lambda m, v=v: m.deck.order_for(variant=v, seed=SEED, number=2),
        )
        for dealer in SEATS:
            yield case(
                "deck.deal_for",
                f"{v}-{dealer}",
                lambda m, v=v, d=dealer: m.deck.deal_for(v, SEED, 3, d),
            )
    yield case(
        "deck.deal_for",
        "kw",
        lambda m: m.deck.deal_for(variant="sixtysix", seed=OTHER_SEED, number=1, dealer="p2"),
    )
    yield case("deck.deal_for", "no-dealer", lambda m: m.deck.deal_for("schnapsen", SEED, 1))
    for label, bad in BAD_VARIANTS:
        yield case("deck.pack_for", label, lambda m, bad=bad: m.deck.pack_for(bad))
        yield case(
            "deck.order_for", f"variant-{label}", lambda m, bad=bad: m.deck.order_for(bad, SEED, 1)
        )
    for label, bad in BAD_SEEDS:
        yield case(
            "deck.order_for",
            f"seed-{label}",
            lambda m, bad=bad: m.deck.order_for("schnapsen", bad, 1),
        )
        yield case(
            "deck.deal_for",
            f"seed-{label}",
            lambda m, bad=bad: m.deck.deal_for("sixtysix", bad, 1, "p1"),
        )
    for label, bad in [("0", 0), ("-1", -1), ("2**63-1", 2**63 - 1), *hostile_ints()]:
        yield case(
            "deck.order_for",
            f"number-{label}",
            lambda m, bad=bad: m.deck.order_for("schnapsen", SEED, bad),
        )
    for label, bad in [("P1", "P1"), *hostile_strs()]:
        yield case(
            "deck.deal_for",
            f"dealer-{label}",
            lambda m, bad=bad: m.deck.deal_for("schnapsen", SEED, 1, bad),
        )
    yield case("deck.pack_for", "no-args", lambda m: m.deck.pack_for(), arity=True)


HANDS: list[tuple[str, Any]] = [
    ("empty", []),
    ("tuple", (2, 8, 13)),
    ("one-suit", [1, 2, 3]),
    ("mixed", [2, 9, 14, 20, 24]),
]
BAD_HANDS: list[tuple[str, Any]] = [
    ("none", None),
    ("str", "AS"),
    ("generator", (c for c in [1, 2])),
    ("set", {1, 2}),
    ("zero", [0]),
    ("str-card", [1, "2"]),
    ("bool-card", [True]),
    ("lying-list", LyingList([1, 2])),
    ("raising-list", RaisingList([1, 2])),
    ("raising-iter", RaisingIter()),
    ("raising-eq-card", [RaisingEq(2), 4]),
    ("huge-card", [2**64]),
]
BAD_TRUMPS: list[tuple[str, Any]] = [("X", "X"), ("lower", "s"), ("SS", "SS"), *hostile_strs()]


def _trick_cases() -> Iterator[Case]:
    for trump in ("S", "H", "D", "C"):
        yield case(
            "trick.winner_of",
            f"all-{trump}",
            lambda m, t=trump: [
                m.trick.winner_of(a, b, t) for a in range(1, 25) for b in range(1, 25) if a != b
            ],
        )
    yield case(
        "trick.value_of",
        "all",
        lambda m: [m.trick.value_of(a, b) for a in range(1, 25) for b in range(1, 25)],
    )
    for label, bad in [("0", 0), *hostile_ints()]:
        yield case(
            "trick.winner_of", f"lead-{label}", lambda m, bad=bad: m.trick.winner_of(bad, 3, "S")
        )
        yield case("trick.value_of", f"follow-{label}", lambda m, bad=bad: m.trick.value_of(3, bad))
    for label, bad in BAD_TRUMPS:
        yield case(
            "trick.winner_of", f"trump-{label}", lambda m, bad=bad: m.trick.winner_of(1, 2, bad)
        )
        yield case(
            "trick.follow_band",
            f"trump-{label}",
            lambda m, bad=bad: m.trick.follow_band([1, 2], 3, bad, 2),
        )
        yield case(
            "trick.legal_follows",
            f"trump-{label}",
            lambda m, bad=bad: m.trick.legal_follows([1, 2], 3, bad, 2),
        )
    for fn in ("follow_band", "legal_follows"):
        api = f"trick.{fn}"
        for label, hand in HANDS:
            for lead in (3, 10, 21):
                for trump in ("S", "C"):
                    for phase in (1, 2):
                        yield case(
                            api,
                            f"{label}-{lead}-{trump}-{phase}",
                            lambda m, fn=fn, h=hand, ld=lead, t=trump, p=phase: getattr(
                                m.trick, fn
                            )(h, ld, t, p),
                        )
        for label, bad in BAD_HANDS:
            yield case(
                api, f"hand-{label}", lambda m, fn=fn, bad=bad: getattr(m.trick, fn)(bad, 3, "S", 2)
            )
        for label, bad in [("0", 0), ("3", 3), *hostile_ints()]:
            yield case(
                api,
                f"phase-{label}",
                lambda m, fn=fn, bad=bad: getattr(m.trick, fn)([1, 2], 3, "S", bad),
            )
            yield case(
                api,
                f"lead-{label}",
                lambda m, fn=fn, bad=bad: getattr(m.trick, fn)([4, 5], bad, "S", 2),
            )


def result_args(**over: Any) -> dict[str, Any]:
    """deal_result's keywords for a plain claim, with some replaced."""
    args: dict[str, Any] = {
        "variant": "schnapsen",
        "how": "claim",
        "by": "p1",
        "points": {"p1": 70, "p2": 20},
        "tricks": {"p1": 4, "p2": 2},
        "closed_by": None,
        "close_state": None,
        "last_trick": "p1",
    }
    args.update(over)
    return args


CLOSE_STATE = {"by": "p1", "p1": {"tricks": 2, "points": 40}, "p2": {"tricks": 1, "points": 12}}


def _scoring_cases() -> Iterator[Case]:
    yield case(
        (
            "scoring.TARGET_POINTS",
            "scoring.SCHNEIDER_AT",
            "scoring.LAST_TRICK_BONUS",
            "scoring.PENALTY",
            "scoring.PENALTY_SCHWARZ",
            "scoring.MARRIAGE_POINTS",
            "scoring.TRUMP_MARRIAGE_POINTS",
        ),
        "constants",
        lambda m: [
            m.scoring.TARGET_POINTS,
            m.scoring.SCHNEIDER_AT,
            m.scoring.LAST_TRICK_BONUS,
            m.scoring.PENALTY,
            m.scoring.PENALTY_SCHWARZ,
            m.scoring.MARRIAGE_POINTS,
            m.scoring.TRUMP_MARRIAGE_POINTS,
        ],
        ok([66, 33, 10, 2, 3, 20, 40]),
    )
    yield case(
        "scoring.scale",
        "table",
        lambda m: [m.scoring.scale(p, t) for p in range(0, 131) for t in range(0, 13)],
    )
    yield case(
        "scoring.scale",
        "seed-examples",
        lambda m: [m.scoring.scale(40, 3), m.scoring.scale(12, 2), m.scoring.scale(0, 0)],
        ok([1, 2, 3]),
    )
    for label, bad in [("-1", -1), *hostile_ints()]:
        yield case("scoring.scale", f"points-{label}", lambda m, bad=bad: m.scoring.scale(bad, 1))
        yield case("scoring.scale", f"tricks-{label}", lambda m, bad=bad: m.scoring.scale(40, bad))
    api = "scoring.deal_result"
    good: list[tuple[str, dict[str, Any]]] = [
        ("claim", {}),
        ("seed-example", {"points": {"p1": 68, "p2": 20}, "tricks": {"p1": 5, "p2": 2}}),
        ("false-claim", {"points": {"p1": 50, "p2": 20}}),
        ("false-claim-schwarz", {"points": {"p1": 50, "p2": 0}, "tricks": {"p1": 3, "p2": 0}}),
        (
            "x-false-claim",
            {"variant": "sixtysix", "points": {"p1": 50, "p2": 0}, "tricks": {"p1": 3, "p2": 0}},
        ),
        ("closed-out", {"closed_by": "p1", "close_state": CLOSE_STATE}),
        (
            "beat-closer",
            {
                "by": "p2",
                "points": {"p1": 30, "p2": 70},
                "closed_by": "p1",
                "close_state": CLOSE_STATE,
            },
        ),
        (
            "x-beat-closer",
            {
                "variant": "sixtysix",
                "by": "p2",
                "points": {"p1": 30, "p2": 70},
                "closed_by": "p1",
                "close_state": CLOSE_STATE,
            },
        ),
        (
            "failed-close",
            {"how": "exhausted", "by": None, "closed_by": "p1", "close_state": CLOSE_STATE},
        ),
        ("last-trick", {"how": "exhausted", "by": None, "last_trick": "p2"}),
        (
            "x-last-trick",
            {
                "variant": "sixtysix",
                "how": "exhausted",
                "by": None,
                "points": {"p1": 60, "p2": 60},
                "last_trick": "p2",
            },
        ),
        (
            "x-drawn",
            {
                "variant": "sixtysix",
                "how": "exhausted",
                "by": None,
                "points": {"p1": 55, "p2": 65},
                "last_trick": "p1",
            },
        ),
        ("big-points", {"points": {"p1": 65536 + 70, "p2": 20}}),
        ("big-tricks", {"tricks": {"p1": 65536 + 4, "p2": 2**31 - 1}}),
    ]
    for label, over in good:
        yield case(api, label, lambda m, over=over: m.scoring.deal_result(**result_args(**over)))
    # The points are never wrapped: 65606 stays 65606.
    yield case(
        api,
        "pin-no-wrap",
        lambda m: m.scoring.deal_result(**result_args(points={"p1": 65536 + 70, "p2": 20}))[
            "points"
        ],
        ok({"p1": 65606, "p2": 20}),
    )
    bad_args: list[tuple[str, dict[str, Any], str]] = [
        ("close-state-5", {"closed_by": "p1", "close_state": 5}, "bad_value"),
        ("close-state-5-unclosed", {"close_state": 5}, "bad_value"),
        ("close-state-missing", {"closed_by": "p1", "close_state": None}, "bad_value"),
        ("close-state-empty", {"closed_by": "p1", "close_state": {}}, "bad_value"),
        (
            "close-state-bad-seat",
            {"closed_by": "p1", "close_state": {"by": "p1", "p1": 5, "p2": {}}},
            "bad_value",
        ),
        ("close-state-raising", {"closed_by": "p1", "close_state": RaisingDict(CLOSE_STATE)}, "ok"),
        ("points-none", {"points": None}, "bad_value"),
        ("points-list", {"points": [70, 20]}, "bad_value"),
        ("points-missing", {"points": {"p1": 70}}, "bad_value"),
        ("points-extra", {"points": {"p1": 70, "p2": 20, "p3": 1}}, "bad_value"),
        ("points-int-keys", {"points": {1: 70, 2: 20}}, "bad_value"),
        ("points-negative", {"points": {"p1": 70, "p2": -1}}, "bad_value"),
        ("points-2**31", {"points": {"p1": 2**31, "p2": 20}}, "bad_value"),
        ("points-huge", {"points": {"p1": 10**30, "p2": 20}}, "bad_value"),
        ("points-float", {"points": {"p1": 70.0, "p2": 20}}, "bad_value"),
        ("points-bool", {"points": {"p1": True, "p2": 20}}, "bad_value"),
        ("points-lying", {"points": LyingDict({"p1": 70, "p2": 20})}, "ok"),
        ("points-raising", {"points": RaisingDict({"p1": 70, "p2": 20})}, "ok"),
        ("tricks-str", {"tricks": {"p1": "4", "p2": 2}}, "bad_value"),
        ("how-none", {"how": None}, "bad_how"),
        ("how-drawn", {"how": "drawn"}, "bad_how"),
        ("by-none-claim", {"by": None}, "bad_seat"),
        ("by-p3", {"by": "p3"}, "bad_seat"),
        ("closed-by-p3", {"closed_by": "p3", "close_state": CLOSE_STATE}, "bad_seat"),
        ("last-trick-p3", {"last_trick": "p3"}, "bad_seat"),
        ("exhausted-no-last", {"how": "exhausted", "by": None, "last_trick": None}, "bad_seat"),
        ("variant-bad", {"variant": "durak"}, "bad_variant"),
    ]
    for label, over, code in bad_args:
        expect = None if code == "ok" else err(code)
        yield case(
            api, label, lambda m, over=over: m.scoring.deal_result(**result_args(**over)), expect
        )
    yield case(
        api, "positional", lambda m: m.scoring.deal_result(*result_args().values()), arity=True
    )
    yield case(
        api,
        "missing-how",
        lambda m: m.scoring.deal_result(**{k: v for k, v in result_args().items() if k != "how"}),
        arity=True,
    )


# The full rules tables (the fifteen reference fields and the four house
# rules), as docs/api-contract.md spells them.
SCHNAPSEN: dict[str, Any] = {
    "name": "schnapsen",
    "deck_size": 20,
    "hand_size": 5,
    "exchange_rank": "J",
    "exchange_needs_trick": False,
    "marriage_after_close": True,
    "false_claim_schwarz": True,
    "beaten_closer_flat": False,
    "last_trick_rule": "one_point",
    "close_counts_tricks_at": "close",
    "close_before_draw": False,
    "exchange_on_close": False,
    "next_dealer": "alternate",
    "match_start": 7,
    "match_target": 0,
    "exchange_min_stock": 1,
    "close_min_stock": 1,
    "marriage_by_lead": False,
    "failed_close_pays": "reference",
}
SIXTYSIX: dict[str, Any] = {
    "name": "sixtysix",
    "deck_size": 24,
    "hand_size": 6,
    "exchange_rank": "9",
    "exchange_needs_trick": True,
    "marriage_after_close": False,
    "false_claim_schwarz": False,
    "beaten_closer_flat": True,
    "last_trick_rule": "ten_points",
    "close_counts_tricks_at": "end",
    "close_before_draw": True,
    "exchange_on_close": True,
    "next_dealer": "winner",
    "match_start": 0,
    "match_target": 7,
    "exchange_min_stock": 1,
    "close_min_stock": 1,
    "marriage_by_lead": False,
    "failed_close_pays": "reference",
}
TJGER: dict[str, Any] = dict(
    SCHNAPSEN,
    exchange_min_stock=3,
    close_min_stock=3,
    marriage_by_lead=True,
    failed_close_pays="closer_value",
)
TABLES = {"schnapsen": SCHNAPSEN, "sixtysix": SIXTYSIX, "schnapsen-tjger": TJGER}
BY_LEAD = dict(SCHNAPSEN, marriage_by_lead=True)
SIXTYSIX_12 = dict(SIXTYSIX, exchange_min_stock=12)
TJGER_RELAXED = dict(TJGER, marriage_by_lead=False)
GOOD_VARIANT_VALUES: list[tuple[str, Any, dict[str, Any]]] = [
    ("dict-name-only", {"name": "schnapsen"}, SCHNAPSEN),
    ("dict-full", SIXTYSIX, SIXTYSIX),
    ("dict-full-tjger", TJGER, TJGER),
    ("dict-partial", {"name": "schnapsen", "marriage_by_lead": True}, BY_LEAD),
    (
        "dict-own-field",
        {"name": "sixtysix", "deck_size": 24, "exchange_min_stock": 12},
        SIXTYSIX_12,
    ),
    ("dict-stock-top", {"name": "sixtysix", "exchange_min_stock": 12}, SIXTYSIX_12),
    ("lying-dict", LyingDict({"name": "schnapsen", "marriage_by_lead": True}), BY_LEAD),
    ("raising-dict", RaisingDict({"name": "schnapsen"}), SCHNAPSEN),
    ("raising-str-name", {"name": RaisingStr("schnapsen")}, SCHNAPSEN),
    ("lying-str-preset", LyingStr("schnapsen-tjger"), TJGER),
    ("raising-eq-stock", {"name": "sixtysix", "exchange_min_stock": RaisingEq(12)}, SIXTYSIX_12),
    ("lying-int-stock", {"name": "sixtysix", "exchange_min_stock": LyingInt(12)}, SIXTYSIX_12),
]
BAD_VARIANT_VALUES: list[tuple[str, Any]] = [
    ("dict-jokers", {"name": "schnapsen", "jokers": 2}),
    ("dict-deck-size", {"name": "schnapsen", "deck_size": 24}),
    ("dict-next-dealer", {"name": "sixtysix", "next_dealer": "alternate"}),
    ("dict-needs-trick-0", {"name": "schnapsen", "exchange_needs_trick": 0}),
    ("dict-stock-0", {"name": "schnapsen", "exchange_min_stock": 0}),
    ("dict-stock-11", {"name": "schnapsen", "exchange_min_stock": 11}),
    ("dict-stock-13", {"name": "sixtysix", "close_min_stock": 13}),
    ("dict-stock-true", {"name": "schnapsen", "exchange_min_stock": True}),
    ("dict-stock-float", {"name": "schnapsen", "exchange_min_stock": 3.0}),
    ("dict-stock-str", {"name": "schnapsen", "exchange_min_stock": "3"}),
    ("dict-stock-huge", {"name": "schnapsen", "close_min_stock": 10**30}),
    ("dict-stock-index-only", {"name": "schnapsen", "close_min_stock": IndexOnly()}),
    ("dict-by-lead-1", {"name": "schnapsen", "marriage_by_lead": 1}),
    ("dict-by-lead-str", {"name": "schnapsen", "marriage_by_lead": "yes"}),
    ("dict-pays-closer", {"name": "schnapsen", "failed_close_pays": "closer"}),
    ("dict-pays-none", {"name": "schnapsen", "failed_close_pays": None}),
    ("dict-no-name", {"marriage_by_lead": True}),
    ("dict-preset-name", {"name": "schnapsen-tjger"}),
    ("dict-name-bezique", {"name": "bezique"}),
    ("dict-name-lying", {"name": LyingStr("bezique")}),
    ("dict-int-key", {"name": "schnapsen", 1: 2}),
    ("dict-empty", {}),
    ("preset-upper", "Schnapsen-Tjger"),
    ("list", ["schnapsen"]),
]


def _variant_cases() -> Iterator[Case]:
    yield case(
        "variant.variants", "list", lambda m: m.variant.variants(), ok(["schnapsen", "sixtysix"])
    )
    for v in VARIANTS:
        yield case("variant.get", v, lambda m, v=v: m.variant.get(v))
    yield case("variant.get", "keyword", lambda m: m.variant.get(name="sixtysix"))
    for label, bad in BAD_VARIANTS:
        yield case("variant.get", label, lambda m, bad=bad: m.variant.get(bad))
    # The house rules: presets, dicts and custom, read by value.
    yield case("variant.presets", "list", lambda m: m.variant.presets(), ok(["schnapsen-tjger"]))
    for name, table in TABLES.items():
        yield case("variant.get", f"pin-{name}", lambda m, n=name: m.variant.get(n), ok(table))
    for label, value, table in GOOD_VARIANT_VALUES:
        yield case("variant.get", label, lambda m, v=value: m.variant.get(v), ok(table))
    for label, value in BAD_VARIANT_VALUES:
        yield case("variant.get", label, lambda m, v=value: m.variant.get(v), err("bad_variant"))
    api = "variant.custom"
    good: list[tuple[str, Any, dict[str, Any], dict[str, Any]]] = [
        ("schnapsen-nothing", "schnapsen", {}, SCHNAPSEN),
        ("schnapsen-by-lead", "schnapsen", {"marriage_by_lead": True}, BY_LEAD),
        ("sixtysix-stock-12", "sixtysix", {"exchange_min_stock": 12}, SIXTYSIX_12),
        ("preset-relaxed", "schnapsen-tjger", {"marriage_by_lead": False}, TJGER_RELAXED),
        ("dict-base", {"name": "sixtysix"}, {"exchange_min_stock": 12}, SIXTYSIX_12),
        ("same-name", "schnapsen", {"name": "schnapsen"}, SCHNAPSEN),
        ("raising-str-name", "schnapsen", {"name": RaisingStr("schnapsen")}, SCHNAPSEN),
        ("raising-eq-stock", "sixtysix", {"exchange_min_stock": RaisingEq(12)}, SIXTYSIX_12),
        ("lying-int-stock", "sixtysix", {"exchange_min_stock": LyingInt(12)}, SIXTYSIX_12),
    ]
    for label, base, fields, table in good:
        yield case(api, label, lambda m, b=base, f=fields: m.variant.custom(b, **f), ok(table))
    bad: list[tuple[str, Any, dict[str, Any]]] = [
        ("deck-size", "schnapsen", {"deck_size": 24}),
        ("jokers", "schnapsen", {"jokers": 2}),
        ("stock-0", "schnapsen", {"close_min_stock": 0}),
        ("stock-float", "schnapsen", {"close_min_stock": 3.0}),
        ("stock-bool", "schnapsen", {"exchange_min_stock": True}),
        ("stock-index-only", "schnapsen", {"exchange_min_stock": IndexOnly()}),
        ("by-lead-none", "sixtysix", {"marriage_by_lead": None}),
        ("by-lead-1", "sixtysix", {"marriage_by_lead": 1}),
        ("pays-closer", "schnapsen", {"failed_close_pays": "closer"}),
        ("other-name", "schnapsen", {"name": "sixtysix"}),
        ("lying-str-name", "schnapsen", {"name": LyingStr("sixtysix")}),
        ("base-skat", "skat", {"marriage_by_lead": True}),
        ("base-none", None, {}),
    ]
    for label, base, fields in bad:
        yield case(
            api, label, lambda m, b=base, f=fields: m.variant.custom(b, **f), err("bad_variant")
        )
    yield case(api, "no-base", lambda m: m.variant.custom(), arity=True)


def _search_cases() -> Iterator[Case]:
    for label, hand in [*HANDS[1:], ("all", list(range(1, 25)))]:
        for trump in ("S", "D"):
            yield case(
                "search.hand_strength",
                f"{label}-{trump}",
                lambda m, h=hand, t=trump: m.search.hand_strength(h, t),
            )
        yield case("search.cheapest", label, lambda m, h=hand: m.search.cheapest(h))
        yield case("search.dearest", label, lambda m, h=hand: m.search.dearest(h))
    yield case("search.hand_strength", "empty", lambda m: m.search.hand_strength([], "S"))
    for label, bad in [("empty", []), *BAD_HANDS]:
        yield case("search.cheapest", label, lambda m, bad=bad: m.search.cheapest(bad))
        yield case("search.dearest", label, lambda m, bad=bad: m.search.dearest(bad))
        if label != "empty":
            yield case(
                "search.hand_strength", label, lambda m, bad=bad: m.search.hand_strength(bad, "S")
            )
    for label, bad in BAD_TRUMPS:
        yield case(
            "search.hand_strength",
            f"trump-{label}",
            lambda m, bad=bad: m.search.hand_strength([1], bad),
        )
    for pos, variant, plies in POSITIONS:
        for seat in SEATS:
            at = f"{pos}-{seat}"
            yield case(
                "search.best_marriage",
                at,
                lambda m, v=variant, p=plies, s=seat: m.search.best_marriage(play(m, v, p), s),
            )
            yield case(
                "search.should_claim",
                at,
                lambda m, v=variant, p=plies, s=seat: m.search.should_claim(play(m, v, p), s),
            )
            yield case(
                "search.best_follow",
                at,
                lambda m, v=variant, p=plies, s=seat: m.search.best_follow(play(m, v, p), s),
            )
            for level in (1, 2):
                yield case(
                    "search.should_close",
                    f"{at}-{level}",
                    lambda m, v=variant, p=plies, s=seat, lv=level: m.search.should_close(
                        play(m, v, p), s, lv
                    ),
                )
                yield case(
                    "search.best_lead",
                    f"{at}-{level}",
                    lambda m, v=variant, p=plies, s=seat, lv=level: m.search.best_lead(
                        play(m, v, p), s, lv
                    ),
                )
    yield case(
        "search.best_lead",
        "match",
        lambda m: m.search.best_lead(play(m, "sixtysix", 30, match=True), "p1", 2),
    )
    for fn in ("best_marriage", "should_claim", "best_follow"):
        for label, bad in [("none", None), ("int", 5), ("dict", {}), ("bot", "BOT")]:
            yield case(
                f"search.{fn}",
                f"game-{label}",
                lambda m, fn=fn, bad=bad: getattr(m.search, fn)(
                    m.Bot() if bad == "BOT" else bad, "p1"
                ),
                err("bad_game"),
            )
        for label, bad in [("p3", "p3"), *hostile_strs()]:
            yield case(
                f"search.{fn}",
                f"seat-{label}",
                lambda m, fn=fn, bad=bad: getattr(m.search, fn)(play(m), bad),
            )
    for fn in ("should_close", "best_lead"):
        for label, bad in [("0", 0), *hostile_ints()]:
            yield case(
                f"search.{fn}",
                f"level-{label}",
                lambda m, fn=fn, bad=bad: getattr(m.search, fn)(play(m), "p2", bad),
            )
        yield case(
            f"search.{fn}",
            "game-none",
            lambda m, fn=fn: getattr(m.search, fn)(None, "p2", 1),
            err("bad_game"),
        )


def _build_cases() -> Iterator[Case]:
    api = "Deal.build"
    for v in VARIANTS:
        yield case(
            api, f"{v}-kw", lambda m, v=v: m.Deal.build(variant=v, seed=SEED, number=2, dealer="p2")
        )
        yield case(api, f"{v}-positional", lambda m, v=v: m.Deal.build(v, SEED, 2, "p2"))
    yield case(api, "defaults", lambda m: m.Deal.build(seed=SEED))
    yield case(api, "no-seed", lambda m: m.Deal.build(), err("no_seed"))
    yield case(api, "bad-keyword", lambda m: m.Deal.build(seed=SEED, colour="red"), arity=True)
    yield case(api, "too-many", lambda m: m.Deal.build("schnapsen", SEED, 1, "p1", 5), arity=True)
    for label, bad in BAD_VARIANTS:
        yield case(api, f"variant-{label}", lambda m, bad=bad: m.Deal.build(variant=bad, seed=SEED))
    for label, bad in BAD_SEEDS:
        yield case(api, f"seed-{label}", lambda m, bad=bad: m.Deal.build(seed=bad), err("no_seed"))
    for label, bad in [("0", 0), ("-1", -1), ("2**63-1", 2**63 - 1), *hostile_ints()]:
        yield case(api, f"number-{label}", lambda m, bad=bad: m.Deal.build(seed=SEED, number=bad))
    for label, bad in [("P1", "P1"), *hostile_strs()]:
        yield case(api, f"dealer-{label}", lambda m, bad=bad: m.Deal.build(seed=SEED, dealer=bad))
    api = "Match.build"
    for v in VARIANTS:
        yield case(api, f"{v}-kw", lambda m, v=v: m.Match.build(variant=v, seed=SEED, dealer="p2"))
        yield case(api, f"{v}-positional", lambda m, v=v: m.Match.build(v, SEED, "p2"))
    yield case(api, "no-seed", lambda m: m.Match.build(), err("no_seed"))
    yield case(api, "bad-keyword", lambda m: m.Match.build(seed=SEED, number=1), arity=True)
    for label, bad in BAD_VARIANTS[:3]:
        yield case(
            api, f"variant-{label}", lambda m, bad=bad: m.Match.build(variant=bad, seed=SEED)
        )
    for label, bad in BAD_SEEDS:
        yield case(api, f"seed-{label}", lambda m, bad=bad: m.Match.build(seed=bad), err("no_seed"))
    for label, bad in [("P1", "P1"), *hostile_strs()]:
        yield case(api, f"dealer-{label}", lambda m, bad=bad: m.Match.build(seed=SEED, dealer=bad))
    yield case(
        "Match.variants", "list", lambda m: m.Match.variants(), ok(["schnapsen", "sixtysix"])
    )
    yield case("Deal", "direct", lambda m: m.Deal(), arity=True)
    yield case("Match", "direct", lambda m: m.Match(), arity=True)


def _state_cases() -> Iterator[Case]:
    for pos, variant, plies in POSITIONS:
        yield case(
            tuple(f"Deal.{p}" for p in DEAL_PROPS),
            pos,
            lambda m, v=variant, p=plies: {
                name: getattr(play(m, v, p), name) for name in DEAL_PROPS
            },
        )
        for seat in SEATS:
            for meth in without_info(DEAL_SEAT_METHODS):
                yield case(
                    f"Deal.{meth}",
                    f"{pos}-{seat}",
                    lambda m, v=variant, p=plies, s=seat, meth=meth: getattr(play(m, v, p), meth)(
                        s
                    ),
                )
        yield case("Deal.copy", pos, lambda m, v=variant, p=plies: _copy_plays_on(m, play(m, v, p)))
        yield case("Deal.to_log", pos, lambda m, v=variant, p=plies: play(m, v, p).to_log())
    for pos, variant, plies in MATCH_POSITIONS:
        yield case(
            tuple(f"Match.{p}" for p in MATCH_PROPS),
            pos,
            lambda m, v=variant, p=plies: {
                name: getattr(play(m, v, p, match=True), name) for name in MATCH_PROPS
            },
        )
        yield case("Match.deal", pos, lambda m, v=variant, p=plies: play(m, v, p, match=True).deal)
        for seat in SEATS:
            for meth in without_info(MATCH_SEAT_METHODS):
                yield case(
                    f"Match.{meth}",
                    f"{pos}-{seat}",
                    lambda m, v=variant, p=plies, s=seat, meth=meth: getattr(
                        play(m, v, p, match=True), meth
                    )(s),
                )
        yield case(
            "Match.copy",
            pos,
            lambda m, v=variant, p=plies: _copy_plays_on(m, play(m, v, p, match=True)),
        )
        yield case(
            "Match.to_log", pos, lambda m, v=variant, p=plies: play(m, v, p, match=True).to_log()
        )
    for cls, methods in (("Deal", DEAL_SEAT_METHODS), ("Match", MATCH_SEAT_METHODS)):
        for meth in without_info(methods):
            for label, bad in [("P1", "P1"), ("lying", LyingStr("zz")), *hostile_strs()]:
                yield case(
                    f"{cls}.{meth}",
                    f"seat-{label}",
                    lambda m, cls=cls, meth=meth, bad=bad: getattr(
                        play(m, "sixtysix", 3, match=cls == "Match"), meth
                    )(bad),
                    err("bad_seat"),
                )
            yield case(
                f"{cls}.{meth}",
                "raising-str-p1",
                lambda m, cls=cls, meth=meth: getattr(
                    play(m, "sixtysix", 3, match=cls == "Match"), meth
                )(RaisingStr("p1")),
            )


def _copy_plays_on(m: ModuleType, table: Any) -> list[Any]:
    """copy(), copy.copy and deepcopy: equal now, independent, and playing on alike."""
    out: list[Any] = []
    for twin in (table.copy(), copy.copy(table), copy.deepcopy(table)):
        out.append(twin is table)
        if not twin.over:
            seat = twin.turn
            twin.apply(seat, twin.legal(seat)[0])
        out.append(twin)
    out.append(table)
    return out


def _pickle_cases() -> Iterator[Case]:
    for proto in range(pickle.HIGHEST_PROTOCOL + 1):
        for label, variant, plies, match in [
            ("deal", "sixtysix", 13, False),
            ("match", "schnapsen", 30, True),
        ]:
            yield case(
                ("Match" if match else "Deal",),
                f"pickle-{label}-{proto}",
                lambda m, v=variant, p=plies, mt=match, proto=proto: _copy_plays_on(
                    m, pickle.loads(pickle.dumps(play(m, v, p, match=mt), protocol=proto))
                ),
            )
        yield case(
            "Bot",
            f"pickle-{proto}",
            lambda m, proto=proto: pickle.loads(
                pickle.dumps(m.Bot(level=2, seed="s"), protocol=proto)
            ),
        )


MOVES: list[tuple[str, Any, Any]] = [
    ("kind-launch", "TURN", {"kind": "launch", "card": 1}),
    ("no-kind", "TURN", {"card": 1}),
    ("empty", "TURN", {}),
    ("none", "TURN", None),
    ("str", "TURN", "lead"),
    ("list", "TURN", [("kind", "lead")]),
    ("kind-none", "TURN", {"kind": None}),
    ("kind-bytes", "TURN", {"kind": b"lead", "card": 1}),
    ("kind-upper", "TURN", {"kind": "LEAD", "card": 1}),
    ("lead-no-card", "TURN", {"kind": "lead"}),
    ("lead-0", "TURN", {"kind": "lead", "card": 0}),
    ("lead-huge", "TURN", {"kind": "lead", "card": 2**64}),
    ("lead-neg-huge", "TURN", {"kind": "lead", "card": -(2**70)}),
    ("lead-str", "TURN", {"kind": "lead", "card": "7"}),
    ("lead-float", "TURN", {"kind": "lead", "card": 7.0}),
    ("lead-bool", "TURN", {"kind": "lead", "card": True}),
    ("lead-raising-eq", "TURN", {"kind": "lead", "card": RaisingEq(3)}),
    ("lead-not-held", "TURN", {"kind": "lead", "card": 24}),
    ("marriage-X", "TURN", {"kind": "marriage", "suit": "X"}),
    ("marriage-none", "TURN", {"kind": "marriage"}),
    ("marriage-raising", "TURN", {"kind": "marriage", "suit": RaisingStr("H")}),
    ("follow", "TURN", {"kind": "follow", "card": 1}),
    ("draw", "TURN", {"kind": "draw"}),
    ("claim", "TURN", {"kind": "claim"}),
    ("exchange", "TURN", {"kind": "exchange"}),
    ("close", "TURN", {"kind": "close"}),
    ("lying-dict", "TURN", LyingDict({"kind": "lead", "card": "LEGAL"})),
    ("raising-dict", "TURN", RaisingDict({"kind": "lead", "card": 1})),
    ("extra-key", "TURN", {"kind": "lead", "card": "LEGAL", "extra": [1]}),
    ("seat-other", "OTHER", {"kind": "lead", "card": 1}),
    ("seat-P1", "P1", {"kind": "lead", "card": 1}),
    ("seat-none", None, {"kind": "lead", "card": 1}),
    ("seat-1", 1, {"kind": "lead", "card": 1}),
    ("seat-lying", LyingStr("zz"), {"kind": "lead", "card": 1}),
    ("seat-raising", RaisingStr("p2"), {"kind": "lead", "card": "LEGAL"}),
]


def _move_for(table: Any, seat: Any, move: Any) -> tuple[Any, Any]:
    turn = table.turn
    if type(seat) is str and seat == "TURN":
        seat = turn
    elif type(seat) is str and seat == "OTHER":
        seat = "p1" if turn == "p2" else "p2"
    if type(move) is dict and type(move.get("card")) is str and move["card"] == "LEGAL":
        legal = [x for x in table.legal(turn) if "card" in x]
        if legal:
            dict.__setitem__(move, "card", legal[0]["card"])
    return seat, move


def _apply_then_state(
    m: ModuleType, variant: str, plies: int, seat: Any, move: Any, match: bool
) -> Any:
    """The events, or the refusal and the state left behind it."""
    table = play(m, variant, plies, match=match)
    seat, move = _move_for(table, seat, dict(move) if type(move) is dict else move)
    try:
        return table.apply(seat, move)
    except m.Error as refusal:
        return [refusal.code, table]


def _apply_cases() -> Iterator[Case]:
    for pos, variant, plies in [
        ("s0", "schnapsen", 0),
        ("s5", "schnapsen", 5),
        ("x6", "sixtysix", 6),
        ("s40", "schnapsen", 40),
    ]:
        for label, seat, move in MOVES:
            yield case(
                "Deal.apply",
                f"{pos}-{label}",
                lambda m, v=variant, p=plies, s=seat, mv=move: _apply_then_state(
                    m, v, p, s, mv, False
                ),
            )
    for label, seat, move in MOVES[:12]:
        yield case(
            "Match.apply",
            label,
            lambda m, s=seat, mv=move: _apply_then_state(m, "sixtysix", 5, s, mv, True),
        )
    yield case(
        "Match.apply",
        "over",
        lambda m: _apply_then_state(m, "schnapsen", 500, "TURN", {"kind": "claim"}, True),
    )
    yield case("Deal.apply", "missing-move", lambda m: play(m).apply("p2"), arity=True)


def _history(m: ModuleType, variant: str, plies: int, match: bool = False) -> list[Any]:
    return list(play(m, variant, plies, match=match).history)


def _replay_cases() -> Iterator[Case]:
    for cls, key in (("Deal", "deal"), ("Match", "match")):
        api = f"{cls}.replay"
        is_match = cls == "Match"
        for v, plies in (("schnapsen", 40), ("sixtysix", 60)):
            yield case(
                api,
                f"{v}-list",
                lambda m, cls=cls, v=v, p=plies, mt=is_match: getattr(m, cls).replay(
                    variant=v, seed=SEED, moves=getattr(m, cls).moves_of(_history(m, v, p, mt))
                ),
            )
            yield case(
                api,
                f"{v}-tuple",
                lambda m, cls=cls, v=v, p=plies, mt=is_match: getattr(m, cls).replay(
                    variant=v,
                    seed=SEED,
                    moves=tuple(getattr(m, cls).moves_of(_history(m, v, p, mt))),
                ),
            )
        shapes: list[tuple[str, Any]] = [
            ("generator", "GEN"),
            ("str-ab", "ab"),
            ("str-empty", ""),
            ("bytes", b"ab"),
            ("dict", {"seat": "p2", "kind": "lead", "card": 1}),
            ("dict-empty", {}),
            ("none", None),
            ("int", 5),
            ("set", set()),
            ("raising-list", RaisingList([{"seat": "p2"}])),
            ("lying-list", LyingList([])),
            ("raising-iter", RaisingIter()),
            ("bad-seat", [{"seat": "p3", "kind": "lead", "card": 1}]),
            ("bad-kind", [{"seat": "p2", "kind": "fly"}]),
            ("bad-card", [{"seat": "p2", "kind": "lead", "card": 99}]),
            ("str-move", ["ab"]),
            ("none-move", [None]),
            ("no-seat", [{"kind": "lead", "card": 1}]),
            ("lying-dict", [LyingDict({"seat": "p2", "kind": "lead"})]),
            ("second-bad", "SECOND-BAD"),
        ]
        for label, moves in shapes:

            def call(m: ModuleType, cls: str = cls, moves: Any = moves, mt: bool = is_match) -> Any:
                if moves == "GEN":
                    moves = (x for x in getattr(m, cls).moves_of(_history(m, "schnapsen", 6, mt)))
                elif moves == "SECOND-BAD":
                    moves = [
                        *getattr(m, cls).moves_of(_history(m, "schnapsen", 1, mt)),
                        {"seat": "p1", "kind": "lead", "card": 0},
                    ]
                return getattr(m, cls).replay(variant="schnapsen", seed=SEED, moves=moves)

            yield case(api, label, call)
        yield case(api, "no-moves", lambda m, cls=cls: getattr(m, cls).replay(seed=SEED))
        yield case(
            api,
            "positional",
            lambda m, cls=cls: getattr(m, cls).replay("schnapsen", SEED),
            arity=True,
        )
        yield case(
            api,
            "bad-seed",
            lambda m, cls=cls: getattr(m, cls).replay(seed=b"x", moves=[]),
            err("no_seed"),
        )
        del key


HISTORY_EVENTS: list[tuple[str, Any]] = [
    ("lead-no-card", [{"kind": "lead", "seat": "p1"}]),
    ("lead-no-seat", [{"kind": "lead", "card": 3}]),
    ("lead-bad-seat", [{"kind": "lead", "seat": "p9", "card": 3}]),
    ("lead-str-card", [{"kind": "lead", "seat": "p1", "card": "3"}]),
    ("lead-card-0", [{"kind": "lead", "seat": "p1", "card": 0}]),
    ("marriage-no-suit", [{"kind": "marriage", "seat": "p1", "value": 20}]),
    ("marriage-bad-suit", [{"kind": "marriage", "seat": "p1", "suit": "X", "value": 20}]),
    ("close-no-seat", [{"kind": "close"}]),
    ("no-kind", [{"seat": "p1"}]),
    ("kind-int", [{"kind": 3}]),
    ("unknown-kind", [{"kind": "teleport", "seat": "p1"}]),
    ("not-a-dict", ["lead"]),
    ("none-event", [None]),
    ("lying-dict", [LyingDict({"kind": "claim", "seat": "p1"})]),
    ("raising-dict", [RaisingDict({"kind": "claim", "seat": "p1"})]),
    ("history-none", None),
    ("history-str", "lead"),
    ("history-dict", {"kind": "claim", "seat": "p1"}),
    ("history-generator", "GEN"),
    ("history-raising", RaisingList([{"kind": "claim", "seat": "p1"}])),
    (
        "good-consequences",
        [
            {"kind": "trick", "winner": "p1"},
            {"kind": "deal_end"},
            {"kind": "deal"},
            {"kind": "game_end"},
        ],
    ),
    (
        "auto-exchange",
        [
            {"kind": "close", "seat": "p1"},
            {"kind": "exchange", "seat": "p2"},
            {"kind": "exchange", "seat": "p1"},
        ],
    ),
]


def _moves_of_cases() -> Iterator[Case]:
    for cls in ("Deal", "Match"):
        api = f"{cls}.moves_of"
        for pos, variant, plies in POSITIONS:
            yield case(
                api,
                pos,
                lambda m, cls=cls, v=variant, p=plies: getattr(m, cls).moves_of(
                    _history(m, v, p, cls == "Match")
                ),
            )
        for label, history in HISTORY_EVENTS:

            def call(m: ModuleType, cls: str = cls, history: Any = history) -> Any:
                if history == "GEN":
                    history = (e for e in _history(m, "schnapsen", 5))
                return getattr(m, cls).moves_of(history)

            yield case(api, label, call)
        yield case(
            api,
            "tuple",
            lambda m, cls=cls: getattr(m, cls).moves_of(tuple(_history(m, "sixtysix", 20))),
        )
    # A lead event without a card is not a history trumpf wrote.
    yield case(
        "Deal.moves_of",
        "pin-lead-no-card",
        lambda m: m.Deal.moves_of([{"kind": "lead", "seat": "p1"}]),
        err("bad_history"),
    )


def deal_log(**over: Any) -> dict[str, Any]:
    """A deal log as to_log writes it, with some keys replaced (None drops one)."""
    log: dict[str, Any] = {
        "game": "schnapsen",
        "kind": "deal",
        "seed": SEED_HEX,
        "number": 1,
        "dealer": "p1",
        "moves": [{"seat": "p2", "kind": "lead", "card": 20}],
    }
    for key, value in over.items():
        if value is DROP:
            log.pop(key)
        else:
            log[key] = value
    return log


DROP = object()


def _log_cases() -> Iterator[Case]:
    api = "Deal.from_log"
    yield case(api, "dict", lambda m: m.Deal.from_log(deal_log()))
    yield case(api, "json", lambda m: m.Deal.from_log(json.dumps(deal_log())))
    yield case(api, "bytes", lambda m: m.Deal.from_log(json.dumps(deal_log()).encode()))
    yield case(
        api, "bytearray", lambda m: m.Deal.from_log(bytearray(json.dumps(deal_log()).encode()))
    )
    yield case(
        api,
        "round-trip",
        lambda m: [m.Deal.from_log(play(m, v, p).to_log()) for _, v, p in POSITIONS],
    )
    yield case(api, "keyword", lambda m: m.Deal.from_log(log=deal_log()))
    yield case(
        api,
        "match-log",
        lambda m: m.Deal.from_log(play(m, "schnapsen", 10, match=True).to_log()),
        err("bad_log"),
    )
    yield case(
        "Match.from_log",
        "deal-log",
        lambda m: m.Match.from_log(play(m, "schnapsen", 10).to_log()),
        err("bad_log"),
    )
    yield case(
        "Match.from_log",
        "round-trip",
        lambda m: [
            m.Match.from_log(json.dumps(play(m, v, p, match=True).to_log()))
            for _, v, p in MATCH_POSITIONS
        ],
    )
    bad_text: list[tuple[str, Any]] = [
        ("not-json", "not json"),
        ("empty-str", ""),
        ("json-list", "[1, 2]"),
        ("json-null", "null"),
        ("json-str", '"deal"'),
        ("non-utf8", b"\xff\xfe{}"),
        ("deep", "[" * 100_000 + "]" * 100_000),
        ("deep-dict", '{"a":' * 50_000 + "1" + "}" * 50_000),
        ("huge-number", json.dumps(deal_log())[:-1] + ', "x": ' + "9" * 5001 + "}"),
        ("nan", json.dumps(deal_log(number=float("nan")))),
        ("surrogate", '{"game": "\\ud800"}'),
        ("none", None),
        ("int", 5),
        ("list", [deal_log()]),
        ("lying-dict", LyingDict(deal_log())),
        ("raising-dict", RaisingDict(deal_log())),
    ]
    # Anything unreadable is bad_log: not JSON, not UTF-8 (UTF-16 is not
    # guessed), too deep, a number too long to read, not an object.
    bad_text += [
        ("utf16", json.dumps(deal_log()).encode("utf-16")),
        ("utf16-bytearray", bytearray(json.dumps(deal_log()).encode("utf-16-le"))),
        ("latin1", json.dumps(deal_log(dealer="\xe9"), ensure_ascii=False).encode("latin-1")),
        (
            "huge-number-bytes",
            (json.dumps(deal_log())[:-1] + ', "x": ' + "9" * 5001 + "}").encode(),
        ),
    ]
    unreadable = {"nan", "lying-dict", "raising-dict"}
    for label, log in bad_text:
        expect = None if label in unreadable else err("bad_log")
        yield case(api, label, lambda m, log=log: m.Deal.from_log(log), expect)
        yield case("Match.from_log", label, lambda m, log=log: m.Match.from_log(log), expect)
    fields: list[tuple[str, dict[str, Any]]] = [
        ("no-game", {"game": DROP}),
        ("no-kind", {"kind": DROP}),
        ("no-seed", {"seed": DROP}),
        ("no-number", {"number": DROP}),
        ("no-dealer", {"dealer": DROP}),
        ("no-moves", {"moves": DROP}),
        ("extra-key", {"colour": "red"}),
        ("game-durak", {"game": "durak"}),
        ("game-int", {"game": 5}),
        ("game-upper", {"game": "SCHNAPSEN"}),
        ("game-sixtysix", {"game": "sixtysix", "moves": []}),
        ("kind-match", {"kind": "match"}),
        ("kind-none", {"kind": None}),
        ("seed-bad-hex", {"seed": "zz" * 32}),
        ("seed-short", {"seed": "41" * 31}),
        ("seed-upper", {"seed": SEED_HEX.upper()}),
        ("seed-bytes", {"seed": SEED}),
        ("seed-int", {"seed": 5}),
        ("seed-none", {"seed": None}),
        ("seed-spaces", {"seed": " " + SEED_HEX}),
        ("seed-surrogate", {"seed": "\ud800" * 64}),
        ("number-str", {"number": "1"}),
        ("number-0", {"number": 0}),
        ("number-float", {"number": 1.0}),
        ("number-bool", {"number": True}),
        ("number-huge", {"number": 10**5000}),
        ("number-2**63", {"number": 2**63}),
        ("dealer-p3", {"dealer": "p3"}),
        ("dealer-none", {"dealer": None}),
        ("moves-none", {"moves": None}),
        ("moves-str", {"moves": "ab"}),
        ("moves-dict", {"moves": {}}),
        ("moves-bad", {"moves": [{"seat": "p2", "kind": "lead", "card": 99}]}),
        ("moves-deep", {"moves": [[[[[]]]]]}),
    ]
    # The "rules" a log may carry: optional, else a table
    # variant.get accepts that names the log's own game (docs/api-contract.md).
    fields += [
        ("rules-full", {"rules": SCHNAPSEN}),
        ("rules-name-only", {"rules": {"name": "schnapsen"}}),
        ("rules-partial-house", {"rules": {"name": "schnapsen", "close_min_stock": 2}}),
        ("rules-tjger", {"rules": TJGER}),
        ("rules-lying-dict", {"rules": LyingDict({"name": "schnapsen"})}),
        ("rules-null", {"rules": None}),
        ("rules-preset-name", {"rules": "schnapsen-tjger"}),
        ("rules-game-name", {"rules": "schnapsen"}),
        ("rules-list", {"rules": []}),
        ("rules-other-game", {"rules": SIXTYSIX}),
        ("rules-other-game-sixtysix", {"game": "sixtysix", "moves": [], "rules": SCHNAPSEN}),
        ("rules-no-name", {"rules": {"marriage_by_lead": True}}),
        ("rules-extra-field", {"rules": dict(SCHNAPSEN, jokers=2)}),
        ("rules-bad-value", {"rules": dict(SCHNAPSEN, close_min_stock=0)}),
        ("rules-not-house", {"rules": dict(SCHNAPSEN, deck_size=24)}),
        ("rules-float", {"rules": dict(SCHNAPSEN, exchange_min_stock=1.0)}),
    ]
    codes = {
        "no-game": "bad_log",
        "no-kind": "bad_log",
        "no-seed": "bad_log",
        "no-number": "bad_log",
        "no-dealer": "bad_log",
        "no-moves": "bad_log",
        "extra-key": "bad_log",
        "game-durak": "bad_log",
        "game-int": "bad_log",
        "game-upper": "bad_log",
        "kind-match": "bad_log",
        "kind-none": "bad_log",
        "seed-bad-hex": "no_seed",
        "seed-short": "no_seed",
        "seed-bytes": "no_seed",
        "seed-int": "no_seed",
        "seed-none": "no_seed",
        "seed-spaces": "no_seed",
        "seed-surrogate": "no_seed",
        "number-str": "bad_deal",
        "number-0": "bad_deal",
        "number-float": "bad_deal",
        "number-bool": "bad_deal",
        "dealer-p3": "bad_seat",
        "moves-none": "not_legal",
        "moves-str": "not_legal",
        "moves-dict": "not_legal",
        **{label: "bad_log" for label, _ in fields[-11:]},
    }
    for label, over in fields:
        expect = err(codes[label]) if label in codes else None
        yield case(api, label, lambda m, over=over: m.Deal.from_log(deal_log(**over)), expect)
        match_over = {
            "kind": "match",
            "number": DROP,
            **{k: v for k, v in over.items() if k != "number"},
        }
        # The match twin of a deal log with a bad number or kind "match" is good.
        match_expect = None if "number" in label or label == "kind-match" else expect
        yield case(
            "Match.from_log",
            label,
            lambda m, over=match_over: m.Match.from_log(deal_log(**over)),
            match_expect,
        )
    yield case(api, "pin-not-json", lambda m: m.Deal.from_log("not json"), err("bad_log"))
    # A log without "rules" (as the reference writes it) replays by the reference.
    yield case(
        api,
        "pin-old-log-rules",
        lambda m: m.Deal.from_log(deal_log()).to_log()["rules"],
        ok(SCHNAPSEN),
    )
    yield case(
        "Deal.to_log",
        "pin-keys",
        lambda m: list(play(m, "sixtysix", 5).to_log()),
        ok(["game", "kind", "seed", "number", "dealer", "rules", "moves"]),
    )
    yield case(
        "Match.to_log",
        "pin-keys",
        lambda m: list(play(m, "schnapsen", 30, match=True, dealer="p2").to_log()),
        ok(["game", "kind", "seed", "dealer", "rules", "moves"]),
    )
    yield case(
        "Match.to_log",
        "pin-first-dealer",
        lambda m: [
            (t.first_dealer, t.dealer, t.to_log()["dealer"])
            for t in (play(m, "schnapsen", 30, match=True, dealer="p2"),)
        ],
        ok([("p2", "p1", "p2")]),
    )


BOT_LEVELS: list[tuple[str, Any]] = [
    ("1", 1),
    ("2", 2),
    ("3", 3),
    ("0", 0),
    ("-5", -5),
    ("2.0", 2.0),
    ("true", True),
    ("str-2", "2"),
    ("10**30", 10**30),
    ("-10**30", -(10**30)),
    ("none", None),
    ("lying-int", "LYING"),
    ("raising-eq", "RAISING"),
]


def _level(value: Any) -> Any:
    if value == "LYING":
        from _contract import LyingInt

        return LyingInt(2)
    if value == "RAISING":
        return RaisingEq(2)
    return value


def _bot_cases() -> Iterator[Case]:
    for label, level in BOT_LEVELS:
        yield case(
            ("Bot", "Bot.level"),
            f"level-{label}",
            lambda m, lv=level: m.Bot(level=_level(lv)).level,
        )
        yield case("Bot.level_for", label, lambda m, lv=level: m.Bot.level_for(_level(lv)))
    yield case(
        "Bot.level_for",
        "ladder",
        lambda m: [m.Bot.level_for(n) for n in range(1, 6)],
        ok([1, 1, 2, 2, 2]),
    )
    yield case(("Bot", "Bot.level"), "positional", lambda m: m.Bot(2).level)
    yield case(
        ("Bot", "Bot.seed"),
        "seed",
        lambda m: [m.Bot().seed, m.Bot(seed="x").seed, m.Bot(1, b"y").seed],
    )
    yield case("Bot", "bad-keyword", lambda m: m.Bot(levle=2), arity=True)
    for pos, variant, plies in POSITIONS:
        for level in (1, 2):
            for seat in SEATS:
                yield case(
                    "Bot.choose",
                    f"{pos}-{level}-{seat}",
                    lambda m, v=variant, p=plies, lv=level, s=seat: m.Bot(level=lv).choose(
                        play(m, v, p), s
                    ),
                )
    for pos, variant, plies in MATCH_POSITIONS:
        yield case(
            "Bot.choose",
            f"match-{pos}",
            lambda m, v=variant, p=plies: m.Bot(level=2).choose(play(m, v, p, match=True), "p1"),
        )
    yield case("Bot.choose", "bots-play-a-match", lambda m: _bots_play(m))
    for label, bad in [("none", None), ("dict", {}), ("int", 3)]:
        yield case(
            "Bot.choose",
            f"game-{label}",
            lambda m, bad=bad: m.Bot().choose(bad, "p1"),
            err("bad_game"),
        )
    for label, bad in [("p3", "p3"), *hostile_strs()]:
        yield case("Bot.choose", f"seat-{label}", lambda m, bad=bad: m.Bot().choose(play(m), bad))


def _bots_play(m: ModuleType) -> Any:
    match = m.Match.build(variant="sixtysix", seed=OTHER_SEED)
    bots = {"p1": m.Bot(level=1), "p2": m.Bot(level=2)}
    while not match.over:
        seat = match.turn
        match.apply(seat, bots[seat].choose(match, seat))
    return match


# Every public property and method of a class, called on an object made by
# __new__ without build: each refuses with Error, never crashes.
DEAL_CALLS = [*DEAL_PROPS, *DEAL_SEAT_METHODS, "apply", "copy", "to_log"]
MATCH_CALLS = [*MATCH_PROPS, *MATCH_SEAT_METHODS, "apply", "copy", "to_log"]


def _call_member(obj: Any, name: str, seat: Any) -> Any:
    if name in ("apply",):
        return getattr(obj, name)(seat, {"kind": "claim"})
    if name in ("copy", "to_log"):
        return getattr(obj, name)()
    member = getattr(type(obj), name)
    if isinstance(member, property) or not callable(member):
        return getattr(obj, name)
    return getattr(obj, name)(seat)


def _bare_cases() -> Iterator[Case]:
    for cls, names in (("Deal", DEAL_CALLS), ("Match", MATCH_CALLS)):
        for name in names:
            yield case(
                f"{cls}.{name}",
                "bare",
                lambda m, cls=cls, name=name: _call_member(
                    getattr(m, cls).__new__(getattr(m, cls)), name, "p1"
                ),
                err("not_built"),
            )
    for name in ("level", "seed"):
        yield case(
            f"Bot.{name}",
            "bare",
            lambda m, name=name: getattr(m.Bot.__new__(m.Bot), name),
            err("not_built"),
        )
    yield case(
        "Bot.choose", "bare", lambda m: m.Bot.__new__(m.Bot).choose(play(m), "p2"), err("not_built")
    )


# A seed whose first deal under the preset offers the non-dealer a marriage
# on its first lead (the trump marriage in diamonds, king 15, queen 16).
MARRIAGE_SEED = hashlib.sha256(b"tjger-2").digest()
HOUSE_VALUES: list[tuple[str, Any]] = [
    ("preset", "schnapsen-tjger"),
    ("dict-by-lead", {"name": "schnapsen", "marriage_by_lead": True}),
    ("dict-sixtysix", {"name": "sixtysix", "exchange_min_stock": 5, "close_min_stock": 4}),
]
# (label, variant, plies): house-rule deals at the start, mid-talon and over.
HOUSE_POSITIONS: list[tuple[str, Any, int]] = [
    ("t0", "schnapsen-tjger", 0),
    ("t7", "schnapsen-tjger", 7),
    ("t40", "schnapsen-tjger", 40),
    ("h9", HOUSE_VALUES[2][1], 9),
]


def _marriage_deal(m: ModuleType) -> Any:
    return m.Deal.build(variant="schnapsen-tjger", seed=MARRIAGE_SEED)


def _by_lead(m: ModuleType, card: Any) -> Any:
    """A marriage by lead with this card: the events, or the refusal and the deal."""
    deal = _marriage_deal(m)
    try:
        return deal.apply(deal.turn, {"kind": "marriage", "suit": "D", "card": card})
    except m.Error as refusal:
        return [refusal.code, deal]


def _house_rule_cases() -> Iterator[Case]:
    """variant values wherever a variant is taken, and its games."""
    for label, value in HOUSE_VALUES:
        yield case(
            "Deal.build", f"house-{label}", lambda m, v=value: m.Deal.build(variant=v, seed=SEED)
        )
        yield case(
            "Match.build",
            f"house-{label}",
            lambda m, v=value: m.Match.build(variant=v, seed=SEED, dealer="p2"),
        )
        yield case(
            "deck.order_for",
            f"house-{label}",
            lambda m, v=value: (
                m.deck.order_for(v, SEED, 2) == m.deck.order_for(m.variant.get(v)["name"], SEED, 2)
            ),
            ok(True),
        )
        yield case(
            "deck.deal_for", f"house-{label}", lambda m, v=value: m.deck.deal_for(v, SEED, 1, "p2")
        )
        yield case("deck.pack_for", f"house-{label}", lambda m, v=value: m.deck.pack_for(v))
    for label, value in BAD_VARIANT_VALUES[:6]:
        for api, call in (
            ("Deal.build", lambda m, v=value: m.Deal.build(variant=v, seed=SEED)),
            ("Match.build", lambda m, v=value: m.Match.build(variant=v, seed=SEED)),
            ("Deal.replay", lambda m, v=value: m.Deal.replay(variant=v, seed=SEED)),
            ("deck.order_for", lambda m, v=value: m.deck.order_for(v, SEED, 1)),
        ):
            yield case(api, f"house-{label}", call, err("bad_variant"))
    # What a failed close pays under closer_value: the closer's own stake,
    # read where Sixty-Six reads a close (at the end): the beaten non-closer
    # has no trick at the end, so 3, where the reference pays 2.
    failed = {
        "how": "exhausted",
        "by": None,
        "points": {"p1": 50, "p2": 20},
        "tricks": {"p1": 6, "p2": 0},
        "closed_by": "p1",
        "close_state": CLOSE_STATE,
    }
    for label, value, paid in [
        ("closer-value", {"name": "sixtysix", "failed_close_pays": "closer_value"}, 3),
        ("reference", {"name": "sixtysix"}, 2),
    ]:
        yield case(
            "scoring.deal_result",
            f"house-failed-close-{label}",
            lambda m, v=value: m.scoring.deal_result(**result_args(variant=v, **failed))[
                "game_points"
            ],
            ok(paid),
        )
    for pos, variant, plies in [*POSITIONS[:2], *HOUSE_POSITIONS]:
        yield case("Deal.rules", pos, lambda m, v=variant, p=plies: play(m, v, p).rules)
        yield case(
            "Match.rules", pos, lambda m, v=variant, p=plies: play(m, v, p, match=True).rules
        )
    for pos, variant, plies in HOUSE_POSITIONS:
        yield case(
            tuple(f"Deal.{p}" for p in DEAL_PROPS),
            f"house-{pos}",
            lambda m, v=variant, p=plies: play(m, v, p),
        )
        yield case(
            tuple(f"Match.{p}" for p in MATCH_PROPS),
            f"house-{pos}",
            lambda m, v=variant, p=plies: play(m, v, p, match=True),
        )
        yield case(
            "Deal.from_log",
            f"house-{pos}",
            lambda m, v=variant, p=plies: m.Deal.from_log(json.dumps(play(m, v, p).to_log())),
        )
        yield case(
            "Match.from_log",
            f"house-{pos}",
            lambda m, v=variant, p=plies: m.Match.from_log(play(m, v, p, match=True).to_log()),
        )
        for cls in ("Deal", "Match"):
            yield case(
                f"{cls}.moves_of",
                f"house-{pos}",
                lambda m, cls=cls, v=variant, p=plies: getattr(m, cls).moves_of(
                    _history(m, v, p, cls == "Match"), variant=v
                ),
            )
            yield case(
                f"{cls}.replay",
                f"house-{pos}",
                lambda m, cls=cls, v=variant, p=plies: getattr(m, cls).replay(
                    variant=v,
                    seed=SEED,
                    moves=play(m, v, p, match=cls == "Match").to_log()["moves"],
                ),
            )
    for cls in ("Deal", "Match"):
        for label, value in [
            ("none", None),
            ("reference", "schnapsen"),
            ("bad", "skat"),
            ("bad-dict", {"name": "schnapsen", "jokers": 1}),
        ]:
            expect = err("bad_variant") if label.startswith("bad") else None
            yield case(
                f"{cls}.moves_of",
                f"variant-{label}",
                lambda m, cls=cls, v=value: getattr(m, cls).moves_of(
                    _history(m, "schnapsen", 11), variant=v
                ),
                expect,
            )
        yield case(
            f"{cls}.moves_of",
            "house-bad-history",
            lambda m, cls=cls: getattr(m, cls).moves_of(
                [{"kind": "lead", "seat": "p1"}], variant="schnapsen-tjger"
            ),
            err("bad_history"),
        )
    # A marriage by lead: the legal entries, the move, and every bad card.
    yield case("Deal.legal", "house-marriage", lambda m: _marriage_deal(m).legal("p2"))
    yield case("Deal.apply", "house-by-lead-king", lambda m: _by_lead(m, 15))
    yield case("Deal.apply", "house-by-lead-queen", lambda m: _by_lead(m, 16))
    yield case("Deal.apply", "house-by-lead-raising-eq", lambda m: _by_lead(m, RaisingEq(15)))
    yield case("Deal.apply", "house-by-lead-lying-int", lambda m: _by_lead(m, LyingInt(16)))
    for label, card in [
        ("other-card", 1),
        ("no-card", "DROP"),
        ("str", "15"),
        ("float", 15.0),
        ("bool", True),
        ("none", None),
        ("0", 0),
        ("huge", 2**64),
        ("index-only", IndexOnly()),
    ]:

        def call(m: ModuleType, card: Any = card) -> Any:
            if type(card) is str and card == "DROP":
                deal = _marriage_deal(m)
                try:
                    return deal.apply(deal.turn, {"kind": "marriage", "suit": "D"})
                except m.Error as refusal:
                    return [refusal.code, deal]
            return _by_lead(m, card)

        yield case("Deal.apply", f"house-by-lead-{label}", call)
        yield case(
            "Deal.apply",
            f"pin-house-by-lead-{label}",
            lambda m, call=call: call(m)[0],
            ok("must_lead"),
        )


INFO_KEYS = [
    "seat", "variant", "rules", "number", "dealer", "ply", "phase", "turn", "leader", "lead",
    "must_lead", "trump", "turn_up", "talon_left", "draw_left", "closed_by", "close_state",
    "pending_draw", "hand", "counts", "taken", "tricks_won", "melds", "tricks", "played",
    "exchanges", "known", "unseen", "legal", "over", "result",
]  # fmt: skip


def _info_cases() -> Iterator[Case]:
    """info(seat): at positions of both games and the house rules, and bad seats."""
    for pos, variant, plies in [*POSITIONS, *HOUSE_POSITIONS]:
        for seat in SEATS:
            yield case(
                "Deal.info",
                f"{pos}-{seat}",
                lambda m, v=variant, p=plies, s=seat: play(m, v, p).info(s),
            )
    for pos, variant, plies in [*MATCH_POSITIONS, *HOUSE_POSITIONS]:
        for seat in SEATS:
            yield case(
                "Match.info",
                f"{pos}-{seat}",
                lambda m, v=variant, p=plies, s=seat: play(m, v, p, match=True).info(s),
            )
    # A match played to its end: turn None and nothing legal, as in the view.
    yield case("Match.info", "over", lambda m: [_bots_play(m).info(s) for s in SEATS])
    for cls in ("Deal", "Match"):
        for label, bad in [("P1", "P1"), ("lying", LyingStr("zz")), *hostile_strs()]:
            yield case(
                f"{cls}.info",
                f"seat-{label}",
                lambda m, cls=cls, bad=bad: play(m, "sixtysix", 3, match=cls == "Match").info(bad),
                err("bad_seat"),
            )
        yield case(
            f"{cls}.info",
            "raising-str-p1",
            lambda m, cls=cls: play(m, "sixtysix", 3, match=cls == "Match").info(RaisingStr("p1")),
        )
        yield case(
            f"{cls}.info",
            "no-seat",
            lambda m, cls=cls: play(m, match=cls == "Match").info(),
            arity=True,
        )
    for cls in ("Deal", "Match"):
        # An unbuilt object refuses as unbuilt whatever the seat.
        yield case(
            f"{cls}.info",
            "bare-bad-seat",
            lambda m, cls=cls: getattr(m, cls).__new__(getattr(m, cls)).info("p3"),
            err("not_built"),
        )
    yield case(
        "Deal.info", "pin-keys", lambda m: list(play(m, "sixtysix", 6).info("p1")), ok(INFO_KEYS)
    )
    yield case(
        "Match.info",
        "pin-keys",
        lambda m: list(play(m, "schnapsen", 30, match=True).info("p2")),
        ok([*INFO_KEYS, "scores", "to_win", "deals", "match_over", "winner"]),
    )
    # A marriage shown by leading its king: the queen is known to the other seat.
    for seat in SEATS:
        yield case("Deal.info", f"house-by-lead-{seat}", lambda m, s=seat: _by_lead_info(m, s))
    yield case(
        "Deal.info",
        "pin-by-lead-queen-known",
        lambda m: _by_lead_info(m, "p1")["known"],
        ok([16]),
    )


def _by_lead_info(m: ModuleType, seat: str) -> Any:
    """A seat's info once p2 has shown its diamond marriage by leading the king (15)."""
    deal = _marriage_deal(m)
    deal.apply(deal.turn, {"kind": "marriage", "suit": "D", "card": 15})
    return deal.info(seat)


def _error_cases() -> Iterator[Case]:
    import trumpf.errors

    yield case("Error", "is-trumpf-error", lambda m: m.Error is trumpf.errors.Error, ok(True))


def cases() -> list[Case]:
    """Every contract case of the Schnapsen family, in a fixed order."""
    out: list[Case] = []
    for group in (
        _card_cases,
        _other_cases,
        _deck_cases,
        _trick_cases,
        _scoring_cases,
        _variant_cases,
        _house_rule_cases,
        _search_cases,
        cases_solve.schnapsen_cases,
        cases_expert.schnapsen_cases,
        cases_world.schnapsen_cases,
        _build_cases,
        _state_cases,
        _pickle_cases,
        _apply_cases,
        _replay_cases,
        _moves_of_cases,
        _log_cases,
        _bot_cases,
        _bare_cases,
        _info_cases,
        _error_cases,
    ):
        out.extend(group())
    return out
