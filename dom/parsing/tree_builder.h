/* What the files of the C tree builder share: dom/parsing/tree_builder_speedups.c (the
 * TreeBuilder type, turbohtml's tree-builder protocol), dom/parsing/libxml2_functions.c (the
 * libxml2 functions looked up inside lxml.etree), dom/parsing/tree_builder_names.c (the names
 * resolved so far) and dom/parsing/tree_builder_nodes.c (making the libxml2 nodes of elements,
 * attributes and text). */
#ifndef WEBDOM_TREE_BUILDER_H
#define WEBDOM_TREE_BUILDER_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <libxml/tree.h>
#include "etree.h" /* lxml's structures: LxmlElement, LxmlDocument */
#include "../cssom/attribute_census.h" /* Census: the attributes seen, for the cascade's index */

#define NESTING_LIMIT 512    /* turbohtml's; a tree this deep is parsed again (see the reference) */
#define LONG_ATTRIBUTE_LIST 64 /* dom/parsing/attribute_lists.py: lxml's set() is O(n) per attribute */

/* The libxml2 functions used, found in lxml.etree's shared object (dom/parsing/libxml2_functions.c). */
#define LIBXML_FUNCTIONS(X)                                                                          \
    X(xmlNodePtr, xmlNewDocNode, (xmlDocPtr, xmlNsPtr, const xmlChar *, const xmlChar *))            \
    X(xmlNodePtr, xmlNewDocNodeEatName, (xmlDocPtr, xmlNsPtr, xmlChar *, const xmlChar *))           \
    X(const xmlChar *, xmlDictLookup, (xmlDictPtr, const xmlChar *, int))                            \
    X(xmlNodePtr, xmlNewDocTextLen, (xmlDocPtr, const xmlChar *, int))                               \
    X(xmlNodePtr, xmlNewDocComment, (xmlDocPtr, const xmlChar *))                                    \
    X(xmlNodePtr, xmlAddChild, (xmlNodePtr, xmlNodePtr))                                             \
    X(xmlNodePtr, xmlDocSetRootElement, (xmlDocPtr, xmlNodePtr))                                     \
    X(xmlNsPtr, xmlSearchNs, (xmlDocPtr, xmlNodePtr, const xmlChar *))                               \
    X(xmlNsPtr, xmlNewNs, (xmlNodePtr, const xmlChar *, const xmlChar *))                            \
    X(void, xmlSetNs, (xmlNodePtr, xmlNsPtr))                                                        \
    X(xmlAttrPtr, xmlNewNsProp, (xmlNodePtr, xmlNsPtr, const xmlChar *, const xmlChar *))            \
    X(xmlAttrPtr, xmlNewNsPropEatName, (xmlNodePtr, xmlNsPtr, xmlChar *, const xmlChar *))           \
    X(int, xmlNodeAddContentLen, (xmlNodePtr, const xmlChar *, int))
#define DECLARE(ret, name, params) extern ret(*p_##name) params;
LIBXML_FUNCTIONS(DECLARE)
#undef DECLARE
/* libxml2's variables: its allocator (xmlMalloc), the name every text node has (xmlStringText),
 * and the function giving the thread's node-registration callback (__xmlRegisterNodeDefaultValue). */
extern xmlMallocFunc *libxml2_malloc;
extern const xmlChar *libxml2_string_text;
extern xmlRegisterNodeFunc *(*libxml2_register_node_callback)(void);
extern PyTypeObject *lxml_element_type; /* lxml.etree._Element */

/* A name the parser reported, resolved (dom/parsing/tree_builder_names.c). */
typedef struct {
    PyObject *name;          /* the parser's string, as first seen */
    int space;               /* elements: the namespace's number; attributes: 1 on a foreign element */
    Py_hash_t hash;          /* of the characters (not Python's hash) */
    PyObject *resolved;      /* the resolver's tuple */
    const char *local, *href; /* UTF-8 of its lxml local name and namespace (NULL: none), in resolved */
    xmlDict *dict;           /* the libxml2 dictionary dict_local was looked up in */
    const xmlChar *dict_local;
    int kind;                /* elements: NAME_* below, found at the first use (NAME_UNKNOWN until then);
                              * attributes: the census's CENSUS_* kind, found at the first use */
    uint32_t census_hash;    /* attributes: census_hash of the local name, once kind is known */
} ResolvedName;

/* What an element's name makes it to the builder, decided once per name rather than per element. */
#define NAME_UNKNOWN (-1)
#define NAME_PLAIN 0
#define NAME_TEMPLATE 1 /* the HTML template element */
#define NAME_NOTED 2    /* from here, the HTML elements of the builder's noted lists, in their order: */
#define NAME_SHEET_OWNER 2 /* style and link */
#define NAME_FORM 3
#define NAME_SCRIPT 4
#define NAME_META 5
#define NOTED_LISTS 4 /* NAME_SHEET_OWNER to NAME_META */

typedef struct {
    ResolvedName *entries;
    Py_ssize_t count, capacity;
    Py_ssize_t *slots;       /* open addressing: 1 + an index into entries, 0 for none */
    size_t mask;
} NameTable;

/* An element the parser may still append to: an ancestor of the node made last, or that node. */
typedef struct {
    Py_ssize_t handle;
    xmlNode *node;               /* where its children go (a template's: its content's container) */
    struct LxmlDocument *lxdoc;  /* lxml's document of that node */
    int depth;                   /* 1: the document element */
} OpenElement;

#define MAX_NAMESPACES 8     /* distinct namespace strings told apart (the parser uses three) */

typedef struct {
    PyObject_HEAD
    PyObject *host;         /* lxml element: root of the libxml2 document the nodes are made in */
    struct LxmlDocument *lxdoc;
    xmlDoc *doc;
    PyObject *html_ns;      /* the HTML namespace string */
    PyObject *resolve_tag;  /* (name, namespace) -> (href or None, local) */
    PyObject *resolve_attr; /* (name, foreign) -> (lxml key, href or None, local, prefix to keep or None) */
    PyObject *template_content; /* template proxy -> its content fragment's container element */
    NameTable tags;         /* element names: resolve_tag's (href or None, local) */
    NameTable attrs;        /* attribute names: resolve_attr's (key, href or None, local, prefix or None) */
    PyObject *namespaces[MAX_NAMESPACES]; /* the namespace strings met, by number (0: html_ns) */
    int namespace_count;
    PyObject *last_ns;      /* the namespace string met last */
    int last_ns_number;
    OpenElement *spine;     /* the open elements, the document's child first */
    Py_ssize_t spine_length, spine_capacity;
    Py_ssize_t count;       /* handle values given so far */
    Py_ssize_t *free_handles; /* values of closed elements and appended comments, given again: */
    Py_ssize_t free_count, free_capacity; /* handles stay small ints, which Python does not allocate */
    Py_ssize_t pending;     /* index of the node created and not yet appended, or -1 */
    int pending_is_element;
    PyObject *pending_args[3]; /* the pending node's (name, namespace, attrs), or (data, NULL, NULL):
                                * kept apart, not in a tuple the garbage collector would track */
    int has_root;
    PyObject *top;          /* document children: ("#doctype", ...), ("#comment", data), root proxy */
    PyObject *contents;     /* the content containers made, kept alive while building */
    PyObject *attr_extras;  /* (proxy, key, prefix, None): the DOM prefix lxml does not keep */
    PyObject *noted;        /* a tuple of four lists, the proxies of the HTML style and link, form,
                             * script and meta elements of the document's own tree (not template
                             * contents), each in tree order */
    int too_deep, unsupported, finished;
    int compact_text;       /* short texts may be kept in their node (see new_text) */
    int namespaced; /* whether some element of the document's own tree has a namespace */
    Census *census; /* the attributes of the document's own tree (NULL: none kept, or handed out) */
} TreeBuilder;

/* Link *node* (not linked anywhere) as the last child of *parent*, as xmlAddChild does for a node
 * of the parent's document that is no text to merge: the builder makes every node where it goes. */
static inline void
link_last_child(xmlNode *parent, xmlNode *node)
{
    if (node->doc != parent->doc
        || (node->type == XML_TEXT_NODE && parent->last != NULL && parent->last->type == XML_TEXT_NODE)) {
        p_xmlAddChild(parent, node); /* (not met: kept for what xmlAddChild does more) */
        return;
    }
    node->parent = parent;
    node->prev = parent->last;
    if (parent->last == NULL)
        parent->children = node;
    else
        parent->last->next = node;
    parent->last = node;
}

/* dom/parsing/libxml2_functions.c */
int libxml2_functions_ready(void);

/* dom/parsing/tree_builder_names.c */
ResolvedName *name_table_find(NameTable *table, PyObject *name, int space, Py_hash_t *hash);
ResolvedName *name_table_add(NameTable *table, PyObject *name, int space, Py_hash_t hash, PyObject *resolved,
                             int local_at, int href_at);
const xmlChar *name_in_dict(ResolvedName *entry, xmlDict *dict);
void name_table_clear(NameTable *table);

/* dom/parsing/tree_builder_nodes.c */
int tree_builder_nodes_ready(void);
int xml_clean(const unsigned char *s, Py_ssize_t n);
const char *text_utf8(PyObject *s, Py_ssize_t *size, int *clean, char **owned);
xmlNode *build_element(TreeBuilder *self, xmlNode *parent, struct LxmlDocument *lxdoc, PyObject *name,
                       PyObject *namespace, PyObject *attrs, xmlNode **content, struct LxmlDocument **content_doc);
int append_text(TreeBuilder *self, xmlNode *parent, PyObject *data);
void census_free(Census *census);
void census_trim(Census *census);

/* dom/parsing/ascii_case_speedups.c */
extern PyMethodDef ascii_case_functions[];

#endif
