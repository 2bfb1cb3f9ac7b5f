"""The quick loop (``pip install ".[test]"``) skips what needs the heavy extras.

A test module that imports the server, a learning framework or a browser
driver at the top is reported as skipped, with the package it needs, when
that package is missing; CI installs ``.[test-all]``, where every module
imports and nothing here skips.

It also puts every Ray the tests import, join or start on the loopback.
"""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path
from typing import Any

import pytest

HERE = Path(__file__).resolve().parent

# Ray reads these when it is first imported, and any test module may import
# it first (``importorskip("ray.rllib")`` does, at collection): every address
# on the loopback, and no token file shared with other Rays of this machine.
# Set here, before any module is collected, so every Ray this process joins
# or starts sees them.
os.environ.update({"RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER": "0", "RAY_AUTH_MODE": "disabled"})

# A test module (or a folder of them), and the top-level packages it imports.
NEEDS: dict[str, tuple[str, ...]] = {
    # The server runs as a process of its own (uvicorn, Starlette); the
    # scripted clients speak websockets; the browser test drives selenium.
    "serve/test_serve_browser.py": ("starlette", "uvicorn", "websockets", "selenium"),
    "serve/test_serve_crash.py": ("starlette", "uvicorn", "websockets"),
    "serve/test_serve_load.py": ("starlette", "uvicorn", "websockets"),
    "serve/test_serve_schemas.py": ("starlette", "uvicorn", "websockets", "jsonschema"),
    # Starlette's TestClient, which needs httpx.
    "serve/test_serve_protocol.py": ("starlette", "httpx"),
    "serve/test_serve_secrecy.py": ("starlette", "httpx"),
    "serve/test_serve_security.py": ("starlette", "httpx"),
    # It walks every package, the server and the adapters included.
    "engine/test_pickle_every_class.py": (
        "starlette",
        "websockets",
        "gymnasium",
        "pettingzoo",
        "pyspiel",
    ),
    "rl/test_rl_gymnasium.py": ("gymnasium",),
    "rl/test_rl_openspiel.py": ("pyspiel",),
    "rl/test_rl_pettingzoo.py": ("pettingzoo",),
    # The frameworks' own entry points, each on trumpf's envs.
    "rl/test_fw_gymnasium.py": ("gymnasium",),
    "rl/test_fw_openspiel.py": ("pyspiel",),
    "rl/test_fw_pettingzoo.py": ("pettingzoo", "supersuit"),
}


def installed(name: str) -> bool:
    try:
        return importlib.util.find_spec(name) is not None
    except (ImportError, ValueError):
        return False


def missing(module_path: Path) -> list[str]:
    """The packages a test module needs that are not installed."""
    key = module_path.resolve().relative_to(HERE).as_posix()
    return [name for name in NEEDS.get(key, ()) if not installed(name)]


class _Skipped(pytest.Module):
    """A test module whose packages are missing: reported skipped, never imported."""

    def collect(self) -> Any:
        reason = f'needs {", ".join(missing(self.path))}: pip install ".[test-all]"'
        raise pytest.skip.Exception(reason, allow_module_level=True)


def pytest_pycollect_makemodule(module_path: Path, parent: pytest.Collector) -> Any:
    if module_path.is_relative_to(HERE) and missing(module_path):
        return _Skipped.from_parent(parent, path=module_path)
    return None
