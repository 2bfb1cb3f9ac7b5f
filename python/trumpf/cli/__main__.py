"""``python -m trumpf.cli``: the ``trumpf`` command, as ``python -m trumpf`` is."""

import sys

from trumpf.cli import main

sys.exit(main())
