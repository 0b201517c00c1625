"""Button commands (https://html.spec.whatwg.org/#attr-button-command), CommandEvent
(https://html.spec.whatwg.org/#the-commandevent-interface) and the popover target attributes'
activation behaviour (https://html.spec.whatwg.org/#popover-target-attribute-activation-behavior)."""

from __future__ import annotations

from typing import Any

import pytest

import webdom
from dom.html.commands import CommandEvent


def _doc(body: str) -> Any:
    return webdom.parse_html("<!DOCTYPE html><body>" + body)


def test_a_button_with_command_or_commandfor_is_no_submit_button() -> None:
    """https://html.spec.whatwg.org/#attr-button-type: the Auto state is a submit button only
    without command and commandfor (and outside a select); the type getter says "button"."""
    doc = _doc(
        "<form><button id=plain></button><button id=cmd command=--x></button>"
        "<button id=for commandfor=d></button><button id=reset type=RESET></button>"
        "<button id=bogus type=bogus></button></form><dialog id=d></dialog>"
    )
    get = doc.getElementById
    assert [get(i).type for i in ("plain", "cmd", "for", "reset", "bogus")] == [
        "submit", "button", "button", "reset", "submit",
    ]
    submitted = []
    doc.querySelector("form").addEventListener("submit", lambda e: (submitted.append(1), e.preventDefault()))
    get("cmd").click()
    get("for").click()
    assert submitted == []
    get("plain").click()
    assert submitted == [1]
    select_button = doc.createElement("button")
    doc.createElement("select").appendChild(select_button)
    assert select_button.type == "button"  # its parent is a select element
    select_button.type = "Submit"
    assert select_button.getAttribute("type") == "Submit" and select_button.type == "submit"


def test_the_command_getter() -> None:
    button = _doc("<button>").querySelector("button")
    for value, expected in [(None, ""), ("Show-Modal", "show-modal"), ("TOGGLE-POPOVER", "toggle-popover"),
                            ("--My-Command", "--My-Command"), ("bogus", ""), ("-x", "")]:
        if value is not None:
            button.command = value
            assert button.getAttribute("command") == value  # [ReflectSetter]
        assert button.command == expected


def test_command_event_fired_at_the_target_then_the_dialog_commands() -> None:
    doc = _doc(
        "<button id=open commandfor=d command=show-modal>o</button>"
        "<dialog id=d><button id=close commandfor=d command=close value=done>c</button>"
        "<button id=ask commandfor=d command=request-close value=asked>r</button></dialog>"
    )
    dialog = doc.getElementById("d")
    seen: list[tuple[str, Any, str]] = []
    dialog.addEventListener("command", lambda e: seen.append((e.command, e.source, type(e).__name__)))
    doc.getElementById("open").click()
    assert seen == [("show-modal", doc.getElementById("open"), "CommandEvent")]
    assert dialog.open and dialog.matches(":modal")
    doc.getElementById("close").click()
    assert not dialog.open and dialog.returnValue == "done"
    doc.getElementById("open").click()
    cancels = []
    dialog.addEventListener("cancel", lambda e: cancels.append(e.cancelable))
    doc.getElementById("ask").click()
    assert cancels == [True] and not dialog.open and dialog.returnValue == "asked"


def test_a_cancelled_command_event_stops_the_command() -> None:
    doc = _doc("<button commandfor=d command=show-modal></button><dialog id=d></dialog>")
    dialog = doc.getElementById("d")
    dialog.addEventListener("command", lambda e: e.preventDefault())
    doc.querySelector("button").click()
    assert not dialog.open


def test_commands_not_valid_for_the_target_fire_nothing() -> None:
    """https://html.spec.whatwg.org/#determine-if-command-is-valid: a dialog command on a div,
    an unknown command, fire no event; a custom command fires one at any element, and does no more."""
    doc = _doc("<button id=a commandfor=t command=show-modal></button><button id=b commandfor=t command=nope>"
               "</button><button id=c commandfor=t command=--go></button><div id=t></div>")
    fired = []
    doc.getElementById("t").addEventListener("command", lambda e: fired.append(e.command))
    for button_id in "abc":
        doc.getElementById(button_id).click()
    assert fired == ["--go"]


def test_popover_commands() -> None:
    doc = _doc(
        "<button id=t commandfor=p command=toggle-popover></button><button id=s commandfor=p command=show-popover>"
        "</button><button id=h commandfor=p command=hide-popover></button><div id=p popover></div>"
    )
    popover = doc.getElementById("p")
    events = []
    popover.addEventListener("toggle", lambda e: events.append(e.newState))
    doc.getElementById("t").click()
    assert popover.matches(":popover-open")
    doc.getElementById("s").click()  # already showing: nothing
    doc.getElementById("h").click()
    assert not popover.matches(":popover-open")
    doc.getElementById("t").click()
    doc.getElementById("t").click()
    assert events == ["open", "closed", "open", "closed"]


def test_popovertarget_on_buttons_and_inputs() -> None:
    doc = _doc(
        "<button id=b popovertarget=p></button><input id=i type=button popovertarget=p>"
        "<button id=show popovertarget=p popovertargetaction=show></button>"
        "<button id=hide popovertarget=p popovertargetaction=hide></button>"
        "<form><button id=submit popovertarget=p></button></form><div id=p popover=manual></div>"
    )
    popover = doc.getElementById("p")

    def showing() -> bool:
        return bool(popover.matches(":popover-open"))

    doc.getElementById("b").click()
    assert showing()
    doc.getElementById("i").click()
    assert not showing()
    doc.getElementById("hide").click()
    assert not showing()
    doc.getElementById("show").click()
    doc.getElementById("show").click()
    assert showing()
    doc.getElementById("hide").click()
    assert not showing()
    form = doc.querySelector("form")
    form.addEventListener("submit", lambda e: e.preventDefault())
    doc.getElementById("submit").click()  # a submit button with a form owner invokes nothing
    assert not showing()


def test_command_event_interface() -> None:
    doc = _doc("<div></div>")
    div = doc.querySelector("div")
    event = CommandEvent("command", {"command": "--x", "source": div, "cancelable": True})
    assert (event.type, event.command, event.source, event.cancelable) == ("command", "--x", div, True)
    assert CommandEvent("command").command == "" and CommandEvent("command").source is None
    with pytest.raises(TypeError):
        CommandEvent("command", {"source": "not an element"})


def test_command_event_source_is_retargeted() -> None:
    """https://html.spec.whatwg.org/#dom-commandevent-source: retargeted against the current
    target, so a listener outside a shadow tree sees the host, not the button inside."""
    doc = _doc("<div id=host></div><dialog id=d></dialog>")
    host = doc.getElementById("host")
    root = host.attachShadow({"mode": "closed"})
    button = doc.createElement("button")
    root.appendChild(button)
    button.commandForElement = doc.getElementById("d")
    button.command = "show-modal"
    sources = []
    doc.getElementById("d").addEventListener("command", lambda e: sources.append(e.source))
    button.click()
    assert sources == [host]
