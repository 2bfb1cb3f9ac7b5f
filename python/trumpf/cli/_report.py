"""The tables ``trumpf simulate`` ends with: the summary, player by player, and the endings."""

from __future__ import annotations

from rich.table import Table

from trumpf.schnapsen import variant
from trumpf.simulation import Simulation
from trumpf.tables import HOUSE_RULES


def house_rules_line(sim: Simulation) -> str | None:
    """The house rules that differ from the reference's, as one line; None when none do."""
    if sim.rules is None:
        return None
    reference = variant.get(sim.rules["name"])
    changed = [f"{k}={sim.rules[k]}" for k in HOUSE_RULES if sim.rules[k] != reference[k]]
    return "house rules: " + ", ".join(changed) if changed else None


def summary_table(sim: Simulation, seconds: float) -> Table:
    """What ``trumpf simulate`` prints at the end: the summary of ``sim``, player by player."""
    s = sim.summary()
    title = (
        f"{sim.game}: {s.games:,} games, {sim.players[0]} (A) v {sim.players[1]} (B), "
        f"{s.games / seconds:,.0f} games/s on {sim.threads} thread(s)"
    )
    table = Table(title=title, caption=house_rules_line(sim))
    table.add_column("")
    table.add_column(f"A: {sim.players[0]}", justify="right")
    table.add_column(f"B: {sim.players[1]}", justify="right")
    table.add_row("wins", f"{s.wins[0]:,}", f"{s.wins[1]:,}")
    low_a, high_a = s.win_interval[0]
    low_b, high_b = s.win_interval[1]
    table.add_row(
        "win rate (95% CI)",
        f"{s.win_rate[0]:.4f} [{low_a:.4f}, {high_a:.4f}]",
        f"{s.win_rate[1]:.4f} [{low_b:.4f}, {high_b:.4f}]",
    )
    if sim.game != "durak":
        table.add_row(
            "game points per game",
            f"{s.game_points_per_game[0]:.3f}",
            f"{s.game_points_per_game[1]:.3f}",
        )
        label = "final score" if sim.game.endswith("-match") else "card points per game"
        table.add_row(label, f"{s.card_points_per_game[0]:.2f}", f"{s.card_points_per_game[1]:.2f}")
    if s.fools is not None:
        table.add_row("times the fool", f"{s.fools[0]:,}", f"{s.fools[1]:,}")
        table.add_row("bouts per game", f"{s.bouts_per_game or 0.0:.2f}", "")
    table.add_row("draws", f"{s.draws:,}", "")
    table.add_row("moves per game", f"{s.moves_per_game:.2f}", "")
    return table


def endings_table(sim: Simulation) -> Table | None:
    """How the games ended, most common first: each ending's count and share side by
    side; None when no game was played."""
    s = sim.summary()
    if not s.games or not s.endings:
        return None
    table = Table(title="how the games ended")
    table.add_column("ending")
    table.add_column("games", justify="right")
    table.add_column("share", justify="right")
    for name, count in sorted(s.endings.items(), key=lambda kv: (-kv[1], kv[0])):
        table.add_row(name, f"{count:,}", f"{count / s.games:.2%}")
    return table
