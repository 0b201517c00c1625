"""HTML forms (https://html.spec.whatwg.org/#forms): form owner, form controls, their values
and selectedness, submission and reset."""
