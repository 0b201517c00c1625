"""The optional C extension _webdom_speedups (dom/nodes/identity_speedups.c, the identity map;
dom/nodes/tree_root_speedups.c, an element's topmost ancestor; dom/nodes/proxy_release_speedups.c,
lxml proxies dropped children first;
dom/parsing/tree_builder_speedups.c with tree_builder_nodes.c, tree_builder_names.c,
libxml2_functions.c and ascii_case_speedups.c, the parser's tree builder; dom/serialization_speedups.c,
the HTML serializer; dom/html/rendered_text_collection_speedups.c and dom/html/inner_text_speedups.c,
innerText's collection and white-space processing; dom/cssom/cascade_index_speedups.c, the cascade's
index by attribute, id and class; dom/cssom/style_sharing_speedups.c, computed values shared between
elements; dom/cssom/computed_style_speedups.c, a computed style's attributes; dom/cssom/type_chain_speedups.c,
the matches of selectors of types alone joined by descendant combinators;
dom/selectors/document_order_speedups.c, libxml2's document-order keys while a query runs and
the elements with a language attribute; dom/selectors/descendant_combinator_speedups.c, the
matches of compounds joined by descendant, child and sibling combinators in one walk;
html_infra/encoding/sniffing_speedups.c, the encoding prescan's byte loop);
everything else about the package is in pyproject.toml.  Without a C compiler the build
goes on without it and the Python reference code runs alone."""

import sys

import lxml
from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "_webdom_speedups",
            [
                "dom/nodes/identity_speedups.c",
                "dom/nodes/tree_root_speedups.c",
                "dom/nodes/proxy_release_speedups.c",
                "dom/parsing/tree_builder_speedups.c",
                "dom/parsing/tree_builder_nodes.c",
                "dom/parsing/tree_builder_names.c",
                "dom/parsing/libxml2_functions.c",
                "dom/parsing/ascii_case_speedups.c",
                "dom/serialization_speedups.c",
                "dom/html/inner_text_speedups.c",
                "dom/html/rendered_text_collection_speedups.c",
                "dom/cssom/cascade_index_speedups.c",
                "dom/cssom/style_sharing_speedups.c",
                "dom/cssom/computed_style_speedups.c",
                "dom/cssom/type_chain_speedups.c",
                "dom/selectors/document_order_speedups.c",
                "dom/selectors/descendant_combinator_speedups.c",
                "html_infra/encoding/sniffing_speedups.c",
            ],
            # headers shared by several files
            depends=["dom/parsing/tree_builder.h", "dom/html/slot_reads.h", "dom/nodes/subtree_walk.h",
                     "dom/nodes/lxml_api.h", "dom/cssom/plain_names.h"],
            include_dirs=lxml.get_include(),  # lxml's public headers and the libxml2 ones it ships
            libraries=[] if sys.platform == "win32" else ["dl"],  # dlsym: libxml2 inside lxml.etree
            optional=True,
        )
    ]
)
