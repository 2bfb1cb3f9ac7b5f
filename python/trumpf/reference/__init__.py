"""The pure-Python oracle: a second, plain, readable statement of the rules.

One module per game with the same public names as the C++-backed packages
(``trumpf.reference.schnapsen``, ``trumpf.reference.durak``). It is written
from the specification, not from the C++ core, so that the two can disagree
when one of them is wrong; the differential tests drive both side by side and
the conformance transcripts decide who is right. It is also the slow baseline
in the benchmarks.
"""
