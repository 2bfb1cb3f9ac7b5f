"""Where else a simulation's shards can be played than on this machine's threads.

:mod:`trumpf.cluster.ray` plays them on a Ray cluster (``simulate(...,
cluster="ray")``). It is imported only when asked for, so trumpf never needs
Ray to be installed otherwise (``pip install "trumpf[ray]"`` brings it).
"""
