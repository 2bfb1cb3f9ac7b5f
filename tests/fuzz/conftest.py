"""Says how many hostile calls each fuzzer ran, and fails a run in which one ran none.

A fuzz test that passes without making a single hostile call (its strategy
drew nothing, or a change made it return early) is a stub in disguise: the
summary names it and the run's exit status is set to failure.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from _tally import TALLY

HERE = Path(__file__).resolve().parent
RAN: dict[str, int] = {}  # module stem -> fuzz tests of it that passed


def pytest_runtest_logreport(report: Any) -> None:
    path = Path(str(report.fspath)).resolve()
    if report.when == "call" and report.passed and path.parent == HERE:
        RAN[path.stem] = RAN.get(path.stem, 0) + 1


def idle() -> list[str]:
    """The fuzzing modules whose tests passed without one hostile call."""
    return sorted(module for module in RAN if TALLY.get(module, 0) == 0)


def pytest_terminal_summary(terminalreporter: Any) -> None:
    if not RAN:
        terminalreporter.write_line("fuzzing: nothing ran (no fuzz test was selected)")
        return
    for module in sorted(RAN):
        calls = TALLY.get(module, 0)
        if calls:
            terminalreporter.write_line(f"fuzzing: {module}: {calls:,} hostile calls ran clean")
    for module in idle():
        terminalreporter.write_line(
            f"fuzzing: {module}: nothing ran ({RAN[module]} tests passed without a hostile call)",
            red=True,
        )


def pytest_sessionfinish(session: Any, exitstatus: int) -> None:
    if idle() and exitstatus == 0:
        session.exitstatus = 1
