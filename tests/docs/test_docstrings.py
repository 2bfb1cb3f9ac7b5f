"""Every public property, method and function of the bound API says what it is.

pybind11 writes a signature line ("name(self: ...) -> ...") into the docstring
of everything it binds, so a docstring only counts when there is text beyond
that line: what the value is, and when it is None.
"""

from __future__ import annotations

import importlib
import inspect
import re
import types
from types import ModuleType

import pytest

import trumpf.durak
import trumpf.rl
import trumpf.schnapsen

# By the name the public package gives them (the bound classes live in trumpf._core).
CLASSES: dict[str, type] = {
    "trumpf.schnapsen.Deal": trumpf.schnapsen.Deal,
    "trumpf.schnapsen.Match": trumpf.schnapsen.Match,
    "trumpf.schnapsen.Bot": trumpf.schnapsen.Bot,
    "trumpf.durak.Game": trumpf.durak.Game,
    "trumpf.durak.Bot": trumpf.durak.Bot,
    "trumpf.rl.VectorEnv": trumpf.rl.VectorEnv,
}

MODULES: list[str] = [
    "trumpf.schnapsen",
    "trumpf.schnapsen.card",
    "trumpf.schnapsen.deck",
    "trumpf.schnapsen.trick",
    "trumpf.schnapsen.scoring",
    "trumpf.schnapsen.variant",
    "trumpf.schnapsen.search",
    "trumpf.schnapsen.solve",
    "trumpf.durak",
    "trumpf.durak.card",
    "trumpf.durak.deck",
    "trumpf.durak.rules",
    "trumpf.durak.result",
    "trumpf.durak.search",
    "trumpf.rl",
    "trumpf.durak.solve",
]

# Descriptors that are properties: Python's own, pybind11's, and the plain
# CPython getters installed for the play loop (cpp/bindings/common/fastcall.hpp).
PROPERTY_TYPES = (property, types.GetSetDescriptorType, types.MemberDescriptorType)


def public_names(owner: type | ModuleType) -> list[str]:
    return sorted(name for name in dir(owner) if not name.startswith("_"))


def class_members() -> list[tuple[str, str | None]]:
    """(qualified name, docstring) of every public property and method of CLASSES."""
    found: list[tuple[str, str | None]] = []
    for class_name, cls in CLASSES.items():
        for name in public_names(cls):
            where = f"{class_name}.{name}"
            raw = inspect.getattr_static(cls, name)
            if isinstance(raw, PROPERTY_TYPES):
                found.append((where, raw.__doc__))
            elif inspect.isroutine(getattr(cls, name)):
                found.append((where, getattr(cls, name).__doc__))
    return found


def module_functions() -> list[tuple[str, str | None]]:
    """(qualified name, docstring) of every public function of MODULES."""
    found: list[tuple[str, str | None]] = []
    for module_name in MODULES:
        module = importlib.import_module(module_name)
        for name in public_names(module):
            value = getattr(module, name)
            if inspect.isroutine(value):
                found.append((f"{module_name}.{name}", value.__doc__))
    return found


def beyond_signature(qualified: str, doc: str | None) -> str:
    """The docstring without pybind11's signature lines (and its overload header)."""
    name = re.escape(qualified.rsplit(".", 1)[-1])
    signature = re.compile(rf"(\d+\.\s+)?{name}\(.*\)(\s*->\s*.+)?")
    kept = [
        line.strip()
        for line in (doc or "").splitlines()
        if not signature.fullmatch(line.strip()) and line.strip() != "Overloaded function."
    ]
    return " ".join(line for line in kept if line)


MEMBERS = class_members()
FUNCTIONS = module_functions()


def test_the_collection_is_not_empty() -> None:
    names = {where for where, _ in MEMBERS + FUNCTIONS}
    for expected in (
        "trumpf.schnapsen.Deal.talon",
        "trumpf.schnapsen.Deal.draw_left",
        "trumpf.schnapsen.Deal.close_state",
        "trumpf.schnapsen.Deal.hand_of",
        "trumpf.schnapsen.Deal.build",
        "trumpf.schnapsen.Deal.legal",
        "trumpf.schnapsen.Match.to_win",
        "trumpf.schnapsen.Bot.level",
        "trumpf.schnapsen.Bot.level_for",
        "trumpf.durak.Game.six_owner",
        "trumpf.durak.Game.turn",
        "trumpf.durak.Bot.hint",
        "trumpf.schnapsen.card.rank_of",
        "trumpf.schnapsen.variant.get",
        "trumpf.durak.rules.cap_for",
        "trumpf.durak.search.word_for",
        "trumpf.schnapsen.Deal.info",
        "trumpf.rl.VectorEnv.step",
        "trumpf.rl.observe",
    ):
        assert expected in names


def test_the_signature_is_not_a_docstring() -> None:
    bare = "hand_of(self: trumpf._core.schnapsen.Deal, seat: object) -> list\n"
    assert beyond_signature("trumpf.schnapsen.Deal.hand_of", bare) == ""
    documented = bare + "\nThe cards `seat` holds, in hand order.\n"
    assert beyond_signature("trumpf.schnapsen.Deal.hand_of", documented) == (
        "The cards `seat` holds, in hand order."
    )


@pytest.mark.parametrize(("where", "doc"), MEMBERS, ids=[where for where, _ in MEMBERS])
def test_class_member_has_a_docstring(where: str, doc: str | None) -> None:
    text = beyond_signature(where, doc)
    assert len(text.split()) >= 3, f"{where} has no docstring beyond its signature: {doc!r}"


@pytest.mark.parametrize(("where", "doc"), FUNCTIONS, ids=[where for where, _ in FUNCTIONS])
def test_module_function_has_a_docstring(where: str, doc: str | None) -> None:
    text = beyond_signature(where, doc)
    assert len(text.split()) >= 3, f"{where} has no docstring beyond its signature: {doc!r}"
