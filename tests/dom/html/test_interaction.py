"""click(), focus/blur, spellcheck, contentEditable, popovers, dialogs, labels and the media /
marquee / slot members that need no browser (WPT html/editing, html/semantics/popovers,
html/semantics/interactive-elements/the-dialog-element, html/semantics/forms/the-label-element)."""

from __future__ import annotations

import math

import pytest

import dom
from webidl import DOMException


def _events(target, *names):  # type: ignore[no-untyped-def]
    seen: list[str] = []
    for name in names:
        target.addEventListener(name, lambda e: seen.append(e.type))
    return seen


def test_click_checkbox_and_cancel() -> None:
    doc = dom.parse_html("<input type=checkbox id=c>")
    box = doc.getElementById("c")
    seen = _events(box, "click", "input", "change")
    box.click()
    assert box.checked and seen == ["click", "input", "change"]
    box.addEventListener("click", lambda e: e.preventDefault())
    box.click()
    assert box.checked  # cancelled: the toggle is undone
    assert seen[-1] == "click"


def test_click_radio_group_and_cancel() -> None:
    doc = dom.parse_html("<input type=radio name=r id=a checked><input type=radio name=r id=b>")
    a, b = doc.getElementById("a"), doc.getElementById("b")
    b.click()
    assert b.checked and not a.checked
    a.addEventListener("click", lambda e: e.preventDefault())
    a.click()
    assert b.checked and not a.checked  # restored to the previously checked radio


def test_click_disabled_and_plain_elements() -> None:
    doc = dom.parse_html("<fieldset disabled><button id=b>x</button></fieldset><div id=d></div>")
    assert _events(doc.getElementById("b"), "click") == [] or True
    seen = _events(doc.getElementById("b"), "click")
    doc.getElementById("b").click()
    assert seen == []
    bubbled = _events(doc.body, "click")
    doc.getElementById("d").click()
    assert bubbled == ["click"]
    doc.getElementById("d").focus()
    doc.getElementById("d").blur()


def test_spellcheck_and_content_editable() -> None:
    doc = dom.parse_html("<div spellcheck=false contenteditable><p id=p>x</p><span contenteditable=false id=s>"
                         "<i id=i contenteditable=PLAINTEXT-ONLY></i></span></div><b id=b></b>")
    p, s, i, b = (doc.getElementById(x) for x in "psib")
    assert p.spellcheck is False and b.spellcheck is True
    p.spellcheck = True
    assert p.getAttribute("spellcheck") == "true" and p.spellcheck
    assert p.contentEditable == "inherit" and p.isContentEditable
    assert s.contentEditable == "false" and not s.isContentEditable
    assert i.contentEditable == "plaintext-only" and i.isContentEditable
    assert not b.isContentEditable
    b.contentEditable = "TRUE"
    assert b.getAttribute("contenteditable") == "true" and b.isContentEditable
    b.contentEditable = "inherit"
    assert not b.hasAttribute("contenteditable")
    with pytest.raises(DOMException) as info:
        b.contentEditable = "bogus"
    assert info.value.name == "SyntaxError"
    doc.designMode = "on"
    assert b.isContentEditable
    with pytest.raises(DOMException) as info:
        b.attachInternals()
    assert info.value.name == "NotSupportedError"


def test_popover() -> None:
    doc = dom.parse_html("<div id=p popover>pop</div><div id=n></div>")
    pop, plain = doc.getElementById("p"), doc.getElementById("n")
    seen: list[tuple[str, str, str]] = []
    for name in ("beforetoggle", "toggle"):
        pop.addEventListener(name, lambda e: seen.append((e.type, e.oldState, e.newState)))
    pop.showPopover()
    assert seen == [("beforetoggle", "closed", "open"), ("toggle", "closed", "open")]
    pop.showPopover()  # already showing: nothing
    assert len(seen) == 2
    assert pop.togglePopover() is False
    assert pop.togglePopover(True) is True and pop.togglePopover({"force": True}) is True
    pop.hidePopover()
    assert pop.togglePopover(False) is False
    with pytest.raises(DOMException) as info:
        plain.showPopover()
    assert info.value.name == "NotSupportedError"
    detached = doc.createElement("div")
    detached.popover = "auto"
    with pytest.raises(DOMException) as info:
        detached.showPopover()
    assert info.value.name == "InvalidStateError"
    cancel = doc.getElementById("p")
    cancel.addEventListener("beforetoggle", lambda e: e.preventDefault())
    cancel.showPopover()
    assert cancel.togglePopover(False) is False  # cancelled show left it hidden


def test_dialog() -> None:
    doc = dom.parse_html("<dialog id=d></dialog>")
    dialog = doc.getElementById("d")
    seen = _events(dialog, "close", "cancel", "toggle")
    dialog.show()
    assert dialog.open and dialog.hasAttribute("open")
    with pytest.raises(DOMException) as info:
        dialog.showModal()
    assert info.value.name == "InvalidStateError"
    dialog.close("done")
    assert not dialog.open and dialog.returnValue == "done"
    assert seen == ["toggle", "toggle", "close"]
    dialog.showModal()
    dialog.addEventListener("cancel", lambda e: e.preventDefault())
    dialog.requestClose("x")
    assert dialog.open and dialog.returnValue == "done"
    dialog.close()
    assert dialog.returnValue == "done"  # close() without a result keeps it
    with pytest.raises(DOMException):
        doc.createElement("dialog").showModal()  # not connected


def test_labels() -> None:
    doc = dom.parse_html("<label for=a>A</label><label>B <input id=a></label><input type=hidden id=h>"
                         "<label for=m>M</label><meter id=m></meter>")
    a = doc.getElementById("a")
    assert [label.textContent for label in a.labels] == ["A", "B "]
    assert a.labels is a.labels
    assert doc.getElementById("h").labels is None
    assert len(doc.getElementById("m").labels) == 1
    doc.querySelector("label").remove()
    assert len(a.labels) == 1  # live


def test_media_and_other_inert_members() -> None:
    doc = dom.parse_html("<video muted></video><audio></audio><marquee loop=3></marquee><slot></slot>"
                         "<img src=x.png><style></style><track>")
    video, audio = doc.querySelector("video"), doc.querySelector("audio")
    assert video.muted and not audio.muted
    assert math.isnan(video.duration) and video.currentTime == 0 and video.buffered.length == 0
    assert video.videoWidth == 0 and video.volume == 1.0 and video.playbackRate == 1.0
    video.currentTime = 5
    assert video.currentTime == 5.0
    audio.volume = 0.5
    with pytest.raises(DOMException) as info:
        audio.volume = 2
    assert info.value.name == "IndexSizeError"
    with pytest.raises(DOMException):
        video.buffered.start(0)
    assert len(audio.textTracks) == 0 and audio.audioTracks.getTrackById("x") is None
    audio.pause()
    marquee = doc.querySelector("marquee")
    assert marquee.loop == 3
    marquee.loop = 0  # neither > 0 nor -1: ignored
    assert marquee.loop == 3
    marquee.loop = -1
    assert marquee.getAttribute("loop") == "-1" and marquee.loop == -1
    marquee.start()
    marquee.stop()
    slot = doc.querySelector("slot")
    assert slot.assignedNodes() == [] and slot.assignedElements({"flatten": True}) == []
    assert doc.querySelector("style").disabled is False
    with pytest.raises(DOMException) as info:
        doc.querySelector("img").decode()
    assert info.value.name == "EncodingError"
    with pytest.raises(DOMException):
        _ = doc.querySelector("track").track


def test_label_activation_clicks_the_labeled_control() -> None:
    """A click on a label clicks its labeled control (the platform's label behaviour, as in
    browsers), unless it targets interactive content inside the label or the control itself."""
    doc = dom.parse_html("<label id=l>text <b id=t>x</b><input type=checkbox id=c></label>"
                         "<label for=c2><span id=s>y</span><select id=sel></select></label><input type=checkbox id=c2>"
                         "<label id=l3><button id=b></button><meter id=m></meter></label>")
    box = doc.getElementById("c")
    doc.getElementById("t").click()
    assert box.checked
    box.click()  # the control's own click: the label does not click it again
    assert not box.checked
    doc.getElementById("s").click()
    assert doc.getElementById("c2").checked
    doc.getElementById("sel").click()  # interactive content inside the label: nothing
    assert doc.getElementById("c2").checked
    clicks: list[object] = []
    doc.getElementById("b").addEventListener("click", clicks.append)
    doc.getElementById("m").click()  # a labelable but not interactive element: the control is clicked
    assert len(clicks) == 1
    hidden = doc.getElementById("l3").appendChild(doc.createElement("input"))
    hidden.setAttribute("type", "hidden")
    hidden.click()  # a hidden input is not interactive content and has nothing to activate
    assert len(clicks) == 2
