"""Growth rates: operations that were once quadratic, timed at n and 10n in one run.

    python benchmarks/bench_linear.py [--quick]

The test suite checks these operations' answers on large inputs but carries no clock (a timed
test fails under load); this script prints how their cost grows.  A ratio near 10 is linear; a
quadratic path shows near 100.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks._data import best_of  # noqa: E402
from dom import parse_html  # noqa: E402
from html_infra.url import basic_url_parse, validation_errors  # noqa: E402


def long_url_runs(n: int) -> Callable[[], object]:
    inputs = [
        "http://a/" + "%41" * n,
        "http://" + "@" * n + "a/",
        "http://1." + "0" * n + "1",
        "http://a/?" + "é" * n,
        "file:" + "/" * n,
    ]

    def run() -> None:
        for input in inputs:
            basic_url_parse(input)
            validation_errors(input)

    return run


def select_value(n: int) -> Callable[[], object]:
    select = parse_html("<select>" + "<option>x" * n + "<option selected>last</select>").querySelector("select")
    assert select is not None
    return lambda: [select.value for _ in range(20)]


def form_elements(n: int) -> Callable[[], object]:
    def run() -> None:
        form = parse_html("<form id=f>" + "<input name=n>" * n + "</form>").getElementById("f")
        assert form is not None
        form.elements[n - 1].form  # noqa: B018 -- the owner lookup is what is timed

    return run


def radio_checkedness(n: int) -> Callable[[], object]:
    markup = "".join(f"<input type=radio name=g{i % 40} {'checked' if i % 3 == 0 else ''}>" for i in range(n))
    inputs = list(parse_html(f"<form>{markup}</form>").querySelectorAll("input"))
    return lambda: sum(e.checked for e in inputs)


def descendant_combinator_deep(n: int) -> Callable[[], object]:
    """'.r a' on a chain of n nested div.r, each with a link: each link's nearest ancestor
    matches, so the cost is linear in n, not n times the depth."""
    document = parse_html("<!DOCTYPE html><body>" + "<div class=r><a>x</a>" * n + "</div>" * n)
    return lambda: document.querySelectorAll(".r a").length


def root_node_deep(n: int) -> Callable[[], object]:
    """isConnected of every element of a chain n deep: each finds its root in a few steps (the
    walk up remembers every 64th ancestor's top), not n."""
    document = parse_html("<!DOCTYPE html><body>" + "<div class=r><a>x</a>" * n)
    elements = list(document.querySelectorAll("*"))
    return lambda: sum(element.isConnected for element in elements)


def computed_style_deep(n: int) -> Callable[[], object]:
    """getComputedStyle(e).display of every element of a fresh chain n deep: elements styled like
    their parent share its values, so each level is not computed again."""
    markup = "<!DOCTYPE html><style>.r { color: red }</style><body>" + "<div class=r><a>x</a>" * n

    def run() -> None:
        document = parse_html(markup)
        window = document.defaultView
        for element in document.querySelectorAll("*"):
            window.getComputedStyle(element).display  # noqa: B018 -- the read is what is timed

    return run


CASES: dict[str, tuple[Callable[[int], Callable[[], object]], int]] = {
    "URL parse + validation errors, long runs": (long_url_runs, 20_000),
    "select.value, n options": (select_value, 2_000),
    "parse + form.elements[n-1].form": (form_elements, 2_000),
    "radio .checked over n radios": (radio_checkedness, 800),
    "querySelectorAll('.r a'), chain n deep": (descendant_combinator_deep, 4000),
    "isConnected of every element, chain n deep": (root_node_deep, 4000),
    "parse + getComputedStyle, chain n deep": (computed_style_deep, 1000),
}


def main() -> None:
    repeat = 1 if "--quick" in sys.argv else 3
    print(f"{'operation':44} {'n':>8} {'t(n) ms':>9} {'t(10n) ms':>10} {'growth':>7}")
    for name, (make, n) in CASES.items():
        small = best_of(make(n), repeat)
        large = best_of(make(10 * n), repeat)
        print(f"{name:44} {n:>8} {small * 1e3:>9.1f} {large * 1e3:>10.1f} {large / small:>6.1f}x")


if __name__ == "__main__":
    main()
