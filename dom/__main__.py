"""``python -m dom`` runs the webdom command line (``python -m webdom`` is the same)."""

import sys

from webdom.cli import main

sys.exit(main())
