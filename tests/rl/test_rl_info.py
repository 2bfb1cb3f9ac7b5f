"""info(seat): a seat's information set, as docs/api-contract.md spells it.

Checked on every position of many random games: the keys in the contract's
order, the seat's own cards, the public record (tricks, plays, exchanges)
against the history, `known` within the other hand, `unseen` exactly the
cards the seat cannot place, and nothing that gives away the other hand,
the talon's order or the seed. Then the rules of what becomes known, one
position at a time.
"""

from __future__ import annotations

import random
from typing import Any

import trumpf.durak as durak
import trumpf.schnapsen as schnapsen
from _rl_support import durak_info, info_of, positions, random_games

DEAL_KEYS = [
    "seat",
    "variant",
    "rules",
    "number",
    "dealer",
    "ply",
    "phase",
    "turn",
    "leader",
    "lead",
    "must_lead",
    "trump",
    "turn_up",
    "talon_left",
    "draw_left",
    "closed_by",
    "close_state",
    "pending_draw",
    "hand",
    "counts",
    "taken",
    "tricks_won",
    "melds",
    "tricks",
    "played",
    "exchanges",
    "known",
    "unseen",
    "legal",
    "over",
    "result",
]
MATCH_KEYS = [*DEAL_KEYS, "scores", "to_win", "deals", "match_over", "winner"]
DURAK_KEYS = [
    "seat",
    "ply",
    "phase",
    "turn",
    "trump",
    "trump_card",
    "talon",
    "discard",
    "discarded",
    "hand",
    "counts",
    "swap",
    "bout",
    "played",
    "known",
    "unseen",
    "legal",
    "over",
    "result",
]


def walk(value: Any) -> list[Any]:
    """Every leaf of a nested dict or list."""
    if isinstance(value, dict):
        return [leaf for v in value.values() for leaf in walk(v)]
    if isinstance(value, list):
        return [leaf for v in value for leaf in walk(v)]
    return [value]


def check_schnapsen(game: Any, seat: str) -> None:
    info = game.info(seat)
    other = "p2" if seat == "p1" else "p1"
    deal = game.deal if isinstance(game, schnapsen.Match) else game
    view = game.view(seat)
    assert list(info) == (MATCH_KEYS if isinstance(game, schnapsen.Match) else DEAL_KEYS)
    for key in info:
        if key in view and key != "ply":
            assert info[key] == view[key], key
    assert info["ply"] == len(deal.history) and info["rules"] == game.rules  # the deal's own
    assert info["tricks"] == deal.tricks and info["must_lead"] == deal.must_lead
    plays = [
        {"seat": e["seat"], "card": e["card"]}
        for e in deal.history
        if e["kind"] in ("lead", "follow")
    ]
    assert info["played"] == plays
    assert set(info["known"]) <= set(deal.hand_of(other))
    assert info["known"] == sorted(info["known"]) and info["unseen"] == sorted(info["unseen"])
    placed = {p["card"] for p in plays} | set(info["hand"]) | {info["turn_up"]}
    pack = set(schnapsen.deck.pack_for(deal.rules))
    assert set(info["unseen"]) == pack - placed - set(info["known"])
    assert set(deal.hand_of(other)) <= set(info["unseen"]) | set(info["known"])
    assert set(deal.talon) <= set(info["unseen"])
    if info["draw_left"] == 0 and info["talon_left"] == 0:
        assert set(info["unseen"]) | set(info["known"]) == set(deal.hand_of(other))
    leaves = walk(info)
    assert game.seed not in leaves and game.seed.hex() not in leaves
    assert not any(isinstance(v, bytes) for v in leaves)


def check_durak(game: durak.Game, seat: int) -> None:
    info = durak_info(game, seat)
    view = game.view(seat)
    other = 3 - seat
    assert list(info) == DURAK_KEYS
    for key in ("seat", "ply", "phase", "turn", "trump", "talon", "discard", "hand"):
        assert info[key] == view[key], key
    for key in ("counts", "swap", "bout", "legal", "over", "result"):
        assert info[key] == view[key], key
    assert info["trump_card"] == game.trump_card
    plays = [
        {"seat": e["seat"], "kind": e["kind"], "card": e["card"]}
        for e in game.history
        if e["kind"] in ("attack", "beat")
    ]
    assert info["played"] == plays
    assert set(info["known"]) <= set(game.hand_of(other))
    assert len(info["discarded"]) == info["discard"]
    table = {c for p in (info["bout"] or {"pairs": []})["pairs"] for c in p.values() if c}
    under = {game.trump_card} if game.turn_up_left else set()
    placed = set(info["hand"]) | table | set(info["discarded"]) | set(info["known"]) | under
    assert set(info["unseen"]) == set(range(1, 37)) - placed
    assert set(game.hand_of(other)) <= set(info["unseen"]) | set(info["known"])
    assert set(game.talon) - under <= set(info["unseen"])
    assert game.seed not in walk(info)


def test_every_position_of_random_games() -> None:
    rng = random.Random(3)
    seen = 0
    for game in random_games(120, seed=4):
        for pos in positions(game, rng):
            for seat in ("p1", "p2") if not isinstance(pos, durak.Game) else (1, 2):
                if isinstance(pos, durak.Game):
                    check_durak(pos, seat)
                else:
                    check_schnapsen(pos, seat)
                seen += 1
        # And once over.
        seat = 1 if isinstance(game, durak.Game) else "p1"
        info_of(game, seat)
    assert seen > 8000


def play(game: Any, *moves: tuple[str, dict[str, Any]]) -> Any:
    for seat, move in moves:
        game.apply(seat, move)
    return game


def find(variant: Any, wanted: Any, tries: int = 4000) -> Any:
    """The first deal, over seeds, for which wanted(deal) holds."""
    for k in range(tries):
        deal = schnapsen.Deal.build(variant=variant, seed=k.to_bytes(32, "big"), dealer="p2")
        if wanted(deal):
            return deal
    raise AssertionError("no such deal")


def test_an_exchange_shows_the_turn_up_in_the_exchangers_hand() -> None:
    deal = find("schnapsen", lambda d: d.can_exchange("p1") is not None)
    up = deal.turn_up
    deal.apply("p1", {"kind": "exchange"})
    assert deal.info("p2")["exchanges"] == [{"seat": "p1", "took": up}]
    assert deal.info("p2")["known"] == [up]
    assert deal.info("p1")["known"] == []
    assert up not in deal.info("p2")["unseen"]


def test_a_marriage_shows_both_cards_until_played() -> None:
    deal = find("schnapsen", lambda d: d.can_marry("p1"))
    offer = deal.can_marry("p1")[0]
    deal.apply("p1", {"kind": "marriage", "suit": offer["suit"]})
    assert deal.info("p2")["known"] == sorted([offer["king"], offer["queen"]])
    deal.apply("p1", {"kind": "lead", "card": offer["king"]})
    assert deal.info("p2")["known"] == [offer["queen"]]
    assert deal.info("p2")["played"] == [{"seat": "p1", "card": offer["king"]}]


def test_a_marriage_by_lead_shows_the_partner() -> None:
    deal = find("schnapsen-tjger", lambda d: d.can_marry("p1"))
    offer = deal.can_marry("p1")[0]
    deal.apply("p1", {"kind": "marriage", "suit": offer["suit"], "card": offer["queen"]})
    assert deal.info("p2")["known"] == [offer["king"]]
    assert deal.info("p2")["lead"] == offer["queen"]


def test_a_sixtysix_close_exchange_is_an_exchange() -> None:
    # p2 holds the trump nine and p1 closes: the table exchanges for p2.
    def nine_with_p2(d: Any) -> bool:
        return "SHDC".index(d.trump) * 6 + 6 in d.hand_of("p2")

    deal = find("sixtysix", nine_with_p2)
    up = deal.turn_up
    deal.apply("p1", {"kind": "close"})
    assert deal.info("p1")["exchanges"] == [{"seat": "p2", "took": up}]
    assert deal.info("p1")["known"] == [up]
    assert deal.info("p2")["known"] == []


def test_the_last_card_drawn_is_known_to_be_in_the_drawers_hand() -> None:
    rng = random.Random(1)
    for k in range(200):
        deal = schnapsen.Deal.build(variant="schnapsen", seed=k.to_bytes(32, "big"))
        while deal.turn_up is not None and not deal.over and not deal.closed:
            up = deal.turn_up
            legal = [m for m in deal.legal(deal.turn) if m["kind"] in ("lead", "follow")]
            deal.apply(deal.turn, legal[rng.randrange(len(legal))])
        if deal.turn_up is None and not deal.over and not deal.closed:
            holder = "p1" if up in deal.hand_of("p1") else "p2"
            looker = "p2" if holder == "p1" else "p1"
            assert up in deal.info(looker)["known"]
            return
    raise AssertionError("no deal drew its turn-up")


def test_durak_taken_bouts_swaps_and_the_heap() -> None:
    rng = random.Random(2)
    took = swapped = discarded = 0
    for k in range(80):
        game = durak.Game.build(seed=k.to_bytes(32, "big"))
        while not game.over:
            seat = game.turn
            legal = game.legal(seat)
            move = legal[rng.randrange(len(legal))]
            before, up, discard = game.bout, game.trump_card, game.discard
            game.apply(seat, move)
            if move["kind"] == "swap":
                assert up in durak_info(game, 3 - seat)["known"]
                assert durak_info(game, 3 - seat)["trump_card"] == game.six_of_trumps
                swapped += 1
            if game.discard > discard:
                assert len(durak_info(game, 1)["discarded"]) == game.discard
                discarded += 1
            if move["kind"] == "take" and before and (game.bout or {}).get("attacks") == []:
                # The bout ended at once: its cards went into the defender's hand.
                table = [c for c in before["attacks"] + before["beats"] if c]
                known = durak_info(game, 3 - seat)["known"]
                assert set(table) <= set(known)
                took += 1
    assert took and discarded
    assert swapped


def test_durak_a_six_swapped_under_the_talon_and_drawn_at_once_is_known() -> None:
    # Seat 2 swaps the six for the last card under the talon; the bout ends and
    # its refill hands the six straight back: the table saw both go in. (Found
    # by the contract's property test against the oracle.)
    seed = bytes.fromhex("48c361ba646eb427c35db5edfc8b399fccfa8a84c0c35ca5d2bd771ebd1f7f69")
    game = durak.Game.build(seed=seed, number=2050)
    for step in range(61):
        legal = game.legal(game.turn)
        game.apply(game.turn, legal[step % len(legal)])
    assert game.talon == [game.trump_card] and {"kind": "swap"} in game.legal(2)
    took, before = game.trump_card, durak_info(game, 1)["known"]
    game.apply(2, {"kind": "swap"})
    assert game.talon == [] and game.six_of_trumps in game.hand_of(2)
    assert durak_info(game, 1)["known"] == sorted({took, game.six_of_trumps, *before})
