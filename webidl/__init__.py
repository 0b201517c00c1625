"""The Web IDL binding layer: ES<->IDL value conversions, DOMException, interface machinery.

https://webidl.spec.whatwg.org/ -- depends on nothing else in the project.
"""
