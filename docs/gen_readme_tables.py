"""Regenerate the README's conformance and benchmark tables from a real run.

    python docs/gen_readme_tables.py                  # run the test suite and the benchmarks
    python docs/gen_readme_tables.py --no-bench       # conformance table only
    python docs/gen_readme_tables.py --conformance-json counts.json --bench-json url.json
    python docs/gen_readme_tables.py --check          # exit 1 if the README would change

The conformance counts come from the test run: ``tests/conftest.py`` writes every suite's
passed/total to the file named by ``$WEBDOM_CONFORMANCE_JSON``.  The benchmark tables come from
``benchmarks/bench_*.py --json PATH``; a benchmark script without ``--json`` support has its
printed output copied into a code block instead.  The README text between
``<!-- conformance:start -->`` / ``<!-- conformance:end -->`` and ``<!-- bench:start -->`` /
``<!-- bench:end -->`` is replaced; nothing else is touched.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import subprocess
import sys
import tempfile
from collections import defaultdict
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
README = REPO / "README.md"

# Modules whose per-file counts are summed into one README row: the row's label and what a
# file is called.
GROUPED = {
    "tests/dom/reflection/test_wpt_reflection.py": ("WPT html/dom reflection-*.html (assertions)", "pages"),
}


def run_tests(target: Path, allow_failures: bool = False) -> None:
    env = dict(os.environ, WEBDOM_CONFORMANCE_JSON=str(target))
    command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests"]
    print("running:", " ".join(command), file=sys.stderr)
    result = subprocess.run(command, cwd=REPO, env=env, stdout=subprocess.PIPE, text=True)
    print(result.stdout.strip().splitlines()[-1] if result.stdout.strip() else "(no output)", file=sys.stderr)
    if result.returncode != 0 and not (allow_failures and target.exists()):
        sys.exit("the test run failed; the README tables were not changed (--allow-failures to use its counts)")


def conformance_table(data: dict[str, Any]) -> str:
    suites: dict[str, dict[str, Any]] = data["suites"]
    if not suites:
        sys.exit("no conformance counts were recorded (is the conformance data in place? see README)")
    grouped: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])
    rows: list[tuple[str, int, int, str]] = []
    for suite, counts in sorted(suites.items()):
        source = str(counts.get("source", ""))
        if source in GROUPED:
            entry = grouped[source]
            entry[0] += int(counts["passed"])
            entry[1] += int(counts["total"])
            entry[2] += 1
        else:
            rows.append((suite, int(counts["passed"]), int(counts["total"]), source))
    for source, (passed, total, files) in grouped.items():
        label, unit = GROUPED[source]
        rows.append((f"{label}, {files} {unit}", passed, total, source))
    rows.sort(key=lambda row: (row[3], row[0]))
    lines = ["| suite | passed/total | test module |", "| --- | --- | --- |"]
    for suite, passed, total, source in rows:
        mark = "" if passed == total else " ⚠"
        lines.append(f"| {suite} | {passed}/{total}{mark} | `{source}` |")
    passed = sum(row[1] for row in rows)
    total = sum(row[2] for row in rows)
    lines.append(f"| **all suites** | **{passed}/{total}** | |")
    return "\n".join(lines)


def run_benchmarks(quick: bool) -> list[tuple[Path, dict[str, Any] | str]]:
    results: list[tuple[Path, dict[str, Any] | str]] = []
    for script in sorted((REPO / "benchmarks").glob("bench_*.py")):
        command = [sys.executable, str(script)] + (["--quick"] if quick else [])
        with tempfile.TemporaryDirectory() as folder:
            target = Path(folder) / "bench.json"
            supports_json = "--json" in script.read_text(encoding="utf-8")
            if supports_json:
                command += ["--json", str(target)]
            print("running:", " ".join(command), file=sys.stderr)
            result = subprocess.run(command, cwd=REPO, stdout=subprocess.PIPE, text=True)
            if result.returncode != 0:
                sys.exit(f"{script.name} failed; the README tables were not changed")
            data = json.loads(target.read_text()) if supports_json else None
            # A script whose JSON is not tables (bench_hostile's rows) has its printed output copied.
            results.append((script, data if isinstance(data, dict) and "tables" in data else result.stdout))
    return results


def _number(value: float) -> str:
    """Two decimals, or three significant digits for values below 1."""
    return f"{value:,.2f}" if abs(value) >= 1 else f"{value:.3g}"


def bench_section(results: list[tuple[Path, dict[str, Any] | str]]) -> str:
    machine = f"{platform.python_implementation()} {platform.python_version()}, {os.cpu_count()} cores"
    quick = any(isinstance(data, dict) and data.get("quick") for _script, data in results)
    if hasattr(os, "getloadavg"):
        machine += f", load average {os.getloadavg()[0]:.1f} when the tables were generated"
    parts = [f"Measured on {machine}" + (" (--quick: smaller inputs, rougher numbers)." if quick else ".")]
    for script, data in results:
        parts.append(f"\n`python benchmarks/{script.name}`:\n")
        if isinstance(data, str):
            parts.append("```\n" + data.strip() + "\n```")
            continue
        for table in data["tables"]:
            parts.append(f"{table['title']}:\n")
            parts.append(f"| | {table['unit']} | time / {table['reference']} |")
            parts.append("| --- | ---: | ---: |")
            for row in table["rows"]:
                parts.append(f"| {row['name']} | {_number(row['value'])} | {row['ratio']:.2f}× |")
            parts.append("")
    return "\n".join(parts).rstrip()


def replace_section(text: str, name: str, body: str) -> str:
    pattern = re.compile(rf"(<!-- {name}:start -->\n).*?(<!-- {name}:end -->)", re.S)
    if not pattern.search(text):
        sys.exit(f"README.md has no <!-- {name}:start --> ... <!-- {name}:end --> markers")
    return pattern.sub(lambda m: m[1] + body + "\n" + m[2], text, count=1)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--conformance-json", type=Path, help="use these counts instead of running the tests")
    parser.add_argument("--bench-json", type=Path, action="append", default=[],
                        help="use this benchmark JSON (repeatable) instead of running the benchmarks")
    parser.add_argument("--no-conformance", action="store_true", help="leave the conformance table alone")
    parser.add_argument("--no-bench", action="store_true", help="leave the benchmark tables alone")
    parser.add_argument("--quick", action="store_true", help="run the benchmarks with --quick")
    parser.add_argument("--allow-failures", action="store_true",
                        help="use the counts even if some test (conformance or not) failed")
    parser.add_argument("--check", action="store_true", help="do not write; exit 1 if the README would change")
    args = parser.parse_args(argv)

    text = original = README.read_text(encoding="utf-8")
    if not args.no_conformance:
        if args.conformance_json:
            counts = json.loads(args.conformance_json.read_text(encoding="utf-8"))
        else:
            with tempfile.TemporaryDirectory() as folder:
                target = Path(folder) / "conformance.json"
                run_tests(target, args.allow_failures)
                counts = json.loads(target.read_text(encoding="utf-8"))
        text = replace_section(text, "conformance", conformance_table(counts))
    if not args.no_bench:
        if args.bench_json:
            results: list[tuple[Path, dict[str, Any] | str]] = [
                (Path(f"bench_{json.loads(p.read_text())['benchmark']}.py"), json.loads(p.read_text()))
                for p in args.bench_json
            ]
        else:
            results = run_benchmarks(args.quick)
        text = replace_section(text, "bench", bench_section(results))
    if args.check:
        if text != original:
            print("README.md tables are out of date: run python docs/gen_readme_tables.py", file=sys.stderr)
            return 1
        return 0
    if text != original:
        README.write_text(text, encoding="utf-8")
        print("README.md updated", file=sys.stderr)
    else:
        print("README.md already up to date", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
