/* _webdom_speedups.serialize: the HTML fragment serialization algorithm
 * (https://html.spec.whatwg.org/#html-fragment-serialisation-algorithm) in C, over the libxml2
 * nodes of the lxml store.
 *
 * dom/serialization.py is the reference (serialize_fragment, over the wrappers): this writes the
 * same string for an HTML document whose text lxml holds as it is (no document._escaped_text),
 * reading only libxml2's structures, and answers None -- the caller then takes the reference's
 * route -- where the answer needs what only a wrapper knows:
 *
 *   - an element or attribute in a namespace other than HTML, SVG, MathML, XLink, XML and the
 *     store's own (its prefix lives on the wrapper);
 *   - an attribute value or a comment holding U+FFFD on a wrapped node (the wrapper may hold the
 *     true string, whose characters lxml cannot);
 *   - processing instructions, entity references and CDATA (not made in HTML documents).
 *
 * Names the store escapes ({urn:x-webdom:escaped}x<hex of namespace, prefix, local name>) are
 * decoded here.  A template's contents are a fragment of their own, reached through the wrapper:
 * template_content(proxy, wrapper map of the template's document) gives the fragment's container
 * element and its document's wrapper map (or None: declined), and the container's children are
 * written in the template's place.  The walk follows libxml2's parent and sibling links, so any depth
 * serializes without recursion.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <string.h>
#include <libxml/tree.h>
#include "etree.h" /* lxml's public C header: struct LxmlElement (the proxy's node and document) */

#define HTML_NS "http://www.w3.org/1999/xhtml"
#define SVG_NS "http://www.w3.org/2000/svg"
#define MATHML_NS "http://www.w3.org/1998/Math/MathML"
#define XLINK_NS "http://www.w3.org/1999/xlink"
#define XML_NS "http://www.w3.org/XML/1998/namespace"
#define XMLNS_NS "http://www.w3.org/2000/xmlns/"
#define ESCAPED_NS "urn:x-webdom:escaped"
#define NULL_NS "urn:x-webdom:null"

typedef struct {
    char *data;
    size_t size, capacity;
} Buffer;

static int
grow(Buffer *b, size_t more)
{
    if (b->size + more <= b->capacity)
        return 0;
    size_t capacity = b->capacity ? b->capacity : 4096;
    while (capacity < b->size + more)
        capacity *= 2;
    char *data = PyMem_Realloc(b->data, capacity);
    if (data == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    b->data = data;
    b->capacity = capacity;
    return 0;
}

static int
put(Buffer *b, const char *s, size_t n)
{
    if (grow(b, n) < 0)
        return -1;
    memcpy(b->data + b->size, s, n);
    b->size += n;
    return 0;
}

static int
puts_(Buffer *b, const char *s)
{
    return put(b, s, strlen(s));
}

/* https://html.spec.whatwg.org/#escapingString: &, U+00A0 (C2 A0 in UTF-8), < and >; '"' too in
 * attribute mode. */
static int
put_escaped(Buffer *b, const unsigned char *s, int attribute_mode)
{
    const unsigned char *run = s;
    for (; *s; s++) {
        const char *with = NULL;
        size_t skip = 1;
        switch (*s) {
        case '&': with = "&amp;"; break;
        case '<': with = "&lt;"; break;
        case '>': with = "&gt;"; break;
        case '"': with = attribute_mode ? "&quot;" : NULL; break;
        case 0xC2:
            if (s[1] == 0xA0) {
                with = "&nbsp;";
                skip = 2;
            }
            break;
        }
        if (with == NULL)
            continue;
        if (put(b, (const char *)run, s - run) < 0 || puts_(b, with) < 0)
            return -1;
        s += skip - 1;
        run = s + 1;
    }
    return put(b, (const char *)run, s - run);
}

static int
has_replacement_character(const unsigned char *s)
{
    return s != NULL && strstr((const char *)s, "\xEF\xBF\xBD") != NULL;
}

static int
is_one_of(const char *name, const char *const *names)
{
    for (; *names; names++)
        if (strcmp(name, *names) == 0)
            return 1;
    return 0;
}

/* https://html.spec.whatwg.org/#void-elements and the legacy names of #serializes-as-void */
static const char *const VOID[] = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta",
                                   "source", "track", "wbr", "basefont", "bgsound", "frame", "keygen", "param", NULL};
static const char *const RAW_TEXT[] = {"style", "script", "xmp", "iframe", "noembed", "noframes", "plaintext", NULL};

/* A name as the store holds it: (namespace or NULL, prefix or NULL, local name), in *storage*
 * when decoded.  Returns 0, or 1 when the name is not one this writer knows (declined). */
typedef struct {
    const char *ns, *prefix, *local;
    char storage[512];
} Name;

static int
hex_value(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    return -1;
}

/* storage.py's _encode: "x" + hex(UTF-8 of "n<ns>" NUL "p<prefix>" NUL "<local>"). */
static int
decode_escaped(const char *encoded, Name *name)
{
    size_t n = strlen(encoded);
    if (n < 1 || encoded[0] != 'x' || (n - 1) % 2 != 0 || (n - 1) / 2 >= sizeof(name->storage))
        return 1;
    size_t size = (n - 1) / 2;
    for (size_t i = 0; i < size; i++) {
        int high = hex_value(encoded[1 + 2 * i]), low = hex_value(encoded[2 + 2 * i]);
        if (high < 0 || low < 0)
            return 1;
        name->storage[i] = (char)(high * 16 + low);
    }
    name->storage[size] = '\0';
    /* Split at the two NULs (a namespace holding one more is left to the reference). */
    char *first = memchr(name->storage, '\0', size);
    if (first == NULL)
        return 1;
    char *second = memchr(first + 1, '\0', size - (first + 1 - name->storage));
    if (second == NULL || memchr(second + 1, '\0', size - (second + 1 - name->storage)) != NULL)
        return 1;
    name->local = second + 1;
    name->prefix = first + 1 == second ? NULL : first + 2;
    name->ns = first == name->storage ? NULL : name->storage + 1;
    return 0;
}

static int
element_name(const xmlNode *node, Name *name)
{
    const char *href = node->ns != NULL ? (const char *)node->ns->href : NULL;
    name->prefix = NULL;
    name->local = (const char *)node->name;
    if (href == NULL) {
        name->ns = HTML_NS; /* a plain tag in an HTML document's store */
        return 0;
    }
    if (strcmp(href, SVG_NS) == 0 || strcmp(href, MATHML_NS) == 0) {
        name->ns = href;
        return 0;
    }
    if (strcmp(href, NULL_NS) == 0) {
        name->ns = NULL;
        return 0;
    }
    if (strcmp(href, ESCAPED_NS) == 0)
        return decode_escaped((const char *)node->name, name);
    return 1;
}

/* https://html.spec.whatwg.org/#attribute's-serialised-name */
static int
put_attribute_name(Buffer *b, const xmlAttr *attr)
{
    const char *href = attr->ns != NULL ? (const char *)attr->ns->href : NULL;
    Name name = {NULL, NULL, (const char *)attr->name};
    if (href != NULL && strcmp(href, ESCAPED_NS) == 0) {
        if (decode_escaped((const char *)attr->name, &name) != 0)
            return 1;
    }
    else
        name.ns = href;
    if (name.ns == NULL)
        return puts_(b, name.local) < 0 ? -1 : 0;
    if (strcmp(name.ns, XML_NS) == 0)
        return (puts_(b, "xml:") < 0 || puts_(b, name.local) < 0) ? -1 : 0;
    if (strcmp(name.ns, XMLNS_NS) == 0) {
        if (strcmp(name.local, "xmlns") == 0)
            return puts_(b, "xmlns") < 0 ? -1 : 0;
        return (puts_(b, "xmlns:") < 0 || puts_(b, name.local) < 0) ? -1 : 0;
    }
    if (strcmp(name.ns, XLINK_NS) == 0)
        return (puts_(b, "xlink:") < 0 || puts_(b, name.local) < 0) ? -1 : 0;
    if (href != NULL && strcmp(href, ESCAPED_NS) != 0)
        return 1; /* a namespaced key: its prefix is on the wrapper */
    if (name.prefix != NULL && (puts_(b, name.prefix) < 0 || puts_(b, ":") < 0))
        return -1;
    return puts_(b, name.local) < 0 ? -1 : 0;
}

typedef struct {
    PyObject *nodes;            /* the wrapper map (lxml proxy -> wrapper) of the nodes being written */
    PyObject *template_content; /* (template proxy, its wrapper map) -> (content's container, its map) or None */
    PyObject *keep;             /* what template_content gave, alive while written */
} Context;

static int
wrapped(Context *ctx, const xmlNode *node)
{
    PyObject *proxy = (PyObject *)node->_private;
    if (proxy == NULL)
        return 0;
    return PyDict_GetItemWithError(ctx->nodes, proxy) != NULL ? 1 : (PyErr_Occurred() ? -1 : 0);
}

static int
plain_namespace(const char *ns)
{
    return ns != NULL && (strcmp(ns, HTML_NS) == 0 || strcmp(ns, SVG_NS) == 0 || strcmp(ns, MATHML_NS) == 0);
}

/* The start tag of *node*; 1 when declined. */
static int
put_start_tag(Buffer *b, Context *ctx, const xmlNode *node, const Name *name)
{
    int is_wrapped = -2; /* looked up when a value needs it */
    if (put(b, "<", 1) < 0)
        return -1;
    if (!plain_namespace(name->ns) && name->prefix != NULL) {
        if (puts_(b, name->prefix) < 0 || put(b, ":", 1) < 0)
            return -1;
    }
    if (puts_(b, name->local) < 0)
        return -1;
    for (const xmlAttr *attr = node->properties; attr != NULL; attr = attr->next) {
        const xmlNode *value = attr->children;
        if (value != NULL && (value->type != XML_TEXT_NODE || value->next != NULL))
            return 1; /* not one text node: not made by this package */
        const unsigned char *text = value != NULL && value->content != NULL ? value->content : (const unsigned char *)"";
        if (has_replacement_character(text)) {
            if (is_wrapped == -2)
                is_wrapped = wrapped(ctx, node);
            if (is_wrapped != 0)
                return is_wrapped < 0 ? -1 : 1;
        }
        if (put(b, " ", 1) < 0)
            return -1;
        int r = put_attribute_name(b, attr);
        if (r != 0)
            return r;
        if (put(b, "=\"", 2) < 0 || put_escaped(b, text, 1) < 0 || put(b, "\"", 1) < 0)
            return -1;
    }
    return put(b, ">", 1) < 0 ? -1 : 0;
}

static int
put_end_tag(Buffer *b, const xmlNode *node)
{
    Name name;
    if (element_name(node, &name) != 0)
        return 1;
    if (put(b, "</", 2) < 0)
        return -1;
    if (!plain_namespace(name.ns) && name.prefix != NULL) {
        if (puts_(b, name.prefix) < 0 || put(b, ":", 1) < 0)
            return -1;
    }
    return (puts_(b, name.local) < 0 || put(b, ">", 1) < 0) ? -1 : 0;
}

static int
is_html_named(const xmlNode *node, const char *const *names)
{
    return node != NULL && node->type == XML_ELEMENT_NODE && node->ns == NULL && is_one_of((const char *)node->name, names);
}

/* The node whose children are written for element *node*: a template's content container
 * (then *nodes* becomes its document's wrapper map).  NULL with *failed* set: -1 an error, 1
 * declined. */
static const xmlNode *
children_holder(Context *ctx, const xmlNode *node, PyObject **nodes, int *failed)
{
    if (!(node->ns == NULL && strcmp((const char *)node->name, "template") == 0))
        return node;
    PyObject *proxy = (PyObject *)node->_private; /* a template with contents has its wrapper */
    if (proxy == NULL) {
        *failed = 1;
        return NULL;
    }
    PyObject *found = PyObject_CallFunctionObjArgs(ctx->template_content, proxy, ctx->nodes, NULL);
    if (found == NULL) {
        *failed = -1;
        return NULL;
    }
    if (found == Py_None || !PyTuple_Check(found) || PyTuple_GET_SIZE(found) != 2
        || !PyObject_TypeCheck(PyTuple_GET_ITEM(found, 0), Py_TYPE(proxy)) || !PyDict_Check(PyTuple_GET_ITEM(found, 1))) {
        Py_DECREF(found);
        *failed = 1;
        return NULL;
    }
    int kept = PyList_Append(ctx->keep, found);
    Py_DECREF(found);
    if (kept < 0) {
        *failed = -1;
        return NULL;
    }
    *nodes = PyTuple_GET_ITEM(found, 1);
    const xmlNode *container = ((struct LxmlElement *)PyTuple_GET_ITEM(found, 0))->_c_node;
    if (container == NULL) {
        *failed = 1;
        return NULL;
    }
    return container;
}

/* One node (not its subtree): text, a comment, or an element's start tag.  Returns -1 on an
 * error, 1 when declined. */
static int
put_node(Buffer *b, Context *ctx, const xmlNode *node, const xmlNode *parent)
{
    switch (node->type) {
    case XML_TEXT_NODE:
        if (node->content == NULL)
            return 0;
        if (is_html_named(parent, RAW_TEXT))
            return puts_(b, (const char *)node->content) < 0 ? -1 : 0;
        return put_escaped(b, node->content, 0) < 0 ? -1 : 0;
    case XML_COMMENT_NODE: {
        const unsigned char *data = node->content != NULL ? node->content : (const unsigned char *)"";
        if (has_replacement_character(data)) {
            int w = wrapped(ctx, node);
            if (w != 0)
                return w < 0 ? -1 : 1;
        }
        return (put(b, "<!--", 4) < 0 || puts_(b, (const char *)data) < 0 || put(b, "-->", 3) < 0) ? -1 : 0;
    }
    case XML_ELEMENT_NODE: {
        Name name;
        if (element_name(node, &name) != 0)
            return 1;
        return put_start_tag(b, ctx, node, &name);
    }
    default:
        return 1; /* processing instructions, entity references, CDATA: left to the reference */
    }
}

/* Serialize *top* (with itself unless children_only) into *b*: 0, -1 on an error, 1 declined. */
static int
serialize_subtree(Buffer *b, Context *ctx, xmlNode *top, int children_only)
{
    /* The elements whose children are being written, with the wrapper map of those children. */
    typedef struct {
        const xmlNode *element;
        PyObject *nodes;
    } Open;
    Open *open = PyMem_Malloc(16 * sizeof(Open));
    if (open == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    size_t depth = 0, capacity = 16;
    int failed = 0;
    const xmlNode *current = top;
    if (children_only) {
        PyObject *nodes = ctx->nodes;
        const xmlNode *holder = children_holder(ctx, top, &nodes, &failed);
        if (holder == NULL)
            goto done;
        open[depth++] = (Open){top, ctx->nodes};
        ctx->nodes = nodes;
        current = holder->children;
    }
    for (;;) {
        while (current != NULL) {
            const xmlNode *parent = depth ? open[depth - 1].element : NULL;
            int r = put_node(b, ctx, current, parent);
            if (r != 0) {
                failed = r;
                goto done;
            }
            if (current->type == XML_ELEMENT_NODE && !is_html_named(current, VOID)) {
                PyObject *nodes = ctx->nodes;
                const xmlNode *holder = children_holder(ctx, current, &nodes, &failed);
                if (holder == NULL)
                    goto done;
                if (holder->children != NULL) {
                    if (depth == capacity) {
                        Open *grown = PyMem_Realloc(open, capacity * 2 * sizeof(Open));
                        if (grown == NULL) {
                            PyErr_NoMemory();
                            failed = -1;
                            goto done;
                        }
                        open = grown;
                        capacity *= 2;
                    }
                    open[depth++] = (Open){current, ctx->nodes};
                    ctx->nodes = nodes;
                    current = holder->children;
                    continue;
                }
                r = put_end_tag(b, current);
                if (r != 0) {
                    failed = r;
                    goto done;
                }
            }
            if (current == top)
                goto done; /* outerHTML of an element without children */
            current = current->next;
        }
        if (depth == 0)
            break;
        const xmlNode *closed = open[--depth].element;
        ctx->nodes = open[depth].nodes;
        if (closed == top) {
            if (!children_only)
                failed = put_end_tag(b, closed);
            break;
        }
        int r = put_end_tag(b, closed);
        if (r != 0) {
            failed = r;
            goto done;
        }
        current = closed->next;
    }
done:
    PyMem_Free(open);
    return failed;
}

static PyTypeObject *
lxml_proxy_type(void)
{
    static PyTypeObject *type;
    if (type != NULL)
        return type;
    PyObject *etree = PyImport_ImportModule("lxml.etree");
    if (etree == NULL)
        return NULL;
    PyObject *found = PyObject_GetAttrString(etree, "_Element");
    Py_DECREF(etree);
    if (found == NULL)
        return NULL;
    if (!PyType_Check(found) || ((PyTypeObject *)found)->tp_basicsize != (Py_ssize_t)sizeof(struct LxmlElement)) {
        Py_DECREF(found);
        PyErr_SetString(PyExc_TypeError, "lxml's element proxy is not laid out as its header says");
        return NULL;
    }
    type = (PyTypeObject *)found;
    return type;
}

/* serialize(proxy, children_only, nodes, template_content) -> str, or None when declined. */
static PyObject *
serialize(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 4 || !PyDict_Check(args[2])) {
        PyErr_SetString(PyExc_TypeError, "serialize(proxy, children_only, nodes, template_content)");
        return NULL;
    }
    PyTypeObject *type = lxml_proxy_type();
    if (type == NULL)
        return NULL;
    if (!PyObject_TypeCheck(args[0], type)) {
        PyErr_SetString(PyExc_TypeError, "serialize() takes an lxml element");
        return NULL;
    }
    xmlNode *top = ((struct LxmlElement *)args[0])->_c_node;
    if (top == NULL || top->type != XML_ELEMENT_NODE)
        Py_RETURN_NONE;
    int children_only = PyObject_IsTrue(args[1]);
    if (children_only < 0)
        return NULL;
    Context ctx = {args[2], args[3], PyList_New(0)};
    if (ctx.keep == NULL)
        return NULL;
    Buffer b = {NULL, 0, 0};
    int r = serialize_subtree(&b, &ctx, top, children_only);
    PyObject *result = NULL;
    if (r == 0)
        result = PyUnicode_DecodeUTF8(b.data != NULL ? b.data : "", (Py_ssize_t)b.size, "surrogatepass");
    else if (r > 0) {
        Py_INCREF(Py_None);
        result = Py_None;
    }
    PyMem_Free(b.data);
    Py_DECREF(ctx.keep);
    return result;
}

static PyMethodDef functions[] = {
    {"serialize", (PyCFunction)(void (*)(void))serialize, METH_FASTCALL,
     "serialize(proxy, children_only, nodes, template_content): the HTML fragment serialization of an "
     "lxml element (or of its children) of an HTML document, or None where the reference must write it "
     "(dom/serialization_speedups.c)."},
    {NULL, NULL, 0, NULL}};

int
serialization_exec(PyObject *module)
{
    return PyModule_AddFunctions(module, functions);
}
