# Stubs of trumpf._core.durak.
