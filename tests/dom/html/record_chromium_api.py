"""Record Chromium's answers for tests/dom/html/test_chromium_api.py and
tests/html_infra/encoding/test_chromium_cjk.py (needs Debian's ``chromium``).

    python tests/dom/html/record_chromium_api.py

Writes tests/dom/html/data/chromium_api.json.gz: the result (JSON text) of every scripted case of
chromium_api_cases.py, run in one page in order, each with a fresh ``#root``.  Chromium runs
headless with no network beyond 127.0.0.1, from a file:// page, and ``--virtual-time-budget``
lets the cases' timers run before ``--dump-dom`` serialises the page, whose root element then
carries the results in an attribute.  The headless window has system focus
(``document.hasFocus()`` is true), so focus events fire.

Also writes tests/html_infra/encoding/data/chromium_cjk.json.gz (cjk_cases.py says what it holds).
"""

from __future__ import annotations

import gzip
import json
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[2]))

from tests.dom.html.chromium_api_cases import script_source  # noqa: E402

FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--virtual-time-budget=20000",
         "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"]

# The headless window gets system focus shortly after the page starts: the cases wait for it.
START = r"""
(async function () {
  for (let i = 0; i < 200 && !document.hasFocus(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  await webdomRun(CASES);
})();
"""

# Writes the results as JSON in ASCII (\\u escapes) so that the dump's encoding cannot change them.
FINISH = r"""
(function wait() {
  const text = JSON.stringify(globalThis.webdomOut).replace(/[\u0080-\uffff]/g,
    (c) => '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0'));
  document.documentElement.setAttribute('data-webdom-out', text);
  document.documentElement.setAttribute('data-webdom-focus', JSON.stringify(globalThis.webdomFocus || {}));
  document.documentElement.setAttribute('data-webdom-done', String(!!globalThis.webdomDone));
  if (!globalThis.webdomDone) setTimeout(wait, 50);
})();
"""


def run_chromium(page: bytes, workdir: Path, name: str = "page.html") -> object:
    """The results the page left in its root element's attribute; a run that ended before the
    cases did (Chromium sometimes dumps early) is retried."""
    import dom

    path = workdir / name
    path.write_bytes(page)
    for _ in range(5):
        out = subprocess.run(
            ["chromium", *FLAGS, f"--user-data-dir={workdir / 'profile'}", "--dump-dom", path.as_uri()],
            capture_output=True, check=True, timeout=300,
        ).stdout
        root = dom.parse_html(out, encoding="utf-8").documentElement
        if root.getAttribute("data-webdom-done") == "true":
            run_chromium.last_focus = json.loads(root.getAttribute("data-webdom-focus") or "{}")  # type: ignore[attr-defined]
            return json.loads(root.getAttribute("data-webdom-out"))
    raise RuntimeError(f"{name}: the cases did not finish in Chromium")


def chromium_version() -> str:
    return subprocess.run(["chromium", "--version"], capture_output=True, text=True).stdout.strip()


def record_api(workdir: Path) -> None:
    page = f"<!doctype html><html><head><title>t</title></head><body><script>{script_source(START)}{FINISH}</script>"
    results = run_chromium(page.encode(), workdir)
    assert isinstance(results, dict)
    focus = run_chromium.last_focus  # type: ignore[attr-defined]
    assert all(focus.values()), f"the window lost system focus: {[n for n, f in focus.items() if not f]}"
    data = {"chromium": chromium_version(), "cases": results}
    target = HERE / "data" / "chromium_api.json.gz"
    target.write_bytes(gzip.compress(json.dumps(data, ensure_ascii=False, sort_keys=True, indent=0).encode(), mtime=0))
    print(f"wrote {target} ({target.stat().st_size} bytes, {len(results)} cases)")


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        workdir = Path(tmp)
        record_api(workdir)
        from tests.html_infra.encoding.record_chromium_cjk import record_cjk

        record_cjk(workdir, run_chromium, FINISH)


if __name__ == "__main__":
    main()
