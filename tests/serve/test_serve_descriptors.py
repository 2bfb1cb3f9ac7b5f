"""The server fits its socket cap to the descriptors the system allows.

A server whose WebSocket cap is above its descriptor limit would fail to
accept (and to answer /healthz) once the descriptors ran out, instead of
refusing sockets cleanly at its cap. At start it raises its soft limit as far
as the hard limit lets it, and lowers the cap to what fits, keeping spare
descriptors for HTTP, the database and the listening socket. Each case runs
in a child process under its own limits, so the test runner's are untouched.
"""

from __future__ import annotations

import json
import resource
import subprocess
import sys

from trumpf.serve.main import SPARE_DESCRIPTORS

CHILD = """
import json, logging, resource, sys
from trumpf.serve.limits import Limits
from trumpf.serve.main import fit_descriptors
logging.disable(logging.CRITICAL)
fitted = fit_descriptors(Limits(sockets=int(sys.argv[1])))
soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
print(json.dumps({"sockets": fitted.sockets, "soft": soft, "hard": hard}))
"""


def fit_under(soft: int, hard: int, sockets: int) -> dict[str, int]:
    """What fit_descriptors makes of `sockets` in a process started with these limits."""

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))

    proc = subprocess.run(
        [sys.executable, "-c", CHILD, str(sockets)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        preexec_fn=limit,
    )
    assert proc.returncode == 0, proc.stderr
    out: dict[str, int] = json.loads(proc.stdout)
    return out


def test_a_cap_above_a_low_hard_limit_is_lowered_to_fit() -> None:
    hard = 2 * SPARE_DESCRIPTORS + 300
    got = fit_under(hard, hard, 4096)
    assert got["sockets"] == 300
    assert got["soft"] == hard


def test_the_soft_limit_is_raised_toward_the_hard_one_before_the_cap_is_lowered() -> None:
    got = fit_under(1024, 2 * SPARE_DESCRIPTORS + 2000, 2000)
    # Raised exactly to what the cap and the spare descriptors need: the cap stands.
    assert got["sockets"] == 2000
    assert got["soft"] == 2 * SPARE_DESCRIPTORS + 2000


def test_a_cap_that_fits_is_left_alone() -> None:
    got = fit_under(4 * SPARE_DESCRIPTORS, 4 * SPARE_DESCRIPTORS, 10)
    assert got["sockets"] == 10
    assert got["soft"] == 4 * SPARE_DESCRIPTORS


def test_a_limit_below_the_spare_descriptors_still_leaves_one_socket() -> None:
    got = fit_under(SPARE_DESCRIPTORS, SPARE_DESCRIPTORS, 4096)
    assert got["sockets"] == 1
