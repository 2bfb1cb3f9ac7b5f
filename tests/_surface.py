"""The public surface of the game classes, read from the stubs that declare it.

``Deal`` and ``Match`` (trumpf/_core/schnapsen.pyi) and Durak's ``Game``
(durak.pyi) each have properties, methods of one seat, ``apply``
and a few methods of no argument. The contract, the differential tests and
the tests of objects made by ``__new__`` walk that surface; they read it
here, so that a member added to a class (and to its stub, which
tests/package/test_stubs.py holds to the core) is walked by all of them.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

import trumpf

# The stubs of the trumpf under test: the source tree's in a checkout, the
# installed package's when the tests run against a wheel (.ci/wheel_tests.py).
STUBS = Path(trumpf.__file__).resolve().parent / "_core"


@dataclass(frozen=True)
class Surface:
    """One class's instance members, in the stub's order."""

    props: tuple[str, ...]  # properties
    seat_methods: tuple[str, ...]  # methods of one argument, the seat
    plain_methods: tuple[str, ...]  # methods of no argument (copy, to_log)
    other_methods: tuple[str, ...]  # the rest (apply)


def _surface(stub: str, name: str) -> Surface:
    tree = ast.parse((STUBS / stub).read_text())
    cls = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == name)
    props: list[str] = []
    seat: list[str] = []
    plain: list[str] = []
    other: list[str] = []
    for node in cls.body:
        if not isinstance(node, ast.FunctionDef) or node.name.startswith("_"):
            continue
        decorators = {d.id for d in node.decorator_list if isinstance(d, ast.Name)}
        if decorators & {"staticmethod", "classmethod"}:
            continue
        args = [a.arg for a in node.args.args[1:]]
        if "property" in decorators:
            props.append(node.name)
        elif args == ["seat"]:
            seat.append(node.name)
        elif not args:
            plain.append(node.name)
        else:
            other.append(node.name)
    return Surface(tuple(props), tuple(seat), tuple(plain), tuple(other))


DEAL = _surface("schnapsen.pyi", "Deal")
MATCH = _surface("schnapsen.pyi", "Match")
GAME = _surface("durak.pyi", "Game")


def without_info(methods: tuple[str, ...]) -> tuple[str, ...]:
    """Seat methods but ``info``, for walks that leave the information sets to
    tests of their own (the contract's info cases, tests/engine/test_info*.py):
    an info is dearer than the rest together."""
    return tuple(m for m in methods if m != "info")
