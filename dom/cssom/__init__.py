"""CSSOM over the document: style sheets and rules, the document's sheets, the cascade and getComputedStyle."""
