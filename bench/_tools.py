"""The C++ benchmark tools (cpp/tools): built on demand, run for one JSON answer."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
BUILD = ROOT / "build" / "tools"


def build(target: str) -> None:
    """Configures build/tools with the tools on and builds one of them."""
    subprocess.run(
        ["cmake", "-S", str(ROOT), "-B", str(BUILD), "-DTRUMPF_TOOLS=ON"],
        check=True,
        capture_output=True,
    )
    subprocess.run(
        ["cmake", "--build", str(BUILD), "--target", target, "-j", "2"],
        check=True,
        capture_output=True,
    )


def run(target: str, *args: object) -> dict[str, Any]:
    """Runs a built tool with these arguments; its stdout is one JSON object."""
    done = subprocess.run(
        [str(BUILD / target), *(str(a) for a in args)], check=True, capture_output=True, text=True
    )
    result: dict[str, Any] = json.loads(done.stdout)
    return result
