"""The optional C extension _webdom_speedups (dom/nodes/identity_speedups.c); everything else
about the package is in pyproject.toml.  Without a C compiler the build goes on without it and
the Python reference code runs alone."""

import lxml
from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "_webdom_speedups",
            ["dom/nodes/identity_speedups.c"],
            include_dirs=lxml.get_include(),  # lxml's public headers and the libxml2 ones it ships
            optional=True,
        )
    ]
)
