"""``python -m trumpf``: the ``trumpf`` command, for where the script is not on PATH."""

from __future__ import annotations

import sys

from trumpf.cli import main

sys.exit(main())
