"""The parts of the Fetch Standard (https://fetch.spec.whatwg.org/) that need neither a tree nor
a network: methods and header lists (:mod:`.http`), the Headers class (:mod:`.headers`) and
bodies (:mod:`.body`).  Request, Response and ``fetch()`` are in :mod:`dom.fetch` (they resolve
URLs against a document and read bodies into FormData); nothing here sends a request.
"""

from .body import Body, extract_a_body
from .headers import Headers
from .http import (
    is_forbidden_method,
    is_forbidden_request_header,
    is_forbidden_response_header_name,
    is_header_name,
    is_header_value,
    is_method,
    normalize_header_value,
    normalize_method,
)

__all__ = [
    "Body",
    "Headers",
    "extract_a_body",
    "is_forbidden_method",
    "is_forbidden_request_header",
    "is_forbidden_response_header_name",
    "is_header_name",
    "is_header_value",
    "is_method",
    "normalize_header_value",
    "normalize_method",
]
