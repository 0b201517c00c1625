"""What a module reaches in the modules that build on it, filled by those when they load.

The node tree (dom/README.md, "Floors") knows nothing of HTML's interfaces, the parsers or the
serializers, yet some of its members need them: ``innerHTML`` parses and serializes, ``document.all``
is an HTML collection, an event at a Window is special, pickling saves form control state.  The
same holds inside a floor: events reach AbortSignal and the event path, Node reaches slots and
pickling, Document reaches Range.  Each such thing is a name declared here; the module that
defines it stores it here when it is imported (STYLE.md section 10):

* dom.aborting, dom.event_path -- AbortSignal (the ``signal`` listener option), the event path;
* dom.nodes.mutation, dom.nodes.cloning, dom.nodes.character_data, dom.nodes.template -- the
  mutation algorithms and cloning that Node's members run, the Text nodes of its text runs, and
  the template contents' owner document that adoption asks for;
* dom.nodes.document, dom.nodes.slots, dom.nodes.shadow, dom.nodes.pickling, dom.ranges,
  dom.selection -- the default document, slot assignment, attachShadow, pickling, Range and the
  selection, for the node classes they build on;
* dom.parsing -- the fragment parsing algorithm, the document parsers, declarative shadow roots;
* dom.serialization -- the fragment serializing algorithm and ``getHTML``;
* dom.selectors -- querySelector(All), matches and closest;
* dom.html.window, dom.html.event_interfaces, dom.html.html_element, dom.html.forms,
  dom.html.focus -- the Window, ErrorEvent and HTMLElement interfaces, ``document.all``, form
  control state, the focused element, the HTML Standard's removing and moving steps;
* dom.cssom.scope_rule -- the @scope rule, for the rule parser it builds on (dom.cssom.css_rules).

``import dom`` loads every floor but two, and importing any module of the package runs
``dom/__init__.py`` first, so the names are set before a node exists (tests/test_imports.py checks
that each is).  The selector engine and the CSSOM load when first used (``import webdom`` stays
fast for what needs neither): ``dom/__init__.py`` fills their names with stand-ins
(:func:`fill_on_first_call`) that load the module, which puts its own functions in their place.
This module imports nothing of the package when it loads: any module may import it first.
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from webidl.dictionary_types import CheckVisibilityOptions

    from .aborting import AbortSignal
    from .html.event_interfaces import ErrorEvent
    from .html.forms.control_state import FormControlState
    from .html.html_element import HTMLElement
    from .html.window import Window
    from .nodes.character_data import Text
    from .nodes.document import Document, DocumentFragment
    from .nodes.element import Element
    from .nodes.node import Node
    from .nodes.shadow import ShadowRoot
    from .ranges import Range
    from .selection import Selection

# -- within the node tree: modules that build on the ones that need them -----------------------------
# the mutation algorithms (dom.nodes.mutation) for Node's members: the node classes they make and
# move stand between the two (Node <- Text, Element, Document <- the algorithms' users)
append: Callable[[Node, Node], Node]
pre_insert: Callable[[Node, Node, Node | None], Node]
replace: Callable[[Node, Node, Node], Node]
pre_remove: Callable[[Node, Node], Node]
string_replace_all: Callable[[str, Node], None]
normalize: Callable[[Node], None]
# https://dom.spec.whatwg.org/#concept-node-clone (dom.nodes.cloning): it makes nodes of every kind
clone_node: Callable[[Node, Document | None, bool], Node]
# a Text node in an lxml text or tail slot (dom.nodes.character_data), for Node's text runs
text_in_slot: Callable[[Document, str, Any, bool], Text]
# the template contents owner document (dom.nodes.template), for the adopting steps of templates
template_contents_owner_document: Callable[[Document], Document]
# the event path (dom.event_path) for dispatch and composedPath (dom.events)
build_path: Callable[[Any, Any, bool, Any], tuple[Any, bool]]
retarget: Callable[[Any, Any], Any]
composed_path: Callable[[Any], list[Any]]
# a slottable's assigned slot (dom.nodes.slots) for Node's "get the parent", and Text's assignedSlot
assigned_slot: Callable[[Any], Any]
assigned_slot_for_bindings: Callable[[Any], Any]
# the attribute change steps of slots and slottables (dom.nodes.slots), for Element's
slot_attribute_changed: Callable[[Any, str, str | None, str | None], None]
# Element.attachShadow (dom.nodes.shadow)
attach_shadow: Callable[[Element, Any], ShadowRoot]
# the document Text(), Comment() and ProcessingInstruction() belong to (dom.nodes.document)
default_document: Callable[[], Document]
# document.createRange() and document.getSelection() (dom.ranges, dom.selection)
create_range: Callable[[Document], Range]
selection_of: Callable[[Document], Selection | None]
# Node.__reduce__ (dom.nodes.pickling)
reduce_node: Callable[[Any], tuple[Any, ...]]

# -- dom.aborting -----------------------------------------------------------------------------------
# the AbortSignal interface: addEventListener's signal option, and an abort listener pins its signal
abort_signal_interface: type[AbortSignal]

# -- dom.parsing ------------------------------------------------------------------------------------
# https://html.spec.whatwg.org/#fragment-parsing-algorithm-steps (context element, markup)
fragment_parsing_algorithm_steps: Callable[[Any, str], DocumentFragment]
# parse_html(markup, url=...): document.write's reparse of what was written
parse_html: Callable[..., Document]
# https://html.spec.whatwg.org/#parse-html-from-a-string without a browsing context
parse_html_without_browsing_context: Callable[..., Document]
# setHTMLUnsafe's declarative shadow roots
attach_declarative_shadow_roots: Callable[[DocumentFragment], None]

# -- dom.serialization ------------------------------------------------------------------------------
# https://html.spec.whatwg.org/#fragment-serializing-algorithm-steps (node, require well-formed, outer=)
fragment_serializing_algorithm_steps: Callable[..., str]
# getHTML(options) of elements and shadow roots
get_html: Callable[[Any, Any], str]
# the node whose children stand for a node's in markup (a template's contents)
children_holder: Callable[[Any], Any]

# -- dom.selectors ----------------------------------------------------------------------------------
query_first: Callable[[Node, str], Element | None]
query_all: Callable[[Node, str], list[Element]]
matches: Callable[[Element, str], bool]
closest: Callable[[Element, str], Element | None]

# -- dom.html ---------------------------------------------------------------------------------------
# the Window interface (events at a Window are special) and making a document's Window
window_interface: type[Window]
create_window: Callable[[Document], Window]
# the ErrorEvent interface (an error event handler at a Window takes its five members)
error_event_interface: type[ErrorEvent]
# the HTMLElement interface (SubmitEventInit's submitter, dom.html.forms.submission)
html_element_interface: type[HTMLElement]
# document.all (https://html.spec.whatwg.org/#dom-document-all)
all_collection: Callable[[Document], Any]
# https://html.spec.whatwg.org/#dom-documentorshadowroot-activeelement (dom.html.focus), and the
# elements :focus and :focus-within match (for dom.selectors)
active_element: Callable[[Any], Element | None]
focus_targets: Callable[[Any], tuple[list[Element], list[Element]]]
# the HTML Standard's removing steps for a removed subtree while its document has a focused area
# (dom.html.focus: https://html.spec.whatwg.org/#dom-trees:concept-node-remove-ext step 2, the
# viewport becomes the focused area), and its moving steps for a moved subtree
# (https://html.spec.whatwg.org/#dom-trees:concept-node-move-ext; dom.html.forms.select: the
# option element's, https://html.spec.whatwg.org/#update-an-option's-nearest-ancestor-select)
focus_removing_steps: Callable[[Node], None]
moving_steps: Callable[[Node], None]
# document.styleSheets (dom.cssom.document_style_sheets)
style_sheets: Callable[[Document], Any]


def style_state_changed(document: Document) -> None:
    """A change of a state that selectors read and the tree does not hold (the focused area:
    dom.html.focus; a slot's manually assigned nodes: dom.nodes.slots; a control's checkedness
    or an option's selectedness: dom.html.forms), after which the
    document's cascade is outdated (dom.cssom.cascade, which puts its own function here as it
    loads: until then there is no cascade, and nothing to do)."""


# ShadowRoot.styleSheets (dom.cssom.document_style_sheets)
shadow_root_style_sheets: Callable[[Any], Any]
# DocumentOrShadowRoot.adoptedStyleSheets, its getter and setter (dom.cssom.adopted_style_sheets)
adopted_style_sheets: Callable[[Any], Any]
set_adopted_style_sheets: Callable[[Any, Any], None]
# Element.checkVisibility (dom.cssom.visibility)
check_visibility: Callable[[Element, CheckVisibilityOptions], bool]
# the @scope rule of a tinycss2 at-rule (dom.cssom.scope_rule), for the rule parser of dom.cssom.css_rules
scope_rule: Callable[[Any, int, bool, bool], Any]
# a form control's state, made on first need, and whether it has one
form_state: Callable[[Any], FormControlState]
form_state_if_any: Callable[[Any], FormControlState | None]


def fill_on_first_call(module: str, *names: str) -> None:
    """Fill *names* with stand-ins that load *module* when one is first called (lazy: the module
    stores its own functions under these names as it loads) and then call the stored function."""
    for name in names:
        globals()[name] = _stand_in(module, name)


def _stand_in(module: str, name: str) -> Callable[..., Any]:
    def first_call(*args: Any, **kwargs: Any) -> Any:
        import_module(module)
        stored: Callable[..., Any] = globals()[name]
        if stored is first_call:
            raise ImportError(f"{module} did not fill dom.registry.{name}")
        return stored(*args, **kwargs)

    return first_call
