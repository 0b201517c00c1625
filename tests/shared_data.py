"""The ../shared folder the tests and benchmarks read, pinned: where each file comes from and its
checksum (``tests/shared_data.json``), and the command that fetches it on a machine with internet.

    python -m tests.shared_data fetch DEST      download every pinned file into DEST/ and check it
    python -m tests.shared_data check [DIR]     check a shared folder (default ../shared) against the pins
    python -m tests.shared_data manifest        write tests/shared_data.json from ../shared and its
                                                provenance tables (what the pins are made from)

Sources are the provenance tables of the shared folder itself: ``conformance/README.md`` (file,
repository, path, commit), ``conformance/wpt/README.md`` (one fork at one commit) and
``bench-data/SOURCES.md``.  Each fetchable file is read from ``raw.githubusercontent.com`` at
its pinned commit and must match its SHA-256.  Files derived by the folder's own tooling (the
reflection tables evaluated from JS, the URL pairs collected from pages), the folder's notes and
the spec texts have no single upstream file: ``fetch`` lists them, and they come with the folder.
Nothing here runs in CI (it needs the network); tests/test_shared_data.py checks that the pins
still describe the folder when it is present.
"""

from __future__ import annotations

import hashlib
import json
import re
import sys
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
SHARED = REPO.parent / "shared"
MANIFEST = Path(__file__).with_name("shared_data.json")
RAW = "https://raw.githubusercontent.com/{repo}/{commit}/{path}"
# The repositories whose files are copied as they are (conformance/README.md's "source repository").
_COPIED_FROM = {"html5lib/html5lib-tests", "web-platform-tests/wpt", "servo/servo", "whatwg/encoding"}
_WPT_FORK = re.compile(r"github\.com/(\S+?) \(a fork.*?at commit\s+`([0-9a-f]{40})`", re.DOTALL)
_BENCH_SOURCE = re.compile(r"github:(\S+) @ ([0-9a-f]+)…?, `([^`*]+)`")


def _sha256(path: Path) -> str:
    return _digest(path.read_bytes())


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:32]  # 128 bits: the pins stay small


def _table_rows(text: str, start: str = "| `") -> list[list[str]]:
    return [[cell.strip() for cell in line.strip().strip("|").split("|")] for line in text.splitlines()
            if line.startswith(start) and not line.startswith(("| file", "| ---"))]


def _sources(shared: Path) -> dict[str, str]:
    """Relative path -> URL of every file the provenance tables pin to one upstream file."""
    found: dict[str, str] = {}
    for row in _table_rows((shared / "conformance" / "README.md").read_text(encoding="utf-8")):
        name, repo, path, commit = row[0].strip("`"), row[3], row[4], row[5]
        if repo in _COPIED_FROM and re.fullmatch("[0-9a-f]{40}", commit):
            found[f"conformance/{name}"] = RAW.format(repo=repo, commit=commit, path=path)
    fork = _WPT_FORK.search((shared / "conformance" / "wpt" / "README.md").read_text(encoding="utf-8"))
    if fork is not None:
        repo, commit = fork.groups()
        for file in sorted((shared / "conformance" / "wpt").rglob("*")):
            relative = file.relative_to(shared / "conformance" / "wpt").as_posix()
            if file.is_file() and relative != "README.md":
                found[f"conformance/wpt/{relative}"] = RAW.format(repo=repo, commit=commit, path=relative)
    url_readme = (shared / "conformance" / "url" / "README.md").read_text(encoding="utf-8")
    ada = re.search(r"ada-url/ada vendors in\s+`(\S+?)/?`\s+\(ada commit ([0-9a-f]{40})", url_readme)
    if ada is not None:  # copied unchanged from ada-url/ada's vendored wpt url/resources
        folder, commit = ada.groups()
        for file in sorted((shared / "conformance" / "url").glob("*.json")):
            found[f"conformance/url/{file.name}"] = RAW.format(repo="ada-url/ada", commit=commit,
                                                               path=f"{folder}/{file.name}")
    # The specs' Bikeshed sources, byte-for-byte from their repositories (specs/README.md's
    # "Versions" table); the Web IDL standard's is its repository's index.bs.
    specs_readme = (shared / "specs" / "README.md").read_text(encoding="utf-8")
    for repo, commit in re.findall(r"\| (whatwg/\w+) \| `([0-9a-f]{40})` \|", specs_readme):
        name = repo.split("/")[1]
        if (shared / "specs" / "raw" / f"{name}.bs").is_file():
            upstream = "index.bs" if name == "webidl" else f"{name}.bs"
            found[f"specs/raw/{name}.bs"] = RAW.format(repo=repo, commit=commit, path=upstream)
        if name == "encoding":
            for data in ("encodings.json", "indexes.json"):
                found[f"specs/raw/encoding-data/{data}"] = RAW.format(repo=repo, commit=commit, path=data)
    commits: dict[str, str] = {}  # the table abbreviates a commit after its first mention
    for row in _table_rows((shared / "bench-data" / "SOURCES.md").read_text(encoding="utf-8"), "| "):
        match = _BENCH_SOURCE.search(row[3]) if len(row) > 3 else None
        if match is None or "Changed:" in row[3]:  # a changed copy matches no upstream file
            continue
        repo, commit, path = match.groups()
        commit = commits.setdefault(repo, commit) if len(commit) == 40 else commits.get(repo, commit)
        if len(commit) == 40:
            found[f"bench-data/{row[0].strip('`')}"] = RAW.format(repo=repo, commit=commit, path=path)
    return found


def manifest(shared: Path = SHARED) -> dict[str, Any]:
    """The pins of every file of *shared*: {"bases": [URL prefix, ...], "files": {path: [SHA-256
    (first 128 bits), size, index of the URL's prefix or -1, the rest of the URL]}}."""
    sources = _sources(shared)
    bases: list[str] = []
    files = {}
    for file in sorted(shared.rglob("*")):
        if file.is_file():
            relative = file.relative_to(shared).as_posix()
            url = sources.get(relative)
            base = -1
            if url is not None:
                prefix = "/".join(url.split("/")[:6]) + "/"  # https://raw.githubusercontent.com/owner/repo/commit/
                if prefix not in bases:
                    bases.append(prefix)
                base, url = bases.index(prefix), url[len(prefix):]
            files[relative] = [_sha256(file), file.stat().st_size, base, url]
    return {"bases": bases, "files": files}


def _pins(pins: dict[str, Any]) -> Iterator[tuple[str, str, str | None]]:
    """(path, SHA-256 prefix, URL or None) of each pinned file."""
    for relative, (digest, _size, base, rest) in pins["files"].items():
        yield relative, digest, None if base < 0 else pins["bases"][base] + rest


def check(shared: Path, pins: dict[str, Any]) -> list[str]:
    """The differences between the folder *shared* and *pins*."""
    problems = []
    for relative, digest, _url in _pins(pins):
        path = shared / relative
        if not path.is_file():
            problems.append(f"missing: {relative}")
        elif _sha256(path) != digest:
            problems.append(f"changed: {relative}")
    return problems


def fetch(destination: Path, pins: dict[str, Any]) -> int:
    unfetchable = []
    for relative, digest, url in _pins(pins):
        target = destination / relative
        if url is None:
            unfetchable.append(relative)
            continue
        if target.is_file() and _sha256(target) == digest:
            continue
        with urllib.request.urlopen(url, timeout=60) as response:  # https URLs of the pins
            data = response.read()
        if _digest(data) != digest:
            print(f"checksum mismatch, not written: {relative} from {url}", file=sys.stderr)
            return 1
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
    print(f"{len(pins['files']) - len(unfetchable)} files fetched and checked into {destination}")
    print(f"{len(unfetchable)} files have no single upstream file (derived data, notes, spec texts); they come "
          "with the shared folder: " + ", ".join(unfetchable[:8]) + (" ..." if len(unfetchable) > 8 else ""))
    return 0


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in ("fetch", "check", "manifest"):
        print(__doc__)
        return 2
    if argv[0] == "manifest":
        MANIFEST.write_text(json.dumps(manifest(), separators=(",", ":")) + "\n", encoding="utf-8")
        print(f"wrote {MANIFEST}")
        return 0
    pins = json.loads(MANIFEST.read_text(encoding="utf-8"))
    if argv[0] == "fetch":
        if len(argv) != 2:
            print("usage: python -m tests.shared_data fetch DEST")
            return 2
        return fetch(Path(argv[1]), pins)
    problems = check(Path(argv[1]) if len(argv) > 1 else SHARED, pins)
    print("\n".join(problems) or "the shared folder matches its pins")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
