/* _webdom_speedups.with_named_ancestors: the elements of a list that have an ancestor of one of
 * some names, that one an ancestor of one of the names before, and so on -- the matches among
 * the elements of its last compound's names of a selector of types alone joined by descendant
 * combinators (https://drafts.csswg.org/selectors-4/#descendant-combinators), the user agent
 * sheet's nested lists.  type_chain_matches in dom/cssom/type_chains.py is the reference: each
 * element walked up to its nearest ancestor of each compound's names (the nearest will do: it
 * has every ancestor a farther one has), here over libxml2's parent pointers, not an lxml
 * iterator per element and compound.  Names are plain (an element in no namespace, whose lxml
 * tag is its name), as lxml's iterancestors(*names) compares them.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <string.h>
#include <libxml/tree.h>
#include "../nodes/lxml_api.h" /* lxml's C API and element type: ready() */
#include "plain_names.h"       /* PlainNames, read_plain_names(), plain_named() */

#define MOST_COMPOUNDS 8

/* with_named_ancestors(elements, ancestors): the lxml elements of the list *elements*, in order,
 * each with an ancestor named one of the last tuple of str of *ancestors*, that one with an
 * ancestor named one of the tuple before, ... ; None when an item is not an lxml element, a name
 * is not a str or holds "{", or there are more than 8 tuples or 16 names in one. */
static PyObject *
with_named_ancestors(PyObject *Py_UNUSED(module), PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 2 || !PyList_Check(args[0]) || !PyTuple_Check(args[1])) {
        PyErr_SetString(PyExc_TypeError, "with_named_ancestors(elements: list, ancestors: tuple)");
        return NULL;
    }
    if (ready() < 0)
        return NULL;
    PyObject *list = args[0], *ancestors = args[1];
    Py_ssize_t levels = PyTuple_GET_SIZE(ancestors);
    PlainNames chain[MOST_COMPOUNDS];
    if (levels > MOST_COMPOUNDS)
        Py_RETURN_NONE;
    for (Py_ssize_t k = 0; k < levels; k++)
        if (!read_plain_names(PyTuple_GET_ITEM(ancestors, k), &chain[k]))
            Py_RETURN_NONE; /* (the reference compares them) */
    if (!all_element_proxies(list))
        Py_RETURN_NONE;
    PyObject *out = PyList_New(0);
    if (out == NULL)
        return NULL;
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(list); i++) {
        PyObject *lx = PyList_GET_ITEM(list, i);
        const xmlNode *node = ((struct LxmlElement *)lx)->_c_node;
        Py_ssize_t k = levels;
        while (k > 0) {
            node = node->parent;
            while (node != NULL && node->type == XML_ELEMENT_NODE && !plain_named(node, &chain[k - 1]))
                node = node->parent;
            if (node == NULL || node->type != XML_ELEMENT_NODE)
                break; /* (no such ancestor: the walk reached the document, or a fragment's top) */
            k--;
        }
        if (k == 0 && PyList_Append(out, lx) < 0) {
            Py_DECREF(out);
            return NULL;
        }
    }
    return out;
}

static PyMethodDef functions[] = {
    {"with_named_ancestors", (PyCFunction)(void (*)(void))with_named_ancestors, METH_FASTCALL,
     "with_named_ancestors(elements, ancestors): the elements with an ancestor of one of the last names of "
     "ancestors, it one of the names before ... (dom/cssom/type_chain_speedups.c; the reference is "
     "type_chain_matches in dom/cssom/type_chains.py), or None."},
    {NULL, NULL, 0, NULL}};

int
type_chain_exec(PyObject *module)
{
    return PyModule_AddFunctions(module, functions);
}
