"""House rules everywhere a variant goes: the simulator, the terminal and replay."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np

import trumpf
from _play_support import cli
from trumpf.schnapsen import Match, variant

SEED = bytes(range(32))


def test_rules_given_as_changes_equal_the_preset() -> None:
    preset = trumpf.simulate("schnapsen-tjger", games=500, players=("bot2", "random"), seed=SEED)
    changes = {k: v for k, v in variant.get("schnapsen-tjger").items() if k != "name"}
    changed = {k: v for k, v in changes.items() if v != variant.get("schnapsen")[k]}
    custom = trumpf.simulate(
        "schnapsen", games=500, players=("bot2", "random"), seed=SEED, rules=changed
    )
    assert preset.rules == custom.rules == variant.get("schnapsen-tjger")
    for name in preset.columns:
        np.testing.assert_array_equal(preset[name], custom[name], err_msg=name)
    reference = trumpf.simulate("schnapsen", games=500, players=("bot2", "random"), seed=SEED)
    # The same cards, other rules: some deals must play out differently.
    assert not np.array_equal(reference["moves"], preset["moves"])


def test_a_house_rule_the_game_does_not_have_is_refused() -> None:
    done = cli("simulate", "schnapsen", "--games", "10", "--variant-rule", "marriage_by_lead=3")
    assert done.returncode == 2
    assert "marriage_by_lead" in done.stderr and "Traceback" not in done.stderr
    done = cli("simulate", "durak", "--games", "10", "--variant-rule", "close_min_stock=3")
    assert done.returncode == 2 and "house rules" in done.stderr


def test_the_command_line_names_the_house_rules() -> None:
    done = cli(
        "simulate",
        "sixtysix-match",
        "--games",
        "200",
        "--players",
        "bot2",
        "bot1",
        "--variant-rule",
        "failed_close_pays=closer_value",
        "--quiet",
    )
    assert done.returncode == 0, done.stderr
    assert "house rules: failed_close_pays=closer_value" in done.stdout


def test_the_preset_is_played_saved_and_replayed_at_the_terminal(tmp_path: Path) -> None:
    log = tmp_path / "tjger.json"
    # Two bots play a whole match of the preset; the saved log carries its rules.
    done = cli(
        "play",
        "schnapsen",
        "--rules",
        "schnapsen-tjger",
        "--mode",
        "watch",
        "--delay",
        "0",
        "--ascii",
        "--save",
        str(log),
    )
    assert done.returncode == 0, done.stderr
    saved = json.loads(log.read_text())
    assert saved["rules"] == variant.get("schnapsen-tjger")
    match = Match.from_log(saved)
    assert match.over and match.rules == variant.get("schnapsen-tjger")
    shown = cli("replay", str(log), "--ascii")
    assert shown.returncode == 0, shown.stderr
    assert "wins the match" in shown.stdout


def test_a_marriage_is_shown_by_a_lead_typed_at_the_terminal() -> None:
    # Find a seed where p2, on lead first (p1 deals at the terminal), holds a
    # marriage under the preset.
    for n in range(400):
        seed = n.to_bytes(32, "big")
        match = Match.build(variant="schnapsen-tjger", seed=seed, dealer="p1")
        marriages = [m for m in match.legal("p2") if m["kind"] == "marriage"]
        if marriages:
            break
    else:
        raise AssertionError("no deal with a marriage on offer to the first leader")
    queen = marriages[1]
    typed = f"m {trumpf.schnapsen.card.name_of(queen['card'])}\nq\n"
    done = cli(
        "play",
        "schnapsen",
        "--rules",
        "schnapsen-tjger",
        "--seed",
        seed.hex(),
        "--seat",
        "p2",
        "--ascii",
        "--no-colour",
        "--delay",
        "0",
        stdin=typed,
    )
    assert "p2 declares a marriage" in done.stdout
    assert f"p2 leads the {trumpf.schnapsen.card.long_name_of(queen['card'])}" in done.stdout
