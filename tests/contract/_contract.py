"""The machinery of the executable contract: cases, outcomes, exact comparison.

A :class:`Case` is one call of the public API, written once as a function of
the package (``lambda m: m.card.id_of("TD")``) and run on the C++-backed
package and on its oracle twin. Both outcomes are reduced by :func:`outcome`
to a value that keeps every type (bool is not int, a tuple is not a list, int
keys are not str keys, the order of a dict's keys counts) or to the exception
raised: for trumpf's ``Error`` its ``.code``, for anything else its type name.
The contract is that the two outcomes are identical, and that where the API
takes user input nothing but ``Error`` comes out (``TypeError`` only for a
wrong arity or an unknown keyword, as Python does).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

from _surface import DEAL, GAME, MATCH
from trumpf.errors import Error

SEED = b"A" * 32
SEED_HEX = SEED.hex()
OTHER_SEED = bytes(range(32))


@dataclass(frozen=True)
class Case:
    """One call of the public API, run on both implementations.

    ``api`` names what the case covers ("card.id_of", "Deal.build",
    "Deal.hand_of", ...): the completeness test demands that every public
    name appears in some case's ``api``. ``expect`` pins the outcome the spec
    gives (as :func:`outcome` spells it) where docs/rules/ or docs/api-contract.md say it;
    ``arity`` marks a call that is wrong in its shape (missing or unknown
    arguments), where TypeError is Python's convention.
    """

    api: tuple[str, ...]
    name: str
    call: Callable[[ModuleType], Any]
    expect: Any = field(default=None)
    arity: bool = False

    @property
    def id(self) -> str:
        return f"{self.api[0]}:{self.name}"


def case(
    api: str | tuple[str, ...],
    name: str,
    call: Callable[[ModuleType], Any],
    expect: Any = None,
    arity: bool = False,
) -> Case:
    """A :class:`Case`; ``api`` may be one name or several."""
    names = (api,) if isinstance(api, str) else api
    return Case(names, name, call, expect, arity)


def ok(value: Any) -> tuple[str, Any]:
    """The outcome of a call that returned ``value``."""
    return ("ok", canon(value))


def err(code: str) -> tuple[str, str]:
    """The outcome of a call that raised ``Error`` with this code."""
    return ("Error", code)


def raised(name: str) -> tuple[str, str]:
    """The outcome of a call that raised a non-Error exception of this type."""
    return ("raise", name)


# The state of a game object, by the class's name: what makes two of them
# (one from each implementation) the same deal, match or game. The members
# are the stubs' (tests/_surface.py).
DEAL_PROPS = DEAL.props
DEAL_SEAT_METHODS = DEAL.seat_methods
MATCH_PROPS = MATCH.props
MATCH_SEAT_METHODS = MATCH.seat_methods
GAME_PROPS = GAME.props
GAME_SEAT_METHODS = GAME.seat_methods


def state_of(obj: Any) -> dict[str, Any]:
    """Every property and every per-seat answer of a Deal, Match or Game."""
    kind = type(obj).__name__
    if kind == "Deal":
        props, methods, seats = DEAL_PROPS, DEAL_SEAT_METHODS, ("p1", "p2")
    elif kind == "Match":
        props, methods, seats = MATCH_PROPS, MATCH_SEAT_METHODS, ("p1", "p2")
    else:
        props, methods, seats = GAME_PROPS, GAME_SEAT_METHODS, (1, 2)
    state: dict[str, Any] = {name: getattr(obj, name) for name in props}
    for seat in seats:
        for name in methods:
            state[f"{name}({seat})"] = getattr(obj, name)(seat)
    state["to_log"] = obj.to_log()
    return state


def canon(value: Any) -> Any:
    """``value`` as a nested tuple that keeps every type, for exact comparison."""
    if value is None:
        return None
    kind = type(value).__name__
    if isinstance(value, bool | int | str | bytes | float):
        return (kind, value)
    if isinstance(value, list | tuple):
        return (kind, tuple(canon(item) for item in value))
    if isinstance(value, dict):
        return (kind, tuple((canon(k), canon(v)) for k, v in value.items()))
    if kind in ("Deal", "Match", "Game"):
        return (kind, canon(state_of(value)))
    if kind == "Bot":
        return (kind, canon(value.level), canon(value.seed))
    if isinstance(value, Error):
        return ("Error", value.code)
    return ("object", kind)


def outcome(call: Callable[[ModuleType], Any], pkg: ModuleType) -> tuple[str, Any]:
    """("ok", canon(value)), ("Error", code) or ("raise", exception type name)."""
    try:
        value = call(pkg)
    except Error as exc:
        return err(exc.code)
    except Exception as exc:
        return raised(type(exc).__name__)
    try:
        return ok(value)
    except Error as exc:  # reading the returned object's state refused
        return ("Error in result", exc.code)
    except Exception as exc:
        return ("raise in result", type(exc).__name__)


# ----------------------------------------------------------- hostile inputs


class Boom(Exception):
    """What the hostile objects raise, so that a leak of it is recognisable."""


class RaisingEq(int):
    """An int whose ``__eq__`` and ``__hash__`` raise."""

    def __eq__(self, other: object) -> bool:
        raise Boom("__eq__")

    def __hash__(self) -> int:
        raise Boom("__hash__")


class LyingInt(int):
    """An int that says it equals everything and hashes like 1."""

    def __eq__(self, other: object) -> bool:
        return True

    def __hash__(self) -> int:
        return 1

    def __index__(self) -> int:
        return 99

    def __int__(self) -> int:
        return 99


class IndexOnly:
    """Not an int, but with an ``__index__`` (as numpy's integers have)."""

    def __index__(self) -> int:
        return 3


class RaisingIndex:
    """An object whose ``__index__`` and ``__int__`` raise."""

    def __index__(self) -> int:
        raise Boom("__index__")

    def __int__(self) -> int:
        raise Boom("__int__")


class LyingStr(str):
    """A str that says it equals everything and hashes like "p1"."""

    def __eq__(self, other: object) -> bool:
        return True

    def __ne__(self, other: object) -> bool:
        return False

    def __hash__(self) -> int:
        return hash("p1")


class RaisingStr(str):
    """A str whose comparisons and hash raise."""

    def __eq__(self, other: object) -> bool:
        raise Boom("__eq__")

    def __hash__(self) -> int:
        raise Boom("__hash__")


class LyingDict(dict):  # type: ignore[type-arg]
    """A dict whose item access lies: every key reads as "claim"."""

    def __getitem__(self, key: object) -> Any:
        return "claim"

    def get(self, key: object, default: Any = None) -> Any:
        return "claim"

    def __contains__(self, key: object) -> bool:
        return True


class RaisingDict(dict):  # type: ignore[type-arg]
    """A dict whose item access raises."""

    def __getitem__(self, key: object) -> Any:
        raise Boom("__getitem__")

    def get(self, key: object, default: Any = None) -> Any:
        raise Boom("get")

    def __iter__(self) -> Iterator[Any]:
        raise Boom("__iter__")

    def __len__(self) -> int:
        raise Boom("__len__")


class LyingList(list):  # type: ignore[type-arg]
    """A list whose iteration and length lie."""

    def __iter__(self) -> Iterator[Any]:
        return iter([1, 1, 1, 1, 1, 1, 1, 1])

    def __len__(self) -> int:
        return 1000


class RaisingList(list):  # type: ignore[type-arg]
    """A list whose iteration, length and items raise."""

    def __iter__(self) -> Iterator[Any]:
        raise Boom("__iter__")

    def __len__(self) -> int:
        raise Boom("__len__")

    def __getitem__(self, index: Any) -> Any:
        raise Boom("__getitem__")


class RaisingIter:
    """An iterable whose iteration raises."""

    def __iter__(self) -> Iterator[Any]:
        raise Boom("__iter__")


def hostile_ints() -> list[tuple[str, Any]]:
    """Values that stand where an int is taken and are not a plain, sane int."""
    return [
        ("bool-true", True),
        ("bool-false", False),
        ("float", 2.0),
        ("str", "2"),
        ("none", None),
        ("huge", 10**30),
        ("-huge", -(10**30)),
        ("2**63", 2**63),
        ("2**64+1", 2**64 + 1),
        ("raising-eq", RaisingEq(1)),
        ("lying-int", LyingInt(1)),
        ("index-only", IndexOnly()),
        ("raising-index", RaisingIndex()),
        ("list", [1]),
    ]


def hostile_strs() -> list[tuple[str, Any]]:
    """Values that stand where a str is taken and are not a plain, sane str."""
    return [
        ("empty", ""),
        ("surrogate", "\ud800"),
        ("nul", "p1\x00"),
        ("bytes", b"p1"),
        ("int", 1),
        ("none", None),
        ("lying-str", LyingStr("zz")),
        ("raising-str", RaisingStr("p3")),
        ("long", "x" * 100_000),
    ]
