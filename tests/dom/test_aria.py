"""ARIAMixin's string attributes (https://w3c.github.io/aria/#ARIAMixin) on every element: each a
DOMString? reflecting role or its aria-* content attribute (null when absent; null removes it)."""

from __future__ import annotations

import dom
from dom.nodes.aria import ARIAMixin


def test_reflects_role_and_aria_attributes() -> None:
    document = dom.parse_html('<div role=button aria-label="Close" aria-keyshortcuts="Alt+C"></div><svg></svg>')
    div = document.querySelector("div")
    assert (div.role, div.ariaLabel, div.ariaKeyShortcuts, div.ariaHidden) == ("button", "Close", "Alt+C", None)
    div.ariaHidden = True  # converted as a DOMString
    div.ariaMultiLine = "false"
    assert div.getAttribute("aria-hidden") == "true" and div.getAttribute("aria-multiline") == "false"
    div.ariaLabel = None
    assert not div.hasAttribute("aria-label")
    svg = document.querySelector("svg")  # Element includes ARIAMixin: not only HTML elements
    svg.role = "img"
    assert svg.getAttribute("role") == "img"


def test_each_attribute_names_its_content_attribute() -> None:
    names = [name for name in vars(ARIAMixin) if name == "role" or name.startswith("aria")]
    assert len(names) == 44
    for name in names:
        content = "role" if name == "role" else "aria-" + name[4:].lower()
        assert vars(ARIAMixin)[name].content_attribute == content
