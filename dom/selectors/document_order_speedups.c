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
 *
 * language_holders: the elements of a subtree with a language attribute, by the same kind of
 * walk (:lang() over many elements, dom/selectors/states.py).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stddef.h>
#include <string.h>
#include <libxml/tree.h>
#include "../nodes/lxml_api.h" /* lxml's C API and element type: ready() */
#include "../nodes/subtree_walk.h"

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
        node = subtree_next(node, top);
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

/* Whether *lx* is an lxml element (-1 with TypeError when not, or on error). */
static int
an_element(PyObject *lx)
{
    if (ready() < 0)
        return -1;
    if (!PyObject_TypeCheck(lx, element_type)) {
        PyErr_SetString(PyExc_TypeError, "an lxml element is needed");
        return -1;
    }
    return 0;
}

static PyObject *
numbered(PyObject *lx, int clear, int forced)
{
    if (an_element(lx) < 0)
        return NULL;
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

/* language_holders(lx): the elements of lx's subtree (lx included), in tree order, with a lang
 * attribute in no namespace or an xml:lang attribute -- the parents of the attributes that
 * _LANGUAGE_ATTRIBUTES finds (dom/selectors/states.py), in one walk; None where the subtree holds
 * a node that walk leaves to libxml2's axes (entity references, XInclude markers). */

static int
holds_language(xmlNode *node)
{
    for (xmlAttr *attribute = node->properties; attribute != NULL; attribute = attribute->next)
        if (attribute->name != NULL && strcmp((const char *)attribute->name, "lang") == 0
            && (attribute->ns == NULL
                || (attribute->ns->href != NULL && strcmp((const char *)attribute->ns->href,
                                                          (const char *)XML_XML_NAMESPACE) == 0)))
            return 1;
    return 0;
}

static PyObject *
language_holders(PyObject *Py_UNUSED(self), PyObject *lx)
{
    if (an_element(lx) < 0)
        return NULL;
    struct LxmlElement *root = (struct LxmlElement *)lx;
    xmlNode *top = root->_c_node;
    if (top == NULL || top->type != XML_ELEMENT_NODE)
        Py_RETURN_NONE;
    PyObject *out = PyList_New(0);
    if (out == NULL)
        return NULL;
    xmlNode *node = top;
    while (node != NULL) {
        if (node->type == XML_ELEMENT_NODE) {
            if (holds_language(node)) {
                PyObject *proxy = (PyObject *)elementFactory(root->_doc, node);
                if (proxy == NULL || PyList_Append(out, proxy) < 0) {
                    Py_XDECREF(proxy);
                    Py_DECREF(out);
                    return NULL;
                }
                Py_DECREF(proxy);
            }
            if (node->children != NULL) {
                node = node->children;
                continue;
            }
        }
        else if (node->type != XML_TEXT_NODE && node->type != XML_CDATA_SECTION_NODE
                 && node->type != XML_COMMENT_NODE && node->type != XML_PI_NODE) {
            Py_DECREF(out);
            Py_RETURN_NONE;
        }
        node = subtree_next(node, top);
    }
    return out;
}

static PyMethodDef functions[] = {
    {"number_elements", (PyCFunction)(void (*)(void))number_elements, METH_FASTCALL,
     "number_elements(lx, deep): libxml2's document-order keys on the elements of lx's subtree, when the "
     "tree is known to be deep or looks it from lx (True), else nothing (False)."},
    {"unnumber_elements", unnumber_elements, METH_O, "unnumber_elements(lx): those keys removed."},
    {"language_holders", language_holders, METH_O,
     "language_holders(lx): the elements of lx's subtree with a lang or xml:lang attribute, in tree order, or None."},
    {NULL, NULL, 0, NULL}};

int
document_order_exec(PyObject *module)
{
    return PyModule_AddFunctions(module, functions);
}
