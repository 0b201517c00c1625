/* The libxml2 functions the C tree builder makes nodes with (dom/parsing/tree_builder.h lists
 * them), looked up in lxml.etree's shared object.
 *
 * The nodes must be made by the libxml2 lxml runs on (its dictionary of names, its structures),
 * which lxml's wheels link statically and a Python extension cannot link against.  lxml.etree
 * exports those functions, so they are looked up in its shared object once; where that fails (no
 * dlsym, or a build of lxml that hides them) there is no TreeBuilder and the reference builds
 * every tree. */
#include "tree_builder.h"
#ifndef _WIN32
#include <dlfcn.h>
#endif

#define DEFINE(ret, name, params) ret(*p_##name) params;
LIBXML_FUNCTIONS(DEFINE)
#undef DEFINE
xmlMallocFunc *libxml2_malloc;
const xmlChar *libxml2_string_text;
xmlRegisterNodeFunc *(*libxml2_register_node_callback)(void);
PyTypeObject *lxml_element_type;

/* Look the functions up, and lxml.etree._Element, once; -1 with an ImportError where they cannot be. */
int
libxml2_functions_ready(void)
{
    if (lxml_element_type != NULL)
        return 0;
    PyObject *etree = PyImport_ImportModule("lxml.etree");
    if (etree == NULL)
        return -1;
    PyObject *type = PyObject_GetAttrString(etree, "_Element");
    PyObject *path = PyObject_GetAttrString(etree, "__file__");
    Py_DECREF(etree);
    if (type == NULL || path == NULL || !PyUnicode_Check(path)) {
        Py_XDECREF(type);
        Py_XDECREF(path);
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_ImportError, "lxml.etree has no file");
        return -1;
    }
#ifdef _WIN32
    Py_DECREF(type);
    Py_DECREF(path);
    PyErr_SetString(PyExc_ImportError, "libxml2's functions are not looked up on this platform");
    return -1;
#else
    const char *file = PyUnicode_AsUTF8(path);
    void *lib = file == NULL ? NULL : dlopen(file, RTLD_NOW | RTLD_NOLOAD);
    Py_DECREF(path);
    if (lib == NULL) {
        Py_DECREF(type);
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_ImportError, "lxml.etree's shared object cannot be opened");
        return -1;
    }
#define LOOK_UP(ret, name, params)                                                                    \
    if ((*(void **)&p_##name = dlsym(lib, #name)) == NULL) {                                          \
        Py_DECREF(type);                                                                              \
        PyErr_SetString(PyExc_ImportError, "lxml.etree does not export libxml2's " #name);            \
        return -1;                                                                                    \
    }
    LIBXML_FUNCTIONS(LOOK_UP)
#undef LOOK_UP
    libxml2_malloc = (xmlMallocFunc *)dlsym(lib, "xmlMalloc");
    libxml2_string_text = (const xmlChar *)dlsym(lib, "xmlStringText");
    *(void **)&libxml2_register_node_callback = dlsym(lib, "__xmlRegisterNodeDefaultValue");
    if (libxml2_malloc == NULL || libxml2_string_text == NULL || libxml2_register_node_callback == NULL) {
        Py_DECREF(type);
        PyErr_SetString(PyExc_ImportError, "lxml.etree does not export libxml2's allocator and text node name");
        return -1;
    }
#endif
    if (!PyType_Check(type) || ((PyTypeObject *)type)->tp_basicsize != (Py_ssize_t)sizeof(struct LxmlElement)) {
        Py_DECREF(type);
        PyErr_SetString(PyExc_ImportError, "lxml's element proxy is not laid out as its header says");
        return -1;
    }
    lxml_element_type = (PyTypeObject *)type;
    return 0;
}
