"""The teaching feature: validation errors by their spec names, with positions."""

import pytest

from html_infra.url import ValidationError, parse_url, validation_errors


@pytest.mark.parametrize(
    "input, names",
    [
        ("https://example.org/>", ["invalid-URL-unit"]),
        (" https://example.org ", ["invalid-URL-unit"]),
        ("https://example.org/\tpath", ["invalid-URL-unit"]),
        ("file:c:/my-secret-folder", ["special-scheme-missing-following-solidus"]),
        ("file://c:", ["file-invalid-Windows-drive-letter-host"]),
        ("file:///c|/x", ["invalid-URL-unit"]),  # "|" is not a URL code point
        ("https:example.org", ["special-scheme-missing-following-solidus"]),
        ("https://user@example.org", ["invalid-credentials"]),
        ("https://exam%70le.org", ["domain-percent-encoded"]),
        ("https://127.0.0.1./", ["IPv4-empty-part"]),
        ("https://1.2.3/", ["IPv4-too-few-parts"]),
        ("https://127.0.0x0.1", ["IPv4-non-decimal-part"]),
        ("https://[::01]", ["IPv6-piece-leading-zero"]),
        ("https://example.org\\path", ["invalid-reverse-solidus"]),
        ("https://ex\u00e4mple.org/%zz", ["invalid-URL-unit"]),
    ],
)
def test_non_failing_errors(input, names):
    assert [e.name for e in validation_errors(input)] == names
    assert parse_url(input) is not None


@pytest.mark.parametrize(
    "input, name",
    [
        ("foo://exa[mple.org", "host-invalid-code-point"),
        ("https://1.2.3.4.5/", "IPv4-too-many-parts"),
        ("https://test.42", "IPv4-non-numeric-part"),
        ("https://255.255.4000.1", "IPv4-out-of-range-part"),
        ("https://[::1", "IPv6-unclosed"),
        ("https://[:1]", "IPv6-invalid-compression"),
        ("https://[1:2:3:4:5:6:7:8:9]", "IPv6-too-many-pieces"),
        ("https://[1::1::1]", "IPv6-multiple-compression"),
        ("https://[1:2:3!:4]", "IPv6-invalid-code-point"),
        ("https://[1:2:3]", "IPv6-too-few-pieces"),
        ("https://[1:1:1:1:1:1:1:127.0.0.1]", "IPv4-in-IPv6-too-many-pieces"),
        ("https://[ffff::.0.0.1]", "IPv4-in-IPv6-invalid-code-point"),
        ("https://[ffff::127.0.0.4000]", "IPv4-in-IPv6-out-of-range-part"),
        ("https://[ffff::127.0.0]", "IPv4-in-IPv6-too-few-parts"),
        ("/path", "missing-scheme-non-relative-URL"),
        ("https://#fragment", "host-missing"),
        ("https://example.org:70000", "port-out-of-range"),
        ("https://example.org:7z", "port-invalid"),
        ("https://xn--/", "domain-to-ASCII"),
    ],
)
def test_failing_errors(input, name):
    errors = validation_errors(input)
    assert name in [e.name for e in errors]
    assert all(isinstance(e, ValidationError) and isinstance(e.position, int) for e in errors)
    if name != "domain-to-ASCII":
        assert parse_url(input) is None


def test_positions_point_at_the_problem():
    (error,) = validation_errors("https://example.org/a>b")
    assert error == ValidationError("invalid-URL-unit", len("https://example.org/a"))


def test_listener_costs_nothing_when_absent_and_sees_everything_when_present():
    seen = []
    parse_url("https://user:pass@EXAMPLE.org:443/a\\b", on_error=lambda name, pos: seen.append(name))
    assert seen == ["invalid-credentials", "invalid-reverse-solidus"]


def test_strict_domain_pass_checks_hyphens_in_every_label():
    from html_infra.url import domain_to_ascii, validation_errors

    for domain in ("a.ab--c", "ab--c.a", "x.-a", "x.a-", "xn--a.b", "ex_ample.com", "a..b"):
        assert domain_to_ascii(domain, be_strict=True) is None, domain
        assert domain_to_ascii(domain) == domain, domain
        assert [e.name for e in validation_errors(f"http://{domain}/")] == ["domain-to-ASCII"], domain
    assert domain_to_ascii("Example.COM.", be_strict=True) == "example.com."
    assert domain_to_ascii("a" * 64 + ".com", be_strict=True) is None
    assert validation_errors("http://example.com/") == []
