"""trumpf says its version in one voice: the package, the command and the installed metadata."""

from __future__ import annotations

import importlib.metadata
import re
import subprocess
import sys

import pytest

import trumpf
from trumpf.cli import main


def test_the_version_is_a_release_number() -> None:
    assert re.fullmatch(r"\d+\.\d+\.\d+([ab]\d+|rc\d+)?(\.dev\d+)?", trumpf.__version__)


def test_the_installed_metadata_reads_the_same_version() -> None:
    # pyproject.toml reads it from trumpf/__init__.py: one place.
    assert importlib.metadata.version("trumpf") == trumpf.__version__


def test_the_command_says_it(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as ended:
        main(["--version"])
    assert ended.value.code == 0
    assert capsys.readouterr().out == f"trumpf {trumpf.__version__}\n"


def test_python_m_trumpf_says_it_too() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "trumpf", "--version"], capture_output=True, text=True, check=False
    )
    assert (done.returncode, done.stdout) == (0, f"trumpf {trumpf.__version__}\n")
