"""``dom.cli`` is the ``webdom`` command line of :mod:`webdom.cli`, kept under its first name.

The command line is an application on top of all three packages, so it lives in the front-door
package; this module is the only place in :mod:`dom` that imports from :mod:`webdom`.
"""

import sys

from webdom.cli import CLIError, dump_tree, iter_tree, main

__all__ = ["main", "dump_tree", "iter_tree", "CLIError"]

if __name__ == "__main__":
    sys.exit(main())
