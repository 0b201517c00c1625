# Types of the optional C extension built from dom/nodes/identity_speedups.c (see setup.py).
from typing import Any

def node_for(lx: Any, document: Any, /) -> Any: ...
def configure(
    probe: Any,
    proxy_type: type,
    document_type: type,
    element_type: type,
    wrap_new: Any,
    document_slots: tuple[Any, ...],
    element_slots: tuple[Any, ...],
    /,
) -> Any: ...
def forget() -> None: ...
