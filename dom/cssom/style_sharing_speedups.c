/* _webdom_speedups.share_computed_values: the computed values of every element below a
 * document's root in one walk over the libxml2 nodes (dom/cssom/computed_style.py,
 * computed_values_of and _compute are the reference), for the elements whose values are already
 * known by their keys: browsers' style sharing between elements matched by the same rules under
 * parents with the same style.
 *
 * share_computed_values(root, root_values, matched, signatures, shared, known, always, hinted,
 * hint_attributes, slow, by_name, unnamed, nodes, attr_extra): for each element below *root* in
 * tree order, with its parent's values P: an element with a namespace, a name in *always* (bytes),
 * or a name in *hinted* and an attribute named in *hint_attributes* (presentational hints), or a
 * style attribute whose value its wrapper keeps (nodes.get(proxy)'s slot *attr_extra*, a member
 * descriptor, is a non-empty dict or not a dict) is left to slow(proxy, P), which gives its
 * values.  Any other element's cascaded values are signatures[(id(N), ids of
 * matched.get(proxy, ()), None, S)] (Cascade.cascaded's key without hints), N the tuple
 * *by_name* (bytes -> tuple) gives for its name or else *unnamed*, S its style attribute's value
 * or None (when "" or absent), its computed values shared[(id(P), False, id(cascaded))]; where
 * either is missing, slow(proxy, P) again.  known[proxy] is set to the values (slow sets it itself).  Only for HTML
 * documents, whose HTML elements have no namespace in lxml.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <string.h>
#include <structmember.h>
#include <libxml/tree.h>
#include "../nodes/lxml_api.h" /* lxml's C API and element type: ready() */
#include "plain_names.h"       /* PlainNames, read_plain_names(), plain_named() */

#define SLOT(obj, offset) (*(PyObject **)((char *)(obj) + (offset)))

/* Whether *name* is one of the bytes of the tuple *names*. */
static int
named(const xmlChar *name, PyObject *names)
{
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(names); i++) {
        const char *other = PyBytes_AS_STRING(PyTuple_GET_ITEM(names, i));
        if (name[0] == (xmlChar)other[0] && strcmp((const char *)name, other) == 0)
            return 1;
    }
    return 0;
}

/* Whether the element's values need the reference (see the module comment, but for the wrapper's
 * style attribute); *style* is set to its style attribute's value (NULL: none). */
static int
needs_reference(xmlNode *node, PyObject *always, PyObject *hinted, PyObject *hint_attributes, const xmlChar **style)
{
    *style = NULL;
    if (node->ns != NULL || node->name == NULL || named(node->name, always))
        return 1;
    int hints = named(node->name, hinted);
    for (xmlAttr *attribute = node->properties; attribute != NULL; attribute = attribute->next) {
        if (attribute->ns != NULL)
            continue;
        if (strcmp((const char *)attribute->name, "style") == 0) {
            /* its value as lxml reads it: one text node (or none) */
            xmlNode *text = attribute->children;
            if (text == NULL)
                *style = (const xmlChar *)"";
            else if (text->type == XML_TEXT_NODE && text->next == NULL && text->content != NULL)
                *style = text->content;
            else
                return 1;
        }
        else if (hints && named(attribute->name, hint_attributes))
            return 1;
    }
    return 0;
}

/* Whether the element's style attribute is read from lxml: its wrapper (if any) keeps no value
 * of its own (Cascade.cascaded reads the wrapper's when its _attr_extra is a non-empty dict). */
static int
style_from_lxml(PyObject *proxy, PyObject *nodes, PyMemberDescrObject *attr_extra)
{
    PyObject *wrapper = PyDict_GetItemWithError(nodes, proxy);
    if (wrapper == NULL)
        return PyErr_Occurred() ? -1 : 1;
    if (!PyObject_TypeCheck(wrapper, PyDescr_TYPE(attr_extra)))
        return 0; /* (not an element of the class whose slot this is) */
    PyObject *extra = SLOT(wrapper, attr_extra->d_member->offset);
    return extra == NULL || extra == Py_None || (PyDict_Check(extra) && PyDict_GET_SIZE(extra) == 0);
}

/* id(object), as the keys of computed_style.py hold it: a new reference, NULL on error. */
static PyObject *
id_of(PyObject *object)
{
    return PyLong_FromVoidPtr(object);
}

/* The entries of the user agent's type selectors by name (user_agent_types.py): a power of two
 * of slots, at most half full, open addressing; the names and entries borrowed from the dict. */
typedef struct {
    const char *name;
    PyObject *entries;
} Named;
typedef struct {
    Named *slots;
    size_t mask;
    PyObject *unnamed;
} Names;

static size_t
name_hash(const char *s)
{
    size_t h = 2166136261u;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 16777619u;
    return h;
}

/* The table of *by_name* (a dict of bytes -> tuple); -1 on error. */
static int
names_of(Names *names, PyObject *by_name, PyObject *unnamed)
{
    size_t size = 8;
    while (size < (size_t)PyDict_GET_SIZE(by_name) * 2)
        size *= 2;
    names->slots = PyMem_Calloc(size, sizeof(Named));
    names->mask = size - 1;
    names->unnamed = unnamed;
    if (names->slots == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    Py_ssize_t position = 0;
    PyObject *name, *entries;
    while (PyDict_Next(by_name, &position, &name, &entries)) {
        if (!PyBytes_Check(name) || !PyTuple_Check(entries)) {
            PyErr_SetString(PyExc_TypeError, "share_computed_values: by_name maps bytes to tuples");
            return -1;
        }
        size_t at = name_hash(PyBytes_AS_STRING(name)) & names->mask;
        while (names->slots[at].name != NULL)
            at = (at + 1) & names->mask;
        names->slots[at] = (Named){PyBytes_AS_STRING(name), entries};
    }
    return 0;
}

/* The entries of the element name *name* (borrowed). */
static PyObject *
entries_named(const Names *names, const char *name)
{
    for (size_t at = name_hash(name) & names->mask; names->slots[at].name != NULL; at = (at + 1) & names->mask)
        if (strcmp(names->slots[at].name, name) == 0)
            return names->slots[at].entries;
    return names->unnamed;
}

/* The signature key of *entries* (a list, or NULL for none) and the entries of the element's
 * name *by_name*: (id(by_name), tuple of ids, None, style or None). */
static PyObject *
signature_key(PyObject *by_name, PyObject *entries, PyObject *style)
{
    Py_ssize_t n = entries == NULL ? 0 : PyList_GET_SIZE(entries);
    PyObject *ids = PyTuple_New(n);
    if (ids == NULL)
        return NULL;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *id = id_of(PyList_GET_ITEM(entries, i));
        if (id == NULL) {
            Py_DECREF(ids);
            return NULL;
        }
        PyTuple_SET_ITEM(ids, i, id);
    }
    PyObject *name_id = id_of(by_name);
    PyObject *key = name_id == NULL ? NULL : PyTuple_Pack(4, name_id, ids, Py_None, style == NULL ? Py_None : style);
    Py_XDECREF(name_id);
    Py_DECREF(ids);
    return key;
}

/* The walk's memory of the last keys it looked up (siblings repeat them): a few entry lists by
 * their items, with their cascaded values, and a few (parent, cascaded) pairs with their
 * computed values; borrowed (the dicts the keys were found in hold them for the walk). */
#define REMEMBERED 8
typedef struct {
    PyObject **items; /* a copy of the entry list's items */
    Py_ssize_t size;
    PyObject *by_name; /* the entries of the element's name */
    PyObject *cascaded;
} Signature;
typedef struct {
    Signature signatures[REMEMBERED];
    int next_signature;
    struct {
        PyObject *parent, *cascaded, *values;
    } pairs[REMEMBERED];
    int next_pair;
} Memory;

static PyObject *
remembered_cascaded(Memory *memory, PyObject *by_name, PyObject *entries)
{
    Py_ssize_t n = entries == NULL ? 0 : PyList_GET_SIZE(entries);
    for (int i = 0; i < REMEMBERED; i++) {
        Signature *signature = &memory->signatures[i];
        if (signature->cascaded == NULL || signature->size != n || signature->by_name != by_name)
            continue;
        Py_ssize_t k = 0;
        while (k < n && signature->items[k] == PyList_GET_ITEM(entries, k))
            k++;
        if (k == n)
            return signature->cascaded;
    }
    return NULL;
}

static void
remember_cascaded(Memory *memory, PyObject *by_name, PyObject *entries, PyObject *cascaded)
{
    Py_ssize_t n = entries == NULL ? 0 : PyList_GET_SIZE(entries);
    PyObject **items = n ? PyMem_Malloc(n * sizeof(PyObject *)) : NULL;
    if (n && items == NULL)
        return; /* (not remembered) */
    for (Py_ssize_t k = 0; k < n; k++)
        items[k] = PyList_GET_ITEM(entries, k);
    Signature *signature = &memory->signatures[memory->next_signature];
    memory->next_signature = (memory->next_signature + 1) % REMEMBERED;
    PyMem_Free(signature->items);
    *signature = (Signature){items, n, by_name, cascaded};
}

/* The element's computed values from the keys (a new reference), NULL with no error when a
 * key is missing, NULL with an error on failure. */
static PyObject *
shared_values(Memory *memory, PyObject *proxy, PyObject *by_name, const xmlChar *style_value, PyObject *parent,
              PyObject *matched, PyObject *signatures, PyObject *shared)
{
    PyObject *entries = PyDict_GetItemWithError(matched, proxy);
    if (entries == NULL && PyErr_Occurred())
        return NULL;
    if (entries != NULL && !PyList_Check(entries))
        return NULL; /* (not a list: the reference decides) */
    /* (an element with a style attribute: its key is looked up each time) */
    PyObject *cascaded = style_value == NULL ? remembered_cascaded(memory, by_name, entries) : NULL;
    if (cascaded == NULL) {
        PyObject *style = style_value == NULL || *style_value == 0 ? NULL : PyUnicode_FromString((const char *)style_value);
        if (style_value != NULL && *style_value != 0 && style == NULL)
            return NULL;
        PyObject *key = signature_key(by_name, entries, style);
        Py_XDECREF(style);
        if (key == NULL)
            return NULL;
        cascaded = PyDict_GetItemWithError(signatures, key);
        Py_DECREF(key);
        if (cascaded == NULL)
            return NULL;
        if (style_value == NULL)
            remember_cascaded(memory, by_name, entries, cascaded);
    }
    for (int i = 0; i < REMEMBERED; i++)
        if (memory->pairs[i].parent == parent && memory->pairs[i].cascaded == cascaded)
            return Py_NewRef(memory->pairs[i].values);
    PyObject *parent_id = id_of(parent), *cascaded_id = id_of(cascaded);
    PyObject *key = parent_id == NULL || cascaded_id == NULL ? NULL
                                                             : PyTuple_Pack(3, parent_id, Py_False, cascaded_id);
    Py_XDECREF(parent_id);
    Py_XDECREF(cascaded_id);
    if (key == NULL)
        return NULL;
    PyObject *values = PyDict_GetItemWithError(shared, key);
    Py_DECREF(key);
    if (values != NULL) {
        int at = memory->next_pair;
        memory->next_pair = (at + 1) % REMEMBERED;
        memory->pairs[at].parent = parent;
        memory->pairs[at].cascaded = cascaded;
        memory->pairs[at].values = values;
    }
    return Py_XNewRef(values);
}

static PyObject *
share_computed_values(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    (void)module;
    if (ready() < 0)
        return NULL;
    if (nargs != 14 || !PyObject_TypeCheck(args[0], element_type) || !PyDict_Check(args[2])
        || !PyDict_Check(args[3]) || !PyDict_Check(args[4]) || !PyDict_Check(args[5]) || !PyTuple_Check(args[6])
        || !PyTuple_Check(args[7]) || !PyTuple_Check(args[8]) || !PyDict_Check(args[10]) || !PyDict_Check(args[12])
        || !PyObject_TypeCheck(args[13], &PyMemberDescr_Type)
        || ((PyMemberDescrObject *)args[13])->d_member->type != T_OBJECT_EX) {
        PyErr_SetString(PyExc_TypeError, "share_computed_values(root, root_values, matched, signatures, shared, known, "
                                         "always, hinted, hint_attributes, slow, by_name, unnamed, nodes, attr_extra)");
        return NULL;
    }
    PyObject *nodes = args[12];
    PyMemberDescrObject *attr_extra = (PyMemberDescrObject *)args[13];
    for (int t = 6; t <= 8; t++)
        for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(args[t]); i++)
            if (!PyBytes_Check(PyTuple_GET_ITEM(args[t], i))) {
                PyErr_SetString(PyExc_TypeError, "share_computed_values: the names are bytes");
                return NULL;
            }
    struct LxmlElement *root = (struct LxmlElement *)args[0];
    PyObject *matched = args[2], *signatures = args[3], *shared = args[4], *known = args[5];
    PyObject *always = args[6], *hinted = args[7], *hint_attributes = args[8], *slow = args[9];
    Names names;
    if (names_of(&names, args[10], args[11]) < 0) {
        PyMem_Free(names.slots);
        return NULL;
    }
    /* the values of the open elements, root first (strong references) */
    Py_ssize_t depth = 0, capacity = 64;
    PyObject **stack = PyMem_Malloc(capacity * sizeof(PyObject *));
    if (stack == NULL) {
        PyMem_Free(names.slots);
        return PyErr_NoMemory();
    }
    stack[depth++] = Py_NewRef(args[1]);
    PyObject *result = NULL;
    Memory memory = {0};
    xmlNode *top = root->_c_node, *node = top->children;
    while (node != NULL) {
        if (node->type == XML_ELEMENT_NODE) {
            PyObject *parent = stack[depth - 1];
            PyObject *proxy = (PyObject *)elementFactory(root->_doc, node);
            if (proxy == NULL)
                goto done;
            PyObject *values = PyDict_GetItemWithError(known, proxy);
            const xmlChar *style;
            int lxml_style = 1;
            if (values != NULL)
                Py_INCREF(values);
            else if (!PyErr_Occurred() && !needs_reference(node, always, hinted, hint_attributes, &style)
                     && (style == NULL || (lxml_style = style_from_lxml(proxy, nodes, attr_extra)) == 1)) {
                values = shared_values(&memory, proxy, entries_named(&names, (const char *)node->name), style, parent,
                                       matched, signatures, shared);
                if (values != NULL && PyDict_SetItem(known, proxy, values) < 0)
                    Py_CLEAR(values);
            }
            if (lxml_style < 0) {
                Py_DECREF(proxy);
                goto done;
            }
            if (values == NULL && !PyErr_Occurred())
                values = PyObject_CallFunctionObjArgs(slow, proxy, parent, NULL);
            Py_DECREF(proxy);
            if (values == NULL)
                goto done;
            if (node->children != NULL) {
                if (depth == capacity) {
                    PyObject **grown = PyMem_Realloc(stack, 2 * capacity * sizeof(PyObject *));
                    if (grown == NULL) {
                        Py_DECREF(values);
                        PyErr_NoMemory();
                        goto done;
                    }
                    stack = grown;
                    capacity *= 2;
                }
                stack[depth++] = values;
                node = node->children;
                continue;
            }
            Py_DECREF(values);
        }
        /* the next node: a sibling, else an ancestor's sibling (its values closed) */
        while (node != NULL && node->next == NULL) {
            node = node->parent;
            if (node == top) {
                node = NULL;
                break;
            }
            Py_DECREF(stack[--depth]);
        }
        if (node != NULL)
            node = node->next;
    }
    result = Py_NewRef(Py_None);
done:
    while (depth > 0)
        Py_DECREF(stack[--depth]);
    PyMem_Free(stack);
    PyMem_Free(names.slots);
    for (int i = 0; i < REMEMBERED; i++)
        PyMem_Free(memory.signatures[i].items);
    return result;
}

/* add_matches(matched, found, entry): matched[lx].append(entry) for each lx of the list
 * *found*, a new list where matched has none (Cascade._match's loop; matched a defaultdict(list)). */
static PyObject *
add_matches(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    (void)module;
    if (nargs != 3 || !PyDict_Check(args[0]) || !PyList_Check(args[1])) {
        PyErr_SetString(PyExc_TypeError, "add_matches(matched, found, entry)");
        return NULL;
    }
    PyObject *matched = args[0], *found = args[1], *entry = args[2];
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(found); i++) {
        PyObject *lx = PyList_GET_ITEM(found, i);
        PyObject *entries = PyDict_GetItemWithError(matched, lx);
        if (entries == NULL) {
            if (PyErr_Occurred())
                return NULL;
            entries = PyList_New(0);
            int r = entries == NULL ? -1 : PyDict_SetItem(matched, lx, entries);
            Py_XDECREF(entries); /* (the dict holds it) */
            if (r < 0)
                return NULL;
        }
        if (!PyList_Check(entries)) {
            PyErr_SetString(PyExc_TypeError, "add_matches: an entry list is not a list");
            return NULL;
        }
        if (PyList_Append(entries, entry) < 0)
            return NULL;
    }
    Py_RETURN_NONE;
}

/* elements_named(elements, names): the lxml elements of the list *elements* whose tag is one of
 * the str *names* (plain names: an element in no namespace, whose lxml tag is its name), in
 * order -- [lx for lx in elements if lx.tag in names] without making each tag's string; None
 * when an item is not an lxml element, a name is not a str or holds "{", or there are more
 * than 16 names. */
static PyObject *
elements_named(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    (void)module;
    if (nargs != 2 || !PyList_Check(args[0]) || !PyTuple_Check(args[1])) {
        PyErr_SetString(PyExc_TypeError, "elements_named(elements: list, names: tuple)");
        return NULL;
    }
    if (ready() < 0)
        return NULL;
    PyObject *list = args[0];
    PlainNames wanted;
    if (!read_plain_names(args[1], &wanted))
        Py_RETURN_NONE; /* (the reference compares them) */
    if (!all_element_proxies(list))
        Py_RETURN_NONE;
    PyObject *out = PyList_New(0);
    if (out == NULL)
        return NULL;
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(list); i++) {
        PyObject *lx = PyList_GET_ITEM(list, i);
        /* (lxml's tag of a namespaced element is "{uri}name": never a plain name) */
        if (plain_named(((struct LxmlElement *)lx)->_c_node, &wanted) && PyList_Append(out, lx) < 0) {
            Py_DECREF(out);
            return NULL;
        }
    }
    return out;
}

static PyMethodDef functions[] = {
    {"elements_named", (PyCFunction)(void (*)(void))elements_named, METH_FASTCALL,
     "elements_named(elements, names): [lx for lx in elements if lx.tag in names] in C, or None."},
    {"add_matches", (PyCFunction)(void (*)(void))add_matches, METH_FASTCALL,
     "add_matches(matched, found, entry): matched[lx].append(entry) for each lx of found (Cascade._match's loop)."},
    {"share_computed_values", (PyCFunction)(void (*)(void))share_computed_values, METH_FASTCALL,
     "share_computed_values(root, root_values, matched, signatures, shared, known, always, hinted, hint_attributes, "
     "slow, by_name, unnamed): the computed values of every element below root, shared by their keys "
     "(dom/cssom/style_sharing_speedups.c; the reference is computed_values_of in dom/cssom/computed_style.py)."},
    {NULL, NULL, 0, NULL}};

int
style_sharing_exec(PyObject *module)
{
    return PyModule_AddFunctions(module, functions);
}
