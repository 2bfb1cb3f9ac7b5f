"""``trumpf serve``: a game server around the engine, with play in the browser.

Install with ``pip install "trumpf[serve]"``. Nothing in the engine imports
this package; ``trumpf.cli`` imports it only when ``trumpf serve`` runs.

Modules, one job each: ``app`` (routes), ``ws`` (one WebSocket), ``protocol``
(what a client may send), ``lobby`` (all tables), ``tables`` (one table),
``games`` (the engines behind one interface), ``bots`` (which bot plays),
``secrecy`` (what a seat may be told), ``store`` (SQLite), ``tokens`` (seat
secrets), ``limits`` (rate and size limits), ``client`` (a scripted player
for tests and the benchmark), ``main`` (the command).
"""
