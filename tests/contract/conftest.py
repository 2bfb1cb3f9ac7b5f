"""Run each family's cases on the C++ core once, in child processes, and cache them.

A call that kills the process (a segfault, an abort) must fail its own case
and nothing else, so the core's outcomes are computed by ``_runner.py`` in a
child process that is restarted after the case that killed it.
"""

from __future__ import annotations

import os
import pickle
import subprocess
import sys
from typing import Any

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

_CACHE: dict[str, dict[int, Any]] = {}


def core_outcomes(family: str, count: int) -> dict[int, Any]:
    """Index -> outcome of every case of ``family`` on the core (crashes included)."""
    if family in _CACHE:
        return _CACHE[family]
    results: dict[int, Any] = {}
    start = 0
    while start < count:
        proc = subprocess.run(
            [sys.executable, os.path.join(HERE, "_runner.py"), family, str(start)],
            capture_output=True,
            text=True,
            timeout=600,
            check=False,
        )
        begun = None
        for line in proc.stdout.splitlines():
            parts = line.split(" ")
            if parts[0] == "B":
                begun = int(parts[1])
            elif parts[0] == "R":
                results[int(parts[1])] = pickle.loads(bytes.fromhex(parts[2]))
                begun = None
        if begun is None:
            if proc.returncode != 0 and start not in results:
                # The child died before its first case: record it and stop.
                tail = proc.stderr.strip().splitlines()[-3:]
                for index in range(start, count):
                    results.setdefault(index, ("runner failed", " | ".join(tail)))
            break
        tail = proc.stderr.strip().splitlines()[-1:] or [""]
        results[begun] = ("crash", proc.returncode, tail[0][:200])
        start = begun + 1
    _CACHE[family] = results
    return results


@pytest.fixture(scope="session")
def core_results() -> Any:
    return core_outcomes
