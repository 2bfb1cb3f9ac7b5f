"""A Game.info dict read back (``Expert.choose(info)``), from its definition.

A dict is a seat's info when a table could have given it to that seat on
turn, in a game not over; anything else is ``bad_info``. What follows from
that, and is checked here:

- the cards split the pack: the hand, the bout's cards, the discarded ones,
  ``known``, ``unseen`` and the trump card while it lies under the talon
  (while ``talon`` is not 0: it is the talon's last card), each card once;
- the seat holds its hand; the other hand holds ``known`` and the unseen
  cards the face-down talon does not; ``discard`` counts ``discarded``;
- the bout follows the rules: attacks beaten in order, each beat beating
  its attack, every attack after the first of a rank on the table, no more
  attacks than the cap; it says whose turn and which phase it is;
- ``swap`` needs the trump six in the hand and the trump card under the
  talon; ``legal`` is the seat's moves.

The bout's ``defender``, ``size`` and ``unbeaten``, and ``played`` and
``result``, repeat what the rest says and are not read.
"""

from __future__ import annotations

from typing import Any

from .._args import as_bool, as_dict, as_int, as_seq, as_str, show
from .card import beats, rank_of, six_of, suit_of
from .errors import Error
from .game import Game

__all__ = ["read_info"]

CODE = "bad_info"
PACK = set(range(1, 37))


def _need(info: dict[Any, Any], key: str) -> Any:
    if key not in info:
        raise Error(CODE, f"the info has no {key!r}")
    return info[key]


def _cards(value: object, what: str) -> list[int]:
    items = as_seq(value, CODE, what)
    if len(items) > 36:
        raise Error(CODE, f"{what} holds more than 36 cards")
    cards = [as_int(c, CODE, f"a card of {what}", 1, 36) for c in items]
    if len(set(cards)) != len(cards):
        raise Error(CODE, f"{what} holds a card twice")
    return cards


def _wrong(message: str) -> Error:
    return Error(CODE, f"the info does not add up: {message}")


def _bout(value: object) -> dict[str, Any]:
    given = as_dict(value, CODE, "bout")
    for key in ("attacker", "cap", "taken", "pairs"):
        if key not in given:
            raise Error(CODE, f"the bout has no {key!r}")
    attacker = as_int(given["attacker"], CODE, "attacker", 1, 2)
    cap = as_int(given["cap"], CODE, "cap", 0, 6)
    taken = as_bool(given["taken"], CODE, "the bout's taken")
    pairs = as_seq(given["pairs"], CODE, "pairs")
    if len(pairs) > 6:
        raise Error(CODE, "pairs holds more than 6 entries")
    attacks: list[int] = []
    answered: list[int] = []
    for item in pairs:
        pair = as_dict(item, CODE, "a bout's pair")
        for key in ("attack", "beat"):
            if key not in pair:
                raise Error(CODE, f"a pair has no {key!r}")
        attacks.append(as_int(pair["attack"], CODE, "an attack", 1, 36))
        if pair["beat"] is None:
            continue
        if len(answered) + 1 != len(attacks):
            raise Error(CODE, "a bout's attacks are beaten in order")
        answered.append(as_int(pair["beat"], CODE, "a beat", 1, 36))
    bout = {"attacker": attacker, "defender": 3 - attacker, "cap": cap, "attacks": attacks}
    return {**bout, "beats": answered, "taken": taken}


def read_info(given: object) -> tuple[Game, dict[str, Any]]:
    """The info as a game whose other hand holds ``known`` and the unseen cards and
    whose talon holds only the trump card, if it lies there; and the info."""
    if not isinstance(given, dict):
        raise Error(CODE, f"choose(info) takes the dict Game.info gives, not {show(given)}")
    info = as_dict(given, CODE, "the info")
    seat = as_int(_need(info, "seat"), CODE, "seat", 1, 2)
    as_int(_need(info, "ply"), CODE, "ply", 0, 0xFFFF)
    phase = as_str(_need(info, "phase"), CODE, "phase")
    if phase not in ("attack", "defend", "pile_on", "over"):
        raise Error(CODE, f"phase is a phase's name, not {show(phase)}")
    turn = as_int(_need(info, "turn"), CODE, "turn", 1, 2)
    trump = as_str(_need(info, "trump"), CODE, "trump")
    if trump not in ("S", "H", "D", "C"):
        raise Error(CODE, f"trump is a suit letter, not {show(trump)}")
    trump_card = as_int(_need(info, "trump_card"), CODE, "trump_card", 1, 36)
    talon = as_int(_need(info, "talon"), CODE, "talon", 0, 36)
    discard = as_int(_need(info, "discard"), CODE, "discard", 0, 36)
    discarded = _cards(_need(info, "discarded"), "discarded")
    hand = _cards(_need(info, "hand"), "hand")
    given = as_dict(_need(info, "counts"), CODE, "counts")
    counts: dict[int, int] = {}
    for s in (1, 2):
        key: object = s if s in given else str(s)  # "1", "2": JSON's spelling of the seats
        if key not in given:
            raise Error(CODE, f"counts has no {s}")
        counts[s] = as_int(given[key], CODE, "a count", 0, 36)
    swap = as_bool(_need(info, "swap"), CODE, "swap")
    if _need(info, "bout") is None:
        raise Error(CODE, "the info has no bout: the game is over")
    bout = _bout(info["bout"])
    known = _cards(_need(info, "known"), "known")
    unseen = _cards(_need(info, "unseen"), "unseen")
    if as_bool(_need(info, "over"), CODE, "over"):
        raise Error(CODE, "the game is over: nobody is to move")

    other = 3 - seat
    if suit_of(trump_card) != trump:
        raise _wrong("the trump card is not of the trump suit")
    if talon > 24:
        raise _wrong("talon is more than the talon")
    if discard != len(discarded):
        raise _wrong("discard does not count discarded")
    table = bout["attacks"] + bout["beats"]
    if len(bout["attacks"]) > bout["cap"]:
        raise _wrong("the bout holds more attacks than its cap")
    if len(set(table)) != len(table):
        raise _wrong("the bout holds a card twice")
    if any(not beats(b, a, trump) for a, b in zip(bout["attacks"], bout["beats"], strict=False)):
        raise _wrong("a beat does not beat its attack")
    for i, attack in enumerate(bout["attacks"][1:], start=1):
        before = bout["attacks"][:i] + bout["beats"][:i]
        if rank_of(attack) not in {rank_of(c) for c in before}:
            raise _wrong("an attack's rank is not on the table")
    unbeaten = len(bout["beats"]) < len(bout["attacks"])
    is_phase = "pile_on" if bout["taken"] else "defend" if unbeaten else "attack"
    is_turn = bout["defender"] if is_phase == "defend" else bout["attacker"]
    if (phase, turn) != (is_phase, is_turn):
        raise _wrong("phase and turn do not follow the bout")
    if turn != seat:
        raise _wrong("the seat is not on turn")
    if swap and (six_of(trump) not in hand or talon == 0):
        raise _wrong("swap, but the seat holds no trump six to swap")
    under = [trump_card] if talon else []
    every = hand + table + discarded + known + unseen + under
    face_down = talon - len(under)
    need = counts[other] - len(known)
    if len(set(every)) != len(every) or set(every) != PACK:
        raise _wrong(
            "the hand, the bout, discarded, known, unseen and the trump card do not split the pack"
        )
    if counts[seat] != len(hand) or need < 0 or need + face_down != len(unseen):
        raise _wrong("the counts and the talon do not add up to the unseen cards")
    _need(info, "legal")  # compared with the moves of a world by the caller

    game = object.__new__(Game)
    game._seed = bytes(32)  # a world's play never reads the seed
    game._number = 1
    game._trump = trump
    game._trump_card = trump_card
    game._six = six_of(trump)
    # Who may swap: the seat as `swap` says; the other seat when it holds an
    # unseen six (dealt or drawn there, never shown) while the trump card lies.
    six_unseen = game._six in unseen
    game._six_owner = seat if swap else other if talon and six_unseen else None
    game._hands = {seat: list(hand), other: sorted(known + unseen[:need])}
    game._talon = sorted(unseen[need:]) + under
    game._discard = discard
    game._result = None
    game._history = []
    # The game's bout runs its beats parallel to the attacks, None for one unbeaten.
    beaten = bout["beats"] + [None] * (len(bout["attacks"]) - len(bout["beats"]))
    game._bout = {**bout, "beats": beaten}
    return game, info
