/* contains_ascii_case_insensitive, the HTML parser's look for an attribute name in any ASCII
 * case (dom/parsing/declarative_shadow.py), registered by the tree builder's module set-up. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

static Py_UCS4
ascii_lower(Py_UCS4 c)
{
    return (c >= 'A' && c <= 'Z') ? c + 0x20 : c;
}

/* contains_ascii_case_insensitive(text, needle): whether *text* holds *needle* (lowercase
 * ASCII) in any ASCII case, as the HTML parser reads attribute names; Boyer-Moore-Horspool, so
 * most of a long text is skipped (declarative shadow roots are looked for in every document
 * this builder is given, since parse_into hands out none of them). */
static PyObject *
contains_ascii_case_insensitive(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 2 || !PyUnicode_Check(args[0]) || !PyUnicode_Check(args[1])) {
        PyErr_SetString(PyExc_TypeError, "contains_ascii_case_insensitive(text, needle) takes two strings");
        return NULL;
    }
    PyObject *text = args[0], *needle = args[1];
    Py_ssize_t n = PyUnicode_GET_LENGTH(text), m = PyUnicode_GET_LENGTH(needle);
    if (m == 0)
        Py_RETURN_TRUE;
    if (m > 255 || PyUnicode_KIND(needle) != PyUnicode_1BYTE_KIND) {
        PyErr_SetString(PyExc_ValueError, "the needle is a short ASCII string");
        return NULL;
    }
    const Py_UCS1 *pattern = PyUnicode_1BYTE_DATA(needle);
    Py_ssize_t skip[128];
    for (int c = 0; c < 128; c++)
        skip[c] = m;
    for (Py_ssize_t j = 0; j < m - 1; j++) {
        if (pattern[j] >= 128 || (pattern[j] >= 'A' && pattern[j] <= 'Z')) {
            PyErr_SetString(PyExc_ValueError, "the needle is lowercase ASCII");
            return NULL;
        }
        skip[pattern[j]] = m - 1 - j;
    }
    int kind = PyUnicode_KIND(text);
    const void *data = PyUnicode_DATA(text);
    for (Py_ssize_t i = m - 1; i < n;) {
        Py_UCS4 last = ascii_lower(PyUnicode_READ(kind, data, i));
        if (last == pattern[m - 1]) {
            Py_ssize_t j = m - 2;
            while (j >= 0 && ascii_lower(PyUnicode_READ(kind, data, i - (m - 1) + j)) == pattern[j])
                j--;
            if (j < 0)
                Py_RETURN_TRUE;
        }
        i += last < 128 ? skip[last] : m;
    }
    Py_RETURN_FALSE;
}

PyMethodDef ascii_case_functions[] = {
    {"contains_ascii_case_insensitive", (PyCFunction)(void (*)(void))contains_ascii_case_insensitive, METH_FASTCALL,
     "contains_ascii_case_insensitive(text, needle): needle (lowercase ASCII) in text, in any ASCII case."},
    {NULL, NULL, 0, NULL}};
