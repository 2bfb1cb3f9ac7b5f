"""The code stays typed and tidy: mypy --strict, ruff and clang-format, as in CI."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def run(*command: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)


def test_mypy_strict() -> None:
    done = run(sys.executable, "-m", "mypy", "--strict", "python/trumpf")
    assert done.returncode == 0, done.stdout + done.stderr


def test_ruff() -> None:
    done = run(
        sys.executable,
        "-m",
        "ruff",
        "check",
        "python",
        "tests",
        "bench",
        "examples",
        "docs/_ext",
        ".ci",
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_ruff_format() -> None:
    done = run(
        sys.executable,
        "-m",
        "ruff",
        "format",
        "--check",
        "python",
        "tests",
        "bench",
        "examples",
        "docs/_ext",
        ".ci",
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_clang_format() -> None:
    # The clang-format wheel installs beside this Python, which need not be on PATH.
    beside = Path(sys.executable).parent / "clang-format"
    tool = str(beside) if beside.exists() else shutil.which("clang-format")
    if tool is None:
        pytest.fail("clang-format is a test dependency: pip install clang-format")
    sources = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "cpp").rglob("*.[ch]pp"))
    done = run(tool, "--dry-run", "--Werror", *sources)
    assert done.returncode == 0, done.stdout + done.stderr
