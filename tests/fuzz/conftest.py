"""Says how many hostile calls the fuzzing ran, so a run's size is on record."""

from __future__ import annotations

from typing import Any


def pytest_terminal_summary(terminalreporter: Any) -> None:
    from test_fuzz_api import CALLS
    from test_fuzz_info_durak import CALLS as INFO_CALLS

    terminalreporter.write_line(f"fuzzing: {CALLS[0]:,} hostile calls ran clean")
    terminalreporter.write_line(f"fuzzing: {INFO_CALLS[0]:,} forged Durak infos ran clean")
