"""The HTML fragment parsing algorithm (https://html.spec.whatwg.org/#html-fragment-parsing-algorithm)
behind innerHTML, outerHTML, insertAdjacentHTML, setHTMLUnsafe and ``parse_html_fragment``.

The upstream parsers' fragment modes depart from the standard in ways a browser does not (a
``<body>`` start tag inserted as an element, a ``<form>`` in a table left open, foster-parented
text placed before the table content, ``<html>`` dropped in foreign content, the context
element's attributes ignored, ...: about 12% of generated tag soup with justhtml 3.16, 18% with
html5lib 1.1, measured against Chromium in tests/dom/parsing/differential).  So those backends parse
fragments here: the standard's tokenizer (:mod:`.tokenization`) and tree construction
(:mod:`.tree_construction`, :mod:`.insertion_modes`), run exactly as the algorithm sets them up
for the context element, then stored in the DOM in one pass.  turbohtml's fragment mode agrees
with the standard but takes the context element by name only, so contexts where more than the
name counts (:func:`needs_more_than_a_name`) come here too.
"""

from __future__ import annotations

from typing import Any

from html_infra.infra import HTML_NAMESPACE, MATHML_NAMESPACE, SVG_NAMESPACE

from ..nodes.document import DocumentFragment
from .html5lib_builder import attribute_items
from .insertion_modes import InsertionModes
from .tokenization import Tokenizer
from .tree_construction import ParserComment, ParserElement, ParserNode, ParserText, TreeConstruction
from .tree_store import Builder

__all__ = ["parse_fragment", "needs_more_than_a_name"]

# The namespaces a parser that takes the context by name can name it in.
_NAMED_NAMESPACES = frozenset({HTML_NAMESPACE, SVG_NAMESPACE, MATHML_NAMESPACE})

# step 10: the tokenizer state for an HTML context element
_CONTEXT_STATES = {
    "title": "RCDATA", "textarea": "RCDATA",
    "style": "RAWTEXT", "xmp": "RAWTEXT", "iframe": "RAWTEXT", "noembed": "RAWTEXT", "noframes": "RAWTEXT",
    "script": "script data", "plaintext": "PLAINTEXT",
}


def parse_fragment(markup: str, context: Any, scripting: bool = False) -> DocumentFragment:
    """https://html.spec.whatwg.org/#html-fragment-parsing-algorithm: the nodes parsed from
    *markup* with *context* (an Element) as the context element, in a DocumentFragment of the
    context's node document.  *scripting* is false when the context's document has scripting
    disabled (as every document here does, unless a caller says otherwise)."""
    document = context._doc
    namespace = context.namespaceURI
    local = context.localName
    # steps 4-5: only quirks mode changes tree construction (a table does not close a p)
    quirks = getattr(document, "_mode", "no-quirks") == "quirks"
    # step 15: the context's start tag token, with the context's attributes
    attributes = {attribute.name: attribute.value for attribute in context.attributes}
    context_node = ParserElement(local, namespace or "", attributes)
    tree = TreeConstruction(context_node, quirks, scripting, _nearest_form(context))
    modes = InsertionModes(tree)
    tokenizer = Tokenizer(markup, tree.adjusted_current_node_is_foreign)
    tree.tokenizer = tokenizer
    # step 10
    if namespace == HTML_NAMESPACE:
        state = _CONTEXT_STATES.get(local)
        if local == "noscript" and scripting:
            state = "RAWTEXT"
        if state is not None:
            tokenizer.switch_to(state)
        # step 14
        if local == "template":
            tree.template_modes.append(modes.in_template)
    tree.reset_insertion_mode()  # step 16
    for token in tokenizer:  # steps 18-19
        tree.dispatch(token)
    tree.finish()
    # step 20: root's children
    fragment = DocumentFragment._new(document)
    store = _FragmentStore(document)
    store.build_children(tree.root, fragment._lx)
    store.finish()
    return fragment


def needs_more_than_a_name(context: Any) -> bool:
    """Whether the algorithm's result for *context* can depend on more than its namespace and
    local name (what a parser that takes a context by name knows): its attributes (an
    annotation-xml context is an HTML integration point by its encoding), a form element pointer
    (a form at or above the context) or its document's quirks mode.  A context in a namespace
    other than HTML, SVG and MathML has no name there: parsed by name, an ``html`` or ``table``
    of another namespace would act as the HTML element (the algorithm's steps look at HTML
    elements only, so it is a plain "in body" context)."""
    if context.namespaceURI not in _NAMED_NAMESPACES:
        return True
    if context.namespaceURI != HTML_NAMESPACE and context.localName == "annotation-xml" and context.hasAttributes():
        return True
    return _nearest_form(context) is not None or getattr(context._doc, "_mode", "no-quirks") == "quirks"


def _nearest_form(context: Any) -> Any:
    """Step 17: the nearest inclusive ancestor of *context* that is a form element, or None."""
    node = context
    while node is not None:
        if getattr(node, "localName", None) == "form" and node.namespaceURI == HTML_NAMESPACE:
            return node
        node = node.parentNode
    return None


class _FragmentStore(Builder):
    """Stores the tree construction's nodes with the same helpers as the document builders.

    The parser's tree is taken apart as it is stored: each node's list of children is emptied
    once its children are made, so no child is left pointing at a parent that points back.
    Each node is then freed by reference counting when the walk has passed it, instead of the
    whole tree staying as reference cycles that only a full collection of the cyclic garbage
    collector frees -- and that each full collection during the store walks again."""

    def build_children(self, parent: ParserNode, lx_parent: Any) -> None:
        stack = [(parent, lx_parent)]
        while stack:
            node, lx = stack.pop()
            last = None  # the last lxml child made so far: text after it goes to its tail
            children = node.children
            node.children = []  # taken apart (see above): the children are this walk's now
            for child in children:
                kind = type(child)
                if kind is ParserText:
                    self.add_text(lx, last, "".join(child.parts))
                elif kind is ParserElement:
                    last = self.store_element(child.namespace, child.name, attribute_items(child.attributes), lx)
                    if child.content is not None:
                        if child.content.children:
                            self.templates.append((last, child.content))
                    elif child.children:
                        stack.append((child, last))
                elif kind is ParserComment:
                    last = self.add_comment(lx, child.data)
                else:
                    last = self.make_pi(f"{child.target} {child.data}")
                    lx.append(last)
