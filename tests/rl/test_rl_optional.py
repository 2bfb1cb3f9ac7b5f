"""The learning frameworks are extras (``rl``, ``sb3``): only their adapters import them.

``import trumpf`` and its game and rl packages must work without Gymnasium,
PettingZoo, OpenSpiel, SB3 or PyTorch, so each interpreter here starts fresh and reports
which of them got imported.
"""

from __future__ import annotations

import subprocess
import sys

import pytest

FRAMEWORKS = (
    "gymnasium", "pettingzoo", "pyspiel", "open_spiel", "stable_baselines3", "sb3_contrib", "torch",
)  # fmt: skip


def imported_by(statement: str) -> set[str]:
    code = (
        f"import sys\n{statement}\n"
        "print(' '.join(sorted({m.split('.')[0] for m in sys.modules})))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    )
    return set(done.stdout.split()) & set(FRAMEWORKS)


def test_trumpf_and_its_packages_import_no_framework() -> None:
    statement = (
        "import trumpf, trumpf.schnapsen, trumpf.durak, trumpf.rl, trumpf.rl.vector, "
        "trumpf.simulation\n"
        "env = trumpf.rl.VectorEnv('durak', 2, seed=bytes(32), opponent='random')\n"
        "env.step(env.reset().mask.argmax(axis=1))"
    )
    assert imported_by(statement) == set()


@pytest.mark.parametrize(
    ("module", "frameworks"),
    [
        ("trumpf.rl.gymnasium", {"gymnasium"}),
        (
            "trumpf.rl.pettingzoo",
            {"gymnasium", "pettingzoo"},
        ),  # PettingZoo's spaces are Gymnasium's
        ("trumpf.rl.openspiel", {"pyspiel"}),
        ("trumpf.rl.sb3", {"gymnasium", "stable_baselines3", "torch"}),  # SB3 imports torch
    ],
)
def test_each_adapter_imports_its_own_framework(module: str, frameworks: set[str]) -> None:
    for name in sorted(frameworks):
        pytest.importorskip(name, reason=f'{name} is in pip install ".[test-all]"')
    assert imported_by(f"import {module}") == frameworks
