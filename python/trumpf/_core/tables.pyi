# Stubs of trumpf._core.tables: the engine's tables as plain tuples.

# (code, area, sentence)
ERROR_CODES: tuple[tuple[str, str, str], ...]
# (name, family, kind, title)
GAMES: tuple[tuple[str, str, str, str], ...]
# (name, families, fair, about)
PLAYERS: tuple[tuple[str, tuple[str, ...], bool, bool, str], ...]
# name -> (value, about)
LIMITS: dict[str, tuple[int, str]]
# (name, kind: "stock" | "flag" | "choice", default, choices, highest by variant, about)
HOUSE_RULES: tuple[tuple[str, str, int | bool | str, tuple[str, ...], dict[str, int], str], ...]
