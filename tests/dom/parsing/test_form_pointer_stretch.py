"""The form element pointer's shortcut (dom/parsing/form_pointer.py, ``_pointer_stays_inside``):
reading only each form's stretch of tokens may skip the whole-input replay only where the
replay would associate nothing, checked here on hand-picked markup and on random markup."""

from __future__ import annotations

import random

import pytest

import webdom
from dom.html.forms.owner import FORM_ASSOCIATED
from dom.parsing.form_pointer import _form_starts, _Mismatch, _pointer_stays_inside, _replay


def _decide(markup: str) -> tuple[bool, list[tuple[str, str]] | None]:
    """(whether the shortcut skips the replay, the replay's associations or None on a mismatch)."""
    document = webdom.parse_html(markup)
    elements = list(document.documentElement._lx.iter("form", *FORM_ASSOCIATED))
    forms = [lx for lx in elements if lx.tag == "form"]
    skipped = _pointer_stays_inside(forms, _form_starts(markup), markup, False)
    try:
        found = [(lx.tag, form.get("id")) for lx, form in _replay(elements, markup, False)]
    except _Mismatch:
        found = None
    return skipped, found


@pytest.mark.parametrize(
    "markup",
    [
        "<form id=f><input></form><button>b</button><input>",  # a closed form, controls after it
        "<form id=f><div><input></div></form><p><select></select>",
        "<form id=f><table><tr><td><input></td></tr></table></form><img>",
        "<script>var s = '</form>';</script><form id=f><input></form><input>",
    ],
)
def test_closed_forms_skip_the_replay(markup: str) -> None:
    skipped, found = _decide(markup)
    assert skipped
    assert not found


@pytest.mark.parametrize(
    "markup",
    [
        "<div><form id=f></div><input>",  # </div> popped the form; the pointer stays set
        "<table><form id=f><input type=text><input type=hidden></table>",  # a form in a table is popped at once
        "<form id=x><table><tr><td></form><form id=f></td><input></table>",  # a nested form, popped by </td>
        "<div><form id=f><script>'</form>'</script></div><input>",  # a </form that is script text
        "<div><form id=f><!-- </form> --></div><input></form>",
        "<div><form id=f><template></form></template></div><input>",
    ],
)
def test_forms_the_parser_closed_early_are_replayed(markup: str) -> None:
    skipped, found = _decide(markup)
    assert not skipped
    assert found is None or ("input", "f") in found


PIECES = [
    "<form>",
    "<form id=a>",
    "</form>",
    "<div>",
    "</div>",
    "<p>",
    "</p>",
    "<table>",
    "<tr>",
    "<td>",
    "</td>",
    "</tr>",
    "</table>",
    "<input>",
    "<input type=hidden>",
    "<button>",
    "</button>",
    "<img>",
    "<select>",
    "</select>",
    "<b>",
    "</b>",
    "<a>",
    "</a>",
    "<svg>",
    "</svg>",
    "<math><mi>",
    "</mi></math>",
    "<template>",
    "</template>",
    "<script>'</form><form>'</script>",
    "<!-- </form> -->",
    "<textarea></form></textarea>",
    "<noscript><input></noscript>",
    "<object>",
    "</object>",
    "<fieldset>",
    "</fieldset>",
    "text",
    "<li>",
    "<dd>",
]


def test_random_markup_skips_only_where_the_replay_finds_nothing() -> None:
    rng = random.Random(20261206)
    skipped_count = 0
    for _ in range(3000):
        markup = "".join(rng.choice(PIECES) for _ in range(rng.randrange(2, 18)))
        if "<form" not in markup:
            continue
        skipped, found = _decide(markup)
        if skipped:
            skipped_count += 1
            assert not found, markup
    assert skipped_count > 100  # the shortcut is taken, not only declined
