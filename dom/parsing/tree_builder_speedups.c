/* _webdom_speedups.TreeBuilder: turbohtml's tree-builder protocol in C, storing the parsed tree
 * straight into libxml2 nodes (the lxml store), without a Python call or an lxml proxy per node.
 *
 * dom/parsing/turbohtml_builder.py (_TurboBuilder) is the reference: this type makes the same
 * libxml2 tree for the common case -- the whole document, its strings free of characters lxml
 * refuses -- and says "unsupported" for anything else, which the caller then builds with the
 * reference.  What it cannot decide alone it asks Python once per distinct name: the lxml tag of
 * an element name (dom.lxml_mirror.tag_for) and the lxml key of an attribute name (attr_key_for).
 *
 * turbohtml's parse_into calls, in document order, one create_* per node and then append(parent,
 * node).  Handles: the document is -1; an element or a comment is its index in `nodes`, made at
 * its append (a namespace is declared by looking at the ancestors, as lxml does, so the node is
 * made where it goes); text is the string itself; a doctype is a tuple for the caller.
 *
 * Namespaces are declared as lxml's SubElement(parent, "{ns}local", nsmap={None: ns}) declares
 * them: the in-scope default namespace when it is the same, else a new default declaration on the
 * element.  An element with a namespaced attribute gets all its attributes through lxml's own
 * C API (setAttributeValue on a proxy), which picks the prefixes exactly as the reference's
 * lx.set() does.  Other attributes are linked at the end of the list kept by hand, so an element
 * with many attributes costs linear time.
 *
 * Strings holding characters lxml refuses (C0 controls, U+FFFE, U+FFFF; a lone surrogate fails
 * to encode) and templates with a shadowrootmode attribute (parse_into hands out no content for
 * them) are unsupported: the reference stores them.
 *
 * A template's contents are built into its content fragment, which the caller makes when the
 * template is made (template_content(proxy) -> the fragment's lxml container element): the
 * handle of a template stands for that container, in the libxml2 document of the content's
 * node document, as the reference builds them.
 *
 * libxml2: the nodes must be made by the libxml2 lxml runs on (its dictionary of names, its
 * structures), which lxml's wheels link statically and a Python extension cannot link against.
 * lxml.etree exports those functions, so they are looked up in its shared object once; where
 * that fails (no dlsym, or a build of lxml that hides them) there is no TreeBuilder and the
 * reference builds every tree.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <string.h>
#include <libxml/tree.h>
#include "etree_api.h" /* lxml's public C API: elementFactory, setAttributeValue */
#ifndef _WIN32
#include <dlfcn.h>
#endif

#define NESTING_LIMIT 512    /* turbohtml's; a tree this deep is parsed again (see the reference) */
#define LONG_ATTRIBUTE_LIST 64 /* dom/parsing/attribute_lists.py: lxml's set() is O(n) per attribute */

static int lxml_api_ready;

/* The libxml2 functions used, found in lxml.etree's shared object (see above). */
#define LIBXML_FUNCTIONS(X)                                                                          \
    X(xmlNodePtr, xmlNewDocNode, (xmlDocPtr, xmlNsPtr, const xmlChar *, const xmlChar *))            \
    X(xmlNodePtr, xmlNewDocTextLen, (xmlDocPtr, const xmlChar *, int))                               \
    X(xmlNodePtr, xmlNewDocComment, (xmlDocPtr, const xmlChar *))                                    \
    X(xmlNodePtr, xmlAddChild, (xmlNodePtr, xmlNodePtr))                                             \
    X(xmlNodePtr, xmlDocSetRootElement, (xmlDocPtr, xmlNodePtr))                                     \
    X(xmlNsPtr, xmlSearchNs, (xmlDocPtr, xmlNodePtr, const xmlChar *))                               \
    X(xmlNsPtr, xmlNewNs, (xmlNodePtr, const xmlChar *, const xmlChar *))                            \
    X(void, xmlSetNs, (xmlNodePtr, xmlNsPtr))                                                        \
    X(xmlAttrPtr, xmlNewNsProp, (xmlNodePtr, xmlNsPtr, const xmlChar *, const xmlChar *))            \
    X(int, xmlNodeAddContentLen, (xmlNodePtr, const xmlChar *, int))
#define DECLARE(ret, name, params) static ret(*p_##name) params;
LIBXML_FUNCTIONS(DECLARE)
#undef DECLARE
static PyTypeObject *lxml_element_type;
static PyObject *s_doctype, *s_comment; /* "#doctype", "#comment": the kinds of top-level entries */

typedef struct {
    PyObject_HEAD
    PyObject *host;         /* lxml element: root of the libxml2 document the nodes are made in */
    struct LxmlDocument *lxdoc;
    xmlDoc *doc;
    PyObject *html_ns;      /* the HTML namespace string */
    PyObject *resolve_tag;  /* (name, namespace) -> (href or None, local) */
    PyObject *resolve_attr; /* (name, foreign) -> (lxml key, href or None, local, prefix to keep or None) */
    PyObject *template_content; /* template proxy -> its content fragment's container element */
    PyObject *tag_cache;    /* namespace -> {name: (href, local)} */
    PyObject *last_ns, *last_names; /* the namespace seen last and its entry of tag_cache */
    PyObject *attr_cache[2]; /* [foreign] -> {name: resolved} */
    xmlNode **nodes;        /* by handle: the node appends go to (a template's: its content) */
    struct LxmlDocument **lxdocs; /* by handle: lxml's document of that node */
    int *depth;
    Py_ssize_t count, capacity;
    Py_ssize_t pending;     /* index of the node created and not yet appended, or -1 */
    int pending_is_element;
    PyObject *pending_args[3]; /* the pending node's (name, namespace, attrs), or (data, NULL, NULL):
                                * kept apart, not in a tuple the garbage collector would track */
    int has_root;
    PyObject *top;          /* document children: ("#doctype", ...), ("#comment", data), root proxy */
    PyObject *contents;     /* the content containers made, kept alive while building */
    PyObject *attr_extras;  /* (proxy, key, prefix, None): the DOM prefix lxml does not keep */
    int too_deep, unsupported, finished;
    int namespaced; /* whether some element of the document's own tree has a namespace */
} TreeBuilder;

/* Whether UTF-8 *s* holds no character XML 1.0 forbids (the surrogates cannot be in it). */
static int
xml_clean(const unsigned char *s, Py_ssize_t n)
{
    for (Py_ssize_t i = 0; i < n; i++) {
        unsigned char c = s[i];
        if (c < 0x20) {
            if (c != 0x09 && c != 0x0A && c != 0x0D)
                return 0;
        }
        else if (c == 0xEF && i + 2 < n && s[i + 1] == 0xBF && (s[i + 2] == 0xBE || s[i + 2] == 0xBF))
            return 0;
    }
    return 1;
}

static int
ensure_lxml_api(void)
{
    if (lxml_api_ready)
        return 0;
    if (import_lxml__etree() < 0)
        return -1;
    PyObject *etree = PyImport_ImportModule("lxml.etree");
    if (etree == NULL)
        return -1;
    PyObject *type = PyObject_GetAttrString(etree, "_Element");
    PyObject *path = PyObject_GetAttrString(etree, "__file__");
    Py_DECREF(etree);
    if (type == NULL || path == NULL || !PyUnicode_Check(path)) {
        Py_XDECREF(type);
        Py_XDECREF(path);
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_ImportError, "lxml.etree has no file");
        return -1;
    }
#ifdef _WIN32
    Py_DECREF(type);
    Py_DECREF(path);
    PyErr_SetString(PyExc_ImportError, "libxml2's functions are not looked up on this platform");
    return -1;
#else
    const char *file = PyUnicode_AsUTF8(path);
    void *lib = file == NULL ? NULL : dlopen(file, RTLD_NOW | RTLD_NOLOAD);
    Py_DECREF(path);
    if (lib == NULL) {
        Py_DECREF(type);
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_ImportError, "lxml.etree's shared object cannot be opened");
        return -1;
    }
#define LOOK_UP(ret, name, params)                                                                    \
    if ((*(void **)&p_##name = dlsym(lib, #name)) == NULL) {                                          \
        Py_DECREF(type);                                                                              \
        PyErr_SetString(PyExc_ImportError, "lxml.etree does not export libxml2's " #name);            \
        return -1;                                                                                    \
    }
    LIBXML_FUNCTIONS(LOOK_UP)
#undef LOOK_UP
#endif
    if (!PyType_Check(type) || ((PyTypeObject *)type)->tp_basicsize != (Py_ssize_t)sizeof(struct LxmlElement)) {
        Py_DECREF(type);
        PyErr_SetString(PyExc_ImportError, "lxml's element proxy is not laid out as its header says");
        return -1;
    }
    lxml_element_type = (PyTypeObject *)type;
    lxml_api_ready = 1;
    return 0;
}

static int
tb_init(TreeBuilder *self, PyObject *args, PyObject *kwds)
{
    PyObject *host, *html_ns, *resolve_tag, *resolve_attr, *template_content;
    if (!PyArg_ParseTuple(args, "OUOOO:TreeBuilder", &host, &html_ns, &resolve_tag, &resolve_attr, &template_content))
        return -1;
    if (self->host != NULL) {
        PyErr_SetString(PyExc_TypeError, "a TreeBuilder is used once");
        return -1;
    }
    if (ensure_lxml_api() < 0)
        return -1;
    if (!PyObject_TypeCheck(host, lxml_element_type)) {
        PyErr_SetString(PyExc_TypeError, "TreeBuilder takes an lxml element");
        return -1;
    }
    xmlNode *c_host = ((struct LxmlElement *)host)->_c_node;
    if (c_host == NULL || c_host->type != XML_ELEMENT_NODE || c_host->doc == NULL || c_host->parent != (xmlNode *)c_host->doc
        || c_host->children != NULL) {
        PyErr_SetString(PyExc_TypeError, "TreeBuilder takes an empty root element");
        return -1;
    }
    Py_INCREF(host);
    self->host = host;
    self->lxdoc = ((struct LxmlElement *)host)->_doc;
    self->doc = c_host->doc;
    Py_INCREF(html_ns);
    self->html_ns = html_ns;
    Py_INCREF(resolve_tag);
    self->resolve_tag = resolve_tag;
    Py_INCREF(resolve_attr);
    self->resolve_attr = resolve_attr;
    Py_INCREF(template_content);
    self->template_content = template_content;
    self->pending = -1;
    if ((self->tag_cache = PyDict_New()) == NULL || (self->attr_cache[0] = PyDict_New()) == NULL
        || (self->attr_cache[1] = PyDict_New()) == NULL || (self->top = PyList_New(0)) == NULL
        || (self->contents = PyList_New(0)) == NULL || (self->attr_extras = PyList_New(0)) == NULL)
        return -1;
    return 0;
}

static void
drop_pending(TreeBuilder *self)
{
    for (int i = 0; i < 3; i++)
        Py_CLEAR(self->pending_args[i]);
}

static void
drop_nodes(TreeBuilder *self)
{
    PyMem_Free(self->nodes);
    PyMem_Free(self->lxdocs);
    PyMem_Free(self->depth);
    self->nodes = NULL;
    self->lxdocs = NULL;
    self->depth = NULL;
    self->count = self->capacity = 0;
    self->pending = -1;
    drop_pending(self);
}

static int
tb_traverse(TreeBuilder *self, visitproc visit, void *arg)
{
    Py_VISIT(self->host);
    Py_VISIT(self->resolve_tag);
    Py_VISIT(self->resolve_attr);
    Py_VISIT(self->template_content);
    for (int i = 0; i < 3; i++)
        Py_VISIT(self->pending_args[i]);
    Py_VISIT(self->top);
    Py_VISIT(self->contents);
    Py_VISIT(self->attr_extras);
    return 0;
}

static int
tb_clear(TreeBuilder *self)
{
    Py_CLEAR(self->resolve_tag);
    Py_CLEAR(self->resolve_attr);
    Py_CLEAR(self->template_content);
    drop_pending(self);
    Py_CLEAR(self->top);
    Py_CLEAR(self->contents);
    Py_CLEAR(self->attr_extras);
    return 0;
}

static void
tb_dealloc(TreeBuilder *self)
{
    PyObject_GC_UnTrack(self);
    drop_nodes(self);
    tb_clear(self);
    Py_CLEAR(self->html_ns);
    Py_CLEAR(self->tag_cache);
    Py_CLEAR(self->last_ns);
    Py_CLEAR(self->last_names);
    Py_CLEAR(self->attr_cache[0]);
    Py_CLEAR(self->attr_cache[1]);
    Py_CLEAR(self->host); /* last: an unlinked host is freed by lxml with its proxy */
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static int
usable(TreeBuilder *self)
{
    if (self->host == NULL || self->finished) {
        PyErr_SetString(PyExc_RuntimeError, "this TreeBuilder is not building");
        return 0;
    }
    return 1;
}

/* A new handle for the node created now; the previous one must have been appended. */
static PyObject *
new_handle(TreeBuilder *self, int is_element, PyObject *a, PyObject *b, PyObject *c)
{
    if (self->pending >= 0)
        self->unsupported = 1; /* a node never appended: not the protocol's order */
    if (self->count == self->capacity) {
        Py_ssize_t capacity = self->capacity ? self->capacity * 2 : 1024;
        xmlNode **nodes = PyMem_Realloc(self->nodes, capacity * sizeof(xmlNode *));
        if (nodes == NULL)
            return PyErr_NoMemory();
        self->nodes = nodes;
        struct LxmlDocument **lxdocs = PyMem_Realloc(self->lxdocs, capacity * sizeof(struct LxmlDocument *));
        if (lxdocs == NULL)
            return PyErr_NoMemory();
        self->lxdocs = lxdocs;
        int *depth = PyMem_Realloc(self->depth, capacity * sizeof(int));
        if (depth == NULL)
            return PyErr_NoMemory();
        self->depth = depth;
        self->capacity = capacity;
    }
    self->nodes[self->count] = NULL;
    self->lxdocs[self->count] = NULL;
    self->depth[self->count] = 0;
    self->pending = self->count;
    self->pending_is_element = is_element;
    drop_pending(self);
    Py_XINCREF(a);
    Py_XINCREF(b);
    Py_XINCREF(c);
    self->pending_args[0] = a;
    self->pending_args[1] = b;
    self->pending_args[2] = c;
    return PyLong_FromSsize_t(self->count++);
}

static PyObject *
tb_create_document(TreeBuilder *self, PyObject *unused)
{
    if (!usable(self))
        return NULL;
    return PyLong_FromLong(-1);
}

static PyObject *
tb_create_doctype(TreeBuilder *self, PyObject *const *args, Py_ssize_t nargs)
{
    if (!usable(self))
        return NULL;
    if (nargs != 3) {
        PyErr_SetString(PyExc_TypeError, "create_doctype(name, public_id, system_id)");
        return NULL;
    }
    PyObject *empty = PyUnicode_FromString("");
    if (empty == NULL)
        return NULL;
    PyObject *result = PyTuple_New(4);
    if (result == NULL) {
        Py_DECREF(empty);
        return NULL;
    }
    Py_INCREF(s_doctype);
    PyTuple_SET_ITEM(result, 0, s_doctype);
    for (int i = 0; i < 3; i++) {
        PyObject *value = (args[i] == Py_None || !PyUnicode_Check(args[i])) ? empty : args[i];
        Py_INCREF(value);
        PyTuple_SET_ITEM(result, i + 1, value);
    }
    Py_DECREF(empty);
    return result;
}

static PyObject *
tb_create_element(TreeBuilder *self, PyObject *const *args, Py_ssize_t nargs)
{
    if (!usable(self))
        return NULL;
    if (nargs != 3 || !PyUnicode_Check(args[0]) || !PyUnicode_Check(args[1])) {
        PyErr_SetString(PyExc_TypeError, "create_element(name, namespace, attrs)");
        return NULL;
    }
    return new_handle(self, 1, args[0], args[1], args[2]);
}

static PyObject *
tb_create_comment(TreeBuilder *self, PyObject *data)
{
    if (!usable(self))
        return NULL;
    if (!PyUnicode_Check(data)) {
        PyErr_SetString(PyExc_TypeError, "create_comment(data)");
        return NULL;
    }
    return new_handle(self, 0, data, NULL, NULL);
}

static PyObject *
tb_create_text(TreeBuilder *self, PyObject *data)
{
    if (!usable(self))
        return NULL;
    if (!PyUnicode_Check(data)) {
        PyErr_SetString(PyExc_TypeError, "create_text(data)");
        return NULL;
    }
    Py_INCREF(data);
    return data;
}

static PyObject *
tb_create_pi(TreeBuilder *self, PyObject *const *args, Py_ssize_t nargs)
{
    if (!usable(self))
        return NULL;
    self->unsupported = 1; /* the HTML parser makes none; the reference stores their targets */
    Py_RETURN_NONE;
}

/* The cached answer of *resolve* for *name* in *cache*, asking on a miss. */
static PyObject *
resolved(PyObject *cache, PyObject *resolve, PyObject *name, PyObject *extra, Py_ssize_t size)
{
    PyObject *found = PyDict_GetItemWithError(cache, name);
    if (found != NULL || PyErr_Occurred())
        return found;
    found = PyObject_CallFunctionObjArgs(resolve, name, extra, NULL);
    if (found == NULL)
        return NULL;
    if (!PyTuple_Check(found) || PyTuple_GET_SIZE(found) != size) {
        Py_DECREF(found);
        PyErr_SetString(PyExc_TypeError, "a TreeBuilder resolver returns a tuple of its size");
        return NULL;
    }
    int failed = PyDict_SetItem(cache, name, found);
    Py_DECREF(found); /* the cache holds it */
    return failed ? NULL : found;
}

/* UTF-8 of *s*, which must be a str (None gives NULL without an error). */
static const char *
utf8_or_null(PyObject *s)
{
    if (s == Py_None)
        return NULL;
    if (!PyUnicode_Check(s)) {
        PyErr_SetString(PyExc_TypeError, "a TreeBuilder resolver returns strings");
        return NULL;
    }
    return PyUnicode_AsUTF8(s);
}

static int
set_attributes(TreeBuilder *self, struct LxmlDocument *lxdoc, xmlNode *node, PyObject *attrs, int foreign)
{
    PyObject *seq = PySequence_Fast(attrs, "attrs must be a sequence");
    if (seq == NULL)
        return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    PyObject **items = PySequence_Fast_ITEMS(seq);
    PyObject *cache = self->attr_cache[foreign];
    PyObject *flag = foreign ? Py_True : Py_False;
    int namespaced = 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *item = items[i];
        if (!PyTuple_Check(item) || PyTuple_GET_SIZE(item) != 2 || !PyUnicode_Check(PyTuple_GET_ITEM(item, 0))) {
            Py_DECREF(seq);
            PyErr_SetString(PyExc_TypeError, "attrs holds (name, value) pairs");
            return -1;
        }
        PyObject *r = resolved(cache, self->resolve_attr, PyTuple_GET_ITEM(item, 0), flag, 4);
        if (r == NULL) {
            Py_DECREF(seq);
            return -1;
        }
        if (PyTuple_GET_ITEM(r, 1) != Py_None)
            namespaced = 1;
    }
    if (namespaced && n >= LONG_ATTRIBUTE_LIST) {
        self->unsupported = 1; /* lxml's set() would be quadratic; the reference parses the tag */
        Py_DECREF(seq);
        return 0;
    }
    PyObject *proxy = NULL;
    if (namespaced) {
        proxy = (PyObject *)elementFactory(lxdoc, node);
        if (proxy == NULL) {
            Py_DECREF(seq);
            return -1;
        }
    }
    xmlAttr *head = node->properties, *tail = NULL;
    int kept = 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *name = PyTuple_GET_ITEM(items[i], 0), *value = PyTuple_GET_ITEM(items[i], 1);
        PyObject *r = PyDict_GetItemWithError(cache, name); /* resolved above */
        if (r == NULL)
            goto error;
        if (value == Py_None)
            value = PyUnicode_FromString("");
        else
            Py_INCREF(value);
        if (value == NULL)
            goto error;
        if (!PyUnicode_Check(value)) {
            Py_DECREF(value);
            PyErr_SetString(PyExc_TypeError, "an attribute value is a str");
            goto error;
        }
        if (proxy != NULL) {
            Py_ssize_t size;
            const char *text = PyUnicode_AsUTF8AndSize(value, &size);
            if (text == NULL || !xml_clean((const unsigned char *)text, size)) {
                Py_DECREF(value);
                if (!PyErr_Occurred())
                    self->unsupported = 1;
                goto error;
            }
            int failed = setAttributeValue((struct LxmlElement *)proxy, PyTuple_GET_ITEM(r, 0), value);
            Py_DECREF(value);
            if (failed < 0)
                goto error;
            PyObject *prefix = PyTuple_GET_ITEM(r, 3);
            if (prefix != Py_None) {
                PyObject *extra = PyTuple_Pack(4, proxy, PyTuple_GET_ITEM(r, 0), prefix, Py_None);
                if (extra == NULL || PyList_Append(self->attr_extras, extra) < 0) {
                    Py_XDECREF(extra);
                    goto error;
                }
                Py_DECREF(extra);
                kept = 1;
            }
            continue;
        }
        Py_ssize_t size;
        const char *local = utf8_or_null(PyTuple_GET_ITEM(r, 2));
        const char *text = PyUnicode_AsUTF8AndSize(value, &size);
        if (local == NULL || text == NULL || !xml_clean((const unsigned char *)text, size)) {
            Py_DECREF(value);
            if (!PyErr_Occurred())
                self->unsupported = 1; /* lxml refuses the value; the reference keeps it */
            goto error;
        }
        /* xmlNewNsProp appends by walking the list from node->properties: start it at the end. */
        if (tail != NULL)
            node->properties = tail;
        xmlAttr *attr = p_xmlNewNsProp(node, NULL, (const xmlChar *)local, (const xmlChar *)text);
        Py_DECREF(value);
        if (tail != NULL)
            node->properties = head;
        if (attr == NULL) {
            PyErr_NoMemory();
            goto error;
        }
        if (head == NULL)
            head = attr;
        tail = attr;
    }
    (void)kept;
    Py_XDECREF(proxy);
    Py_DECREF(seq);
    return 0;
error:
    Py_XDECREF(proxy);
    Py_DECREF(seq);
    return PyErr_Occurred() ? -1 : 0;
}

/* Make the pending element under *parent* (NULL: as the document's root element), in lxml's
 * document *lxdoc*; for a template, *content* is set to its content's container (else to the
 * element) and *content_doc* to that container's lxml document. */
static xmlNode *
build_element(TreeBuilder *self, xmlNode *parent, struct LxmlDocument *lxdoc, PyObject *name, PyObject *namespace,
              PyObject *attrs, xmlNode **content, struct LxmlDocument **content_doc)
{
    PyObject *names = self->last_names;
    if (namespace != self->last_ns) {
        names = PyDict_GetItemWithError(self->tag_cache, namespace);
        if (names == NULL) {
            if (PyErr_Occurred() || (names = PyDict_New()) == NULL)
                return NULL;
            int failed = PyDict_SetItem(self->tag_cache, namespace, names);
            Py_DECREF(names);
            if (failed)
                return NULL;
        }
        Py_INCREF(namespace);
        Py_XSETREF(self->last_ns, namespace);
        Py_INCREF(names);
        Py_XSETREF(self->last_names, names);
    }
    PyObject *r = resolved(names, self->resolve_tag, name, namespace, 2);
    if (r == NULL)
        return NULL;
    const char *href = utf8_or_null(PyTuple_GET_ITEM(r, 0));
    if (href == NULL && PyErr_Occurred())
        return NULL;
    const char *local = utf8_or_null(PyTuple_GET_ITEM(r, 1));
    if (local == NULL)
        return NULL;
    xmlDoc *doc = lxdoc->_c_doc;
    xmlNode *node = p_xmlNewDocNode(doc, NULL, (const xmlChar *)local, NULL);
    if (node == NULL) {
        PyErr_NoMemory();
        return NULL;
    }
    if (parent != NULL)
        p_xmlAddChild(parent, node);
    else
        p_xmlDocSetRootElement(doc, node); /* the host, now unlinked, goes with its proxy */
    *content = node;
    *content_doc = lxdoc;
    if (href != NULL) {
        xmlNs *ns = p_xmlSearchNs(doc, node, NULL);
        if (ns == NULL || ns->href == NULL || strcmp((const char *)ns->href, href) != 0)
            ns = p_xmlNewNs(node, (const xmlChar *)href, NULL);
        if (ns == NULL) {
            PyErr_NoMemory();
            return NULL;
        }
        p_xmlSetNs(node, ns);
        if (lxdoc == self->lxdoc)
            self->namespaced = 1;
    }
    int foreign = namespace == self->html_ns ? 0 : PyUnicode_Compare(namespace, self->html_ns) != 0;
    if (foreign == -1 && PyErr_Occurred())
        return NULL;
    int is_template = !foreign && href == NULL && strcmp(local, "template") == 0;
    if (is_template && PyTuple_Check(attrs)) {
        for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(attrs); i++) {
            PyObject *item = PyTuple_GET_ITEM(attrs, i);
            if (PyTuple_Check(item) && PyTuple_GET_SIZE(item) == 2 && PyUnicode_Check(PyTuple_GET_ITEM(item, 0))
                && PyUnicode_CompareWithASCIIString(PyTuple_GET_ITEM(item, 0), "shadowrootmode") == 0) {
                self->unsupported = 1; /* a declarative shadow root: parse_into gives no content */
                return node;
            }
        }
    }
    if (PyObject_Length(attrs) != 0 && set_attributes(self, lxdoc, node, attrs, foreign) < 0)
        return NULL;
    if (is_template) {
        PyObject *proxy = (PyObject *)elementFactory(lxdoc, node);
        if (proxy == NULL)
            return NULL;
        PyObject *container = PyObject_CallOneArg(self->template_content, proxy);
        Py_DECREF(proxy);
        if (container == NULL)
            return NULL;
        int failed = PyList_Append(self->contents, container);
        Py_DECREF(container);
        if (failed)
            return NULL;
        xmlNode *c_container = PyObject_TypeCheck(container, lxml_element_type) ? ((struct LxmlElement *)container)->_c_node : NULL;
        if (c_container == NULL || c_container->type != XML_ELEMENT_NODE || c_container->children != NULL) {
            PyErr_SetString(PyExc_TypeError, "template_content() returns an empty lxml element");
            return NULL;
        }
        *content = c_container;
        *content_doc = ((struct LxmlElement *)container)->_doc;
    }
    return node;
}

static int
append_text(xmlNode *parent, PyObject *data)
{
    Py_ssize_t size;
    const char *text = PyUnicode_AsUTF8AndSize(data, &size);
    if (text == NULL)
        return -1;
    if (size == 0)
        return 0;
    if (!xml_clean((const unsigned char *)text, size))
        return 1; /* unsupported */
    xmlNode *last = parent->last;
    if (last != NULL && last->type == XML_TEXT_NODE) {
        if (p_xmlNodeAddContentLen(last, (const xmlChar *)text, (int)size) != 0) {
            PyErr_NoMemory();
            return -1;
        }
        return 0;
    }
    if (size > INT_MAX) {
        PyErr_SetString(PyExc_ValueError, "a text too long for libxml2");
        return -1;
    }
    xmlNode *node = p_xmlNewDocTextLen(parent->doc, (const xmlChar *)text, (int)size);
    if (node == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    p_xmlAddChild(parent, node);
    return 0;
}

static PyObject *tb_append_pending(TreeBuilder *self, xmlNode *parent, Py_ssize_t p, Py_ssize_t c, PyObject *pending,
                                   PyObject *pending_ns, PyObject *pending_attrs);

static PyObject *
tb_append(TreeBuilder *self, PyObject *const *args, Py_ssize_t nargs)
{
    if (!usable(self))
        return NULL;
    if (nargs != 2 || !PyLong_Check(args[0])) {
        PyErr_SetString(PyExc_TypeError, "append(parent, child) takes this builder's handles");
        return NULL;
    }
    if (self->unsupported)
        Py_RETURN_NONE; /* the caller builds with the reference anyway */
    Py_ssize_t p = PyLong_AsSsize_t(args[0]);
    if (p == -1 && PyErr_Occurred())
        return NULL;
    PyObject *child = args[1];
    if (p < -1 || p >= self->count || (p >= 0 && (self->nodes[p] == NULL || self->nodes[p]->type != XML_ELEMENT_NODE))) {
        PyErr_SetString(PyExc_ValueError, "append() to an unknown parent");
        return NULL;
    }
    xmlNode *parent = p >= 0 ? self->nodes[p] : NULL;
    if (PyUnicode_Check(child)) {
        if (parent == NULL)
            self->unsupported = 1; /* text at the top: not from the HTML parser */
        else {
            int result = append_text(parent, child);
            if (result < 0)
                return NULL;
            if (result > 0)
                self->unsupported = 1;
        }
        Py_RETURN_NONE;
    }
    if (PyTuple_Check(child)) { /* a doctype */
        if (parent != NULL)
            self->unsupported = 1;
        else if (PyList_Append(self->top, child) < 0)
            return NULL;
        Py_RETURN_NONE;
    }
    Py_ssize_t c = PyLong_Check(child) ? PyLong_AsSsize_t(child) : -2;
    if (c == -1 && PyErr_Occurred())
        return NULL;
    if (c < 0 || c != self->pending) {
        self->unsupported = 1;
        Py_RETURN_NONE;
    }
    /* Take the pending node's objects: their references are released on every way out below. */
    PyObject *pending = self->pending_args[0], *pending_ns = self->pending_args[1], *pending_attrs = self->pending_args[2];
    self->pending_args[0] = self->pending_args[1] = self->pending_args[2] = NULL;
    self->pending = -1;
    PyObject *result = tb_append_pending(self, parent, p, c, pending, pending_ns, pending_attrs);
    Py_XDECREF(pending);
    Py_XDECREF(pending_ns);
    Py_XDECREF(pending_attrs);
    return result;
}

/* append() of the node created last (handle *c*) to *parent* (handle *p*; NULL, -1: the document). */
static PyObject *
tb_append_pending(TreeBuilder *self, xmlNode *parent, Py_ssize_t p, Py_ssize_t c, PyObject *pending,
                  PyObject *pending_ns, PyObject *pending_attrs)
{
    if (!self->pending_is_element) {
        if (parent == NULL) {
            PyObject *entry = PyTuple_Pack(2, s_comment, pending);
            int failed = entry == NULL || PyList_Append(self->top, entry) < 0;
            Py_XDECREF(entry);
            if (failed)
                return NULL;
            Py_RETURN_NONE;
        }
        Py_ssize_t size;
        const char *data = PyUnicode_AsUTF8AndSize(pending, &size);
        if (data != NULL && !xml_clean((const unsigned char *)data, size)) {
            self->unsupported = 1;
            Py_RETURN_NONE;
        }
        xmlNode *comment = data == NULL ? NULL : p_xmlNewDocComment(parent->doc, (const xmlChar *)data);
        if (comment == NULL)
            return data == NULL ? NULL : PyErr_NoMemory();
        p_xmlAddChild(parent, comment);
        self->nodes[c] = comment;
        Py_RETURN_NONE;
    }
    if (parent == NULL && self->has_root) {
        self->unsupported = 1;
        Py_RETURN_NONE;
    }
    int depth = parent == NULL ? 1 : self->depth[p] + 1;
    if (depth >= NESTING_LIMIT)
        self->too_deep = 1;
    xmlNode *content = NULL;
    struct LxmlDocument *content_doc = NULL;
    xmlNode *node = build_element(self, parent, parent == NULL ? self->lxdoc : self->lxdocs[p], pending, pending_ns,
                                  pending_attrs, &content, &content_doc);
    if (node == NULL)
        return PyErr_Occurred() ? NULL : (Py_INCREF(Py_None), Py_None);
    self->nodes[c] = content;
    self->lxdocs[c] = content_doc;
    self->depth[c] = depth;
    if (parent == NULL) {
        self->has_root = 1;
        PyObject *proxy = (PyObject *)elementFactory(self->lxdoc, node);
        if (proxy == NULL)
            return NULL;
        int failed = PyList_Append(self->top, proxy);
        Py_DECREF(proxy);
        if (failed)
            return NULL;
    }
    Py_RETURN_NONE;
}

/* finish() -> (top, attr_extras, too_deep, unsupported, namespaced); the builder stops building. */
static PyObject *
tb_finish(TreeBuilder *self, PyObject *unused)
{
    if (!usable(self))
        return NULL;
    if (self->pending >= 0)
        self->unsupported = 1;
    self->finished = 1;
    drop_nodes(self);
    return Py_BuildValue("(OOOOO)", self->top, self->attr_extras, self->too_deep ? Py_True : Py_False,
                         self->unsupported ? Py_True : Py_False, self->namespaced ? Py_True : Py_False);
}

static PyMethodDef tb_methods[] = {
    {"create_document", (PyCFunction)tb_create_document, METH_NOARGS, NULL},
    {"create_doctype", (PyCFunction)(void (*)(void))tb_create_doctype, METH_FASTCALL, NULL},
    {"create_element", (PyCFunction)(void (*)(void))tb_create_element, METH_FASTCALL, NULL},
    {"create_text", (PyCFunction)tb_create_text, METH_O, NULL},
    {"create_comment", (PyCFunction)tb_create_comment, METH_O, NULL},
    {"create_pi", (PyCFunction)(void (*)(void))tb_create_pi, METH_FASTCALL, NULL},
    {"append", (PyCFunction)(void (*)(void))tb_append, METH_FASTCALL, NULL},
    {"finish", (PyCFunction)tb_finish, METH_NOARGS,
     "finish() -> (top-level nodes, attribute extras, too deep, unsupported, an element namespaced)."},
    {NULL, NULL, 0, NULL}};

static PyTypeObject TreeBuilderType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "_webdom_speedups.TreeBuilder",
    .tp_basicsize = sizeof(TreeBuilder),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC,
    .tp_doc = "TreeBuilder(host, html_namespace, resolve_tag, resolve_attr, template_content): turbohtml's tree-builder "
              "protocol storing into the libxml2 document of the empty lxml root element host "
              "(see dom/parsing/tree_builder_speedups.c).",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)tb_init,
    .tp_dealloc = (destructor)tb_dealloc,
    .tp_traverse = (traverseproc)tb_traverse,
    .tp_clear = (inquiry)tb_clear,
    .tp_methods = tb_methods,
};

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

static PyMethodDef module_functions[] = {
    {"contains_ascii_case_insensitive", (PyCFunction)(void (*)(void))contains_ascii_case_insensitive, METH_FASTCALL,
     "contains_ascii_case_insensitive(text, needle): needle (lowercase ASCII) in text, in any ASCII case."},
    {NULL, NULL, 0, NULL}};

int
tree_builder_exec(PyObject *module)
{
    if (PyModule_AddFunctions(module, module_functions) < 0)
        return -1;
    if (s_doctype == NULL && (s_doctype = PyUnicode_InternFromString("#doctype")) == NULL)
        return -1;
    if (s_comment == NULL && (s_comment = PyUnicode_InternFromString("#comment")) == NULL)
        return -1;
    if (PyType_Ready(&TreeBuilderType) < 0)
        return -1;
    Py_INCREF(&TreeBuilderType);
    if (PyModule_AddObject(module, "TreeBuilder", (PyObject *)&TreeBuilderType) < 0) {
        Py_DECREF(&TreeBuilderType);
        return -1;
    }
    return 0;
}
