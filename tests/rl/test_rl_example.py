"""examples/train_pg.py learns: a short run beats its starting point by a margin.

The run is a fixed number of updates from fixed seeds (not a time budget),
and both policies play the same 1,000 evaluation deals against bot1; the
trained policy's 95% Wilson lower bound on its win rate must clear the
untrained one's upper bound by 0.1. matplotlib is not needed: the curve is
written as CSV and JSON, and drawn only where matplotlib is installed.
"""

from __future__ import annotations

import csv
import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "train_pg.py"


def load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("train_pg", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["train_pg"] = module
    spec.loader.exec_module(module)
    return module


def test_a_short_run_beats_its_starting_point(tmp_path: Path) -> None:
    train_pg = load()
    _policy, curve = train_pg.train(
        "schnapsen",
        "bot1",
        iterations=60,
        num_envs=256,
        eval_every=30,
        eval_deals=1000,
        log=False,
    )
    first, last = curve[0], curve[-1]
    assert [row["iteration"] for row in curve] == [0, 30, 60]
    assert last["win_low"] > first["win_high"] + 0.1, (first, last)
    assert last["points"] > first["points"]
    written = train_pg.save(curve, tmp_path, "test")
    rows = list(csv.DictReader((tmp_path / "curve.csv").open()))
    assert [float(r["win_rate"]) for r in rows] == [row["win_rate"] for row in curve]
    assert json.loads((tmp_path / "curve.json").read_text()) == curve
    assert {p.name for p in written} >= {"curve.csv", "curve.json"}


def test_wilson_interval() -> None:
    train_pg = load()
    low, high = train_pg.wilson(50, 100)
    assert round(low, 4) == 0.4038 and round(high, 4) == 0.5962
    assert train_pg.wilson(0, 10)[0] == 0.0
