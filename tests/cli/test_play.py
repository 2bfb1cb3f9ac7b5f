"""`trumpf play`: whole games driven by typed lines through the same entry points a person uses."""

from __future__ import annotations

import io
import re
from pathlib import Path
from types import ModuleType
from typing import Any

from rich.console import Console

from _play_support import (
    PLAIN,
    cli,
    dimpl,
    engine_name,
    run_durak,
    run_schnapsen,
    script_durak,
    script_schnapsen,
    seed_of,
    simpl,
)
from trumpf.play import Options
from trumpf.play.parse import parse_durak, parse_schnapsen
from trumpf.play.render import durak_lines, schnapsen_lines

__all__ = ["dimpl", "simpl"]


# The order a player sorts a hand in, stated here apart from the engine: suit by suit
# (spades, hearts, diamonds, clubs), each from the highest rank down.
SCHNAPSEN_RANKS = "ATKQJ9"
DURAK_RANKS = "AKQJT9876"


def by_suit_and_rank(name: str, ranks: str) -> tuple[int, int]:
    return "SHDC".index(name[1]), ranks.index(name[0])


def _bot2(impl: ModuleType) -> Any:
    return impl.Bot(level=2)


def _find_schnapsen(impl: ModuleType, variant: str, want: Any, tries: int = 200) -> Any:
    """The first seed whose scripted game ``want(seed)`` accepts (returns non-None)."""
    for i in range(tries):
        found = want(seed_of(i))
        if found is not None:
            return found
    raise AssertionError("no seed found for this scenario")


# -- Schnapsen family ---------------------------------------------------------------------


def test_claim_wins_a_deal(simpl: ModuleType) -> None:
    bot = _bot2(simpl)

    def want(seed: bytes) -> Any:
        def policy(match: Any, seat: Any, view: dict[str, Any]) -> Any:
            if match.number > 1:
                return None
            return bot.choose(match, seat)

        lines, match = script_schnapsen(simpl, "schnapsen", seed, policy)
        first = match.deals[0] if match.deals else None
        if first and first["how"] == "claim" and first["winner"] == "p1":
            return seed, lines, first
        return None

    seed, lines, result = _find_schnapsen(simpl, "schnapsen", want)
    claim = lines[-1]
    assert claim in ("out", "claim", "66")
    text = run_schnapsen(simpl, "schnapsen", seed, [*lines, "q"])
    assert "p1 claims 66 and goes out" in text
    points = result["points"]
    paid = result["game_points"]
    assert (
        f"deal over: p1 went out with 66 or more; p1 wins {paid} game point"
        f"{'s' if paid != 1 else ''} (card points p1 {points['p1']}, p2 {points['p2']})"
    ) in text
    assert f"score: p1 {7 - paid}, p2 7 (counting down from 7 to 0)" in text
    assert "Schnapsen, deal 2, dealer p2" in text


def test_false_claim_loses(simpl: ModuleType) -> None:
    bot = _bot2(simpl)

    def want(seed: bytes) -> Any:
        state = {"claimed": False}

        def policy(match: Any, seat: Any, view: dict[str, Any]) -> Any:
            if state["claimed"]:
                return None
            if any(m["kind"] == "claim" for m in view["legal"]) and view["taken"][seat] < 66:
                state["claimed"] = True
                return {"kind": "claim"}
            return bot.choose(match, seat)

        lines, match = script_schnapsen(simpl, "schnapsen", seed, policy)
        if state["claimed"] and match.deals and match.deals[-1]["how"] == "false_claim":
            return seed, lines, match.deals[-1]
        return None

    seed, lines, result = _find_schnapsen(simpl, "schnapsen", want)
    text = run_schnapsen(simpl, "schnapsen", seed, [*lines, "q"])
    paid = result["game_points"]
    assert "p1 claims 66 and goes out" in text
    assert f"deal over: p1 claimed without 66; p2 wins {paid} game points" in text
    assert f"score: p1 7, p2 {7 - paid}" in text


def test_close_shows_a_closed_talon(simpl: ModuleType) -> None:
    bot = _bot2(simpl)

    def want(seed: bytes) -> Any:
        state = {"closed": False}

        def policy(match: Any, seat: Any, view: dict[str, Any]) -> Any:
            if state["closed"]:
                return None
            if any(m["kind"] == "close" for m in view["legal"]):
                state["closed"] = True
                return {"kind": "close"}
            return bot.choose(match, seat)

        lines, match = script_schnapsen(simpl, "schnapsen", seed, policy)
        return (seed, lines, match) if state["closed"] else None

    seed, lines, match = _find_schnapsen(simpl, "schnapsen", want)
    assert lines[-1] == "c"
    text = run_schnapsen(simpl, "schnapsen", seed, [*lines, "q"])
    assert "p1 closes the talon" in text
    left = match.deal.talon_left
    assert f"talon: {left} card{'s' if left != 1 else ''}, closed by p1" in text


def test_sixtysix_draw_move(simpl: ModuleType) -> None:
    bot = _bot2(simpl)

    def want(seed: bytes) -> Any:
        state = {"drew": False}

        def policy(match: Any, seat: Any, view: dict[str, Any]) -> Any:
            if state["drew"]:
                return None
            move = bot.choose(match, seat)
            if move["kind"] == "draw":
                state["drew"] = True
            return move

        lines, _ = script_schnapsen(simpl, "sixtysix", seed, policy)
        return (seed, lines) if state["drew"] else None

    seed, lines = _find_schnapsen(simpl, "sixtysix", want)
    assert lines[-1] == "d"
    text = run_schnapsen(simpl, "sixtysix", seed, [*lines, "q"])
    assert "p1 won the trick and draws next (or closes)" in text
    assert "p1 draws from the talon, and the other after" in text
    assert "score: p1 0, p2 0 (counting up to 7)" in text


def test_unknown_input_is_answered(simpl: ModuleType) -> None:
    seed = seed_of(1)
    match = simpl.Match.build(variant="schnapsen", seed=seed)
    bot = simpl.Bot(level=1)
    while match.turn != "p1":
        match.apply(match.turn, bot.choose(match, match.turn))
    view = match.view("p1")
    missing = next(c for c in simpl.deck.pack_for("schnapsen") if c not in view["hand"])
    lines = ["banana", "", "99", "m Z", "o", "6", "?", simpl.card.name_of(missing), "q"]
    text = run_schnapsen(simpl, "schnapsen", seed, lines)
    assert "I do not know what 'banana' means" in text
    assert "nothing typed" in text
    assert f"there is no card number 99 in your hand (1-{len(view['hand'])})" in text
    assert "'Z' is not a suit" in text
    assert "I do not know what 'o' means" in text  # one keystroke is never a claim
    assert "there is no card number 6 in your hand" in text
    assert "legal now: " in text
    assert "not allowed: you do not hold that card." in text
    assert "p1 claims 66" not in text
    assert "you left the table; the game is not finished" in text


def test_plain_screen_matches_the_view(simpl: ModuleType) -> None:
    """The pipe screen, line by line, built here from the view's own values."""
    seed = bytes(range(32))
    match = simpl.Match.build(variant="schnapsen", seed=seed)
    bot = simpl.Bot(level=1)
    while match.turn != "p1":
        match.apply(match.turn, bot.choose(match, match.turn))
    view = match.view("p1")
    name = simpl.card.name_of
    suits = {"S": "Spades", "H": "Hearts", "D": "Diamonds", "C": "Clubs"}
    if view["lead"] is not None:
        trick_line = f"led: p2 led {name(view['lead'])}"
    else:
        trick_line = "no trick played yet"
    legal = {m["card"] for m in view["legal"] if "card" in m}
    held_in_order = sorted(view["hand"], key=lambda c: by_suit_and_rank(name(c), SCHNAPSEN_RANKS))
    hand = "".join(
        f"  {i} {name(c)}" if c in legal else f"  ({i} {name(c)})"
        for i, c in enumerate(held_in_order, 1)
    )
    expected = [
        "--- Schnapsen - p1 ---",
        "Schnapsen, deal 1, dealer p1",
        "score: p1 7, p2 7 (counting down from 7 to 0)",
        f"trump: {view['trump']} ({suits[view['trump']]})   turn-up: {name(view['turn_up'])}"
        f"   talon: {view['talon_left']} cards",
        f"card points: p1 {view['taken']['p1']} (0 tricks), p2 {view['taken']['p2']} (0 tricks)",
        trick_line,
        f"p2 holds {view['counts']['p2']} cards",
        f"p1 hand:{hand}",
    ]
    held = [s for s in "SHDC" if {f"K{s}", f"Q{s}"} <= {name(c) for c in view["hand"]}]
    for s in held:
        value = 40 if s == view["trump"] else 20
        expected.append(f"marriage held: King and Queen of {suits[s]} ({value})")
    expected.append("to move: p1")
    text = run_schnapsen(simpl, "schnapsen", seed, ["q"])
    start = text.index("--- Schnapsen - p1 ---")
    got = text[start:].split("\n")[: len(expected)]
    assert got == expected


def test_hotseat_whole_match(simpl: ModuleType) -> None:
    bot = simpl.Bot(level=1)
    seed = seed_of(7)
    lines, match = script_schnapsen(
        simpl, "sixtysix", seed, lambda m, s, v: bot.choose(m, s), hotseat=True, limit=2000
    )
    assert match.over
    text = run_schnapsen(simpl, "sixtysix", seed, lines, mode="hotseat")
    scores = match.result["scores"]
    assert (
        f"{match.result['winner']} wins the match: p1 {scores['p1']}, p2 {scores['p2']} "
        f"after {match.result['deals']} deals"
    ) in text
    assert "--- Sixty-Six - p2 ---" in text and "--- Sixty-Six - p1 ---" in text


def test_watch_mode_plays_the_bots(simpl: ModuleType) -> None:
    seed = seed_of(3)
    match = simpl.Match.build(variant="schnapsen", seed=seed)
    bot = simpl.Bot(level=simpl.Bot.level_for(3))
    while not match.over:
        match.apply(match.turn, bot.choose(match, match.turn))
    text = run_schnapsen(simpl, "schnapsen", seed, [], mode="watch", level=3)
    scores = match.result["scores"]
    assert text.rstrip().endswith(seed.hex())
    assert f"{match.result['winner']} wins the match: p1 {scores['p1']}, p2 {scores['p2']}" in text


def test_dimming_of_illegal_cards(simpl: ModuleType) -> None:
    """On a forced terminal, a card outside ``legal`` is dim, a playable one is not."""
    bot = simpl.Bot(level=1)
    for i in range(100):
        match = simpl.Match.build(variant="schnapsen", seed=seed_of(i))
        while not match.over and match.number == 1:
            seat = match.turn
            view = match.view(seat)
            cards = {m["card"] for m in view["legal"] if "card" in m}
            if view["lead"] is not None and cards and set(view["hand"]) - cards:
                break
            match.apply(seat, bot.choose(match, seat))
        else:
            continue
        break
    else:  # pragma: no cover
        raise AssertionError("no restricted follow found")
    console = Console(file=io.StringIO(), force_terminal=True, color_system="standard", width=80)
    with console.capture() as capture:
        for line in schnapsen_lines(simpl, view, name=str, glyphs=False, plain=False, width=76):
            console.print(line)
    screen = capture.get()
    for card in view["hand"]:
        label = simpl.card.name_of(card)
        if card in cards:
            assert f"\x1b[2m{label}" not in screen and label in screen
        else:
            assert f"\x1b[2m{label}\x1b[0m" in screen


# -- Durak ---------------------------------------------------------------------------------


def test_durak_take_done_swap_resign(dimpl: ModuleType) -> None:
    for i in range(300):
        seed = seed_of(i)
        seen: list[str] = []

        def policy(game: Any, seat: Any, view: dict[str, Any], seen: list[str] = seen) -> Any:
            kinds = [m["kind"] for m in view["legal"]]
            for kind in ("swap", "take", "done"):
                if kind in kinds and kind not in seen:
                    seen.append(kind)
                    return {"kind": kind}
            if len(seen) == 3:
                seen.append("resign")
                return {"kind": "resign"}
            return dimpl.Bot(level=2).choose(view)

        lines, game = script_durak(dimpl, seed, policy)
        if seen == ["swap", "take", "done", "resign"] or sorted(seen) == sorted(
            ["swap", "take", "done", "resign"]
        ):
            break
    else:  # pragma: no cover
        raise AssertionError("no seed gives a swap, a take and a done")
    assert game.result["fool"] == 1
    text = run_durak(dimpl, seed, lines)
    assert "seat 1 swaps the trump six for the turn-up" in text
    assert "seat 1 picks the bout up" in text
    assert "seat 1 is done attacking" in text
    assert "seat 1 resigns" in text
    assert text.count("game over: seat 1 resigned and ended up the fool") == 1
    assert "seat 1 resigned and ended up the fool" in text.splitlines()[-2]


def test_durak_unknown_and_refused(dimpl: ModuleType) -> None:
    seed = seed_of(11)
    game = dimpl.Game.build(seed=seed)
    bot = dimpl.Bot(level=1, seed=seed.hex())
    while game.turn != 1:
        game.apply(game.turn, bot.choose(game.view(game.turn)))
    view = game.view(1)
    text = run_durak(dimpl, seed, ["zzz", "77", "?", "q"])
    assert "I do not know what 'zzz' means" in text
    assert f"there is no card number 77 in your hand (1-{len(view['hand'])})" in text
    assert "legal now: " in text
    assert "you left the table" in text
    wrong = "t" if view["phase"] != "defend" else "d"
    text = run_durak(dimpl, seed, [wrong, "q"])
    assert "not allowed: that does not fit this stage of the bout." in text


def test_durak_hotseat_and_watch(dimpl: ModuleType) -> None:
    seed = seed_of(5)
    game = dimpl.Game.build(seed=seed)
    bot = dimpl.Bot(level=dimpl.Bot.level_for(2), seed=seed.hex())
    while not game.over:
        game.apply(game.turn, bot.choose(game.view(game.turn)))
    fool = game.result["fool"]
    ending = "the game is drawn" if fool is None else f"seat {fool} ended up the fool"
    watched = run_durak(dimpl, seed, [], mode="watch", level=2)
    assert ending in watched.splitlines()[-2]
    lines = []
    replay = dimpl.Game.build(seed=seed)
    for move in dimpl.Game.moves_of(game.history):
        view = replay.view(move["seat"])
        body = {k: v for k, v in move.items() if k != "seat"}
        from _play_support import typed

        lines.append(typed(dimpl, body, list(view["hand"]), len(lines)))
        replay.apply(move["seat"], body)
    seated = run_durak(dimpl, seed, lines, mode="hotseat")
    assert ending in seated.splitlines()[-2]


def _twenty_cards(impl: ModuleType) -> dict[str, Any]:
    """A real position where seat 1 holds twenty cards or more: it always takes."""
    for i in range(400):
        game = impl.Game.build(seed=seed_of(i))
        while not game.over:
            seat = game.turn
            view = game.view(seat)
            if seat == 1 and len(view["hand"]) >= 20:
                return view
            kinds = [m for m in view["legal"] if m["kind"] != "swap"]
            if seat == 1:
                move = next((m for m in kinds if m["kind"] == "take"), kinds[0])
            else:
                move = next((m for m in kinds if m["kind"] == "attack"), kinds[0])
            game.apply(seat, move)
    raise AssertionError("no twenty-card hand found")


def test_durak_fan_keeps_every_index_readable(dimpl: ModuleType) -> None:
    view = _twenty_cards(dimpl)
    hand = view["hand"]
    legal = {m["card"] for m in view["legal"] if "card" in m}
    for width in (80, 60):
        console = Console(file=io.StringIO(), force_terminal=True, width=width)
        with console.capture() as capture:
            for line in durak_lines(
                dimpl, view, name=lambda s: f"seat {s}", glyphs=True, plain=False, width=width
            ):
                console.print(line)
        raw = capture.get()
        plain = Console(file=io.StringIO(), width=width)
        with plain.capture() as cap2:
            for line in durak_lines(
                dimpl, view, name=lambda s: f"seat {s}", glyphs=True, plain=False, width=width
            ):
                plain.print(line)
        rows = cap2.get().splitlines()
        assert all(len(r) <= width for r in rows)
        faces: list[str] = []
        numbers: list[str] = []
        for r, row in enumerate(rows):
            if row.startswith("\u2502") and r + 1 < len(rows) and rows[r + 1].startswith("\u2502"):
                faces += [c.strip() for c in row.strip("\u2502").split("\u2502")]
                numbers += [c.strip() for c in rows[r + 1].strip("\u2502").split("\u2502")]
        labels = [
            ("10" if dimpl.card.rank_of(c) == "T" else dimpl.card.rank_of(c))
            + {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}[dimpl.card.suit_of(c)]
            for c in hand
        ]
        assert faces == labels
        assert numbers == [str(i) for i in range(1, len(hand) + 1)]
        for card, label in zip(hand, labels, strict=False):
            dim = f"\x1b[2m{label}\x1b[0m" in raw
            assert dim == (card not in legal)


def test_durak_plain_screen_lists_the_bout(dimpl: ModuleType) -> None:
    seed = seed_of(2)
    game = dimpl.Game.build(seed=seed)
    bot = dimpl.Bot(level=1, seed=seed.hex())
    while game.turn != 1 or not (game.view(1)["bout"] or {}).get("pairs"):
        if game.turn == 1:
            view = game.view(1)
            game.apply(1, view["legal"][0])
        else:
            game.apply(game.turn, bot.choose(game.view(game.turn)))
    view = game.view(1)
    lines = [
        t.plain
        for t in durak_lines(dimpl, view, name=lambda s: f"seat {s}", glyphs=False, plain=True)
    ]
    attacks = [dimpl.card.name_of(p["attack"]) for p in view["bout"]["pairs"]]
    assert lines[2] == f"cards: seat 1 {view['counts'][1]}, seat 2 {view['counts'][2]}"
    assert lines[4].split() == ["attack:", *attacks]
    assert f"talon: {view['talon']}   heap: {view['discard']}" in lines[1]


# -- the command line ----------------------------------------------------------------------


def test_cli_play_through_a_pipe(simpl: ModuleType, tmp_path: Path) -> None:
    log = tmp_path / "game.json"
    done = cli(
        "play",
        "schnapsen",
        "--engine",
        engine_name(simpl),
        "--ascii",
        "--seed",
        "ab" * 32,
        "--save",
        str(log),
        stdin="?\nwhat\nq\n",
    )
    assert done.returncode == 0, done.stderr
    assert "\x1b[" not in done.stdout  # a pipe gets plain lines
    assert f"seed {'ab' * 32}" in done.stdout
    assert "legal now:" in done.stdout and "I do not know what 'what' means" in done.stdout
    assert log.exists()


def test_cli_random_seed_is_printed(simpl: ModuleType) -> None:
    done = cli("play", "sixtysix", "--engine", engine_name(simpl), "--mode", "watch")
    assert done.returncode == 0, done.stderr
    first = done.stdout.splitlines()[0]
    assert first.startswith("Sixty-Six: seed ") and len(first.split()[-1]) == 64
    assert "wins the match" in done.stdout


def test_cli_refuses_a_bad_seed(simpl: ModuleType) -> None:
    done = cli("play", "durak", "--engine", engine_name(simpl), "--seed", "abc")
    assert done.returncode == 2
    assert done.stderr == "trumpf: error: the seed 'abc' is not hexadecimal\n"
    assert done.stdout == ""


def test_options_follow_the_stream() -> None:
    assert Options.for_stream(io.StringIO()) == Options(screen=False, colour=False, glyphs=True)
    assert PLAIN.glyphs is False


def test_screen_mode_redraws_in_place(dimpl: ModuleType) -> None:
    """At a terminal each position clears the screen and draws one panel with the fan."""
    text = run_durak(
        dimpl, seed_of(8), ["1", "?", "q"], options=Options(screen=True, colour=True, width=80)
    )
    assert text.count("\x1b[2J") >= 2
    assert "\u256d\u2500\u2500\u2500" in text  # the fan's card corners
    assert "legal now: " in text


def test_the_hand_is_shown_by_suit_and_rank_and_numbered_so(
    simpl: ModuleType, dimpl: ModuleType
) -> None:
    """Every hand of many deals, Schnapsen, Sixty-Six and Durak, is drawn sorted by suit
    and rank, and the number a card is shown with plays that card."""
    for i in range(20):
        seed = seed_of(i)
        games: list[tuple[ModuleType, Any, Any, str]] = [
            (simpl, simpl.Match.build(variant=v, seed=seed), "p1", SCHNAPSEN_RANKS)
            for v in ("schnapsen", "sixtysix")
        ]
        games.append((dimpl, dimpl.Game.build(seed=seed), 1, DURAK_RANKS))
        for impl, game, seat, ranks in games:
            view = game.view(seat)
            durak = impl is dimpl
            draw = durak_lines if durak else schnapsen_lines
            lines = [t.plain for t in draw(impl, view, name=str, glyphs=False, plain=True)]
            (line,) = [x for x in lines if x.startswith(f"{seat} hand:")]
            shown = re.findall(r"(\d+) ([2-9TJQKA][SHDC])", line)
            names = [impl.card.name_of(c) for c in view["hand"]]
            assert [n for _, n in shown] == sorted(names, key=lambda n: by_suit_and_rank(n, ranks))
            assert [int(k) for k, _ in shown] == list(range(1, len(names) + 1))
            parse = parse_durak if durak else parse_schnapsen
            for number, name in shown:
                command = parse(impl, number, view)
                assert command.action == "move" and command.move["card"] == impl.card.id_of(name)
