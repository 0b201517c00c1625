/* _webdom_speedups.number_elements / unnumber_elements: libxml2's document-order keys on the
 * elements of a subtree while a selector's XPath runs over it (dom/selectors/engine.py).
 *
 * libxml2 returns every node-set in document order, sorting it with a comparison that, for two
 * elements, walks from each up to the root and then down to their common ancestor: on a tree n
 * levels deep that is O(n) per comparison, and a query over a deep chain grows with its depth
 * times its size.  libxml2's own remedy (xmlXPathOrderDocElems) stores each element's position,
 * negated, in its otherwise unused `content` field, which the comparison reads first when both
 * elements carry one.  Numbering costs a walk over the subtree, more than the sort it saves on a
 * tree of common depth, so it is done on deep trees only (looks_deep, or the parser's report).
 * Numbering one subtree is enough for a query whose matches all lie in it
 * (a comparison with an element outside takes the walk, as before); the numbers are removed as
 * soon as the query ends, so that nothing else (a user's own XPath over the lxml tree, a later
 * query after the tree changed) ever reads a stale one.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stddef.h>
#include <libxml/tree.h>
#include "etree.h" /* lxml's structures: LxmlElement (the proxy's node) */

static PyTypeObject *element_type; /* lxml.etree._Element */

/* Give each element of the subtree of *top* (itself included), in tree order, the key
 * -(position) (or none, with *clear*). */
static void
number_subtree(xmlNode *top, int clear)
{
    ptrdiff_t position = 0;
    xmlNode *node = top;
    while (node != NULL) {
        if (node->type == XML_ELEMENT_NODE) {
            node->content = clear ? NULL : (xmlChar *)(-(++position));
            if (node->children != NULL) {
                node = node->children;
                continue;
            }
        }
        if (node == top)
            break;
        while (node->next == NULL) {
            node = node->parent;
            if (node == top || node == NULL) {
                node = NULL;
                break;
            }
        }
        if (node != NULL)
            node = node->next;
    }
}

/* Whether a query from *node* may meet elements DEEP levels down, probed in O(depth): its own
 * depth, plus the longest of the paths down its first and its last children (a chain of nested
 * elements, the shape of a deep tree built by a script, is found; one hidden between shallow
 * siblings is not, which the parser reports instead). */
#define DEEP 256

static int
looks_deep(xmlNode *node)
{
    int up = 0;
    for (xmlNode *n = node->parent; n != NULL && n->type == XML_ELEMENT_NODE; n = n->parent)
        up++;
    int first = 0, last = 0;
    for (xmlNode *n = node; n != NULL && up + first < DEEP; first++) {
        xmlNode *c = n->children;
        while (c != NULL && c->type != XML_ELEMENT_NODE)
            c = c->next;
        n = c;
    }
    for (xmlNode *n = node; n != NULL && up + last < DEEP; last++) {
        xmlNode *c = n->last;
        while (c != NULL && c->type != XML_ELEMENT_NODE)
            c = c->prev;
        n = c;
    }
    return up + (first > last ? first : last) >= DEEP;
}

static PyObject *
numbered(PyObject *lx, int clear, int forced)
{
    if (element_type == NULL) {
        PyObject *etree = PyImport_ImportModule("lxml.etree");
        if (etree == NULL)
            return NULL;
        element_type = (PyTypeObject *)PyObject_GetAttrString(etree, "_Element");
        Py_DECREF(etree);
        if (element_type == NULL)
            return NULL;
    }
    if (!PyObject_TypeCheck(lx, element_type)) {
        PyErr_SetString(PyExc_TypeError, "an lxml element is needed");
        return NULL;
    }
    xmlNode *node = ((struct LxmlElement *)lx)->_c_node;
    if (node == NULL || node->type != XML_ELEMENT_NODE || (!clear && !forced && !looks_deep(node)))
        Py_RETURN_FALSE;
    number_subtree(node, clear);
    Py_RETURN_TRUE;
}

static PyObject *
number_elements(PyObject *Py_UNUSED(self), PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "number_elements(lx, deep)");
        return NULL;
    }
    int forced = PyObject_IsTrue(args[1]);
    return forced < 0 ? NULL : numbered(args[0], 0, forced);
}

static PyObject *
unnumber_elements(PyObject *Py_UNUSED(self), PyObject *lx)
{
    return numbered(lx, 1, 1);
}

static PyMethodDef functions[] = {
    {"number_elements", (PyCFunction)(void (*)(void))number_elements, METH_FASTCALL,
     "number_elements(lx, deep): libxml2's document-order keys on the elements of lx's subtree, when the "
     "tree is known to be deep or looks it from lx (True), else nothing (False)."},
    {"unnumber_elements", unnumber_elements, METH_O, "unnumber_elements(lx): those keys removed."},
    {NULL, NULL, 0, NULL}};

int
document_order_exec(PyObject *module)
{
    return PyModule_AddFunctions(module, functions);
}
