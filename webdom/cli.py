"""The ``webdom`` command line (implemented in :mod:`dom.cli`; ``python -m dom`` is the same program)."""

from dom.cli import dump_tree, iter_tree, main

__all__ = ["main", "dump_tree", "iter_tree"]
