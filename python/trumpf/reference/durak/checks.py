"""Reading what a caller passed, exactly as the C++ core reads it.

The core's bindings check every argument before the engine sees it
(cpp/bindings/common/args.hpp, cpp/bindings/durak/convert*.cpp); these are the
same checks in Python, so the oracle accepts what the core accepts and refuses
the rest with the same :class:`~trumpf.errors.Error` code, as
docs/api-contract.md's "Edge behaviour" says for both games:

- an int is an ``int`` that is not a ``bool`` (a subclass reads as its value),
  checked against its range and never truncated; a level of any size clamps;
- text is a ``str`` that is valid Unicode (a lone surrogate is not);
- a list argument is a ``list`` or a ``tuple``, read by value: its items are
  taken from its storage, so a subclass's ``__iter__`` or ``__len__`` never
  runs; generators, sets and other iterables are refused with the
  argument's code;
- a dict is read with ``dict.get``, whatever a subclass overrides.

This module is where every caller reaches them, as ``checks.NAME``; they
are written down by kind: :mod:`.checks_values` (the by-value readers the
others are built on), :mod:`.checks_cards` (cards, suits, seats, hands,
counts, flags), :mod:`.checks_bouts`, :mod:`.checks_bots` (views, levels,
words, plies, seeds) and :mod:`.checks_histories`.
"""

from __future__ import annotations

from .checks_bots import asked_level, bot_seed, level, ply, view, word
from .checks_bouts import bout
from .checks_cards import (
    card,
    count,
    counts,
    distinct_cards,
    flag,
    hand,
    parse_card,
    parse_kind,
    seat,
    suit,
)
from .checks_histories import history
from .checks_values import MAX_INT64, MISSING, PACK, exact_int, item, items, short, text_of

__all__ = [
    "MAX_INT64",
    "MISSING",
    "PACK",
    "asked_level",
    "bot_seed",
    "bout",
    "card",
    "count",
    "counts",
    "distinct_cards",
    "exact_int",
    "flag",
    "hand",
    "history",
    "item",
    "items",
    "level",
    "parse_card",
    "parse_kind",
    "ply",
    "seat",
    "short",
    "suit",
    "text_of",
    "view",
    "word",
]
