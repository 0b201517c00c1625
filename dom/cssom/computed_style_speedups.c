/* _webdom_speedups.computed_attributes and computed_style_method: the attributes of an element's computed style
 * (``getComputedStyle(e).display``) as C descriptors that read the value from the document's
 * cascade when it is current and holds the element's values -- the attribute getter of
 * dom/cssom/computed_style.py (_computed_attribute) with cascade_of's hit, the reference, which
 * each descriptor calls for every other case, and for setting and deleting.
 *
 * computed_attributes(properties, layout) -> {attribute: descriptor}: *properties* maps each
 * attribute name to (property name, the reference property); *layout* is (the computed style
 * class, Element, Document, Cascade, the member descriptors of the style's _element, the
 * element's _doc and _lx, the document's _memo and _version and the cascade's computed, the
 * cascade's memo key, the list holding the sheets' changes, the list holding the configuration's
 * changes).  A descriptor reads: style._element -> element; element._doc -> document;
 * document._memo[(key, (changes[0], configuration changes[0]))] -> (version, cascade), taken
 * when version == document._version; cascade.computed[element._lx] -> values;
 * values.get(name, "").  computed_style_method: Window.getComputedStyle's common call (below).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>

#define SLOT(obj, offset) (*(PyObject **)((char *)(obj) + (offset)))

typedef struct {
    PyTypeObject *style, *element, *document, *cascade;
    Py_ssize_t style_element, element_doc, element_lx, document_memo, document_version, cascade_computed;
    PyObject *key, *changes, *configuration_changes;
    /* the memo key of the last changes read, with its hash (a page's loop reads one per element) */
    PyObject *last_changes, *last_configuration, *last_key;
    Py_hash_t last_hash;
} Layout;

/* The document memo's key of the cascade for the current changes (borrowed: the layout holds
 * it), NULL on error. */
static PyObject *
memo_key(Layout *l, Py_hash_t *hash)
{
    PyObject *changes = PyList_GET_ITEM(l->changes, 0), *configuration = PyList_GET_ITEM(l->configuration_changes, 0);
    if (l->last_key == NULL || l->last_changes != changes || l->last_configuration != configuration) {
        PyObject *about = PyTuple_Pack(2, changes, configuration);
        if (about == NULL)
            return NULL;
        PyObject *key = PyTuple_Pack(2, l->key, about);
        Py_DECREF(about);
        if (key == NULL)
            return NULL;
        Py_hash_t found = PyObject_Hash(key);
        if (found == -1) {
            Py_DECREF(key);
            return NULL;
        }
        /* (the changes held: another object at the same address is no match) */
        Py_XSETREF(l->last_key, key);
        Py_XSETREF(l->last_changes, Py_NewRef(changes));
        Py_XSETREF(l->last_configuration, Py_NewRef(configuration));
        l->last_hash = found;
    }
    *hash = l->last_hash;
    return l->last_key;
}

typedef struct {
    PyObject_HEAD
    PyObject *name;      /* the property's name (a str) */
    PyObject *reference; /* the property this stands for */
    Layout *layout;      /* shared by the descriptors (never freed: one per process) */
} Attribute;

static PyObject *empty;

static PyObject *
reference_get(Attribute *self, PyObject *obj, PyObject *type)
{
    descrgetfunc get = Py_TYPE(self->reference)->tp_descr_get;
    if (get == NULL)
        return Py_NewRef(self->reference);
    return get(self->reference, obj, type);
}

/* The value from the current cascade (a new reference), NULL with no error where the reference
 * must answer, NULL with an error on failure. */
static PyObject *
fast_value(Attribute *self, PyObject *obj)
{
    Layout *l = self->layout;
    if (!PyObject_TypeCheck(obj, l->style))
        return NULL;
    PyObject *element = SLOT(obj, l->style_element);
    if (element == NULL || !PyObject_TypeCheck(element, l->element))
        return NULL;
    PyObject *document = SLOT(element, l->element_doc), *lx = SLOT(element, l->element_lx);
    if (document == NULL || lx == NULL || !PyObject_TypeCheck(document, l->document))
        return NULL;
    PyObject *memo = SLOT(document, l->document_memo), *version = SLOT(document, l->document_version);
    if (memo == NULL || version == NULL || !PyDict_CheckExact(memo) || !PyList_CheckExact(l->changes)
        || !PyList_CheckExact(l->configuration_changes) || PyList_GET_SIZE(l->changes) < 1
        || PyList_GET_SIZE(l->configuration_changes) < 1)
        return NULL;
    Py_hash_t hash;
    PyObject *key = memo_key(l, &hash);
    if (key == NULL)
        return NULL;
    Py_INCREF(key); /* (a comparison the lookup makes may run code that reads another attribute) */
#if PY_VERSION_HEX < 0x030D0000
    PyObject *entry = _PyDict_GetItem_KnownHash(memo, key, hash); /* borrowed: the memo holds it */
#else
    (void)hash;
    PyObject *entry = PyDict_GetItemWithError(memo, key);
#endif
    Py_DECREF(key);
    if (entry == NULL || !PyTuple_CheckExact(entry) || PyTuple_GET_SIZE(entry) != 2)
        return NULL;
    Py_INCREF(entry); /* (the comparison below may run code) */
    PyObject *cascade = PyTuple_GET_ITEM(entry, 1);
    int current = PyTuple_GET_ITEM(entry, 0) == version ? 1
                                                         : PyObject_RichCompareBool(PyTuple_GET_ITEM(entry, 0), version, Py_EQ);
    PyObject *value = NULL;
    if (current == 1 && Py_IS_TYPE(cascade, l->cascade)) {
        PyObject *computed = SLOT(cascade, l->cascade_computed);
        PyObject *values = computed != NULL && PyDict_CheckExact(computed) ? PyDict_GetItemWithError(computed, lx) : NULL;
        if (values != NULL && PyDict_CheckExact(values)) {
            value = PyDict_GetItemWithError(values, self->name);
            if (value != NULL)
                Py_INCREF(value);
            else if (!PyErr_Occurred())
                value = Py_NewRef(empty);
        }
    }
    Py_DECREF(entry);
    return value;
}

static PyObject *
attribute_get(PyObject *op, PyObject *obj, PyObject *type)
{
    Attribute *self = (Attribute *)op;
    if (obj == NULL || obj == Py_None)
        return reference_get(self, obj, type);
    PyObject *value = fast_value(self, obj);
    if (value != NULL || PyErr_Occurred())
        return value;
    return reference_get(self, obj, type);
}

static int
attribute_set(PyObject *op, PyObject *obj, PyObject *value)
{
    Attribute *self = (Attribute *)op;
    descrsetfunc set = Py_TYPE(self->reference)->tp_descr_set;
    if (set == NULL) {
        PyErr_SetString(PyExc_AttributeError, "read-only attribute");
        return -1;
    }
    return set(self->reference, obj, value);
}

static PyObject *
attribute_doc(PyObject *op, void *closure)
{
    (void)closure;
    return PyObject_GetAttrString(((Attribute *)op)->reference, "__doc__");
}

static PyObject *
attribute_fget(PyObject *op, void *closure)
{
    (void)closure;
    return PyObject_GetAttrString(((Attribute *)op)->reference, "fget");
}

static PyObject *
attribute_fset(PyObject *op, void *closure)
{
    (void)closure;
    return PyObject_GetAttrString(((Attribute *)op)->reference, "fset");
}

static PyGetSetDef attribute_getset[] = {
    {"__doc__", attribute_doc, NULL, NULL, NULL},
    {"fget", attribute_fget, NULL, "the reference property's getter", NULL},
    {"fset", attribute_fset, NULL, "the reference property's setter", NULL},
    {NULL, NULL, NULL, NULL, NULL}};

static int
attribute_traverse(PyObject *op, visitproc visit, void *arg)
{
    Attribute *self = (Attribute *)op;
    Py_VISIT(self->name);
    Py_VISIT(self->reference);
    return 0;
}

static void
attribute_dealloc(PyObject *op)
{
    Attribute *self = (Attribute *)op;
    PyObject_GC_UnTrack(op);
    Py_CLEAR(self->name);
    Py_CLEAR(self->reference);
    PyObject_GC_Del(op);
}

static PyTypeObject attribute_type = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "_webdom_speedups.ComputedAttribute",
    .tp_basicsize = sizeof(Attribute),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC,
    .tp_doc = "An attribute of an element's computed style read in C (dom/cssom/computed_style_speedups.c).",
    .tp_dealloc = attribute_dealloc,
    .tp_traverse = attribute_traverse,
    .tp_descr_get = attribute_get,
    .tp_descr_set = attribute_set,
    .tp_getset = attribute_getset,
};

/* The offset of a writable object slot from its member descriptor; -1 on error. */
static int
slot_offset(PyObject *descriptor, Py_ssize_t *offset)
{
    if (!PyObject_TypeCheck(descriptor, &PyMemberDescr_Type)) {
        PyErr_SetString(PyExc_TypeError, "computed_attributes: the layout's slots are member descriptors");
        return -1;
    }
    PyMemberDef *member = ((PyMemberDescrObject *)descriptor)->d_member;
    if (member->type != T_OBJECT_EX) {
        PyErr_SetString(PyExc_TypeError, "computed_attributes: the layout's slots hold objects");
        return -1;
    }
    *offset = member->offset;
    return 0;
}

static PyObject *
computed_attributes(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    (void)module;
    if (nargs != 2 || !PyDict_Check(args[0]) || !PyTuple_Check(args[1]) || PyTuple_GET_SIZE(args[1]) != 13) {
        PyErr_SetString(PyExc_TypeError, "computed_attributes(properties, layout)");
        return NULL;
    }
    PyObject *const *items = &PyTuple_GET_ITEM(args[1], 0);
    for (int i = 0; i < 4; i++)
        if (!PyType_Check(items[i])) {
            PyErr_SetString(PyExc_TypeError, "computed_attributes: the layout starts with four classes");
            return NULL;
        }
    if (!PyList_CheckExact(items[11]) || !PyList_CheckExact(items[12])) {
        PyErr_SetString(PyExc_TypeError, "computed_attributes: the changes are lists");
        return NULL;
    }
    if (empty == NULL && (empty = PyUnicode_FromString("")) == NULL)
        return NULL;
    if (PyType_Ready(&attribute_type) < 0)
        return NULL;
    Layout *l = PyMem_Calloc(1, sizeof(Layout));
    if (l == NULL)
        return PyErr_NoMemory();
    Py_ssize_t *offsets[] = {&l->style_element, &l->element_doc, &l->element_lx, &l->document_memo,
                             &l->document_version, &l->cascade_computed};
    for (int i = 0; i < 6; i++)
        if (slot_offset(items[4 + i], offsets[i]) < 0) {
            PyMem_Free(l);
            return NULL;
        }
    /* (held for the life of the process, as the descriptors are) */
    l->style = (PyTypeObject *)Py_NewRef(items[0]);
    l->element = (PyTypeObject *)Py_NewRef(items[1]);
    l->document = (PyTypeObject *)Py_NewRef(items[2]);
    l->cascade = (PyTypeObject *)Py_NewRef(items[3]);
    l->key = Py_NewRef(items[10]);
    l->changes = Py_NewRef(items[11]);
    l->configuration_changes = Py_NewRef(items[12]);
    PyObject *out = PyDict_New();
    if (out == NULL)
        return NULL;
    Py_ssize_t position = 0;
    PyObject *attribute, *description;
    while (PyDict_Next(args[0], &position, &attribute, &description)) {
        if (!PyTuple_Check(description) || PyTuple_GET_SIZE(description) != 2
            || !PyUnicode_CheckExact(PyTuple_GET_ITEM(description, 0))) {
            PyErr_SetString(PyExc_TypeError, "computed_attributes: each attribute is (property name, reference)");
            Py_DECREF(out);
            return NULL;
        }
        Attribute *descriptor = PyObject_GC_New(Attribute, &attribute_type);
        if (descriptor == NULL) {
            Py_DECREF(out);
            return NULL;
        }
        descriptor->name = Py_NewRef(PyTuple_GET_ITEM(description, 0));
        descriptor->reference = Py_NewRef(PyTuple_GET_ITEM(description, 1));
        descriptor->layout = l;
        PyObject_GC_Track((PyObject *)descriptor);
        int r = PyDict_SetItem(out, attribute, (PyObject *)descriptor);
        Py_DECREF(descriptor);
        if (r < 0) {
            Py_DECREF(out);
            return NULL;
        }
    }
    return out;
}

/* Window.getComputedStyle(elt) in C: with one argument that is an Element (or a null pseudoElt),
 * a new computed style of *elt* (getComputedStyle's steps in dom/cssom/computed_style.py: a
 * style object whose _element is *elt*); every other call goes to the reference, the operation
 * with the binding's conversions. */
static PyObject *method_reference;
static PyTypeObject *method_element_type, *method_style_type;
static Py_ssize_t method_style_element;

static PyObject *
get_computed_style(PyObject *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    if (kwnames == NULL && (nargs == 1 || (nargs == 2 && args[1] == Py_None))
        && PyObject_TypeCheck(args[0], method_element_type)) {
        PyObject *style = method_style_type->tp_alloc(method_style_type, 0);
        if (style == NULL)
            return NULL;
        SLOT(style, method_style_element) = Py_NewRef(args[0]);
        return style;
    }
    /* the reference, with self first */
    Py_ssize_t count = nargs + (kwnames == NULL ? 0 : PyTuple_GET_SIZE(kwnames));
    PyObject **all = PyMem_Malloc((count + 1) * sizeof(PyObject *));
    if (all == NULL)
        return PyErr_NoMemory();
    all[0] = self;
    for (Py_ssize_t i = 0; i < count; i++)
        all[i + 1] = args[i];
    PyObject *result = PyObject_Vectorcall(method_reference, all, nargs + 1, kwnames);
    PyMem_Free(all);
    return result;
}

static PyMethodDef get_computed_style_def = {
    "getComputedStyle", (PyCFunction)(void (*)(void))get_computed_style, METH_FASTCALL | METH_KEYWORDS,
    "getComputedStyle($self, elt, pseudoElt=None)\n--\n\n"
    "https://drafts.csswg.org/cssom/#dom-window-getcomputedstyle: its common call in C "
    "(dom/cssom/computed_style_speedups.c), the others by the operation with its conversions."};

/* computed_style_method(window, reference, element, style, style_element) -> the method
 * descriptor of Window.getComputedStyle in C (see get_computed_style). */
static PyObject *
computed_style_method(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    (void)module;
    if (nargs != 5 || !PyType_Check(args[0]) || !PyCallable_Check(args[1]) || !PyType_Check(args[2])
        || !PyType_Check(args[3])) {
        PyErr_SetString(PyExc_TypeError, "computed_style_method(window, reference, element, style, style_element)");
        return NULL;
    }
    Py_ssize_t offset;
    if (slot_offset(args[4], &offset) < 0)
        return NULL;
    PyObject *descriptor = PyDescr_NewMethod((PyTypeObject *)args[0], &get_computed_style_def);
    if (descriptor == NULL)
        return NULL;
    Py_XSETREF(method_reference, Py_NewRef(args[1]));
    Py_XSETREF(method_element_type, (PyTypeObject *)Py_NewRef(args[2]));
    Py_XSETREF(method_style_type, (PyTypeObject *)Py_NewRef(args[3]));
    method_style_element = offset;
    return descriptor;
}

static PyMethodDef functions[] = {
    {"computed_style_method", (PyCFunction)(void (*)(void))computed_style_method, METH_FASTCALL,
     "computed_style_method(window, reference, element, style, style_element): Window.getComputedStyle's method "
     "descriptor in C (dom/cssom/computed_style_speedups.c; the reference is getComputedStyle in "
     "dom/cssom/computed_style.py with the binding's conversions)."},
    {"computed_attributes", (PyCFunction)(void (*)(void))computed_attributes, METH_FASTCALL,
     "computed_attributes(properties, layout): {attribute: descriptor} reading an element's computed style's "
     "values in C (dom/cssom/computed_style_speedups.c; the reference is _computed_attribute in "
     "dom/cssom/computed_style.py)."},
    {NULL, NULL, 0, NULL}};

int
computed_style_exec(PyObject *module)
{
    return PyModule_AddFunctions(module, functions);
}
