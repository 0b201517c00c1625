"""The lxml-backed DOM tree: nodes and documents, parsing and serialization, collections, HTML elements."""
