"""URLSearchParams behaviours (written from the URL Standard; the cases WPT checks)."""

import pytest

from html_infra.url import URL, URLSearchParams, urlencoded_parse, urlencoded_serialize


def test_constructors():
    assert str(URLSearchParams("?a=1&b=2")) == "a=1&b=2"
    assert str(URLSearchParams("??a=1")) == "%3Fa=1"  # only one "?" is stripped
    assert str(URLSearchParams([("a", "1"), ["b", 2]])) == "a=1&b=2"
    assert str(URLSearchParams({"a": "1", "b": None})) == "a=1&b=null"
    assert str(URLSearchParams()) == "" and URLSearchParams(None).get("null") == ""
    copy_source = URLSearchParams("x=1")
    copy = URLSearchParams(copy_source)
    copy.append("y", "2")
    assert str(copy_source) == "x=1"
    with pytest.raises(TypeError):
        URLSearchParams([("a", "1", "c")])
    with pytest.raises(TypeError):
        URLSearchParams([("a",)])
    with pytest.raises(TypeError):
        URLSearchParams([1])
    assert URLSearchParams("a=\ud800").get("a") == "\ufffd"


def test_parsing_rules():
    p = URLSearchParams("a=b+c&d=%20e&&f&=g&h=%zz&%=1&a=2")
    assert list(p) == [("a", "b c"), ("d", " e"), ("f", ""), ("", "g"), ("h", "%zz"), ("%", "1"), ("a", "2")]
    assert urlencoded_parse("a=%FF") == [("a", "\ufffd")]


def test_methods():
    p = URLSearchParams("a=1&b=2&a=3")
    assert p.get("a") == "1" and p.getAll("a") == ["1", "3"] and p.get("z") is None
    assert p.has("a") and p.has("a", "3") and not p.has("a", "4") and "b" in p
    assert p.size == 3 and len(p) == 3
    p.set("a", "x")
    assert str(p) == "a=x&b=2"
    p.set("c", "y")
    assert str(p) == "a=x&b=2&c=y"
    p.append("a", "z")
    p.delete("a", "x")
    assert str(p) == "b=2&c=y&a=z"
    p.delete("a")
    assert str(p) == "b=2&c=y"
    assert list(p.keys()) == ["b", "c"] and list(p.values()) == ["2", "y"]
    assert list(p.entries()) == [("b", "2"), ("c", "y")]
    seen = []
    p.forEach(lambda value, name, obj: seen.append((name, value, obj is p)))
    assert seen == [("b", "2", True), ("c", "y", True)]


def test_sort_is_stable_and_by_code_units():
    p = URLSearchParams("z=b&a=a&z=a&\uff00=1&\U0001F600=2&a=c")
    p.sort()
    assert [k for k, _ in p] == ["a", "a", "z", "z", "\U0001F600", "\uff00"]
    assert [v for k, v in p if k in ("a", "z")] == ["a", "c", "b", "a"]


def test_stringifier_encoding():
    p = URLSearchParams()
    p.append("a b", "c+d&e=f")
    p.append("é", "*-._~!'()")
    assert str(p) == "a+b=c%2Bd%26e%3Df&%C3%A9=*-._%7E%21%27%28%29"
    assert urlencoded_serialize([("\u2261", "a")], "Shift_JIS") == "%81%DF=a"
    assert urlencoded_serialize([("\u203d", "a")], "windows-1252") == "%26%238253%3B=a"


def test_url_sync_both_ways():
    url = URL("https://example.org/?a=1#frag")
    params = url.searchParams
    assert params is url.searchParams
    params.append("b", "2 3")
    assert url.href == "https://example.org/?a=1&b=2+3#frag"
    params.delete("a")
    params.delete("b")
    assert url.search == "" and url.href == "https://example.org/#frag"
    url.search = "?x=y"
    assert params.get("x") == "y"
    url.href = "https://example.org/?q=1"
    assert list(params) == [("q", "1")]
    url.search = ""
    assert list(params) == []


def test_iteration_sees_changes():
    p = URLSearchParams("a=1&b=2&c=3")
    seen = []
    for name, _ in p:
        seen.append(name)
        if name == "a":
            p.delete("b")
    assert seen == ["a", "c"]


def test_opaque_path_and_search_params():
    # The opaque path state writes a space that precedes "?" or "#" as %20, so removing the
    # query or fragment later cannot leave a trailing space.
    url = URL("data:space  ?query")
    assert url.pathname == "space %20"
    url.searchParams.delete("query")
    assert url.href == "data:space %20"
    url = URL("sc:x ?q#f")
    url.search = ""
    assert url.href == "sc:x%20#f"
    assert URL(url.href).href == url.href


def test_record_keys_collapse_after_usv_conversion():
    # Two keys with different lone surrogates both become "\ufffdx": one entry, first position,
    # last value.
    p = URLSearchParams(dict([("\ud835x", "1"), ("xx", "2"), ("\ud83dx", "3")]))
    assert list(p) == [("\ufffdx", "3"), ("xx", "2")]
    assert str(p) == "%EF%BF%BDx=3&xx=2"


def test_optional_value_of_has_and_delete():
    """https://webidl.spec.whatwg.org/#es-overloads: a value left out, or undefined, is not
    given; None stands for JS null, which converts to the string "null"."""
    from webidl import undefined

    p = URLSearchParams("a=b&a=c&a=null")
    assert p.has("a") and p.has("a", undefined) and p.has("a", None) and p.has("a", "null")
    assert not p.has("a", "d")
    p.delete("a", None)
    assert str(p) == "a=b&a=c"
    assert not p.has("a", None) and p.has("a")
    p.delete("a", undefined)
    assert str(p) == "" and p.size == 0
    p = URLSearchParams("a=1&b=2")
    p.delete("a")
    assert str(p) == "b=2"


def test_values_are_converted_like_usv_strings():
    p = URLSearchParams()
    p.append("n", 1)
    p.append("b", True)
    p.append(None, None)
    p.append("s", "\udc00x")
    assert list(p) == [("n", "1"), ("b", "true"), ("null", "null"), ("s", "\ufffdx")]
    p.set("n", 2.5)
    assert p.get("n") == "2.5"


def test_get_getall_on_missing_and_empty_names():
    p = URLSearchParams("=a&=b&c")
    assert p.get("") == "a" and p.getAll("") == ["a", "b"] and p.get("c") == ""
    assert p.getAll("zz") == [] and p.get("zz") is None


def test_size_follows_every_mutation():
    url = URL("http://example.org/?a=1&a=2&b=3")
    params = url.searchParams
    assert params.size == 3
    params.set("a", "x")
    assert params.size == 2 and url.search == "?a=x&b=3"
    url.search = "?only"
    assert params.size == 1 and params.get("only") == ""
    url.hash = "#h"  # unrelated components leave the list alone
    assert params.size == 1


def test_sort_updates_the_url_and_reencodes():
    url = URL("https://example.com/?b=~&a=b c")
    assert url.search == "?b=~&a=b%20c"
    url.searchParams.sort()
    assert url.search == "?a=b+c&b=%7E"


def test_setting_empty_list_removes_query_but_keeps_question_mark_semantics():
    url = URL("http://example.org/?")
    assert url.search == "" and url.href == "http://example.org/?"
    url.searchParams.append("x", "")
    assert url.href == "http://example.org/?x="
    url.searchParams.delete("x")
    assert url.href == "http://example.org/"


def test_foreach_sees_appends_made_during_iteration():
    p = URLSearchParams("a=1")
    seen = []

    def cb(value, name, obj):
        seen.append(name)
        if len(seen) < 3:
            obj.append(name + "x", value)

    p.forEach(cb)
    assert seen == ["a", "ax", "axx"]


def test_url_query_object_keeps_a_leading_question_mark_as_data() -> None:
    # https://url.spec.whatwg.org/#dom-url-url: the query object is *initialized* with the query,
    # so the "?" of "??a=b" belongs to the first name (WPT url/urlsearchparams-constructor).
    from html_infra.url import URL

    url = URL("??a=b&c=d", "http://example.org/foo/bar")
    assert url.search == "??a=b&c=d"
    assert str(url.searchParams) == "%3Fa=b&c=d"
    assert url.searchParams.get("?a") == "b"


def test_undefined_init_is_the_default() -> None:
    """The constructor's argument is optional with default "": undefined is that default, not the
    string "undefined" (https://webidl.spec.whatwg.org/#es-overloads, an optional argument)."""
    from webidl import undefined

    assert list(URLSearchParams(undefined)) == []
    assert list(URLSearchParams(None)) == [("null", "")]
