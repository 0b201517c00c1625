"""``import webdom``: the documented front door re-exports the public API of dom, html_infra and
webidl; the parse functions reject what is not markup, a URL or an encoding label."""

from __future__ import annotations

import io
import subprocess
import sys

import pytest

import dom
import html_infra
import webdom
import webidl
from tests.conftest import REPO


def test_front_door_names_are_the_packages_objects():
    assert webdom.__version__ == "0.1.0"
    assert len(webdom.__all__) == len(set(webdom.__all__)) > 150
    for name in webdom.__all__:
        assert hasattr(webdom, name), name
    assert webdom.parse_html is dom.parse_html and webdom.Document is dom.Document
    assert webdom.URL is html_infra.URL and webdom.structuredClone is html_infra.structuredClone
    assert webdom.DOMException is webidl.DOMException and webdom.IndexSizeError is webidl.IndexSizeError
    assert issubclass(webdom.RangeError, ValueError)
    exported = set(webdom.__all__)
    for package in (dom, webidl):
        missing = {n for n in package.__all__ if n[0].isupper() and n not in exported}
        assert missing <= {"ERROR_NAMES", "LEGACY_CODES"}, missing


def test_element_classes_are_exported():
    document = webdom.parse_html("<a href=x>a</a><table><tr><td>1</table><form><input></form>")
    assert isinstance(document.querySelector("a"), webdom.HTMLAnchorElement)
    assert isinstance(document.querySelector("td"), webdom.HTMLTableCellElement)
    assert isinstance(document.forms[0].elements, webdom.HTMLFormControlsCollection)
    assert isinstance(document.querySelectorAll("a"), webdom.NodeList)


def test_version_in_pyproject_comes_from_the_package():
    text = (REPO / "pyproject.toml").read_text()
    assert 'version = { attr = "webdom.__version__" }' in text and 'license = "MIT"' in text
    assert (REPO / "LICENSE").read_text().startswith("MIT License")
    assert "widlparser" not in text.split("dependencies = [", 1)[1].split("]", 1)[0]


def test_python_m_webdom():
    result = subprocess.run([sys.executable, "-m", "webdom", "--version"], capture_output=True, text=True, cwd=REPO)
    assert result.returncode == 0 and result.stdout.strip() == f"webdom {webdom.__version__}"


# -- loud errors on bad input --------------------------------------------------------------------


@pytest.mark.parametrize("markup", [123, None, 1.5, object(), [b"<p>"], {"a": 1}])
def test_parse_html_rejects_what_is_not_markup(markup):
    with pytest.raises(TypeError, match=r"parse_html\(\) takes markup as str, bytes, a file object"):
        webdom.parse_html(markup)
    with pytest.raises(TypeError, match=r"parse_xml\(\) takes markup"):
        webdom.parse_xml(markup)


def test_parse_html_reads_files_and_paths(tmp_path):
    path = tmp_path / "page.html"
    path.write_bytes(b"<meta charset=windows-1252><p>cr\xe8me")
    assert webdom.parse_html(path).body.textContent == "crème"
    with open(path, "rb") as file:
        document = webdom.parse_html(file)
    assert document.characterSet == "windows-1252" and document.body.textContent == "crème"
    with open(path, encoding="latin-1") as text_file:  # text: decoded by the file already
        assert webdom.parse_html(text_file).body.textContent == "crème"
    assert webdom.parse_html(io.StringIO("<p>x")).body.textContent == "x"
    assert webdom.parse_html(bytearray(b"<p>y")).body.textContent == "y"
    assert webdom.parse_html(memoryview(b"<p>z")).body.textContent == "z"
    assert webdom.parse_xml(io.BytesIO(b"<r>x</r>")).documentElement.textContent == "x"
    with pytest.raises(FileNotFoundError):
        webdom.parse_html(tmp_path / "missing.html")

    class Odd:
        def read(self):
            return 42

    with pytest.raises(TypeError, match=r"Odd.read\(\) returned int"):
        webdom.parse_html(Odd())


def test_a_str_is_markup_never_a_path(tmp_path):
    path = tmp_path / "page.html"
    path.write_text("<p>file")
    assert webdom.parse_html(str(path)).body.textContent == str(path)


@pytest.mark.parametrize("label", ["bogus", "utf8x", ""])
def test_unknown_encoding_label_raises(label):
    with pytest.raises(ValueError, match="unknown encoding label"):
        webdom.parse_html(b"<p>", encoding=label)
    with pytest.raises(ValueError, match="unknown encoding label"):
        webdom.parse_html("<p>", encoding=label)


def test_encoding_label_type():
    with pytest.raises(TypeError, match="encoding must be a str"):
        webdom.parse_html(b"<p>", encoding=b"utf-8")
    assert webdom.parse_html(b"<p>", encoding=" UTF8 ").characterSet == "UTF-8"


@pytest.mark.parametrize("url", ["not a url", "/relative/page.html", "page.html", "https://exa mple.org/", ""])
def test_document_url_must_be_absolute(url):
    with pytest.raises(ValueError, match="is not an absolute URL"):
        webdom.parse_html("<p>", url=url)
    with pytest.raises(ValueError, match="is not an absolute URL"):
        webdom.parse_xml("<r/>", url=url)


def test_document_url_is_serialized():
    assert webdom.parse_html("<p>", url="HTTPS://Example.ORG/a b").URL == "https://example.org/a%20b"
    with pytest.raises(TypeError, match="url must be a str"):
        webdom.parse_html("<p>", url=None)


def test_front_door_is_typed():
    from pathlib import Path

    assert (Path(webdom.__file__).parent / "py.typed").exists()
