# Stubs of trumpf._core.tables: the engine's tables as plain tuples.

ERROR_CODES: tuple[tuple[str, str, str], ...]
