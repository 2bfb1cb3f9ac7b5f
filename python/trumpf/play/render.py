"""The table drawn from one seat's ``view``: plain lines for a pipe, a fan of cards on a screen.

Everything shown comes from the view dict (or, for a replay seen from above,
from the other seat's view too); which cards are playable is read from the
view's ``legal``, never worked out here.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from types import ModuleType
from typing import Any

from rich.text import Text

from trumpf.schnapsen.scoring import MARRIAGE_POINTS, TRUMP_MARRIAGE_POINTS

from .cards import card_label, card_text, in_hand_order, suit_label, suit_name

Namer = Callable[[Any], str]


def _seat_value(d: Mapping[Any, Any], key: Any) -> Any:
    if key in d:
        return d[key]
    return d.get(str(key))


def playable(view: Mapping[str, Any]) -> set[int] | None:
    """The cards the engine's ``legal`` lets this seat play now; None when it is not on turn."""
    if view.get("turn") != view.get("seat") or view.get("over"):
        return None
    return {int(m["card"]) for m in view["legal"] if "card" in m}


def hand_line(
    impl: ModuleType,
    hand: Sequence[int],
    legal: set[int] | None,
    glyphs: bool,
    plain: bool,
    label: str = "hand",
) -> Text:
    """``hand: 1 A♠  2 10♥  (3 K♣)``: numbered; unplayable cards dim (bracketed when plain)."""
    line = Text(f"{label}:")
    for index, card in enumerate(hand, start=1):
        dim = legal is not None and card not in legal
        line.append("  ")
        if dim and plain:
            line.append(f"({index} {card_label(impl, card, glyphs)})")
            continue
        line.append(f"{index} ", style="dim" if dim else "cyan")
        line.append_text(card_text(impl, card, glyphs, dim=dim))
    return line


def fan(
    impl: ModuleType, hand: Sequence[int], legal: set[int] | None, glyphs: bool, width: int
) -> Text:
    """The hand as overlapping cards, each corner showing its face and its number.

    Each card takes four cells, so twenty cards fit in 81 columns; a narrower
    screen gets the fan in several rows, and no index is ever cut off.
    """
    top, side, left_bottom, right_top, right_bottom, bar = (
        ("\u256d", "\u2502", "\u2570", "\u256e", "\u256f", "\u2500")
        if glyphs
        else ("+", "|", "+", "+", "+", "-")
    )
    per_row = max(1, (width - 1) // 4)
    out = Text()
    rows = [list(hand[i : i + per_row]) for i in range(0, len(hand), per_row)] or [[]]
    number = 0
    for row_index, row in enumerate(rows):
        if not row:
            out.append("(no cards)")
            break
        n = len(row)
        out.append((top + bar * 3) * n + right_top + "\n")
        faces = Text()
        numbers = Text()
        for card in row:
            number += 1
            dim = legal is not None and card not in legal
            faces.append(side)
            face = card_text(impl, card, glyphs, dim=dim)
            faces.append(" " * max(0, 3 - face.cell_len))
            faces.append_text(face)
            numbers.append(side)
            numbers.append(str(number).rjust(3), style="dim" if dim else "cyan")
        faces.append(side + "\n")
        numbers.append(side + "\n")
        out.append_text(faces)
        out.append_text(numbers)
        out.append((left_bottom + bar * 3) * n + right_bottom)
        if row_index < len(rows) - 1:
            out.append("\n")
    return out


def _hands(
    impl: ModuleType,
    view: Mapping[str, Any],
    name: Namer,
    glyphs: bool,
    plain: bool,
    width: int,
    others: Mapping[Any, Sequence[int]] | None,
) -> list[Text]:
    """The seat's hand (a line, or a fan on a screen); from above, every hand in seat order."""
    seat = view["seat"]
    legal = playable(view)
    if others:
        hands = {s: in_hand_order(impl, h) for s, h in others.items()}
        hands[seat] = in_hand_order(impl, view["hand"])
        return [
            hand_line(impl, hands[s], legal if s == seat else None, glyphs, True, f"{name(s)} hand")
            for s in sorted(hands)
        ]
    hand = in_hand_order(impl, view["hand"])
    if plain:
        return [hand_line(impl, hand, legal, glyphs, True, label=f"{name(seat)} hand")]
    return [Text(f"{name(seat)} hand ({len(hand)} cards):"), fan(impl, hand, legal, glyphs, width)]


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def legal_words(impl: ModuleType, legal: Sequence[Mapping[str, Any]], glyphs: bool) -> str:
    """What may be done now, with what to type for it."""
    keys = {
        "claim": "claim 66 (type out)",
        "exchange": "exchange for the turn-up (x)",
        "close": "close the talon (c)",
        "draw": "draw (d)",
        "take": "take the bout (t)",
        "done": "done attacking (d)",
        "swap": "swap the trump six (x)",
    }
    cards: dict[str, list[str]] = {}
    parts: list[str] = []
    for move in legal:
        kind = str(move["kind"])
        if "card" in move:
            cards.setdefault(kind, []).append(card_label(impl, move["card"], glyphs))
        elif kind == "marriage":
            parts.append(
                f"marry in {suit_name(move['suit'])} for {move['value']} (m {move['suit']})"
            )
        else:
            parts.append(keys.get(kind, kind))
    played = [f"{kind} {' '.join(names)}" for kind, names in cards.items()]
    if not played and not parts:
        return "nothing: it is not your turn"
    return "; ".join(played + parts)


def _marriages_held(impl: ModuleType, hand: Sequence[int], trump: str) -> list[str]:
    suits = []
    for card in hand:
        if impl.card.rank_of(card) == "K":
            suit = impl.card.suit_of(card)
            if any(impl.card.rank_of(c) == "Q" and impl.card.suit_of(c) == suit for c in hand):
                suits.append(suit)
    return suits


def schnapsen_lines(
    impl: ModuleType,
    view: Mapping[str, Any],
    *,
    name: Namer,
    glyphs: bool,
    plain: bool,
    width: int = 80,
    others: Mapping[str, Sequence[int]] | None = None,
) -> list[Text]:
    """A Schnapsen or Sixty-Six position from ``view``; ``others`` adds hands seen from above."""
    variant = view["variant"]
    lines: list[Text] = []
    title = "Schnapsen" if variant == "schnapsen" else "Sixty-Six"
    lines.append(Text(f"{title}, deal {view['number']}, dealer {name(view['dealer'])}"))
    if "scores" in view:
        scores = view["scores"]
        how = "counting down from 7 to 0" if variant == "schnapsen" else "counting up to 7"
        lines.append(Text(f"score: p1 {scores['p1']}, p2 {scores['p2']} ({how})"))
    trump = view["trump"]
    talon = Text("trump: ")
    talon.append(suit_label(trump, glyphs), style="bold red" if trump in "HD" else "bold")
    talon.append(f" ({suit_name(trump)})")
    if view["turn_up"] is not None:
        talon.append("   turn-up: ")
        talon.append_text(card_text(impl, view["turn_up"], glyphs))
    left = view["talon_left"]
    if view["closed"]:
        talon.append(f"   talon: {_plural(left, 'card')}, closed by {name(view['closed_by'])}")
    elif left:
        talon.append(f"   talon: {_plural(left, 'card')}")
    else:
        talon.append("   talon: empty")
    lines.append(talon)
    taken, won = view["taken"], view["tricks_won"]
    points = Text(
        f"card points: p1 {taken['p1']} ({_plural(won['p1'], 'trick')}), "
        f"p2 {taken['p2']} ({_plural(won['p2'], 'trick')})"
    )
    for meld in view["melds"]:
        pending = "" if meld["counted"] else ", counts once a trick is won"
        points.append(f"; {name(meld['seat'])} married {suit_name(meld['suit'])} {meld['value']}")
        points.append(pending)
    lines.append(points)
    if view["lead"] is not None:
        led = Text(f"led: {name(view['leader'])} led ")
        led.append_text(card_text(impl, view["lead"], glyphs))
        lines.append(led)
    elif view["last_trick"] is not None:
        trick = view["last_trick"]
        leader = trick["leader"]
        follower = "p2" if leader == "p1" else "p1"
        last = Text(f"last trick: {name(leader)} led ")
        last.append_text(card_text(impl, trick["lead"], glyphs))
        last.append(f", {name(follower)} answered ")
        last.append_text(card_text(impl, trick["follow"], glyphs))
        last.append(f", {name(trick['winner'])} took it")
        lines.append(last)
    else:
        lines.append(Text("no trick played yet"))
    seat = view["seat"]
    counts = view["counts"]
    if not others:
        opponent = "p2" if seat == "p1" else "p1"
        lines.append(Text(f"{name(opponent)} holds {_plural(counts[opponent], 'card')}"))
    lines.extend(_hands(impl, view, name, glyphs, plain, width, others))
    hand = in_hand_order(impl, view["hand"])
    offered = {m["suit"] for m in view["legal"] if m.get("kind") == "marriage"}
    for suit in _marriages_held(impl, hand, trump):
        value = TRUMP_MARRIAGE_POINTS if suit == trump else MARRIAGE_POINTS
        how = f", declare it with m {suit}" if suit in offered else ""
        lines.append(Text(f"marriage held: King and Queen of {suit_name(suit)} ({value}){how}"))
    if view["pending_draw"]:
        lines.append(Text(f"{name(view['turn'])} won the trick and draws next (or closes)"))
    if view["over"]:
        lines.append(Text("this deal is over"))
    elif view["turn"] is not None:
        lines.append(Text(f"to move: {name(view['turn'])}"))
    return lines


def durak_lines(
    impl: ModuleType,
    view: Mapping[str, Any],
    *,
    name: Namer,
    glyphs: bool,
    plain: bool,
    width: int = 80,
    others: Mapping[int, Sequence[int]] | None = None,
) -> list[Text]:
    """A Durak position from ``view``; ``others`` adds hands seen from above."""
    lines: list[Text] = [Text("Podkidnoy Durak")]
    trump = view["trump"]
    head = Text("trump: ")
    head.append(suit_label(trump, glyphs), style="bold red" if trump in "HD" else "bold")
    head.append(f" ({suit_name(trump)})")
    if view["trump_card"] is not None:
        head.append("   turn-up: ")
        head.append_text(card_text(impl, view["trump_card"], glyphs))
    else:
        head.append("   turn-up: drawn")
    head.append(f"   talon: {view['talon']}   heap: {view['discard']}")
    lines.append(head)
    counts = view["counts"]
    lines.append(
        Text(f"cards: {name(1)} {_seat_value(counts, 1)}, {name(2)} {_seat_value(counts, 2)}")
    )
    bout = view["bout"]
    if bout is None:
        lines.append(Text("no bout on the table"))
    else:
        state = f"{name(bout['attacker'])} attacks {name(bout['defender'])}, up to {bout['cap']}"
        if bout["taken"]:
            state += f"; {name(bout['defender'])} takes, more may be thrown in"
        if not bout["pairs"]:
            state += "; nothing on the table yet"
        lines.append(Text(f"bout: {state}"))
    if bout is not None and bout["pairs"]:
        attack, answer = Text("  attack: "), Text("  answer: ")
        for pair in bout["pairs"]:
            top = card_text(impl, pair["attack"], glyphs)
            low = card_text(impl, pair["beat"], glyphs) if pair["beat"] is not None else Text("--")
            cell = max(top.cell_len, low.cell_len, 3) + 1
            attack.append_text(top)
            attack.append(" " * (cell - top.cell_len))
            answer.append_text(low)
            answer.append(" " * (cell - low.cell_len))
        attack.rstrip()
        answer.rstrip()
        lines.append(attack)
        lines.append(answer)
    seat = view["seat"]
    lines.extend(_hands(impl, view, name, glyphs, plain, width, others))
    if view["swap"]:
        lines.append(Text(f"{name(seat)} may swap the trump six for the turn-up (x)"))
    if view["over"]:
        lines.append(Text("the game is over"))
    elif view["turn"] is not None:
        lines.append(Text(f"to move: {name(view['turn'])} ({view['phase']})"))
    return lines
