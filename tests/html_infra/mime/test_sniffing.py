"""Sniffing paths the WPT data does not cover (scriptable sniffing, text-or-binary, the algorithm)."""

from html_infra.mime import (
    identify_unknown_mime_type,
    match_font_type_pattern,
    mime_type_sniffing_algorithm,
    parse_mime_type,
    pattern_matches,
    text_or_binary,
)


def test_pattern_matching_masks_and_ignored_bytes():
    assert pattern_matches(b"  <HtMl>", b"<HTML>", b"\xff\xdf\xdf\xdf\xdf\xff", frozenset(b" "))
    assert not pattern_matches(b"<HT", b"<HTML", b"\xff" * 5)


def test_scriptable_sniffing_only_when_asked():
    page = b"\n  <!doctype html><title>x</title>"
    assert identify_unknown_mime_type(page, sniff_scriptable=True) == "text/html"
    assert identify_unknown_mime_type(page) == "text/plain"
    assert identify_unknown_mime_type(b"<?xml version='1.0'?>", sniff_scriptable=True) == "text/xml"
    assert identify_unknown_mime_type(b"%PDF-1.7", sniff_scriptable=True) == "application/pdf"
    assert identify_unknown_mime_type(b"<p>", sniff_scriptable=True) == "text/html"
    assert identify_unknown_mime_type(b"<pre>", sniff_scriptable=True) == "text/plain"  # no terminator


def test_text_or_binary():
    assert text_or_binary(b"\xff\xfe\x00\x01") == "text/plain"
    assert text_or_binary(b"plain text\n") == "text/plain"
    assert text_or_binary(b"a\x00b") == "application/octet-stream"


def test_mime_type_sniffing_algorithm():
    png = b"\x89PNG\r\n\x1a\n...."
    assert mime_type_sniffing_algorithm(png, parse_mime_type("image/gif")) == "image/png"
    assert mime_type_sniffing_algorithm(png, parse_mime_type("image/gif"), no_sniff=True) == "image/gif"
    assert mime_type_sniffing_algorithm(b"<html>", None) == "text/html"
    assert mime_type_sniffing_algorithm(b"<html>", None, no_sniff=True) == "text/plain"
    assert mime_type_sniffing_algorithm(b"x", parse_mime_type("text/html;charset=utf-8")) == "text/html;charset=utf-8"
    assert mime_type_sniffing_algorithm(b"a\x00", parse_mime_type("text/plain"), check_for_apache_bug=True) == (
        "application/octet-stream"
    )
    mp4 = b"\x00\x00\x00\x18ftypisom\x00\x00\x00\x00mp41isom"
    assert mime_type_sniffing_algorithm(mp4, parse_mime_type("video/x-unknown")) == "video/mp4"


def test_fonts():
    assert match_font_type_pattern(b"wOF2....") == "font/woff2"
    assert match_font_type_pattern(b"\x00" * 34 + b"LP") == "application/vnd.ms-fontobject"
