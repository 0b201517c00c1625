/* The byte loop of the encoding prescan in C (html_infra/encoding/sniffing.py keeps the
 * reference): next_meta(data, position) runs step 3's loop of
 * https://html.spec.whatwg.org/#prescan-a-byte-stream-to-determine-its-encoding from *position*
 * up to the next meta start tag, gets that tag's attributes ("get an attribute",
 * https://html.spec.whatwg.org/#concept-get-attributes-when-sniffing) and returns them with the
 * position of the loop's "next byte" step; None when it runs out of bytes.  What a meta's
 * attributes declare (steps 2-16 of its case) is decided in Python, which calls this again for
 * the next meta when they declare nothing.
 *
 * The prescan runs before every page parsed from bytes, over up to 1024 of them: in Python its
 * loop cost a small page's parse 18 us, a twentieth of it. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

/* 0x09, 0x0A, 0x0C, 0x0D, 0x20 */
static inline int
is_space(unsigned char b)
{
    return b == 0x09 || b == 0x0A || b == 0x0C || b == 0x0D || b == 0x20;
}

static inline int
is_ascii_alpha(unsigned char b)
{
    return (unsigned char)((b | 0x20) - 'a') < 26u;
}

/* Bytes appended to an attribute's name or value: A-Z as a-z, any other byte as the code point
 * of its value. */
typedef struct {
    unsigned char small[64];
    unsigned char *data;
    Py_ssize_t length, capacity;
} Buffer;

static void
buffer_init(Buffer *buffer)
{
    buffer->data = buffer->small;
    buffer->length = 0;
    buffer->capacity = (Py_ssize_t)sizeof buffer->small;
}

static void
buffer_free(Buffer *buffer)
{
    if (buffer->data != buffer->small)
        PyMem_Free(buffer->data);
}

static int
append_lowered(Buffer *buffer, const unsigned char *bytes, Py_ssize_t n)
{
    if (buffer->length + n > buffer->capacity) {
        Py_ssize_t capacity = (buffer->length + n) * 2;
        unsigned char *grown = PyMem_Malloc(capacity);
        if (grown == NULL) {
            PyErr_NoMemory();
            return -1;
        }
        memcpy(grown, buffer->data, buffer->length);
        buffer_free(buffer);
        buffer->data = grown;
        buffer->capacity = capacity;
    }
    for (Py_ssize_t i = 0; i < n; i++)
        buffer->data[buffer->length++] = (unsigned char)((unsigned)(bytes[i] - 'A') < 26u ? bytes[i] + 0x20 : bytes[i]);
    return 0;
}

#define OUT_OF_BYTES 1
#define NO_ATTRIBUTE 2

/* "Get an attribute" at *position*: 0 with the name and value in *name* and *value* (emptied
 * first) and *position* after the attribute, NO_ATTRIBUTE (*position* at the ">"), OUT_OF_BYTES,
 * or -1 with an exception. */
static int
get_an_attribute(const unsigned char *data, Py_ssize_t n, Py_ssize_t *position, Buffer *name, Buffer *value)
{
    Py_ssize_t p = *position;
    name->length = value->length = 0;
    while (p < n && (is_space(data[p]) || data[p] == '/')) /* step 1 */
        p++;
    if (p >= n)
        return OUT_OF_BYTES;
    if (data[p] == '>') { /* step 2 */
        *position = p;
        return NO_ATTRIBUTE;
    }
    for (;;) { /* steps 3-5 */
        if (p >= n)
            return OUT_OF_BYTES;
        unsigned char b = data[p];
        if (b == '=' && name->length > 0) {
            p++;
            break; /* to "value" */
        }
        if (is_space(b)) {
            while (p < n && is_space(data[p])) /* step 6: spaces */
                p++;
            if (p >= n)
                return OUT_OF_BYTES;
            if (data[p] != '=') { /* step 7 */
                *position = p;
                return 0;
            }
            p++; /* step 8 */
            break;
        }
        if (b == '/' || b == '>') {
            *position = p;
            return 0;
        }
        if (append_lowered(name, &data[p], 1) < 0)
            return -1;
        p++;
    }
    while (p < n && is_space(data[p])) /* step 9: value */
        p++;
    if (p >= n)
        return OUT_OF_BYTES;
    unsigned char b = data[p]; /* step 10 */
    if (b == '"' || b == '\'') {
        const unsigned char *end = memchr(data + p + 1, b, n - p - 1);
        if (end == NULL)
            return OUT_OF_BYTES;
        if (append_lowered(value, data + p + 1, end - (data + p + 1)) < 0)
            return -1;
        *position = end - data + 1;
        return 0;
    }
    if (b == '>') {
        *position = p;
        return 0;
    }
    Py_ssize_t start = p; /* steps 10-12: up to a space or ">" */
    while (p < n && !is_space(data[p]) && data[p] != '>')
        p++;
    if (p >= n)
        return OUT_OF_BYTES;
    if (append_lowered(value, data + start, p - start) < 0)
        return -1;
    *position = p;
    return 0;
}

static PyObject *
latin1(const Buffer *buffer)
{
    return PyUnicode_DecodeLatin1((const char *)buffer->data, buffer->length, NULL);
}

/* The attributes of a tag from *position* on, as (name, value) tuples in a list when *list* is
 * set: 0 with *position* at the ">" that ended them, OUT_OF_BYTES, or -1 with an exception. */
static int
get_attributes(const unsigned char *data, Py_ssize_t n, Py_ssize_t *position, PyObject *list)
{
    Buffer name, value;
    buffer_init(&name);
    buffer_init(&value);
    int status;
    while ((status = get_an_attribute(data, n, position, &name, &value)) == 0) {
        if (list == NULL)
            continue;
        PyObject *pair = Py_BuildValue("(NN)", latin1(&name), latin1(&value));
        if (pair == NULL || PyList_Append(list, pair) < 0) {
            Py_XDECREF(pair);
            status = -1;
            break;
        }
        Py_DECREF(pair);
    }
    buffer_free(&name);
    buffer_free(&value);
    return status == NO_ATTRIBUTE ? 0 : status;
}

/* next_meta(data, position) -> ([(name, value), ...], position) | None */
static PyObject *
next_meta(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    (void)module;
    if (nargs != 2 || !PyBytes_Check(args[0]) || !PyLong_Check(args[1])) {
        PyErr_SetString(PyExc_TypeError, "next_meta(data: bytes, position: int)");
        return NULL;
    }
    const unsigned char *data = (const unsigned char *)PyBytes_AS_STRING(args[0]);
    Py_ssize_t n = PyBytes_GET_SIZE(args[0]);
    Py_ssize_t p = PyLong_AsSsize_t(args[1]);
    if (p == -1 && PyErr_Occurred())
        return NULL;
    if (p < 0)
        p = 0;
    for (; p < n; p++) { /* step 3: loop (p++ is step 4, "next byte") */
        if (data[p] != '<') { /* "any other byte": passed over, to the next "<" */
            const unsigned char *next = memchr(data + p, '<', n - p);
            if (next == NULL)
                break;
            p = next - data;
        }
        const unsigned char *rest = data + p;
        Py_ssize_t left = n - p;
        if (left >= 4 && rest[1] == '!' && rest[2] == '-' && rest[3] == '-') { /* <!-- */
            const unsigned char *end = NULL;
            for (Py_ssize_t i = 2; i + 2 < left; i++)
                if (rest[i] == '-' && rest[i + 1] == '-' && rest[i + 2] == '>') {
                    end = rest + i + 2;
                    break;
                }
            if (end == NULL)
                break;
            p = end - data;
        }
        else if (left > 5 && (rest[1] | 0x20) == 'm' && (rest[2] | 0x20) == 'e' && (rest[3] | 0x20) == 't'
                 && (rest[4] | 0x20) == 'a' && (is_space(rest[5]) || rest[5] == '/')) {
            p += 5;
            PyObject *attributes = PyList_New(0);
            if (attributes == NULL)
                return NULL;
            int status = get_attributes(data, n, &p, attributes);
            if (status != 0) {
                Py_DECREF(attributes);
                if (status < 0)
                    return NULL;
                break;
            }
            return Py_BuildValue("(Nn)", attributes, p + 1);
        }
        else if (left >= 2 && (is_ascii_alpha(rest[1]) || (left >= 3 && rest[1] == '/' && is_ascii_alpha(rest[2])))) {
            while (p < n && !is_space(data[p]) && data[p] != '>') /* to a space or ">" */
                p++;
            if (p >= n)
                break;
            int status = get_attributes(data, n, &p, NULL);
            if (status < 0)
                return NULL;
            if (status != 0)
                break;
        }
        else if (left >= 2 && (rest[1] == '!' || rest[1] == '/' || rest[1] == '?')) {
            const unsigned char *end = memchr(rest + 1, '>', left - 1);
            if (end == NULL)
                break;
            p = end - data;
        }
    }
    Py_RETURN_NONE; /* out of bytes */
}

static PyMethodDef functions[] = {
    {"next_meta", (PyCFunction)(void (*)(void))next_meta, METH_FASTCALL,
     "next_meta(data, position): the attributes of the next meta start tag the encoding prescan meets from "
     "position, and the position after it; None when the bytes run out first."},
    {NULL, NULL, 0, NULL}};

int
sniffing_exec(PyObject *module)
{
    return PyModule_AddFunctions(module, functions);
}
