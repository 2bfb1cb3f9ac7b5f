# Stubs of trumpf._core.tables: the engine's tables as plain tuples.

# (code, area, sentence)
ERROR_CODES: tuple[tuple[str, str, str], ...]
# (name, family, kind, title)
GAMES: tuple[tuple[str, str, str, str], ...]
# (name, families, fair, about)
PLAYERS: tuple[tuple[str, tuple[str, ...], bool, str], ...]
# name -> (value, about)
LIMITS: dict[str, tuple[int, str]]
