/* lxml's public C API and its element type (lxml.etree._Element), made ready at the first call
 * of the extension's functions that take lxml proxies (cascade_index_speedups.c,
 * style_sharing_speedups.c, tree_root_speedups.c, document_order_speedups.c,
 * descendant_combinator_speedups.c, proxy_release_speedups.c): each file that includes this keeps
 * its own copy of the state, as it does of lxml's API pointers (etree_api.h). */
#ifndef WEBDOM_LXML_API_H
#define WEBDOM_LXML_API_H

#include <Python.h>
#include "etree.h"     /* lxml's structures: LxmlElement (the proxy's node and document) */
#include "etree_api.h" /* lxml's public C API: elementFactory (a node's proxy) */

static int lxml_api_ready;
static PyTypeObject *element_type; /* lxml.etree._Element */

/* 0 once lxml's C API and element type are at hand, -1 with an exception set. */
static int
ready(void)
{
    if (lxml_api_ready)
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
    lxml_api_ready = 1;
    return 0;
}

/* Whether every item of the list *list* is an lxml element proxy with a node (after ready()). */
static inline int
all_element_proxies(PyObject *list)
{
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(list); i++)
        if (!PyObject_TypeCheck(PyList_GET_ITEM(list, i), element_type)
            || ((struct LxmlElement *)PyList_GET_ITEM(list, i))->_c_node == NULL)
            return 0;
    return 1;
}

#endif
