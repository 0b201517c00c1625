/* _webdom_speedups.topmost_element(lx, memo): the topmost element ancestor of lxml element lx
 * (itself if it has no element parent): the root of its tree below the document, which
 * Element.getRootNode and isConnected start from (dom/nodes/element.py).
 *
 * The walk up the parents is O(depth); asked of every element of a tree n levels deep (a loop
 * reading isConnected), that is O(n * depth).  So every 64th ancestor passed is remembered in
 * *memo* (a dict the caller keeps for one version of the document: no node moves while it
 * lives) with the top found, and a later walk stops at the first remembered one: each call then
 * takes at most 64 steps and a few lookups.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <libxml/tree.h>
#include "lxml_api.h" /* lxml's C API and element type: ready() */

#define STRIDE 64

static PyObject *
topmost_element(PyObject *Py_UNUSED(self), PyObject *const *args, Py_ssize_t nargs)
{
    if (ready() < 0)
        return NULL;
    if (nargs != 2 || !PyObject_TypeCheck(args[0], element_type) || !PyDict_Check(args[1])) {
        PyErr_SetString(PyExc_TypeError, "topmost_element(lx, memo)");
        return NULL;
    }
    struct LxmlElement *lx = (struct LxmlElement *)args[0];
    PyObject *memo = args[1];
    PyObject *pending = NULL; /* the anchors passed, to remember */
    PyObject *top = NULL;
    xmlNode *node = lx->_c_node;
    Py_ssize_t steps = 0;
    while (node->parent != NULL && node->parent->type == XML_ELEMENT_NODE) {
        node = node->parent;
        if (++steps % STRIDE != 0)
            continue;
        /* (keyed by the anchor's proxy, which the memo then keeps alive: a node that a key
         * names is never freed and its address never reused while the memo lives) */
        PyObject *anchor = (PyObject *)elementFactory(lx->_doc, node);
        if (anchor == NULL)
            goto error;
        PyObject *found = PyDict_GetItemWithError(memo, anchor);
        if (found != NULL) {
            Py_DECREF(anchor);
            top = Py_NewRef(found);
            break;
        }
        if (PyErr_Occurred() || (pending == NULL && (pending = PyList_New(0)) == NULL)
            || PyList_Append(pending, anchor) < 0) {
            Py_DECREF(anchor);
            goto error;
        }
        Py_DECREF(anchor);
    }
    if (top == NULL) {
        top = node == lx->_c_node ? Py_NewRef((PyObject *)lx) : (PyObject *)elementFactory(lx->_doc, node);
        if (top == NULL)
            goto error;
    }
    for (Py_ssize_t i = 0; pending != NULL && i < PyList_GET_SIZE(pending); i++)
        if (PyDict_SetItem(memo, PyList_GET_ITEM(pending, i), top) < 0)
            goto error;
    Py_XDECREF(pending);
    return top;
error:
    Py_XDECREF(pending);
    Py_XDECREF(top);
    return NULL;
}

static PyMethodDef functions[] = {
    {"topmost_element", (PyCFunction)(void (*)(void))topmost_element, METH_FASTCALL,
     "topmost_element(lx, memo): lx's topmost element ancestor (or lx), every 64th ancestor passed "
     "remembered in memo for later calls."},
    {NULL, NULL, 0, NULL}};

int
tree_root_exec(PyObject *module)
{
    return PyModule_AddFunctions(module, functions);
}
