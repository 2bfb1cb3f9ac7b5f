"""Run one family's contract cases on the C++ core in a child process.

``python _runner.py FAMILY START`` imports ``cases_FAMILY``, runs its cases
from index START on ``trumpf.FAMILY`` and prints, for each, ``B i`` before
the call and ``R i <hex pickle of the outcome>`` after it. A case that kills
the process leaves a ``B`` line without its ``R``: the parent records that
case as a crash and starts a new child after it, so one crash costs one case
and never the test run.
"""

from __future__ import annotations

import importlib
import os
import pickle
import sys

# The contract's modules, and tests/ above them for the support they share
# with the rest of the suite (_surface), as pytest's pythonpath gives them.
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from _contract import outcome


def main() -> None:
    family, start = sys.argv[1], int(sys.argv[2])
    cases = importlib.import_module(f"cases_{family}").cases()
    pkg = importlib.import_module(f"trumpf.{family}")
    out = sys.stdout
    for index in range(start, len(cases)):
        out.write(f"B {index}\n")
        out.flush()
        result = outcome(cases[index].call, pkg)
        out.write(f"R {index} {pickle.dumps(result).hex()}\n")
        out.flush()


if __name__ == "__main__":
    main()
