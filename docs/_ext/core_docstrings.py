"""A griffe extension: the compiled core's docstrings on the stubs' signatures.

The API reference reads ``python/trumpf/_core/*.pyi`` statically, which gives
every bound class and function its true signature but no text: the text is
written once, in the C++ bindings, and reaches Python as ``__doc__``. This
extension imports each stubbed object from the built core and takes its
docstring, minus the signature lines pybind11 writes above it, so a fact
about a call is stated in one place.
"""

from __future__ import annotations

import importlib
import inspect
import re
from typing import Any

import griffe

CORE = "trumpf._core"
_SIGNATURE = re.compile(r"^(\d+\.\s+)?\w+\(.*\)(\s*->\s*.+)?$")


# The public packages add Python's part to the bound classes (logs, pickling)
# when they are imported, so the live objects are read after them.
PUBLIC = ("trumpf.schnapsen", "trumpf.durak", "trumpf.rl")


def runtime_object(path: str) -> Any:
    """The live object at a dotted path under trumpf._core, or None."""
    for name in PUBLIC:
        importlib.import_module(name)
    parts = path.split(".")
    for split in range(len(parts), 1, -1):
        try:
            found: Any = importlib.import_module(".".join(parts[:split]))
        except ImportError:
            continue
        for name in parts[split:]:
            try:
                found = getattr(found, name)
            except AttributeError:
                return None
        return found
    return None


def text_of(doc: str | None) -> str:
    """A pybind11 docstring without its signature lines and overload header."""
    kept = [
        line
        for line in (doc or "").splitlines()
        if not _SIGNATURE.match(line.strip()) and line.strip() != "Overloaded function."
    ]
    return inspect.cleandoc("\n".join(kept)).strip()


def fenced_doctests(text: str) -> str:
    """A docstring with each doctest example (``>>>`` lines and their output) fenced as
    ```pycon, so the site shows it as code rather than reading ``[0]`` as a link."""
    out: list[str] = []
    inside = False
    for line in text.splitlines():
        starts = line.lstrip().startswith(">>>")
        if starts and not inside:
            out.append("```pycon")
            inside = True
        elif inside and not line.strip():
            out.append("```")
            inside = False
        out.append(line)
    if inside:
        out.append("```")
    return "\n".join(out)


class CoreDocstrings(griffe.Extension):
    """Fill the docstrings of stubbed core objects from the compiled module, and fence
    the doctest examples of every docstring."""

    def on_instance(self, *, obj: griffe.Object, **kwargs: Any) -> None:
        self._fill(obj)
        if obj.docstring is not None and ">>>" in obj.docstring.value:
            obj.docstring.value = fenced_doctests(obj.docstring.value)

    def _fill(self, obj: griffe.Object) -> None:
        if not obj.path.startswith(CORE + ".") or obj.docstring is not None:
            return
        live = runtime_object(obj.path)
        # A constant's __doc__ is its type's: only classes, routines and
        # properties carry text of their own.
        if not (
            isinstance(live, type) or inspect.isroutine(live) or inspect.isdatadescriptor(live)
        ):
            return
        text = text_of(live.__doc__)
        if text:
            obj.docstring = griffe.Docstring(text, parent=obj)
