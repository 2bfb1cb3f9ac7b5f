"""``info(seat)``: everything a seat can know, and nothing else (item 1).

Run on both implementations (the oracle, and the C++ core once it has
``info``), through the public API only, against the contract's section
"Information sets". Each property can fail on a leak or a loss:

- **Hidden stays hidden.** Over random deals, matches and Durak games (house
  rules included), at every step and for both seats: ``known`` is exactly the
  cards of the other hand the table has seen go there (computed here from the
  ground truth and the history, not the way the implementations do it);
  ``unseen`` is exactly the rest of the other hand and the face-down talon, in
  id order; no other key names a card of the other hand outside ``known`` or
  a face-down talon card; nothing is the seed, in bytes or hex.
- **Same information, same info.** Pairs of deals from different seeds that
  give a seat the same hand and the same turn-up, played in lockstep with the
  same public moves, give that seat equal ``info`` for as long as its hand
  and the public history agree, while the other seat's hands differ.
- **Sound and complete.** ``hand``, the cards played or on the table, the
  face-up turn-up, ``known`` and ``unseen`` partition the deck; the scenarios
  the contract names (an exchange, the turn-up drawn as the last card, a
  marriage declared or led, the Sixty-Six exchange at a close, a taken bout,
  the trump card drawn, a swap) are built and pinned.
- ``info`` agrees with ``view`` on every key they share (Durak's
  ``trump_card`` aside, which the contract keeps once drawn), and
  ``Match.info`` is the current deal's info plus the match keys.
"""

from __future__ import annotations

import copy
import hashlib
import importlib
from collections.abc import Callable, Iterator
from types import ModuleType
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

SETTINGS = settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)

SCHNAPSEN_KEYS = [
    "seat", "variant", "rules", "number", "dealer", "ply", "phase", "turn", "leader", "lead",
    "must_lead", "trump", "turn_up", "talon_left", "draw_left", "closed_by", "close_state",
    "pending_draw", "hand", "counts", "taken", "tricks_won", "melds", "tricks", "played",
    "exchanges", "known", "unseen", "legal", "over", "result",
]  # fmt: skip
MATCH_KEYS = [*SCHNAPSEN_KEYS, "scores", "to_win", "deals", "match_over", "winner"]
DURAK_KEYS = [
    "seat", "ply", "phase", "turn", "trump", "trump_card", "talon", "discard", "discarded",
    "hand", "counts", "swap", "bout", "played", "known", "unseen", "legal", "over", "result",
]  # fmt: skip

# Rules the random games are played under: both games, and house rules that
# change when exchanges, closes and marriages happen.
SCHNAPSEN_RULES: list[Any] = [
    "schnapsen",
    "sixtysix",
    "schnapsen-tjger",
    {"name": "schnapsen", "marriage_by_lead": True, "exchange_min_stock": 5},
    {"name": "sixtysix", "marriage_by_lead": True, "exchange_min_stock": 4, "close_min_stock": 3},
    {"name": "sixtysix", "exchange_min_stock": 9, "failed_close_pays": "closer_value"},
]


def _module(name: str, cls: str) -> ModuleType:
    module = importlib.import_module(name)
    assert hasattr(getattr(module, cls), "info"), f"{name}.{cls} has no info(seat)"
    return module


@pytest.fixture(
    scope="module",
    params=["trumpf.reference.schnapsen", "trumpf.schnapsen"],
    ids=["oracle", "core"],
)
def sch(request: pytest.FixtureRequest) -> ModuleType:
    return _module(request.param, "Deal")


@pytest.fixture(
    scope="module",
    params=["trumpf.reference.durak", "trumpf.durak"],
    ids=["oracle", "core"],
)
def dur(request: pytest.FixtureRequest) -> ModuleType:
    return _module(request.param, "Game")


def seed_of(text: str) -> bytes:
    """A 32-byte seed named by some text, so a searched-for deal can be found again."""
    return hashlib.sha256(text.encode("utf-8")).digest()


def other(seat: str) -> str:
    return "p2" if seat == "p1" else "p1"


def walk(value: Any) -> Iterator[Any]:
    """Every value inside ``value``, dict keys included."""
    yield value
    if isinstance(value, dict):
        for key, inner in value.items():
            yield from walk(key)
            yield from walk(inner)
    elif isinstance(value, list):
        for inner in value:
            yield from walk(inner)


def check_plain_and_seedless(info: dict[str, Any], seed: bytes) -> None:
    """Plain data (dicts, lists, str, int, bool, None: so never bytes) and never the seed's hex."""
    for value in walk(info):
        assert value is None or isinstance(value, dict | list | str | int), type(value)
        if isinstance(value, str):
            assert seed.hex() not in value.lower()


def check_fresh(table: Any, seat: Any, info: dict[str, Any]) -> None:
    """The info is the caller's to change: changing it changes nothing in the game."""
    before = copy.deepcopy(info)
    for value in list(walk(info)):
        if isinstance(value, list):
            value.append(0)
        elif isinstance(value, dict):
            value["x"] = 0
    assert table.info(seat) == before


# ------------------------------------------------------------ Schnapsen family


def low_trump(m: ModuleType, rules: dict[str, Any], trump: str) -> int:
    card: int = m.card.id_of(rules["exchange_rank"] + trump)
    return card


def marriage_pair(m: ModuleType, suit: str) -> set[int]:
    return {m.card.id_of("K" + suit), m.card.id_of("Q" + suit)}


# What each key of a Schnapsen info may name as a card, to look for leaks.
SCHNAPSEN_CARDS: dict[str, Callable[[Any], set[int]]] = {
    "hand": set,
    "known": set,
    "lead": lambda v: set() if v is None else {v},
    "must_lead": lambda v: set(v or []),
    "turn_up": lambda v: set() if v is None else {v},
    "tricks": lambda v: {c for t in v for c in (t["lead"], t["follow"])},
    "played": lambda v: {p["card"] for p in v},
    "exchanges": lambda v: {e["took"] for e in v},
    "legal": lambda v: {e["card"] for e in v if "card" in e},
}
SCHNAPSEN_CARDLESS = {
    "seat", "variant", "rules", "number", "dealer", "ply", "phase", "turn", "leader",
    "trump", "talon_left", "draw_left", "closed_by", "close_state", "pending_draw",
    "counts", "taken", "tricks_won", "melds", "over", "result",
    "scores", "to_win", "deals", "match_over", "winner",
}  # fmt: skip


def check_deal_info(
    m: ModuleType, deal: Any, seat: str, info: dict[str, Any], view: dict[str, Any]
) -> None:
    """Everything the contract says of one Schnapsen-family info, against the ground truth."""
    mine, theirs = deal.hand_of(seat), deal.hand_of(other(seat))
    face_down = deal.talon
    rules = deal.rules
    history = deal.history
    for key in set(info) & set(view):
        if key == "ply" and "scores" in info:
            continue  # a match's view counts the whole match, its info this deal (check_match)
        assert info[key] == view[key], key
    assert info["rules"] == rules and info["hand"] == mine
    # The public record, from the history.
    assert info["tricks"] == deal.tricks
    assert info["played"] == [
        {"seat": e["seat"], "card": e["card"]} for e in history if e["kind"] in ("lead", "follow")
    ]
    dealt = m.deck.deal_for(rules, deal.seed, deal.number, deal.dealer)["turn_up"]
    exchangers = [e["seat"] for e in history if e["kind"] == "exchange"]
    # Only the dealt turn-up is ever taken: after an exchange the low trump
    # lies there, and nobody else holds it to exchange again.
    assert info["exchanges"] == [{"seat": s, "took": dealt} for s in exchangers]
    assert len(exchangers) <= 1

    # known: exactly the other hand's cards the table has seen go there.
    seen = {dealt} | ({low_trump(m, rules, deal.trump)} if exchangers else set())
    for event in history:
        if event["kind"] == "marriage" and event["seat"] == other(seat):
            seen |= marriage_pair(m, event["suit"])
    assert info["known"] == sorted(set(theirs) & seen)
    assert len(info["known"]) <= info["counts"][other(seat)]
    # unseen: the rest of the other hand and the face-down talon, in id order.
    assert info["unseen"] == sorted((set(theirs) - set(info["known"])) | set(face_down))
    if not face_down:
        assert info["unseen"] == sorted(set(theirs) - set(info["known"]))
    # A partition of the deck.
    turn_up = [] if info["turn_up"] is None else [info["turn_up"]]
    parts = [
        info["hand"],
        [p["card"] for p in info["played"]],
        turn_up,
        info["known"],
        info["unseen"],
    ]
    whole = [card for part in parts for card in part]
    assert sorted(whole) == m.deck.pack_for(rules), "not a partition of the deck"

    # Nothing names a hidden card but `unseen`.
    secret = (set(theirs) - set(info["known"])) | set(face_down)
    for key, value in info.items():
        if key == "unseen":
            continue
        if key in SCHNAPSEN_CARDS:
            assert not SCHNAPSEN_CARDS[key](value) & secret, f"{key} names a hidden card"
        else:
            assert key in SCHNAPSEN_CARDLESS, f"{key}: a key this test does not know"
    check_plain_and_seedless(info, deal.seed)


def check_deal(m: ModuleType, deal: Any) -> None:
    for seat in ("p1", "p2"):
        info = deal.info(seat)
        assert list(info) == SCHNAPSEN_KEYS
        check_deal_info(m, deal, seat, info, deal.view(seat))


def check_match(m: ModuleType, match: Any) -> None:
    for seat in ("p1", "p2"):
        info = match.info(seat)
        view = match.view(seat)
        assert list(info) == MATCH_KEYS
        # The current deal's info (its ply the deal's own events, not the
        # match's), with the match's turn and legal, plus the match keys.
        own = match.deal.info(seat)
        for key in SCHNAPSEN_KEYS:
            if key not in ("turn", "legal"):
                assert info[key] == own[key], key
        assert info["ply"] == len(match.deal.history) <= len(match.history)
        if match.over:
            assert info["turn"] is None and info["legal"] == []
        else:
            assert info["turn"] == match.deal.turn and info["legal"] == match.deal.legal(seat)
        assert info["scores"] == match.scores and info["deals"] == len(match.deals)
        assert info["to_win"] == {"p1": match.to_win("p1"), "p2": match.to_win("p2")}
        assert info["match_over"] == match.over and info["winner"] == match.winner
        check_deal_info(m, match.deal, seat, info, view)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    rules=st.sampled_from(SCHNAPSEN_RULES),
    seed=st.binary(min_size=32, max_size=32),
    number=st.integers(min_value=1, max_value=2**63 - 1),
    dealer=st.sampled_from(["p1", "p2"]),
    choices=st.lists(st.integers(min_value=0, max_value=2**16), max_size=60),
)
def test_deal_info_hides_what_is_hidden_and_places_what_is_known(
    sch: ModuleType, rules: Any, seed: bytes, number: int, dealer: str, choices: list[int]
) -> None:
    deal = sch.Deal.build(variant=rules, seed=seed, number=number, dealer=dealer)
    for step in range(200):
        check_deal(sch, deal)
        if deal.over:
            break
        legal = deal.legal(deal.turn)
        choice = choices[step] if step < len(choices) else step
        deal.apply(deal.turn, legal[choice % len(legal)])
    check_fresh(deal, "p1", deal.info("p1"))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    rules=st.sampled_from(SCHNAPSEN_RULES),
    seed=st.binary(min_size=32, max_size=32),
    dealer=st.sampled_from(["p1", "p2"]),
    choices=st.lists(st.integers(min_value=0, max_value=2**16), max_size=400),
)
def test_match_info_is_the_deal_info_and_the_match(
    sch: ModuleType, rules: Any, seed: bytes, dealer: str, choices: list[int]
) -> None:
    match = sch.Match.build(variant=rules, seed=seed, dealer=dealer)
    for step in range(2000):
        check_match(sch, match)
        if match.over:
            break
        legal = match.legal(match.turn)
        choice = choices[step] if step < len(choices) else step
        match.apply(match.turn, legal[choice % len(legal)])
    check_fresh(match, "p2", match.info("p2"))


# Seed pairs (game, observer, i, j): seed_of(f"trumpf-info-{game}:{i}") and
# seed_of(f"trumpf-info-{game}:{j}"), dealt as deal 1 with p1 dealing, give the
# observer the same hand in the same order under the same turn-up, and the
# other seat other cards; found by a birthday search with the oracle's deck.
# In several the other seat holds the low trump (or a marriage) in both, so
# it can show the observer a card.
SCHNAPSEN_PAIRS = [
    ("schnapsen", "p1", 467, 3078),
    ("schnapsen", "p2", 5865, 5976),
    ("schnapsen", "p1", 1117, 12833),
    ("schnapsen", "p2", 1037, 14914),
    ("schnapsen", "p1", 17578, 19611),
    ("schnapsen", "p1", 8901, 29817),
    ("schnapsen", "p1", 25295, 34436),
    ("schnapsen", "p2", 23218, 36503),
    ("sixtysix", "p1", 15891, 32614),
    ("sixtysix", "p2", 30678, 47551),
    ("sixtysix", "p1", 41338, 101543),
    ("sixtysix", "p1", 77646, 243329),
    ("sixtysix", "p2", 273898, 282976),
    ("sixtysix", "p2", 180530, 394223),
]
# House rules deal the same cards, so each pair is a pair under them too.
PAIR_RULES: dict[str, list[Any]] = {
    "schnapsen": ["schnapsen", "schnapsen-tjger"],
    "sixtysix": ["sixtysix", {"name": "sixtysix", "marriage_by_lead": True}],
}


def _pair(
    m: ModuleType, pair: tuple[str, str, int, int], rules: Any, match: bool
) -> tuple[str, Any, Any]:
    game, observer, i, j = pair
    tables = []
    for n in (i, j):
        seed = seed_of(f"trumpf-info-{game}:{n}")
        if match:
            tables.append(m.Match.build(variant=rules, seed=seed, dealer="p1"))
        else:
            tables.append(m.Deal.build(variant=rules, seed=seed, number=1, dealer="p1"))
    return observer, tables[0], tables[1]


def _deal_of(table: Any) -> Any:
    return table.deal if hasattr(table, "deal") else table


def lockstep(
    one: Any,
    two: Any,
    observer: Any,
    choices: list[int],
    first: Callable[[Any, list[Any]], Any | None],
    hand: Callable[[Any], Any],
) -> Iterator[int]:
    """Play two games with the same public moves while the observer cannot tell them apart.

    Yields each step at which the histories, the turn and the observer's hand
    agree; stops for good at the first step where they do not (the observer
    has then seen something that tells the games apart: a Durak defender's
    forced take is silent, so only the turn shows it). The observer's moves
    come from its legal moves, the other seat's from the moves legal in both
    games; ``first`` may pick a move before ``choices`` do.
    """
    for step in range(1000):
        if one.history != two.history or one.turn != two.turn or hand(one) != hand(two):
            return
        yield step
        if one.over:
            return
        seat = one.turn
        theirs = two.legal(seat)
        options = [move for move in one.legal(seat) if move in theirs]
        if seat == observer:
            assert options == one.legal(seat) == theirs
        if not options:
            return
        move = first(seat, options)
        if move is None:
            choice = choices[step] if step < len(choices) else step
            move = options[choice % len(options)]
        one.apply(seat, move)
        two.apply(seat, move)


def _opening(observer: str, close: bool, declare: bool) -> Callable[[Any, list[Any]], Any | None]:
    # With ``declare`` the other seat shows what it can (a marriage, an
    # exchange: cards the observer then knows); with ``close`` the seat on
    # lead closes at the first chance, so nobody draws and the deal can be
    # played out with the observer's hand the same in both games.
    def first(seat: Any, options: list[Any]) -> Any | None:
        if declare and seat != observer:
            for kind in ("marriage", "exchange"):
                shown = [move for move in options if move["kind"] == kind]
                if shown:
                    return shown[0]
        return {"kind": "close"} if close and {"kind": "close"} in options else None

    return first


@pytest.mark.parametrize("match", [False, True], ids=["deal", "match"])
@SETTINGS
@given(
    pair=st.sampled_from(SCHNAPSEN_PAIRS),
    which=st.integers(min_value=0, max_value=1),
    close=st.booleans(),
    declare=st.booleans(),
    choices=st.lists(st.integers(min_value=0, max_value=2**16), max_size=40),
)
def test_same_information_gives_equal_schnapsen_info(
    sch: ModuleType,
    match: bool,
    pair: tuple[str, str, int, int],
    which: int,
    close: bool,
    declare: bool,
    choices: list[int],
) -> None:
    rules = PAIR_RULES[pair[0]][which]
    observer, one, two = _pair(sch, pair, rules, match)
    first, second = _deal_of(one), _deal_of(two)
    assert first.hand_of(observer) == second.hand_of(observer)
    assert first.turn_up == second.turn_up
    assert first.hand_of(other(observer)) != second.hand_of(other(observer))
    assert one.info(other(observer)) != two.info(other(observer))
    for _ in lockstep(
        one,
        two,
        observer,
        choices,
        _opening(observer, close, declare),
        lambda t: _deal_of(t).hand_of(observer),
    ):
        assert one.info(observer) == two.info(observer)


def test_the_schnapsen_pairs_reach_positions_that_matter(sch: ModuleType) -> None:
    """The lockstep runs far: hidden cards differ through whole closed deals, with cards known."""
    compared = closed = with_known = over = 0
    for pair in SCHNAPSEN_PAIRS:
        for rules in PAIR_RULES[pair[0]]:
            for close in (True, False):
                observer, one, two = _pair(sch, pair, rules, False)
                hand = lambda t, o=observer: t.hand_of(o)  # noqa: E731
                for _ in lockstep(one, two, observer, [], _opening(observer, close, True), hand):
                    assert one.info(observer) == two.info(observer)
                    if one.hand_of(other(observer)) != two.hand_of(other(observer)):
                        compared += 1
                        closed += one.closed_by is not None
                        with_known += bool(one.info(observer)["known"])
                        over += one.over
    assert compared > 200 and closed > 100 and with_known > 20 and over > 10, (
        compared,
        closed,
        with_known,
        over,
    )


# --------------------------------------------------------------------- scenarios


def play_until(
    table: Any, stop: Callable[[Any], bool], pick: Callable[[Any, list[Any]], Any], limit: int = 200
) -> bool:
    """Apply ``pick``'s moves until ``stop(table)``; whether it stopped there."""
    for _ in range(limit):
        if stop(table):
            return True
        if table.over:
            return False
        seat = table.turn
        table.apply(seat, pick(table, table.legal(seat)))
    return stop(table)


def plain_play(table: Any, legal: list[Any]) -> Any:
    """Lead or follow with the last card offered; no declarations."""
    cards = [move for move in legal if move["kind"] in ("lead", "follow", "draw")]
    return cards[-1] if cards else legal[-1]


@pytest.mark.parametrize("variant", ["schnapsen", "sixtysix"])
def test_an_exchange_shows_the_card_taken_until_it_is_played(sch: ModuleType, variant: str) -> None:
    played_seen = 0
    for i in range(40):
        deal = sch.Deal.build(variant=variant, seed=seed_of(f"info-exchange-{i}"), number=1)
        if not play_until(deal, lambda d: {"kind": "exchange"} in d.legal(d.turn), plain_play):
            continue
        seat, took = deal.turn, deal.turn_up
        deal.apply(seat, {"kind": "exchange"})
        low = low_trump(sch, deal.rules, deal.trump)
        watcher = deal.info(other(seat))
        assert took in watcher["known"] and took not in watcher["unseen"]
        assert watcher["exchanges"] == [{"seat": seat, "took": took}]
        assert watcher["turn_up"] == low
        mine = deal.info(seat)
        assert took in mine["hand"] and took not in mine["known"]
        assert mine["exchanges"] == watcher["exchanges"]
        # Known while held, gone from `known` once played.
        while not deal.over and took in deal.hand_of(seat):
            assert took in deal.info(other(seat))["known"]
            deal.apply(deal.turn, plain_play(deal, deal.legal(deal.turn)))
        if took not in deal.hand_of(seat):
            played_seen += 1
            assert took not in deal.info(other(seat))["known"]
            assert {"seat": seat, "card": took} in deal.info(other(seat))["played"]
        check_deal(sch, deal)
    assert played_seen >= 3


@pytest.mark.parametrize("variant", ["schnapsen", "sixtysix"])
def test_the_turn_up_drawn_as_the_last_card_is_known(sch: ModuleType, variant: str) -> None:
    cases = {"plain": 0, "after an exchange": 0}
    for i in range(60):
        deal = sch.Deal.build(variant=variant, seed=seed_of(f"info-last-{i}"), number=1)
        exchange = i % 2 == 0

        def pick(d: Any, legal: list[Any], exchange: bool = exchange) -> Any:
            if exchange and {"kind": "exchange"} in legal:
                return {"kind": "exchange"}
            return plain_play(d, legal)

        last = deal.turn_up
        while not deal.over and deal.turn_up is not None:
            last = deal.turn_up
            deal.apply(deal.turn, pick(deal, deal.legal(deal.turn)))
        if deal.turn_up is not None or deal.closed_by is not None:
            continue
        drawer = "p1" if last in deal.hand_of("p1") else "p2"
        assert last in deal.hand_of(drawer)
        watcher = deal.info(other(drawer))
        assert last in watcher["known"]
        assert watcher["unseen"] == sorted(set(deal.hand_of(drawer)) - set(watcher["known"]))
        assert watcher["talon_left"] == 0 and watcher["turn_up"] is None
        assert last not in deal.info(drawer)["known"]
        cases["after an exchange" if watcher["exchanges"] else "plain"] += 1
        check_deal(sch, deal)
    assert min(cases.values()) >= 2, cases


def at_a_marriage(sch: ModuleType, rules: str, tag: str, count: int) -> Iterator[tuple[int, Any]]:
    """(i, deal) for the deals seeded f"{tag}-{i}" that reach a seat's offered marriage."""
    for i in range(count):
        deal = sch.Deal.build(variant=rules, seed=seed_of(f"{tag}-{i}"), number=1)
        if play_until(deal, marriage_offered, plain_play):
            yield i, deal


def marriage_offered(d: Any) -> bool:
    return not d.over and any(m["kind"] == "marriage" for m in d.legal(d.turn))


@pytest.mark.parametrize("rules", ["schnapsen", "sixtysix"])
def test_a_stray_card_on_a_marriage_changes_no_information_set(sch: ModuleType, rules: str) -> None:
    # Without marriage_by_lead a marriage names no card, and apply ignores one
    # (a served table's client may send anything). The core once counted it
    # as played, so the live deal's info differed from its log's replay.
    checked = 0
    for i, deal in at_a_marriage(sch, rules, "info-stray", 60):
        seat = deal.turn
        move = next(m for m in deal.legal(seat) if m["kind"] == "marriage")
        plain = deal.copy()
        plain.apply(seat, {"kind": "marriage", "suit": move["suit"]})
        for stray in sorted(set(sch.deck.pack_for(rules)))[i % 3 :: 3]:
            tried = deal.copy()
            tried.apply(seat, {"kind": "marriage", "suit": move["suit"], "card": stray})
            replayed = sch.Deal.from_log(tried.to_log())
            for s in ("p1", "p2"):
                assert tried.info(s) == plain.info(s) == replayed.info(s), (stray, s)
            checked += 1
    assert checked >= 20


@pytest.mark.parametrize("rules", ["schnapsen", "sixtysix", "schnapsen-tjger"])
def test_a_marriage_shows_both_cards_and_the_one_not_led_stays_known(
    sch: ModuleType, rules: str
) -> None:
    found = played_later = 0
    for i, deal in at_a_marriage(sch, rules, "info-marriage", 80):
        seat = deal.turn
        move = next(m for m in deal.legal(seat) if m["kind"] == "marriage")
        pair = marriage_pair(sch, move["suit"])
        deal.apply(seat, move)
        watcher = deal.info(other(seat))
        if deal.rules["marriage_by_lead"]:
            led = move["card"]
        else:
            # Declared and not yet led: both are known.
            assert pair <= set(watcher["known"])
            assert set(watcher["must_lead"]) == pair
            led = sorted(pair)[i % 2]
            deal.apply(seat, {"kind": "lead", "card": led})
            watcher = deal.info(other(seat))
        (kept,) = pair - {led}
        assert watcher["played"][-1] == {"seat": seat, "card": led}
        assert led not in watcher["known"] and kept in watcher["known"]
        assert kept not in watcher["unseen"]
        assert kept not in deal.info(seat)["known"]
        # Known while held, gone from `known` once played.
        while not deal.over and kept in deal.hand_of(seat):
            assert kept in deal.info(other(seat))["known"]
            deal.apply(deal.turn, plain_play(deal, deal.legal(deal.turn)))
        if kept not in deal.hand_of(seat):
            assert kept not in deal.info(other(seat))["known"]
            assert {"seat": seat, "card": kept} in deal.info(other(seat))["played"]
            played_later += 1
        check_deal(sch, deal)
        found += 1
        if found == 4:
            break
    assert found == 4 and played_later >= 2, (found, played_later)


@pytest.mark.parametrize("min_stock", [1, 9])
def test_the_sixtysix_exchange_at_a_close_counts_as_an_exchange(
    sch: ModuleType, min_stock: int
) -> None:
    rules = {"name": "sixtysix", "exchange_min_stock": min_stock}
    found = {"exchanged": 0, "too late": 0}
    for i in range(200):
        deal = sch.Deal.build(variant=rules, seed=seed_of(f"info-close-{i}"), number=1)
        late = i % 2 == 1  # close early (stock 12, 10) or late (stock 6 or less)

        def ready(d: Any, late: bool = late) -> bool:
            if d.over or {"kind": "close"} not in d.legal(d.turn) or d.turn_up is None:
                return False
            low = low_trump(sch, d.rules, d.trump)
            return low in d.hand_of(other(d.turn)) and (d.draw_left <= 6) == late

        if not play_until(deal, ready, plain_play):
            continue
        closer, took, stock = deal.turn, deal.turn_up, deal.draw_left
        events = deal.apply(closer, {"kind": "close"})
        info = deal.info(closer)
        if stock >= min_stock:
            assert events[-1] == {"kind": "exchange", "seat": other(closer)}
            assert info["exchanges"] == [{"seat": other(closer), "took": took}]
            assert took in info["known"] and took not in info["unseen"]
            found["exchanged"] += 1
        else:
            assert [e["kind"] for e in events] == ["close"]
            assert info["exchanges"] == [] and info["turn_up"] == took
            assert took not in info["known"]
            found["too late"] += 1
        check_deal(sch, deal)
    assert found["exchanged"] >= 2
    assert min_stock == 1 or found["too late"] >= 2, found


# ----------------------------------------------------------------------- Durak


def table_cards(bout: dict[str, Any] | None) -> list[int]:
    if bout is None:
        return []
    return [*bout["attacks"], *(b for b in bout["beats"] if b is not None)]


DURAK_CARDS: dict[str, Callable[[Any], set[int]]] = {
    "trump_card": lambda v: {v},
    "discarded": set,
    "hand": set,
    "known": set,
    "bout": lambda v: (
        set()
        if v is None
        else {c for p in v["pairs"] for c in (p["attack"], p["beat"]) if c is not None}
        | ({v["unbeaten"]} if v["unbeaten"] is not None else set())
    ),
    "played": lambda v: {p["card"] for p in v},
    "legal": lambda v: {e["card"] for e in v if "card" in e},
}
DURAK_CARDLESS = {
    "seat", "ply", "phase", "turn", "trump", "talon", "discard", "counts", "swap", "over",
    "result",
}  # fmt: skip


def check_game_info(m: ModuleType, game: Any, seat: int) -> dict[str, Any]:
    """Everything the contract says of one Durak info, against the ground truth."""
    info = game.info(seat)
    assert list(info) == DURAK_KEYS
    view = game.view(seat)
    for key in set(info) & set(view) - {"trump_card"}:
        assert info[key] == view[key], key
    # The trump card keeps its id once drawn; the view says None then.
    assert info["trump_card"] == game.trump_card
    assert view["trump_card"] in (None, info["trump_card"])
    mine, theirs = game.hand_of(seat), game.hand_of(3 - seat)
    history = game.history
    on_table = table_cards(game.bout)
    assert info["played"] == [
        {"seat": e["seat"], "kind": e["kind"], "card": e["card"]}
        for e in history
        if e["kind"] in ("attack", "beat")
    ]
    played = {p["card"] for p in info["played"]}
    # A card played is on the table, back in a hand, on the heap, or (the six
    # of trumps, played, picked up and swapped) under the talon.
    elsewhere = set(mine) | set(theirs) | set(on_table) | set(game.talon)
    assert info["discarded"] == sorted(played - elsewhere)
    assert len(info["discarded"]) == info["discard"]

    dealt = m.deck.deal_for(game.seed, game.number)["trump_card"]
    seen = {dealt} | played
    if any(e["kind"] == "swap" for e in history):
        seen.add(game.six_of_trumps)
    assert info["known"] == sorted(set(theirs) & seen)
    assert len(info["known"]) <= info["counts"][3 - seat]
    face_down = game.talon[:-1]  # the trump card lies face up under the talon
    assert info["unseen"] == sorted((set(theirs) - set(info["known"])) | set(face_down))
    if not face_down:
        assert info["unseen"] == sorted(set(theirs) - set(info["known"]))
    under = [info["trump_card"]] if info["talon"] else []
    parts = [info["hand"], on_table, info["discarded"], under, info["known"], info["unseen"]]
    whole = [card for part in parts for card in part]
    assert sorted(whole) == list(range(1, 37)), "not a partition of the deck"

    secret = (set(theirs) - set(info["known"])) | set(face_down)
    for key, value in info.items():
        if key == "unseen":
            continue
        if key in DURAK_CARDS:
            assert not DURAK_CARDS[key](value) & secret, f"{key} names a hidden card"
        else:
            assert key in DURAK_CARDLESS, f"{key}: a key this test does not know"
    check_plain_and_seedless(info, game.seed)
    return info


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.binary(min_size=32, max_size=32),
    number=st.integers(min_value=1, max_value=2**63 - 1),
    choices=st.lists(st.integers(min_value=0, max_value=2**16), max_size=150),
    resign=st.integers(min_value=0, max_value=400),
)
def test_durak_info_hides_what_is_hidden_and_places_what_is_known(
    dur: ModuleType, seed: bytes, number: int, choices: list[int], resign: int
) -> None:
    game = dur.Game.build(seed=seed, number=number)
    for step in range(1000):
        for seat in (1, 2):
            check_game_info(dur, game, seat)
        if game.over:
            break
        seat = game.turn
        if step == resign:
            # A resignation leaves the bout on the table.
            game.apply(3 - seat, {"kind": "resign"})
            continue
        legal = game.legal(seat)
        choice = choices[step] if step < len(choices) else step
        game.apply(seat, legal[choice % len(legal)])
    check_fresh(game, 1, game.info(1))


# Seed pairs (observer, i, j, first attacker): seed_of(f"trumpf-info-durak:{i}")
# and seed_of(f"trumpf-info-durak:{j}") deal the observer the same hand under
# the same trump card, put the same two cards on top of the talon, and let the
# same seat attack first, so the lockstep runs past the first refill; found by
# a birthday search over 1.5 million deals with the oracle's deck.
DURAK_PAIRS = [
    (2, 104742, 561588, 2),
    (1, 781101, 1204007, 1),
    (1, 220552, 804817, 1),
    (2, 6938, 337668, 2),
    (2, 1114826, 1445025, 2),
    (2, 224445, 1160570, 1),
    (1, 352199, 1436288, 2),
    (1, 1273697, 1332400, 2),
    (1, 15860, 277063, 1),
    (1, 855175, 1021817, 1),
    (2, 200699, 604602, 1),
    (2, 346794, 630143, 1),
]


def _durak_pair(m: ModuleType, pair: tuple[int, int, int, int]) -> tuple[int, Any, Any]:
    observer, i, j, _ = pair
    one = m.Game.build(seed=seed_of(f"trumpf-info-durak:{i}"), number=1)
    two = m.Game.build(seed=seed_of(f"trumpf-info-durak:{j}"), number=1)
    return observer, one, two


def _taking(observer: int, take: bool) -> Callable[[Any, list[Any]], Any | None]:
    # A defender that takes never draws, so its hand stays the same in both games.
    def first(seat: Any, options: list[Any]) -> Any | None:
        return (
            {"kind": "take"} if take and seat == observer and {"kind": "take"} in options else None
        )

    return first


@SETTINGS
@given(
    pair=st.sampled_from(DURAK_PAIRS),
    take=st.booleans(),
    choices=st.lists(st.integers(min_value=0, max_value=2**16), max_size=80),
)
def test_same_information_gives_equal_durak_info(
    dur: ModuleType, pair: tuple[int, int, int, int], take: bool, choices: list[int]
) -> None:
    observer, one, two = _durak_pair(dur, pair)
    assert one.hand_of(observer) == two.hand_of(observer)
    assert one.trump_card == two.trump_card
    assert one.hand_of(3 - observer) != two.hand_of(3 - observer)
    assert one.info(3 - observer) != two.info(3 - observer)
    hand = lambda g: g.hand_of(observer)  # noqa: E731
    for _ in lockstep(one, two, observer, choices, _taking(observer, take), hand):
        assert one.info(observer) == two.info(observer)


def test_the_durak_pairs_reach_positions_that_matter(dur: ModuleType) -> None:
    """The lockstep runs past refills, with cards known, while the other hands differ."""
    compared = refilled = with_known = 0
    for pair in DURAK_PAIRS:
        for take in (True, False):
            observer, one, two = _durak_pair(dur, pair)
            hand = lambda g, o=observer: g.hand_of(o)  # noqa: E731
            for _ in lockstep(one, two, observer, [], _taking(observer, take), hand):
                assert one.info(observer) == two.info(observer)
                if one.hand_of(3 - observer) != two.hand_of(3 - observer):
                    compared += 1
                    refilled += any(e["kind"] == "refill" for e in one.history)
                    with_known += bool(one.info(observer)["known"])
    assert compared > 100 and refilled > 50 and with_known > 30, (compared, refilled, with_known)


def first_move(game: Any, legal: list[Any]) -> Any:
    """Beat or attack with the first card offered, else take or done; never swap."""
    for kind in ("beat", "attack", "take", "done"):
        for move in legal:
            if move["kind"] == kind:
                return move
    return legal[0]


def test_a_taken_bout_shows_the_cards_picked_up(dur: ModuleType) -> None:
    checked = 0
    for i in range(20):
        game = dur.Game.build(seed=seed_of(f"info-take-{i}"), number=1)

        def takes(g: Any, legal: list[Any]) -> Any:
            if {"kind": "take"} in legal and len(g.bout["attacks"]) >= 2:
                return {"kind": "take"}
            return first_move(g, legal)

        while not game.over:
            before = game.bout
            events = game.apply(game.turn, takes(game, game.legal(game.turn)))
            ended = [e for e in events if e["kind"] == "bout_end"]
            if ended and ended[0]["taken"]:
                taker = before["defender"]
                laid = set(table_cards(before))
                for e in events:
                    if e["kind"] in ("attack", "beat"):
                        laid.add(e["card"])
                watcher = check_game_info(dur, game, 3 - taker)
                assert laid <= set(watcher["known"]) and laid <= set(game.hand_of(taker))
                assert not laid & set(watcher["unseen"])
                assert not laid & set(check_game_info(dur, game, taker)["known"])
                checked += 1
        if checked >= 10:
            break
    assert checked >= 10


def test_the_trump_card_drawn_is_known_to_be_in_the_drawers_hand(dur: ModuleType) -> None:
    drawers = set()
    for i in range(30):
        game = dur.Game.build(seed=seed_of(f"info-trump-{i}"), number=1)
        if not play_until(game, lambda g: g.talon_left == 0, first_move, limit=1000):
            continue
        # The refill that emptied the talon has just dealt the trump card.
        card = game.trump_card
        holder = 1 if card in game.hand_of(1) else 2
        assert card in game.hand_of(holder)
        watcher = check_game_info(dur, game, 3 - holder)
        assert card in watcher["known"] and watcher["trump_card"] == card
        assert game.view(3 - holder)["trump_card"] is None
        assert card in check_game_info(dur, game, holder)["hand"]
        drawers.add(holder)
    assert drawers == {1, 2}


def test_a_swap_shows_the_card_taken_and_the_six_under_the_talon(dur: ModuleType) -> None:
    found = 0
    for i in range(200):
        game = dur.Game.build(seed=seed_of(f"info-swap-{i}"), number=1)

        def can_swap(g: Any) -> bool:
            return not g.over and {"kind": "swap"} in g.legal(g.turn)

        if not play_until(game, can_swap, first_move, limit=1000):
            continue
        seat, took, six = game.turn, game.trump_card, game.six_of_trumps
        game.apply(seat, {"kind": "swap"})
        watcher = check_game_info(dur, game, 3 - seat)
        assert took in watcher["known"] and watcher["trump_card"] == six
        assert six not in watcher["unseen"] and six not in watcher["known"]
        mine = check_game_info(dur, game, seat)
        assert took in mine["hand"] and six not in mine["hand"]
        found += 1
        if found == 5:
            break
    assert found == 5
