"""Form submission without a network: the request a browser would make, as data.

- https://html.spec.whatwg.org/#constructing-the-form-data-set (construct the entry list, shared
  with FormData)
- https://html.spec.whatwg.org/#picking-an-encoding-for-the-form
- https://html.spec.whatwg.org/#convert-to-a-list-of-name-value-pairs
- https://html.spec.whatwg.org/#form-submission-algorithm (steps 6-26: method, action, enctype,
  the scheme/method table, "mutate action URL", "submit as entity body", mailto)
- https://html.spec.whatwg.org/#multipart/form-data-encoding-algorithm,
  https://html.spec.whatwg.org/#text/plain-encoding-algorithm,
  https://url.spec.whatwg.org/#concept-urlencoded-serializer
- https://html.spec.whatwg.org/#resetting-a-form

``form.submission(submitter=None, boundary=None)`` computes a :class:`FormSubmission` (method,
URL, enctype, content type, body) from the current state of the form; nothing is navigated.
``form.submit()`` and ``form.requestSubmit(submitter)`` run the parts of the submit algorithm
that exist without a browsing context (``requestSubmit`` validates and fires ``submit``) and
return the submission the navigation would carry, or None where the algorithm stops.

Constructing the entry list fires ``formdata`` (a FormDataEvent whose ``formData`` listeners
may change), as :class:`.form_data.FormData` does.  What a browser has and this library does not:
a user picking files (a script sets ``input.files``; otherwise a file input submits the empty
file), the clicked coordinate of an image button (0, 0), targets/navigables and the form's
"cannot navigate" check beyond connectedness.  The multipart boundary is
``----webdomFormBoundary`` and 16 random alphanumerics, as browsers make theirs; pass
``boundary=`` for a deterministic body.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Unpack, cast

from html_infra.blob import File
from html_infra.infra import (
    HTML_NAMESPACE,
    ascii_case_insensitive_match,
    ascii_lowercase,
    convert_to_scalar_value_string,
    split_on_ascii_whitespace,
)
from webidl import NotFoundError, undefined
from webidl.operations import operations

from ... import registry  # HTMLElement (dom.html.html_element) builds on this module
from ...events import Event, fire_event
from ...reflection import document_base_url
from ..directionality import directionality, is_auto_directionality_control
from .control_state import form_state
from .controls_collection import form_associated_elements
from .form_data import FormData, FormDataEvent
from .input import InputMixin
from .owner import RESETTABLE, SUBMITTABLE, form_owner, is_disabled, is_html, is_submit_button
from .select import list_of_options
from .textarea import TextAreaMixin

if TYPE_CHECKING:
    from webidl.dictionary_types import SubmitEventInit

    from ...nodes.element import Element
    from ..form_elements import HTMLInputElement
    from ..html_element import HTMLElement
    from ..html_element import HTMLElement as _ElementBase  # what the mixins below are put before
else:
    _ElementBase = object

__all__ = [
    "EntryFile",
    "FormSubmission",
    "SubmitEvent",
    "FormSubmissionMixin",
    "submit_from",
    "construct_the_entry_list",
    "pick_an_encoding",
    "convert_to_name_value_pairs",
    "multipart_form_data_encode",
    "text_plain_encode",
    "new_boundary",
    "set_navigate",
    "form_target",
]

URLENCODED = "application/x-www-form-urlencoded"
MULTIPART = "multipart/form-data"
TEXT_PLAIN = "text/plain"
_BOUNDARY_ALPHABET = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"  # ASCII alphanumerics


EntryFile = File  # a File object as an entry's value


Entry = tuple[str, "str | EntryFile"]


@dataclass
class FormSubmission:
    """The request a form submission would navigate with.

    ``method`` is "get", "post" or "dialog"; ``url`` the action URL (for "mutate action URL"
    with the urlencoded data as its query); ``enctype`` the submitter's enctype;
    ``content_type`` the request's Content-Type (None without a body); ``body`` the request
    body (for GET, the urlencoded bytes that became the query; b"" when there is none);
    ``encoding`` the form's encoding and ``entries`` the entry list.  For "dialog", ``url`` is
    None and ``dialog_result`` the dialog's return value.
    """

    method: str
    url: str | None
    enctype: str
    body: bytes
    content_type: str | None = None
    encoding: str = "UTF-8"
    entries: list[Entry] = field(default_factory=list)
    dialog_result: str | None = None


@operations("SubmitEvent", "__init__")
class SubmitEvent(Event):
    """https://html.spec.whatwg.org/#the-submitevent-interface"""

    __slots__ = ("_submitter",)
    _init_dictionary = "SubmitEventInit"

    def __init__(self, type: str, eventInitDict: SubmitEventInit = {},  # noqa: B006 -- read only
                 **init: Unpack[SubmitEventInit]) -> None:
        self._construct(type, eventInitDict)

    def _init_from_dictionary(self, dictionary: dict[str, Any]) -> None:
        super()._init_from_dictionary(dictionary)
        # SubmitEventInit's HTMLElement? submitter = null: anything else is a TypeError
        submitter = dictionary.get("submitter")
        if submitter is undefined:
            submitter = None
        if submitter is not None and not isinstance(submitter, registry.html_element_interface):
            raise TypeError("SubmitEventInit.submitter is not of type 'HTMLElement'.")
        self._submitter = submitter

    @property
    def submitter(self) -> HTMLElement | None:
        """https://html.spec.whatwg.org/#dom-submitevent-submitter"""
        return self._submitter


# -- the entry list -----------------------------------------------------------------------------


# A form's flags that are set only while one of its algorithms runs (each guards against a
# listener re-entering it): https://html.spec.whatwg.org/#constructing-entry-list,
# #firing-submission-events, #locked-for-reset.
_CONSTRUCTING_ENTRY_LIST: set[Any] = set()
_FIRING_SUBMISSION_EVENTS: set[Any] = set()
_LOCKED_FOR_RESET: set[Any] = set()

def _input_state(element: Element) -> str:
    return cast("HTMLInputElement", element).type if isinstance(element, InputMixin) else ""


def _checkedness(element: Element) -> bool:
    checked = getattr(element, "checked", None)
    return element.hasAttribute("checked") if checked is None else bool(checked)


def _option_is_disabled(option: Element) -> bool:
    """https://html.spec.whatwg.org/#concept-option-disabled"""
    if option.hasAttribute("disabled"):
        return True
    parent = option.parentNode
    return is_html(parent, "optgroup") and parent.hasAttribute("disabled")


def _field_value(element: Element) -> str:
    """The value of a button, input or textarea (https://html.spec.whatwg.org/#concept-fe-value)."""
    if is_html(element, "button"):
        return element.getAttribute("value") or ""
    assert isinstance(element, (InputMixin, TextAreaMixin))  # HTMLInputElement, HTMLTextAreaElement
    return str(element.value)


def _is_button(element: Any) -> bool:
    """https://html.spec.whatwg.org/#concept-button"""
    return is_html(element, "button") or _input_state(element) in ("submit", "image", "reset", "button")


def _has_ancestor(element: Any, local: str) -> bool:
    tag = local if element._doc._is_html else "{" + HTML_NAMESPACE + "}" + local
    return next(element._lx.iterancestors(tag), None) is not None


def construct_the_entry_list(
    form: Element, submitter: Element | None = None, encoding: str = "UTF-8"
) -> list[Entry] | None:
    """https://html.spec.whatwg.org/#constructing-the-form-data-set -- None (the spec's null)
    when the form is already constructing its entry list (a ``formdata`` listener asking
    again)."""
    if form in _CONSTRUCTING_ENTRY_LIST:  # step 1
        return None
    _CONSTRUCTING_ENTRY_LIST.add(form)  # step 2
    try:
        entry_list = _entries_of_controls(form, submitter, encoding)  # steps 3-5
        form_data = FormData._with_entries(entry_list)  # step 6
        fire_event("formdata", form, FormDataEvent, bubbles=True, formData=form_data)  # step 7
    finally:
        _CONSTRUCTING_ENTRY_LIST.discard(form)  # step 8
    return list(entry_list)  # step 9: a clone


def _entries_of_controls(form: Element, submitter: Element | None, encoding: str) -> list[Entry]:
    """Steps 3-5 of constructing the entry list: each submittable control's entries."""
    controls = [e for e in form_associated_elements(form) if e._local in SUBMITTABLE]
    entry_list: list[Entry] = []

    def append(name: str, value: str | EntryFile) -> None:
        # https://html.spec.whatwg.org/#create-an-entry
        if isinstance(value, str):
            value = convert_to_scalar_value_string(value)
        entry_list.append((convert_to_scalar_value_string(name), value))

    for field_ in controls:
        state = _input_state(field_)
        if (
            _has_ancestor(field_, "datalist")
            or is_disabled(field_)
            or (_is_button(field_) and field_ is not submitter)
            or state in ("checkbox", "radio") and not _checkedness(field_)
        ):
            continue
        if state == "image":
            prefix = field_.getAttribute("name") or ""
            prefix = prefix + "." if prefix else ""
            # the selected coordinate: no pointer here, so the origin
            append(prefix + "x", "0")
            append(prefix + "y", "0")
            continue
        name = field_.getAttribute("name")
        if not name:
            continue
        if is_html(field_, "select"):
            for option in list_of_options(field_):
                if option.selected and not _option_is_disabled(option):
                    append(name, option.value)
        elif state in ("checkbox", "radio"):
            value = field_.getAttribute("value")
            append(name, "on" if value is None else value)
        elif state == "file":
            files = form_state(field_).selected_files
            if files:
                for file in files:
                    append(name, file)
            else:  # no selected files: a File with an empty name and body
                append(name, EntryFile([], "", {"type": "application/octet-stream"}))
        elif state == "hidden" and ascii_case_insensitive_match(name, "_charset_"):
            append(name, encoding)
        else:
            append(name, _field_value(field_))
        dirname = field_.getAttribute("dirname")
        if dirname and is_auto_directionality_control(field_):
            append(dirname, directionality(field_))
    return entry_list


def pick_an_encoding(form: Element) -> str:
    """https://html.spec.whatwg.org/#picking-an-encoding-for-the-form"""
    # lazy: the encodings (their label table, read from JSON) load at the first bytes decoded or label looked up
    from html_infra.encoding.encodings import get_an_encoding, get_an_output_encoding

    encoding = form._doc.characterSet
    accept_charset = form.getAttribute("accept-charset")
    if accept_charset is not None:
        candidates = [get_an_encoding(token) for token in split_on_ascii_whitespace(accept_charset)]
        encoding = next((c for c in candidates if c is not None), "UTF-8")
    return get_an_output_encoding(encoding)


def _normalize_newlines(value: str) -> str:
    """Every CR not followed by LF and every LF not preceded by CR becomes CRLF."""
    return value.replace("\r\n", "\n").replace("\r", "\n").replace("\n", "\r\n")


def convert_to_name_value_pairs(entry_list: list[Entry]) -> list[tuple[str, str]]:
    """https://html.spec.whatwg.org/#convert-to-a-list-of-name-value-pairs"""
    return [
        (_normalize_newlines(name), _normalize_newlines(value.name if isinstance(value, EntryFile) else value))
        for name, value in entry_list
    ]


def text_plain_encode(pairs: list[tuple[str, str]]) -> str:
    """https://html.spec.whatwg.org/#text/plain-encoding-algorithm"""
    return "".join(f"{name}={value}\r\n" for name, value in pairs)


def new_boundary() -> str:
    """A multipart/form-data boundary string in the browsers' shape."""
    import secrets  # lazy: only multipart submissions need it (it loads hmac, hashlib, random)

    return "----webdomFormBoundary" + "".join(secrets.choice(_BOUNDARY_ALPHABET) for _ in range(16))


def _escape_multipart_name(data: bytes) -> bytes:
    return data.replace(b"\n", b"%0A").replace(b"\r", b"%0D").replace(b'"', b"%22")


def multipart_form_data_encode(entry_list: list[Entry], encoding: str, boundary: str) -> bytes:
    """https://html.spec.whatwg.org/#multipart/form-data-encoding-algorithm (RFC 7578)"""
    # lazy: the encodings (their label table, read from JSON) load at the first bytes decoded or label looked up
    from html_infra.encoding.encodings import encode

    delimiter = b"--" + boundary.encode("ascii")
    parts = []
    for name, value in entry_list:
        name_bytes = _escape_multipart_name(encode(_normalize_newlines(name), encoding, "html"))
        header = b'Content-Disposition: form-data; name="' + name_bytes + b'"'
        if isinstance(value, EntryFile):
            filename = _escape_multipart_name(encode(value.name, encoding, "html"))
            # RFC 7578 4.4: the file's type, application/octet-stream when it has none
            content_type = value.type or "application/octet-stream"
            header += b'; filename="' + filename + b'"\r\nContent-Type: ' + content_type.encode("ascii")
            content = value.bytes()
        else:
            content = encode(_normalize_newlines(value), encoding, "html")
        parts.append(delimiter + b"\r\n" + header + b"\r\n\r\n" + content + b"\r\n")
    return b"".join(parts) + delimiter + b"--\r\n"


# -- the submitter's attributes (https://html.spec.whatwg.org/#form-submission-attributes) ------


def _submitter_attribute(submitter: Element, form: Element, own: str, form_attribute: str) -> str | None:
    if submitter is not form and is_submit_button(submitter) and submitter.hasAttribute(own):
        return submitter.getAttribute(own)
    return form.getAttribute(form_attribute)


def _enumerated(value: str | None, keywords: tuple[str, ...], default: str) -> str:
    value = ascii_lowercase(value) if value is not None else None
    return value if value in keywords else default


def submission(form: Element, submitter: Element | None = None, boundary: str | None = None) -> FormSubmission | None:
    """The form submission algorithm from "pick an encoding" on
    (https://html.spec.whatwg.org/#form-submission-algorithm steps 6-26): the request the
    navigation would make, or None where the algorithm returns (an action URL that does not
    parse, a dialog method outside a dialog)."""
    if submitter is None:
        submitter = form
    if form in _CONSTRUCTING_ENTRY_LIST:  # step 6 (a submit() from a formdata listener)
        return None
    encoding = pick_an_encoding(form)
    entry_list = construct_the_entry_list(form, submitter, encoding)
    if entry_list is None:
        return None
    method = _enumerated(
        _submitter_attribute(submitter, form, "formmethod", "method"), ("get", "post", "dialog"), "get"
    )
    enctype = _enumerated(
        _submitter_attribute(submitter, form, "formenctype", "enctype"), (URLENCODED, MULTIPART, TEXT_PLAIN), URLENCODED
    )
    if method == "dialog":
        if not _has_ancestor(form, "dialog"):
            return None
        result = None
        if _input_state(submitter) == "image":
            result = "0,0"
        elif is_submit_button(submitter):
            result = submitter.getAttribute("value")  # the optional value
        return FormSubmission("dialog", None, enctype, b"", None, encoding, entry_list, dialog_result=result)
    action = _submitter_attribute(submitter, form, "formaction", "action") or ""
    document = submitter._doc
    if action == "":
        action = document.URL
    # lazy: the URL modules and the encodings load at their first use (`import webdom` leaves them)
    from html_infra.encoding.encodings import encode
    from html_infra.url.parser import parse_url
    from html_infra.url.percent_encoding import PATH_PERCENT_ENCODE_SET, utf8_percent_encode
    from html_infra.url.record import serialize_url
    from html_infra.url.urlencoded import urlencoded_serialize

    # https://html.spec.whatwg.org/#encoding-parsing-a-url: the document's encoding, its base URL
    parsed = parse_url(action, document_base_url(document), document.characterSet)
    if parsed is None:
        return None
    scheme = parsed.scheme
    body = b""
    content_type: str | None = None
    if scheme == "mailto":
        pairs = convert_to_name_value_pairs(entry_list)
        if method == "get":  # mail with headers
            parsed.query = urlencoded_serialize(pairs, encoding).replace("+", "%20")
        else:  # mail as body
            if enctype == TEXT_PLAIN:
                mail_body = utf8_percent_encode(text_plain_encode(pairs), PATH_PERCENT_ENCODE_SET)
            else:
                mail_body = urlencoded_serialize(pairs, encoding)
            query = parsed.query or ""
            parsed.query = query + ("&" if query else "") + "body=" + mail_body
    elif scheme in ("ftp", "javascript") or (scheme == "data" and method == "post"):
        pass  # get action URL: the entry list is discarded
    elif method == "get":  # mutate action URL (http, https, data and, by analogy, the rest)
        query = urlencoded_serialize(convert_to_name_value_pairs(entry_list), encoding)
        parsed.query = query
        body = query.encode("ascii")
    else:  # submit as entity body
        if enctype == URLENCODED:
            body = urlencoded_serialize(convert_to_name_value_pairs(entry_list), encoding).encode("utf-8")
            content_type = URLENCODED
        elif enctype == MULTIPART:
            boundary = new_boundary() if boundary is None else boundary
            body = multipart_form_data_encode(entry_list, encoding, boundary)
            content_type = f"{MULTIPART}; boundary={boundary}"
        else:
            body = encode(text_plain_encode(convert_to_name_value_pairs(entry_list)), encoding, "html")
            content_type = TEXT_PLAIN
    return FormSubmission(method, serialize_url(parsed), enctype, body, content_type, encoding, entry_list)


# -- the navigation (https://html.spec.whatwg.org/#plan-to-navigate) ---------------------------

# A document's navigation hook: called with (form, submission, target) when one of its forms is
# submitted; an embedder with navigables (the JS realm's frames) loads the request there.
Navigate = Callable[[Any, FormSubmission, str], None]
# (kept by the document: a hook refers to its embedder, which holds the document)
_NAVIGATE = "(navigate)"


def set_navigate(document: Any, navigate: Navigate | None) -> None:
    """Give *document* a callback that navigates for its forms' submissions (None removes it);
    without one, submitting a form only computes the request."""
    if navigate is None:
        document._objects.pop(_NAVIGATE, None)
    else:
        document._objects[_NAVIGATE] = navigate


def form_target(form: Any, submitter: Any = None) -> str:
    """The submission's target name (https://html.spec.whatwg.org/#form-submission-algorithm
    step 19): the submitter's formtarget, else https://html.spec.whatwg.org/#get-an-element's-target
    (the form's target attribute, else the document's first base element's target)."""
    if submitter is not None and submitter is not form and is_submit_button(submitter) \
            and submitter.hasAttribute("formtarget"):
        return submitter.getAttribute("formtarget") or ""
    target = form.getAttribute("target")
    if target is None:
        base = form._doc.querySelector("base[target]")
        target = base.getAttribute("target") if base is not None else ""
    return target or ""


def _plan_to_navigate(form: Any, submitter: Any, result: FormSubmission | None) -> FormSubmission | None:
    """Hand *result* to the form's document's navigation hook, if it has one (dialog submissions
    close their dialog instead and are not navigations).  A form a ``formdata`` listener
    disconnected cannot navigate (https://html.spec.whatwg.org/#form-submission-algorithm step
    10): None."""
    if result is not None and not form.isConnected:
        return None
    if result is not None and result.method != "dialog" and result.url is not None:
        navigate = form._doc._objects.get(_NAVIGATE)
        if navigate is not None:
            navigate(form, result, form_target(form, submitter))
    return result


# -- HTMLFormElement members --------------------------------------------------------------------


def _check_validity(form: Element) -> bool:
    """https://html.spec.whatwg.org/#statically-validate-the-constraints, through each
    control's own ``checkValidity()`` (which fires ``invalid``) where the control has one;
    controls without constraint validation count as valid."""
    valid = True
    for element in form_associated_elements(form):
        if element._local in SUBMITTABLE:
            check = getattr(element, "checkValidity", None)
            if check is not None and not check():
                valid = False
    return valid


def submit_from(form: Any, submitter: Any = None) -> FormSubmission | None:
    """https://html.spec.whatwg.org/#concept-form-submit with "submitted from submit()" false
    (requestSubmit(), a submit button's activation): the steps up to the navigation --
    validation and the ``submit`` event; the submission, or None where the algorithm returns."""
    if submitter is None:
        submitter = form
    if not form.isConnected:  # 1. the form cannot navigate
        return None
    if form in _FIRING_SUBMISSION_EVENTS:  # 4.1
        return None
    _FIRING_SUBMISSION_EVENTS.add(form)
    try:
        no_validate = (
            submitter is not form and submitter.hasAttribute("formnovalidate")
        ) or form.hasAttribute("novalidate")
        if not no_validate and not _check_validity(form):
            return None
        should_continue = fire_event(
            "submit", form, SubmitEvent, bubbles=True, cancelable=True,
            submitter=None if submitter is form else submitter,
        )
    finally:
        _FIRING_SUBMISSION_EVENTS.discard(form)
    if not should_continue or not form.isConnected:
        return None
    return _plan_to_navigate(form, submitter, submission(form, submitter))


@operations("HTMLFormElement", "requestSubmit")
class FormSubmissionMixin(_ElementBase):
    """HTMLFormElement's submit(), requestSubmit(), reset(), checkValidity(), reportValidity()
    and the ``submission()`` extension."""

    __slots__ = ()

    def submission(self, submitter: Any = None, boundary: str | None = None) -> FormSubmission | None:
        """The request submitting this form from *submitter* (a submit button of this form, or
        None for the form itself) would make; see :func:`submission`."""
        if submitter is not None:
            _check_submitter(self, submitter)
        return submission(self, submitter, boundary)

    def submit(self) -> FormSubmission | None:
        """https://html.spec.whatwg.org/#dom-form-submit -- submit from the form itself, with no
        validation and no submit event; returns the submission (None when the form cannot
        navigate: it is not connected)."""
        if not self.isConnected:
            return None
        return _plan_to_navigate(self, None, submission(self))

    def requestSubmit(self, submitter: HTMLElement | None = None) -> FormSubmission | None:
        """https://html.spec.whatwg.org/#dom-form-requestsubmit -- validates the constraints and
        fires ``submit`` (a SubmitEvent); returns the submission, or None if the form cannot
        navigate, is invalid or the event was canceled."""
        if submitter is not None:
            _check_submitter(self, submitter)
        return submit_from(self, submitter)

    def reset(self) -> None:
        """https://html.spec.whatwg.org/#dom-form-reset and #concept-form-reset: fire ``reset``,
        then run each resettable control's reset algorithm (its ``_reset()``)."""
        if self in _LOCKED_FOR_RESET:
            return
        _LOCKED_FOR_RESET.add(self)
        try:
            if fire_event("reset", self, bubbles=True, cancelable=True):
                for element in form_associated_elements(self):
                    if element._local in RESETTABLE:
                        reset = getattr(element, "_reset", None)
                        if reset is not None:
                            reset()
        finally:
            _LOCKED_FOR_RESET.discard(self)

    def checkValidity(self) -> bool:
        """https://html.spec.whatwg.org/#dom-form-checkvalidity"""
        return _check_validity(self)

    def reportValidity(self) -> bool:
        """https://html.spec.whatwg.org/#dom-form-reportvalidity (no user to report to: the
        static validation's result)."""
        return _check_validity(self)


def _check_submitter(form: Any, submitter: Any) -> None:
    """requestSubmit() step 1: a submit button whose form owner is *form*."""
    if not is_submit_button(submitter):
        raise TypeError("The submitter is not a submit button")
    if form_owner(submitter) is not form:
        raise NotFoundError("The submitter is not owned by this form")

