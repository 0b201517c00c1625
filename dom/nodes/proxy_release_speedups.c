/* _webdom_speedups.release_proxies(proxies): drop the lxml proxies of the list *proxies* (it is
 * emptied) in time linear in their number and their ancestors' (dom/nodes/proxy_release.py
 * holds the reference and says why).  has_parent(lx): whether lxml node lx has a parent, asked
 * without making the parent's proxy (whose release would walk up).  anchor_elements(lx, stride):
 * the proxies a deep tree keeps so that every release's walk up is at most *stride* steps.
 *
 * The set: the list's proxies, then the proxies made here for their ancestors that had none (a
 * walk up stops at an ancestor in the set or one with a proxy held elsewhere, so each ancestor
 * is passed once).  Each is released once every child of it in the set was: lxml's walk up from
 * a freed proxy's node then stops at its parent.
 *
 * While it runs, an element of the set keeps its index in the set plus one in its `content`
 * field, which libxml2 leaves NULL on elements (document_order_speedups.c borrows the field
 * likewise, only while a query runs); every mark is removed before the element is released.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <libxml/tree.h>
#include "lxml_api.h" /* lxml's C API and element type: ready() */

/* The node of *item* when it is an lxml proxy of a node, else NULL. */
static xmlNode *
node_of(PyObject *item)
{
    return PyObject_TypeCheck(item, element_type) ? ((struct LxmlElement *)item)->_c_node : NULL;
}

/* The index in the set of element *node*, or -1. */
static Py_ssize_t
index_of(const xmlNode *node)
{
    return node != NULL && node->type == XML_ELEMENT_NODE && node->content != NULL
               ? (Py_ssize_t)(uintptr_t)node->content - 1
               : -1;
}

/* Append *item* (a new reference, stolen) to *set*, growing *pending* with it; -1 on failure. */
static int
add(PyObject *set, PyObject *item, Py_ssize_t **pending, Py_ssize_t *capacity)
{
    Py_ssize_t size = PyList_GET_SIZE(set);
    if (size == *capacity) {
        Py_ssize_t grown = *capacity * 2 + 16;
        Py_ssize_t *more = PyMem_Resize(*pending, Py_ssize_t, (size_t)grown);
        if (more == NULL) {
            Py_DECREF(item);
            PyErr_NoMemory();
            return -1;
        }
        *pending = more;
        *capacity = grown;
    }
    (*pending)[size] = 0;
    xmlNode *node = node_of(item);
    if (node != NULL && node->type == XML_ELEMENT_NODE)
        node->content = (xmlChar *)(uintptr_t)(size + 1);
    int failed = PyList_Append(set, item);
    Py_DECREF(item);
    if (failed && node != NULL && node->type == XML_ELEMENT_NODE)
        node->content = NULL;
    return failed ? -1 : 0;
}

static void
unmark(PyObject *set)
{
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(set); i++) {
        xmlNode *node = node_of(PyList_GET_ITEM(set, i));
        if (index_of(node) == i)
            node->content = NULL;
    }
}

static PyObject *
release_proxies(PyObject *Py_UNUSED(self), PyObject *proxies)
{
    if (!PyList_Check(proxies)) {
        PyErr_SetString(PyExc_TypeError, "release_proxies(list)");
        return NULL;
    }
    if (ready() < 0) {
        /* lxml's API out of reach: the interpreter is shutting down (a document's __del__),
         * and nothing imports any more; the list is dropped as it is */
        PyErr_Clear();
        if (PyList_SetSlice(proxies, 0, PyList_GET_SIZE(proxies), NULL) < 0)
            return NULL;
        Py_RETURN_NONE;
    }
    PyObject *set = PyList_New(0);
    Py_ssize_t *pending = NULL, capacity = 0, *leaves = NULL;
    if (set == NULL)
        return NULL;
    /* the list's proxies, each once (the set holds a reference of its own) */
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(proxies); i++) {
        PyObject *item = PyList_GET_ITEM(proxies, i);
        if (index_of(node_of(item)) >= 0)
            continue;
        if (add(set, Py_NewRef(item), &pending, &capacity) < 0)
            goto error;
    }
    if (PyList_SetSlice(proxies, 0, PyList_GET_SIZE(proxies), NULL) < 0)
        goto error;
    /* their ancestors without a proxy, and every element's count of children in the set */
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(set); i++) {
        PyObject *item = PyList_GET_ITEM(set, i);
        xmlNode *node = node_of(item);
        if (node == NULL || node->parent == NULL || node->parent->type != XML_ELEMENT_NODE)
            continue;
        Py_ssize_t parent = index_of(node->parent);
        if (parent < 0) {
            if (node->parent->_private != NULL)
                continue; /* its proxy, held elsewhere, stops the walk up */
            PyObject *made = (PyObject *)elementFactory(((struct LxmlElement *)item)->_doc, node->parent);
            if (made == NULL || add(set, made, &pending, &capacity) < 0)
                goto error;
            parent = PyList_GET_SIZE(set) - 1;
        }
        pending[parent]++;
    }
    /* release: children first */
    Py_ssize_t size = PyList_GET_SIZE(set), top = 0;
    leaves = PyMem_New(Py_ssize_t, (size_t)size + 1);
    if (leaves == NULL) {
        PyErr_NoMemory();
        goto error;
    }
    for (Py_ssize_t i = 0; i < size; i++)
        if (pending[i] == 0)
            leaves[top++] = i;
    while (top > 0) {
        Py_ssize_t i = leaves[--top];
        PyObject *item = PyList_GET_ITEM(set, i);
        xmlNode *node = node_of(item);
        Py_ssize_t parent = node == NULL ? -1 : index_of(node->parent);
        if (index_of(node) == i)
            node->content = NULL;
        PyList_SET_ITEM(set, i, Py_NewRef(Py_None));
        Py_DECREF(item); /* (the node may be freed with it: not read after) */
        if (parent >= 0 && --pending[parent] == 0)
            leaves[top++] = parent;
    }
    PyMem_Free(leaves);
    PyMem_Free(pending);
    Py_DECREF(set);
    Py_RETURN_NONE;
error:
    unmark(set);
    PyMem_Free(leaves);
    PyMem_Free(pending);
    Py_DECREF(set);
    return NULL;
}

static PyObject *
has_parent(PyObject *Py_UNUSED(self), PyObject *lx)
{
    if (ready() < 0)
        return NULL;
    xmlNode *node = node_of(lx);
    if (node == NULL) {
        PyErr_SetString(PyExc_TypeError, "has_parent(lx): an lxml proxy");
        return NULL;
    }
    /* (lxml's getparent: None for a node whose parent is the document) */
    xmlNode *parent = node->parent;
    return PyBool_FromLong(parent != NULL && parent->type != XML_DOCUMENT_NODE
                           && parent->type != XML_HTML_DOCUMENT_NODE);
}

/* The next element after *node* in tree order within the subtree of *top*, its depth kept in
 * *depth*; NULL at the end.  (Elements only: the anchors are elements.) */
static xmlNode *
next_element(xmlNode *node, const xmlNode *top, Py_ssize_t *depth)
{
    for (xmlNode *child = node->children; child != NULL; child = child->next)
        if (child->type == XML_ELEMENT_NODE) {
            ++*depth;
            return child;
        }
    while (node != top) {
        for (xmlNode *next = node->next; next != NULL; next = next->next)
            if (next->type == XML_ELEMENT_NODE)
                return next;
        node = node->parent;
        --*depth;
    }
    return NULL;
}

/* Whether *node* has a child lxml gives proxies to (lxml's len(): not text). */
static int
has_child_proxy_kind(const xmlNode *node)
{
    for (const xmlNode *child = node->children; child != NULL; child = child->next)
        if (child->type == XML_ELEMENT_NODE || child->type == XML_COMMENT_NODE || child->type == XML_PI_NODE
            || child->type == XML_ENTITY_REF_NODE)
            return 1;
    return 0;
}

static PyObject *
anchor_elements(PyObject *Py_UNUSED(self), PyObject *const *args, Py_ssize_t nargs)
{
    if (ready() < 0)
        return NULL;
    xmlNode *top = nargs == 2 ? node_of(args[0]) : NULL;
    Py_ssize_t stride = nargs == 2 && PyLong_Check(args[1]) ? PyLong_AsSsize_t(args[1]) : 0;
    if (top == NULL || top->type != XML_ELEMENT_NODE || stride <= 0) {
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_TypeError, "anchor_elements(lx, stride): an element's proxy and a positive int");
        return NULL;
    }
    PyObject *anchors = PyList_New(0);
    if (anchors == NULL)
        return NULL;
    Py_ssize_t depth = 0;
    for (xmlNode *node = top; node != NULL; node = next_element(node, top, &depth)) {
        if (depth == 0 || depth % stride != 0 || !has_child_proxy_kind(node))
            continue;
        PyObject *anchor = (PyObject *)elementFactory(((struct LxmlElement *)args[0])->_doc, node);
        if (anchor == NULL || PyList_Append(anchors, anchor) < 0) {
            Py_XDECREF(anchor);
            Py_DECREF(anchors);
            return NULL;
        }
        Py_DECREF(anchor);
    }
    return anchors;
}

static PyMethodDef functions[] = {
    {"release_proxies", release_proxies, METH_O,
     "release_proxies(list): drop the list's lxml proxies (it is emptied), each once every child of it among "
     "them and their ancestors is gone."},
    {"anchor_elements", (PyCFunction)(void (*)(void))anchor_elements, METH_FASTCALL,
     "anchor_elements(lx, stride): the proxies of the elements of lx's subtree that have children, at the depths "
     "(below lx) that are multiples of stride, in tree order."},
    {"has_parent", has_parent, METH_O, "has_parent(lx): whether lx.getparent() is not None, without making its proxy."},
    {NULL, NULL, 0, NULL}};

int
proxy_release_exec(PyObject *module)
{
    return PyModule_AddFunctions(module, functions);
}
