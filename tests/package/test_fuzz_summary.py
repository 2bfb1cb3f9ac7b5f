"""The fuzz summary names a fuzzer that ran no hostile call, and fails the run."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

FUZZ = Path(__file__).resolve().parents[1] / "fuzz"

COUNTING = """
from _tally import count


def test_counts() -> None:
    count(__name__, 7)
"""

IDLE = """
def test_does_nothing() -> None:
    assert True
"""


def run_fuzz_dir(tmp_path: Path, modules: dict[str, str]) -> subprocess.CompletedProcess[str]:
    here = tmp_path / "fuzz"
    here.mkdir()
    for name in ("conftest.py", "_tally.py"):
        shutil.copy(FUZZ / name, here / name)
    for name, text in modules.items():
        (here / f"{name}.py").write_text(text, encoding="utf-8")
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(here)],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        check=False,
        timeout=300,
    )


def test_a_fuzzer_that_calls_says_how_many(tmp_path: Path) -> None:
    proc = run_fuzz_dir(tmp_path, {"test_fuzz_counting": COUNTING})
    assert proc.returncode == 0, proc.stdout
    assert "fuzzing: test_fuzz_counting: 7 hostile calls ran clean" in proc.stdout


def test_a_fuzzer_that_calls_nothing_fails_the_run(tmp_path: Path) -> None:
    proc = run_fuzz_dir(tmp_path, {"test_fuzz_counting": COUNTING, "test_fuzz_idle": IDLE})
    assert proc.returncode == 1, proc.stdout
    assert "fuzzing: test_fuzz_idle: nothing ran (1 tests passed without a hostile call)" in (
        proc.stdout
    )
