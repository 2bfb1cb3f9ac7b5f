"""The executable contract: every case gives the same outcome on the core and the oracle.

For each case of ``cases_schnapsen`` and ``cases_durak``:

- the C++-backed package and the oracle return the same value, types
  included, or raise the same exception (for ``Error``, the same code);
- where the spec pins the outcome (``Case.expect``), both give exactly that;
- nothing but ``Error`` comes out of a call of the public API, except a
  ``TypeError`` for a call of the wrong shape (``Case.arity``).
"""

from __future__ import annotations

import importlib
from typing import Any

import cases_durak
import cases_schnapsen
import pytest
from _contract import Case, outcome

FAMILIES = {"schnapsen": cases_schnapsen.cases(), "durak": cases_durak.cases()}


def _params() -> list[Any]:
    params = []
    for family, cases in FAMILIES.items():
        seen: set[str] = set()
        for index, item in enumerate(cases):
            assert item.id not in seen, f"two {family} cases are called {item.id}"
            seen.add(item.id)
            params.append(pytest.param(family, index, item, id=f"{family}-{item.id}"))
    return params


def _allowed(result: Any, item: Case) -> bool:
    if result[0] in ("ok", "Error"):
        return True
    return item.arity and result == ("raise", "TypeError")


@pytest.mark.parametrize(("family", "index", "item"), _params())
def test_core_and_oracle_agree(family: str, index: int, item: Case, core_results: Any) -> None:
    oracle = outcome(item.call, importlib.import_module(f"trumpf.reference.{family}"))
    if item.expect is not None:
        assert oracle == item.expect, "the oracle breaks the spec"
    assert _allowed(oracle, item), f"the oracle leaks {oracle}"
    core = core_results(family, len(FAMILIES[family]))[index]
    if item.expect is not None:
        assert core == item.expect, "the core breaks the spec"
    assert _allowed(core, item), f"the core leaks {core}"
    assert core == oracle, "the core and the oracle disagree"
