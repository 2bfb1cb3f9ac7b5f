"""Durak's boundary survives hostile input, and the core and the oracle agree on it.

Each hostile reproducer runs in a subprocess, once on the C++ core
and once on the oracle: a crash fails that one test instead of killing pytest,
and the two runs must print the same result. The tables below then drive every
public function, constructor and classmethod of ``trumpf.durak`` and
``trumpf.reference.durak`` with good and bad arguments and demand the same
answer or the same ``Error`` code from both.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from collections.abc import Callable, Iterator
from types import ModuleType
from typing import Any

import pytest

import trumpf.durak as core
import trumpf.reference.durak as oracle
from trumpf.errors import Error

SEED = bytes(range(32))
IMPLEMENTATIONS = ["trumpf.durak", "trumpf.reference.durak"]

# ---------------------------------------------------------------- reproducers

PRELUDE = """
import copy, gc, importlib, json, pickle, sys
durak = importlib.import_module(sys.argv[1])
Error = durak.Error
SEED = bytes(range(32))

def code_of(call):
    try:
        return ["ok", call()]
    except Error as err:
        return ["error", err.code]

def played(moves, number=3):
    game = durak.Game.build(seed=SEED, number=number)
    bot = durak.Bot(level=2)
    for _ in range(moves):
        if game.over:
            break
        game.apply(game.turn, bot.choose(game.view(game.turn)))
    return game

def report(value):
    print(json.dumps(value, sort_keys=True, default=repr))
"""

REPRODUCERS: dict[str, str] = {
    # Bot.choose / Bot.hint / search.choose read view["legal"] by value: a
    # tuple is a list, a list subclass is what it holds (its lying __iter__
    # never runs), and a generator or an iterator is refused, never iterated.
    "bot_choose_legal_iterable": """
        game = played(5)
        view = game.view(game.turn)
        def fresh(**changes):
            v = dict(view)
            v.update(changes)
            return v
        class Lying(list):
            def __iter__(self):
                return iter([{"kind": "resign"}])
        got = [
            durak.Bot(level=level, seed="x").choose(fresh(legal=tuple(dict(m) for m in view["legal"])))
            for level in (1, 2, 3)
        ]
        got.append(durak.Bot.hint(fresh(legal=Lying(dict(m) for m in view["legal"]))))
        got.append(durak.search.choose(fresh(legal=tuple(view["legal"])), 1, 12345))
        want = [durak.Bot(level=level, seed="x").choose(view) for level in (1, 2, 3)]
        want += [durak.Bot.hint(view), durak.search.choose(view, 1, 12345)]
        assert got == want, (got, want)
        def generator():
            yield from [dict(m) for m in view["legal"]]
        refused = [
            code_of(lambda: durak.Bot(level=level, seed="x").choose(fresh(legal=generator())))
            for level in (1, 2, 3)
        ]
        refused.append(code_of(lambda: durak.Bot.hint(fresh(legal=iter(view["legal"])))))
        refused.append(code_of(lambda: durak.search.choose(fresh(legal=generator()), 1, 12345)))
        assert refused == [["error", "bad_view"]] * 5, refused
        report(got + refused)
    """,
    # A hand whose __iter__ allocates and changes the view while it would be
    # read: the hand is read by value, so its __iter__ never runs; a
    # generator hand is refused before anything of it runs.
    "bot_choose_hand_generator_mutates_view": """
        game = played(7)
        def hostile(clear=False, generator=False):
            view = game.view(game.turn)
            cards = list(view["hand"])
            def hand():
                for card in cards:
                    junk = [[i] * 50 for i in range(200)]
                    if clear:
                        view.clear()
                    else:
                        view["legal"] = [dict(m) for m in view["legal"]]  # the old list dies
                        view["bout"] = dict(view["bout"]) if view["bout"] else None
                    del junk
                    gc.collect()
                    yield card
            class Hand(list):
                def __iter__(self):
                    return hand()
            view["hand"] = hand() if generator else Hand(cards)
            return view
        plain = game.view(game.turn)
        got = [code_of(lambda: durak.Bot(level=level, seed="y").choose(hostile())) for level in (1, 2, 3)]
        got.append(code_of(lambda: durak.Bot.hint(hostile(clear=True))))
        got.append(code_of(lambda: durak.search.choose(hostile(), 2, 0)))
        want = [["ok", durak.Bot(level=level, seed="y").choose(plain)] for level in (1, 2, 3)]
        want += [["ok", durak.Bot.hint(plain)], ["ok", durak.search.choose(plain, 2, 0)]]
        assert got == want, (got, want)
        views = [hostile(clear=True, generator=True) for _ in (1, 3)]
        refused = [code_of(lambda: durak.Bot(level=level).choose(v)) for level, v in zip((1, 3), views)]
        assert refused == [["error", "bad_view"]] * 2, refused
        assert all(v and "legal" in v for v in views), "a refused generator ran"
        report(got + refused)
    """,
    # Game.replay refuses a forged move by quoting it, from a list or a tuple
    # (read by value); a generator or an iterator of moves is refused as a
    # whole (not_legal), not iterated.
    "replay_refused_iterator": """
        game = played(12)
        moves = durak.Game.moves_of(game.history)
        out = []
        carded = [i for i, m in enumerate(moves) if "card" in m]
        for index, change in ((4, {"kind": "fly"}), (carded[2], {"card": 0}), (3, {"seat": 3})):
            forged = [dict(m) for m in moves]
            forged[index].update(change)
            try:
                durak.Game.replay(seed=SEED, moves=tuple(dict(m) for m in forged), number=3)
            except Error as err:
                assert f"move {index}" in err.message, err.message
                assert repr(forged[index]) in err.message, err.message
                out.append(err.code)
            else:
                raise AssertionError("a forged log replayed")
        assert durak.Game.replay(seed=SEED, moves=tuple(moves), number=3)["events"] == game.history
        pending = (dict(m) for m in moves)
        for given in (pending, iter(moves)):
            out.append(code_of(lambda: durak.Game.replay(seed=SEED, moves=given, number=3)))
        assert next(pending) == moves[0], "a refused generator was read"
        report(out)
    """,
    # rules.* with a bout whose attacks would change the bout while read: a
    # list subclass is read by value (its __iter__ never runs), a generator
    # is refused as the bout's (bad_bout) before it runs.
    "rules_bout_generator_mutates_bout": """
        def bout(change, generator=False):
            laid = {"attacker": 1, "defender": 2, "cap": 6, "beats": [11, None], "taken": False}
            def attacks():
                for card in (2, 19):
                    junk = [[i] * 50 for i in range(200)]
                    change(laid)
                    del junk
                    gc.collect()
                    yield card
            class Attacks(list):
                def __iter__(self):
                    return attacks()
            laid["attacks"] = attacks() if generator else Attacks([2, 19])
            return laid
        def renew(laid):
            laid["beats"] = [11, None]  # the list read before it dies
        def spoil(laid):
            laid["beats"] = "spoilt"
        def empty(laid):
            laid.clear()
        out = []
        for generator in (False, True):
            for change in (renew, spoil, empty):
                out.append(code_of(lambda: durak.rules.legal_attacks([3, 10, 20, 29, 33], bout(change, generator))))
                out.append(code_of(lambda: durak.rules.forced([3, 4], bout(change, generator), "H", False)))
                out.append(code_of(lambda: durak.rules.closes(bout(change, generator), 3)))
        assert out[:9] == [["ok", [10, 20, 29]], ["ok", "take"], ["ok", None]] * 3, out
        assert all(got == ["error", "bad_bout"] for got in out[9:]), out
        report(out)
    """,
    # Game.history and Game.apply while a gc finalizer re-enters the same game.
    "history_and_apply_reentered_by_gc": """
        game = durak.Game.build(seed=SEED, number=5)
        class Cycle:
            def __init__(self):
                self.me = self
            def __del__(self):
                turn = game.turn
                if turn is not None:
                    game.apply(turn, game.legal(turn)[0])
                game.history
        gc.set_threshold(1, 1, 1)
        for _ in range(5000):
            if game.over:
                break
            Cycle()
            game.history
            turn = game.turn
            if turn is not None:
                legal = game.legal(turn)
                Cycle()
                try:
                    game.apply(turn, legal[-1])
                except Error:
                    pass  # a finalizer moved in between: the move is stale, and refused
        gc.set_threshold(700, 10, 10)
        gc.collect()
        history = game.history
        replayed = durak.Game.replay(seed=SEED, moves=durak.Game.moves_of(history), number=5)
        assert replayed["events"] == history
        report(len(history) > 0)
    """,
    # pickle under every protocol: a game in progress plays on identically.
    "pickle_every_protocol": """
        for moves in (0, 9, 10000):
            game = played(moves)
            bot = durak.Bot(level=1, seed="pickled")
            for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
                twin = pickle.loads(pickle.dumps(game, protocol=protocol))
                assert type(twin) is type(game)
                assert twin.history == game.history and twin.seed == game.seed
                assert twin.number == game.number
                for seat in (1, 2):
                    assert twin.view(seat) == game.view(seat)
                clone = pickle.loads(pickle.dumps(bot, protocol=protocol))
                assert type(clone) is type(bot)
                assert (clone.level, clone.seed) == (bot.level, bot.seed)
                mine = game.copy()
                while not mine.over:
                    turn = mine.turn
                    move = bot.choose(mine.view(turn))
                    assert clone.choose(twin.view(turn)) == move
                    assert twin.apply(turn, move) == mine.apply(turn, move)
                assert twin.history == mine.history
            for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
                err = pickle.loads(pickle.dumps(Error("bad_view", "x"), protocol=protocol))
                assert (err.code, err.message) == ("bad_view", "x")
        report("ok")
    """,
    # Game.__new__(Game) / Bot.__new__(Bot): every use refuses, repr does not.
    "never_built": """
        bare = durak.Game.__new__(durak.Game)
        assert "not built" in repr(bare), repr(bare)
        uses = {
            name: (lambda name=name: getattr(bare, name))
            for name in (
                "seed number trump trump_card six_of_trumps turn_up_left six_owner hands talon "
                "talon_left discard bout result history seats phase ply turn over"
            ).split()
        }
        uses.update(
            hand_of=lambda: bare.hand_of(1),
            hand_of_bad_seat=lambda: bare.hand_of(7),
            count_of=lambda: bare.count_of(1),
            can_swap=lambda: bare.can_swap(2),
            view=lambda: bare.view(1),
            legal=lambda: bare.legal(1),
            apply=lambda: bare.apply(1, {"kind": "take"}),
            copy=lambda: bare.copy(),
            copy_copy=lambda: copy.copy(bare),
            copy_deepcopy=lambda: copy.deepcopy(bare),
            to_log=lambda: bare.to_log(),
            pickle=lambda: pickle.dumps(bare),
        )
        bot = durak.Bot.__new__(durak.Bot)
        assert "not built" in repr(bot), repr(bot)
        view = durak.Game.build(seed=SEED).view(1)
        uses.update(
            bot_level=lambda: bot.level,
            bot_seed=lambda: bot.seed,
            bot_choose=lambda: bot.choose(view),
            bot_pickle=lambda: pickle.dumps(bot),
        )
        got = {name: code_of(use) for name, use in uses.items()}
        assert all(code == ["error", "not_built"] for code in got.values()), got
        report(got)
    """,
}


def _run(module: str, name: str) -> str:
    code = PRELUDE + textwrap.dedent({**REPRODUCERS, **REPRODUCERS_CORE}[name])
    done = subprocess.run(
        [sys.executable, "-c", code, module],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, (
        f"{module}: {name} exited with {done.returncode}\n{done.stdout}\n{done.stderr}"
    )
    return done.stdout.strip().splitlines()[-1]


@pytest.mark.parametrize("name", sorted(REPRODUCERS))
def test_hostile_reproducer_survives_and_agrees(name: str) -> None:
    """Each of Durak crashes, in its own process, on both implementations."""
    outputs = [_run(module, name) for module in IMPLEMENTATIONS]
    assert outputs[0] == outputs[1], f"core and oracle differ:\n{outputs[0]}\n{outputs[1]}"


# The core only: pybind11's isinstance honours __class__, and a method that
# trusted it would read a stranger's memory as a Game (the oracle, being
# Python, just finds no such attribute).
REPRODUCERS_CORE = {
    "spoofed_class": """
        class Spoof:
            @property
            def __class__(self):
                return durak.Game
        spoof = Spoof()
        assert isinstance(spoof, durak.Game)
        uses = {
            "view": lambda: durak.Game.view(spoof, 1),
            "hand_of": lambda: durak.Game.hand_of(spoof, 2),
            "can_swap": lambda: durak.Game.can_swap(spoof, 1),
            "copy": lambda: durak.Game.copy(spoof),
            "history": lambda: durak.Game.history.fget(spoof),
            "seed": lambda: durak.Game.seed.fget(spoof),
        }
        got = {name: code_of(use) for name, use in uses.items()}
        assert all(code == ["error", "not_built"] for code in got.values()), got
        report(got)
    """,
}


@pytest.mark.parametrize("name", sorted(REPRODUCERS_CORE))
def test_hostile_reproducer_survives_on_the_core(name: str) -> None:
    _run("trumpf.durak", name)


# ---------------------------------------------------------------- the divergences found


@pytest.fixture(params=IMPLEMENTATIONS)
def durak(request: pytest.FixtureRequest) -> ModuleType:
    module = core if request.param == "trumpf.durak" else oracle
    return module


def _code(call: Callable[[], Any]) -> str:
    with pytest.raises(Error) as caught:
        call()
    return caught.value.code


def test_replay_of_a_str_is_refused_not_iterated(durak: ModuleType) -> None:
    for moves in ("ab", b"ab", bytearray(b"ab"), {"seat": 1}, 5, None):
        assert _code(lambda moves=moves: durak.Game.replay(SEED, moves)) == "not_legal"
    assert durak.Game.replay(SEED, ())["events"] == []


def test_bot_levels_are_ints_clamped(durak: ModuleType) -> None:
    for level in (2.0, True, False, "2", None, [2]):
        assert _code(lambda level=level: durak.Bot(level=level)) == "bad_level"
        assert _code(lambda level=level: durak.Bot.level_for(level)) == "bad_level"
    assert durak.Bot(level=10**30).level == 3
    assert durak.Bot(level=-(10**30)).level == 1
    assert durak.Bot.level_for(10**30) == 3 and durak.Bot.level_for(-(10**30)) == 1


def test_cap_for_takes_a_count(durak: ModuleType) -> None:
    for bad in ("x", 1.0, True, None, -1, 37, 10**30):
        assert _code(lambda bad=bad: durak.rules.cap_for(bad)) == "bad_counts"
    assert [durak.rules.cap_for(n) for n in (0, 3, 6, 36)] == [0, 3, 6, 6]


def test_build_and_replay_take_positional_arguments(durak: ModuleType) -> None:
    assert durak.Game.build(SEED).history == []
    assert durak.Game.build(SEED, 2).view(1) == durak.Game.build(seed=SEED, number=2).view(1)
    assert durak.Game.build(SEED, 2, 2).number == 2
    game = durak.Game.build(SEED, 4)
    while not game.over:
        game.apply(game.turn, game.legal(game.turn)[0])
    moves = durak.Game.moves_of(game.history)
    assert durak.Game.replay(SEED, moves, 4)["events"] == game.history


def test_id_of_answers_none_for_a_str_that_is_not_a_name(durak: ModuleType) -> None:
    for name in ("\ud800", "A\ud800", "XS", "", "AS ", " AS", "\u017fS", "A\u017f"):
        assert durak.card.id_of(name) is None
    for not_str in (b"AS", 5, None, ["AS"]):
        assert _code(lambda not_str=not_str: durak.card.id_of(not_str)) == "bad_card"
    assert durak.card.id_of("10h") == 14 and durak.card.long_name_of(14) == "ten of hearts"


def test_moves_of_refuses_what_is_not_an_event(durak: ModuleType) -> None:
    for history, index in (
        ([{"kind": "lead", "seat": 1}], 0),
        ([{"kind": "take", "seat": 1}, {"kind": "attack", "seat": 1}], 1),
        ([{"kind": "bout_end"}, 7], 1),
        ([{"seat": 1}], 0),
        ([{"kind": "take", "seat": 3}], 0),
    ):
        with pytest.raises(Error) as caught:
            durak.Game.moves_of(history)
        assert caught.value.code == "bad_history"
        assert f"entry {index}" in caught.value.message
    for history in ("ab", None, 5, {"kind": "take"}):
        assert _code(lambda history=history: durak.Game.moves_of(history)) == "bad_history"


# ---------------------------------------------------------------- core and oracle, call by call


class Int(int):
    """An int subclass that lies about itself: it reads as its value."""

    def __eq__(self, other: object) -> bool:
        return True

    __hash__ = int.__hash__

    def __int__(self) -> int:
        return 99

    def __index__(self) -> int:
        return 99


class Text(str):
    """A str subclass that lies about itself: it reads as its text."""

    def __eq__(self, other: object) -> bool:
        return True

    __hash__ = str.__hash__

    def __str__(self) -> str:
        return "lies"


def _position(module: ModuleType, moves: int, number: int = 3) -> Any:
    game = module.Game.build(SEED, number)
    bot = module.Bot(level=2)
    for _ in range(moves):
        if game.over:
            break
        game.apply(game.turn, bot.choose(game.view(game.turn)))
    return game


OPEN = {"attacker": 1, "defender": 2, "cap": 6, "attacks": [2, 19], "beats": [11, None]}
OPEN_BOUT = {**OPEN, "taken": False}
# Factories, so that no call finds an iterator the last one used up.
BOUTS: list[Callable[[], Any]] = [
    lambda: None,
    lambda: {**OPEN_BOUT, "attacks": [], "beats": []},
    lambda: dict(OPEN_BOUT),
    lambda: {**OPEN_BOUT, "taken": True},
    lambda: {**OPEN_BOUT, "beats": [11, 18]},
    lambda: {**OPEN_BOUT, "cap": 2, "beats": [11, 18]},
    lambda: {**OPEN_BOUT, "cap": 0, "attacks": [], "beats": []},
    lambda: {**OPEN_BOUT, "cap": 7},
    lambda: {**OPEN_BOUT, "cap": True},
    lambda: {**OPEN_BOUT, "taken": 1},
    lambda: {**OPEN_BOUT, "beats": [None, 11]},
    lambda: {**OPEN_BOUT, "beats": [11]},
    lambda: {**OPEN_BOUT, "attacks": [2, 0]},
    lambda: {**OPEN_BOUT, "attacks": [1, 2, 3, 4, 5, 6, 7], "beats": [None] * 7},
    lambda: {**OPEN_BOUT, "attacks": (2, 19), "beats": iter([11, None])},
    lambda: {**OPEN_BOUT, "attacks": "ab"},
    lambda: dict(OPEN),
    lambda: "bout",
    lambda: [2, 19],
]
HANDS: list[Callable[[], Any]] = [
    lambda: [3, 10, 20, 29, 33],
    lambda: (33, 3, 20),
    lambda: iter([4, 5]),
    lambda: [],
    lambda: [1, 1],
    lambda: [0],
    lambda: "AS",
    lambda: None,
]
TRUMPS: list[Any] = ["H", "D", "h", "HH", "", None, "\ud800", Text("S")]
CARDS: list[Any] = [1, 5, 36, 0, 37, -1, True, 1.0, "1", None, 10**30, Int(5)]


def _calls() -> Iterator[tuple[str, Callable[[ModuleType], Any]]]:
    for c in CARDS:
        for fn in ("rank_of", "suit_of", "power_of", "name_of", "face_of", "long_name_of"):
            yield f"card.{fn}({c!r})", lambda m, c=c, fn=fn: getattr(m.card, fn)(c)
    for name in ("AS", "as", "10s", "1S", "100S", "10", "T", "KD ", Text("KD"), "\x00S", 7):
        yield f"card.id_of({name!r})", lambda m, name=name: m.card.id_of(name)
    for a, b in ((1, 2), (18, 1), (2, 1), (0, 1), (1, True)):
        for t in TRUMPS:
            yield f"card.beats({a}, {b}, {t!r})", lambda m, a=a, b=b, t=t: m.card.beats(a, b, t)
    yield "deck.pack()", lambda m: m.deck.pack()
    for seed in (SEED, b"x" * 31, bytearray(32), "x" * 32, None):
        for number in (1, 2, 2**63 - 1, 0, 2**63, True, 1.0, Int(2)):
            for fn in ("order_for", "deal_for"):
                yield (
                    f"deck.{fn}({seed!r}, {number!r})",
                    lambda m, s=seed, n=number, fn=fn: getattr(m.deck, fn)(s, n),
                )
    yield "deck.order_for(SEED)", lambda m: m.deck.order_for(SEED)
    for n in (0, 5, 36, 37, -1, True, "x", 10**30):
        yield f"rules.cap_for({n!r})", lambda m, n=n: m.rules.cap_for(n)
    for hand_index in range(len(HANDS)):
        for bout_index in range(len(BOUTS)):

            def attacks(m: ModuleType, h: int = hand_index, b: int = bout_index) -> Any:
                return m.rules.legal_attacks(HANDS[h](), BOUTS[b]())

            yield f"rules.legal_attacks(HANDS[{hand_index}], BOUTS[{bout_index}])", attacks
            for swap in (False, True, 1):

                def forced(
                    m: ModuleType, h: int = hand_index, b: int = bout_index, s: Any = swap
                ) -> Any:
                    return m.rules.forced(HANDS[h](), BOUTS[b](), "H", s)

                yield f"rules.forced(HANDS[{hand_index}], BOUTS[{bout_index}], {swap})", forced
        for attack in (2, 0):
            for t in TRUMPS[:4]:

                def beats(m: ModuleType, h: int = hand_index, a: int = attack, t: Any = t) -> Any:
                    return m.rules.legal_beats(HANDS[h](), a, t)

                yield f"rules.legal_beats(HANDS[{hand_index}], {attack}, {t!r})", beats
    for bout_index in range(len(BOUTS)):
        for n in (0, 3, -1, "3"):
            yield (
                f"rules.closes(BOUTS[{bout_index}], {n!r})",
                lambda m, b=bout_index, n=n: m.rules.closes(BOUTS[b](), n),
            )
    for counts in ({1: 0, 2: 3}, {1: 2, 2: 0}, {1: 0, 2: 0}, {1: 0}, [0, 3], {1: "0", 2: 3}):
        for talon in (0, 5, -1, "0"):
            yield (
                f"result.outcome({counts!r}, {talon!r})",
                lambda m, c=counts, t=talon: m.result.outcome(
                    dict(c) if isinstance(c, dict) else c, t
                ),
            )
    for seat in (1, 2, 0, 3, "1", True, 1.0, Int(1)):
        yield f"result.resigned({seat!r})", lambda m, s=seat: m.result.resigned(s)
    for bot_seed in ("", "bot0", "x" * 1000, b"\xff" * 600, None, 5, "\ud800", bytearray(b"x")):
        for seat, ply in ((1, 0), (2, 17), (0, 0), (1, -1), (1, 2**63 - 1), (1, 2**63), (1, True)):
            yield (
                f"search.word_for({bot_seed!r:.20}, {seat}, {ply})",
                lambda m, b=bot_seed, s=seat, p=ply: m.search.word_for(b, s, p),
            )
    for level in (1, 3, 0, 10**30, 2.0, True, "2"):
        for attacking in (True, False, 1, None):
            yield (
                f"search.cost(5, [5, 14], 'D', {level!r}, {attacking!r})",
                lambda m, lv=level, a=attacking: m.search.cost(5, [5, 14, 27], "D", lv, a),
            )
    for level in (1, 2, 3, 4, -1, 0, 10**30, -(10**30), 2.0, True, "2", None):
        yield f"Bot(level={level!r}).level", lambda m, lv=level: m.Bot(level=lv).level
        yield f"Bot.level_for({level!r})", lambda m, lv=level: m.Bot.level_for(lv)
    for bot_seed in (None, "", "x", b"x", 5, "\ud800", bytearray(b"x"), "y" * 500):
        yield (
            f"Bot(seed={bot_seed!r:.20}).choose",
            lambda m, b=bot_seed: m.Bot(level=1, seed=b).choose(_position(m, 4).view(1)),
        )
    for view_index in range(len(_VIEW_CHANGES)):
        for level in (1, 2, 3):
            yield (
                f"Bot(level={level}).choose(VIEWS[{view_index}])",
                lambda m, v=view_index, lv=level: m.Bot(level=lv, seed="v").choose(_view(m, v)),
            )
        yield f"Bot.hint(VIEWS[{view_index}])", lambda m, v=view_index: m.Bot.hint(_view(m, v))
        for level, word in ((1, 12345), (2, 0), (3, 2**32 - 1), (1, 2**32), (1, -1), (2.0, 0)):
            yield (
                f"search.choose(VIEWS[{view_index}], {level!r}, {word!r})",
                lambda m, v=view_index, lv=level, w=word: m.search.choose(_view(m, v), lv, w),
            )
    for args, kwargs in (
        ((SEED,), {}),
        ((SEED, 2), {}),
        ((SEED, 2, 2), {}),
        ((), {"seed": SEED, "number": 7}),
        ((SEED,), {"seats": 3}),
        ((SEED,), {"seats": True}),
        ((SEED,), {"seats": 2.0}),
        ((b"x",), {}),
        ((SEED, 0), {}),
        ((SEED, 2**63), {}),
        ((SEED, 1.0), {}),
        ((SEED, True), {}),
    ):
        yield (
            f"Game.build(*{args!r:.30}, **{kwargs!r})",
            lambda m, a=args, k=kwargs: m.Game.build(*a, **k),
        )
    for moves_index in range(len(_MOVES_CHANGES)):
        yield (
            f"Game.replay(SEED, MOVES[{moves_index}], 3)",
            lambda m, i=moves_index: m.Game.replay(SEED, _moves(m, i), 3),
        )
    for history_index in range(len(_HISTORIES)):
        yield (
            f"Game.moves_of(HISTORIES[{history_index}])",
            lambda m, i=history_index: m.Game.moves_of(_history(m, i)),
        )
    for kind in ("attack", "resign", "bout_end", "deal", 5, None, "\ud800", Text("take"), b"take"):
        yield f"Game.is_move({kind!r})", lambda m, k=kind: m.Game.is_move(k)
    for log_index in range(len(_LOG_CHANGES)):
        yield (
            f"Game.from_log(LOGS[{log_index}])",
            lambda m, i=log_index: m.Game.from_log(_log(m, i)),
        )
    for seat in (1, 2, 0, 3, "1", True, None, 10**30, Int(2)):
        for method in ("hand_of", "count_of", "can_swap", "view", "legal"):
            yield (
                f"game.{method}({seat!r})",
                lambda m, s=seat, fn=method: getattr(_position(m, 6), fn)(s),
            )


_VIEW_CHANGES: list[Callable[[dict[str, Any]], Any]] = [
    lambda v: v,
    lambda v: v.update(legal=iter(list(v["legal"]))),
    lambda v: v.update(legal=[]),
    lambda v: v.pop("legal"),
    lambda v: v.update(legal="take"),
    lambda v: v.update(legal=[{"kind": "fly"}]),
    lambda v: v.update(legal=[{"kind": "attack"}]),
    lambda v: v.update(legal=[{"kind": "attack", "card": 5, "extra": 1}, {"kind": "done"}]),
    lambda v: v.update(legal=[{"kind": "take"}], phase="attack"),
    lambda v: v.update(legal=[{"kind": "done"}], phase="defend"),
    lambda v: v.update(legal=[{"kind": "resign"}]),
    lambda v: v.update(seat=3),
    lambda v: v.update(seat=True),
    lambda v: v.update(ply=-1),
    lambda v: v.update(ply=10**30),
    lambda v: v.update(phase="sleep"),
    lambda v: v.update(trump="h"),
    lambda v: v.update(talon=25),
    lambda v: v.update(talon=True),
    lambda v: v.update(hand=[1, 1]),
    lambda v: v.update(hand="AS"),
    lambda v: v.update(hand=iter(v["hand"])),
    lambda v: v.update(bout=None),
    lambda v: v.update(bout={"size": 7}),
    lambda v: v.update(bout={}),
    lambda v: v.update(bout=[]),
    lambda v: v.pop("trump"),
    lambda v: v.clear(),
]


def _view(module: ModuleType, index: int) -> Any:
    game = _position(module, 3 + index % 5, number=1 + index % 4)
    view = game.view(game.turn)
    _VIEW_CHANGES[index](view)
    return view


class SeatLike:
    """A dict key that hashes as "seat" and raises when compared: the seat cannot be read."""

    def __hash__(self) -> int:
        return hash("seat")

    def __eq__(self, other: object) -> bool:
        raise RuntimeError("compared")


_MOVES_CHANGES: list[Callable[[list[dict[str, Any]]], Any]] = [
    lambda ms: ms,
    lambda ms: tuple(ms),
    lambda ms: iter(ms),
    lambda ms: (dict(m) for m in ms),
    lambda ms: [*ms[:3], {**ms[3], "kind": "fly"}],
    lambda ms: iter([*ms[:3], {**ms[3], "seat": 3 - ms[3]["seat"]}]),
    lambda ms: [*ms[:2], {**ms[2], "card": True}],
    lambda ms: [*ms[:2], "junk"],
    lambda ms: [*ms[:2], {"kind": "take"}],
    lambda ms: [*ms[:2], {SeatLike(): ms[2]["seat"], "kind": "resign"}],
    lambda ms: [{**m, "seat": Int(m["seat"])} for m in ms],
    lambda ms: [{**m, "kind": Text(m["kind"])} for m in ms],
    lambda ms: "ab",
    lambda ms: {"moves": ms},
]


def _moves(module: ModuleType, index: int) -> Any:
    game = _position(module, 14)
    return _MOVES_CHANGES[index](module.Game.moves_of(game.history))


_HISTORIES: list[Callable[[list[dict[str, Any]]], Any]] = [
    lambda h: h,
    lambda h: iter(h),
    lambda h: [*h, {"kind": "refill"}],
    lambda h: [*h, {"kind": "attack", "seat": 1, "card": 37}],
    lambda h: [*h, {"kind": "swap", "seat": Int(1)}],
    lambda h: [*h, {"kind": Text("swap"), "seat": 2}],
    lambda h: [*h, "event"],
    lambda h: [],
    lambda h: "ab",
]


def _history(module: ModuleType, index: int) -> Any:
    return _HISTORIES[index](_position(module, 11).history)


_LOG_CHANGES: list[Callable[[dict[str, Any]], Any]] = [
    lambda log: log,
    lambda log: json.dumps(log),
    lambda log: json.dumps(log).encode(),
    lambda log: {**log, "game": "schnapsen"},
    lambda log: {**log, "kind": "deal"},
    lambda log: {**log, "seed": "zz"},
    lambda log: {**log, "number": 0},
    lambda log: {**log, "moves": "ab"},
    lambda log: {**log, "moves": [*log["moves"], {"seat": 1, "kind": "fly"}]},
    lambda log: "not json",
    lambda log: "[" * 100000,
    lambda log: 5,
]


def _log(module: ModuleType, index: int) -> Any:
    return _LOG_CHANGES[index](_position(module, 9).to_log())


def _answer(module: ModuleType, call: Callable[[ModuleType], Any]) -> Any:
    try:
        got = call(module)
    except Error as err:
        return ["error", err.code]
    if isinstance(got, dict) and "game" in got:
        got = {**got, "game": got["game"].history}
    elif hasattr(got, "history") and hasattr(got, "view"):
        got = [got.history, got.view(1), got.view(2), got.number]
    return ["ok", json.loads(json.dumps(got))]


@pytest.mark.parametrize("call", [pytest.param(call, id=label) for label, call in _calls()])
def test_core_and_oracle_answer_alike(call: Callable[[ModuleType], Any]) -> None:
    """One call of the public API, good or bad: the same answer or the same Error code."""
    assert _answer(core, call) == _answer(oracle, call)
