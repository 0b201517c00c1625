"""The IDL model over the shared spec IDL, and the coverage helper."""

import pytest

from tests.conftest import specs_path
from webidl.idl import IDLModel, load_idl, missing_members


@pytest.fixture(scope="module")
def model():
    specs_path("idl", "html.webidl")
    return load_idl()


def test_every_shared_idl_file_parses():
    folder = specs_path("idl")
    files = sorted(folder.glob("*.webidl")) + sorted((folder / "webref-3.85.0").glob("*.idl"))
    assert files
    for path in files:
        model = IDLModel()
        model.add_source(path.read_text(encoding="utf-8"))
        if "infra" not in path.name and "mimesniff" not in path.name:
            assert model.definitions, path


class _RecordingUI:
    """widlparser's user-interface hook: it reports skipped (unparseable) text through warn()."""

    def __init__(self) -> None:
        self.warnings: list[str] = []

    def warn(self, message: str) -> None:
        self.warnings.append(message)

    def note(self, message: str) -> None:
        pass


def test_every_shared_idl_file_parses_without_syntax_errors():
    import widlparser

    folder = specs_path("idl")
    files = sorted(folder.glob("*.webidl")) + sorted((folder / "webref-3.85.0").glob("*.idl"))
    for path in files:
        ui = _RecordingUI()
        widlparser.Parser(path.read_text(encoding="utf-8"), ui=ui)
        assert ui.warnings == [], path
    # the check can fail: broken IDL is reported, not silently skipped
    ui = _RecordingUI()
    widlparser.Parser("interface X { attribute long ; garbage };", ui=ui)
    assert ui.warnings


def test_members_partials_mixins_and_reflect(model):
    members = {m.name: m for m in model.members("HTMLInputElement")}
    assert members["maxLength"].extended_attributes == {"CEReactions": None, "ReflectNonNegative": None}
    assert members["labels"].readonly and members["labels"].idl_type == "NodeList?"
    assert "align" in members  # from the obsolete features' partial interface
    assert model.get("HTMLInputElement").inherits == "HTMLElement"
    names = [m.name for m in model.reflecting_attributes("HTMLElement")]
    assert {"title", "lang", "accessKey", "tabIndex"} <= set(names)  # tabIndex via HTMLOrSVGElement
    assert model.get("DocumentReadyState").values == ["loading", "interactive", "complete"]
    assert "ParentNode" in model.get("Document").includes
    assert any(m.name == "ELEMENT_NODE" and m.kind == "constant" for m in model.members("Node"))


def test_coverage_helper(model):
    class Partial:
        size = 0

        def append(self, name, value): ...

        def __iter__(self): ...

    missing = missing_members("URLSearchParams", Partial, model)
    assert "delete" in missing and "get" in missing and "append" not in missing and "size" not in missing
    assert "iterable (entries)" in missing and "stringifier (__str__)" in missing

    from html_infra.url import URL, URLSearchParams

    assert missing_members("URL", URL, model) == []
    assert missing_members("URLSearchParams", URLSearchParams, model) == []
