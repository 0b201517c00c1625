"""Why the WPT subtests webdom fails fail: every entry of expectations.json sorted into one kind of
reason, per folder, so the README can show what stands between a folder's count and 100%
without leaving anything out of the count.

    python -m tests.wpt.reasons            # the table, per folder and kind
    python -m tests.wpt.reasons --readme   # write it into the README (between its markers)

The kinds, in the order they are tried (the first whose words a reason holds):

- ``unexplained``: a reason the runner wrote from the failure message (``fails: ...``,
  ``no results: ...``), which nobody has read yet;
- ``webdom``: a defect of webdom or of its JS binding, named as such;
- ``current standard``: the 2021 test contradicts the current standard (or is itself wrong):
  webdom follows the standard, so these failures are by design;
- ``harness``: the ``(harness)`` result of a file that waits for subtests failing for their own
  listed reasons;
- ``tentative``: an API or syntax that was only proposed and is not in the current standards;
- ``layout``: the test needs layout, rendering, scrolling or CSS animations;
- ``input``: the test needs user input through test_driver beyond what the runner models;
- ``runner``: what the test runner (tests/wpt/run.py) does differently from a browser loading
  the test page, or a file the WPT snapshot it reads lacks, not webdom;
- ``other globals``: the test needs workers, shared memory, messaging between windows, or
  scripts running inside frames;
- ``network``: the test needs a server (wptserve's substitutions and stash), resources loaded
  over the network, navigation, or an HTTP response;
- ``not implemented``: an interface or API of the platform that webdom does not implement.
"""

from __future__ import annotations

import json
import re
import sys
from collections import Counter, defaultdict
from pathlib import Path

EXPECTATIONS = Path(__file__).with_name("expectations.json")

# The README's folders, as the runner's summary groups them (the rest of dom/ together).
FOLDERS = ("url/", "dom/nodes/", "dom/lists/", "dom/traversal/", "dom/collections/", "dom/ranges/", "dom/events/",
           "domparsing/", "encoding/", "html/infrastructure/", "html/semantics/forms/", "html/dom/", "shadow-dom/")
OTHER_DOM = "dom/ (other)"

KINDS: tuple[tuple[str, re.Pattern[str]], ...] = tuple((kind, re.compile(words, re.IGNORECASE)) for kind, words in (
    ("unexplained", r"^(fails:|no results:)"),
    ("webdom", r"webdom bugs?\b|^binding:|^frames: an HTML frame does not take"),
    ("current standard", r"2021 (test|reflection data|syntax|IDL)|test bug|test error|not in the (HTML|DOM) Standard"
                         r"|standard disagree|^the (HTML|DOM|URL) Standard's|^webdom supports|algorithm webdom follows"),
    ("harness", r"^the harness times out waiting"),
    ("tentative", r"tentative|proposal"),
    ("not implemented", r"^whole file .*does not implement"),
    ("layout", r"layout|render|scroll|animation|transition|offset(Width|Parent|Left|Top)"),
    ("input", r"test_driver|testdriver|manual test|user input"),
    ("runner", r"^runner:|the runner|by the runner"),
    ("other globals", r"worker|SharedArrayBuffer|postMessage|MessageChannel|BroadcastChannel|nested browsing context"
                      r"|inside (the )?frame|self\.origin"),
    ("network", r"wptserve|XMLHttpRequest|network|navigat|HTTP response|\{\{host\}\}|Set-Cookie|fetch"),
    ("not implemented", r"not implement|does not have|is not defined|needs |absent from"),
))


def kind(reason: str) -> str:
    """The kind of *reason* (see the module docstring); ValueError if none fits."""
    for name, pattern in KINDS:
        if pattern.search(reason):
            return name
    raise ValueError(f"a reason of no known kind: {reason!r}")


def folder(file: str) -> str:
    return next((f for f in FOLDERS if file.startswith(f)), OTHER_DOM)


def failures_by_kind(expectations: dict[str, dict[str, str]] | None = None) -> dict[str, Counter[str]]:
    """folder -> kind -> how many failing subtests (``(harness)`` results included)."""
    if expectations is None:
        expectations = json.loads(EXPECTATIONS.read_text(encoding="utf-8"))
    table: dict[str, Counter[str]] = defaultdict(Counter)
    for file, subtests in expectations.items():
        for reason in subtests.values():
            table[folder(file)][kind(reason)] += 1
    return table


README = Path(__file__).resolve().parents[2] / "README.md"
START, END = "<!-- wpt-reasons:start -->\n", "<!-- wpt-reasons:end -->\n"


def markdown_table() -> str:
    """The README's table: per folder, its failing subtests and how many are of each kind."""
    table = failures_by_kind()
    names = list(dict.fromkeys(name for name, _ in KINDS))
    lines = ["| folder | failing | " + " | ".join(names) + " |", "|---|---:|" + "---:|" * len(names)]
    for name in (*FOLDERS, OTHER_DOM):
        counts = table.get(name, Counter())
        if counts:
            lines.append(f"| {name} | {sum(counts.values())} | " + " | ".join(str(counts[k] or "") for k in names) + " |")
    total: Counter[str] = sum(table.values(), Counter())
    lines.append(f"| **all** | {sum(total.values())} | " + " | ".join(str(total[k] or "") for k in names) + " |")
    return "\n".join(lines) + "\n"


def readme_with_table(readme: str) -> str:
    before, _, rest = readme.partition(START)
    _, _, after = rest.partition(END)
    return before + START + markdown_table() + END + after


def main() -> None:
    if "--readme" in sys.argv[1:]:
        README.write_text(readme_with_table(README.read_text(encoding="utf-8")), encoding="utf-8")
    else:
        print(markdown_table(), end="")


if __name__ == "__main__":
    main()
