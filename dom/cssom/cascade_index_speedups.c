/* _webdom_speedups.index_attributes: the cascade's index of a document's elements by attribute
 * name, id and class (dom/cssom/cascade.py, Cascade._index_walk is the reference) in one walk
 * over the libxml2 nodes, for the keys the style sheets' selectors name.
 *
 * For each element of the subtree (tree order, the root included): each attribute without a
 * namespace whose name, ASCII-lowercased, is a wanted attribute name; its id (ASCII-lowercased
 * in quirks mode) when wanted; each distinct class of its class attribute split at ASCII white
 * space (ASCII-lowercased in quirks mode) that is wanted.  The element's lxml proxy is appended to
 * the index's list for that key.  Attribute values are read when they are one text node (as the
 * HTML parser and setAttribute store them); any other shape answers None and the reference
 * walks instead.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <string.h>
#include <libxml/tree.h>
#include "etree.h"     /* lxml's structures: LxmlElement (the proxy's node and document) */
#include "etree_api.h" /* lxml's public C API: elementFactory (a node's proxy) */

static int api_ready;
static PyTypeObject *element_type; /* lxml.etree._Element */
static PyObject *s_attribute, *s_id, *s_class; /* the index's kinds: "@", "#", "." */

static int
ready(void)
{
    if (api_ready)
        return 0;
    if (import_lxml__etree() < 0)
        return -1;
    PyObject *etree = PyImport_ImportModule("lxml.etree");
    if (etree == NULL)
        return -1;
    element_type = (PyTypeObject *)PyObject_GetAttrString(etree, "_Element");
    Py_DECREF(etree);
    if (element_type == NULL)
        return -1;
    if ((s_attribute = PyUnicode_InternFromString("@")) == NULL || (s_id = PyUnicode_InternFromString("#")) == NULL
        || (s_class = PyUnicode_InternFromString(".")) == NULL)
        return -1;
    api_ready = 1;
    return 0;
}

/* A str of *n* UTF-8 bytes, ASCII-lowercased when *fold* (A-Z are single bytes in UTF-8). */
static PyObject *
string_of(const xmlChar *s, size_t n, int fold)
{
    if (!fold)
        return PyUnicode_DecodeUTF8((const char *)s, (Py_ssize_t)n, NULL);
    char small[256] = {0};
    char *buffer = n <= sizeof small ? small : PyMem_Malloc(n);
    if (buffer == NULL)
        return PyErr_NoMemory();
    for (size_t i = 0; i < n; i++)
        buffer[i] = (char)(s[i] >= 'A' && s[i] <= 'Z' ? s[i] + 32 : s[i]);
    PyObject *text = PyUnicode_DecodeUTF8(buffer, (Py_ssize_t)n, NULL);
    if (buffer != small)
        PyMem_Free(buffer);
    return text;
}

/* Append *element*'s proxy to index[(kind, name)] (the key is wanted, so its list is there). */
static int
add(PyObject *index, PyObject *kind, PyObject *name, struct LxmlDocument *doc, xmlNode *element, PyObject **proxy)
{
    PyObject *key = PyTuple_Pack(2, kind, name);
    if (key == NULL)
        return -1;
    PyObject *list = PyDict_GetItemWithError(index, key);
    Py_DECREF(key);
    if (list == NULL) {
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_KeyError, "index_attributes: a wanted key has no list");
        return -1;
    }
    if (*proxy == NULL && (*proxy = (PyObject *)elementFactory(doc, element)) == NULL)
        return -1;
    return PyList_Append(list, *proxy);
}

/* The value of an attribute stored as one text node (or none: ""); NULL when it is stored otherwise. */
static const xmlChar *
value_of(xmlAttr *attribute)
{
    xmlNode *text = attribute->children;
    if (text == NULL)
        return (const xmlChar *)"";
    if (text->type != XML_TEXT_NODE || text->next != NULL || text->content == NULL)
        return NULL;
    return text->content;
}

static inline int
ascii_white_space(xmlChar c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r';
}

/* One element's keys; 1 when a value has a shape left to the reference, -1 on error. */
static int
index_element(xmlNode *element, PyObject *ids, PyObject *classes, PyObject *attributes, int fold, PyObject *index,
              struct LxmlDocument *doc)
{
    PyObject *proxy = NULL;
    int r = 0;
    for (xmlAttr *attribute = element->properties; attribute != NULL && r == 0; attribute = attribute->next) {
        if (attribute->ns != NULL)
            continue; /* no wanted attribute name is namespaced (the caller checks), nor are id and class */
        const xmlChar *name = attribute->name;
        if (PySet_GET_SIZE(attributes) > 0) {
            PyObject *lowered = string_of(name, strlen((const char *)name), 1);
            int wanted = lowered == NULL ? -1 : PySet_Contains(attributes, lowered);
            if (wanted > 0)
                wanted = add(index, s_attribute, lowered, doc, element, &proxy) < 0 ? -1 : 0;
            Py_XDECREF(lowered);
            if (wanted < 0)
                r = -1;
        }
        int is_id = strcmp((const char *)name, "id") == 0, is_class = !is_id && strcmp((const char *)name, "class") == 0;
        if (r != 0 || !((is_id && PySet_GET_SIZE(ids) > 0) || (is_class && PySet_GET_SIZE(classes) > 0)))
            continue;
        const xmlChar *value = value_of(attribute);
        if (value == NULL) {
            r = 1;
            break;
        }
        if (is_id) {
            if (*value == 0)
                continue; /* id="" gives no ID */
            PyObject *identifier = string_of(value, strlen((const char *)value), fold);
            int wanted = identifier == NULL ? -1 : PySet_Contains(ids, identifier);
            if (wanted > 0)
                wanted = add(index, s_id, identifier, doc, element, &proxy) < 0 ? -1 : 0;
            Py_XDECREF(identifier);
            if (wanted < 0)
                r = -1;
            continue;
        }
        PyObject *seen = NULL; /* the element's classes already listed */
        for (const xmlChar *at = value; *at && r == 0;) {
            while (*at && ascii_white_space(*at))
                at++;
            const xmlChar *start = at;
            while (*at && !ascii_white_space(*at))
                at++;
            if (at == start)
                break;
            PyObject *token = string_of(start, (size_t)(at - start), fold);
            int wanted = token == NULL ? -1 : PySet_Contains(classes, token);
            if (wanted > 0 && seen != NULL)
                wanted = PySet_Contains(seen, token) ? 0 : 1;
            if (wanted > 0) {
                if ((seen == NULL && (seen = PySet_New(NULL)) == NULL) || PySet_Add(seen, token) < 0
                    || add(index, s_class, token, doc, element, &proxy) < 0)
                    wanted = -1;
            }
            Py_XDECREF(token);
            if (wanted < 0)
                r = -1;
        }
        Py_XDECREF(seen);
    }
    Py_XDECREF(proxy);
    return r;
}

/* index_attributes(root, ids, classes, attributes, quirks, index): the number of elements, or
 * None when the reference must walk (an attribute value stored in another shape). */
static PyObject *
index_attributes(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    (void)module;
    if (ready() < 0)
        return NULL;
    if (nargs != 6 || !PyObject_TypeCheck(args[0], element_type) || !PyAnySet_Check(args[1])
        || !PyAnySet_Check(args[2]) || !PyAnySet_Check(args[3]) || !PyDict_Check(args[5])) {
        PyErr_SetString(PyExc_TypeError, "index_attributes(root, ids, classes, attributes, quirks, index)");
        return NULL;
    }
    int fold = PyObject_IsTrue(args[4]);
    if (fold < 0)
        return NULL;
    struct LxmlElement *root = (struct LxmlElement *)args[0];
    xmlNode *top = root->_c_node, *node = top;
    Py_ssize_t count = 0;
    while (node != NULL) {
        if (node->type == XML_ELEMENT_NODE) {
            count++;
            int r = node->properties != NULL
                        ? index_element(node, args[1], args[2], args[3], fold, args[5], root->_doc)
                        : 0;
            if (r < 0)
                return NULL;
            if (r > 0)
                Py_RETURN_NONE;
            if (node->children != NULL) {
                node = node->children;
                continue;
            }
        }
        if (node == top)
            break;
        while (node->next == NULL) {
            node = node->parent;
            if (node == top || node == NULL)
                return PyLong_FromSsize_t(count);
        }
        node = node->next;
    }
    return PyLong_FromSsize_t(count);
}

static PyMethodDef functions[] = {
    {"index_attributes", (PyCFunction)(void (*)(void))index_attributes, METH_FASTCALL,
     "index_attributes(root, ids, classes, attributes, quirks, index): the cascade's index by attribute name, "
     "id and class in one walk over the libxml2 nodes (dom/cssom/cascade_index_speedups.c; the reference is "
     "Cascade._index_walk in dom/cssom/cascade.py); the element count, or None where the reference must walk."},
    {NULL, NULL, 0, NULL}};

int
cascade_index_exec(PyObject *module)
{
    return PyModule_AddFunctions(module, functions);
}
