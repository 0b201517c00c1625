"""``python -m webdom`` runs the webdom command line."""

import sys

from .cli import main

sys.exit(main())
