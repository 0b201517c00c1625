/* _webdom_speedups.TreeBuilder: turbohtml's tree-builder protocol in C, storing the parsed tree
 * straight into libxml2 nodes (the lxml store), without a Python call or an lxml proxy per node.
 *
 * dom/parsing/turbohtml_builder.py (_TurboBuilder) is the reference: this type makes the same
 * libxml2 tree for the common case -- the whole document, its strings free of characters lxml
 * refuses -- and says "unsupported" for anything else, which the caller then builds with the
 * reference.  What it cannot decide alone it asks Python once per distinct name: the lxml tag of
 * an element name (dom.lxml_mirror.tag_for) and the lxml key of an attribute name (attr_key_for).
 *
 * turbohtml's parse_into calls, in document order, one create_* per node and then append(parent,
 * node).  Handles: the document is -1; an element or a comment is the number of its create_*
 * call, made at its append (a namespace is declared by looking at the ancestors, as lxml does, so
 * the node is made where it goes); text is the string itself; a doctype is a tuple for the
 * caller.  Only the open elements are remembered (the spine): in document order, a parent is
 * always one of them.
 *
 * The nodes themselves are made in dom/parsing/tree_builder_nodes.c, with the libxml2 functions
 * dom/parsing/libxml2_functions.c finds inside lxml.etree.
 *
 * Strings holding characters lxml refuses (C0 controls, U+FFFE, U+FFFF; a lone surrogate fails
 * to encode) and templates with a shadowrootmode attribute (parse_into hands out no content for
 * them) are unsupported: the reference stores them.
 *
 * A template's contents are built into its content fragment, which the caller makes when the
 * template is made (template_content(proxy) -> the fragment's lxml container element): the
 * handle of a template stands for that container, in the libxml2 document of the content's
 * node document, as the reference builds them.
 */
#include "tree_builder.h"
#include "etree_api.h" /* lxml's public C API: elementFactory */

static PyObject *s_doctype, *s_comment; /* "#doctype", "#comment": the kinds of top-level entries */
static int lxml_api_ready;

static int
ensure_lxml_api(void)
{
    if (lxml_api_ready)
        return 0;
    if (import_lxml__etree() < 0 || tree_builder_nodes_ready() < 0 || libxml2_functions_ready() < 0)
        return -1;
    lxml_api_ready = 1;
    return 0;
}

static int
tb_init(TreeBuilder *self, PyObject *args, PyObject *kwds)
{
    (void)kwds;
    PyObject *host, *html_ns, *resolve_tag, *resolve_attr, *template_content;
    if (!PyArg_ParseTuple(args, "OUOOO:TreeBuilder", &host, &html_ns, &resolve_tag, &resolve_attr, &template_content))
        return -1;
    if (self->host != NULL) {
        PyErr_SetString(PyExc_TypeError, "a TreeBuilder is used once");
        return -1;
    }
    if (ensure_lxml_api() < 0)
        return -1;
    if (!PyObject_TypeCheck(host, lxml_element_type)) {
        PyErr_SetString(PyExc_TypeError, "TreeBuilder takes an lxml element");
        return -1;
    }
    xmlNode *c_host = ((struct LxmlElement *)host)->_c_node;
    if (c_host == NULL || c_host->type != XML_ELEMENT_NODE || c_host->doc == NULL || c_host->parent != (xmlNode *)c_host->doc
        || c_host->children != NULL) {
        PyErr_SetString(PyExc_TypeError, "TreeBuilder takes an empty root element");
        return -1;
    }
    Py_INCREF(host);
    self->host = host;
    self->lxdoc = ((struct LxmlElement *)host)->_doc;
    self->doc = c_host->doc;
    Py_INCREF(html_ns);
    self->html_ns = html_ns;
    Py_INCREF(resolve_tag);
    self->resolve_tag = resolve_tag;
    Py_INCREF(resolve_attr);
    self->resolve_attr = resolve_attr;
    Py_INCREF(template_content);
    self->template_content = template_content;
    self->pending = -1;
    /* a node-registration callback set sees every node made by libxml2's own functions only */
    self->compact_text = *libxml2_register_node_callback() == NULL;
    Py_INCREF(html_ns);
    self->namespaces[0] = html_ns;
    self->namespace_count = 1;
    Py_INCREF(html_ns);
    self->last_ns = html_ns;
    self->last_ns_number = 0;
    if ((self->top = PyList_New(0)) == NULL || (self->contents = PyList_New(0)) == NULL
        || (self->attr_extras = PyList_New(0)) == NULL || (self->noted = PyTuple_New(NOTED_LISTS)) == NULL)
        return -1;
    for (int i = 0; i < NOTED_LISTS; i++) {
        PyObject *list = PyList_New(0);
        if (list == NULL)
            return -1;
        PyTuple_SET_ITEM(self->noted, i, list);
    }
    if ((self->census = PyMem_Calloc(1, sizeof(Census))) == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    return 0;
}

static void
drop_pending(TreeBuilder *self)
{
    for (int i = 0; i < 3; i++)
        Py_CLEAR(self->pending_args[i]);
}

static void
drop_nodes(TreeBuilder *self)
{
    PyMem_Free(self->spine);
    self->spine = NULL;
    PyMem_Free(self->free_handles);
    self->free_handles = NULL;
    self->free_count = self->free_capacity = 0;
    self->spine_length = self->spine_capacity = 0;
    self->pending = -1;
    drop_pending(self);
}

static int
tb_traverse(TreeBuilder *self, visitproc visit, void *arg)
{
    Py_VISIT(self->host);
    Py_VISIT(self->resolve_tag);
    Py_VISIT(self->resolve_attr);
    Py_VISIT(self->template_content);
    for (int i = 0; i < 3; i++)
        Py_VISIT(self->pending_args[i]);
    Py_VISIT(self->top);
    Py_VISIT(self->contents);
    Py_VISIT(self->attr_extras);
    Py_VISIT(self->noted);
    return 0;
}

static int
tb_clear(TreeBuilder *self)
{
    Py_CLEAR(self->resolve_tag);
    Py_CLEAR(self->resolve_attr);
    Py_CLEAR(self->template_content);
    drop_pending(self);
    Py_CLEAR(self->top);
    Py_CLEAR(self->contents);
    Py_CLEAR(self->attr_extras);
    Py_CLEAR(self->noted);
    census_free(self->census);
    self->census = NULL;
    return 0;
}

static void
tb_dealloc(TreeBuilder *self)
{
    PyObject_GC_UnTrack(self);
    drop_nodes(self);
    tb_clear(self);
    Py_CLEAR(self->html_ns);
    name_table_clear(&self->tags);
    name_table_clear(&self->attrs);
    for (int i = 0; i < self->namespace_count; i++)
        Py_CLEAR(self->namespaces[i]);
    self->namespace_count = 0;
    Py_CLEAR(self->last_ns);
    Py_CLEAR(self->host); /* last: an unlinked host is freed by lxml with its proxy */
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static int
usable(TreeBuilder *self)
{
    if (self->host == NULL || self->finished) {
        PyErr_SetString(PyExc_RuntimeError, "this TreeBuilder is not building");
        return 0;
    }
    return 1;
}

/* Handle value *handle* is free again: the parser appends nothing more to its node (an element
 * closed in document order, a comment appended).  (Without room to keep it, it is not used again.) */
static void
release_handle(TreeBuilder *self, Py_ssize_t handle)
{
    if (self->free_count == self->free_capacity) {
        Py_ssize_t capacity = self->free_capacity ? self->free_capacity * 2 : 64;
        Py_ssize_t *grown = PyMem_Realloc(self->free_handles, capacity * sizeof(Py_ssize_t));
        if (grown == NULL)
            return;
        self->free_handles = grown;
        self->free_capacity = capacity;
    }
    self->free_handles[self->free_count++] = handle;
}

/* A new handle for the node created now; the previous one must have been appended. */
static PyObject *
new_handle(TreeBuilder *self, int is_element, PyObject *a, PyObject *b, PyObject *c)
{
    if (self->pending >= 0)
        self->unsupported = 1; /* a node never appended: not the protocol's order */
    self->pending = self->free_count > 0 ? self->free_handles[--self->free_count] : self->count++;
    self->pending_is_element = is_element;
    drop_pending(self);
    Py_XINCREF(a);
    Py_XINCREF(b);
    Py_XINCREF(c);
    self->pending_args[0] = a;
    self->pending_args[1] = b;
    self->pending_args[2] = c;
    return PyLong_FromSsize_t(self->pending);
}

static PyObject *
tb_create_document(TreeBuilder *self, PyObject *unused)
{
    (void)unused;
    if (!usable(self))
        return NULL;
    return PyLong_FromLong(-1);
}

static PyObject *
tb_create_doctype(TreeBuilder *self, PyObject *const *args, Py_ssize_t nargs)
{
    if (!usable(self))
        return NULL;
    if (nargs != 3) {
        PyErr_SetString(PyExc_TypeError, "create_doctype(name, public_id, system_id)");
        return NULL;
    }
    PyObject *empty = PyUnicode_FromString("");
    if (empty == NULL)
        return NULL;
    PyObject *result = PyTuple_New(4);
    if (result == NULL) {
        Py_DECREF(empty);
        return NULL;
    }
    Py_INCREF(s_doctype);
    PyTuple_SET_ITEM(result, 0, s_doctype);
    for (int i = 0; i < 3; i++) {
        PyObject *value = (args[i] == Py_None || !PyUnicode_Check(args[i])) ? empty : args[i];
        Py_INCREF(value);
        PyTuple_SET_ITEM(result, i + 1, value);
    }
    Py_DECREF(empty);
    return result;
}

static PyObject *
tb_create_element(TreeBuilder *self, PyObject *const *args, Py_ssize_t nargs)
{
    if (!usable(self))
        return NULL;
    if (nargs != 3 || !PyUnicode_Check(args[0]) || !PyUnicode_Check(args[1])) {
        PyErr_SetString(PyExc_TypeError, "create_element(name, namespace, attrs)");
        return NULL;
    }
    return new_handle(self, 1, args[0], args[1], args[2]);
}

static PyObject *
tb_create_comment(TreeBuilder *self, PyObject *data)
{
    if (!usable(self))
        return NULL;
    if (!PyUnicode_Check(data)) {
        PyErr_SetString(PyExc_TypeError, "create_comment(data)");
        return NULL;
    }
    return new_handle(self, 0, data, NULL, NULL);
}

static PyObject *
tb_create_text(TreeBuilder *self, PyObject *data)
{
    if (!usable(self))
        return NULL;
    if (!PyUnicode_Check(data)) {
        PyErr_SetString(PyExc_TypeError, "create_text(data)");
        return NULL;
    }
    Py_INCREF(data);
    return data;
}

static PyObject *
tb_create_pi(TreeBuilder *self, PyObject *const *args, Py_ssize_t nargs)
{
    (void)args;
    (void)nargs;
    if (!usable(self))
        return NULL;
    self->unsupported = 1; /* the HTML parser makes none; the reference stores their targets */
    Py_RETURN_NONE;
}

static PyObject *tb_append_pending(TreeBuilder *self, OpenElement *open, Py_ssize_t c, PyObject *pending,
                                   PyObject *pending_ns, PyObject *pending_attrs);

static PyObject *
tb_append(TreeBuilder *self, PyObject *const *args, Py_ssize_t nargs)
{
    if (!usable(self))
        return NULL;
    if (nargs != 2 || !PyLong_Check(args[0])) {
        PyErr_SetString(PyExc_TypeError, "append(parent, child) takes this builder's handles");
        return NULL;
    }
    if (self->unsupported)
        Py_RETURN_NONE; /* the caller builds with the reference anyway */
    Py_ssize_t p = PyLong_AsSsize_t(args[0]);
    if (p == -1 && PyErr_Occurred())
        return NULL;
    PyObject *child = args[1];
    /* The parser appends in document order, so a parent is an open element: those below it on
     * the spine are closed (all of them when the document is the parent). */
    OpenElement *open = NULL;
    if (p == -1)
        while (self->spine_length > 0)
            release_handle(self, self->spine[--self->spine_length].handle);
    else {
        while (self->spine_length > 0 && self->spine[self->spine_length - 1].handle != p)
            release_handle(self, self->spine[--self->spine_length].handle);
        if (self->spine_length == 0) {
            PyErr_SetString(PyExc_ValueError, "append() to an unknown parent, or out of document order");
            return NULL;
        }
        open = &self->spine[self->spine_length - 1];
    }
    xmlNode *parent = open == NULL ? NULL : open->node;
    if (PyUnicode_Check(child)) {
        if (parent == NULL)
            self->unsupported = 1; /* text at the top: not from the HTML parser */
        else {
            int result = append_text(self, parent, child);
            if (result < 0)
                return NULL;
            if (result > 0)
                self->unsupported = 1;
        }
        Py_RETURN_NONE;
    }
    if (PyTuple_Check(child)) { /* a doctype */
        if (parent != NULL)
            self->unsupported = 1;
        else if (PyList_Append(self->top, child) < 0)
            return NULL;
        Py_RETURN_NONE;
    }
    Py_ssize_t c = PyLong_Check(child) ? PyLong_AsSsize_t(child) : -2;
    if (c == -1 && PyErr_Occurred())
        return NULL;
    if (c < 0 || c != self->pending) {
        self->unsupported = 1;
        Py_RETURN_NONE;
    }
    /* Take the pending node's objects: their references are released on every way out below. */
    PyObject *pending = self->pending_args[0], *pending_ns = self->pending_args[1], *pending_attrs = self->pending_args[2];
    self->pending_args[0] = self->pending_args[1] = self->pending_args[2] = NULL;
    self->pending = -1;
    PyObject *result = tb_append_pending(self, open, c, pending, pending_ns, pending_attrs);
    if (self->spine_length == 0 || self->spine[self->spine_length - 1].handle != c)
        release_handle(self, c); /* not an open element: a comment, or an element not made */
    Py_XDECREF(pending);
    Py_XDECREF(pending_ns);
    Py_XDECREF(pending_attrs);
    return result;
}

/* append() of the node created last (handle *c*) to the open element *open* (NULL: the document). */
static PyObject *
tb_append_pending(TreeBuilder *self, OpenElement *open, Py_ssize_t c, PyObject *pending, PyObject *pending_ns,
                  PyObject *pending_attrs)
{
    xmlNode *parent = open == NULL ? NULL : open->node;
    if (!self->pending_is_element) {
        if (parent == NULL) {
            PyObject *entry = PyTuple_Pack(2, s_comment, pending);
            int failed = entry == NULL || PyList_Append(self->top, entry) < 0;
            Py_XDECREF(entry);
            if (failed)
                return NULL;
            Py_RETURN_NONE;
        }
        Py_ssize_t size;
        int clean;
        char *owned;
        const char *data = text_utf8(pending, &size, &clean, &owned);
        if (data != NULL && !clean) {
            PyMem_Free(owned);
            self->unsupported = 1;
            Py_RETURN_NONE;
        }
        int encoded = data != NULL;
        xmlNode *comment = encoded ? p_xmlNewDocComment(parent->doc, (const xmlChar *)data) : NULL;
        PyMem_Free(owned);
        if (comment == NULL)
            return encoded ? PyErr_NoMemory() : NULL;
        link_last_child(parent, comment);
        Py_RETURN_NONE;
    }
    if (parent == NULL && self->has_root) {
        self->unsupported = 1;
        Py_RETURN_NONE;
    }
    int depth = open == NULL ? 1 : open->depth + 1;
    if (depth >= NESTING_LIMIT)
        self->too_deep = 1;
    xmlNode *content = NULL;
    struct LxmlDocument *content_doc = NULL;
    xmlNode *node = build_element(self, parent, open == NULL ? self->lxdoc : open->lxdoc, pending, pending_ns,
                                  pending_attrs, &content, &content_doc);
    if (node == NULL)
        return PyErr_Occurred() ? NULL : (Py_INCREF(Py_None), Py_None);
    /* (open, a pointer into the spine, is not used past this point: the spine may move) */
    if (self->spine_length == self->spine_capacity) {
        Py_ssize_t capacity = self->spine_capacity ? self->spine_capacity * 2 : 64;
        OpenElement *spine = PyMem_Realloc(self->spine, capacity * sizeof(OpenElement));
        if (spine == NULL)
            return PyErr_NoMemory();
        self->spine = spine;
        self->spine_capacity = capacity;
    }
    self->spine[self->spine_length++] = (OpenElement){c, content, content_doc, depth};
    if (parent == NULL) {
        self->has_root = 1;
        PyObject *proxy = (PyObject *)elementFactory(self->lxdoc, node);
        if (proxy == NULL)
            return NULL;
        int failed = PyList_Append(self->top, proxy);
        Py_DECREF(proxy);
        if (failed)
            return NULL;
    }
    Py_RETURN_NONE;
}

static void
census_capsule_free(PyObject *capsule)
{
    census_free(PyCapsule_GetPointer(capsule, ATTRIBUTE_CENSUS_CAPSULE));
}

/* finish() -> (top, attr_extras, too_deep, unsupported, namespaced, html_names, noted, census); the
 * builder stops building.  html_names: the local names of the HTML elements made, template contents
 * included (the passes over the finished tree skip the names it lacks); noted: four lists, the
 * style and link, the form, the script and the meta elements of the document's own tree, each in
 * tree order (the style sheets' owners, the form element pointer's forms, the scripts to prepare
 * and the metas that may declare the encoding, found without a walk while the tree is as parsed); census: the attribute census of the document's
 * own tree (a capsule of dom/cssom/attribute_census.h's Census), or None. */
static PyObject *
tb_finish(TreeBuilder *self, PyObject *unused)
{
    (void)unused;
    if (!usable(self))
        return NULL;
    if (self->pending >= 0)
        self->unsupported = 1;
    self->finished = 1;
    drop_nodes(self);
    PyObject *names = PyList_New(0);
    if (names == NULL)
        return NULL;
    for (Py_ssize_t k = 0; k < self->tags.count; k++) {
        ResolvedName *entry = &self->tags.entries[k];
        if (entry->space == 0 && PyList_Append(names, entry->name) < 0) {
            Py_DECREF(names);
            return NULL;
        }
    }
    PyObject *html_names = PyFrozenSet_New(names);
    Py_DECREF(names);
    if (html_names == NULL)
        return NULL;
    PyObject *census = Py_None;
    if (self->census != NULL && !self->unsupported) {
        census_trim(self->census); /* (kept as long as the document) */
        census = PyCapsule_New(self->census, ATTRIBUTE_CENSUS_CAPSULE, census_capsule_free);
        if (census == NULL) {
            Py_DECREF(html_names);
            return NULL;
        }
        self->census = NULL; /* the capsule's now */
    }
    else
        Py_INCREF(census);
    PyObject *result = Py_BuildValue("(OOOOONON)", self->top, self->attr_extras, self->too_deep ? Py_True : Py_False,
                                     self->unsupported ? Py_True : Py_False, self->namespaced ? Py_True : Py_False,
                                     html_names, self->noted, census);
    return result;
}

static PyMethodDef tb_methods[] = {
    {"create_document", (PyCFunction)tb_create_document, METH_NOARGS, NULL},
    {"create_doctype", (PyCFunction)(void (*)(void))tb_create_doctype, METH_FASTCALL, NULL},
    {"create_element", (PyCFunction)(void (*)(void))tb_create_element, METH_FASTCALL, NULL},
    {"create_text", (PyCFunction)tb_create_text, METH_O, NULL},
    {"create_comment", (PyCFunction)tb_create_comment, METH_O, NULL},
    {"create_pi", (PyCFunction)(void (*)(void))tb_create_pi, METH_FASTCALL, NULL},
    {"append", (PyCFunction)(void (*)(void))tb_append, METH_FASTCALL, NULL},
    {"finish", (PyCFunction)tb_finish, METH_NOARGS,
     "finish() -> (top-level nodes, attribute extras, too deep, unsupported, an element namespaced, the local names "
     "of the HTML elements made, the style and link elements of the document's own tree, the attribute census or "
     "None)."},
    {NULL, NULL, 0, NULL}};

static PyTypeObject TreeBuilderType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "_webdom_speedups.TreeBuilder",
    .tp_basicsize = sizeof(TreeBuilder),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC,
    .tp_doc = "TreeBuilder(host, html_namespace, resolve_tag, resolve_attr, template_content): turbohtml's tree-builder "
              "protocol storing into the libxml2 document of the empty lxml root element host "
              "(see dom/parsing/tree_builder_speedups.c).",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)tb_init,
    .tp_dealloc = (destructor)tb_dealloc,
    .tp_traverse = (traverseproc)tb_traverse,
    .tp_clear = (inquiry)tb_clear,
    .tp_methods = tb_methods,
};

int
tree_builder_exec(PyObject *module)
{
    if (PyModule_AddFunctions(module, ascii_case_functions) < 0)
        return -1;
    if (s_doctype == NULL && (s_doctype = PyUnicode_InternFromString("#doctype")) == NULL)
        return -1;
    if (s_comment == NULL && (s_comment = PyUnicode_InternFromString("#comment")) == NULL)
        return -1;
    if (PyType_Ready(&TreeBuilderType) < 0)
        return -1;
    Py_INCREF(&TreeBuilderType);
    if (PyModule_AddObject(module, "TreeBuilder", (PyObject *)&TreeBuilderType) < 0) {
        Py_DECREF(&TreeBuilderType);
        return -1;
    }
    return 0;
}
