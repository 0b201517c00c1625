/* _webdom_speedups.index_attributes: the cascade's index of a document's elements by attribute
 * name, id, class and tag (dom/cssom/cascade.py, Cascade._index_walk and Cascade._index are the
 * reference) in one walk over the libxml2 nodes, for the keys the style sheets' selectors name.
 *
 * For each element of the subtree (tree order, the root included): its name when it has no
 * namespace and is a wanted tag; each attribute without a namespace whose name,
 * ASCII-lowercased, is a wanted attribute name; its id (ASCII-lowercased in quirks mode) when
 * wanted; each distinct class of its class attribute split at ASCII white space
 * (ASCII-lowercased in quirks mode) that is wanted.  The element's lxml proxy is appended to the
 * index's list for that key.  The wanted names are compared as bytes in hash tables (no str is
 * made for a name nobody wants).  Attribute values are read when they are one text node (as the
 * HTML parser and setAttribute store them); any other shape answers None and the reference
 * walks instead.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>
#include <libxml/tree.h>
#include "../nodes/lxml_api.h" /* lxml's C API and element type: ready() */
#include "../nodes/subtree_walk.h"
#include "attribute_census.h" /* the census the C tree builder keeps: the walk without a walk */

static PyObject *s_attribute, *s_id, *s_class, *s_tag; /* the index's kinds: "@", "#", ".", "" */

/* ready(), and the index's kinds interned. */
static int
index_ready(void)
{
    if (s_tag != NULL)
        return 0;
    if (ready() < 0)
        return -1;
    if ((s_attribute = PyUnicode_InternFromString("@")) == NULL || (s_id = PyUnicode_InternFromString("#")) == NULL
        || (s_class = PyUnicode_InternFromString(".")) == NULL || (s_tag = PyUnicode_InternFromString("")) == NULL)
        return -1;
    return 0;
}

/* A wanted name: its UTF-8 bytes, their census_hash, and the index's list for its key. */
typedef struct {
    const char *bytes;
    Py_ssize_t size;
    uint32_t hash;
    PyObject *list; /* borrowed: the index holds it */
} Wanted;

/* Wanted names by their bytes (open addressing; a power of two of slots, at most half full),
 * with the first bytes and the lengths of the wanted names: most names a page holds (its ids
 * and classes) differ from the few wanted in one or the other, and are passed over unhashed. */
typedef struct {
    Wanted *slots;
    size_t mask;
    Py_ssize_t count;
    unsigned char first[32]; /* a bit per byte value */
    uint64_t lengths;        /* a bit per length below 63; bit 63: a length of 63 or more */
} Table;

static inline unsigned char
lowered(unsigned char c, int fold)
{
    return fold && c >= 'A' && c <= 'Z' ? (unsigned char)(c + 32) : c;
}

/* The table of the names of *names* (a set of str), each with index[(kind, name)]; -1 on error. */
static int
table_of(Table *table, PyObject *names, PyObject *kind, PyObject *index)
{
    Py_ssize_t count = PySet_GET_SIZE(names);
    size_t size = 8;
    while (size < (size_t)count * 2)
        size *= 2;
    table->slots = PyMem_Calloc(size, sizeof(Wanted));
    table->mask = size - 1;
    table->count = count;
    if (table->slots == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    PyObject *names_iterator = PyObject_GetIter(names), *name;
    if (names_iterator == NULL)
        return -1;
    int r = 0;
    /* (the set holds the names: their UTF-8 bytes live as long as the walk) */
    while (r == 0 && (name = PyIter_Next(names_iterator)) != NULL) {
        Py_ssize_t n;
        const char *bytes = PyUnicode_Check(name) ? PyUnicode_AsUTF8AndSize(name, &n) : NULL;
        PyObject *key = bytes == NULL ? NULL : PyTuple_Pack(2, kind, name);
        PyObject *list = key == NULL ? NULL : PyDict_GetItemWithError(index, key);
        Py_XDECREF(key);
        if (list == NULL || !PyList_Check(list)) {
            if (!PyErr_Occurred())
                PyErr_SetString(PyExc_KeyError, "index_attributes: a wanted name is not a str with a list");
            r = -1;
        } else {
            /* (placed by the hash of the lowercased bytes, which equal names have in any case) */
            uint32_t hash = census_hash((const unsigned char *)bytes, n);
            size_t at = hash & table->mask;
            while (table->slots[at].bytes != NULL)
                at = (at + 1) & table->mask;
            table->slots[at] = (Wanted){bytes, n, hash, list};
            unsigned char c = n > 0 ? (unsigned char)bytes[0] : 0;
            table->first[c >> 3] |= (unsigned char)(1u << (c & 7));
            table->lengths |= (uint64_t)1 << (n < 63 ? n : 63);
        }
        Py_DECREF(name);
    }
    Py_DECREF(names_iterator);
    return r < 0 || PyErr_Occurred() ? -1 : 0;
}

/* The wanted name equal to the *n* bytes at *s* (ASCII-lowercased when *fold*: the wanted names
 * are lowercase then) whose census_hash is *hash*, or NULL. */
static Wanted *
find_hashed(const Table *table, const xmlChar *s, Py_ssize_t n, int fold, uint32_t hash)
{
    for (size_t at = hash & table->mask; table->slots[at].bytes != NULL; at = (at + 1) & table->mask) {
        Wanted *wanted = &table->slots[at];
        if (wanted->hash != hash || wanted->size != n)
            continue;
        Py_ssize_t i = 0;
        while (i < n && lowered(s[i], fold) == (unsigned char)wanted->bytes[i])
            i++;
        if (i == n)
            return wanted;
    }
    return NULL;
}

/* The wanted name equal to the *n* bytes at *s* (n -1: up to a NUL byte; ASCII-lowercased when
 * *fold*), or NULL. */
static Wanted *
find(const Table *table, const xmlChar *s, Py_ssize_t n, int fold)
{
    unsigned char c = n == 0 ? 0 : lowered(s[0], fold);
    if (!(table->first[c >> 3] & (1u << (c & 7))))
        return NULL;
    if (n < 0)
        n = (Py_ssize_t)strlen((const char *)s);
    if (!(table->lengths & ((uint64_t)1 << (n < 63 ? n : 63))))
        return NULL;
    return find_hashed(table, s, n, fold, census_hash(s, n));
}

/* Append *element*'s proxy (made once) to a wanted name's list. */
static int
add(Wanted *wanted, struct LxmlDocument *doc, xmlNode *element, PyObject **proxy)
{
    if (*proxy == NULL && (*proxy = (PyObject *)elementFactory(doc, element)) == NULL)
        return -1;
    return PyList_Append(wanted->list, *proxy);
}

/* The value of an attribute stored as one text node (or none: ""); NULL when it is stored otherwise. */
static const xmlChar *
value_of(xmlAttr *attribute)
{
    xmlNode *text = attribute->children;
    if (text == NULL)
        return (const xmlChar *)"";
    if (text->type != XML_TEXT_NODE || text->next != NULL || text->content == NULL)
        return NULL;
    return text->content;
}

static inline int
ascii_white_space(xmlChar c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r';
}

typedef struct {
    Table ids, classes, attributes, tags;
    int fold;
    struct LxmlDocument *doc;
} Walk;

/* One element's keys; 1 when a value has a shape left to the reference, -1 on error. */
static int
index_element(xmlNode *element, const Walk *walk)
{
    PyObject *proxy = NULL;
    int r = 0;
    if (walk->tags.count > 0 && element->ns == NULL && element->name != NULL) {
        Wanted *tag = find(&walk->tags, element->name, -1, 0);
        if (tag != NULL && add(tag, walk->doc, element, &proxy) < 0)
            r = -1;
    }
    for (xmlAttr *attribute = element->properties; attribute != NULL && r == 0; attribute = attribute->next) {
        if (attribute->ns != NULL)
            continue; /* no wanted attribute name is namespaced (the caller checks), nor are id and class */
        const xmlChar *name = attribute->name;
        Wanted *wanted = walk->attributes.count > 0
                             ? find(&walk->attributes, name, -1, 1)
                             : NULL;
        if (wanted != NULL && add(wanted, walk->doc, element, &proxy) < 0) {
            r = -1;
            break;
        }
        int is_id = strcmp((const char *)name, "id") == 0, is_class = !is_id && strcmp((const char *)name, "class") == 0;
        if (!((is_id && walk->ids.count > 0) || (is_class && walk->classes.count > 0)))
            continue;
        const xmlChar *value = value_of(attribute);
        if (value == NULL) {
            r = 1;
            break;
        }
        if (is_id) {
            if (*value == 0)
                continue; /* id="" gives no ID */
            wanted = find(&walk->ids, value, -1, walk->fold);
            if (wanted != NULL && add(wanted, walk->doc, element, &proxy) < 0)
                r = -1;
            continue;
        }
        Wanted *seen[16]; /* the element's classes already listed (a longer list is searched again) */
        int seen_count = 0;
        for (const xmlChar *at = value; *at && r == 0;) {
            while (*at && ascii_white_space(*at))
                at++;
            const xmlChar *start = at;
            while (*at && !ascii_white_space(*at))
                at++;
            if (at == start)
                break;
            wanted = find(&walk->classes, start, (Py_ssize_t)(at - start), walk->fold);
            if (wanted == NULL)
                continue;
            int listed = 0;
            for (int i = 0; i < seen_count && !listed; i++)
                listed = seen[i] == wanted;
            if (!listed && seen_count == 16) {
                Py_ssize_t size = PyList_GET_SIZE(wanted->list);
                listed = size > 0 && proxy != NULL && PyList_GET_ITEM(wanted->list, size - 1) == proxy;
            }
            if (listed)
                continue;
            if (seen_count < 16)
                seen[seen_count++] = wanted;
            if (add(wanted, walk->doc, element, &proxy) < 0)
                r = -1;
        }
    }
    Py_XDECREF(proxy);
    return r;
}

/* Whether a wanted name of *table* has the census_hash *hash*. */
static inline int
has_hash(const Table *table, uint32_t hash)
{
    for (size_t at = hash & table->mask; table->slots[at].bytes != NULL; at = (at + 1) & table->mask)
        if (table->slots[at].hash == hash)
            return 1;
    return 0;
}

/* List the element of the census's *entry* for *wanted*, once: an element's entries follow each
 * other, so when it is listed already it is the list's last (its proxy is *proxy*, made at its
 * first listing; *element* the element it is of).  The attribute is read here, on a match only. */
static int
add_once(Wanted *wanted, const Walk *walk, const CensusEntry *entry, xmlNode **element, PyObject **proxy)
{
    if (entry->attribute->parent != *element) {
        Py_CLEAR(*proxy);
        *element = entry->attribute->parent;
    }
    Py_ssize_t size = PyList_GET_SIZE(wanted->list);
    if (size > 0 && *proxy != NULL && PyList_GET_ITEM(wanted->list, size - 1) == *proxy)
        return 0;
    return add(wanted, walk->doc, *element, proxy);
}

/* The index from the census instead of a walk (no wanted tag): the attributes whose name's hash
 * a wanted attribute name has, checked by name; the ids and the class tokens of the id and class
 * attributes, split and hashed from the census's copy of their values when some are wanted, as
 * index_element reads them.  -1 on error. */
static int
index_census(const Census *census, const Walk *walk)
{
    xmlNode *element = NULL;
    PyObject *proxy = NULL;
    int r = 0;
    size_t start = 0; /* where the entry's value starts in the census's bytes */
    for (Py_ssize_t i = 0; i < census->count && r == 0; start += census->entries[i].length, i++) {
        const CensusEntry *entry = &census->entries[i];
        if (walk->attributes.count > 0 && has_hash(&walk->attributes, entry->hash)) {
            const xmlChar *name = entry->attribute->name;
            Wanted *wanted = find_hashed(&walk->attributes, name, (Py_ssize_t)strlen((const char *)name), 1, entry->hash);
            if (wanted != NULL && (r = add_once(wanted, walk, entry, &element, &proxy)) < 0)
                break;
        }
        /* (most entries stop here: the attribute itself, cold, is not read) */
        const xmlChar *value = (const xmlChar *)census->bytes + start, *end = value + entry->length;
        if (entry->kind == CENSUS_ID && walk->ids.count > 0 && entry->length > 0) { /* (id="" gives no ID) */
            Py_ssize_t n = (Py_ssize_t)entry->length;
            Wanted *wanted = find_hashed(&walk->ids, value, n, walk->fold, census_hash(value, n));
            if (wanted != NULL)
                r = add_once(wanted, walk, entry, &element, &proxy);
        }
        else if (entry->kind == CENSUS_CLASS && walk->classes.count > 0) {
            for (const xmlChar *at = value; at < end && r == 0;) {
                while (at < end && ascii_white_space(*at))
                    at++;
                const xmlChar *start = at;
                while (at < end && !ascii_white_space(*at))
                    at++;
                Py_ssize_t n = at - start;
                Wanted *wanted = n == 0 ? NULL : find_hashed(&walk->classes, start, n, walk->fold, census_hash(start, n));
                if (wanted != NULL) /* (a class the element repeats is listed once) */
                    r = add_once(wanted, walk, entry, &element, &proxy);
            }
        }
    }
    Py_XDECREF(proxy);
    return r;
}

/* index_attributes(root, ids, classes, attributes, quirks, index[, tags[, census]]): the number of
 * elements, or None when the reference must walk (an attribute value stored in another shape).
 * census: the capsule of the tree's attribute census (dom/nodes/parsed_attribute_census.py: the
 * tree is as parsed, and root is its document element), read instead of walking when no tag is
 * wanted. */
static PyObject *
index_attributes(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    (void)module;
    if (index_ready() < 0)
        return NULL;
    if (nargs < 6 || nargs > 8 || !PyObject_TypeCheck(args[0], element_type) || !PyAnySet_Check(args[1])
        || !PyAnySet_Check(args[2]) || !PyAnySet_Check(args[3]) || !PyDict_Check(args[5])
        || (nargs >= 7 && !PyAnySet_Check(args[6]))) {
        PyErr_SetString(PyExc_TypeError,
                        "index_attributes(root, ids, classes, attributes, quirks, index[, tags[, census]])");
        return NULL;
    }
    const Census *census = NULL;
    if (nargs == 8 && args[7] != Py_None) {
        census = PyCapsule_GetPointer(args[7], ATTRIBUTE_CENSUS_CAPSULE);
        if (census == NULL)
            return NULL;
    }
    int fold = PyObject_IsTrue(args[4]);
    if (fold < 0)
        return NULL;
    struct LxmlElement *root = (struct LxmlElement *)args[0];
    Walk walk = {.fold = fold, .doc = root->_doc};
    PyObject *no_tags = nargs >= 7 ? NULL : PySet_New(NULL);
    PyObject *result = NULL;
    if ((nargs == 6 && no_tags == NULL) || table_of(&walk.ids, args[1], s_id, args[5]) < 0
        || table_of(&walk.classes, args[2], s_class, args[5]) < 0
        || table_of(&walk.attributes, args[3], s_attribute, args[5]) < 0
        || table_of(&walk.tags, nargs >= 7 ? args[6] : no_tags, s_tag, args[5]) < 0)
        goto done;
    if (census != NULL && walk.tags.count == 0) {
        if (index_census(census, &walk) == 0)
            result = PyLong_FromSsize_t(census->elements);
        goto done;
    }
    xmlNode *top = root->_c_node, *node = top;
    Py_ssize_t count = 0;
    while (node != NULL) {
        if (node->type == XML_ELEMENT_NODE) {
            count++;
            int r = index_element(node, &walk);
            if (r < 0)
                goto done;
            if (r > 0) {
                result = Py_NewRef(Py_None);
                goto done;
            }
            if (node->children != NULL) {
                node = node->children;
                continue;
            }
        }
        node = subtree_next(node, top);
    }
    result = PyLong_FromSsize_t(count);
done:
    PyMem_Free(walk.ids.slots);
    PyMem_Free(walk.classes.slots);
    PyMem_Free(walk.attributes.slots);
    PyMem_Free(walk.tags.slots);
    Py_XDECREF(no_tags);
    return result;
}

/* census_may_hold(census, names): for each attribute name of the tuple *names* (ASCII), whether
 * the census (a capsule: dom/nodes/parsed_attribute_census.py) may hold an attribute of that name
 * in any ASCII case, a tuple of bools: False only where no entry has its census_hash (a hash
 * shared by another name answers True, which is never wrong). */
static PyObject *
census_may_hold(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    (void)module;
    if (nargs != 2 || !PyTuple_Check(args[1])) {
        PyErr_SetString(PyExc_TypeError, "census_may_hold(census, names)");
        return NULL;
    }
    const Census *census = PyCapsule_GetPointer(args[0], ATTRIBUTE_CENSUS_CAPSULE);
    if (census == NULL)
        return NULL;
    Py_ssize_t n = PyTuple_GET_SIZE(args[1]), left = n;
    if (n > 64) {
        PyErr_SetString(PyExc_ValueError, "census_may_hold takes at most 64 names");
        return NULL;
    }
    uint32_t hashes[64];
    int held[64] = {0};
    for (Py_ssize_t k = 0; k < n; k++) {
        PyObject *name = PyTuple_GET_ITEM(args[1], k);
        Py_ssize_t size;
        const char *bytes = PyUnicode_Check(name) ? PyUnicode_AsUTF8AndSize(name, &size) : NULL;
        if (bytes == NULL) {
            if (!PyErr_Occurred())
                PyErr_SetString(PyExc_TypeError, "census_may_hold takes names as strings");
            return NULL;
        }
        hashes[k] = census_hash((const unsigned char *)bytes, size);
    }
    for (Py_ssize_t i = 0; i < census->count && left > 0; i++) {
        uint32_t hash = census->entries[i].hash;
        for (Py_ssize_t k = 0; k < n; k++)
            if (!held[k] && hashes[k] == hash) {
                held[k] = 1;
                left--;
            }
    }
    PyObject *result = PyTuple_New(n);
    if (result == NULL)
        return NULL;
    for (Py_ssize_t k = 0; k < n; k++)
        PyTuple_SET_ITEM(result, k, Py_NewRef(held[k] ? Py_True : Py_False));
    return result;
}

static PyMethodDef functions[] = {
    {"index_attributes", (PyCFunction)(void (*)(void))index_attributes, METH_FASTCALL,
     "index_attributes(root, ids, classes, attributes, quirks, index[, tags]): the cascade's index by attribute "
     "name, id, class and tag in one walk over the libxml2 nodes (dom/cssom/cascade_index_speedups.c; the reference is "
     "Cascade._index_walk in dom/cssom/cascade.py); the element count, or None where the reference must walk."},
    {"census_may_hold", (PyCFunction)(void (*)(void))census_may_hold, METH_FASTCALL,
     "census_may_hold(census, names): for each attribute name, whether the parser's attribute census may hold one "
     "of that name (False: no element of the tree as parsed has it)."},
    {NULL, NULL, 0, NULL}};

int
cascade_index_exec(PyObject *module)
{
    return PyModule_AddFunctions(module, functions);
}
