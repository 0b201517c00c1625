/* _webdom_speedups: the identity map's hot path in C (https://dom.spec.whatwg.org/#concept-node).
 *
 * dom/nodes/node.py (node_for) and dom/nodes/document.py (Document._wrap_new) are the reference:
 * this module does what they do for the common case, and hands every other case to them.
 *
 *   node_for(lx, document)    the wrapper of lxml node *lx*: the identity map's entry, else a
 *                             new wrapper;
 *   wrap_new(document, lx)    Document._wrap_new, installed as its method by configure();
 *   subtree_wrappers(lx, document, include_self)
 *                             the wrappers of a subtree's elements in tree order, by a walk over
 *                             libxml2's nodes (querySelectorAll("*")).
 *
 * A new wrapper is made here for an element whose names were seen before in a document of the
 * same kind (HTML or XML) and whose class makes its wrappers as Element does (a plain ElementName,
 * in a document without a CSP header, whatever module defines the class): the seven fields
 * Element._init_wrapper stores (dom.nodes.identity.ELEMENT_WRAPPER_FIELDS), with the ElementName
 * of the first wrapper of that name.  The name is read from libxml2's node (no tag string is made,
 * so lxml's proxy caches none).  Everything else -- the first element of each name, comments,
 * processing instructions, classes with an _init_wrapper of their own -- goes to the Python
 * reference, whose result teaches the cache.
 *
 * The C layout of lxml's element proxy is the one lxml's own public header declares (etree.h,
 * struct LxmlElement).  configure() checks that the running lxml has it -- the proxy type's size,
 * and a probe element whose libxml2 node must be found where the header says -- and declines
 * otherwise, leaving the Python code to run alone.
 *
 * Threads and interpreters: every entry point runs with the GIL held and the cache is process
 * state, so the module declares that it needs the GIL and refuses to load in a subinterpreter.
 * Allocating a wrapper may run a garbage collection and so other Python code (finalizers, other
 * threads): the identity map is read again after it, and a wrapper made meanwhile wins.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>
#include <string.h>
#include <libxml/tree.h>
#include "etree.h" /* lxml's public C header: struct LxmlElement, the proxy of an element, comment or PI */
#include "etree_api.h" /* lxml's public C API: elementFactory (a node's proxy) */
#include "subtree_walk.h"

typedef struct LxmlElement LxmlProxy;

/* dom.nodes.identity.ELEMENT_WRAPPER_FIELDS, in its order: configure() checks the names. */
enum { F_DOC, F_LX, F_TEXT_RUN, F_TAIL_RUN, F_ATTR_EXTRA, F_NAME, F_RARE, N_FIELDS };
static const char *const field_names[N_FIELDS] = {"_doc", "_lx", "_text_run", "_tail_run", "_attr_extra", "_name",
                                                  "_rare"};

static int configured;
static PyTypeObject *proxy_type;      /* lxml.etree._Element */
static PyTypeObject *document_type;   /* dom.Document */
static PyTypeObject *element_type;    /* dom.Element */
static PyObject *python_wrap_new;     /* the reference Document._wrap_new */
static PyObject *plain_keys;          /* dom.nodes.element.PLAIN_KEYS */
static Py_ssize_t doc_nodes, doc_is_html, doc_csp;
static Py_ssize_t field[N_FIELDS];
static PyObject *s_nodes;

/* (document kind, namespace, local name) -> (ElementName, class); direct-mapped, names copied. */
#define CACHE_SIZE 1024
typedef struct {
    char *name;
    char *href;
    PyObject *found;
    PyTypeObject *cls;
} Entry;
static Entry cache[2][CACHE_SIZE];
static int cache_used; /* an entry was learnt since the last forget(): the classes register at import, 140 forgets */

#define SLOT(obj, offset) (*(PyObject **)((char *)(obj) + (offset)))

static size_t
hash_name(const xmlNode *c)
{
    size_t h = 1469598103934665603u;
    for (const unsigned char *s = c->name; *s; s++)
        h = (h ^ *s) * 1099511628211u;
    if (c->ns != NULL && c->ns->href != NULL)
        for (const unsigned char *s = c->ns->href; *s; s++)
            h = (h ^ *s) * 1099511628211u;
    return h & (CACHE_SIZE - 1);
}

static int
entry_matches(const Entry *e, const xmlNode *c)
{
    const char *href = (c->ns != NULL) ? (const char *)c->ns->href : NULL;
    if (e->name == NULL || strcmp(e->name, (const char *)c->name) != 0)
        return 0;
    if (href == NULL)
        return e->href == NULL;
    return e->href != NULL && strcmp(e->href, href) == 0;
}

static void
entry_clear(Entry *e)
{
    free(e->name);
    free(e->href);
    e->name = e->href = NULL;
    Py_CLEAR(e->found);
    Py_CLEAR(e->cls);
}

/* After the reference made *w* for element node *c*: remember its names if any later element of
 * the same names gets the same wrapper fields (a plain ElementName: its "plain" is True). */
static void
learn(int is_html, const xmlNode *c, PyObject *w)
{
    if (!PyObject_TypeCheck(w, element_type))
        return;
    PyObject *found = SLOT(w, field[F_NAME]);
    if (found == NULL || !PyTuple_Check(found) || PyTuple_GET_SIZE(found) < 5)
        return;
    if (PyTuple_GET_ITEM(found, 4) != Py_True || PyTuple_GET_ITEM(found, 0) != (PyObject *)Py_TYPE(w))
        return;
    Entry *e = &cache[is_html][hash_name(c)];
    char *name = strdup((const char *)c->name);
    char *href = (c->ns != NULL && c->ns->href != NULL) ? strdup((const char *)c->ns->href) : NULL;
    if (name == NULL || (c->ns != NULL && c->ns->href != NULL && href == NULL)) {
        free(name);
        free(href);
        return; /* out of memory: just not cached */
    }
    entry_clear(e);
    cache_used = 1;
    e->name = name;
    e->href = href;
    Py_INCREF(found);
    e->found = found;
    Py_INCREF(Py_TYPE(w));
    e->cls = Py_TYPE(w);
}

/* Document._wrap_new for *lx*, whose wrapper is not in *nodes* yet. */
static PyObject *
create(PyObject *doc, PyObject *lx, PyObject *nodes)
{
    if (python_wrap_new == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "_webdom_speedups is used before configure()");
        return NULL;
    }
    if (!configured || !PyObject_TypeCheck(lx, proxy_type) || !PyObject_TypeCheck(doc, document_type))
        return PyObject_CallFunctionObjArgs(python_wrap_new, doc, lx, NULL);
    xmlNode *c = ((LxmlProxy *)lx)->_c_node;
    PyObject *csp = SLOT(doc, doc_csp);
    PyObject *is_html = SLOT(doc, doc_is_html);
    int plain_document = csp == Py_None || (csp != NULL && PyUnicode_Check(csp) && PyUnicode_GET_LENGTH(csp) == 0);
    if (c == NULL || c->type != XML_ELEMENT_NODE || c->name == NULL || !plain_document
        || (is_html != Py_True && is_html != Py_False))
        return PyObject_CallFunctionObjArgs(python_wrap_new, doc, lx, NULL);
    int kind = is_html == Py_True;
    Entry *e = &cache[kind][hash_name(c)];
    if (!entry_matches(e, c)) {
        PyObject *w = PyObject_CallFunctionObjArgs(python_wrap_new, doc, lx, NULL);
        c = ((LxmlProxy *)lx)->_c_node;  /* read again: Python code ran */
        if (w != NULL && c != NULL && c->type == XML_ELEMENT_NODE && c->name != NULL)
            learn(kind, c, w);
        return w;
    }
    /* Held across the allocation: a collection it runs may run code that calls forget(). */
    PyTypeObject *cls = e->cls;
    PyObject *found = e->found;
    Py_INCREF(cls);
    Py_INCREF(found);
    PyObject *w = cls->tp_alloc(cls, 0);
    Py_DECREF(cls);  /* the new wrapper holds its class (a heap type) */
    if (w == NULL) {
        Py_DECREF(found);
        return NULL;
    }
    /* The allocation may have run a collection, and through it Python code that wrapped *lx*:
     * one node has one wrapper, so that one is the answer (the fresh one has empty slots). */
    PyObject *made = PyDict_GetItemWithError(nodes, lx);
    if (made != NULL || PyErr_Occurred()) {
        Py_DECREF(w);
        Py_DECREF(found);
        Py_XINCREF(made);
        return made;
    }
    /* Document._wrap_new's stores, into the fresh (zeroed) slots. */
    Py_INCREF(doc);
    SLOT(w, field[F_DOC]) = doc;
    Py_INCREF(lx);
    SLOT(w, field[F_LX]) = lx;
    Py_INCREF(Py_None);
    SLOT(w, field[F_TEXT_RUN]) = Py_None;
    Py_INCREF(Py_None);
    SLOT(w, field[F_TAIL_RUN]) = Py_None;
    /* An element none of whose lxml keys is namespaced or escaped starts with PLAIN_KEYS, the
     * answer Element._may_have_namespaced_attribute would remember on its first lookup. */
    PyObject *extra = plain_keys;
    for (const xmlAttr *a = c->properties; a != NULL; a = a->next)
        if (a->ns != NULL) {
            extra = Py_None;
            break;
        }
    Py_INCREF(extra);
    SLOT(w, field[F_ATTR_EXTRA]) = extra;
    SLOT(w, field[F_NAME]) = found;
    Py_INCREF(Py_None);
    SLOT(w, field[F_RARE]) = Py_None;
    if (PyDict_SetItem(nodes, lx, w) < 0) {
        Py_DECREF(w);
        return NULL;
    }
    return w;
}

static PyObject *
identity_map(PyObject *doc)
{
    PyObject *nodes;
    if (configured && PyObject_TypeCheck(doc, document_type)) {
        nodes = SLOT(doc, doc_nodes);
        if (nodes != NULL && PyDict_CheckExact(nodes)) {
            Py_INCREF(nodes);
            return nodes;
        }
    }
    nodes = PyObject_GetAttr(doc, s_nodes);
    if (nodes != NULL && !PyDict_Check(nodes)) {
        Py_DECREF(nodes);
        PyErr_SetString(PyExc_TypeError, "a document's identity map must be a dict");
        return NULL;
    }
    return nodes;
}

static PyObject *
node_for(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "node_for(lx, document) takes 2 arguments");
        return NULL;
    }
    PyObject *lx = args[0], *doc = args[1];
    PyObject *nodes = identity_map(doc);
    if (nodes == NULL)
        return NULL;
    PyObject *w = PyDict_GetItemWithError(nodes, lx);
    if (w != NULL)
        Py_INCREF(w);
    else if (!PyErr_Occurred())
        w = python_wrap_new != NULL ? create(doc, lx, nodes) : PyObject_CallMethod(doc, "_wrap_new", "O", lx);
    Py_DECREF(nodes);
    return w;
}

static PyObject *
wrap_new(PyObject *doc, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 1) {
        PyErr_SetString(PyExc_TypeError, "_wrap_new(lx) takes 1 argument");
        return NULL;
    }
    PyObject *nodes = identity_map(doc);
    if (nodes == NULL)
        return NULL;
    PyObject *w = create(doc, args[0], nodes);
    Py_DECREF(nodes);
    return w;
}

/* Element.getAttribute's common case (https://dom.spec.whatwg.org/#dom-element-getattribute):
 * an element whose lxml keys are all plain (its _attr_extra is PLAIN_KEYS: no namespaced or
 * escaped key, no value lxml cannot hold) asked for a lowercase ASCII name without ":" -- the
 * test Element.getAttribute makes before answering from lxml's lookup -- is answered from
 * libxml2's attribute list.  Every other call goes to the reference, Element.getAttribute. */
static PyObject *python_get_attribute;

static int
plain_lowercase_name(PyObject *name, const char **utf8)
{
    if (!PyUnicode_CheckExact(name) || !PyUnicode_IS_ASCII(name))
        return 0;
    const char *s = (const char *)PyUnicode_1BYTE_DATA(name);
    Py_ssize_t n = PyUnicode_GET_LENGTH(name);
    int cased = 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        char c = s[i];
        if (c >= 'A' && c <= 'Z')
            return 0;
        if (c == ':' || c == '{' || c == '\0')
            return 0;
        if (c >= 'a' && c <= 'z')
            cased = 1;
    }
    *utf8 = s;
    return cased;
}

static PyObject *
get_attribute(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs == 1 && configured && plain_keys != NULL && PyObject_TypeCheck(self, element_type)
        && SLOT(self, field[F_ATTR_EXTRA]) == plain_keys) {
        PyObject *lx = SLOT(self, field[F_LX]);
        const char *name;
        if (lx != NULL && PyObject_TypeCheck(lx, proxy_type) && plain_lowercase_name(args[0], &name)) {
            const xmlNode *c = ((LxmlProxy *)lx)->_c_node;
            if (c != NULL && c->type == XML_ELEMENT_NODE) {
                const xmlAttr *a = c->properties;
                while (a != NULL && (a->ns != NULL || strcmp((const char *)a->name, name) != 0))
                    a = a->next;
                if (a == NULL)
                    Py_RETURN_NONE;
                const xmlNode *text = a->children;
                if (text == NULL)
                    return PyUnicode_FromStringAndSize("", 0);
                if (text->next == NULL && text->type == XML_TEXT_NODE && text->content != NULL)
                    return PyUnicode_DecodeUTF8((const char *)text->content, strlen((const char *)text->content),
                                                "surrogatepass");
                /* a value of several nodes: the reference reads it */
            }
        }
    }
    if (nargs == 1) {
        PyObject *call_args[2] = {self, args[0]};
        return PyObject_Vectorcall(python_get_attribute, call_args, 2, NULL);
    }
    PyObject *call_args = PyTuple_New(nargs + 1); /* the reference's own TypeError for the count */
    if (call_args == NULL)
        return NULL;
    Py_INCREF(self);
    PyTuple_SET_ITEM(call_args, 0, self);
    for (Py_ssize_t i = 0; i < nargs; i++) {
        Py_INCREF(args[i]);
        PyTuple_SET_ITEM(call_args, i + 1, args[i]);
    }
    PyObject *result = PyObject_Call(python_get_attribute, call_args, NULL);
    Py_DECREF(call_args);
    return result;
}

static PyMethodDef get_attribute_def = {
    "getAttribute", (PyCFunction)(void (*)(void))get_attribute, METH_FASTCALL,
    "https://dom.spec.whatwg.org/#dom-element-getattribute (the common case in C: see "
    "dom/nodes/identity_speedups.c; Element.getAttribute is the reference)."};

/* get_attribute_method(reference) -> the method descriptor to install as Element.getAttribute
 * (after configure() succeeded), which calls *reference* for every case but the common one. */
static PyObject *
get_attribute_method(PyObject *module, PyObject *reference)
{
    if (!configured) {
        PyErr_SetString(PyExc_RuntimeError, "get_attribute_method() needs configure() first");
        return NULL;
    }
    Py_INCREF(reference);
    Py_XSETREF(python_get_attribute, reference);
    return PyDescr_NewMethod(element_type, &get_attribute_def);
}

static PyMethodDef wrap_new_def = {
    "_wrap_new", (PyCFunction)(void (*)(void))wrap_new, METH_FASTCALL,
    "Document._wrap_new in C (see dom/nodes/identity_speedups.c)."};

static int
member_offset(PyObject *descr, Py_ssize_t *offset, const char *name)
{
    if (!PyObject_TypeCheck(descr, &PyMemberDescr_Type)) {
        PyErr_SetString(PyExc_TypeError, "configure() takes the slots' member descriptors");
        return -1;
    }
    PyMemberDef *m = ((PyMemberDescrObject *)descr)->d_member;
    if (m->type != T_OBJECT_EX || (m->flags & READONLY)) {
        PyErr_SetString(PyExc_TypeError, "configure() takes writable object slots");
        return -1;
    }
    if (name != NULL && strcmp(m->name, name) != 0) {
        PyErr_Format(PyExc_TypeError, "configure() takes the slot %s where %s is", name, m->name);
        return -1;
    }
    *offset = m->offset;
    return 0;
}

#define PROBE_NAME "webdom-layout-probe"

/* configure(probe, proxy_type, Document, Element, wrap_new, document_slots, element_slots, plain_keys)
 * -> the wrap_new method descriptor to install on Document, or None when the running lxml's
 * proxy is not laid out as the header this was built with says.  *probe* is an lxml element
 * named PROBE_NAME. */
static PyObject *
configure(PyObject *module, PyObject *args)
{
    PyObject *probe, *proxy, *document, *element, *reference, *doc_slots, *el_slots, *plain;
    if (!PyArg_ParseTuple(args, "OO!O!O!OO!O!O:configure", &probe, &PyType_Type, &proxy, &PyType_Type, &document,
                          &PyType_Type, &element, &reference, &PyTuple_Type, &doc_slots, &PyTuple_Type, &el_slots,
                          &plain))
        return NULL;
    if (((PyTypeObject *)proxy)->tp_basicsize != (Py_ssize_t)sizeof(struct LxmlElement)
        || !PyObject_TypeCheck(probe, (PyTypeObject *)proxy))
        Py_RETURN_NONE;
    const xmlNode *probed = ((LxmlProxy *)probe)->_c_node;
    if (probed == NULL || probed->type != XML_ELEMENT_NODE || probed->name == NULL
        || strcmp((const char *)probed->name, PROBE_NAME) != 0)
        Py_RETURN_NONE;
    if (PyTuple_GET_SIZE(doc_slots) != 3 || PyTuple_GET_SIZE(el_slots) != N_FIELDS) {
        PyErr_SetString(PyExc_TypeError, "configure() takes 3 document slots and 7 element slots");
        return NULL;
    }
    Py_ssize_t offsets[3 + N_FIELDS];
    for (Py_ssize_t i = 0; i < 3; i++)
        if (member_offset(PyTuple_GET_ITEM(doc_slots, i), &offsets[i], NULL) < 0)
            return NULL;
    for (Py_ssize_t i = 0; i < N_FIELDS; i++)
        if (member_offset(PyTuple_GET_ITEM(el_slots, i), &offsets[3 + i], field_names[i]) < 0)
            return NULL;
    PyObject *descr = PyDescr_NewMethod((PyTypeObject *)document, &wrap_new_def);
    if (descr == NULL)
        return NULL;
    Py_INCREF(proxy);
    Py_XSETREF(proxy_type, (PyTypeObject *)proxy);
    Py_INCREF(document);
    Py_XSETREF(document_type, (PyTypeObject *)document);
    Py_INCREF(element);
    Py_XSETREF(element_type, (PyTypeObject *)element);
    Py_INCREF(reference);
    Py_XSETREF(python_wrap_new, reference);
    Py_INCREF(plain);
    Py_XSETREF(plain_keys, plain);
    doc_nodes = offsets[0];
    doc_is_html = offsets[1];
    doc_csp = offsets[2];
    for (int i = 0; i < N_FIELDS; i++)
        field[i] = offsets[3 + i];
    for (int k = 0; k < 2; k++)
        for (int i = 0; i < CACHE_SIZE; i++)
            entry_clear(&cache[k][i]);
    configured = 1;
    return descr;
}

/* forget(): the element classes changed (register_element_class); learn them again. */
static PyObject *
forget(PyObject *module, PyObject *unused)
{
    if (!cache_used)
        Py_RETURN_NONE;
    cache_used = 0;
    for (int k = 0; k < 2; k++)
        for (int i = 0; i < CACHE_SIZE; i++)
            entry_clear(&cache[k][i]);
    Py_RETURN_NONE;
}

/* nodes_for(lxml_iterable, document): [node_for(lx, document) for lx in lxml_iterable], the
 * wrappers of a walk (querySelectorAll("*")) without a Python-level loop. */
static PyObject *
nodes_for_walk(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    (void)module;
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "nodes_for(lxml_iterable, document) takes 2 arguments");
        return NULL;
    }
    PyObject *doc = args[1];
    PyObject *nodes = identity_map(doc);
    if (nodes == NULL)
        return NULL;
    PyObject *out = PyList_New(0), *iterator = out == NULL ? NULL : PyObject_GetIter(args[0]), *lx;
    if (iterator == NULL) {
        Py_XDECREF(out);
        Py_DECREF(nodes);
        return NULL;
    }
    while ((lx = PyIter_Next(iterator)) != NULL) {
        PyObject *w = PyDict_GetItemWithError(nodes, lx);
        if (w != NULL)
            Py_INCREF(w);
        else if (!PyErr_Occurred())
            w = python_wrap_new != NULL ? create(doc, lx, nodes) : PyObject_CallMethod(doc, "_wrap_new", "O", lx);
        Py_DECREF(lx);
        if (w == NULL || PyList_Append(out, w) < 0) {
            Py_XDECREF(w);
            break;
        }
        Py_DECREF(w);
    }
    Py_DECREF(iterator);
    Py_DECREF(nodes);
    if (PyErr_Occurred()) {
        Py_DECREF(out);
        return NULL;
    }
    return out;
}

/* subtree_wrappers(lx, document, include_self): the wrappers of the elements of lxml element
 * *lx*'s subtree in tree order (*lx* itself first when *include_self*), as nodes_for over
 * lx.iter(etree.Element) (lx.iterdescendants(etree.Element)) gives them, by a walk over
 * libxml2's nodes (querySelectorAll("*"): a page's every element); None when the subtree holds
 * a node other than elements, text, CDATA, comments and processing instructions (entity
 * references, XInclude markers: lxml's iterator decides), or the extension is not configured. */
static int lxml_api_ready;

static PyObject *
subtree_wrappers_walk(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    (void)module;
    if (nargs != 3) {
        PyErr_SetString(PyExc_TypeError, "subtree_wrappers(lx, document, include_self) takes 3 arguments");
        return NULL;
    }
    if (!configured || python_wrap_new == NULL || !PyObject_TypeCheck(args[0], proxy_type))
        Py_RETURN_NONE;
    if (!lxml_api_ready) {
        if (import_lxml__etree() < 0)
            return NULL;
        lxml_api_ready = 1;
    }
    int include_self = PyObject_IsTrue(args[2]);
    if (include_self < 0)
        return NULL;
    LxmlProxy *root = (LxmlProxy *)args[0];
    xmlNode *top = root->_c_node;
    if (top == NULL || top->type != XML_ELEMENT_NODE)
        Py_RETURN_NONE;
    PyObject *doc = args[1];
    PyObject *nodes = identity_map(doc);
    if (nodes == NULL)
        return NULL;
    PyObject *out = PyList_New(0);
    if (out == NULL) {
        Py_DECREF(nodes);
        return NULL;
    }
    /* (the lxml document held: a collection that wrapping runs cannot free the tree) */
    PyObject *lxml_document = Py_NewRef((PyObject *)root->_doc);
    xmlNode *node = include_self ? top : top->children;
    while (node != NULL) {
        if (node->type == XML_ELEMENT_NODE) {
            PyObject *lx = (PyObject *)elementFactory(root->_doc, node);
            if (lx == NULL)
                goto failed;
            PyObject *w = PyDict_GetItemWithError(nodes, lx);
            if (w != NULL)
                Py_INCREF(w);
            else if (!PyErr_Occurred())
                w = create(doc, lx, nodes);
            Py_DECREF(lx);
            if (w == NULL)
                goto failed;
            int appended = PyList_Append(out, w);
            Py_DECREF(w);
            if (appended < 0)
                goto failed;
            if (node->children != NULL) {
                node = node->children;
                continue;
            }
        }
        else if (node->type != XML_TEXT_NODE && node->type != XML_CDATA_SECTION_NODE && node->type != XML_COMMENT_NODE
                 && node->type != XML_PI_NODE) {
            /* (the wrappers made so far stay in the identity map: the caller's walk finds them) */
            Py_DECREF(lxml_document);
            Py_DECREF(nodes);
            Py_DECREF(out);
            Py_RETURN_NONE;
        }
        node = subtree_next(node, top);
    }
    Py_DECREF(lxml_document);
    Py_DECREF(nodes);
    return out;
failed:
    Py_DECREF(lxml_document);
    Py_DECREF(nodes);
    Py_DECREF(out);
    return NULL;
}

/* A wrapper made is two objects the cyclic collector tracks (it and lxml's proxy), and a bulk
 * call keeps every one (in the identity map and its result): the collector would run every 700
 * of them and free nothing, its older generation's passes walking the growing set again each
 * time (on the spec page's 24,500 elements, 3 of querySelectorAll('*')'s 7 ms).  It is paused
 * while a bulk call runs; its usual young pass then runs at the next allocation, once. */
static PyObject *
nodes_for(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    int collecting = PyGC_Disable();
    PyObject *out = nodes_for_walk(module, args, nargs);
    if (collecting)
        PyGC_Enable();
    return out;
}

static PyObject *
subtree_wrappers(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    int collecting = PyGC_Disable();
    PyObject *out = subtree_wrappers_walk(module, args, nargs);
    if (collecting)
        PyGC_Enable();
    return out;
}

static PyMethodDef methods[] = {
    {"subtree_wrappers", (PyCFunction)(void (*)(void))subtree_wrappers, METH_FASTCALL,
     "subtree_wrappers(lx, document, include_self): the wrappers of lx's subtree's elements in tree order, or None."},
    {"nodes_for", (PyCFunction)(void (*)(void))nodes_for, METH_FASTCALL,
     "nodes_for(lxml_iterable, document): the wrappers of the lxml nodes, in order (node_for on each)."},
    {"node_for", (PyCFunction)(void (*)(void))node_for, METH_FASTCALL,
     "node_for(lx, document): the wrapper of lxml node lx (dom.nodes.node.node_for in C)."},
    {"configure", configure, METH_VARARGS, "Set up from dom.nodes.document (see the module comment)."},
    {"forget", forget, METH_NOARGS, "Drop the names learnt: the element classes changed."},
    {"get_attribute_method", get_attribute_method, METH_O,
     "The C Element.getAttribute for its common case, calling the given reference otherwise."},
    {NULL, NULL, 0, NULL}};

int tree_builder_exec(PyObject *module);  /* dom/parsing/tree_builder_speedups.c */
int serialization_exec(PyObject *module); /* dom/serialization_speedups.c */
int inner_text_exec(PyObject *module);    /* dom/html/inner_text_speedups.c */
int cascade_index_exec(PyObject *module); /* dom/cssom/cascade_index_speedups.c */
int style_sharing_exec(PyObject *module); /* dom/cssom/style_sharing_speedups.c */
int computed_style_exec(PyObject *module); /* dom/cssom/computed_style_speedups.c */
int document_order_exec(PyObject *module); /* dom/selectors/document_order_speedups.c */
int descendant_combinator_exec(PyObject *module); /* dom/selectors/descendant_combinator_speedups.c */
int tree_root_exec(PyObject *module);      /* dom/nodes/tree_root_speedups.c */
int type_chain_exec(PyObject *module);     /* dom/cssom/type_chain_speedups.c */
int proxy_release_exec(PyObject *module);  /* dom/nodes/proxy_release_speedups.c */
int sniffing_exec(PyObject *module);       /* html_infra/encoding/sniffing_speedups.c */

static int
module_exec(PyObject *module)
{
    if (s_nodes == NULL)
        s_nodes = PyUnicode_InternFromString("_nodes");
    if (s_nodes == NULL)
        return -1;
    if (tree_builder_exec(module) < 0)
        return -1;
    if (serialization_exec(module) < 0 || cascade_index_exec(module) < 0 || style_sharing_exec(module) < 0
        || computed_style_exec(module) < 0 || document_order_exec(module) < 0 || tree_root_exec(module) < 0
        || descendant_combinator_exec(module) < 0 || type_chain_exec(module) < 0 || proxy_release_exec(module) < 0
        || sniffing_exec(module) < 0)
        return -1;
    return inner_text_exec(module);
}

/* Multi-phase initialisation, to declare the stance above: the GIL is needed, and one
 * interpreter only (the cache and the configured types are process-wide). */
static PyModuleDef_Slot slots[] = {
    {Py_mod_exec, module_exec},
#if PY_VERSION_HEX >= 0x030C0000
    {Py_mod_multiple_interpreters, Py_MOD_MULTIPLE_INTERPRETERS_NOT_SUPPORTED},
#endif
#if PY_VERSION_HEX >= 0x030D0000
    {Py_mod_gil, Py_MOD_GIL_USED},
#endif
    {0, NULL}};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT, "_webdom_speedups",
    "The identity map's hot path in C (dom/nodes/identity_speedups.c).", 0, methods, slots};

PyMODINIT_FUNC
PyInit__webdom_speedups(void)
{
    return PyModuleDef_Init(&module_def);
}
