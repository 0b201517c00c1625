/* The libxml2 nodes the C tree builder (dom/parsing/tree_builder_speedups.c) makes: elements
 * with their namespace and attributes, text, as the reference (_TurboBuilder in
 * dom/parsing/turbohtml_builder.py) stores them through lxml.
 *
 * Namespaces are declared as lxml's SubElement(parent, "{ns}local", nsmap={None: ns}) declares
 * them: the in-scope default namespace when it is the same, else a new default declaration on the
 * element.  An element with a namespaced attribute gets all its attributes through lxml's own
 * C API (setAttributeValue on a proxy), which picks the prefixes exactly as the reference's
 * lx.set() does.  Other attributes are linked at the end of the list kept by hand, so an element
 * with many attributes costs linear time.  Strings holding characters lxml refuses are
 * "unsupported" (the caller leaves the document to the reference). */
#include "tree_builder.h"
#include "etree_api.h" /* lxml's public C API: elementFactory, setAttributeValue */

/* lxml's C API, imported into this file (its header's function pointers are per file). */
int
tree_builder_nodes_ready(void)
{
    return import_lxml__etree();
}

/* Whether UTF-8 *s* holds no character XML 1.0 forbids (the surrogates cannot be in it). */
int
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
xmlNode *
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

int
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
