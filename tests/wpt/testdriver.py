"""The runner's test_driver automation: what a browser's WebDriver does for testdriver.js's
``test_driver.click`` and ``test_driver.send_keys``, without layout.

testdriver.js's own ``click``/``send_keys`` first hit-test the element (getClientRects,
elementsFromPoint) and scroll it into view, which needs layout; the runner replaces those two
functions after ``testdriver-vendor.js`` (where a vendor installs its automation) with these,
which act on the element itself as if the pointer or the keyboard were at it:

- ``click(element)``: WebDriver Element Click (https://w3c.github.io/webdriver/#element-click)
  with a mouse: trusted ``pointerdown``, ``mousedown``; the focusing steps for the nearest
  click-focusable flat-tree inclusive ancestor (https://html.spec.whatwg.org/#click-focusable),
  or the unfocusing of the focused area when there is none, unless ``mousedown`` was canceled;
  ``pointerup``, ``mouseup``, then a trusted ``click`` (a PointerEvent, with its activation behavior).
- ``send_keys(element, keys)``: WebDriver Element Send Keys
  (https://w3c.github.io/webdriver/#element-send-keys): the element is focused if it is not,
  then per key a trusted ``keydown``, ``keypress`` (for characters and Enter) and ``keyup`` at
  the focused element (or the body); Space (on its keyup) and Enter activate a button, Enter a
  link, Space a checkbox or a radio button, with a trusted ``click``; Enter in another input
  submits its form implicitly (https://html.spec.whatwg.org/#implicit-submission).  Tab (U+E004) moves the focus along the sequential focus
  navigation order (dom/html/sequential_focus.py), Shift+Tab back; a character typed into a
  text input or a textarea is appended to its value with ``beforeinput`` and ``input`` (an
  input's ``change`` then comes when it loses focus, dom/html/focus.py's note_user_change).  Other
  WebDriver keys (the other arrows, Backspace, modifiers but Shift) raise "unimplemented", which
  testdriver's callers see as a rejection.

Nothing else of test_driver (Actions, freeze, permissions...) is modeled: those stay rejections.
"""

from __future__ import annotations

from typing import Any

from dom.event_path import shadow_including_inclusive_ancestor
from dom.events import fire_event
from dom.html.focus import focused_area, focusing_steps, is_focusable_area, note_user_change, unfocusing_steps
from dom.html.forms.owner import is_submit_button
from dom.html.forms.submission import submit_from
from dom.html.interaction import PointerEvent
from dom.html.sequential_focus import navigate_sequentially
from dom.nodes.slots import assigned_slot
from dom.ui_events import InputEvent, KeyboardEvent, MouseEvent

__all__ = ["SHIM_JS", "click", "send_keys"]

# Installed after testdriver-vendor.js: test_driver's click and send_keys call the Python ones.
SHIM_JS = r"""
(function (global, click, sendKeys) {
  if (!global.test_driver) return;
  // the input comes in a later task, as a WebDriver command's does (listeners added right after
  // the call see it); functions, not arrows, since tests call `new test_driver.click(...)`
  const run = (thunk) => new Promise((resolve, reject) => {
    global.setTimeout(() => {
      try { thunk(); resolve(); } catch (e) { reject(new Error(String(e && e.message || e))); }
    }, 0);
  });
  global.test_driver.click = function (element) { return run(() => click(element)); };
  global.test_driver.send_keys = function (element, keys) { return run(() => sendKeys(element, String(keys))); };
})
"""

_TAB, _ENTER, _SHIFT = "\ue004", "\ue007", "\ue008"
_TEXT_INPUT_TYPES = ("text", "search", "url", "tel", "email", "password", "number", "")


def _flat_tree_parent(element: Any) -> Any:
    parent = element.parentNode
    if parent is None:
        return None
    if parent.nodeType == 1 and getattr(parent, "_shadow_root", None) is not None:
        return assigned_slot(element)
    if getattr(parent, "_is_shadow_root", False):
        return parent._host
    return parent if parent.nodeType == 1 else None


def _click_focus(element: Any) -> None:
    """https://html.spec.whatwg.org/#click-focusable: a user's click focuses the focusable area
    it lands in -- the nearest focusable flat-tree inclusive ancestor, or a shadow host that
    delegates focus to one -- and otherwise leaves nothing focused (the viewport)."""
    document = element.ownerDocument
    node = element
    while node is not None:
        if is_focusable_area(node):
            focusing_steps(node)
            return
        root = getattr(node, "_shadow_root", None)
        if root is not None and root._delegates_focus:
            focusing_steps(node)  # its focus delegate, if it has one
            focused = focused_area(document)
            if focused is not None and shadow_including_inclusive_ancestor(node, focused):
                return
        node = _flat_tree_parent(node)
    current = focused_area(document)
    if current is not None:
        unfocusing_steps(current)


def _mouse(name: str, target: Any, cls: type = MouseEvent, buttons: int = 0) -> bool:
    view = target.ownerDocument.defaultView
    return fire_event(name, target, cls, bubbles=True, cancelable=True, composed=True, view=view, detail=1,
                      button=0, buttons=buttons)


def click(element: Any) -> None:
    """WebDriver Element Click at *element* (see the module docstring)."""
    _mouse("pointerdown", element, PointerEvent, 1)
    if _mouse("mousedown", element, MouseEvent, 1):
        _click_focus(element)
    _mouse("pointerup", element, PointerEvent)
    _mouse("mouseup", element, MouseEvent)
    _mouse("click", element, PointerEvent)


def _key_target(document: Any) -> Any:
    return focused_area(document) or document.body or document.documentElement


def _key(name: str, target: Any, key: str, code: str, key_code: int, shift: bool, char_code: int = 0) -> bool:
    view = target.ownerDocument.defaultView
    return fire_event(name, target, KeyboardEvent, bubbles=True, cancelable=True, composed=True, view=view,
                      key=key, code=code, keyCode=key_code, charCode=char_code, shiftKey=shift)


def _type_character(target: Any, character: str) -> None:
    """Text entry into a text control, as its editing would: appended (the caret is at the end)."""
    local = getattr(target, "localName", None)
    if local == "input":
        if (target.getAttribute("type") or "").strip().lower() not in _TEXT_INPUT_TYPES:
            return
    elif local != "textarea":
        return
    if target.readOnly or target.disabled:
        return
    view = target.ownerDocument.defaultView
    attributes = {"bubbles": True, "composed": True, "view": view, "inputType": "insertText", "data": character}
    if not fire_event("beforeinput", target, InputEvent, cancelable=True, **attributes):
        return
    target.value = target.value + character
    fire_event("input", target, InputEvent, **attributes)
    note_user_change(target)  # its change comes when it loses focus


def _activated_by(element: Any, key: str) -> bool:
    """Whether the platform convention activates *element* with *key* (browsers': Space on a
    button or a checkable input, on its keyup; Enter on a button or a link, on its keypress)."""
    local = getattr(element, "localName", None)
    kind = (element.getAttribute("type") or "").strip().lower() if local == "input" else ""
    if local == "button" or (local == "input" and kind in ("button", "submit", "reset", "image")):
        return True
    if key == " ":
        return local == "input" and kind in ("checkbox", "radio")
    return local == "a" and element.hasAttribute("href")


def _keyboard_click(element: Any) -> None:
    """The click a keyboard activation fires: trusted, detail 0, with its activation behavior."""
    view = element.ownerDocument.defaultView
    fire_event("click", element, PointerEvent, bubbles=True, cancelable=True, composed=True, view=view, detail=0)


# https://html.spec.whatwg.org/#field-that-blocks-implicit-submission: these input types
_BLOCKING_TYPES = ("text", "search", "tel", "url", "email", "password", "date", "month", "week", "time",
                   "datetime-local", "number")


def _implicit_submission(form: Any) -> None:
    """https://html.spec.whatwg.org/#implicit-submission, as Enter in a form's input does: a click
    at the form's default button (if it is not disabled), or, without a submit button, the
    form submitted from itself unless more than one field blocks implicit submission."""
    controls = list(form.elements)
    default = next((c for c in controls if is_submit_button(c)), None)
    if default is not None:
        if not default.matches(":disabled"):
            _keyboard_click(default)
        return
    blocking = [c for c in controls if c.localName == "input" and c.type in _BLOCKING_TYPES]
    if len(blocking) > 1:
        return
    submit_from(form)


_ARROWS = {"\ue013": ("ArrowUp", 38), "\ue015": ("ArrowDown", 40)}


def _step_select(select: Any, step: int) -> None:
    """Arrow keys on a drop-down select box pick the next (previous) enabled option; the user
    picking one fires input then change (https://html.spec.whatwg.org/#send-select-update-notifications)."""
    if select.multiple or select.disabled:
        return
    options = [option for option in select.options if not option.disabled]
    current = select.selectedIndex
    chosen = [option for option in options if option.index > current] if step > 0 else \
        [option for option in options if option.index < current][::-1]
    if not chosen:
        return
    chosen[0].selected = True
    fire_event("input", select, bubbles=True, composed=True)
    fire_event("change", select, bubbles=True)


def send_keys(element: Any, keys: str) -> None:
    """WebDriver Element Send Keys to *element* (see the module docstring)."""
    document = element.ownerDocument
    if focused_area(document) is not element:
        focusing_steps(element)
    shift = False
    for key in keys:
        target = _key_target(document)
        if key == _SHIFT:
            shift = not shift
            _key("keydown" if shift else "keyup", target, "Shift", "ShiftLeft", 16, shift)
        elif key == _TAB:
            if _key("keydown", target, "Tab", "Tab", 9, shift):
                navigate_sequentially(document, forward=not shift)
            _key("keyup", _key_target(document), "Tab", "Tab", 9, shift)
        elif key == _ENTER:
            if _key("keydown", target, "Enter", "Enter", 13, shift) and \
                    _key("keypress", target, "Enter", "Enter", 13, shift, 13):
                if _activated_by(target, "Enter"):
                    _keyboard_click(target)
                elif getattr(target, "localName", None) == "input" and target.form is not None:
                    _implicit_submission(target.form)
            _key("keyup", target, "Enter", "Enter", 13, shift)
        elif key == " ":
            pressed = _key("keydown", target, " ", "Space", 32, shift) and \
                _key("keypress", target, " ", "Space", 32, shift, 32)
            if pressed:
                _type_character(target, " ")
            if _key("keyup", target, " ", "Space", 32, shift) and pressed and _activated_by(target, " "):
                _keyboard_click(target)
        elif key in _ARROWS:
            name, code = _ARROWS[key]
            if _key("keydown", target, name, name, code, shift) and getattr(target, "localName", None) == "select":
                _step_select(target, 1 if name == "ArrowDown" else -1)
            _key("keyup", target, name, name, code, shift)
        elif "\ue000" <= key <= "\uf8ff":
            raise NotImplementedError(f"unimplemented: WebDriver key U+{ord(key):04X}")
        else:
            character = key.upper() if shift else key
            code = "Key" + character.upper() if character.isalpha() else ""
            key_code = ord(character.upper()) if character.isalnum() and character.isascii() else 0
            if _key("keydown", target, character, code, key_code, shift) and \
                    _key("keypress", target, character, code, ord(character), shift, ord(character)):
                _type_character(target, character)
            _key("keyup", target, character, code, key_code, shift)
