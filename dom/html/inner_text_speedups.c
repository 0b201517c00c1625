/* _webdom_speedups.the_text: steps 3-7 of the get the text steps
 * (https://html.spec.whatwg.org/#get-the-text-steps) over the tokens the collection gathered:
 * CSS white-space processing (https://drafts.csswg.org/css-text/#white-space-phase-1 and phase
 * 2) of the collapsible text, then the required line breaks.  inner_text_lxml._the_text is the
 * reference; this is the same state machine, token by token:
 *
 *   - a str is text collapsed as 'white-space: normal': each run of spaces, tabs, line feeds and
 *     carriage returns becomes one space, a space at the start of a line is dropped, one at the
 *     end of a run waits for something to follow on the line;
 *   - an int is a required line break count, a _Run (breaks, resets, line_start) a stretch of
 *     counts and silent markers;
 *   - a _Kept of pre, pre-wrap or break-spaces text is appended as it is; one of pre-line is
 *     handed to the reference's _kept, which
 *     gives its pieces and the new (pending space, line start);
 *   - the six markers (open/close block, open/close atomic inline, tab, newline) are told apart
 *     by identity.
 *
 * The output is written to one buffer of the widest kind of character written so far;
 * PyUnicode_FromKindAndData narrows it.  The collection itself is in C too
 * (dom/html/rendered_text_collection_speedups.c).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include "slot_reads.h"

/* The output: characters of one width (*kind*: 1, 2 or 4 bytes), widened when a wider one comes
 * (most text is Latin-1, a quarter of the memory of UCS-4 and copied run by run). */
typedef struct {
    void *data;
    Py_ssize_t size, capacity;
    int kind;
} Text;

/* Room for *more* characters of up to *kind* bytes. */
static int
reserve(Text *t, Py_ssize_t more, int kind)
{
    if (t->size + more <= t->capacity && kind <= t->kind)
        return 0;
    int new_kind = kind > t->kind ? kind : t->kind;
    Py_ssize_t capacity = t->capacity ? t->capacity : 16384;
    while (capacity < t->size + more)
        capacity *= 2;
    if (new_kind == t->kind) {
        void *data = PyMem_Realloc(t->data, (size_t)capacity * (size_t)new_kind);
        if (data == NULL) {
            PyErr_NoMemory();
            return -1;
        }
        t->data = data;
    }
    else {
        void *data = PyMem_Malloc((size_t)capacity * (size_t)new_kind);
        if (data == NULL) {
            PyErr_NoMemory();
            return -1;
        }
        for (Py_ssize_t i = 0; i < t->size; i++)
            PyUnicode_WRITE(new_kind, data, i, PyUnicode_READ(t->kind, t->data, i));
        PyMem_Free(t->data);
        t->data = data;
        t->kind = new_kind;
    }
    t->capacity = capacity;
    return 0;
}

/* Write an ASCII character (room reserved). */
static inline void
put(Text *t, Py_UCS4 c)
{
    PyUnicode_WRITE(t->kind, t->data, t->size, c);
    t->size++;
}

/* Step 6 before a string: the pending required line breaks, none before the first string. */
static int
flush_breaks(Text *out, long *breaks)
{
    if (*breaks > 0 && out->size > 0) {
        if (reserve(out, *breaks, 1) < 0)
            return -1;
        for (long i = 0; i < *breaks; i++)
            put(out, '\n');
    }
    *breaks = 0;
    return 0;
}

static int
append_str(Text *out, PyObject *s)
{
    Py_ssize_t n = PyUnicode_GET_LENGTH(s);
    int kind = PyUnicode_KIND(s);
    if (reserve(out, n, kind) < 0)
        return -1;
    const void *data = PyUnicode_DATA(s);
    if (kind == out->kind)
        memcpy((char *)out->data + out->size * kind, data, (size_t)(n * kind));
    else
        for (Py_ssize_t i = 0; i < n; i++)
            PyUnicode_WRITE(out->kind, out->data, out->size + i, PyUnicode_READ(kind, data, i));
    out->size += n;
    return 0;
}

/* The white space that collapses (inner_text_lxml's COLLAPSIBLE), as a table of the bytes. */
static const unsigned char white_space[256] = {['\t'] = 1, ['\n'] = 1, ['\r'] = 1, [' '] = 1};

static inline int
collapsible(Py_UCS4 c)
{
    return c < 256 && white_space[c];
}

/* Copy data[start:end] (of *kind*; start and end - 1 are no white space) to the output (room
 * reserved, at least as wide), each run of white space as one space; the new size.  Branch-free
 * per character: each is written (white space as a space), and the output advances unless it
 * and the one before are both white space. */
#define COLLAPSE_RUN(FROM, TO)                                                                         \
    {                                                                                                  \
        const FROM *from = data;                                                                       \
        TO *to = (TO *)out->data;                                                                      \
        Py_ssize_t size = out->size;                                                                   \
        unsigned before = 0;                                                                           \
        for (Py_ssize_t i = start; i < end; i++) {                                                     \
            Py_UCS4 c = from[i];                                                                       \
            unsigned space = (unsigned)collapsible(c);                                                 \
            to[size] = (TO)(space ? ' ' : c);                                                          \
            size += !(space & before);                                                                 \
            before = space;                                                                            \
        }                                                                                              \
        return size;                                                                                   \
    }

static Py_ssize_t
collapse_run(Text *out, int kind, const void *data, Py_ssize_t start, Py_ssize_t end)
{
    if (out->kind == PyUnicode_1BYTE_KIND)
        COLLAPSE_RUN(Py_UCS1, Py_UCS1)
    if (out->kind == PyUnicode_2BYTE_KIND) {
        if (kind == PyUnicode_1BYTE_KIND)
            COLLAPSE_RUN(Py_UCS1, Py_UCS2)
        COLLAPSE_RUN(Py_UCS2, Py_UCS2)
    }
    if (kind == PyUnicode_1BYTE_KIND)
        COLLAPSE_RUN(Py_UCS1, Py_UCS4)
    if (kind == PyUnicode_2BYTE_KIND)
        COLLAPSE_RUN(Py_UCS2, Py_UCS4)
    COLLAPSE_RUN(Py_UCS4, Py_UCS4)
}
#undef COLLAPSE_RUN

/* A collapsible string: its runs of white space collapsed (as inner_text_lxml's COLLAPSIBLE),
 * written after the pending breaks and space; the state updated as the reference does. */
static int
collapsed_text(Text *out, PyObject *s, long *breaks, int *pending_space, int *line_start)
{
    Py_ssize_t n = PyUnicode_GET_LENGTH(s);
    if (n == 0)
        return 0;
    int kind = PyUnicode_KIND(s);
    const void *data = PyUnicode_DATA(s);
    Py_ssize_t start = 0, end = n;
    int leading = collapsible(PyUnicode_READ(kind, data, 0));
    while (start < n && collapsible(PyUnicode_READ(kind, data, start)))
        start++;
    if (start == n) { /* white space alone: one space */
        if (!*line_start)
            *pending_space = 1;
        return 0;
    }
    if (leading && !*line_start)
        *pending_space = 1;
    int trailing = collapsible(PyUnicode_READ(kind, data, n - 1));
    while (end > start && collapsible(PyUnicode_READ(kind, data, end - 1)))
        end--;
    if (flush_breaks(out, breaks) < 0)
        return -1;
    if (reserve(out, (end - start) + 1, kind) < 0)
        return -1;
    if (*pending_space)
        put(out, ' ');
    out->size = collapse_run(out, kind, data, start, end);
    *line_start = 0;
    *pending_space = trailing;
    return 0;
}

static PyObject *s_breaks, *s_resets, *s_line_start;
static SlotRead r_breaks, r_resets, r_line_start; /* their reads (see slot_reads.h) */

/* the_text(tokens, run_type, kept_type, markers, kept): markers is the tuple (open block,
 * close block, open atomic, close atomic, tab, newline); kept(token, pending_space, line_start)
 * is the reference's _kept. */
static PyObject *
the_text(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    (void)module;
    if (nargs != 5 || !PyList_Check(args[0]) || !PyTuple_Check(args[3]) || PyTuple_GET_SIZE(args[3]) != 6) {
        PyErr_SetString(PyExc_TypeError, "the_text(tokens, run_type, kept_type, markers, kept)");
        return NULL;
    }
    PyObject *tokens = args[0], *run_type = args[1], *kept_type = args[2], *kept = args[4];
    PyObject *open_block = PyTuple_GET_ITEM(args[3], 0), *close_block = PyTuple_GET_ITEM(args[3], 1);
    PyObject *open_atomic = PyTuple_GET_ITEM(args[3], 2), *close_atomic = PyTuple_GET_ITEM(args[3], 3);
    PyObject *tab = PyTuple_GET_ITEM(args[3], 4), *newline = PyTuple_GET_ITEM(args[3], 5);
    Text out = {NULL, 0, 0, PyUnicode_1BYTE_KIND};
    long breaks = 0;
    int pending_space = 0, line_start = 1;
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(tokens); i++) {
        PyObject *token = PyList_GET_ITEM(tokens, i);
        PyTypeObject *type = Py_TYPE(token);
        if (PyUnicode_Check(token)) {
            if (collapsed_text(&out, token, &breaks, &pending_space, &line_start) < 0)
                goto error;
        }
        else if ((PyObject *)type == run_type) {
            PyObject *value = slot_read(&r_breaks, token);
            if (value == NULL)
                goto error;
            long count = PyLong_AsLong(value);
            Py_DECREF(value);
            if (count == -1 && PyErr_Occurred())
                goto error;
            if (count > breaks)
                breaks = count;
            value = slot_read(&r_resets, token);
            if (value == NULL)
                goto error;
            int resets = PyObject_IsTrue(value);
            Py_DECREF(value);
            if (resets < 0)
                goto error;
            if (resets) {
                pending_space = 0;
                value = slot_read(&r_line_start, token);
                if (value == NULL)
                    goto error;
                line_start = PyObject_IsTrue(value);
                Py_DECREF(value);
                if (line_start < 0)
                    goto error;
            }
        }
        else if (PyLong_CheckExact(token)) {
            long count = PyLong_AsLong(token);
            if (count == -1 && PyErr_Occurred())
                goto error;
            if (count > breaks)
                breaks = count;
        }
        else if (token == open_block || token == close_block) {
            pending_space = 0;
            line_start = 1;
        }
        else if (token == close_atomic) { /* after it, the line goes on with content */
            pending_space = 0;
            line_start = 0;
        }
        else if (token == tab || token == newline) {
            pending_space = 0;
            if (flush_breaks(&out, &breaks) < 0 || reserve(&out, 1, 1) < 0)
                goto error;
            put(&out, token == tab ? '\t' : '\n');
        }
        else if (token == open_atomic) { /* the spaces before an atomic inline stay; inside, a new line */
            if (pending_space) {
                if (flush_breaks(&out, &breaks) < 0 || reserve(&out, 1, 1) < 0)
                    goto error;
                put(&out, ' ');
            }
            pending_space = 0;
            line_start = 1;
        }
        else if ((PyObject *)type == kept_type && PyTuple_GET_SIZE(token) == 2
                 && PyUnicode_Check(PyTuple_GET_ITEM(token, 0)) && PyUnicode_Check(PyTuple_GET_ITEM(token, 1))
                 && PyUnicode_CompareWithASCIIString(PyTuple_GET_ITEM(token, 1), "pre-line") != 0) {
            /* kept as is (pre, pre-wrap, break-spaces): the reference's _kept without its call */
            PyObject *data = PyTuple_GET_ITEM(token, 0);
            Py_ssize_t length = PyUnicode_GET_LENGTH(data);
            if (pending_space) {
                if (flush_breaks(&out, &breaks) < 0 || reserve(&out, 1, 1) < 0)
                    goto error;
                put(&out, ' ');
            }
            if (length > 0) {
                if (flush_breaks(&out, &breaks) < 0 || append_str(&out, data) < 0)
                    goto error;
                line_start = PyUnicode_READ_CHAR(data, length - 1) == '\n';
            }
            pending_space = 0;
        }
        else if ((PyObject *)type == kept_type) {
            PyObject *result = PyObject_CallFunction(kept, "OOO", token, pending_space ? Py_True : Py_False,
                                                     line_start ? Py_True : Py_False);
            if (result == NULL)
                goto error;
            if (!PyTuple_Check(result) || PyTuple_GET_SIZE(result) != 3 || !PyList_Check(PyTuple_GET_ITEM(result, 0))) {
                Py_DECREF(result);
                PyErr_SetString(PyExc_TypeError, "kept() must return (pieces, pending_space, line_start)");
                goto error;
            }
            PyObject *pieces = PyTuple_GET_ITEM(result, 0);
            int failed = 0;
            for (Py_ssize_t k = 0; k < PyList_GET_SIZE(pieces) && !failed; k++) {
                PyObject *piece = PyList_GET_ITEM(pieces, k);
                if (!PyUnicode_Check(piece)) {
                    PyErr_SetString(PyExc_TypeError, "kept() pieces must be str");
                    failed = 1;
                }
                else if (PyUnicode_GET_LENGTH(piece) > 0)
                    failed = flush_breaks(&out, &breaks) < 0 || append_str(&out, piece) < 0;
            }
            if (!failed) {
                pending_space = PyObject_IsTrue(PyTuple_GET_ITEM(result, 1));
                line_start = PyObject_IsTrue(PyTuple_GET_ITEM(result, 2));
                failed = pending_space < 0 || line_start < 0;
            }
            Py_DECREF(result);
            if (failed)
                goto error;
        }
        else {
            PyErr_SetString(PyExc_TypeError, "the_text: a token of no known kind");
            goto error;
        }
    }
    /* step 7; step 5: the breaks left at the end are dropped */
    static const Py_UCS1 empty[1] = {0};
    PyObject *result = PyUnicode_FromKindAndData(out.kind, out.data != NULL ? out.data : empty, out.size);
    PyMem_Free(out.data);
    return result;
error:
    PyMem_Free(out.data);
    return NULL;
}


static PyMethodDef functions[] = {
    {"the_text", (PyCFunction)(void (*)(void))the_text, METH_FASTCALL,
     "the_text(tokens, run_type, kept_type, markers, kept): innerText's white-space processing and "
     "required line breaks over the collected tokens (dom/html/inner_text_speedups.c; the reference is "
     "dom/html/inner_text_lxml.py's _the_text)."},
    {NULL, NULL, 0, NULL}};

int rendered_text_collection_exec(PyObject *module); /* dom/html/rendered_text_collection_speedups.c */

int
inner_text_exec(PyObject *module)
{
    if (s_breaks == NULL && (s_breaks = PyUnicode_InternFromString("breaks")) == NULL)
        return -1;
    if (s_resets == NULL && (s_resets = PyUnicode_InternFromString("resets")) == NULL)
        return -1;
    if (s_line_start == NULL && (s_line_start = PyUnicode_InternFromString("line_start")) == NULL)
        return -1;
    r_breaks.name = s_breaks;
    r_resets.name = s_resets;
    r_line_start.name = s_line_start;
    if (rendered_text_collection_exec(module) < 0)
        return -1;
    return PyModule_AddFunctions(module, functions);
}
