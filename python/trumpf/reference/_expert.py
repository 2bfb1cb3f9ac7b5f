"""What the oracle's two Expert classes share: their options, checked as the core checks them."""

from __future__ import annotations

from typing import Any

from ._args import as_int

MAX_SAMPLES = 2**20
MAX_BUDGET = 10**12
MAX_SEED = 2**63 - 1


class ExpertOptions:
    """samples, budget and seed of an Expert: bad_budget or bad_seed out of range."""

    def __init__(self, samples: int = 64, budget: int = 200_000, seed: int = 0) -> None:
        self._samples = as_int(samples, "bad_budget", "samples", 1, MAX_SAMPLES)
        self._budget = as_int(budget, "bad_budget", "budget", 1, MAX_BUDGET)
        self._seed = as_int(seed, "bad_seed", "an expert's seed", 0, MAX_SEED)

    @property
    def samples(self) -> int:
        """The most worlds a decision."""
        return self._samples

    @property
    def budget(self) -> int:
        """The most work units a decision."""
        return self._budget

    @property
    def seed(self) -> int:
        """The seed the core draws its worlds from."""
        return self._seed

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self._samples, self._budget, self._seed))

    def __repr__(self) -> str:
        return f"<Expert samples {self._samples}, budget {self._budget}, seed {self._seed}>"
