# Stubs of trumpf._core.schnapsen.
