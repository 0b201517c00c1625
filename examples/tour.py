"""A short tour of webdom on an embedded sample page."""

import webidl

print("webidl loaded:", webidl.__name__)
