"""Every parser backend against the trees headless Chromium built for 4,508 generated cases
(3,008 tag-soup fragments in 58 context elements, 1,500 documents), recorded by ``record.py``
into ``chromium.jsonl.gz`` (no browser is needed here).

The target is Chromium's tree, except where ``known.json``'s ``standard`` section says Chromium
departs from the current HTML Standard: there the standard's tree (kept in known.json, with the
rule it follows) wins.  A backend's own remaining disagreements are listed, each with its reason,
in the backend's section of known.json; any other disagreement fails the test.  Regenerate the
lists with ``python -m tests.dom.parsing.differential.run --write-known``.
"""

from __future__ import annotations

import pytest

from tests.conftest import record_conformance

from .compare import backends, describe, load_cases, load_known
from .run import measure

HEADER, CASES = load_cases()
KNOWN = load_known()
_RESULTS: dict[str, dict] = {}


def _result(parser: str) -> dict:
    if parser not in _RESULTS:
        _RESULTS[parser] = measure(parser, CASES, KNOWN)
    return _RESULTS[parser]


@pytest.mark.parametrize("parser", backends())
def test_backend_agrees_with_chromium_or_the_standard(parser):
    result = _result(parser)
    for kind, (passed, total, as_chromium) in result["counts"].items():
        print(f"chromium differential {kind} ({parser}): {passed}/{total}")
        print(f"  {as_chromium} as Chromium, {passed - as_chromium} as the standard where Chromium departs")
        record_conformance(f"chromium differential {kind} ({parser})", passed, total, __file__)
    listed = KNOWN.get(parser, {})
    new = [describe(*failure) for case_id, failure in result["failures"].items() if case_id not in listed]
    fixed = [case_id for case_id in listed if case_id not in result["failures"]]
    if fixed:
        print(f"listed for {parser} but agreeing now (run.py --write-known drops them): {', '.join(fixed)}")
    assert not new, f"{len(new)} new disagreements with {parser}:\n\n" + "\n\n".join(new[:5])


def test_fragments_agree_on_at_least_99_5_percent():
    """The target for fragments: Chromium's tree, or the standard's where Chromium departs."""
    for parser in backends():
        passed, total, _as_chromium = _result(parser)["counts"]["fragments"]
        assert passed / total >= 0.995, (parser, passed, total)


def test_known_cases_say_why():
    assert HEADER["browser"].startswith("Chromium")
    ids = {case["id"] for case in CASES}
    for section, entries in KNOWN.items():
        for case_id, entry in entries.items():
            assert case_id in ids, (section, case_id)
            reason = entry["reason"] if section == "standard" else entry
            assert len(reason) > 30 and "not yet analysed" not in reason, (section, case_id)
            if section == "standard":
                assert "https://html.spec.whatwg.org/#" in reason and "tree" in entry, case_id


def test_the_issue_examples_behave_as_in_chromium():
    """The fragments that showed the bugs: body/head start tags ignored, an in-table form
    inserted and popped at once, foster-parented text after the root's last child when no table
    is open, <html> in a MathML context a MathML element."""
    examples = {case["id"]: case for case in CASES if case["id"].startswith("x")}
    assert examples["x0"]["tree"] == ['"']
    for parser in backends():
        result = measure(parser, list(examples.values()), KNOWN)
        assert not result["failures"], (parser, sorted(result["failures"]))
