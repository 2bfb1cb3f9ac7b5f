"""Every public name of each package has a twin in the oracle and a row in the contract.

The public names of a package are its ``__all__``, the ``__all__`` of each of
its submodules, and the public attributes of each of its classes. The core
and the oracle must offer the same set, and each name must be covered by some
case of the contract tables, so that a function added later without a
contract entry fails here.
"""

from __future__ import annotations

import importlib
import inspect
from types import ModuleType

import cases_durak
import cases_schnapsen
import pytest

TABLES = {"schnapsen": cases_schnapsen.cases, "durak": cases_durak.cases}


def public_names(pkg: ModuleType) -> set[str]:
    """Qualified public names: "other", "card.id_of", "Deal", "Deal.build", ..."""
    names: set[str] = set()
    for name in pkg.__all__:
        value = getattr(pkg, name)
        if isinstance(value, ModuleType):
            for inner in value.__all__:
                names.add(f"{name}.{inner}")
            continue
        names.add(name)
        if inspect.isclass(value) and not issubclass(value, BaseException):
            for attr in dir(value):
                if not attr.startswith("_"):
                    names.add(f"{name}.{attr}")
    return names


@pytest.mark.parametrize("family", ["schnapsen", "durak"])
def test_the_core_and_the_oracle_offer_the_same_names(family: str) -> None:
    core = public_names(importlib.import_module(f"trumpf.{family}"))
    oracle = public_names(importlib.import_module(f"trumpf.reference.{family}"))
    assert sorted(core - oracle) == [], "public in the core only"
    assert sorted(oracle - core) == [], "public in the oracle only"


@pytest.mark.parametrize("family", ["schnapsen", "durak"])
def test_every_public_name_has_contract_cases(family: str) -> None:
    covered = {api for item in TABLES[family]() for api in item.api}
    for impl in (f"trumpf.{family}", f"trumpf.reference.{family}"):
        missing = sorted(public_names(importlib.import_module(impl)) - covered)
        assert missing == [], f"{impl}: public names without a contract case"
