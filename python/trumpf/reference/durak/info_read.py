"""A Game.info dict read back (``Expert.choose(info)``), from its definition.

A dict is a seat's info exactly when some deal, played legally, reaches a
position where that seat is on turn, the game not over, and ``info(seat)``
gives that dict, key for key; anything else is ``bad_info``. Every key is
read, by value (lists are lists or tuples, ints exact ints, bool refused;
the counts keyed 1 and 2, or "1" and "2" as JSON spells them, so an info
that went through JSON reads the same). Then:

- the keys that restate others must restate them: the bout's ``defender``,
  ``size`` and ``unbeaten``; ``phase`` and ``turn`` (from the bout), the
  seat on turn; ``discard`` (the heap's count), ``over`` False, ``result``
  None, and ``legal`` the seat's moves, compared as moves (kind and card),
  never through a caller's ``__eq__``;
- the quick checks, for a message that says what is wrong: the cards split
  the pack (hand, table, heap, ``known``, ``unseen``, the trump card while
  it lies under the talon), the counts and the talon add up, the heap holds
  pairs, the bout's cap is its defender's hand when it opened, and the
  position is one the table leaves to the seat (not one it would have
  resolved by itself);
- and the one that decides: :func:`.witness.find` finds a deal and a play
  that give this info.
"""

from __future__ import annotations

from typing import Any

from .._args import as_bool, as_dict, as_int, as_seq, as_str, show
from .card import beats_unchecked, six_of, suit_of
from .errors import Error
from .game import Game
from .witness import TooInvolved, find
from .witness_history import Told, bit, rank_mask

__all__ = ["read_info", "told_of"]

CODE = "bad_info"
PACK = sum(1 << c for c in range(1, 37))
KINDS = ("attack", "beat", "take", "done", "swap")
MAX_PLAYED = 0xFFFF  # each play is an event: never more than ply


def _need(info: dict[Any, Any], key: str, what: str = "the info") -> Any:
    if key not in info:
        raise Error(CODE, f"{what} has no {key!r}")
    return info[key]


def _card(value: object, what: str) -> int:
    return as_int(value, CODE, what, 1, 36)


def _cards(value: object, what: str) -> int:
    items = as_seq(value, CODE, what)
    if len(items) > 36:
        raise Error(CODE, f"{what} holds more than 36 cards")
    out = 0
    for item in items:
        card = _card(item, f"a card of {what}")
        if out & bit(card):
            raise Error(CODE, f"{what} holds a card twice")
        out |= bit(card)
    return out


def _only(given: dict[Any, Any], keys: tuple[str, ...], what: str) -> None:
    for key in given:
        if key not in keys:
            raise Error(CODE, f"{what} has a key {show(key)} no table gives")


def _wrong(message: str) -> Error:
    return Error(CODE, f"the info does not add up: {message}")


def move_of(value: object) -> tuple[str, int]:
    """A legal entry as (kind, card): a plain dict (no subclass, whose methods the
    caller wrote) ``{kind}`` plus ``card`` for an attack or a beat, nothing else."""
    if type(value) is not dict:
        raise Error(CODE, f"a legal move is a plain dict, not {show(value)}")
    move = as_dict(value, CODE, "a legal move")
    kind = as_str(_need(move, "kind", "a legal move"), CODE, "a move's kind")
    if kind not in KINDS:
        raise Error(CODE, f"a legal move's kind is one of {', '.join(KINDS)}, not {show(kind)}")
    if kind in ("attack", "beat"):
        _only(move, ("kind", "card"), "a legal move")
        return kind, _card(_need(move, "card", "a legal move"), "a move's card")
    _only(move, ("kind",), "a legal move")
    return kind, 0


def _bout(value: object) -> dict[str, Any]:
    given = as_dict(value, CODE, "bout")
    _only(given, ("attacker", "defender", "cap", "size", "taken", "unbeaten", "pairs"), "the bout")
    attacker = as_int(_need(given, "attacker", "the bout"), CODE, "attacker", 1, 2)
    defender = as_int(_need(given, "defender", "the bout"), CODE, "defender", 1, 2)
    cap = as_int(_need(given, "cap", "the bout"), CODE, "cap", 0, 6)
    size = as_int(_need(given, "size", "the bout"), CODE, "size", 0, 6)
    taken = as_bool(_need(given, "taken", "the bout"), CODE, "the bout's taken")
    unbeaten_given = _need(given, "unbeaten", "the bout")
    pairs = as_seq(_need(given, "pairs", "the bout"), CODE, "pairs")
    if len(pairs) > 6:
        raise Error(CODE, "pairs holds more than 6 entries")
    attacks: list[int] = []
    answered: list[int] = []
    for item in pairs:
        pair = as_dict(item, CODE, "a bout's pair")
        _only(pair, ("attack", "beat"), "a pair")
        attacks.append(_card(_need(pair, "attack", "a pair"), "an attack"))
        if _need(pair, "beat", "a pair") is None:
            continue
        if len(answered) + 1 != len(attacks):
            raise Error(CODE, "a bout's attacks are beaten in order")
        answered.append(_card(pair["beat"], "a beat"))
    unbeaten = attacks[len(answered)] if len(answered) < len(attacks) else None
    if unbeaten_given is not None:
        _card(unbeaten_given, "unbeaten")
    if defender != 3 - attacker or size != len(attacks) or unbeaten_given != unbeaten:
        raise _wrong("the bout's defender, size or unbeaten do not restate its pairs")
    return {"attacker": attacker, "cap": cap, "taken": taken, "attacks": attacks, "beats": answered}


def _played(value: object) -> tuple[tuple[int, bool, int], ...]:
    items = as_seq(value, CODE, "played")
    if len(items) > MAX_PLAYED:
        raise Error(CODE, "played holds more plays than a game can")
    out = []
    for item in items:
        entry = as_dict(item, CODE, "a played entry")
        _only(entry, ("seat", "kind", "card"), "a played entry")
        seat = as_int(_need(entry, "seat", "a played entry"), CODE, "a played seat", 1, 2)
        kind = as_str(_need(entry, "kind", "a played entry"), CODE, "a played kind")
        if kind not in ("attack", "beat"):
            raise Error(CODE, f"a played kind is attack or beat, not {show(kind)}")
        out.append(
            (seat, kind == "attack", _card(_need(entry, "card", "a played entry"), "a played card"))
        )
    return tuple(out)


def told_of(given: object) -> tuple[Told, list[tuple[str, int]]]:
    """The info read by value, with its legal list as (kind, card) moves; every key
    checked for shape and range, and the keys that restate others against them."""
    if not isinstance(given, dict):
        raise Error(CODE, f"choose(info) takes the dict Game.info gives, not {show(given)}")
    info = as_dict(given, CODE, "the info")
    _only(info, KEYS, "the info")
    seat = as_int(_need(info, "seat"), CODE, "seat", 1, 2)
    ply = as_int(_need(info, "ply"), CODE, "ply", 0, 0xFFFF)
    phase = as_str(_need(info, "phase"), CODE, "phase")
    if phase not in ("attack", "defend", "pile_on", "over"):
        raise Error(CODE, f"phase is a phase's name, not {show(phase)}")
    turn = as_int(_need(info, "turn"), CODE, "turn", 1, 2)
    trump = as_str(_need(info, "trump"), CODE, "trump")
    if trump not in ("S", "H", "D", "C"):
        raise Error(CODE, f"trump is a suit letter, not {show(trump)}")
    trump_card = _card(_need(info, "trump_card"), "trump_card")
    talon = as_int(_need(info, "talon"), CODE, "talon", 0, 36)
    discard = as_int(_need(info, "discard"), CODE, "discard", 0, 36)
    discarded = _cards(_need(info, "discarded"), "discarded")
    hand = _cards(_need(info, "hand"), "hand")
    counted = as_dict(_need(info, "counts"), CODE, "counts")
    counts: list[int] = []
    for s in (1, 2):
        key: object = s if s in counted else str(s)  # "1", "2": JSON's spelling of the seats
        if key not in counted:
            raise Error(CODE, f"counts has no {s}")
        counts.append(as_int(counted[key], CODE, "a count", 0, 36))
    if len(counted) != 2:
        raise Error(CODE, "counts has a key that is not a seat")
    swap = as_bool(_need(info, "swap"), CODE, "swap")
    if _need(info, "bout") is None:
        raise Error(CODE, "the info has no bout: the game is over")
    bout = _bout(info["bout"])
    played = _played(_need(info, "played"))
    known = _cards(_need(info, "known"), "known")
    unseen = _cards(_need(info, "unseen"), "unseen")
    legal = [move_of(m) for m in as_seq(_need(info, "legal"), CODE, "legal")]
    if as_bool(_need(info, "over"), CODE, "over"):
        raise Error(CODE, "the game is over: nobody is to move")
    if _need(info, "result") is not None:
        raise Error(CODE, "a game not over has no result")

    if suit_of(trump_card) != trump:
        raise _wrong("the trump card is not of the trump suit")
    if discard != bin(discarded).count("1"):
        raise _wrong("discard does not count discarded")
    attacks, answered = bout["attacks"], bout["beats"]
    unbeaten = len(answered) < len(attacks)
    is_phase = "pile_on" if bout["taken"] else "defend" if unbeaten else "attack"
    is_turn = 3 - bout["attacker"] if is_phase == "defend" else bout["attacker"]
    if (phase, turn) != (is_phase, is_turn):
        raise _wrong("phase and turn do not follow the bout")
    if turn != seat:
        raise _wrong("the seat is not on turn")
    told = Told(
        seat=seat,
        ply=ply,
        trump=trump,
        trump_card=trump_card,
        talon=talon,
        discarded=discarded,
        hand=hand,
        counts=(counts[0], counts[1]),
        swap=swap,
        attacker=bout["attacker"],
        cap=bout["cap"],
        taken=bout["taken"],
        attacks=tuple(attacks),
        beats=tuple(answered),
        played=played,
        known=known,
        unseen=unseen,
    )
    return told, legal


KEYS = (
    "seat", "ply", "phase", "turn", "trump", "trump_card", "talon", "discard", "discarded",
    "hand", "counts", "swap", "bout", "played", "known", "unseen", "legal", "over", "result",
)  # fmt: skip


def legal_of(told: Told) -> list[tuple[str, int]]:
    """The seat's moves in the position the info describes, in legal order."""
    hand = [c for c in range(1, 37) if told.hand >> c & 1]
    moves: list[tuple[str, int]] = []
    table = list(told.attacks) + list(told.beats)
    if len(told.beats) < len(told.attacks) and not told.taken:
        attack = told.attacks[len(told.beats)]
        beats = [c for c in hand if beats_unchecked(c, attack, told.trump)]
        moves += [("beat", c) for c in beats]
        if beats or told.swap:
            moves.append(("take", 0))
    else:
        throws = []
        if not table:
            throws = hand
        elif len(told.attacks) < told.cap:
            throws = [c for c in hand if rank_mask(table) & bit(c)]
        moves += [("attack", c) for c in throws]
        if table and (throws or told.swap):
            moves.append(("done", 0))
    if told.swap:
        moves.append(("swap", 0))
    return moves


def check(told: Told, legal: list[tuple[str, int]]) -> None:
    """Refuses (bad_info) an info no deal and legal play reach, saying why."""
    seat, other = told.seat, 3 - told.seat
    six = six_of(told.trump)
    table = 0
    for card in told.attacks + told.beats:
        table |= bit(card)
    under = bit(told.trump_card) if told.talon else 0
    parts = [told.hand, table, told.discarded, told.known, told.unseen, under]
    if (
        len(told.attacks) + len(told.beats) != bin(table).count("1")
        or sum(bin(p).count("1") for p in parts) != 36
        or (told.hand | table | told.discarded | told.known | told.unseen | under) != PACK
    ):
        raise _wrong(
            "the hand, the bout, discarded, known, unseen and the trump card do not split the pack"
        )
    face_down = max(0, told.talon - 1)
    need = told.counts[other - 1] - bin(told.known).count("1")
    if told.counts[seat - 1] != bin(told.hand).count("1") or need < 0:
        raise _wrong("the counts do not count the hand and known")
    if need + face_down != bin(told.unseen).count("1") or told.talon > 24:
        raise _wrong("the counts and the talon do not add up to the unseen cards")
    if bin(told.discarded).count("1") % 2:
        raise _wrong("the heap holds an odd number of cards: bouts beaten off leave pairs")
    defender = 3 - told.attacker
    if told.cap != min(6, told.counts[defender - 1] + len(told.beats)):
        raise _wrong("the bout's cap is not its defender's hand when it opened")
    if len(told.attacks) > told.cap or any(
        not beats_unchecked(b, a, told.trump)
        for a, b in zip(told.attacks, told.beats, strict=False)
    ):
        raise _wrong("the bout's attacks and beats break the rules")
    if told.swap and not (told.hand & bit(six) and told.talon):
        raise _wrong("swap, but the seat holds no trump six to swap")
    beaten = told.attacks and not told.taken and len(told.beats) == len(told.attacks)
    if beaten and (not told.counts[defender - 1] or len(told.attacks) >= told.cap):
        raise _wrong("the bout is closed: the table ends it, nobody is to move")
    moves = legal_of(told)
    if not moves:
        raise _wrong("the seat has no choice: the table plays its move")
    if legal != moves:
        raise Error(CODE, "the info's legal is not the moves its position allows")
    try:
        found = find(told)
    except TooInvolved:
        raise _wrong(
            "the info is too involved to check (no game comes near the search's limits)"
        ) from None
    if found is None:
        raise _wrong("no deal and no legal play lead to this info")


def read_info(given: object) -> tuple[Game, dict[str, Any]]:
    """The info as a game whose other hand holds ``known`` and the unseen cards and
    whose talon holds only the trump card, if it lies there; and what the expert
    reads of the info: its seat, its talon and its legal moves."""
    told, legal = told_of(given)
    check(told, legal)
    seat, other = told.seat, 3 - told.seat
    unseen = [c for c in range(1, 37) if told.unseen >> c & 1]
    known = [c for c in range(1, 37) if told.known >> c & 1]
    need = told.counts[other - 1] - len(known)
    under = [told.trump_card] if told.talon else []
    game = object.__new__(Game)
    game._seed = bytes(32)  # a world's play never reads the seed
    game._number = 1
    game._trump = told.trump
    game._trump_card = told.trump_card
    game._turn_up = told.trump_card
    game._six = six_of(told.trump)
    # Who may swap: the seat as `swap` says; the other seat when it holds an
    # unseen six (dealt or drawn there, never shown) while the trump card lies.
    six_unseen = game._six in unseen
    game._six_owner = seat if told.swap else other if told.talon and six_unseen else None
    game._hands = {
        seat: [c for c in range(1, 37) if told.hand >> c & 1],
        other: sorted(known + unseen[:need]),
    }
    game._talon = sorted(unseen[need:]) + under
    game._discard = bin(told.discarded).count("1")
    game._result = None
    game._history = []
    # The game's bout runs its beats parallel to the attacks, None for one unbeaten.
    beaten = list(told.beats) + [None] * (len(told.attacks) - len(told.beats))
    game._bout = {
        "attacker": told.attacker,
        "defender": 3 - told.attacker,
        "cap": told.cap,
        "attacks": list(told.attacks),
        "beats": beaten,
        "taken": told.taken,
    }
    moves = [{"kind": k, "card": c} if c else {"kind": k} for k, c in legal]
    return game, {"seat": seat, "talon": told.talon, "legal": moves}
