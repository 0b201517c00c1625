"""Compare every parser backend with the recorded Chromium trees and print the agreement.

    python -m tests.dom.parsing.differential.run [--show N] [--only ID,...] [--parser NAME]
                                             [--write-known [--reason TEXT]]
                                             [--standard ID,... --reason TEXT]

For each backend: fragments and documents agreeing with the target (Chromium's tree, or the
standard's where known.json's ``standard`` section says Chromium departs from it), and the
disagreements not listed in known.json.  ``--write-known`` rewrites each backend's section to
the current disagreements, keeping the reasons already written and giving new ones *--reason*.
``--standard`` records, for cases where Chromium departs from the standard, the tree the first
backend builds now (check it against the standard first) with *--reason* naming the rule.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from .compare import KNOWN, backends, describe, expected, load_cases, load_known, outcome, target, webdom_result


def measure(parser: str, cases: list[dict[str, Any]], known: dict[str, Any]) -> dict[str, Any]:
    """Counts and the failing case ids of one backend."""
    counts = {"fragments": [0, 0, 0], "documents": [0, 0, 0]}  # agree with the target, total, as Chromium
    failures: dict[str, Any] = {}
    for case in cases:
        kind = "fragments" if case["context"] is not None else "documents"
        want = target(case, known)
        got = outcome(case, parser)
        counts[kind][1] += 1
        counts[kind][2] += got == expected(case)
        if got == want:
            counts[kind][0] += 1
        else:
            failures[case["id"]] = (case, got, want)
    return {"counts": counts, "failures": failures}


def summary(parser: str, result: dict[str, Any], known: dict[str, Any]) -> list[str]:
    listed = known.get(parser, {})
    new = [case_id for case_id in result["failures"] if case_id not in listed]
    fixed = [case_id for case_id in listed if case_id not in result["failures"]]
    lines = []
    for kind, (passed, total, as_chromium) in result["counts"].items():
        if total:
            lines.append(f"chromium differential {kind} ({parser}): {passed}/{total}")
            lines.append(f"  {as_chromium} as Chromium, {passed - as_chromium} as the standard where Chromium departs")
    lines.append(f"  {parser}: {len(new)} unlisted disagreements, {len(fixed)} listed cases now agree")
    return lines


def main() -> None:
    options = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    options.add_argument("--parser", action="append", help="a backend (default: every one in PARSERS)")
    options.add_argument("--show", type=int, default=0, help="print the first N unlisted disagreements")
    options.add_argument("--only", help="comma-separated case ids")
    options.add_argument("--fragments-only", action="store_true")
    options.add_argument("--write-known", action="store_true")
    options.add_argument("--reason", default="not yet analysed")
    options.add_argument("--standard", help="comma-separated case ids where Chromium departs from the standard")
    args = options.parse_args()
    header, cases = load_cases()
    if args.only:
        wanted = set(args.only.split(","))
        cases = [case for case in cases if case["id"] in wanted]
    if args.fragments_only:
        cases = [case for case in cases if case["context"] is not None]
    known = load_known()
    if args.standard:
        wanted = set(args.standard.split(","))
        for case in cases:
            if case["id"] in wanted:
                known.setdefault("standard", {})[case["id"]] = {
                    "reason": args.reason, **webdom_result(case, backends()[0]),
                }
        _write(known)
        return
    print(f"recorded with {header['browser']}: {len(cases)} cases")
    for parser in args.parser or backends():
        result = measure(parser, cases, known)
        print("\n".join(summary(parser, result, known)))
        listed = known.get(parser, {})
        shown = 0
        for case_id, (case, got, want) in result["failures"].items():
            if shown >= args.show:
                break
            if case_id in listed and not args.only:
                continue
            print(describe(case, got, want), end="\n\n")
            shown += 1
        if args.write_known:
            known[parser] = {
                case_id: listed.get(case_id, args.reason)
                for case_id in sorted(result["failures"], key=lambda i: (i[0], int(i[1:])))
            }
    if args.write_known:
        _write(known)


def _write(known: dict[str, Any]) -> None:
    """known.json, one case per line (diffs stay readable)."""
    standard = known.get("standard", {})
    known["standard"] = {key: standard[key] for key in sorted(standard, key=lambda i: (i[0], int(i[1:])))}
    lines = ["{"]
    for index, (section, entries) in enumerate(known.items()):
        lines.append(f" {json.dumps(section)}: {{")
        rows = [f"  {json.dumps(key)}: {json.dumps(value, ensure_ascii=False)}" for key, value in entries.items()]
        lines.append(",\n".join(rows))
        lines.append(" }" + ("," if index < len(known) - 1 else ""))
    lines.append("}")
    KNOWN.write_text("\n".join(line for line in lines if line) + "\n", encoding="utf-8")
    print(f"wrote {KNOWN}")


if __name__ == "__main__":
    main()
