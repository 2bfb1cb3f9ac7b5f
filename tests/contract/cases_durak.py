"""The contract tables of trumpf.durak against trumpf.reference.durak.

Module functions first (card, deck, rules, result, search, and solve, whose
cases are in cases_solve), then Game and Bot: constructors by keyword and by
position, every property and per-seat method on positions reached by play,
bad moves, replays, logs, copies, pickles, views handed to the bots, and
objects made by ``__new__``.
"""

from __future__ import annotations

import copy
import json
import pickle
from collections.abc import Iterator
from types import ModuleType
from typing import Any

import cases_expert
import cases_solve
import cases_world
from _contract import (
    GAME_PROPS,
    GAME_SEAT_METHODS,
    OTHER_SEED,
    SEED,
    SEED_HEX,
    Case,
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

BAD_SEEDS: list[tuple[str, Any]] = [
    ("31-bytes", b"A" * 31),
    ("str", "A" * 32),
    ("bytearray", bytearray(SEED)),
    ("none", None),
    ("hex-str", SEED_HEX),
]


def play(m: ModuleType, plies: int = 0, seed: bytes = SEED, number: int = 1) -> Any:
    """A Game after ``plies`` moves of a fixed policy over ``legal``."""
    game = m.Game.build(seed=seed, number=number)
    for ply in range(plies):
        if game.over:
            break
        seat = game.turn
        legal = game.legal(seat)
        game.apply(seat, legal[(ply * 5 + 2) % len(legal)])
    return game


POSITIONS = [
    ("g0", 0, 1),
    ("g3", 3, 1),
    ("g9", 9, 2),
    ("g20", 20, 1),
    ("g45", 45, 3),
    ("g200", 200, 1),
]


def _card_cases() -> Iterator[Case]:
    for fn in ("rank_of", "suit_of", "power_of", "name_of", "face_of", "long_name_of"):
        api = f"card.{fn}"
        yield case(api, "all-ids", lambda m, fn=fn: [getattr(m.card, fn)(c) for c in range(1, 37)])
        for label, bad in [("0", 0), ("37", 37), ("-1", -1), *hostile_ints()]:
            yield case(api, label, lambda m, fn=fn, bad=bad: getattr(m.card, fn)(bad))
    yield case("card.long_name_of", "pin-5", lambda m: m.card.long_name_of(5), ok("ten of spades"))
    yield case("card.long_name_of", "pin-36", lambda m: m.card.long_name_of(36), ok("six of clubs"))
    yield case("card.face_of", "pin-5", lambda m: m.card.face_of(5), ok("10"))
    api = "card.id_of"
    yield case(api, "round-trip", lambda m: [m.card.id_of(m.card.name_of(c)) for c in range(1, 37)])
    yield case(
        api,
        "faces",
        lambda m: [m.card.id_of(m.card.face_of(c) + m.card.suit_of(c)) for c in range(1, 37)],
    )
    for name in ("TS", "ts", "10S", "10h", "qd", "6c"):
        yield case(api, name, lambda m, name=name: m.card.id_of(name))
    yield case(api, "lying-str", lambda m: m.card.id_of(LyingStr("AS")), ok(1))
    yield case(api, "raising-str", lambda m: m.card.id_of(RaisingStr("6C")), ok(36))
    for name in ("XS", "AX", "", "1S", "AS1", "10", " AS", "1OS", "\ud800", "5S", "9", "X" * 10**5):
        yield case(
            api, f"not-a-card-{name[:8]!r}", lambda m, name=name: m.card.id_of(name), ok(None)
        )
    for label, bad in [("int", 5), ("none", None), ("bytes", b"AS"), ("float", 1.0)]:
        yield case(api, label, lambda m, bad=bad: m.card.id_of(bad), err("bad_card"))
    api = "card.beats"
    for trump in ("S", "H", "D", "C"):
        yield case(
            api,
            f"all-{trump}",
            lambda m, t=trump: [m.card.beats(a, b, t) for a in range(1, 37) for b in range(1, 37)],
        )
    for label, bad in [("0", 0), *hostile_ints()]:
        yield case(api, f"card-{label}", lambda m, bad=bad: m.card.beats(bad, 3, "S"))
        yield case(api, f"attack-{label}", lambda m, bad=bad: m.card.beats(3, bad, "S"))
    for label, bad in [("X", "X"), ("lower", "s"), *hostile_strs()]:
        yield case(api, f"trump-{label}", lambda m, bad=bad: m.card.beats(1, 2, bad))
    yield case(api, "pin-trump-bad", lambda m: m.card.beats(1, 2, "X"), err("bad_suit"))


def _deck_cases() -> Iterator[Case]:
    yield case("deck.pack", "pack", lambda m: m.deck.pack(), ok(list(range(1, 37))))
    for number in (1, 2, 77, 2**63 - 1):
        yield case("deck.order_for", f"n{number}", lambda m, n=number: m.deck.order_for(SEED, n))
        yield case(
            "deck.deal_for", f"n{number}", lambda m, n=number: m.deck.deal_for(OTHER_SEED, n)
        )
    yield case("deck.order_for", "default-number", lambda m: m.deck.order_for(SEED))
    yield case("deck.deal_for", "keywords", lambda m: m.deck.deal_for(seed=SEED, number=4))
    for n in range(1, 40):
        yield case("deck.deal_for", f"sweep-{n}", lambda m, n=n: m.deck.deal_for(SEED, n))
    for label, bad in BAD_SEEDS:
        yield case(
            "deck.order_for",
            f"seed-{label}",
            lambda m, bad=bad: m.deck.order_for(bad, 1),
            err("no_seed"),
        )
        yield case(
            "deck.deal_for",
            f"seed-{label}",
            lambda m, bad=bad: m.deck.deal_for(bad, 1),
            err("no_seed"),
        )
    for label, bad in [("0", 0), ("-1", -1), *hostile_ints()]:
        yield case(
            "deck.order_for", f"number-{label}", lambda m, bad=bad: m.deck.order_for(SEED, bad)
        )
        yield case(
            "deck.deal_for", f"number-{label}", lambda m, bad=bad: m.deck.deal_for(SEED, bad)
        )


def _bouts(m: ModuleType) -> list[Any]:
    """Every bout met on the positions, as ``Game.bout`` gives it."""
    found = []
    game = m.Game.build(seed=SEED)
    for ply in range(80):
        if game.over:
            break
        found.append(
            (
                game.hand_of(game.turn),
                game.bout,
                game.trump,
                game.can_swap(game.turn),
                game.count_of(game.bout["defender"]),
            )
        )
        legal = game.legal(game.turn)
        game.apply(game.turn, legal[(ply * 3 + 1) % len(legal)])
    return found


def bout(**over: Any) -> dict[str, Any]:
    """A bout dict with some keys replaced (DROP removes one)."""
    b: dict[str, Any] = {
        "attacker": 1,
        "defender": 2,
        "cap": 6,
        "attacks": [3],
        "beats": [None],
        "taken": False,
    }
    for key, value in over.items():
        if value is DROP:
            b.pop(key)
        else:
            b[key] = value
    return b


DROP = object()


class MutatingAttacks:
    """An ``attacks`` iterable that changes the bout it is read from."""

    def __init__(self, target: dict[str, Any]) -> None:
        self.target = target

    def __iter__(self) -> Iterator[int]:
        self.target["beats"] = [None] * 50
        self.target.clear()
        yield 3


BAD_BOUTS: list[tuple[str, Any]] = [
    ("none", None),
    ("list", [1]),
    ("empty", {}),
    ("no-attacks", bout(attacks=DROP)),
    ("no-beats", bout(beats=DROP)),
    ("no-cap", bout(cap=DROP)),
    ("no-taken", bout(taken=DROP)),
    ("attacks-none", bout(attacks=None)),
    ("attacks-str", bout(attacks="AS")),
    ("attacks-card-0", bout(attacks=[0])),
    ("attacks-huge", bout(attacks=[2**64])),
    ("beats-short", bout(beats=[])),
    ("beats-long", bout(beats=[None, None])),
    ("beats-bad", bout(beats=["x"])),
    ("cap-str", bout(cap="6")),
    ("cap-huge", bout(cap=10**30)),
    ("cap-negative", bout(cap=-1)),
    ("taken-int", bout(taken=1)),
    ("seven-attacks", bout(attacks=[1, 10, 19, 28, 2, 11, 20], beats=[None] * 7)),
    ("lying-dict", LyingDict(bout())),
    ("raising-dict", RaisingDict(bout())),
    ("raising-list", bout(attacks=RaisingList([3]))),
    ("lying-list", bout(attacks=LyingList([3]))),
    ("generator", bout(attacks=(c for c in [3]))),
    ("tuple", bout(attacks=(3,), beats=(None,))),
    ("mutating", "MUTATING"),
    ("raising-eq", bout(attacks=[RaisingEq(3)])),
]


def _bad_bout(value: Any) -> Any:
    if value == "MUTATING":
        target = bout()
        target["attacks"] = MutatingAttacks(target)
        return target
    return copy.copy(value) if isinstance(value, dict) else value


def _rules_cases() -> Iterator[Case]:
    for n in (*range(0, 40), 2**31):
        yield case("rules.cap_for", f"n{n}", lambda m, n=n: m.rules.cap_for(n))
    for label, bad in [("x", "x"), ("-1", -1), *hostile_ints()]:
        yield case("rules.cap_for", label, lambda m, bad=bad: m.rules.cap_for(bad))
    yield case("rules.cap_for", "pin-x", lambda m: m.rules.cap_for("x"), err("bad_counts"))
    yield case(
        "rules.legal_attacks",
        "positions",
        lambda m: [m.rules.legal_attacks(h, b) for h, b, _, _, _ in _bouts(m)],
    )
    yield case(
        "rules.forced",
        "positions",
        lambda m: [m.rules.forced(h, b, t, s) for h, b, t, s, _ in _bouts(m)],
    )
    yield case(
        "rules.closes", "positions", lambda m: [m.rules.closes(b, d) for _, b, _, _, d in _bouts(m)]
    )
    yield case(
        "rules.legal_beats",
        "all",
        lambda m: [
            m.rules.legal_beats(list(range(1, 37)), a, t) for a in range(1, 37) for t in "SHDC"
        ],
    )
    yield case(
        "rules.legal_attacks",
        "tuple-hand",
        lambda m: m.rules.legal_attacks((3, 12, 21), bout(beats=[4])),
    )
    for label, bad in BAD_BOUTS:
        yield case(
            "rules.legal_attacks",
            f"bout-{label}",
            lambda m, bad=bad: m.rules.legal_attacks([3, 12], _bad_bout(bad)),
        )
        yield case(
            "rules.forced",
            f"bout-{label}",
            lambda m, bad=bad: m.rules.forced([3, 12], _bad_bout(bad), "S", False),
        )
        yield case(
            "rules.closes", f"bout-{label}", lambda m, bad=bad: m.rules.closes(_bad_bout(bad), 3)
        )
    for fn, call in (
        ("legal_attacks", lambda m, h: m.rules.legal_attacks(h, bout())),
        ("legal_beats", lambda m, h: m.rules.legal_beats(h, 3, "S")),
        ("forced", lambda m, h: m.rules.forced(h, bout(), "S", False)),
    ):
        for label, bad in [
            ("none", None),
            ("str", "AS"),
            ("zero", [0]),
            ("bool", [True]),
            ("gen", "GEN"),
            ("raising", RaisingList([1])),
            ("raising-iter", RaisingIter()),
            ("raising-eq", [RaisingEq(4)]),
        ]:
            yield case(
                f"rules.{fn}",
                f"hand-{label}",
                lambda m, call=call, bad=bad: call(m, (c for c in [1, 2]) if bad == "GEN" else bad),
            )
    for label, bad in [("X", "X"), *hostile_strs()]:
        yield case(
            "rules.legal_beats",
            f"trump-{label}",
            lambda m, bad=bad: m.rules.legal_beats([1, 2], 3, bad),
        )
        yield case(
            "rules.forced",
            f"trump-{label}",
            lambda m, bad=bad: m.rules.forced([1, 2], bout(), bad, False),
        )
    for label, bad in [("0", 0), *hostile_ints()]:
        yield case(
            "rules.legal_beats",
            f"attack-{label}",
            lambda m, bad=bad: m.rules.legal_beats([1, 2], bad, "S"),
        )
        yield case(
            "rules.closes",
            f"count-{label}",
            lambda m, bad=bad: m.rules.closes(bout(beats=[4]), bad),
        )
    for label, bad in [("int", 1), ("none", None), ("str", "yes")]:
        yield case(
            "rules.forced",
            f"can-swap-{label}",
            lambda m, bad=bad: m.rules.forced([1, 2], bout(), "S", bad),
        )


def _result_cases() -> Iterator[Case]:
    for a in range(0, 3):
        for b in range(0, 3):
            for talon in (0, 1, 24):
                yield case(
                    "result.outcome",
                    f"{a}-{b}-{talon}",
                    lambda m, a=a, b=b, t=talon: m.result.outcome({1: a, 2: b}, t),
                )
    for seat in (1, 2):
        yield case("result.resigned", f"seat-{seat}", lambda m, s=seat: m.result.resigned(s))
    for label, bad in [("0", 0), ("3", 3), *hostile_ints()]:
        yield case("result.resigned", label, lambda m, bad=bad: m.result.resigned(bad))
    bad_counts: list[tuple[str, Any]] = [
        ("none", None),
        ("list", [0, 0]),
        ("str-keys", {"1": 0, "2": 0}),
        ("missing", {1: 0}),
        ("extra", {1: 0, 2: 0, 3: 0}),
        ("negative", {1: -1, 2: 0}),
        ("huge", {1: 10**30, 2: 0}),
        ("str-value", {1: "0", 2: 0}),
        ("bool-value", {1: False, 2: 0}),
        ("lying-dict", LyingDict({1: 0, 2: 3})),
        ("raising-dict", RaisingDict({1: 0, 2: 3})),
    ]
    for label, bad in bad_counts:
        yield case("result.outcome", f"counts-{label}", lambda m, bad=bad: m.result.outcome(bad, 0))
    for label, bad in [("-1", -1), *hostile_ints()]:
        yield case(
            "result.outcome",
            f"talon-{label}",
            lambda m, bad=bad: m.result.outcome({1: 0, 2: 3}, bad),
        )


def _view_of(m: ModuleType, plies: int, seat: Any = "TURN") -> Any:
    game = play(m, plies)
    return game.view(game.turn if seat == "TURN" else seat)


class AllocatingHand:
    """A ``hand`` iterable that allocates and mutates the view while it is read."""

    def __init__(self, view: dict[str, Any]) -> None:
        self.view = view

    def __iter__(self) -> Iterator[int]:
        junk = [list(range(100)) for _ in range(200)]
        self.view["legal"] = [{"kind": "take"}]
        self.view.clear()
        del junk
        yield from [1, 2, 3]


def _hostile_view(m: ModuleType, how: str) -> Any:
    view = _view_of(m, 3)
    if how == "legal-tuple":
        view["legal"] = tuple(view["legal"])
    elif how == "legal-gen":
        view["legal"] = (x for x in view["legal"])
    elif how == "legal-none":
        view["legal"] = None
    elif how == "legal-bad-entry":
        view["legal"] = [{"kind": "beat"}]
    elif how == "legal-not-dict":
        view["legal"] = ["take"]
    elif how == "legal-lying":
        view["legal"] = LyingList(view["legal"])
    elif how == "hand-alloc":
        view["hand"] = AllocatingHand(view)
    elif how == "hand-none":
        view["hand"] = None
    elif how == "no-hand":
        del view["hand"]
    elif how == "no-legal":
        del view["legal"]
    elif how == "phase-bad":
        view["phase"] = 7
    elif how == "trump-bad":
        view["trump"] = "X"
    elif how == "talon-str":
        view["talon"] = "24"
    elif how == "seat-bad":
        view["seat"] = 9
    elif how == "ply-neg":
        view["ply"] = -1
    elif how == "lying-dict":
        view = LyingDict(view)
    elif how == "raising-dict":
        view = RaisingDict(view)
    elif how == "none":
        view = None
    elif how == "list":
        view = [view]
    return view


HOSTILE_VIEWS = [
    "legal-tuple",
    "legal-gen",
    "legal-none",
    "legal-bad-entry",
    "legal-not-dict",
    "legal-lying",
    "hand-alloc",
    "hand-none",
    "no-hand",
    "no-legal",
    "phase-bad",
    "trump-bad",
    "talon-str",
    "seat-bad",
    "ply-neg",
    "lying-dict",
    "raising-dict",
    "none",
    "list",
]


def _search_cases() -> Iterator[Case]:
    for seed in (None, "", "bot", b"bot", "\u00e9t\u00e9", "x" * 1000):
        yield case(
            "search.word_for",
            f"seed-{seed!r}"[:30],
            lambda m, s=seed: [
                m.search.word_for(s, seat, ply) for seat in (1, 2) for ply in (0, 1, 99, 2**40)
            ],
        )
    for label, bad in [
        ("int", 5),
        ("list", ["a"]),
        ("surrogate", "\ud800"),
        ("bytearray", bytearray(b"x")),
    ]:
        yield case(
            "search.word_for", f"bad-seed-{label}", lambda m, bad=bad: m.search.word_for(bad, 1, 0)
        )
    for label, bad in [("0", 0), ("3", 3), *hostile_ints()]:
        yield case(
            "search.word_for", f"seat-{label}", lambda m, bad=bad: m.search.word_for("s", bad, 0)
        )
    for label, bad in [("-1", -1), *hostile_ints()]:
        yield case(
            "search.word_for", f"ply-{label}", lambda m, bad=bad: m.search.word_for("s", 1, bad)
        )
    yield case(
        "search.cost",
        "table",
        lambda m: [
            m.search.cost(c, [c, c % 36 + 1, (c + 8) % 36 + 1], "H", lv, at)
            for c in range(1, 37)
            for lv in (1, 2, 3)
            for at in (False, True)
        ],
    )
    for label, bad in [("0", 0), *hostile_ints()]:
        yield case(
            "search.cost",
            f"card-{label}",
            lambda m, bad=bad: m.search.cost(bad, [1], "S", 2, False),
        )
        yield case(
            "search.cost",
            f"level-{label}",
            lambda m, bad=bad: m.search.cost(1, [1], "S", bad, False),
        )
    for label, bad in [
        ("none", None),
        ("gen", "GEN"),
        ("zero", [0]),
        ("raising", RaisingList([1])),
    ]:
        yield case(
            "search.cost",
            f"hand-{label}",
            lambda m, bad=bad: m.search.cost(
                1, (c for c in [1]) if bad == "GEN" else bad, "S", 2, False
            ),
        )
    for label, bad in [("int", 1), ("none", None)]:
        yield case(
            "search.cost",
            f"attacking-{label}",
            lambda m, bad=bad: m.search.cost(1, [1], "S", 2, bad),
        )
    for _, plies, _n in POSITIONS:
        for level in (1, 2, 3):
            for word in (0, 1, 2**32 - 1):
                yield case(
                    "search.choose",
                    f"p{plies}-l{level}-w{word}",
                    lambda m, p=plies, lv=level, w=word: m.search.choose(_view_of(m, p), lv, w),
                )
    for label, bad in [("0", 0), ("4", 4), *hostile_ints()]:
        yield case(
            "search.choose",
            f"level-{label}",
            lambda m, bad=bad: m.search.choose(_view_of(m, 3), bad, 0),
        )
    for label, bad in [("-1", -1), ("2**32", 2**32), *hostile_ints()]:
        yield case(
            "search.choose",
            f"word-{label}",
            lambda m, bad=bad: m.search.choose(_view_of(m, 3), 1, bad),
        )
    for how in HOSTILE_VIEWS:
        yield case(
            "search.choose",
            f"view-{how}",
            lambda m, how=how: m.search.choose(_hostile_view(m, how), 2, 0),
        )
        yield case(
            "Bot.choose",
            f"view-{how}",
            lambda m, how=how: m.Bot(level=3).choose(_hostile_view(m, how)),
        )
        yield case("Bot.hint", f"view-{how}", lambda m, how=how: m.Bot.hint(_hostile_view(m, how)))


def _game_cases() -> Iterator[Case]:
    api = "Game.build"
    yield case(api, "keywords", lambda m: m.Game.build(seed=SEED, number=2, seats=2))
    yield case(api, "positional", lambda m: m.Game.build(SEED, 2, 2))
    yield case(api, "positional-seed", lambda m: m.Game.build(SEED))
    yield case(api, "no-seed", lambda m: m.Game.build(), arity=True)
    yield case(api, "bad-keyword", lambda m: m.Game.build(seed=SEED, players=2), arity=True)
    yield case("Game", "direct", lambda m: m.Game(), arity=True)
    for label, bad in BAD_SEEDS:
        yield case(api, f"seed-{label}", lambda m, bad=bad: m.Game.build(seed=bad), err("no_seed"))
    for label, bad in [("0", 0), ("-1", -1), ("2**63-1", 2**63 - 1), *hostile_ints()]:
        yield case(api, f"number-{label}", lambda m, bad=bad: m.Game.build(seed=SEED, number=bad))
    for label, bad in [("3", 3), ("1", 1), *hostile_ints()]:
        yield case(api, f"seats-{label}", lambda m, bad=bad: m.Game.build(seed=SEED, seats=bad))
    for pos, plies, number in POSITIONS:
        yield case(
            tuple(f"Game.{p}" for p in GAME_PROPS),
            pos,
            lambda m, p=plies, n=number: {
                name: getattr(play(m, p, number=n), name) for name in GAME_PROPS
            },
        )
        yield case("Game.ply", pos, lambda m, p=plies, n=number: play(m, p, number=n).ply)
        for seat in (1, 2):
            for meth in without_info(GAME_SEAT_METHODS):
                yield case(
                    f"Game.{meth}",
                    f"{pos}-{seat}",
                    lambda m, p=plies, n=number, s=seat, meth=meth: getattr(
                        play(m, p, number=n), meth
                    )(s),
                )
        yield case(
            "Game.copy", pos, lambda m, p=plies, n=number: _copy_plays_on(play(m, p, number=n))
        )
        yield case("Game.to_log", pos, lambda m, p=plies, n=number: play(m, p, number=n).to_log())
    for meth in without_info(GAME_SEAT_METHODS):
        for label, bad in [("0", 0), ("3", 3), ("lying", LyingInt(7)), *hostile_ints()]:
            # An int subclass is read by its value: RaisingEq(1) and LyingInt(1) are seat 1.
            expect = None if label in ("raising-eq", "lying-int") else err("bad_seat")
            yield case(
                f"Game.{meth}",
                f"seat-{label}",
                lambda m, meth=meth, bad=bad: getattr(play(m, 3), meth)(bad),
                expect,
            )
        yield case(
            f"Game.{meth}",
            "seat-raising-eq-1",
            lambda m, meth=meth: getattr(play(m, 3), meth)(RaisingEq(1)),
        )
    for proto in range(pickle.HIGHEST_PROTOCOL + 1):
        yield case(
            "Game",
            f"pickle-{proto}",
            lambda m, proto=proto: _copy_plays_on(
                pickle.loads(pickle.dumps(play(m, 20), protocol=proto))
            ),
        )
        yield case(
            "Bot",
            f"pickle-{proto}",
            lambda m, proto=proto: pickle.loads(
                pickle.dumps(m.Bot(level=1, seed="s"), protocol=proto)
            ),
        )
    yield case(
        "Game.is_move",
        "kinds",
        lambda m: [
            m.Game.is_move(k)
            for k in (
                "attack",
                "beat",
                "take",
                "done",
                "swap",
                "resign",
                "bout_end",
                "refill",
                "out",
                "game_end",
                "",
                "ATTACK",
            )
        ],
    )
    for label, bad in [
        ("none", None),
        ("int", 1),
        ("bytes", b"attack"),
        ("list", []),
        ("lying", LyingStr("bout_end")),
        ("raising", RaisingStr("attack")),
    ]:
        yield case("Game.is_move", label, lambda m, bad=bad: m.Game.is_move(bad))


def _copy_plays_on(game: Any) -> list[Any]:
    out: list[Any] = []
    for twin in (game.copy(), copy.copy(game), copy.deepcopy(game)):
        out.append(twin is game)
        if not twin.over:
            twin.apply(twin.turn, twin.legal(twin.turn)[-1])
        out.append(twin)
    out.append(game)
    return out


MOVES: list[tuple[str, Any, Any]] = [
    ("kind-launch", "TURN", {"kind": "launch", "card": 1}),
    ("no-kind", "TURN", {"card": 1}),
    ("empty", "TURN", {}),
    ("none", "TURN", None),
    ("str", "TURN", "attack"),
    ("kind-none", "TURN", {"kind": None}),
    ("kind-bytes", "TURN", {"kind": b"take"}),
    ("attack-no-card", "TURN", {"kind": "attack"}),
    ("attack-0", "TURN", {"kind": "attack", "card": 0}),
    ("attack-huge", "TURN", {"kind": "attack", "card": 2**64}),
    ("attack-str", "TURN", {"kind": "attack", "card": "7"}),
    ("attack-float", "TURN", {"kind": "attack", "card": 7.0}),
    ("attack-bool", "TURN", {"kind": "attack", "card": True}),
    ("attack-raising-eq", "TURN", {"kind": "attack", "card": RaisingEq(3)}),
    ("beat", "TURN", {"kind": "beat", "card": "LEGAL"}),
    ("take", "TURN", {"kind": "take"}),
    ("done", "TURN", {"kind": "done"}),
    ("swap", "TURN", {"kind": "swap"}),
    ("resign", "TURN", {"kind": "resign"}),
    ("resign-other", "OTHER", {"kind": "resign"}),
    ("legal", "TURN", {"kind": "LEGAL"}),
    ("lying-dict", "TURN", LyingDict({"kind": "take"})),
    ("raising-dict", "TURN", RaisingDict({"kind": "take"})),
    ("seat-other", "OTHER", {"kind": "take"}),
    ("seat-3", 3, {"kind": "resign"}),
    ("seat-str", "1", {"kind": "resign"}),
    ("seat-bool", True, {"kind": "resign"}),
    ("seat-none", None, {"kind": "resign"}),
    ("seat-lying", LyingInt(3), {"kind": "resign"}),
    ("seat-raising-eq", RaisingEq(1), {"kind": "resign"}),
]


def _apply_then_state(m: ModuleType, plies: int, seat: Any, move: Any) -> Any:
    game = play(m, plies)
    turn = game.turn
    if type(seat) is str and seat == "TURN":
        seat = turn
    elif type(seat) is str and seat == "OTHER":
        seat = 3 - turn if turn else 1
    if isinstance(move, dict) and not isinstance(move, LyingDict | RaisingDict):
        move = dict(move)
        legal = game.legal(turn) if turn else []
        if move.get("kind") == "LEGAL" and legal:
            move = legal[0]
        elif type(move.get("card")) is str and move["card"] == "LEGAL":
            cards = [x["card"] for x in legal if "card" in x]
            move["card"] = cards[0] if cards else 1
    try:
        return game.apply(seat, move)
    except m.Error as refusal:
        return [refusal.code, game]


def _apply_cases() -> Iterator[Case]:
    for plies in (0, 1, 9, 200):
        for label, seat, move in MOVES:
            yield case(
                "Game.apply",
                f"p{plies}-{label}",
                lambda m, p=plies, s=seat, mv=move: _apply_then_state(m, p, s, mv),
            )
    yield case("Game.apply", "missing-move", lambda m: play(m).apply(1), arity=True)


def _replay_cases() -> Iterator[Case]:
    api = "Game.replay"
    yield case(
        api, "list", lambda m: m.Game.replay(seed=SEED, moves=m.Game.moves_of(play(m, 200).history))
    )
    yield case(
        api,
        "tuple",
        lambda m: m.Game.replay(seed=SEED, moves=tuple(m.Game.moves_of(play(m, 40).history))),
    )
    yield case(api, "positional", lambda m: m.Game.replay(SEED, [], 1))
    yield case(
        api,
        "number",
        lambda m: m.Game.replay(
            seed=SEED, moves=m.Game.moves_of(play(m, 30, number=3).history), number=3
        ),
    )
    yield case(api, "no-moves", lambda m: m.Game.replay(seed=SEED), arity=True)
    shapes: list[tuple[str, Any]] = [
        ("generator", "GEN"),
        ("str-ab", "ab"),
        ("str-empty", ""),
        ("bytes", b"ab"),
        ("dict", {"seat": 1, "kind": "resign"}),
        ("none", None),
        ("int", 5),
        ("raising-list", RaisingList([{"seat": 1}])),
        ("lying-list", LyingList([])),
        ("raising-iter", RaisingIter()),
        ("bad-seat", [{"seat": 3, "kind": "resign"}]),
        ("bad-kind", [{"seat": 2, "kind": "fly"}]),
        ("bad-card", [{"seat": 2, "kind": "attack", "card": 99}]),
        ("str-move", ["ab"]),
        ("none-move", [None]),
        ("no-seat", [{"kind": "resign"}]),
        ("lying-dict", [LyingDict({"seat": 1, "kind": "resign"})]),
        ("second-bad", "SECOND-BAD"),
    ]
    for label, moves in shapes:

        def call(m: ModuleType, moves: Any = moves) -> Any:
            if moves == "GEN":
                moves = (x for x in m.Game.moves_of(play(m, 6).history))
            elif moves == "SECOND-BAD":
                moves = [
                    *m.Game.moves_of(play(m, 1).history),
                    {"seat": 1, "kind": "attack", "card": 0},
                ]
            return m.Game.replay(seed=SEED, moves=moves)

        yield case(api, label, call)
    for label, bad in BAD_SEEDS:
        yield case(
            api,
            f"seed-{label}",
            lambda m, bad=bad: m.Game.replay(seed=bad, moves=[]),
            err("no_seed"),
        )
    yield case(api, "pin-ab", lambda m: m.Game.replay(seed=SEED, moves="ab"), err("not_legal"))
    api = "Game.moves_of"
    for pos, plies, number in POSITIONS:
        yield case(
            api, pos, lambda m, p=plies, n=number: m.Game.moves_of(play(m, p, number=n).history)
        )
    histories: list[tuple[str, Any]] = [
        ("tuple", ({"kind": "resign", "seat": 1},)),
        ("attack-no-card", [{"kind": "attack", "seat": 1}]),
        ("attack-no-seat", [{"kind": "attack", "card": 3}]),
        ("attack-bad-seat", [{"kind": "attack", "seat": "1", "card": 3}]),
        ("attack-bad-card", [{"kind": "attack", "seat": 1, "card": 99}]),
        ("take-with-card", [{"kind": "take", "seat": 2, "card": 3}]),
        ("no-kind", [{"seat": 1}]),
        ("unknown-kind", [{"kind": "teleport", "seat": 1}]),
        ("not-a-dict", ["attack"]),
        ("none", None),
        ("str", "attack"),
        ("generator", (e for e in [{"kind": "resign", "seat": 1}])),
        ("lying-dict", [LyingDict({"kind": "resign", "seat": 1})]),
        ("raising-dict", [RaisingDict({"kind": "resign", "seat": 1})]),
        (
            "consequences",
            [
                {"kind": "bout_end"},
                {"kind": "refill"},
                {"kind": "out", "seat": 1},
                {"kind": "game_end"},
            ],
        ),
    ]
    for label, history in histories:
        yield case(
            api,
            label,
            lambda m, h=history: m.Game.moves_of(copy.copy(h) if isinstance(h, list) else h),
        )


def game_log(**over: Any) -> dict[str, Any]:
    log: dict[str, Any] = {
        "game": "durak",
        "kind": "game",
        "seed": SEED_HEX,
        "number": 1,
        "moves": [{"seat": 2, "kind": "resign"}],
    }
    for key, value in over.items():
        if value is DROP:
            log.pop(key)
        else:
            log[key] = value
    return log


def _log_cases() -> Iterator[Case]:
    api = "Game.from_log"
    yield case(api, "dict", lambda m: m.Game.from_log(game_log()))
    yield case(api, "json", lambda m: m.Game.from_log(json.dumps(game_log())))
    yield case(api, "bytes", lambda m: m.Game.from_log(json.dumps(game_log()).encode()))
    yield case(
        api, "bytearray", lambda m: m.Game.from_log(bytearray(json.dumps(game_log()).encode()))
    )
    yield case(api, "keyword", lambda m: m.Game.from_log(log=game_log()))
    yield case(
        api,
        "round-trip",
        lambda m: [m.Game.from_log(play(m, p, number=n).to_log()) for _, p, n in POSITIONS],
    )
    yield case(
        api,
        "schnapsen-log",
        lambda m: m.Game.from_log(
            {
                "game": "schnapsen",
                "kind": "deal",
                "seed": SEED_HEX,
                "number": 1,
                "dealer": "p1",
                "moves": [],
            }
        ),
        err("bad_log"),
    )
    yield case(api, "pin-not-json", lambda m: m.Game.from_log("not json"), err("bad_log"))
    bad_text: list[tuple[str, Any]] = [
        ("not-json", "not json"),
        ("empty-str", ""),
        ("json-list", "[1, 2]"),
        ("json-null", "null"),
        ("non-utf8", b"\xff\xfe{}"),
        ("deep", "[" * 100_000 + "]" * 100_000),
        ("huge-number", json.dumps(game_log())[:-1] + ', "x": ' + "9" * 5001 + "}"),
        ("none", None),
        ("int", 5),
        ("list", [game_log()]),
        ("lying-dict", LyingDict(game_log())),
        ("raising-dict", RaisingDict(game_log())),
    ]
    # Anything unreadable is bad_log: not JSON, not UTF-8 (UTF-16 is not
    # guessed), too deep, a number too long to read, not an object.
    bad_text += [
        ("utf16", json.dumps(game_log()).encode("utf-16")),
        ("latin1", json.dumps(game_log(game="\xe9"), ensure_ascii=False).encode("latin-1")),
    ]
    for label, log in bad_text:
        expect = None if label in ("lying-dict", "raising-dict") else err("bad_log")
        yield case(api, label, lambda m, log=log: m.Game.from_log(log), expect)
    fields: list[tuple[str, dict[str, Any]]] = [
        ("no-game", {"game": DROP}),
        ("no-kind", {"kind": DROP}),
        ("no-seed", {"seed": DROP}),
        ("no-number", {"number": DROP}),
        ("no-moves", {"moves": DROP}),
        ("extra-key", {"colour": "red"}),
        ("game-schnapsen", {"game": "schnapsen"}),
        ("game-int", {"game": 5}),
        ("kind-deal", {"kind": "deal"}),
        ("seed-bad-hex", {"seed": "zz" * 32}),
        ("seed-short", {"seed": "41" * 31}),
        ("seed-upper", {"seed": SEED_HEX.upper()}),
        ("seed-bytes", {"seed": SEED}),
        ("seed-int", {"seed": 5}),
        ("seed-none", {"seed": None}),
        ("seed-surrogate", {"seed": "\ud800" * 64}),
        ("number-str", {"number": "1"}),
        ("number-0", {"number": 0}),
        ("number-bool", {"number": True}),
        ("number-huge", {"number": 10**5000}),
        ("moves-none", {"moves": None}),
        ("moves-str", {"moves": "ab"}),
        ("moves-dict", {"moves": {}}),
        ("moves-bad", {"moves": [{"seat": 2, "kind": "attack", "card": 99}]}),
        # House rules are the Schnapsen family's: a Durak log has no "rules".
        ("rules", {"rules": {}}),
        ("rules-null", {"rules": None}),
    ]
    codes = {
        "no-game": "bad_log",
        "no-kind": "bad_log",
        "no-seed": "bad_log",
        "no-number": "bad_log",
        "no-moves": "bad_log",
        "extra-key": "bad_log",
        "game-schnapsen": "bad_log",
        "game-int": "bad_log",
        "kind-deal": "bad_log",
        "seed-bad-hex": "no_seed",
        "seed-short": "no_seed",
        "seed-bytes": "no_seed",
        "seed-int": "no_seed",
        "seed-none": "no_seed",
        "seed-surrogate": "no_seed",
        "number-str": "bad_deal",
        "number-0": "bad_deal",
        "number-bool": "bad_deal",
        "moves-none": "not_legal",
        "moves-str": "not_legal",
        "moves-dict": "not_legal",
        "rules": "bad_log",
        "rules-null": "bad_log",
    }
    for label, over in fields:
        expect = err(codes[label]) if label in codes else None
        yield case(api, label, lambda m, over=over: m.Game.from_log(game_log(**over)), expect)


BOT_LEVELS: list[tuple[str, Any]] = [
    ("1", 1),
    ("2", 2),
    ("3", 3),
    ("4", 4),
    ("0", 0),
    ("-5", -5),
    ("2.0", 2.0),
    ("true", True),
    ("str-2", "2"),
    ("10**30", 10**30),
    ("-10**30", -(10**30)),
    ("none", None),
    ("lying-int", LyingInt(2)),
    ("raising-eq", RaisingEq(2)),
]


def _bot_cases() -> Iterator[Case]:
    for label, level in BOT_LEVELS:
        yield case(
            ("Bot", "Bot.level"), f"level-{label}", lambda m, lv=level: m.Bot(level=lv).level
        )
        yield case("Bot.level_for", label, lambda m, lv=level: m.Bot.level_for(lv))
    yield case(("Bot", "Bot.level"), "pin-10**30", lambda m: m.Bot(level=10**30).level, ok(3))
    yield case(
        "Bot.level_for",
        "ladder",
        lambda m: [m.Bot.level_for(n) for n in range(1, 6)],
        ok([1, 1, 2, 3, 3]),
    )
    yield case(("Bot", "Bot.level"), "positional", lambda m: m.Bot(2, "s").level)
    yield case(
        ("Bot", "Bot.seed"),
        "seeds",
        lambda m: [m.Bot().seed, m.Bot(seed="x").seed, m.Bot(1, b"y").seed],
    )
    for label, bad in [("int", 5), ("list", ["a"]), ("surrogate", "\ud800")]:
        yield case(
            ("Bot", "Bot.seed"), f"bad-seed-{label}", lambda m, bad=bad: m.Bot(seed=bad).seed
        )
    yield case("Bot", "bad-keyword", lambda m: m.Bot(levle=2), arity=True)
    for _, plies, _n in POSITIONS:
        for level in (1, 2, 3):
            for seat in ("TURN", 1, 2):
                yield case(
                    "Bot.choose",
                    f"p{plies}-l{level}-{seat}",
                    lambda m, p=plies, lv=level, s=seat: m.Bot(level=lv, seed="bot").choose(
                        _view_of(m, p, s)
                    ),
                )
        yield case("Bot.hint", f"p{plies}", lambda m, p=plies: m.Bot.hint(_view_of(m, p)))
    yield case("Bot.choose", "bots-play", lambda m: _bots_play(m))


def _bots_play(m: ModuleType) -> Any:
    game = m.Game.build(seed=OTHER_SEED, number=5)
    bots = {1: m.Bot(level=1, seed="one"), 2: m.Bot(level=3)}
    while not game.over:
        seat = game.turn
        game.apply(seat, bots[seat].choose(game.view(seat)))
    return game


GAME_CALLS = [*GAME_PROPS, *GAME_SEAT_METHODS, "apply", "copy", "to_log"]


def _bare_cases() -> Iterator[Case]:
    for name in GAME_CALLS:

        def call(m: ModuleType, name: str = name) -> Any:
            bare = m.Game.__new__(m.Game)
            if name == "apply":
                return bare.apply(1, {"kind": "resign"})
            if name in ("copy", "to_log"):
                return getattr(bare, name)()
            if name in ("hand_of", "count_of", "can_swap", "legal", "view", "info"):
                return getattr(bare, name)(1)
            return getattr(bare, name)

        yield case(f"Game.{name}", "bare", call, err("not_built"))
    for name in ("level", "seed"):
        yield case(
            f"Bot.{name}",
            "bare",
            lambda m, name=name: getattr(m.Bot.__new__(m.Bot), name),
            err("not_built"),
        )
    yield case(
        "Bot.choose",
        "bare",
        lambda m: m.Bot.__new__(m.Bot).choose(_view_of(m, 0)),
        err("not_built"),
    )


INFO_KEYS = [
    "seat", "ply", "phase", "turn", "trump", "trump_card", "talon", "discard", "discarded",
    "hand", "counts", "swap", "bout", "played", "known", "unseen", "legal", "over", "result",
]  # fmt: skip


def _swapped(m: ModuleType) -> Any:
    """The first game of a fixed search in which a seat swaps: right after the swap."""
    for i in range(100):
        game = m.Game.build(seed=OTHER_SEED, number=1 + i)
        for _ in range(200):
            if game.over:
                break
            legal = game.legal(game.turn)
            if {"kind": "swap"} in legal:
                game.apply(game.turn, {"kind": "swap"})
                return game
            game.apply(game.turn, legal[0])
    raise AssertionError("no swap in 100 games")


def _info_cases() -> Iterator[Case]:
    """info(seat): at positions reached by play, after a swap, and bad seats."""
    for pos, plies, number in POSITIONS:
        for seat in (1, 2):
            yield case(
                "Game.info",
                f"{pos}-{seat}",
                lambda m, p=plies, n=number, s=seat: play(m, p, number=n).info(s),
            )
    yield case("Game.info", "swap", lambda m: [_swapped(m).info(s) for s in (1, 2)])
    yield case("Game.info", "bots-play", lambda m: [_bots_play(m).info(s) for s in (1, 2)])
    for label, bad in [("0", 0), ("3", 3), ("lying", LyingInt(7)), *hostile_ints()]:
        # An int subclass is read by its value: RaisingEq(1) and LyingInt(1) are seat 1.
        expect = None if label in ("raising-eq", "lying-int") else err("bad_seat")
        yield case("Game.info", f"seat-{label}", lambda m, bad=bad: play(m, 3).info(bad), expect)
    yield case(
        "Game.info", "bare-bad-seat", lambda m: m.Game.__new__(m.Game).info(3), err("not_built")
    )
    yield case("Game.info", "no-seat", lambda m: play(m, 3).info(), arity=True)
    yield case("Game.info", "pin-keys", lambda m: list(play(m, 20).info(1)), ok(INFO_KEYS))


def _error_cases() -> Iterator[Case]:
    import trumpf.errors

    yield case("Error", "is-trumpf-error", lambda m: m.Error is trumpf.errors.Error, ok(True))


def cases() -> list[Case]:
    """Every contract case of Durak, in a fixed order."""
    out: list[Case] = []
    for group in (
        _card_cases,
        _deck_cases,
        _rules_cases,
        _result_cases,
        _search_cases,
        cases_solve.durak_cases,
        cases_expert.durak_cases,
        cases_world.durak_cases,
        _game_cases,
        _apply_cases,
        _replay_cases,
        _log_cases,
        _bot_cases,
        _bare_cases,
        _info_cases,
        _error_cases,
    ):
        out.extend(group())
    return out
