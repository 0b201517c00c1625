"""The form element interfaces (https://html.spec.whatwg.org/#forms): form, the listed and
labelable elements, option and optgroup.  Their behaviour is in dom/html/forms/."""

from __future__ import annotations

from webidl.operations import attributes

from ..reflection import (
    Reflect,
    ReflectBool,
    ReflectElement,
    ReflectEnum,
    ReflectFormAction,
    ReflectNonNegative,
    ReflectPositive,
    ReflectPositiveDouble,
    ReflectPositiveWithFallback,
    ReflectTokenList,
    ReflectUnsigned,
    ReflectURL,
)
from .attribute_tables import (
    FORM_ENCTYPES,
    FORM_METHODS,
    HYPERLINK_REL_SUPPORTED,
    INPUT_TYPES,
    URLENCODED,
)
from .browser_facilities import (
    DataListMixin,
    ProgressPositionMixin,
    type_member,
)
from .commands import command_state
from .element_text import OptionTextMixin
from .forms.autofill import Autocomplete
from .forms.controls_collection import FieldSetElementsMixin, FormControlsMixin
from .forms.input import InputMixin, show_picker
from .forms.labels import LabelsMixin
from .forms.owner import (
    FormAssociatedMixin,
    LabelFormMixin,
    LegendFormMixin,
    OptionFormMixin,
    button_type_state,
    is_submit_button,
)
from .forms.select import OptGroupMixin, OptionMixin, SelectMixin
from .forms.submission import FormSubmissionMixin
from .forms.textarea import OutputMixin, TextAreaMixin
from .forms.validity import ConstraintValidationMixin
from .html_element import HTMLElement, PopoverTargetAttributes
from .reflect_setter import (
    MeterNumber,
    ProgressValue,
)


@attributes("HTMLButtonElement", "type", "command")
class HTMLButtonElement(
    FormAssociatedMixin, ConstraintValidationMixin, HTMLElement, PopoverTargetAttributes, LabelsMixin
):
    """https://html.spec.whatwg.org/#htmlbuttonelement"""

    __slots__ = ("_form_state",)  # FormControlState (dom/html/forms/control_state.py)

    disabled = ReflectBool("disabled")
    formAction = ReflectFormAction("formaction")
    formEnctype = ReflectEnum("formenctype", FORM_ENCTYPES, invalid=URLENCODED)
    formMethod = ReflectEnum("formmethod", FORM_METHODS, invalid="get")
    formNoValidate = ReflectBool("formnovalidate")
    formTarget = Reflect("formtarget")
    name = Reflect("name")
    value = Reflect("value")
    # Reflect="commandfor": whatwg/html a95983cf corrected the IDL that this copy predates
    commandForElement = ReflectElement("commandfor")

    @property
    def type(self) -> str:
        """https://html.spec.whatwg.org/#dom-button-type"""
        if is_submit_button(self):  # 1.
            return "submit"
        state = button_type_state(self)  # 2-3.
        return "button" if state == "auto" else state  # 4-5.

    @type.setter
    def type(self, value: str) -> None:
        self.setAttribute("type", value)  # [ReflectSetter]

    @property
    def command(self) -> str:
        """https://html.spec.whatwg.org/#dom-button-command"""
        state = command_state(self)  # 1.
        return "" if state is None else state  # 2-4. (a custom keyword is its own value)

    @command.setter
    def command(self, value: str) -> None:
        self.setAttribute("command", value)  # [ReflectSetter]


class HTMLDataListElement(HTMLElement, DataListMixin):
    """https://html.spec.whatwg.org/#htmldatalistelement"""

    __slots__ = ()


class HTMLFieldSetElement(FormAssociatedMixin, FieldSetElementsMixin, ConstraintValidationMixin, HTMLElement):
    """https://html.spec.whatwg.org/#htmlfieldsetelement"""

    __slots__ = ("_form_state",)  # FormControlState (dom/html/forms/control_state.py)

    disabled = ReflectBool("disabled")
    name = Reflect("name")
    type = type_member("fieldset")


class HTMLFormElement(FormControlsMixin, FormSubmissionMixin, HTMLElement):
    """https://html.spec.whatwg.org/#htmlformelement"""

    __slots__ = ("_past_names_map",)  # https://html.spec.whatwg.org/#past-names-map

    acceptCharset = Reflect("accept-charset")
    action = ReflectFormAction("action")
    autocomplete = ReflectEnum("autocomplete", ("on", "off"), missing="on", invalid="on")
    enctype = ReflectEnum("enctype", FORM_ENCTYPES, missing=URLENCODED, invalid=URLENCODED)
    encoding = ReflectEnum("enctype", FORM_ENCTYPES, missing=URLENCODED, invalid=URLENCODED)
    method = ReflectEnum("method", FORM_METHODS, missing="get", invalid="get")
    name = Reflect("name")
    noValidate = ReflectBool("novalidate")
    target = Reflect("target")
    rel = Reflect("rel")
    relList = ReflectTokenList("rel", HYPERLINK_REL_SUPPORTED)


class HTMLInputElement(
    FormAssociatedMixin, InputMixin, ConstraintValidationMixin, HTMLElement, PopoverTargetAttributes, LabelsMixin
):
    """https://html.spec.whatwg.org/#htmlinputelement"""

    __slots__ = ("_form_state",)  # FormControlState (dom/html/forms/control_state.py)

    accept = Reflect("accept")
    alpha = ReflectBool("alpha")
    alt = Reflect("alt")
    autocomplete = Autocomplete()  # the IDL-exposed autofill value (dom/html/forms/autofill.py)
    defaultChecked = ReflectBool("checked")
    dirName = Reflect("dirname")
    disabled = ReflectBool("disabled")
    formAction = ReflectFormAction("formaction")
    formEnctype = ReflectEnum("formenctype", FORM_ENCTYPES, invalid=URLENCODED)
    formMethod = ReflectEnum("formmethod", FORM_METHODS, invalid="get")
    formNoValidate = ReflectBool("formnovalidate")
    formTarget = Reflect("formtarget")
    height = ReflectUnsigned("height")
    max = Reflect("max")
    maxLength = ReflectNonNegative("maxlength")
    min = Reflect("min")
    minLength = ReflectNonNegative("minlength")
    multiple = ReflectBool("multiple")
    name = Reflect("name")
    pattern = Reflect("pattern")
    placeholder = Reflect("placeholder")
    readOnly = ReflectBool("readonly")
    required = ReflectBool("required")
    size = ReflectPositive("size", default=20)  # prose: limited to only positive numbers, default 20
    src = ReflectURL("src")
    step = Reflect("step")
    type = ReflectEnum("type", INPUT_TYPES, missing="text", invalid="text")
    defaultValue = Reflect("value")
    width = ReflectUnsigned("width")
    align = Reflect("align")
    useMap = Reflect("usemap")


class HTMLLabelElement(LabelFormMixin, HTMLElement):
    """https://html.spec.whatwg.org/#htmllabelelement"""

    __slots__ = ()

    htmlFor = Reflect("for")


class HTMLLegendElement(LegendFormMixin, HTMLElement):
    """https://html.spec.whatwg.org/#htmllegendelement"""

    __slots__ = ()

    align = Reflect("align")


class HTMLMeterElement(HTMLElement, LabelsMixin):
    """https://html.spec.whatwg.org/#htmlmeterelement"""

    __slots__ = ()

    value = MeterNumber("value")
    min = MeterNumber("min")
    max = MeterNumber("max")
    low = MeterNumber("low")
    high = MeterNumber("high")
    optimum = MeterNumber("optimum")


class HTMLOptGroupElement(OptGroupMixin, HTMLElement):
    """https://html.spec.whatwg.org/#htmloptgroupelement"""

    __slots__ = ()

    disabled = ReflectBool("disabled")
    label = Reflect("label")


class HTMLOptionElement(OptionFormMixin, OptionMixin, HTMLElement, OptionTextMixin):
    """https://html.spec.whatwg.org/#htmloptionelement"""

    __slots__ = ("_form_state",)  # FormControlState (dom/html/forms/control_state.py)

    disabled = ReflectBool("disabled")
    defaultSelected = ReflectBool("selected")


class HTMLOutputElement(FormAssociatedMixin, OutputMixin, ConstraintValidationMixin, HTMLElement, LabelsMixin):
    """https://html.spec.whatwg.org/#htmloutputelement"""

    __slots__ = ("_form_state",)  # FormControlState (dom/html/forms/control_state.py)

    htmlFor = ReflectTokenList("for")
    name = Reflect("name")
    type = type_member("output")


class HTMLProgressElement(HTMLElement, ProgressPositionMixin, LabelsMixin):
    """https://html.spec.whatwg.org/#htmlprogresselement"""

    __slots__ = ()

    value = ProgressValue("value")
    max = ReflectPositiveDouble("max", default=1.0)


class HTMLSelectElement(FormAssociatedMixin, SelectMixin, ConstraintValidationMixin, HTMLElement, LabelsMixin):
    """https://html.spec.whatwg.org/#htmlselectelement"""

    __slots__ = ("_form_state",)  # FormControlState (dom/html/forms/control_state.py)

    autocomplete = Autocomplete()  # the IDL-exposed autofill value (dom/html/forms/autofill.py)
    disabled = ReflectBool("disabled")
    multiple = ReflectBool("multiple")
    name = Reflect("name")
    required = ReflectBool("required")
    size = ReflectUnsigned("size", default=0)
    @property
    def type(self) -> str:
        """https://html.spec.whatwg.org/#dom-select-type"""
        return "select-multiple" if self.hasAttribute("multiple") else "select-one"

    def showPicker(self) -> None:
        """https://html.spec.whatwg.org/#dom-select-showpicker -- InvalidStateError when
        disabled, otherwise NotAllowedError: there is never transient user activation (the
        steps are input's, dom/html/forms/input.py)."""
        show_picker(self)


class HTMLSelectedContentElement(HTMLElement):
    """https://html.spec.whatwg.org/#htmlselectedcontentelement"""

    __slots__ = ()


class HTMLTextAreaElement(FormAssociatedMixin, TextAreaMixin, ConstraintValidationMixin, HTMLElement, LabelsMixin):
    """https://html.spec.whatwg.org/#htmltextareaelement"""

    __slots__ = ("_form_state",)  # FormControlState (dom/html/forms/control_state.py)

    autocomplete = Autocomplete()  # the IDL-exposed autofill value (dom/html/forms/autofill.py)
    cols = ReflectPositiveWithFallback("cols", default=20)
    dirName = Reflect("dirname")
    disabled = ReflectBool("disabled")
    maxLength = ReflectNonNegative("maxlength")
    minLength = ReflectNonNegative("minlength")
    name = Reflect("name")
    placeholder = Reflect("placeholder")
    readOnly = ReflectBool("readonly")
    required = ReflectBool("required")
    rows = ReflectPositiveWithFallback("rows", default=2)
    wrap = Reflect("wrap")
    type = type_member("textarea")
