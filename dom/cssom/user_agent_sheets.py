"""The user agent style sheets: the HTML Standard's (https://html.spec.whatwg.org/#rendering, in
``user_agent.css``, with the quirks mode rules in ``user_agent_quirks.css``), and Chromium's
rendering of form controls, which the HTML Standard leaves to the user agent
(``user_agent_form_controls.css``).  Each is parsed once per process."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from .style_sheets import CSSStyleSheet

__all__ = ["form_controls_sheet", "user_agent_sheet"]

_HERE = Path(__file__).resolve().parent


@lru_cache(maxsize=2)
def user_agent_sheet(quirks: bool = False) -> CSSStyleSheet:
    """The HTML Standard's user agent style sheet; *quirks*: the rules it adds in quirks mode only."""
    name = "user_agent_quirks.css" if quirks else "user_agent.css"
    return CSSStyleSheet._parse((_HERE / name).read_text(encoding="utf-8"))


@lru_cache(maxsize=1)
def form_controls_sheet() -> CSSStyleSheet:
    """Chromium's rendering of form controls."""
    return CSSStyleSheet._parse((_HERE / "user_agent_form_controls.css").read_text(encoding="utf-8"))
