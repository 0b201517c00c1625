/* The HTML parser's looks through the markup (registered by the tree builder's module set-up):
 * contains_ascii_case_insensitive and find_ascii_case_insensitive, for an attribute name in any
 * ASCII case (dom/parsing/declarative_shadow.py, dom/parsing/turbohtml_builder.py), and
 * tag_openings and tag_openings_of_utf8, the tags the passes over a finished tree look for
 * (dom/parsing/tag_starts.py).
 *
 * They run over every document parsed (parse_into hands out no declarative shadow root, and the
 * passes over the finished tree look for their tags first).  With SSE2, a needle of three or
 * more characters is looked for 16, 8 or 4 positions at a time (by the text's character size):
 * the positions whose first, second and last characters match (the filter of W. Mula's
 * "SIMD-friendly algorithms for substring searching") are the only ones compared whole.
 * Otherwise: a Boyer-Moore-Horspool search. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

static inline Py_UCS4
ascii_lower(Py_UCS4 c)
{
    return c - 'A' < 26u ? c + 0x20 : c;
}

/* The search over one kind of string: the index of the first occurrence of *pattern* (*m*
 * lowercase ASCII characters) in s[start:end] in any ASCII case, or -1.  skip[c] is how far the
 * window moves when c is its last character. */
#define DEFINE_SEARCH(NAME, CHAR)                                                                    \
    static Py_ssize_t NAME(const CHAR *s, Py_ssize_t start, Py_ssize_t end, const Py_UCS1 *pattern,   \
                           Py_ssize_t m, const Py_ssize_t *skip)                                     \
    {                                                                                                \
        for (Py_ssize_t i = start + m - 1; i < end;) {                                               \
            Py_UCS4 c = ascii_lower(s[i]);                                                           \
            if (c == pattern[m - 1]) {                                                               \
                Py_ssize_t j = m - 2;                                                                \
                const CHAR *w = s + i - (m - 1);                                                     \
                while (j >= 0 && ascii_lower(w[j]) == pattern[j])                                    \
                    j--;                                                                             \
                if (j < 0)                                                                           \
                    return i - (m - 1);                                                              \
            }                                                                                        \
            i += c < 128 ? skip[c] : m;                                                              \
        }                                                                                            \
        return -1;                                                                                   \
    }
DEFINE_SEARCH(search_ucs1, Py_UCS1)
DEFINE_SEARCH(search_ucs2, Py_UCS2)
DEFINE_SEARCH(search_ucs4, Py_UCS4)
#undef DEFINE_SEARCH

/* The character at s[i] of a text of *width*-byte characters. */
static inline Py_UCS4
char_at(const char *s, int width, Py_ssize_t i)
{
    if (width == 1)
        return ((const Py_UCS1 *)s)[i];
    return width == 2 ? ((const Py_UCS2 *)s)[i] : ((const Py_UCS4 *)s)[i];
}

#if defined(__SSE2__)
#include <emmintrin.h>

/* 16, 8 or 4 positions' match of one character of the needle: equal, or for a letter equal once
 * 0x20 is set (which makes only its capital equal too). */
static inline __m128i
lane_match(__m128i chars, __m128i wanted, __m128i fold, int width)
{
    __m128i folded = _mm_or_si128(chars, fold);
    if (width == 1)
        return _mm_cmpeq_epi8(folded, wanted);
    return width == 2 ? _mm_cmpeq_epi16(folded, wanted) : _mm_cmpeq_epi32(folded, wanted);
}

static inline __m128i
spread(int width, Py_UCS1 c)
{
    if (width == 1)
        return _mm_set1_epi8((char)c);
    return width == 2 ? _mm_set1_epi16(c) : _mm_set1_epi32(c);
}

/* The filtered search over a text of *width*-byte characters (1, 2 or 4): as DEFINE_SEARCH's. */
static Py_ssize_t
filtered_search(const char *s, int width, Py_ssize_t start, Py_ssize_t end, const Py_UCS1 *pattern, Py_ssize_t m)
{
    const int lanes = 16 / width;
    Py_UCS1 chars[3] = {pattern[0], pattern[1], pattern[m - 1]};
    Py_ssize_t offsets[3] = {0, 1, m - 1};
    __m128i wanted[3], fold[3];
    for (int k = 0; k < 3; k++) {
        int letter = chars[k] >= 'a' && chars[k] <= 'z';
        wanted[k] = spread(width, chars[k]);
        fold[k] = spread(width, letter ? 0x20 : 0);
    }
    /* each position's bit in a 16-bit movemask: one per byte, the lowest of a wider lane's */
    const unsigned keep = width == 1 ? 0xFFFFu : width == 2 ? 0x5555u : 0x1111u;
    Py_ssize_t low = start, high = end - m + 1; /* where the needle may start */
    for (; high - low >= lanes; low += lanes) {
        Py_ssize_t at = low;
        __m128i hit = _mm_set1_epi8(-1);
        for (int k = 0; k < 3; k++) {
            __m128i loaded = _mm_loadu_si128((const __m128i *)(s + (at + offsets[k]) * width));
            hit = _mm_and_si128(hit, lane_match(loaded, wanted[k], fold[k], width));
        }
        unsigned mask = (unsigned)_mm_movemask_epi8(hit) & keep;
        while (mask) {
            int bit = __builtin_ctz(mask);
            Py_ssize_t i = at + bit / width;
            Py_ssize_t j = 0;
            while (j < m && ascii_lower(char_at(s, width, i + j)) == pattern[j])
                j++;
            if (j == m)
                return i;
            mask &= mask - 1;
        }
    }
    /* the last few positions, one at a time */
    for (Py_ssize_t i = low; i < high; i++) {
        Py_ssize_t j = 0;
        while (j < m && ascii_lower(char_at(s, width, i + j)) == pattern[j])
            j++;
        if (j == m)
            return i;
    }
    return -1;
}
#endif

/* The index of *needle* (a short lowercase ASCII str) in text[start:end] as the searches above
 * find it; -2 with ValueError for another needle. */
static Py_ssize_t
find(PyObject *text, PyObject *needle, Py_ssize_t start, Py_ssize_t end)
{
    Py_ssize_t m = PyUnicode_GET_LENGTH(needle);
    if (m == 0 || m > 255 || PyUnicode_KIND(needle) != PyUnicode_1BYTE_KIND) {
        PyErr_SetString(PyExc_ValueError, "the needle is a short ASCII string");
        return -2;
    }
    const Py_UCS1 *pattern = PyUnicode_1BYTE_DATA(needle);
    Py_ssize_t skip[128];
    for (int c = 0; c < 128; c++)
        skip[c] = m;
    for (Py_ssize_t j = 0; j < m; j++) {
        if (pattern[j] >= 128 || (pattern[j] >= 'A' && pattern[j] <= 'Z')) {
            PyErr_SetString(PyExc_ValueError, "the needle is lowercase ASCII");
            return -2;
        }
    }
#if defined(__SSE2__)
    if (m >= 3)
        return filtered_search((const char *)PyUnicode_DATA(text), PyUnicode_KIND(text), start, end, pattern, m);
#endif
    for (Py_ssize_t j = 0; j < m - 1; j++)
        skip[pattern[j]] = m - 1 - j;
    switch (PyUnicode_KIND(text)) {
    case PyUnicode_1BYTE_KIND:
        return search_ucs1(PyUnicode_1BYTE_DATA(text), start, end, pattern, m, skip);
    case PyUnicode_2BYTE_KIND:
        return search_ucs2(PyUnicode_2BYTE_DATA(text), start, end, pattern, m, skip);
    default:
        return search_ucs4(PyUnicode_4BYTE_DATA(text), start, end, pattern, m, skip);
    }
}

/* contains_ascii_case_insensitive(text, needle): whether *text* holds *needle* (lowercase
 * ASCII) in any ASCII case, as the HTML parser reads attribute names. */
static PyObject *
contains_ascii_case_insensitive(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    (void)module;
    if (nargs != 2 || !PyUnicode_Check(args[0]) || !PyUnicode_Check(args[1])) {
        PyErr_SetString(PyExc_TypeError, "contains_ascii_case_insensitive(text, needle) takes two strings");
        return NULL;
    }
    if (PyUnicode_GET_LENGTH(args[1]) == 0)
        Py_RETURN_TRUE;
    Py_ssize_t found = find(args[0], args[1], 0, PyUnicode_GET_LENGTH(args[0]));
    if (found == -2)
        return NULL;
    return PyBool_FromLong(found >= 0);
}

/* find_ascii_case_insensitive(text, needle, start, end): the index of the first occurrence of
 * *needle* (lowercase ASCII) in text[start:end] in any ASCII case, or -1. */
static PyObject *
find_ascii_case_insensitive(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    (void)module;
    if (nargs != 4 || !PyUnicode_Check(args[0]) || !PyUnicode_Check(args[1]) || !PyLong_Check(args[2])
        || !PyLong_Check(args[3])) {
        PyErr_SetString(PyExc_TypeError, "find_ascii_case_insensitive(text, needle, start, end)");
        return NULL;
    }
    Py_ssize_t start = PyLong_AsSsize_t(args[2]), end = PyLong_AsSsize_t(args[3]);
    if ((start == -1 || end == -1) && PyErr_Occurred())
        return NULL;
    if (start < 0 || end > PyUnicode_GET_LENGTH(args[0])) {
        PyErr_SetString(PyExc_ValueError, "find_ascii_case_insensitive needs 0 <= start and end <= len(text)");
        return NULL;
    }
    Py_ssize_t found = find(args[0], args[1], start, end);
    return found == -2 ? NULL : PyLong_FromSsize_t(found);
}

/* The names of the tag openings tag_openings() reports, in the order of its lists (tag_starts.py's
 * OPENINGS): "<form", "</form", "<script", "</script", "<template", "<meta". */
static const char *const opening_names[] = {"form", "form", "script", "script", "template", "meta"};
#define OPENINGS ((int)(sizeof opening_names / sizeof opening_names[0]))

/* Which of openings[] the markup at s[i] (a "<") starts, followed by a character that ends a tag
 * name; -1 for none.  Most "<" start another name, told by the letter after it. */
#define DEFINE_OPENING_AT(NAME, CHAR)                                                                \
    static inline int NAME(const CHAR *s, Py_ssize_t i, Py_ssize_t n)                                \
    {                                                                                                \
        Py_ssize_t j = i + 1;                                                                        \
        if (j + 1 >= n)                                                                              \
            return -1;                                                                               \
        int closing = s[j] == '/';                                                                   \
        j += closing;                                                                                \
        Py_UCS4 first = s[j] | 0x20; /* (only the letters below are compared) */                     \
        int k;                                                                                       \
        if (first == 'f')                                                                            \
            k = closing;                                                                             \
        else if (first == 's')                                                                       \
            k = 2 + closing;                                                                         \
        else if (!closing && first == 't')                                                           \
            k = 4;                                                                                   \
        else if (!closing && first == 'm')                                                           \
            k = 5;                                                                                   \
        else                                                                                         \
            return -1;                                                                               \
        const char *name = opening_names[k] + 1;                                                     \
        for (j++; *name; name++, j++)                                                                \
            if (j >= n || ascii_lower(s[j]) != (Py_UCS1)*name)                                       \
                return -1;                                                                           \
        if (j >= n)                                                                                  \
            return -1;                                                                               \
        Py_UCS4 end = s[j];                                                                          \
        return end == '\t' || end == '\n' || end == '\f' || end == '\r' || end == ' ' || end == '/'   \
                       || end == '>'                                                                 \
                   ? k                                                                               \
                   : -1;                                                                             \
    }
DEFINE_OPENING_AT(opening_at_ucs1, Py_UCS1)
DEFINE_OPENING_AT(opening_at_ucs2, Py_UCS2)
DEFINE_OPENING_AT(opening_at_ucs4, Py_UCS4)
#undef DEFINE_OPENING_AT

static int
opening_at(const char *s, int width, Py_ssize_t i, Py_ssize_t n)
{
    if (width == 1)
        return opening_at_ucs1((const Py_UCS1 *)s, i, n);
    return width == 2 ? opening_at_ucs2((const Py_UCS2 *)s, i, n) : opening_at_ucs4((const Py_UCS4 *)s, i, n);
}

/* Add *position* to the list of opening *k* in *lists*; -1 on error. */
static int
note_position(PyObject *lists, int k, Py_ssize_t position)
{
    PyObject *number = PyLong_FromSsize_t(position);
    if (number == NULL)
        return -1;
    int failed = PyList_Append(PyTuple_GET_ITEM(lists, k), number);
    Py_DECREF(number);
    return failed;
}

/* Add position *i* (a "<") to the list of the opening the markup holds there, if any; -1 on error. */
static int
note_opening(PyObject *lists, const char *s, int width, Py_ssize_t i, Py_ssize_t n)
{
    int k = opening_at(s, width, i, n);
    return k < 0 ? 0 : note_position(lists, k, i);
}

/* A tuple of one empty list per opening, or NULL with an exception. */
static PyObject *
new_opening_lists(void)
{
    PyObject *lists = PyTuple_New(OPENINGS);
    if (lists == NULL)
        return NULL;
    for (int k = 0; k < OPENINGS; k++) {
        PyObject *list = PyList_New(0);
        if (list == NULL) {
            Py_DECREF(lists);
            return NULL;
        }
        PyTuple_SET_ITEM(lists, k, list);
    }
    return lists;
}

/* tag_openings(text): where *text* holds "<form", "</form", "<script", "</script", "<template"
 * and "<meta" (in any ASCII case) each followed by a character that ends a tag name, as lists of
 * positions in that order: one pass over the text for the passes after a parse, which would
 * otherwise search it once per opening.  With SSE2, the "<" are found 16, 8 or 4 characters at
 * a time. */
static PyObject *
tag_openings(PyObject *module, PyObject *text)
{
    (void)module;
    if (!PyUnicode_Check(text)) {
        PyErr_SetString(PyExc_TypeError, "tag_openings(text) takes a string");
        return NULL;
    }
    PyObject *lists = new_opening_lists();
    if (lists == NULL)
        return NULL;
    const char *s = (const char *)PyUnicode_DATA(text);
    int width = PyUnicode_KIND(text);
    Py_ssize_t n = PyUnicode_GET_LENGTH(text), i = 0;
#if defined(__SSE2__)
    const int lanes = 16 / width;
    const unsigned keep = width == 1 ? 0xFFFFu : width == 2 ? 0x5555u : 0x1111u;
    const __m128i wanted = spread(width, '<'), fold = _mm_setzero_si128();
    for (; i + lanes <= n; i += lanes) {
        __m128i loaded = _mm_loadu_si128((const __m128i *)(s + i * width));
        unsigned mask = (unsigned)_mm_movemask_epi8(lane_match(loaded, wanted, fold, width)) & keep;
        while (mask) {
            if (note_opening(lists, s, width, i + __builtin_ctz(mask) / width, n) < 0) {
                Py_DECREF(lists);
                return NULL;
            }
            mask &= mask - 1;
        }
    }
#endif
    for (; i < n; i++)
        if (char_at(s, width, i) == '<' && note_opening(lists, s, width, i, n) < 0) {
            Py_DECREF(lists);
            return NULL;
        }
    return lists;
}

#if defined(__SSE2__)
/* The sum of the sixteen byte lanes of *counts*. */
static inline Py_ssize_t
lanes_sum(__m128i counts)
{
    __m128i sums = _mm_sad_epu8(counts, _mm_setzero_si128());
    return _mm_cvtsi128_si32(sums) + _mm_extract_epi16(sums, 4);
}

/* The number of bits set in the 16-bit *mask* (without the popcnt instruction, which SSE2 lacks). */
static inline int
bits_set(unsigned mask)
{
    mask -= (mask >> 1) & 0x5555u;
    mask = (mask & 0x3333u) + ((mask >> 2) & 0x3333u);
    mask = (mask + (mask >> 4)) & 0x0F0Fu;
    return (int)((mask + (mask >> 8)) & 0x1Fu);
}
#endif

/* tag_openings_of_utf8(data, start): tag_openings(data[start:].decode()) for bytes that are UTF-8
 * (the caller decoded them without an error), read from the bytes: a page's str is as long, or
 * two or four times as long where it holds a character above U+00FF, and the str's pass was the
 * second over the page after the decoder's.  The openings, and the characters that end a tag
 * name, are ASCII, spelled by the same bytes in UTF-8; a position counts the bytes before it
 * that start a character (all but the continuation bytes, 10xxxxxx). */
static PyObject *
tag_openings_of_utf8(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    (void)module;
    if (nargs != 2 || !PyBytes_Check(args[0]) || !PyLong_Check(args[1])) {
        PyErr_SetString(PyExc_TypeError, "tag_openings_of_utf8(data, start) takes bytes and an int");
        return NULL;
    }
    Py_ssize_t start = PyLong_AsSsize_t(args[1]);
    if (start == -1 && PyErr_Occurred())
        return NULL;
    if (start < 0 || start > PyBytes_GET_SIZE(args[0])) {
        PyErr_SetString(PyExc_ValueError, "tag_openings_of_utf8 needs 0 <= start <= len(data)");
        return NULL;
    }
    const Py_UCS1 *s = (const Py_UCS1 *)PyBytes_AS_STRING(args[0]) + start;
    Py_ssize_t n = PyBytes_GET_SIZE(args[0]) - start, i = 0, chars = 0;
    PyObject *lists = new_opening_lists();
    if (lists == NULL)
        return NULL;
#if defined(__SSE2__)
    /* The continuation bytes are counted sixteen at a time into byte lanes, summed every 255
     * blocks (before a lane can overflow) and where an opening is found. */
    const __m128i wanted = _mm_set1_epi8('<'), top = _mm_set1_epi8((char)0xC0), continuation = _mm_set1_epi8((char)0x80),
                  zero = _mm_setzero_si128();
    __m128i counts = zero;
    Py_ssize_t summed = 0; /* the continuation bytes of the blocks summed */
    for (int blocks = 0; i + 16 <= n; i += 16) {
        __m128i loaded = _mm_loadu_si128((const __m128i *)(s + i));
        __m128i follows = _mm_cmpeq_epi8(_mm_and_si128(loaded, top), continuation);
        for (unsigned opens = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(loaded, wanted)); opens; opens &= opens - 1) {
            int at = __builtin_ctz(opens), k = opening_at_ucs1(s, i + at, n);
            if (k < 0)
                continue;
            Py_ssize_t before = summed + lanes_sum(counts)
                                + bits_set((unsigned)_mm_movemask_epi8(follows) & ((1u << at) - 1));
            if (note_position(lists, k, i + at - before) < 0) {
                Py_DECREF(lists);
                return NULL;
            }
        }
        counts = _mm_sub_epi8(counts, follows); /* (a match is -1) */
        if (++blocks == 255) {
            summed += lanes_sum(counts);
            counts = zero;
            blocks = 0;
        }
    }
    chars = i - summed - lanes_sum(counts);
#endif
    for (; i < n; i++) {
        if (s[i] == '<') {
            int k = opening_at_ucs1(s, i, n);
            if (k >= 0 && note_position(lists, k, chars) < 0) {
                Py_DECREF(lists);
                return NULL;
            }
        }
        chars += (s[i] & 0xC0) != 0x80;
    }
    return lists;
}

PyMethodDef ascii_case_functions[] = {
    {"contains_ascii_case_insensitive", (PyCFunction)(void (*)(void))contains_ascii_case_insensitive, METH_FASTCALL,
     "contains_ascii_case_insensitive(text, needle): needle (lowercase ASCII) in text, in any ASCII case."},
    {"tag_openings", (PyCFunction)tag_openings, METH_O,
     "tag_openings(text): the positions of <form, </form, <script, </script, <template and <meta starting a tag "
     "name (any ASCII case), as six lists."},
    {"tag_openings_of_utf8", (PyCFunction)(void (*)(void))tag_openings_of_utf8, METH_FASTCALL,
     "tag_openings_of_utf8(data, start): tag_openings(data[start:].decode()), read from those bytes (UTF-8)."},
    {"find_ascii_case_insensitive", (PyCFunction)(void (*)(void))find_ascii_case_insensitive, METH_FASTCALL,
     "find_ascii_case_insensitive(text, needle, start, end): the index of needle (lowercase ASCII) in "
     "text[start:end], in any ASCII case, the first; -1 where it is not."},
    {NULL, NULL, 0, NULL}};
