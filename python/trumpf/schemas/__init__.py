"""JSON Schemas (draft 2020-12) of what trumpf writes down and says.

Each schema is a JSON file in this package, so a program in any language can
check what it reads from trumpf; :func:`load` reads one by name. They cover:

- the move logs (``*-log``): what ``to_log`` writes and ``from_log`` reads. A
  log the schema accepts may still be refused by ``from_log`` (a move the
  rules do not allow is ``bad_history``): the schema says what a log looks
  like, the replay whether its game was played by the rules;
- the views and information sets (``*-view``, ``*-info``): what ``view(seat)``
  and ``info(seat)`` give, as JSON (a Durak seat-keyed dict has the keys "1"
  and "2" there, where Python has the ints 1 and 2);
- the ``trumpf serve`` protocol (``serve-*``): each HTTP body, both ways, and
  each WebSocket message, from the client and from the server; a refusal is
  ``serve-error``, its code one of :data:`trumpf.errors.CODES`.

Every schema stands on its own: one that holds a view or a log embeds that
schema under its ``$id``. The views', infos' and protocol's value sets (card
ids, seats, suits, variants, house rules, error codes) are read from the
engine's tables when the files are built (``python -m trumpf.schemas._build``).

>>> from trumpf import schemas
>>> [name for name in schemas.names() if name.startswith("durak")]
['durak-game-info', 'durak-game-log', 'durak-game-view']
>>> schemas.load("durak-game-log")["$id"]
'urn:trumpf:schema:durak-game-log'
>>> from jsonschema import Draft202012Validator
>>> Draft202012Validator(schemas.load("serve-client-message")).is_valid({"type": "ping"})
True
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

__all__ = ["load", "names"]


def names() -> list[str]:
    """The schemas this package ships, by name (a file's name without ``.json``)."""
    files = resources.files(__name__).iterdir()
    return sorted(f.name[: -len(".json")] for f in files if f.name.endswith(".json"))


def load(name: str) -> dict[str, Any]:
    """The schema called ``name`` (one of :func:`names`), as a dict; KeyError for another name."""
    if name not in names():
        raise KeyError(f"no schema {name!r}; the schemas are {', '.join(names())}")
    text = resources.files(__name__).joinpath(name + ".json").read_text(encoding="utf-8")
    schema: dict[str, Any] = json.loads(text)
    return schema
