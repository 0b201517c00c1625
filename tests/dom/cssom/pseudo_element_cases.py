"""The documents of the Chromium differential of pseudo-elements' computed styles
(test_chromium_pseudo_elements.py, recorded by record_chromium_pseudo_elements.py): generated
from a fixed seed, each a few elements under styled parents and a sheet of ``::before``,
``::after`` and ``::marker`` rules (legacy single colons, layers, ``!important``, ``@media``,
``:is()``/``:where()``, universal ones), beside rules for the elements themselves."""

from __future__ import annotations

import random

PSEUDO_ELEMENTS = ("::before", "::after", "::marker")
PROPERTIES = (
    "content", "display", "color", "font-size", "font-weight", "visibility", "float", "position", "white-space",
    "text-transform", "unicode-bidi", "margin-left", "line-height", "direction", "font-style",
)
# pseudoElt strings given to getComputedStyle(#a, ...): [length, display, content] recorded
NAMES = (
    "::before", "::after", ":before", ":after", "::marker", ":marker", "before", "marker", "::BEFORE", ":AFTER",
    "::before ", " ::before", "::before::after", "::foo", ":foo", "::first-line", ":first-letter", "::selection",
    "::placeholder", "::slotted(p)", "::part(x)", "::highlight(x)", ":hover", "", ":", "::", "::after:hover",
    "::/**/before", "::-webkit-scrollbar",
)

_TAGS = ("div", "p", "span", "q", "h2", "section")
_CLASSES = ("a", "b", "c")
_DECLARATIONS = (
    "content: 'x'", "content: none", "content: normal", "content: ''", "content: open-quote",
    "content: 'a' 'b'", "content: counter(n)", "content: attr(title)", "display: block", "display: none",
    "display: inline-block", "display: flex", "display: list-item", "display: contents", "color: red",
    "color: rgb(0 128 0)", "color: inherit", "font-size: 2em", "font-size: 12px", "font-size: 150%",
    "font-weight: bold", "font-weight: bolder", "visibility: hidden", "visibility: visible", "float: left",
    "position: absolute", "position: fixed", "white-space: nowrap", "text-transform: uppercase",
    "unicode-bidi: embed", "margin-left: 1em", "line-height: 2", "line-height: 150%", "direction: rtl",
    "font-style: italic", "color: initial", "font-size: unset", "display: inherit",
)
_PARENT_DECLARATIONS = (
    "color: blue", "font-size: 20px", "display: flex", "display: grid", "visibility: hidden", "font-weight: 700",
    "list-style-position: inside", "white-space: pre-wrap", "text-transform: lowercase", "direction: rtl",
    "line-height: 30px", "display: list-item", "font-style: oblique",
)


def _pseudo(rng: random.Random, name: str) -> str:
    if name in ("::before", "::after") and rng.random() < 0.25:
        return name[1:]  # the legacy syntax
    return name


def _selector(rng: random.Random, name: str) -> str:
    kind = rng.randrange(9)
    if kind == 0:
        return f"#e{rng.randrange(6)}{name}"
    if kind == 1:
        return f".{rng.choice(_CLASSES)}{name}"
    if kind == 2:
        return f"{rng.choice(('li', *_TAGS))}{name}"
    if kind == 3:
        return f".{rng.choice(_CLASSES)}.{rng.choice(_CLASSES)}{name}"
    if kind == 4:
        return f"main > *{name}" if rng.random() < 0.5 else f"main :first-child{name}"
    if kind == 5:
        return f":is(.{rng.choice(_CLASSES)}, li){name}"
    if kind == 6:
        return f":where(#e{rng.randrange(6)}){name}"
    if kind == 7:
        return name
    return f"ul li:nth-child(2){name}"


def _rule(rng: random.Random) -> str:
    name = _pseudo(rng, rng.choice(PSEUDO_ELEMENTS))
    declarations = "; ".join(
        d + (" !important" if rng.random() < 0.1 else "") for d in rng.sample(_DECLARATIONS, rng.randint(1, 4)))
    rule = f"{_selector(rng, name)} {{ {declarations} }}"
    wrap = rng.random()
    if wrap < 0.1:
        return f"@layer l{rng.randrange(2)} {{ {rule} }}"
    if wrap < 0.15:
        return f"@media (min-width: 1px) {{ {rule} }}"
    if wrap < 0.18:
        return f"@media print {{ {rule} }}"
    return rule


def _element(rng: random.Random, index: int) -> str:
    classes = " ".join(rng.sample(_CLASSES, rng.randint(0, 2)))
    attributes = f' id=e{index}' + (f' class="{classes}"' if classes else "") + (
        " title=t" if rng.random() < 0.3 else "")
    tag = rng.choice(_TAGS)
    return f"<{tag}{attributes}>{tag}</{tag}>"


def _case(rng: random.Random) -> str:
    rules = [_rule(rng) for _ in range(rng.randint(3, 8))]
    if rng.random() < 0.3:
        rules.insert(0, "@layer l1, l0;")
    parent = "; ".join(rng.sample(_PARENT_DECLARATIONS, rng.randint(0, 3)))
    rules.append(f"main {{ {parent} }}")
    if rng.random() < 0.4:
        rules.append(f".{rng.choice(_CLASSES)} {{ {rng.choice(_PARENT_DECLARATIONS)} }}")
    elements = "".join(_element(rng, index) for index in range(4))
    items = "".join(f'<li class="{rng.choice(_CLASSES)}">i</li>' for _ in range(rng.randint(1, 3)))
    listed = rng.choice(("ul", "ol"))
    return f"<style>{' '.join(rules)}</style><main>{elements}<{listed}>{items}</{listed}></main>"


CASES: tuple[str, ...] = tuple(_case(random.Random(seed)) for seed in range(48))
