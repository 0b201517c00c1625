/* Plain element names (an element in no namespace, whose lxml tag is its name) read from a tuple
 * of str once, and tested against libxml2 nodes: the cascade's walks over lists of lxml elements
 * by name (style_sharing_speedups.c's elements_named, type_chain_speedups.c's chains). */
#ifndef WEBDOM_PLAIN_NAMES_H
#define WEBDOM_PLAIN_NAMES_H

#include <Python.h>
#include <string.h>
#include <libxml/tree.h>

#define MOST_NAMES 16

typedef struct {
    Py_ssize_t count;
    const char *names[MOST_NAMES];
} PlainNames;

/* Read the tuple *names* into *out*: 1 when done, 0 when the caller's reference must answer (not a
 * tuple of at most MOST_NAMES str, or a name holding "{", a namespaced lxml tag). */
static inline int
read_plain_names(PyObject *names, PlainNames *out)
{
    if (!PyTuple_Check(names) || PyTuple_GET_SIZE(names) > MOST_NAMES)
        return 0;
    out->count = PyTuple_GET_SIZE(names);
    for (Py_ssize_t i = 0; i < out->count; i++) {
        PyObject *name = PyTuple_GET_ITEM(names, i);
        if (!PyUnicode_Check(name) || (out->names[i] = PyUnicode_AsUTF8(name)) == NULL) {
            PyErr_Clear();
            return 0;
        }
        if (strchr(out->names[i], '{') != NULL)
            return 0;
    }
    return 1;
}

/* Whether *node* is an element in no namespace named one of *names*. */
static inline int
plain_named(const xmlNode *node, const PlainNames *names)
{
    if (node->type != XML_ELEMENT_NODE || node->name == NULL || (node->ns != NULL && node->ns->href != NULL))
        return 0;
    for (Py_ssize_t i = 0; i < names->count; i++)
        if (strcmp((const char *)node->name, names->names[i]) == 0)
            return 1;
    return 0;
}

#endif
