"""Test an installed trumpf wheel: a smoke test, then the core tests, from outside the source tree.

    python .ci/wheel_tests.py TESTS_DIR

runs in an environment where trumpf is installed from a wheel (and pytest and
hypothesis besides). It copies TESTS_DIR (the repository's ``tests/``) into a
temporary folder and runs pytest there, so nothing of the source tree is on
``sys.path``: every ``import trumpf`` finds the installed wheel, compiled core
included, and the smoke test checks that it does. `.ci/wheels` runs it on the
wheels it builds, and cibuildwheel's ``test-command`` on each wheel it
builds (pyproject.toml), on Linux, macOS and Windows alike, hence Python and
not shell.

The core tests are the ones that need nothing beyond pytest and hypothesis:
the conformance transcripts, the core's own tests, the contract that core
and oracle answer alike, and the version.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

CORE_TESTS = [
    "package/test_version.py",
    "engine/test_conformance_schnapsen.py",
    "engine/test_conformance_durak.py",
    "engine/test_core_schnapsen.py",
    "engine/test_core_durak.py",
    "contract",
]

SMOKE = """
import sys, sysconfig
from pathlib import Path

import numpy as np

import trumpf
import trumpf.schnapsen as schnapsen
from trumpf import _core, rl

# The installed package and its compiled core, not a source tree.
installed = Path(sysconfig.get_paths()["purelib"]).resolve()
for where in (trumpf.__file__, _core.__file__):
    assert Path(where).resolve().is_relative_to(installed), (where, installed)

match = schnapsen.Match.build(variant="schnapsen", seed=bytes(32))
bot = schnapsen.Bot(level=2)
while not match.over:
    match.apply(match.turn, bot.choose(match, match.turn))
assert match.result

sim = trumpf.simulate("durak", games=2_000, players=("bot3", "random"), threads=2)
assert sim.summary().games == 2_000

env = rl.VectorEnv("schnapsen", num_envs=64, seed=bytes(32), opponent="bot2")
obs, mask, player = env.reset()
rng = np.random.default_rng(0)
for _ in range(20):
    obs, mask, player, rewards, terminated = env.step((rng.random(mask.shape) + mask).argmax(axis=1))

# The README's first command, through the installed console script.
import subprocess
command = Path(sysconfig.get_paths()["scripts"]) / ("trumpf.exe" if sys.platform == "win32" else "trumpf")
done = subprocess.run(
    [str(command), "simulate", "schnapsen", "--games", "2000", "--players", "random", "bot2"],
    capture_output=True, text=True, check=True,
)
assert "bot2" in done.stdout, done.stdout

print(f"smoke: trumpf {trumpf.__version__} from {Path(_core.__file__).name}, "
      f"Python {sys.version.split()[0]}, numpy {np.__version__}: ok")
"""


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    tests = Path(argv[1]).resolve()
    with tempfile.TemporaryDirectory(prefix="trumpf-wheel-tests-") as scratch:
        # The smoke test and pytest both start in the scratch folder, which
        # holds only the copied tests: no trumpf on sys.path but the installed one.
        subprocess.run([sys.executable, "-c", SMOKE], cwd=scratch, check=True)
        shutil.copytree(
            tests, Path(scratch) / "tests", ignore=shutil.ignore_patterns("__pycache__")
        )
        # -P (3.11+) and safe_path would also do; the scratch cwd is enough on 3.10.
        env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
        # The helpers the folders share sit at the top of tests/ (pyproject's
        # pythonpath, which the copy leaves behind): nothing of trumpf is there.
        env["PYTHONPATH"] = str(Path(scratch) / "tests")
        command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"]
        command += [f"tests/{name}" for name in CORE_TESTS]
        return subprocess.run(command, cwd=scratch, env=env, check=False).returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv))
