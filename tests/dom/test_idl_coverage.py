"""Every interface webdom implements (webdom.implemented_interfaces, the table the JS binding
is built from too) has all its IDL members on its Python class (webidl.idl.missing_members, with
inherited members and mixins), except the ones listed here with the reason."""

from __future__ import annotations

import pytest

from tests.conftest import specs_path
from webdom.implemented_interfaces import IMPLEMENTED, implementation
from webdom.js.interfaces import _EXTRA_IDL
from webidl.idl import load_idl, missing_members

# https://dom.spec.whatwg.org/#xmldocument: webdom's Document class serves XMLDocument too.
SERVED_BY = {"XMLDocument": "Document"}
_MIXIN_PART = ("an interface mixin: its Python class holds some of its members and the classes that include it "
               "the rest (those classes are checked here with every member)")
_PER_INSTANCE = "set on each instance by the constructor, which a lookup on the class cannot see"
# Members deliberately absent, with why.
ALLOWED: dict[str, tuple[set[str], str]] = {
    "ElementContentEditable": ({"contentEditable", "isContentEditable"}, _MIXIN_PART),
    "HTMLOrSVGOrMathMLElement": ({"dataset", "nonce"}, _MIXIN_PART),
    "HyperlinkElementUtils": ({"origin", "protocol", "username", "password", "host", "hostname", "port",
                               "pathname", "search", "hash"}, _MIXIN_PART),
    "DOMException": ({"name", "message"}, _PER_INSTANCE),
    "QuotaExceededError": ({"quota", "requested", "name", "message"}, _PER_INSTANCE),
    "Body": ({"formData"}, "parsing a body as multipart/form-data or urlencoded is not implemented"),
    "Navigator": ({"userActivation", "appCodeName", "appName", "appVersion", "platform", "product", "productSub",
                   "userAgent", "vendor", "vendorSub", "taintEnabled", "oscpu", "language", "languages", "onLine",
                   "registerProtocolHandler", "unregisterProtocolHandler", "cookieEnabled", "plugins", "mimeTypes",
                   "javaEnabled", "pdfViewerEnabled", "hardwareConcurrency"},
                  "only sendBeacon: the NavigatorID/Language/OnLine/... mixins describe a browser there is none of"),
    "Window": ({"setTimeout", "clearTimeout", "setInterval", "clearInterval", "queueMicrotask",
                "requestAnimationFrame", "cancelAnimationFrame", "reportError"},
               "defined by the JS realm itself (webdom/js/realm.js), where the event loop is"),
}
# Window members that nothing implements yet (no history, navigation, dialogs, storage, messaging).
ALLOWED_WINDOW_MISSING = {
    "event", "history", "navigation", "customElements", "locationbar", "menubar", "personalbar", "scrollbars",
    "statusbar", "toolbar", "status", "close", "stop", "focus", "blur", "open", "getter (__getitem__)",
    "clientInformation", "originAgentCluster", "alert", "confirm", "prompt", "print", "postMessage",
    "captureEvents", "releaseEvents", "external", "origin", "isSecureContext", "crossOriginIsolated",
    "createImageBitmap", "structuredClone", "sessionStorage", "localStorage",
}
IMPLEMENTED_CLASSES = {name: implementation(name) for name in IMPLEMENTED} | {
    name: implementation(served_by) for name, served_by in SERVED_BY.items()
}
# Interfaces of dom.webidl not implemented, with why (checked so the list stays honest).
NOT_IMPLEMENTED = {
    "XSLTProcessor": "XSLT is not part of the DOM layer webdom implements",
}


def _allowed(interface: str) -> set[str]:
    allowed = ALLOWED.get(interface, (set(), ""))[0]
    return allowed | ALLOWED_WINDOW_MISSING if interface == "Window" else allowed


@pytest.fixture(scope="module")
def idl():  # type: ignore[no-untyped-def]
    return load_idl(sorted(specs_path("idl").glob("*.webidl")) + sorted(_EXTRA_IDL.glob("*.webidl")))


def _missing(idl, interface: str) -> list[str]:  # type: ignore[no-untyped-def]
    return missing_members(interface, IMPLEMENTED_CLASSES[interface], idl, inherited=True)


@pytest.mark.parametrize("interface", sorted(IMPLEMENTED_CLASSES))
def test_interface_complete(idl, interface: str) -> None:  # type: ignore[no-untyped-def]
    missing = [m for m in _missing(idl, interface) if m not in _allowed(interface)]
    assert missing == [], f"{interface} lacks {missing}"


@pytest.mark.parametrize("interface", sorted(set(ALLOWED) | {"Window"}))
def test_allowed_members_are_really_missing(idl, interface: str) -> None:  # type: ignore[no-untyped-def]
    """An allowance for a member that exists now is stale: take it off the list."""
    assert _allowed(interface) <= set(_missing(idl, interface))


def test_not_implemented_is_not_implemented(idl) -> None:  # type: ignore[no-untyped-def]
    for interface in NOT_IMPLEMENTED:
        assert interface in idl.definitions and interface not in IMPLEMENTED_CLASSES


def test_counts(idl) -> None:  # type: ignore[no-untyped-def]
    complete = sum(1 for i in IMPLEMENTED_CLASSES if not _missing(idl, i))
    print(f"\nIDL coverage: {complete}/{len(IMPLEMENTED_CLASSES)} interfaces complete, "
          f"{len(ALLOWED)} with members listed as absent "
          f"({len(NOT_IMPLEMENTED)} not implemented: {', '.join(sorted(NOT_IMPLEMENTED))})")
