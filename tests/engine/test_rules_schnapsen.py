"""The rules docs/rules/schnapsen.md and sixtysix.md call easy to get wrong, one test each.

Positions come from the reference transcripts: a record is replayed through
the implementation under test up to the moment that matters, and what
happens next is checked against the rule as the test states it (card points
and the game-point scale are recomputed here, not read back from the
implementation).
"""

from __future__ import annotations

import hashlib
from collections import Counter
from collections.abc import Callable
from types import ModuleType
from typing import Any

import pytest

from _schnapsen_support import build_deal, impl, jsonish, load

__all__ = ["impl"]

SUITS = "SHDC"
RANKS = "ATKQJ9"
POINTS = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2, "9": 0}

DEALS = load("schnapsen-deal") + load("sixtysix-deal") + load("sixtysix-drawn")
SEED_A = b"A" * 32


def suit(card: int) -> str:
    return SUITS[(card - 1) // 6]


def power(card: int) -> int:
    return 5 - (card - 1) % 6


def points(card: int) -> int:
    return POINTS[RANKS[(card - 1) % 6]]


def other(seat: str) -> str:
    return "p2" if seat == "p1" else "p1"


def find(
    predicate: Callable[[dict[str, Any], int, dict[str, Any]], bool],
    limit: int = 6,
    records: list[tuple[str, dict[str, Any]]] | None = None,
) -> list[Any]:
    """(record, step index) params where predicate holds, at most one a record.

    Up to ``limit`` positions from each game, so that both Schnapsen and
    Sixty-Six are exercised wherever the transcripts allow.
    """
    found = []
    per_game: Counter[str] = Counter()
    for name, record in records if records is not None else DEALS:
        if per_game[record["game"]] >= limit:
            continue
        for index, step in enumerate(record["steps"]):
            if predicate(record, index, step):
                found.append(pytest.param(record, index, id=f"{name}@{index}"))
                per_game[record["game"]] += 1
                break
    assert found, "the transcripts hold no such position"
    return found


def replay_to(impl: ModuleType, record: dict[str, Any], upto: int) -> Any:
    """The deal of a record with its first ``upto`` moves played."""
    deal = build_deal(impl, record)
    for step in record["steps"][:upto]:
        deal.apply(step["seat"], step["move"])
    return deal


def play_rest(deal: Any, record: dict[str, Any], start: int) -> list[dict[str, Any]]:
    events: list[dict[str, Any]] = []
    for step in record["steps"][start:]:
        events.extend(deal.apply(step["seat"], step["move"]))
    return events


def scale(opponent_points: int, opponent_tricks: int) -> int:
    if opponent_tricks == 0:
        return 3
    return 2 if opponent_points < 33 else 1


# --------------------------------------------------------------- marriages

PENDING_MARRIAGES = find(
    lambda r, i, s: s["move"]["kind"] == "marriage" and s["state"]["tricks_won"][s["seat"]] == 0
)
COUNTED_MARRIAGES = find(
    lambda r, i, s: s["move"]["kind"] == "marriage" and s["state"]["tricks_won"][s["seat"]] > 0
)


@pytest.mark.parametrize(("record", "index"), PENDING_MARRIAGES)
def test_marriage_counts_only_once_its_owner_takes_a_trick(
    impl: ModuleType, record: dict[str, Any], index: int
) -> None:
    deal = replay_to(impl, record, index)
    seat = record["steps"][index]["seat"]
    move = record["steps"][index]["move"]
    before = deal.points_of(seat)
    deal.apply(seat, move)
    assert deal.points_of(seat) == before, "a pending marriage must not count yet"
    assert jsonish(deal.melds)[-1] == {
        "seat": seat,
        "suit": move["suit"],
        "value": move["value"],
        "counted": False,
    }
    assert deal.must_lead is not None and len(deal.must_lead) == 2
    assert {suit(c) for c in deal.must_lead} == {move["suit"]}
    # Play on until the owner's first trick: then trick and marriage count.
    for step in record["steps"][index + 1 :]:
        lead_before = deal.lead
        earned = deal.points_of(seat)
        events = deal.apply(step["seat"], step["move"])
        tricks = [e for e in events if e["kind"] == "trick"]
        if tricks and tricks[0]["winner"] == seat:
            value = points(lead_before) + points(step["move"]["card"])
            assert deal.points_of(seat) == earned + value + move["value"]
            assert jsonish(deal.melds)[-1]["counted"] is True
            break
        if deal.over:
            # Never took a trick: the marriage never counted.
            assert jsonish(deal.melds)[-1]["counted"] is False
            assert deal.points_of(seat) == 0
            break


@pytest.mark.parametrize(("record", "index"), COUNTED_MARRIAGES)
def test_marriage_of_a_seat_with_a_trick_counts_at_once(
    impl: ModuleType, record: dict[str, Any], index: int
) -> None:
    deal = replay_to(impl, record, index)
    step = record["steps"][index]
    before = deal.points_of(step["seat"])
    deal.apply(step["seat"], step["move"])
    assert deal.points_of(step["seat"]) == before + step["move"]["value"]
    assert jsonish(deal.melds)[-1]["counted"] is True
    # 40 in trumps, 20 otherwise.
    assert step["move"]["value"] == (40 if step["move"]["suit"] == deal.trump else 20)


# ----------------------------------------------------------------- scoring


def test_schwarz_counts_tricks_not_points(impl: ModuleType) -> None:
    scale_of = impl.scoring.scale
    assert scale_of(0, 0) == 3
    assert scale_of(0, 1) == 2, "a trick of two nines is not Schwarz"
    assert scale_of(32, 1) == 2
    assert scale_of(33, 1) == 1
    assert scale_of(60, 4) == 1
    # The same through deal_result: the loser took one pointless trick.
    result = impl.scoring.deal_result(
        variant="sixtysix",
        how="claim",
        by="p1",
        points={"p1": 70, "p2": 0},
        tricks={"p1": 5, "p2": 1},
        closed_by=None,
        close_state=None,
        last_trick="p1",
    )
    assert result["how"] == "claim" and result["winner"] == "p1"
    assert result["game_points"] == 2


SCHNEIDER_ENDS = find(
    lambda r, i, s: any(
        e["kind"] == "deal_end"
        and e["how"] in ("claim", "last_trick")
        and e["winner"] is not None
        and e["tricks"][e["loser"]] > 0
        and e["points"][e["loser"]] < 33
        for e in s["events"]
    )
)


@pytest.mark.parametrize(("record", "index"), SCHNEIDER_ENDS)
def test_real_deal_with_tricks_but_few_points_is_schneider(
    impl: ModuleType, record: dict[str, Any], index: int
) -> None:
    deal = replay_to(impl, record, index)
    step = record["steps"][index]
    deal.apply(step["seat"], step["move"])
    result = deal.result
    loser = result["loser"]
    if record["game"] == "schnapsen" and result["how"] == "last_trick":
        assert result["game_points"] == 1
    else:
        assert result["game_points"] == 2
    assert result["tricks"][loser] > 0 and result["points"][loser] < 33


def test_constants(impl: ModuleType) -> None:
    s = impl.scoring
    assert (s.TARGET_POINTS, s.SCHNEIDER_AT, s.LAST_TRICK_BONUS) == (66, 33, 10)
    assert (s.PENALTY, s.PENALTY_SCHWARZ) == (2, 3)


# ------------------------------------------------------------ follow bands


def band_by_hand(hand: list[int], lead: int, trump: str) -> str:
    """The phase-2 rule for an answer, as the trick seed states it."""
    if any(suit(c) == suit(lead) and power(c) > power(lead) for c in hand):
        return "beat"
    if any(suit(c) == suit(lead) for c in hand):
        return "follow"
    if any(suit(c) == trump for c in hand):
        return "trump"
    return "free"


def _phase_two_answer(band: str) -> Callable[[dict[str, Any], int, dict[str, Any]], bool]:
    def wanted(record: dict[str, Any], index: int, step: dict[str, Any]) -> bool:
        state = step["state"]
        hand = state["hands"][step["seat"]]
        if state["phase"] != 2 or state["lead"] is None or len(hand) < 2:
            return False
        if band_by_hand(hand, state["lead"], state["trump"]) != band:
            return False
        # Prefer positions where the band really leaves cards out.
        return band == "free" or len(step["legal"]) < len(hand)

    return wanted


PHASE_TWO_FOLLOWS = [
    pytest.param(band, *found.values, id=f"{band}-{found.id}")
    for band in ("beat", "follow", "trump", "free")
    for found in find(_phase_two_answer(band), limit=3)
]


@pytest.mark.parametrize(("band", "record", "index"), PHASE_TWO_FOLLOWS)
def test_follow_cascade_gives_exactly_one_band(
    impl: ModuleType, band: str, record: dict[str, Any], index: int
) -> None:
    deal = replay_to(impl, record, index)
    seat = deal.turn
    hand = deal.hand_of(seat)
    lead = deal.lead
    trump = deal.trump
    expected = {
        "beat": [c for c in hand if suit(c) == suit(lead) and power(c) > power(lead)],
        "follow": [c for c in hand if suit(c) == suit(lead)],
        "trump": [c for c in hand if suit(c) == trump],
        "free": list(hand),
    }[band]
    assert impl.trick.follow_band(hand, lead, trump, 2) == band
    assert impl.trick.legal_follows(hand, lead, trump, 2) == expected
    assert [m["card"] for m in deal.legal(seat)] == expected
    # The talon open, anything answers.
    assert impl.trick.follow_band(hand, lead, trump, 1) == "free"
    assert impl.trick.legal_follows(hand, lead, trump, 1) == hand
    for card in hand:
        if card not in expected:
            copy = deal.copy()
            with pytest.raises(impl.Error) as caught:
                copy.apply(seat, {"kind": "follow", "card": card})
            assert caught.value.code == "must_follow"


def test_follow_bands_by_hand(impl: ModuleType) -> None:
    t = impl.trick
    card = impl.card.id_of
    lead = card("KH")
    hand = [card(n) for n in ("QH", "AH", "JS", "TC")]
    assert t.follow_band(hand, lead, "C", 2) == "beat"
    assert t.legal_follows(hand, lead, "C", 2) == [card("AH")]
    hand = [card(n) for n in ("QH", "JH", "AC", "AS")]
    assert t.follow_band(hand, lead, "C", 2) == "follow"
    assert t.legal_follows(hand, lead, "C", 2) == [card("QH"), card("JH")]
    hand = [card(n) for n in ("AS", "JC", "QC")]
    assert t.follow_band(hand, lead, "C", 2) == "trump"
    assert t.legal_follows(hand, lead, "C", 2) == [card("JC"), card("QC")]
    hand = [card(n) for n in ("AS", "JD")]
    assert t.follow_band(hand, lead, "C", 2) == "free"
    assert t.legal_follows(hand, lead, "C", 2) == hand
    # A trump lead: the suit led is trumps, so "trump" is never reached.
    assert t.follow_band([card("JS"), card("QC")], card("KC"), "C", 2) == "follow"
    assert t.follow_band([card("JS"), card("AD")], card("KC"), "C", 2) == "free"


def test_trick_winner(impl: ModuleType) -> None:
    t = impl.trick
    card = impl.card.id_of
    assert t.winner_of(card("KH"), card("TH"), "C") == card("TH"), "the ten beats the king"
    assert t.winner_of(card("TH"), card("KH"), "C") == card("TH")
    assert t.winner_of(card("AH"), card("JC"), "C") == card("JC")
    assert t.winner_of(card("JC"), card("AH"), "C") == card("JC")
    assert t.winner_of(card("JH"), card("AS"), "C") == card("JH"), "off-suit cannot win"
    assert t.value_of(card("AH"), card("TS")) == 21
    assert t.value_of(card("9H"), card("9S")) == 0


# --------------------------------------------------------- drawing, talon

LAST_DRAWS = find(
    lambda r, i, s: (
        r["game"] == "schnapsen"
        and s["move"]["kind"] == "follow"
        and s["state"]["draw_left"] == 2
        and s["state"]["turn_up"] is not None
    )
)


@pytest.mark.parametrize(("record", "index"), LAST_DRAWS)
def test_winner_draws_first_and_the_loser_gets_the_turn_up(
    impl: ModuleType, record: dict[str, Any], index: int
) -> None:
    deal = replay_to(impl, record, index)
    step = record["steps"][index]
    last_face_down = deal.talon[0]
    turn_up = deal.turn_up
    events = deal.apply(step["seat"], step["move"])
    winner = next(e["winner"] for e in events if e["kind"] == "trick")
    assert deal.hand_of(winner)[-1] == last_face_down
    assert deal.hand_of(other(winner))[-1] == turn_up
    assert deal.turn_up is None and deal.talon == [] and deal.talon_left == 0
    assert deal.phase == 2


FIRST_TRICKS = find(lambda r, i, s: s["move"]["kind"] == "follow" and s["state"]["draw_left"] > 2)


@pytest.mark.parametrize(("record", "index"), FIRST_TRICKS)
def test_draw_order_from_the_front(impl: ModuleType, record: dict[str, Any], index: int) -> None:
    deal = replay_to(impl, record, index)
    step = record["steps"][index]
    talon = deal.talon
    events = deal.apply(step["seat"], step["move"])
    winner = next(e["winner"] for e in events if e["kind"] == "trick")
    if record["game"] == "sixtysix":
        # Sixty-Six waits for the winner's draw (or close).
        assert deal.pending_draw is True and deal.drawn is False
        assert deal.talon == talon
        assert [m["kind"] for m in deal.legal(winner)][-1] == "draw"
        deal.apply(winner, {"kind": "draw"})
    assert deal.pending_draw is False
    assert deal.hand_of(winner)[-1] == talon[0]
    assert deal.hand_of(other(winner))[-1] == talon[1]
    assert deal.talon == talon[2:]


CLOSES = find(lambda r, i, s: s["move"]["kind"] == "close", limit=5)


@pytest.mark.parametrize(("record", "index"), CLOSES)
def test_talon_left_and_draw_left_part_at_a_close(
    impl: ModuleType, record: dict[str, Any], index: int
) -> None:
    deal = replay_to(impl, record, index)
    seat = record["steps"][index]["seat"]
    assert deal.talon_left == deal.draw_left > 0
    assert deal.phase == 1
    left = deal.talon_left
    talon = deal.talon
    taken = deal.taken
    tricks = {s: deal.tricks_won(s) for s in ("p1", "p2")}
    events = deal.apply(seat, {"kind": "close"})
    assert events[0] == {"kind": "close", "seat": seat}
    assert deal.closed is True and deal.closed_by == seat
    assert deal.talon_left == left, "the cards are still there"
    assert deal.draw_left == 0, "but none may be drawn"
    assert deal.talon == talon
    assert deal.phase == 2
    assert deal.turn == seat
    assert jsonish(deal.close_state) == {
        "by": seat,
        "p1": {"tricks": tricks["p1"], "points": taken["p1"]},
        "p2": {"tricks": tricks["p2"], "points": taken["p2"]},
    }
    assert deal.can_close("p1") is False and deal.can_close("p2") is False
    assert deal.can_exchange("p1") is None and deal.can_exchange("p2") is None


def _ends(how: str) -> list[Any]:
    return find(
        lambda r, i, s: any(e["kind"] == "deal_end" and e["how"] == how for e in s["events"]),
        limit=3,
    )


@pytest.mark.parametrize(("record", "index"), _ends("closed_out"))
def test_close_ends_with_the_closer_going_out(
    impl: ModuleType, record: dict[str, Any], index: int
) -> None:
    deal = replay_to(impl, record, index)
    closer = deal.closed_by
    state = deal.close_state
    step = record["steps"][index]
    assert step["seat"] == closer and step["move"] == {"kind": "claim"}
    deal.apply(closer, {"kind": "claim"})
    result = deal.result
    assert result["how"] == "closed_out" and result["winner"] == closer
    assert deal.points_of(closer) >= 66
    loser = other(closer)
    if record["game"] == "schnapsen":
        # Read at the close in Schnapsen.
        expected = scale(state[loser]["points"], state[loser]["tricks"])
    else:
        expected = scale(deal.points_of(loser), deal.tricks_won(loser))
    assert result["game_points"] == expected


@pytest.mark.parametrize(("record", "index"), _ends("failed_close"))
def test_close_ends_with_the_cards_running_out(
    impl: ModuleType, record: dict[str, Any], index: int
) -> None:
    deal = replay_to(impl, record, index)
    closer = deal.closed_by
    state = deal.close_state
    step = record["steps"][index]
    events = deal.apply(step["seat"], step["move"])
    assert events[-1]["kind"] == "deal_end" and deal.cards_out
    result = deal.result
    winner = other(closer)
    assert result["how"] == "failed_close" and result["winner"] == winner
    assert result["game_points"] == (2 if state[winner]["tricks"] > 0 else 3)
    # No last-trick ten after a close: the figures are the points taken.
    assert result["points"] == deal.taken


@pytest.mark.parametrize(("record", "index"), _ends("beat_closer"))
def test_close_ends_with_the_opponent_going_out(
    impl: ModuleType, record: dict[str, Any], index: int
) -> None:
    deal = replay_to(impl, record, index)
    closer = deal.closed_by
    claimer = other(closer)
    state = deal.close_state
    deal.apply(claimer, {"kind": "claim"})
    result = deal.result
    assert result["how"] == "beat_closer" and result["winner"] == claimer
    if record["game"] == "sixtysix":
        assert result["game_points"] == 2
    else:
        assert result["game_points"] == (2 if state[claimer]["tricks"] > 0 else 3)


# ------------------------------------------------------------ false claims

FALSE_SCHWARZ = find(
    lambda r, i, s: (
        r["game"] == "schnapsen"
        and s["move"]["kind"] == "claim"
        and s["state"]["taken"][s["seat"]] < 66
        and s["state"]["tricks_won"][other(s["seat"])] == 0
    ),
    limit=3,
)
FALSE_PLAIN = find(
    lambda r, i, s: (
        s["move"]["kind"] == "claim"
        and s["state"]["taken"][s["seat"]] < 66
        and (r["game"] == "sixtysix" or s["state"]["tricks_won"][other(s["seat"])] > 0)
    ),
    limit=3,
) + find(
    lambda r, i, s: (
        r["game"] == "sixtysix"
        and s["move"]["kind"] == "claim"
        and s["state"]["taken"][s["seat"]] < 66
        and s["state"]["tricks_won"][other(s["seat"])] == 0
    ),
    limit=2,
)


@pytest.mark.parametrize(("record", "index"), FALSE_SCHWARZ)
def test_false_claim_in_schnapsen_against_a_trickless_opponent_pays_three(
    impl: ModuleType, record: dict[str, Any], index: int
) -> None:
    deal = replay_to(impl, record, index)
    seat = record["steps"][index]["seat"]
    assert deal.can_claim(seat) is True, "a claim is offered on timing alone"
    events = deal.apply(seat, {"kind": "claim"})
    assert [e["kind"] for e in events] == ["claim", "deal_end"]
    assert deal.result["how"] == "false_claim"
    assert deal.result["winner"] == other(seat) and deal.result["game_points"] == 3


@pytest.mark.parametrize(("record", "index"), FALSE_PLAIN)
def test_false_claim_pays_two(impl: ModuleType, record: dict[str, Any], index: int) -> None:
    deal = replay_to(impl, record, index)
    seat = record["steps"][index]["seat"]
    deal.apply(seat, {"kind": "claim"})
    assert deal.result["how"] == "false_claim"
    assert deal.result["winner"] == other(seat) and deal.result["loser"] == seat
    assert deal.result["game_points"] == 2, "Sixty-Six is flat; Schnapsen 2 with a trick"


# ------------------------------------------------------------------- drawn

DRAWN = load("sixtysix-drawn")


@pytest.mark.parametrize("record", [r for _, r in DRAWN], ids=[n for n, _ in DRAWN])
def test_drawn_sixty_six_deal(impl: ModuleType, record: dict[str, Any]) -> None:
    deal = replay_to(impl, record, len(record["steps"]))
    result = deal.result
    assert result["drawn"] is True and result["how"] == "drawn"
    assert result["winner"] is None and result["loser"] is None
    assert result["game_points"] == 0
    last = deal.last_trick["winner"]
    # The last trick is worth ten more, and then the totals are equal.
    assert result["points"][last] == deal.points_of(last) + 10
    assert result["points"]["p1"] == result["points"]["p2"]


def test_drawn_deal_pays_nobody_and_keeps_the_dealer(impl: ModuleType) -> None:
    name, record = next((n, r) for n, r in DRAWN if r["number"] == 1)
    match = impl.Match.build(
        variant="sixtysix", seed=bytes.fromhex(record["seed"]), dealer=record["dealer"]
    )
    events: list[dict[str, Any]] = []
    for step in record["steps"]:
        events = match.apply(step["seat"], step["move"])
    assert events[-2]["kind"] == "deal_end" and events[-2]["drawn"] is True
    assert events[-1]["kind"] == "deal"
    assert events[-1]["number"] == 2 and events[-1]["dealer"] == record["dealer"], name
    assert match.scores == {"p1": 0, "p2": 0}
    assert match.to_win("p1") == 7 and match.to_win("p2") == 7
    assert match.deals[0]["number"] == 1 and match.deals[0]["drawn"] is True
    assert match.over is False and match.dealer == record["dealer"]


# --------------------------------------------- Sixty-Six: close before draw

PENDING = find(
    lambda r, i, s: (
        r["game"] == "sixtysix" and s["state"]["pending_draw"] and s["move"]["kind"] == "close"
    ),
    limit=5,
)


@pytest.mark.parametrize(("record", "index"), PENDING)
def test_sixty_six_may_close_before_drawing(
    impl: ModuleType, record: dict[str, Any], index: int
) -> None:
    deal = replay_to(impl, record, index)
    seat = deal.turn
    assert deal.pending_draw is True and deal.lead is None
    kinds = [m["kind"] for m in deal.legal(seat)]
    assert kinds[-2:] == ["close", "draw"] and set(kinds) <= {"claim", "close", "draw"}
    for refused in (
        {"kind": "lead", "card": deal.hand_of(seat)[0]},
        {"kind": "exchange"},
        {"kind": "marriage", "suit": "H"},
        {"kind": "follow", "card": deal.hand_of(seat)[0]},
    ):
        with pytest.raises(impl.Error) as caught:
            deal.copy().apply(seat, refused)
        assert caught.value.code == "not_legal", refused
    # Drawing is how the winner declines to close ...
    drawing = deal.copy()
    size = len(drawing.hand_of(seat))
    assert drawing.apply(seat, {"kind": "draw"}) == [{"kind": "draw", "seat": seat}]
    assert len(drawing.hand_of(seat)) == size + 1 and drawing.pending_draw is False
    # ... and closing first cancels the draw: nothing more is drawn.
    talon = deal.talon
    hands = deal.hands
    events = deal.apply(seat, {"kind": "close"})
    assert events[0] == {"kind": "close", "seat": seat}
    assert deal.pending_draw is False and deal.draw_left == 0
    assert deal.talon == talon
    if len(events) == 1:
        assert deal.hands == hands
    else:
        # The opponent's automatic exchange of the trump nine.
        assert events[1] == {"kind": "exchange", "seat": other(seat)}


def test_schnapsen_never_has_a_draw_move(impl: ModuleType) -> None:
    deal = impl.Deal.build(variant="schnapsen", seed=SEED_A, number=1, dealer="p1")
    seat = deal.turn
    with pytest.raises(impl.Error) as caught:
        deal.apply(seat, {"kind": "draw"})
    assert caught.value.code == "not_legal"
    card = deal.hand_of(seat)[0]
    deal.apply(seat, {"kind": "lead", "card": card})
    answer = deal.legal(other(seat))[0]
    deal.apply(other(seat), answer)
    assert deal.pending_draw is False and deal.drawn is True
    assert len(deal.hand_of("p1")) == len(deal.hand_of("p2")) == 5


# -------------------------------------------------------- module functions


def test_shuffle_vectors(impl: ModuleType) -> None:
    assert impl.deck.order_for("schnapsen", SEED_A, 1) == [
        20, 1, 16, 7, 13, 14, 15, 9, 19, 3, 21, 11, 17, 22, 5, 10, 23, 2, 4, 8,
    ]  # fmt: skip
    assert impl.deck.order_for("sixtysix", SEED_A, 1) == [
        10, 16, 17, 24, 2, 18, 6, 4, 5, 1, 22, 3, 11, 14, 21, 7, 15, 20, 9, 8, 19, 13, 23, 12,
    ]  # fmt: skip


def _order_by_hand(variant: str, seed: bytes, number: int) -> list[int]:
    """The shuffle as docs/rules/index.md states it, written out again here."""
    pack = [c for c in range(1, 25) if variant == "sixtysix" or c % 6 != 0]
    words: list[int] = []
    counter = 0
    for i in range(len(pack) - 1, 0, -1):
        m = i + 1
        limit = (2**32 // m) * m
        while True:
            if not words:
                text = f"{variant}:deal:{number}:{counter}".encode()
                digest = hashlib.sha256(seed + text).digest()
                words = [int.from_bytes(digest[k : k + 4], "big") for k in range(0, 32, 4)]
                counter += 1
            word = words.pop(0)
            if word < limit:
                break
        j = word % m
        pack[i], pack[j] = pack[j], pack[i]
    return pack


@pytest.mark.parametrize("variant", ["schnapsen", "sixtysix"])
def test_order_for_is_a_fair_permutation(impl: ModuleType, variant: str) -> None:
    pack = impl.deck.pack_for(variant)
    assert pack == sorted(pack) and len(pack) == (20 if variant == "schnapsen" else 24)
    first: Counter[int] = Counter()
    orders = set()
    for number in range(1, 1201):
        order = impl.deck.order_for(variant, SEED_A, number)
        assert sorted(order) == pack
        if number <= 40:
            assert order == _order_by_hand(variant, SEED_A, number)
        first[order[0]] += 1
        orders.add(tuple(order))
    assert len(orders) == 1200, "different deal numbers give different orders"
    # Every card leads the order about equally often (a loose chi-square).
    expected = 1200 / len(pack)
    chi2 = sum((first[c] - expected) ** 2 / expected for c in pack)
    assert chi2 < 3 * len(pack)
    other_seed = bytes(range(32))
    assert impl.deck.order_for(variant, other_seed, 1) == _order_by_hand(variant, other_seed, 1)
    assert impl.deck.order_for(variant, other_seed, 1) != impl.deck.order_for(variant, SEED_A, 1)


@pytest.mark.parametrize("variant", ["schnapsen", "sixtysix"])
@pytest.mark.parametrize("dealer", ["p1", "p2"])
def test_deal_for_lays_out_the_order(impl: ModuleType, variant: str, dealer: str) -> None:
    order = impl.deck.order_for(variant, SEED_A, 3)
    h = 5 if variant == "schnapsen" else 6
    dealt = impl.deck.deal_for(variant, SEED_A, 3, dealer)
    assert dealt["hands"][other(dealer)] == order[:h]
    assert dealt["hands"][dealer] == order[h : 2 * h]
    assert dealt["talon"] == order[2 * h : -1]
    assert dealt["turn_up"] == order[-1]
    assert dealt["trump"] == suit(order[-1])
    deal = impl.Deal.build(variant=variant, seed=SEED_A, number=3, dealer=dealer)
    assert deal.hands == dealt["hands"] and deal.talon == dealt["talon"]
    assert deal.turn == other(dealer) == deal.leader
    assert deal.talon_left == deal.draw_left == len(order) - 2 * h


@pytest.mark.parametrize(
    ("seed", "number", "code"),
    [
        (b"A" * 31, 1, "no_seed"),
        (b"A" * 33, 1, "no_seed"),
        ("A" * 32, 1, "no_seed"),
        (None, 1, "no_seed"),
        (b"A" * 32, 0, "bad_deal"),
        (b"A" * 32, -3, "bad_deal"),
        (b"A" * 32, True, "bad_deal"),
        (b"A" * 32, "1", "bad_deal"),
        (b"A" * 32, 1.0, "bad_deal"),
    ],
)
def test_build_refusals(impl: ModuleType, seed: Any, number: Any, code: str) -> None:
    with pytest.raises(impl.Error) as caught:
        impl.Deal.build(variant="schnapsen", seed=seed, number=number, dealer="p1")
    assert caught.value.code == code
    assert isinstance(caught.value, ValueError)
    with pytest.raises(impl.Error) as caught:
        impl.deck.order_for("sixtysix", seed, number)
    assert caught.value.code == code


def test_bad_variant_and_seat(impl: ModuleType) -> None:
    builds: list[Callable[[], Any]] = [
        lambda: impl.Deal.build(variant="skat", seed=SEED_A),
        lambda: impl.Match.build(variant="durak", seed=SEED_A),
        lambda: impl.variant.get("bezique"),
        lambda: impl.deck.pack_for("66"),
    ]
    for build in builds:
        with pytest.raises(impl.Error) as caught:
            build()
        assert caught.value.code == "bad_variant"
    with pytest.raises(impl.Error) as caught:
        impl.Deal.build(variant="schnapsen", seed=SEED_A, dealer="p3")
    assert caught.value.code == "bad_seat"
    deal = impl.Deal.build(variant="schnapsen", seed=SEED_A)
    for ask in (deal.hand_of, deal.legal, deal.view, deal.points_of, deal.can_marry):
        with pytest.raises(impl.Error) as caught:
            ask("p3")
        assert caught.value.code == "bad_seat"
    with pytest.raises(impl.Error) as caught:
        deal.apply("p3", {"kind": "claim"})
    assert caught.value.code == "not_your_turn"
    assert impl.other("p1") == "p2" and impl.other("p2") == "p1"


def test_cards(impl: ModuleType) -> None:
    c = impl.card
    for card in range(1, 25):
        assert c.rank_of(card) == RANKS[(card - 1) % 6]
        assert c.suit_of(card) == suit(card)
        assert c.power_of(card) == power(card)
        assert c.points_of(card) == points(card)
        assert c.id_of(c.name_of(card)) == card
        assert c.id_of(c.name_of(card).lower()) == card
    assert c.name_of(1) == "AS" and c.name_of(24) == "9C" and c.name_of(7) == "AH"
    assert c.id_of("TD") == c.id_of("10D") == c.id_of("td") == 14
    # Long names are lower case, as the reference writes them.
    assert c.long_name_of(14) == "ten of diamonds"
    assert c.long_name_of(24) == "nine of clubs"
    assert c.long_name_of(1) == "ace of spades"
    for bad in (0, 25, -1, True, "1"):
        with pytest.raises(impl.Error) as caught:
            c.name_of(bad)
        assert caught.value.code == "bad_card"
    # A str naming no card is None, "rather than dying"; a name that is not a
    # str at all is bad_card (docs/api-contract.md: the contract chose this
    # over None when the two branches met).
    for bad in ("ZZ", "", "AX", "1S", "TDX", " AS", "\ud800"):
        assert c.id_of(bad) is None
    for bad in (7, None, b"AS"):
        with pytest.raises(impl.Error) as caught:
            c.id_of(bad)
        assert caught.value.code == "bad_card"


def test_variants(impl: ModuleType) -> None:
    v = impl.variant
    assert v.variants() == ["schnapsen", "sixtysix"]
    assert impl.Match.variants() == ["schnapsen", "sixtysix"]
    s, x = v.get("schnapsen"), v.get("sixtysix")
    assert (s["deck_size"], s["hand_size"], x["deck_size"], x["hand_size"]) == (20, 5, 24, 6)
    assert (s["exchange_rank"], x["exchange_rank"]) == ("J", "9")
    assert s["exchange_needs_trick"] is False and x["exchange_needs_trick"] is True
    assert s["marriage_after_close"] is True and x["marriage_after_close"] is False
    assert s["false_claim_schwarz"] is True and x["false_claim_schwarz"] is False
    assert s["beaten_closer_flat"] is False and x["beaten_closer_flat"] is True
    assert (s["last_trick_rule"], x["last_trick_rule"]) == ("one_point", "ten_points")
    assert (s["close_counts_tricks_at"], x["close_counts_tricks_at"]) == ("close", "end")
    assert s["close_before_draw"] is False and x["close_before_draw"] is True
    assert s["exchange_on_close"] is False and x["exchange_on_close"] is True
    assert (s["next_dealer"], x["next_dealer"]) == ("alternate", "winner")
    assert (s["match_start"], s["match_target"], x["match_start"], x["match_target"]) == (
        7,
        0,
        0,
        7,
    )
    assert s["name"] == "schnapsen" and x["name"] == "sixtysix"


def test_bot_ladder(impl: ModuleType) -> None:
    assert [impl.Bot.level_for(n) for n in (1, 2, 3, 4, 5)] == [1, 1, 2, 2, 2]
    assert impl.Bot.level_for(0) == 1 and impl.Bot.level_for(9) == 2
    assert impl.Bot(level=1).level == 1 and impl.Bot(level=2).level == 2
    s = impl.search
    card = impl.card.id_of
    hand = [card(n) for n in ("AC", "TC", "KH", "9S")]
    assert s.hand_strength(hand, "C") == 11 + 10 + 4 + 0 + 5 * 2 + 3
    assert s.cheapest(hand) == card("9S")
    assert s.dearest(hand) == card("AC")
    assert s.cheapest([card("KH"), card("KD")]) == min(card("KH"), card("KD"))
    assert s.dearest([card("AH"), card("AS")]) == card("AS")


def test_bot_has_nothing_to_do_for_the_seat_off_turn(impl: ModuleType) -> None:
    match = impl.Match.build(variant="sixtysix", seed=SEED_A, dealer="p1")
    assert impl.Bot(level=2).choose(match, "p1") is None
    move = impl.Bot(level=2).choose(match, "p2")
    assert move in match.legal("p2")
    deal = match.deal
    assert impl.Bot(level=1).choose(deal, "p2") in deal.legal("p2")


@pytest.mark.parametrize(
    "move",
    [
        None,
        7,
        "lead",
        {},
        {"kind": None},
        {"kind": 3},
        {"kind": "LEAD", "card": 1},
        {"kind": "lead"},
        {"kind": "lead", "card": "7"},
        {"kind": "lead", "card": 7.0},
        {"kind": "lead", "card": True},
        {"kind": "lead", "card": 99},
        {"kind": "lead", "card": None},
        {"kind": "marriage"},
        {"kind": "marriage", "suit": 3},
        {"kind": "follow", "card": 1},
    ],
)
def test_hand_built_moves_are_refused_not_crashed(impl: ModuleType, move: Any) -> None:
    for variant in ("schnapsen", "sixtysix"):
        deal = impl.Deal.build(variant=variant, seed=SEED_A, number=2, dealer="p2")
        before = jsonish(deal.hands)
        with pytest.raises(impl.Error) as caught:
            deal.apply(deal.turn, move)
        assert caught.value.code in {"not_legal", "not_held", "no_marriage"}
        kind = move.get("kind") if isinstance(move, dict) else None
        if kind == "lead":
            assert caught.value.code == "not_held"
        elif kind == "marriage":
            assert caught.value.code == "no_marriage"
        else:
            assert caught.value.code == "not_legal"
        assert jsonish(deal.hands) == before and deal.history == []


@pytest.mark.parametrize("variant", ["schnapsen", "sixtysix"])
def test_beaten_closer_pays_by_variant(impl: ModuleType, variant: str) -> None:
    # The claimer (p2) had no trick when p1 closed.
    result = impl.scoring.deal_result(
        variant=variant,
        how="claim",
        by="p2",
        points={"p1": 40, "p2": 70},
        tricks={"p1": 3, "p2": 3},
        closed_by="p1",
        close_state={
            "by": "p1",
            "p1": {"tricks": 3, "points": 40},
            "p2": {"tricks": 0, "points": 0},
        },
        last_trick="p2",
    )
    assert result["how"] == "beat_closer" and result["winner"] == "p2"
    assert result["game_points"] == (2 if variant == "sixtysix" else 3)
    assert result["drawn"] is False and result["loser"] == "p1"


def _holds_low_trump(record: dict[str, Any], step: dict[str, Any]) -> bool:
    state = step["state"]
    rank = "J" if record["game"] == "schnapsen" else "9"
    low = SUITS.index(state["trump"]) * 6 + RANKS.index(rank) + 1
    return low in state["hands"][step["seat"]]


NO_TRICK_NINES = find(
    lambda r, i, s: (
        r["game"] == "sixtysix"
        and s["state"]["lead"] is None
        and not s["state"]["pending_draw"]
        and s["state"]["draw_left"] > 0
        and s["state"]["tricks_won"][s["seat"]] == 0
        and _holds_low_trump(r, s)
    ),
    limit=4,
)


@pytest.mark.parametrize(("record", "index"), NO_TRICK_NINES)
def test_sixty_six_exchange_needs_a_trick(
    impl: ModuleType, record: dict[str, Any], index: int
) -> None:
    deal = replay_to(impl, record, index)
    seat = deal.turn
    assert deal.can_exchange(seat) is None
    assert {"kind": "exchange"} not in deal.legal(seat)
    with pytest.raises(impl.Error) as caught:
        deal.apply(seat, {"kind": "exchange"})
    assert caught.value.code == "no_exchange"


EXCHANGES = find(lambda r, i, s: s["move"]["kind"] == "exchange", limit=3)


@pytest.mark.parametrize(("record", "index"), EXCHANGES)
def test_exchange_swaps_the_low_trump_for_the_turn_up(
    impl: ModuleType, record: dict[str, Any], index: int
) -> None:
    deal = replay_to(impl, record, index)
    seat = deal.turn
    low = deal.can_exchange(seat)
    rank = "J" if record["game"] == "schnapsen" else "9"
    assert low == SUITS.index(deal.trump) * 6 + RANKS.index(rank) + 1
    hand = deal.hand_of(seat)
    turn_up = deal.turn_up
    assert deal.apply(seat, {"kind": "exchange"}) == [{"kind": "exchange", "seat": seat}]
    assert deal.hand_of(seat) == [c for c in hand if c != low] + [turn_up]
    assert deal.turn_up == low and deal.turn == seat
