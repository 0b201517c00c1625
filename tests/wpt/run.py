"""Run web-platform-tests' own testharness.js tests against webdom through the JS binding.

    python tests/wpt/run.py [DIR_OR_FILE ...] [-j N] [--json OUT]

Paths are relative to the WPT folder (``$WEBDOM_WPT`` or ``../shared/conformance/wpt``); the
default is every folder the project covers (:data:`DIRECTORIES`).  Each test file runs in its own Python process (pythonmonkey has one
JS global per process, and a crashing test must not take the others down): ``.html`` files are
parsed with webdom's ``parse_html`` and their scripts (inline, or ``src`` inside the WPT folder)
run in document order; ``.any.js``/``.window.js`` files run in an empty HTML document after their
``// META: script=`` dependencies.  testharness.js is loaded unchanged; results are collected
through ``add_result_callback``/``add_completion_callback``.  Prints per-directory subtest
pass/total and ``wpt: N/M subtests passed in F files``.

The runner (not the binding) gives tests a ``fetch`` that reads files inside the WPT folder only,
for the data files the URL tests load; nothing reaches a network.  It also stands in for a
browser's WebDriver behind testdriver.js: after ``testdriver-vendor.js`` it installs
``test_driver.click`` and ``test_driver.send_keys`` modeled without layout (tests/wpt/testdriver.py
says which events and keys); Actions and the other test_driver commands stay unimplemented
(``--no-input`` leaves click and send_keys unimplemented too, as another engine runs them:
tests/wpt/jsdom_compare.js, which runs jsdom on these files as tests/wpt/serve.py serves them).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import subprocess
import sys
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]
WPT = Path(os.environ.get("WEBDOM_WPT", REPO.parent / "shared" / "conformance" / "wpt"))
ORIGIN = "http://web-platform.test"
# The folders of the WPT this project covers (the default targets).
DIRECTORIES = ["dom", "domparsing", "url", "encoding", "html/infrastructure", "html/semantics/forms", "html/dom",
               "shadow-dom"]
STATUS = {0: "PASS", 1: "FAIL", 2: "TIMEOUT", 3: "NOTRUN", 4: "PRECONDITION_FAILED"}
# testharness.js's harness status (https://web-platform-tests.org/writing-tests/testharness-api.html)
HARNESS_STATUS = {0: "OK", 1: "ERROR", 2: "TIMEOUT", 3: "PRECONDITION_FAILED"}
# The name a harness that did not end OK counts under, as one failing result of its file.
HARNESS = "(harness)"

_RUNNER_JS = r"""
(function (global, readFile, report, done) {
  // fetch() of files inside the WPT folder, for test data; a Promise of a minimal Response.
  global.fetch = function (url) {
    const href = new URL(String(url), global.location.href).href;
    return new Promise((resolve, reject) => {
      const text = readFile(href);
      if (text === null) { reject(new TypeError("fetch: " + href + " is not in the WPT folder")); return; }
      resolve({ ok: true, status: 200, url: href, text: async () => text, json: async () => JSON.parse(text) });
    });
  };
  // Strings cross as ASCII JSON: pythonmonkey garbles some non-ASCII strings.
  const ascii = (s) => JSON.stringify(s === null || s === undefined ? "" : String(s))
    .replace(/[\u007f-\uffff]/g, (c) => "\\u" + c.charCodeAt(0).toString(16).padStart(4, "0"));
  return function hook() {
    // as wptrunner's testharnessreport.js does in automated runs: no results table written into
    // the document (and no stack captured per assertion for it)
    setup({ output: false });
    add_result_callback((t) => report(ascii(t.name), t.status, ascii(t.message)));
    // the completion's list is every test registered, finished or not (a harness timeout or
    // error completes the rest without result callbacks): wptrunner counts this list
    add_completion_callback((tests, status) => done(status.status, ascii(status.message),
      ascii(JSON.stringify(tests.map((t) => [String(t.name), t.status, t.message === null ? "" : String(t.message)])))));
  };
})
"""


# Files wptserve serves under another name.
_ALIASES = {"resources/WebIDLParser.js": "resources/webidl2/lib/webidl2.js"}


def _percent_encoding_py(query: dict[str, str], body: bytes | None, content_type: str | None) -> bytes:
    """url/resources/percent-encoding.py: an HTML document in the encoding *encoding* (declared
    by a meta) whose link has *value* (base64 of UTF-8) as its query and fragment.  The test
    checks the fragment is the value's UTF-8 percent-encoding, so the document must hold its code
    points unchanged: those the encoding cannot encode, or decodes to another (Shift_JIS's U+2212),
    are written as character references."""
    import base64
    import html

    from html_infra.encoding import decode, encode, get_an_encoding

    label = query.get("encoding", "")
    encoding = get_an_encoding(label) or "UTF-8"

    def in_encoding(c: str) -> str:
        try:
            return c if decode(encode(c, encoding), encoding) == c else f"&#{ord(c)};"
        except UnicodeEncodeError:
            return f"&#{ord(c)};"

    value = "".join(map(in_encoding, html.escape(base64.b64decode(query.get("value", "")).decode("utf-8", "replace"))))
    markup = (f'<!doctype html><meta charset="{html.escape(label)}">'
              f'<a href="https://doesnotmatter.invalid/?{value}#{value}">test</a>\n')
    return encode(markup, encoding)


def _echo_content_escaped_py(query: dict[str, str], body: bytes | None, content_type: str | None) -> tuple[bytes, str]:
    """FileAPI/file/resources/echo-content-escaped.py: the request body as text/plain, each
    backslash doubled and each byte outside printable ASCII but CR and LF as \\xHH (what
    form-submission-0/enctypes-helper.js's unescape() reverses)."""
    out = bytearray()
    for byte in body or b"":
        if byte == 0x5C:
            out += b"\\\\"
        elif 0x20 <= byte < 0x7F or byte in (0x0A, 0x0D):
            out.append(byte)
        else:
            out += b"\\x%02X" % byte
    return bytes(out), "text/plain; charset=utf-8"


def _echo_content_py(query: dict[str, str], body: bytes | None, content_type: str | None) -> tuple[bytes, str]:
    """fetch/api/resources/echo-content.py: the request body as it came, as text/plain."""
    return body or b"", "text/plain"


def _encoding_py(query: dict[str, str], body: bytes | None, content_type: str | None) -> bytes:
    """dom/nodes/encoding.py: an empty HTML document whose meta declares the encoding *label*
    (the Document-characterSet-normalization tests read the frame's characterSet)."""
    import html

    return f'<!doctype html><meta charset="{html.escape(query.get("label", ""))}">\n'.encode()


def _form_submission_py(query: dict[str, str], body: bytes | None, content_type: str | None) -> tuple[bytes, str]:
    """html/semantics/forms/form-submission-0/resources/form-submission.py: "OK" (text/plain)
    when the posted form is the one submit-entity-body.html submits in the request's encoding --
    foo=bara urlencoded, qux=baz as text/plain, a foo field of bar as multipart/form-data --
    else "FAIL"."""
    data = body or b""
    essence = (content_type or "").split(";")[0].strip().lower()
    if essence == "application/x-www-form-urlencoded":
        ok = data == b"foo=bara"
    elif essence == "text/plain":
        ok = data == b"qux=baz\r\n"
    else:
        ok = re.search(rb'name="foo"\r\n\r\nbar\r\n', data) is not None
    return (b"OK" if ok else b"FAIL"), "text/plain"


def _contenttype_setter_py(query: dict[str, str], body: bytes | None,
                           content_type: str | None) -> bytes | tuple[bytes, str]:
    """dom/nodes/Document-contentType/support/contenttype_setter.py: ``<head></head>`` sent as
    *type*/*subtype* (without them, or with *removeContentType*, with no Content-Type); *mime*
    puts a meta http-equiv naming that type in its place, which does not change the type."""
    head = (f'<meta http-equiv="Content-Type" content="{query["mime"]}; charset=utf-8"/>' if query.get("mime")
            else "<head>") + "</head>"
    if query.get("type") and query.get("subtype") and not query.get("removeContentType"):
        return head.encode(), f"{query['type']}/{query['subtype']}"
    return head.encode()


# wptserve's Python handlers (absent from the snapshot) the runner answers itself: path -> the
# response (a body, or a body and its Content-Type) for the query's parameters, the request body
# and its Content-Type.
_HANDLERS: dict[str, Callable[[dict[str, str], bytes | None, str | None], bytes | tuple[bytes, str]]] = {
    "url/resources/percent-encoding.py": _percent_encoding_py,
    "FileAPI/file/resources/echo-content-escaped.py": _echo_content_escaped_py,
    "fetch/api/resources/echo-content.py": _echo_content_py,
    "dom/nodes/encoding.py": _encoding_py,
    "html/semantics/forms/form-submission-0/resources/form-submission.py": _form_submission_py,
    "dom/nodes/Document-contentType/support/contenttype_setter.py": _contenttype_setter_py,
}
# The Content-Type wptserve sends for a file by its extension, where the extension alone does not
# tell a frame's document (the realm takes .html as HTML and .xml, .xhtml, .svg as XML).
_CONTENT_TYPES = {".txt": "text/plain", ".css": "text/css", ".js": "text/javascript", ".json": "application/json",
                  ".bmp": "image/bmp", ".gif": "image/gif", ".jpg": "image/jpeg", ".jpeg": "image/jpeg",
                  ".png": "image/png", ".webp": "image/webp", ".ico": "image/x-icon", ".mp4": "video/mp4",
                  ".webm": "video/webm", ".ogv": "video/ogg", ".mp3": "audio/mpeg", ".wav": "audio/wav",
                  ".oga": "audio/ogg", ".vtt": "text/vtt"}


def _handler_response(url: str, body: bytes | None = None,
                      content_type: str | None = None) -> bytes | tuple[bytes, str] | None:
    from urllib.parse import unquote, urlsplit

    parts = urlsplit(url)
    handler = _HANDLERS.get(parts.path.lstrip("/")) if url.startswith(ORIGIN + "/") else None
    if handler is None:
        return None
    # as wptserve reads a query: "+" is not a space here (the handler base64-decodes the value)
    pairs = (p.partition("=") for p in parts.query.split("&") if p)
    return handler({unquote(k): unquote(v) for k, _, v in pairs}, body, content_type)


def _url_to_path(url: str) -> Path | None:
    if not url.startswith(ORIGIN + "/"):
        return None
    rel = url[len(ORIGIN) + 1:]
    url = f"{ORIGIN}/{_ALIASES.get(rel, rel)}"
    path = (WPT / url[len(ORIGIN) + 1:].split("?")[0].split("#")[0]).resolve()
    return path if path.is_file() and WPT.resolve() in path.parents else None


def _scripts_of_html(path: Path, document: Any) -> list[tuple[str, str]]:
    scripts: list[tuple[str, str]] = []
    for script in document.querySelectorAll("script"):
        kind = (script.getAttribute("type") or "").strip().lower()
        if kind not in ("", "text/javascript", "application/javascript", "module"):
            continue
        src = script.getAttribute("src")
        if src is None:  # an SVG script has no .text: its text is its textContent
            scripts.append((getattr(script, "text", None) or script.textContent or "", f"{path.name}:inline"))
        else:
            scripts.append(("@src", src))
    return scripts


def run_one(rel: str) -> dict[str, Any]:
    """Run one test file in this process (*rel* may end in a variant's query: ``file?1-1000``);
    the results as a JSON-able dict, counted as wptrunner counts them: every subtest of the
    completion's list, and a harness that did not end OK as one failing result more."""
    import webdom
    from webdom.js import Realm

    path = WPT / rel.partition("?")[0]
    url = f"{ORIGIN}/{rel}"
    results: list[list[Any]] = []
    harness: dict[str, Any] = {"status": None, "message": "", "tests": None}
    if path.name.endswith((".any.js", ".window.js")):
        # wptserve's wrapper document (tools/serve/serve.py, AnyHtmlHandler and WindowHandler)
        # holds a <div id=log> after its scripts: idlharness tests find it by querySelector("[id]")
        document = webdom.parse_html(b"<!doctype html><meta charset=utf-8><title></title><body><div id=log></div>",
                                     url=url)
        source = path.read_text(encoding="utf-8")
        scripts = [("@src", m) for m in re.findall(r"^// META: script=(\S+)", source, re.M)]
        scripts.append((source, rel))
        scripts.insert(0, ("@src", "/resources/testharness.js"))
        # what wptserve's generated .any.html wrapper defines
        scripts.insert(0, ("self.GLOBAL = { isWindow: () => true, isWorker: () => false, "
                           "isShadowRealm: () => false };", "any.js wrapper"))
    else:
        document = webdom.parse_html(path.read_bytes(), url=url)
        scripts = _scripts_of_html(path, document)
    from urllib.parse import urljoin

    def read_bytes(href: str, body: bytes | None = None, content_type: str | None = None) -> Any:
        # a POST (a form submitted to a frame) has a body: only a handler answers it
        target = _url_to_path(href) if body is None else None
        if target is None:
            return _handler_response(href, body, content_type)
        kind = _CONTENT_TYPES.get(target.suffix.lower())
        return (target.read_bytes(), kind) if kind is not None else target.read_bytes()

    realm = Realm(document, url=url, read=read_bytes, engine=os.environ.get("WEBDOM_WPT_ENGINE", "pythonmonkey"))

    def read(href: str) -> str | None:
        target = _url_to_path(href)
        return target.read_text(encoding="utf-8") if target is not None else None

    def report(name: str, status: float, message: str) -> None:
        results.append([json.loads(name), STATUS.get(int(status), str(status)), json.loads(message)[:300]])

    def done(status: float, message: str, tests: str) -> None:
        harness["status"] = int(status)
        harness["message"] = json.loads(message)
        harness["tests"] = [[name, STATUS.get(int(code), str(code)), text[:300]]
                            for name, code, text in json.loads(json.loads(tests))]

    from dom.events import fire_event
    from tests.wpt import testdriver

    engine = realm.engine
    hook = engine.eval(_RUNNER_JS)(engine.global_, read, report, done)

    def node_of(value: Any) -> Any:  # the Python node a JS wrapper stands for
        return realm.bridge.from_js(realm.bridge.api.toPy(value))

    async def main() -> None:
        hooked = False
        for code, name in scripts:
            if code == "@src":
                href = urljoin(url, name)
                if href.endswith("/resources/testharnessreport.js"):
                    continue
                text = read(href)
                if text is None:
                    realm.messages.append(("error", [f"script {href} not found"]))
                    continue
                realm.eval(text, href)
                if href.endswith("/resources/testdriver-vendor.js") and not os.environ.get("WEBDOM_WPT_NO_INPUT"):
                    # where a vendor installs its automation: the runner's (tests/wpt/testdriver.py)
                    install = engine.eval(testdriver.SHIM_JS)
                    install(engine.global_, lambda element: testdriver.click(node_of(element)),
                            lambda element, keys: testdriver.send_keys(node_of(element), str(keys)))
                if href.endswith("/resources/testharness.js") and not hooked:
                    hook()
                    hooked = True
            else:
                realm.eval(code, name)
            await realm.run(timers=False)
        # https://html.spec.whatwg.org/#the-end: trusted DOMContentLoaded at the document, then
        # load at the window with the document as its target
        fire_event("DOMContentLoaded", document, bubbles=True)
        # the document's load waits for its frames' (https://html.spec.whatwg.org/#delay-the-load-event)
        realm.frames["reconcileAll"]()
        realm.frames["flushLoads"]()
        await realm.run(timers=False)
        fire_event("load", document.defaultView, legacy_target_override=True)
        await realm.run()

    asyncio.run(main())
    tests = harness["tests"] if harness["tests"] is not None else results
    status = harness["status"]
    if status != 0:  # ERROR, TIMEOUT, PRECONDITION_FAILED, or never completed
        name = HARNESS_STATUS.get(status, "TIMEOUT") if status is not None else "TIMEOUT"
        tests = [*tests, [HARNESS, name, str(harness["message"] or "the harness did not complete")[:300]]]
    return {"file": rel, "tests": tests, "harness": status, "harness_message": harness["message"],
            "errors": [" ".join(args)[:300] for level, args in realm.messages if level == "error"][:5]}


_META_VARIANT = re.compile(r"^// META: variant=(\S+)", re.M)
_HTML_VARIANT = re.compile(rb"<meta\s+name=[\"']?variant[\"']?\s+content=[\"']([^\"']*)[\"']", re.I)


def test_files(targets: list[str]) -> list[str]:
    """The testharness.js tests under *targets*: WPT-relative paths, one per variant (a
    ``// META: variant=`` or ``<meta name=variant>`` query, run as its own test as wptrunner does)."""
    found: list[str] = []
    for target in targets:
        base = WPT / target.partition("?")[0]
        if "?" in target:  # one variant, named
            found.append(target)
            continue
        candidates = [base] if base.is_file() else sorted(base.rglob("*"))
        for p in candidates:
            rel = p.relative_to(WPT).as_posix()
            if "/resources/" in f"/{rel}" or "/support/" in f"/{rel}":
                continue
            if p.name.endswith((".any.js", ".window.js")):
                variants = _META_VARIANT.findall(p.read_text(encoding="utf-8", errors="replace"))
            elif p.suffix in (".html", ".htm") and not p.name.endswith(("-ref.html", "-manual.html")):
                head = p.read_bytes()[:4000]
                if b"testharness.js" not in head:
                    continue
                variants = [v.decode("utf-8", "replace") for v in _HTML_VARIANT.findall(p.read_bytes())]
            else:
                continue
            found.extend(f"{rel}{variant}" for variant in variants) if variants else found.append(rel)
    return found


def _preload() -> None:
    """What every test needs, loaded once in the zygote before it forks a child per file.  Not
    pythonmonkey: SpiderMonkey's helper threads do not survive a fork (the child's first GC
    waits for them forever), so each child starts its own engine."""
    import webdom  # noqa: F401
    from webdom.js.interfaces import dictionary_specs, python_classes

    python_classes()
    dictionary_specs()
    assert "pythonmonkey" not in sys.modules


def _crashed(rel: str, message: str, errors: list[str]) -> dict[str, Any]:
    return {"file": rel, "tests": [], "harness": None, "harness_message": message, "errors": errors}


def zygote(timeout: float) -> None:
    """Read file names on stdin; run each in a child forked from this preloaded process (a
    process per test costs two seconds of imports, a fork a tenth of one) and print its result
    as one JSON line.  A child that crashes or hangs is reported as such."""
    _preload()
    for line in sys.stdin:
        rel = line.strip()
        result = _fork_one(rel, timeout)
        if result["harness_message"].startswith("crashed"):
            # pythonmonkey crashes now and then where the same test passes on a second run:
            # one retry, and the result says so.
            result = _fork_one(rel, timeout)
            result["retried"] = True
        print(json.dumps(result), flush=True)


def _fork_one(rel: str, timeout: float) -> dict[str, Any]:
    import select
    import signal
    import tempfile
    import time

    read_end, write_end = os.pipe()
    err = tempfile.TemporaryFile()
    pid = os.fork()
    if pid == 0:  # the child: run one file, write its result, leave without cleanup
        os.close(read_end)
        os.dup2(err.fileno(), 2)
        sys.stdin = open(os.devnull, encoding="utf-8")  # noqa: SIM115 -- pythonmonkey reconfigures it
        code = 0
        try:
            data = json.dumps(run_one(rel)).encode()
            while data:
                data = data[os.write(write_end, data):]
        except BaseException:  # noqa: BLE001 -- reported to the parent as a crash
            import traceback

            traceback.print_exc()
            code = 1
        os._exit(code)
    os.close(write_end)
    chunks: list[bytes] = []
    deadline = time.monotonic() + timeout
    timed_out = False
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            timed_out = True
            os.kill(pid, signal.SIGKILL)
            break
        ready, _, _ = select.select([read_end], [], [], left)
        if ready:
            chunk = os.read(read_end, 1 << 16)
            if not chunk:
                break
            chunks.append(chunk)
    os.close(read_end)
    _, status = os.waitpid(pid, 0)
    err.seek(0)
    tail = err.read()[-300:].decode("utf-8", "replace")
    err.close()
    if timed_out:
        result = _crashed(rel, "timeout", [tail])
    elif os.WIFSIGNALED(status) or os.WEXITSTATUS(status) != 0 or not chunks:
        code = -os.WTERMSIG(status) if os.WIFSIGNALED(status) else os.WEXITSTATUS(status)
        result = _crashed(rel, f"crashed (exit {code})", [tail])
    else:
        result = json.loads(b"".join(chunks))
    return result  # type: ignore[no-any-return]


def run_files(files: list[str], jobs: int = 1, timeout: float = 300,
              on_result: Any = None) -> list[dict[str, Any]]:
    """Run each file in a child process, *jobs* at a time (each job a zygote that forks a child
    per file); *on_result* sees each result as it comes."""
    import queue
    import threading

    todo: queue.Queue[tuple[int, str]] = queue.Queue()
    for item in enumerate(files):
        todo.put(item)
    results: list[dict[str, Any] | None] = [None] * len(files)
    lock = threading.Lock()

    def worker() -> None:
        proc = subprocess.Popen([sys.executable, __file__, "--zygote", str(timeout)], stdin=subprocess.PIPE,
                                stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, cwd=REPO,
                                env={**os.environ, "PYTHONPATH": str(REPO)})
        assert proc.stdin is not None and proc.stdout is not None
        try:
            while True:
                try:
                    index, rel = todo.get_nowait()
                except queue.Empty:
                    return
                proc.stdin.write(rel + "\n")
                proc.stdin.flush()
                line = proc.stdout.readline()
                result = json.loads(line) if line.startswith("{") else _crashed(rel, "runner died", [])
                results[index] = result
                if on_result is not None:
                    with lock:
                        on_result(result)
                if not line:
                    return
        finally:
            proc.stdin.close()
            proc.wait()

    threads = [threading.Thread(target=worker) for _ in range(max(1, min(jobs, len(files))))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return [r if r is not None else _crashed(files[i], "not run", []) for i, r in enumerate(results)]


def summarize(results: list[dict[str, Any]]) -> str:
    """Subtests passed/total per directory and in all, beside files whose harness ended OK:
    a file that crashed or timed out before reporting counts as a failing file (its subtests
    are unknown)."""
    per_dir: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0, 0])
    for r in results:
        d = per_dir[str(Path(r["file"].partition("?")[0]).parent)]
        d[0] += sum(1 for t in r["tests"] if t[1] == "PASS")
        d[1] += len(r["tests"])
        d[2] += r["harness"] == 0
        d[3] += 1
    lines = [f"{d}: {p}/{t} subtests passed, {fo}/{f} files OK" for d, (p, t, fo, f) in sorted(per_dir.items())]
    passed, total, files_ok = (sum(row[i] for row in per_dir.values()) for i in range(3))
    lines.append(f"wpt: {passed}/{total} subtests passed in {len(results)} files ({files_ok} OK)")
    return "\n".join(lines)


# The rows of the README's comparison table: the folders, dom/ split by its sub-folders.
GROUPS = ["url", "dom/nodes", "dom/lists", "dom/traversal", "dom/collections", "dom/ranges", "dom/events", "dom",
          "domparsing", "encoding", "html/infrastructure", "html/semantics/forms", "html/dom", "shadow-dom"]


def compare(ours: list[dict[str, Any]], jsdom: list[dict[str, Any]]) -> str:
    """A Markdown table of subtests passed per folder by webdom and by jsdom (the output of
    jsdom_compare.js, counted as run.py counts), over the files both ran, with the files whose
    harness ended OK on each side; then the subtests jsdom passes and webdom fails, by the kind
    of reason expectations.json gives for webdom's failure (tests/wpt/reasons.py)."""
    if str(REPO) not in sys.path:  # run as a script
        sys.path.insert(0, str(REPO))
    from tests.wpt.reasons import kind

    def percent(passed: int, total: int) -> str:
        return f"{passed}/{total} ({100 * passed / total:.1f}%)" if total else "0/0"

    theirs = {r["file"]: r for r in jsdom}
    expectations = load_expectations()
    # files, webdom passed/total/OK, jsdom passed/total/OK
    rows: dict[str, list[int]] = {g: [0] * 7 for g in GROUPS}
    ahead: dict[str, int] = defaultdict(int)
    for r in ours:
        other = theirs.get(r["file"])
        if other is None:
            continue
        group = next(g for g in GROUPS if r["file"].startswith(g + "/") or g == GROUPS[-1])
        counts = (1, sum(1 for t in r["tests"] if t[1] == "PASS"), len(r["tests"]), r["harness"] == 0,
                  sum(1 for t in other["tests"] if t[1] == "PASS"), len(other["tests"]), other["harness"] == 0)
        rows[group] = [a + b for a, b in zip(rows[group], counts, strict=True)]
        failing = {t[0] for t in r["tests"] if t[1] != "PASS"}
        if not r["tests"]:  # webdom has no subtests here (a crash or the time limit): every pass is ahead
            failing = {t[0] for t in other["tests"]}
        listed = expectations.get(r["file"], {})
        for name in {t[0] for t in other["tests"] if t[1] == "PASS"} & failing:
            reason = listed.get(name) or listed.get("*")
            ahead[kind(reason) if reason else "not listed (no automation in the comparison, or a changed run)"] += 1
    lines = ["| folder | files | webdom | jsdom 29 | harness OK (webdom, jsdom) |", "|---|---:|---:|---:|---:|"]
    total = [0] * 7
    for group, row in rows.items():
        if row[0]:
            name = group + "/" if group != "dom" else "dom/ (abort, idlharness, xslt, ...)"
            lines.append(f"| {name} | {row[0]} | {percent(row[1], row[2])} | {percent(row[4], row[5])} "
                         f"| {row[3]}, {row[6]} |")
            total = [a + b for a, b in zip(total, row, strict=True)]
    lines.append(f"| **all** | {total[0]} | **{percent(total[1], total[2])}** | **{percent(total[4], total[5])}** "
                 f"| {total[3]}, {total[6]} |")
    lines.append(f"\nSubtests jsdom passes and webdom fails: {sum(ahead.values())}, by the kind of webdom's reason: "
                 + ", ".join(f"{k} {n}" for k, n in sorted(ahead.items(), key=lambda item: -item[1])))
    return "\n".join(lines)


EXPECTATIONS = Path(__file__).with_name("expectations.json")


def load_expectations() -> dict[str, dict[str, str]]:
    """file -> {subtest name -> why it fails}; the name "*" stands for the whole file (a crash,
    a harness error or a missing feature)."""
    return json.loads(EXPECTATIONS.read_text(encoding="utf-8"))  # type: ignore[no-any-return]


_REASONS = [
    (re.compile(r"sabConstructor|SharedArrayBuffer|shared memory is disabled"),
     "needs SharedArrayBuffer (shared memory is disabled in pythonmonkey's SpiderMonkey)"),
    (re.compile(r"(ReadableStream|WritableStream|TransformStream|TextDecoderStream|TextEncoderStream) is not defined"
                r"|streamClass"), "needs the Streams Standard, which webdom does not implement"),
    (re.compile(r"\{\{[a-z]+\[?"), "needs wptserve's substitution of {{host}}, {{ports}} ... (.sub files)"),
    (re.compile(r"webdom runs no JavaScript"), "needs event handler content attributes compiled (a page's own "
     "scripts do not run)"),
    (re.compile(r"getClientRects|\.style is undefined|scrollLeft|scrollTop"), "needs layout or CSSOM, out of scope"),
    (re.compile(r"Error: unimplemented"), "needs user-input automation (testdriver)"),
    (re.compile(r"frames\[|iframe|contentDocument|contentWindow|self\[0\]|self\.open|otherWindow"),
     "needs more of a nested browsing context than webdom.js gives (a frame shares the top realm's globals, its "
     "scripts do not run, navigation and window.open are not done)"),
    (re.compile(r"(XMLHttpRequest|Request|Response|fetch|Worker|SharedWorker|Blob|FormData) is not defined"),
     "needs networking or the Fetch/File APIs, which the JS world does not have"),
    (re.compile(r"customElements|CustomElementRegistry"), "DOM: custom elements are not implemented"),
    (re.compile(r"getComputedStyle|getBoundingClientRect|scrollIntoView|offset(Width|Height|Top|Left)|elementFromPoint"
                r"|performance is not defined|requestAnimationFrame"), "needs layout or rendering, out of scope"),
    (re.compile(r"test_driver|testdriver|send_keys|actions\(\)"), "needs user-input automation (testdriver)"),
    (re.compile(r"(UI|Mouse|Keyboard|Focus|Wheel|Composition|Input|Touch|Pointer|Drag|Message|Storage|HashChange"
                r"|PageTransition|PopState|Progress|Animation|Transition|Error|Clipboard|Device\w*)Events? is not "
                r"(defined|supported|a constructor)|event interface '\w+' is not supported|self\[iface\] is not a "
                r"constructor"), "DOM: this Event subclass is not implemented"),
    (re.compile(r"(\w+) is not defined"), "DOM: an interface or global webdom does not implement"),
]


# Where a 2021 test and the current standard disagree (the current standard wins).
_STANDARD_CHANGED = [
    (re.compile(r"^dom/nodes/(DOMImplementation-createDocument(Type)?|Document-createAttribute|Document-createElement(NS)?"
                r"|Element-setAttribute|Element-toggleAttribute|attributes)\.html$"), re.compile(r"did not throw"),
     "2021 test (the XML Name production): the current DOM Standard accepts this name "
     "(https://dom.spec.whatwg.org/#valid-element-local-name, #valid-attribute-local-name, #valid-doctype-name; "
     "#validate-and-extract splits at the first colon), so nothing is thrown"),
    (re.compile(r"^url/url-setters-stripping"), re.compile(r"U\+001F|\\x1f"),
     "2021 test: C0 controls are forbidden domain code points in the current URL Standard (the host is left as is)"),
    (re.compile(r"^url/failure\.html$"), re.compile(r"^Location's href: "),
     "2021 test: the current HTML Standard throws a \"SyntaxError\" DOMException from the Location href setter for "
     "an unparsable URL (https://html.spec.whatwg.org/#dom-location-href step 3)"),
    # html/dom, html/infrastructure, html/semantics/forms
    (re.compile(r"^html/dom/reflection-embedded\.html$"), re.compile(r"allowUserMedia|delegateStickyUserActivation"),
     "2021 reflection data: the current HTML Standard has no such iframe attribute (https://html.spec.whatwg.org/"
     "#the-iframe-element)"),
    (re.compile(r"name-content-attribute-and-property\.html$"), re.compile(r"^details"),
     "2021 test: details has a name content attribute, reflected by .name, in the current HTML Standard "
     "(https://html.spec.whatwg.org/#dom-details-name, exclusive accordions)"),
    (re.compile(r"global-attributes/dataset-set\.html$"), re.compile(r"INVALID_CHARACTER_ERR|did not throw"),
     "2021 test: the DOM Standard (2025) accepts U+037E in an attribute name (https://dom.spec.whatwg.org/"
     "#valid-attribute-local-name), so data-\u037efoo is set"),
    (re.compile(r"collections/htmloptionscollection\.html$"), re.compile(r"<p><option>"),
     "2021 test: the current HTML Standard's list of options takes option descendants through other elements "
     "(https://html.spec.whatwg.org/#concept-select-option-list, customizable select)"),
    (re.compile(r"validity-patternMismatch\.html$"), re.compile(r"JavaScript-specific"),
     "2021 test (u flag): the current HTML Standard compiles pattern with the v flag (https://html.spec.whatwg.org/"
     "#compiled-pattern-regular-expression), where [5-[] is a syntax error: the pattern constrains nothing"),
    (re.compile(r"validity-valueMissing\.html$"), re.compile(r"name attribute is empty"),
     "the HTML Standard's radio button group contains the element itself (https://html.spec.whatwg.org/"
     "#radio-button-group), so a required unchecked radio without a name is missing; the test (and browsers) "
     "treat it as in no group"),
    (re.compile(r"the-input-element/color\.html$"), re.compile(r"."),
     "2021 test: the current HTML Standard takes any CSS color in a color input and serializes it "
     "(https://html.spec.whatwg.org/#update-a-color-well-control-color), so #fff or ' #ffffff' are colors"),
    (re.compile(r"the-input-element/number\.html$"), re.compile(r"MAX_VALUE"),
     "the HTML Standard's number sanitization checks the valid floating-point number syntax only "
     "(https://html.spec.whatwg.org/#number-state-(type=number)); 2e308 is valid syntax (browsers reject it)"),
    (re.compile(r"the-input-element/range\.html$"), re.compile(r"scale factor is 1 even"),
     "test error: step reflects its content attribute (https://html.spec.whatwg.org/#dom-input-step)"),
    (re.compile(r"the-input-element/range\.html$"), re.compile(r"Skip ASCII whitespace"),
     "the HTML Standard's range sanitization needs a valid floating-point number, which has no leading "
     "whitespace (https://html.spec.whatwg.org/#range-state-(type=range))"),
    (re.compile(r"the-input-element/datetime-local\.html$"), re.compile(r"min attribute|max attribute"),
     "test error: value sanitization does not clamp to min/max (https://html.spec.whatwg.org/"
     "#local-date-and-time-state-(type=datetime-local))"),
    (re.compile(r"selection-not-application-textarea\.html$"), re.compile(r"selectionDirection"),
     "webdom supports the \"none\" direction: set the selection range without a direction sets it "
     "(https://html.spec.whatwg.org/#set-the-selection-range step 4); the test assumes a platform without it"),
    (re.compile(r"^html/semantics/forms/the-selectmenu-element/"), re.compile(r"."),
     "selectmenu was a tentative proposal, not in the current HTML Standard (customizable select replaced it)"),
    (re.compile(r"nameditem-names\.html$"), re.compile(r"inside another embed"),
     "test error: embed is a void element, so the parser makes the second embed the first one's sibling"),
    (re.compile(r"nameditem-names\.html$"), re.compile(r"if the object is exposed"),
     "test error: the page has no element named exposed_object"),
    (re.compile(r"global-attributes/the-lang-attribute-\d+\.html$"), re.compile(r"."),
     "needs layout: the test reads the offsetWidth of boxes styled through :lang()"),
    (re.compile(r"^dom/events/relatedTarget\.window\.js$"), re.compile(r"early return|before activation"),
     "webdom follows the DOM Standard's dispatch (https://dom.spec.whatwg.org/#concept-event-dispatch steps 6.10-6.11 "
     "and 11): targets are cleared only when the last path item with a target has it or its retargeted relatedTarget "
     "in a shadow tree; here the relatedTarget retargets to the (light) host, or the path is never built"),
    (re.compile(r"form_owner_and_table_2\.html$"), re.compile(r"."),
     "needs the page's script run while the parser is still in the table (the runner runs scripts after parsing)"),
]


def _reason(message: str, file: str = "") -> str:
    for file_pattern, message_pattern, reason in _STANDARD_CHANGED:
        if file_pattern.search(file) and message_pattern.search(message):
            return reason
    for pattern, reason in _REASONS:
        if pattern.search(message):
            return reason
    return "fails: " + (message.strip().splitlines() or ["no message"])[0][:160]


def check(result: dict[str, Any], expected: dict[str, str]) -> list[str]:
    """Regressions (failing, not expected), unexpected passes (expected, now passing) and stale
    whole-file entries ("*" on a file whose harness now ends OK with results)."""
    if "*" in expected:
        if result["tests"] and result["harness"] == 0:
            return [f"stale '*' (the file reports results now: list its failing subtests): {result['file']}"]
        return []
    problems = []
    for name, status, message in result["tests"]:
        if status != "PASS" and name not in expected:
            problems.append(f"regression: {result['file']} | {name} | {status} | {message[:200]}")
        elif status == "PASS" and name in expected:
            problems.append(f"unexpected pass (remove it from expectations.json): {result['file']} | {name}")
    if not result["tests"]:
        problems.append(f"no results: {result['file']} ({result['harness_message']}) {result['errors'][:1]}")
    return problems


def update_expectations(results: list[dict[str, Any]]) -> None:
    """Record the current failures; reasons already written by hand are kept."""
    current = load_expectations() if EXPECTATIONS.exists() else {}
    # a variant inherits the reasons written for its file before variants ran on their own
    bases = {r["file"].partition("?")[0] for r in results if "?" in r["file"]}
    base_entries = {base: current.pop(base) for base in bases if base in current}
    for r in results:
        old = current.pop(r["file"], None) or base_entries.get(r["file"].partition("?")[0], {})
        if not r["tests"]:
            current[r["file"]] = {"*": old.get("*", f"no results: {r['harness_message']} {r['errors'][:1]}"[:200])}
            continue
        # a whole-file reason carries over to the subtests a file now reports
        failing = {name: old.get(name) or old.get("*") or _reason(f"{name} {message}", r["file"])
                   for name, status, message in r["tests"] if status != "PASS"}
        if failing:
            current[r["file"]] = failing
    EXPECTATIONS.write_text(json.dumps(dict(sorted(current.items())), indent=1) + "\n", encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("targets", nargs="*", default=DIRECTORIES)
    parser.add_argument("-j", "--jobs", type=int, default=1)
    parser.add_argument("--json", help="write the per-file results here (JSON lines, as they come)")
    parser.add_argument("--timeout", type=float, default=300, help="seconds a file may take (default 300)")
    parser.add_argument("--no-input", action="store_true",
                        help="leave testdriver.js's click and send_keys unimplemented (as for another engine)")
    parser.add_argument("--engine", choices=("pythonmonkey", "quickjs", "v8"), default="pythonmonkey",
                        help="the JS engine under the binding (webdom/js/engine.py; default pythonmonkey)")
    parser.add_argument("--one", help=argparse.SUPPRESS)
    parser.add_argument("--zygote", type=float, help=argparse.SUPPRESS)
    parser.add_argument("-v", "--verbose", action="store_true", help="print failing subtests")
    parser.add_argument("--from-json", nargs="+", help="summarize earlier --json results instead of running")
    parser.add_argument("--jsdom", help="with --from-json: a table against jsdom_compare.js --json results")
    parser.add_argument("--update-expectations", action="store_true",
                        help="record the current failures of the files run in expectations.json")
    args = parser.parse_args(argv)
    if args.no_input:  # read by run_one in the children
        os.environ["WEBDOM_WPT_NO_INPUT"] = "1"
    os.environ["WEBDOM_WPT_ENGINE"] = args.engine  # read by run_one in the children too
    if args.one:
        print(json.dumps(run_one(args.one)))
        return 0
    if args.zygote:
        zygote(args.zygote)
        return 0
    if not WPT.is_dir():
        print(f"WPT files not found at {WPT}: set WEBDOM_WPT", file=sys.stderr)
        return 2
    if args.from_json:
        lines = [line for f in args.from_json for line in Path(f).read_text(encoding="utf-8").split("\n")]
        results = [json.loads(line) for line in lines if line.strip()]
    else:
        out = open(args.json, "w", encoding="utf-8") if args.json else None  # noqa: SIM115

        def progress(result: dict[str, Any]) -> None:
            passed = sum(1 for t in result["tests"] if t[1] == "PASS")
            print(f"{result['file']}: {passed}/{len(result['tests'])}", file=sys.stderr, flush=True)
            if out is not None:
                out.write(json.dumps(result) + "\n")
                out.flush()

        results = run_files(test_files(args.targets), args.jobs, args.timeout, on_result=progress)
        if out is not None:
            out.close()
    if args.update_expectations:
        update_expectations(results)
    if args.verbose:
        for r in results:
            if r["harness"] is None or r["errors"]:
                print(f"{r['file']}: harness {r['harness']} {r['harness_message']} {r['errors'][:1]}")
            for name, status, message in r["tests"]:
                if status != "PASS":
                    print(f"  {r['file']} | {name} | {status} | {message[:150]}")
    print(summarize(results))
    if args.jsdom:
        text = Path(args.jsdom).read_text(encoding="utf-8")
        print(compare(results, [json.loads(line) for line in text.split("\n") if line.strip()]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
