"""Enumerated-attribute keyword tables and supported tokens shared by the HTML element
interfaces (the tables the HTML Standard gives in prose)."""

from __future__ import annotations

# https://html.spec.whatwg.org/#cors-settings-attributes ("" is the Anonymous state's keyword too)
CORS_SETTINGS = {"anonymous": "anonymous", "": "anonymous", "use-credentials": "use-credentials"}
# https://html.spec.whatwg.org/#referrer-policy-attributes (https://w3c.github.io/webappsec-referrer-policy/)
REFERRER_POLICY = (
    "", "no-referrer", "no-referrer-when-downgrade", "same-origin", "origin", "strict-origin",
    "origin-when-cross-origin", "strict-origin-when-cross-origin", "unsafe-url",
)
# https://fetch.spec.whatwg.org/#concept-potential-destination (the link element's as attribute)
LINK_AS = (
    "fetch", "audio", "document", "embed", "font", "image", "json", "manifest", "object", "report",
    "script", "sharedworker", "style", "track", "video", "worker", "xslt",
)
URLENCODED = "application/x-www-form-urlencoded"
# https://html.spec.whatwg.org/#attr-fs-enctype / #attr-fs-method
FORM_ENCTYPES = (URLENCODED, "multipart/form-data", "text/plain")
FORM_METHODS = ("get", "post", "dialog")
# https://html.spec.whatwg.org/#attr-input-type
INPUT_TYPES = (
    "hidden", "text", "search", "tel", "url", "email", "password", "date", "month", "week", "time",
    "datetime-local", "number", "range", "color", "checkbox", "radio", "file", "submit", "image",
    "reset", "button",
)
# Supported tokens of rel/relList (https://html.spec.whatwg.org/#linkTypes) and sandbox.
LINK_REL_SUPPORTED = (
    "alternate", "dns-prefetch", "expect", "icon", "manifest", "modulepreload", "next", "pingback",
    "preconnect", "prefetch", "preload", "search", "stylesheet",
)
HYPERLINK_REL_SUPPORTED = ("noreferrer", "noopener", "opener")
# https://html.spec.whatwg.org/#blocking-attributes: the supported tokens are the possible blocking tokens.
BLOCKING_SUPPORTED = ("render",)
SANDBOX_SUPPORTED = (
    "allow-downloads", "allow-forms", "allow-modals", "allow-orientation-lock", "allow-pointer-lock",
    "allow-popups", "allow-popups-to-escape-sandbox", "allow-presentation", "allow-same-origin",
    "allow-scripts", "allow-top-navigation", "allow-top-navigation-by-user-activation",
    "allow-top-navigation-to-custom-protocols",
)
# https://html.spec.whatwg.org/#attr-popover, #attr-media-preload, #attr-track-kind
POPOVER = {"auto": "auto", "": "auto", "manual": "manual", "hint": "hint"}
PRELOAD = {"none": "none", "metadata": "metadata", "auto": "auto", "": "auto"}
TRACK_KINDS = ("subtitles", "captions", "descriptions", "chapters", "metadata")
