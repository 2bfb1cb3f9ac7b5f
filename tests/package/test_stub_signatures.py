"""Every compiled function and method has the signature its ``.pyi`` stub says.

mypy's stubtest cannot read a pybind11 function's parameters (it has no
``inspect.signature``), so a stub could name or order them wrongly and stay
green. This test reads each compiled callable's signature from pybind11's
docstring line (``name(a: T, b: T = 1) -> R``) or its ``__text_signature__``
and compares the parameter names, their order, which have defaults and,
for overloads, how many there are, with the stub's ``def``. Types are not
compared: the compiled side spells most arguments ``object`` because the
bindings read them by value.
"""

from __future__ import annotations

import ast
import inspect
import re
import types
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

STUBS = Path(__file__).resolve().parents[2] / "python" / "trumpf" / "_core"
MODULES = ("__init__", "schnapsen", "durak", "players", "sim", "rl", "tables")

# Dunder methods a stub states because callers use them; pybind11's other
# dunders (__new__, __dir__, ...) are Python's own.
DUNDERS = frozenset(
    {
        "__init__",
        "__getstate__",
        "__setstate__",
        "__reduce__",
        "__copy__",
        "__deepcopy__",
        "__len__",
        "__eq__",
    }
)


@dataclass(frozen=True)
class Params:
    """One signature as compared: the parameter names in order, and which have defaults."""

    names: tuple[str, ...]
    defaults: tuple[bool, ...]


def _params(args: ast.arguments, drop_first: bool) -> Params:
    positional = [*args.posonlyargs, *args.args]
    flags = [False] * (len(positional) - len(args.defaults)) + [True] * len(args.defaults)
    names = [a.arg for a in positional]
    if args.vararg:
        names.append("*" + args.vararg.arg)
        flags.append(False)
    for arg, default in zip(args.kwonlyargs, args.kw_defaults, strict=True):
        names.append(arg.arg)
        flags.append(default is not None)
    if args.kwarg:
        names.append("**" + args.kwarg.arg)
        flags.append(False)
    if drop_first and names:
        names, flags = names[1:], flags[1:]
    return Params(tuple(names), tuple(flags))


def stub_signatures(text: str, module: str) -> dict[str, list[Params]]:
    """``module.name`` or ``module.Class.name`` -> each ``def``'s parameters (several when overloaded)."""
    out: dict[str, list[Params]] = {}

    def add(prefix: str, body: list[ast.stmt], in_class: bool) -> None:
        for node in body:
            if isinstance(node, ast.ClassDef):
                add(f"{prefix}{node.name}.", node.body, True)
            elif isinstance(node, ast.FunctionDef):
                decorators = {d.id for d in node.decorator_list if isinstance(d, ast.Name)}
                if "property" in decorators or any(
                    isinstance(d, ast.Attribute) for d in node.decorator_list
                ):
                    continue  # a property's getter or setter: no call signature
                static = "staticmethod" in decorators or "classmethod" in decorators
                drop = in_class and not static
                out.setdefault(prefix + node.name, []).append(_params(node.args, drop))

    add(module + ".", ast.parse(text).body, False)
    return out


_DEFAULT = re.compile(r"=\s*<[^<>]*>")


def _parse_line(line: str, drop_first: bool) -> Params | None:
    """A pybind11 signature line as Params; None if it is not one."""
    match = re.match(r"^\s*(?:\d+\.\s+)?([A-Za-z_][A-Za-z0-9_]*)\((.*)\)(?:\s*->\s*.*)?$", line)
    if match is None:
        return None
    inner = _DEFAULT.sub("= ...", match.group(2))
    try:
        tree = ast.parse(f"def f({inner}): ...")
    except SyntaxError:
        return None
    func = tree.body[0]
    assert isinstance(func, ast.FunctionDef)
    return _params(func.args, drop_first)


def compiled_signatures(obj: Any, drop_first: bool) -> list[Params] | None:
    """The signatures pybind11 gives a compiled callable (one per overload); None if it says none."""
    text = getattr(obj, "__text_signature__", None)
    if text:
        return [_parse_line("f" + text.replace("$", ""), drop_first) or Params((), ())]
    doc = getattr(obj, "__doc__", None) or ""
    lines = doc.splitlines()
    if not lines:
        return None
    if any(line.startswith("Overloaded function.") for line in lines[:2]):
        found = [_parse_line(line, drop_first) for line in lines if re.match(r"^\d+\. ", line)]
        return [p for p in found if p is not None]
    first = _parse_line(lines[0], drop_first)
    return None if first is None else [first]


def compiled_callables() -> dict[str, list[Params]]:
    """``module.name`` or ``module.Class.name`` -> the compiled signatures, for every
    function and method of trumpf._core that pybind11 describes."""
    from trumpf import _core

    out: dict[str, list[Params]] = {}
    for short in MODULES:
        module = _core if short == "__init__" else getattr(_core, short)
        for name, obj in vars(module).items():
            if name.startswith("_") or isinstance(obj, types.ModuleType):
                continue
            if inspect.isclass(obj):
                if issubclass(obj, BaseException):
                    continue  # the exceptions are Python classes: stubtest reads them
                for attr, member in vars(obj).items():
                    if attr.startswith("_") and attr not in DUNDERS:
                        continue
                    static = isinstance(member, staticmethod | classmethod)
                    func = member.__func__ if static else member
                    if isinstance(func, property) or not callable(func):
                        continue
                    sigs = compiled_signatures(func, drop_first=not static)
                    if sigs is not None:
                        out[f"{short}.{name}.{attr}"] = sigs
            elif callable(obj):
                sigs = compiled_signatures(obj, drop_first=False)
                if sigs is not None:
                    out[f"{short}.{name}"] = sigs
    return out


# The compiled callables a stub leaves out on purpose, each with why.
UNSTUBBED = {
    # No Python constructor: pybind11's __init__ raises TypeError, and leaving
    # it out of the stub lets a type checker flag Deal() as the runtime does.
    "schnapsen.Deal.__init__",
    "schnapsen.Match.__init__",
    "durak.Game.__init__",
}


def mismatches(compiled: dict[str, list[Params]], stubs: dict[str, list[Params]]) -> list[str]:
    """Each callable whose stub is missing or disagrees, with both sides."""
    out = []
    for name, sigs in sorted(compiled.items()):
        stub = stubs.get(name)
        if name in UNSTUBBED:
            if stub is not None:
                out.append(f"{name}: stubbed, though it is listed as left out")
        elif stub is None:
            out.append(f"{name}: no stub")
        elif sorted(map(repr, sigs)) != sorted(map(repr, stub)):
            out.append(f"{name}: compiled {sigs} but the stub says {stub}")
    return out


def all_stubs(texts: dict[str, str] | None = None) -> dict[str, list[Params]]:
    out: dict[str, list[Params]] = {}
    for short in MODULES:
        text = (texts or {}).get(short) or (STUBS / f"{short}.pyi").read_text(encoding="utf-8")
        out.update(stub_signatures(text, short))
    return out


@pytest.fixture(scope="module")
def compiled() -> dict[str, list[Params]]:
    return compiled_callables()


def test_the_walk_finds_the_compiled_callables(compiled: dict[str, list[Params]]) -> None:
    # Most of the bound API: if pybind11 stopped writing signatures, this would shrink.
    assert len(compiled) > 120
    assert "schnapsen.Deal.build" in compiled
    assert "durak.Game.apply" in compiled


def test_every_compiled_signature_matches_its_stub(compiled: dict[str, list[Params]]) -> None:
    assert mismatches(compiled, all_stubs()) == []


def test_a_planted_mismatch_is_caught(compiled: dict[str, list[Params]]) -> None:
    text = (STUBS / "schnapsen.pyi").read_text(encoding="utf-8")
    renamed = text.replace("def rank_of(card: int)", "def rank_of(id: int)")
    defaulted = text.replace("def name_of(card: int)", "def name_of(card: int = 1)")
    assert renamed != text and defaulted != text
    found = mismatches(compiled, all_stubs({"schnapsen": renamed}))
    assert [line.split(":")[0] for line in found] == ["schnapsen.rank_of"]
    found = mismatches(compiled, all_stubs({"schnapsen": defaulted}))
    assert [line.split(":")[0] for line in found] == ["schnapsen.name_of"]
