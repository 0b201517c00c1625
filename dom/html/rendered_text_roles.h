/* The roles of elements by tag for one walk of the rendered text collection
 * (dom/html/rendered_text_collection_speedups.c): what inner_text_lxml._Role tells the C walk,
 * read from its ``packed`` tuple once per (parent box, element name) and kept in a small table.
 *
 * Most elements take the role their tag gives in their parent's box (the box's ``by_tag``
 * table); the walk asks for it once per element.  Looking it up through the tag's str, the
 * table and the packed tuple's fields costs a few hundred instructions; a hit here is a hash of
 * three pointers.  The pointers are safe keys for one walk: the table holds the box (so its
 * address is not reused), and the names of live libxml2 nodes do not move (equal pointers are
 * equal names; equal names at other pointers only miss). */
#ifndef WEBDOM_RENDERED_TEXT_ROLES_H
#define WEBDOM_RENDERED_TEXT_ROLES_H

#include <Python.h>
#include <string.h>
#include <libxml/tree.h>
#include "slot_reads.h"

/* The packed role (inner_text_lxml._Role.packed): its fields. */
enum { R_NONE, R_PLAIN, R_BEFORE, R_AFTER, R_TABLE_PART, R_CHILDREN, R_NORMAL, R_BOX, R_READS_MORE, R_PRESENT,
       R_LOCAL, R_CHILDREN_NAME, R_AFTER_NOT_LAST, R_CELL, R_DISPLAY_CELL, R_SIZE };

/* the reads of the reference's slots; their names are set by the module's exec */
static SlotRead r_packed, r_by_tag, r_c_mode, r_style;

/* lxml's tag of an element ("local" or "{namespace}local"), kept per (name, href) pointers for
 * one walk. */
#define TAG_CACHE 512
typedef struct {
    const xmlChar *name, *href;
    PyObject *tag;
} TagEntry;

static PyObject *
tag_of(TagEntry *cache, xmlNode *node)
{
    const xmlChar *href = node->ns != NULL ? node->ns->href : NULL;
    size_t i = (((size_t)node->name >> 3) ^ ((size_t)href >> 5)) & (TAG_CACHE - 1);
    TagEntry *entry = &cache[i];
    if (entry->tag != NULL && entry->name == node->name && entry->href == href)
        return entry->tag;
    PyObject *tag;
    if (href == NULL)
        tag = PyUnicode_DecodeUTF8((const char *)node->name, (Py_ssize_t)strlen((const char *)node->name), NULL);
    else
        tag = PyUnicode_FromFormat("{%s}%s", (const char *)href, (const char *)node->name);
    if (tag == NULL)
        return NULL;
    Py_XSETREF(entry->tag, tag);
    entry->name = node->name;
    entry->href = href;
    return tag;
}

/* A role as the walk reads it: the role, its packed tuple, the element's tag, and of the role's
 * box (the element's children's) its table of roles by tag and how its text slots are read. */
typedef struct {
    PyObject *role, *packed, *tag, *by_tag; /* strong references (or NULL) */
    int children;                           /* the packed R_CHILDREN: CHILDREN_* */
    int slots;                              /* the box's c_mode: SLOTS_* */
} RoleInfo;

static void
role_info_clear(RoleInfo *info)
{
    Py_CLEAR(info->role);
    Py_CLEAR(info->packed);
    Py_CLEAR(info->tag);
    Py_CLEAR(info->by_tag);
}

/* Make *info* describe *role* (a new reference, taken; NULL: an error already set), its tag
 * kept; 0, or -1 on error. */
static int
role_info_set(RoleInfo *info, PyObject *role)
{
    if (role == NULL)
        return -1;
    Py_XSETREF(info->role, role);
    Py_XSETREF(info->packed, slot_read(&r_packed, role));
    PyObject *packed = info->packed;
    if (packed == NULL || !PyTuple_Check(packed) || PyTuple_GET_SIZE(packed) != R_SIZE) {
        if (packed != NULL)
            PyErr_SetString(PyExc_TypeError, "a role's packed tuple is malformed");
        return -1;
    }
    long children = PyLong_AsLong(PyTuple_GET_ITEM(packed, R_CHILDREN));
    if (children == -1 && PyErr_Occurred())
        return -1;
    info->children = (int)children;
    PyObject *box = PyTuple_GET_ITEM(packed, R_BOX);
    Py_XSETREF(info->by_tag, slot_read(&r_by_tag, box));
    if (info->by_tag == NULL)
        return -1;
    if (!PyDict_Check(info->by_tag)) {
        PyErr_SetString(PyExc_TypeError, "a box's by_tag must be a dict");
        return -1;
    }
    PyObject *mode = slot_read(&r_c_mode, box);
    long slots = mode == NULL ? -1 : PyLong_AsLong(mode);
    Py_XDECREF(mode);
    if (slots == -1 && PyErr_Occurred())
        return -1;
    info->slots = (int)slots;
    return 0;
}

/* Copy *from* into *to* (whose references are released first), taking references. */
static void
role_info_copy(RoleInfo *to, const RoleInfo *from)
{
    Py_XINCREF(from->role);
    Py_XINCREF(from->packed);
    Py_XINCREF(from->tag);
    Py_XINCREF(from->by_tag);
    role_info_clear(to);
    *to = *from;
}

#define ROLE_CACHE 512
typedef struct {
    PyObject *box; /* strong: the parent box */
    const xmlChar *name, *href;
    RoleInfo info;
} RoleEntry;

typedef struct {
    RoleEntry entries[ROLE_CACHE];
    TagEntry tags[TAG_CACHE];
    PyObject *tag_role, *html_document; /* inner_text_lxml._tag_role, and its last argument */
} RoleCache;

/* The role the tag of the element *node* gives as a child of *box* (whose by_tag table is
 * *by_tag*): by_tag[tag], or _tag_role(by_tag, tag, None, box.style, html_document), which
 * computes and keeps it; NULL on error.  The cache holds it until the next call. */
static const RoleInfo *
role_by_tag(RoleCache *cache, PyObject *box, PyObject *by_tag, xmlNode *node)
{
    const xmlChar *href = node->ns != NULL ? node->ns->href : NULL;
    size_t h = ((size_t)box >> 4) ^ ((size_t)node->name >> 3) ^ ((size_t)href >> 6);
    RoleEntry *entry = &cache->entries[(h ^ (h >> 9)) & (ROLE_CACHE - 1)];
    if (entry->info.role == NULL || entry->box != box || entry->name != node->name || entry->href != href) {
        PyObject *tag = tag_of(cache->tags, node); /* borrowed from the tag cache */
        if (tag == NULL)
            return NULL;
        PyObject *role = PyDict_GetItemWithError(by_tag, tag);
        if (role != NULL)
            Py_INCREF(role);
        else {
            if (PyErr_Occurred())
                return NULL;
            PyObject *style = slot_read(&r_style, box);
            if (style == NULL)
                return NULL;
            role = PyObject_CallFunctionObjArgs(cache->tag_role, by_tag, tag, Py_None, style, cache->html_document,
                                                NULL);
            Py_DECREF(style);
        }
        RoleInfo found = {NULL, NULL, Py_NewRef(tag), NULL, 0, 0};
        if (role_info_set(&found, role) < 0) {
            role_info_clear(&found);
            return NULL;
        }
        role_info_clear(&entry->info);
        Py_INCREF(box);
        Py_XSETREF(entry->box, box);
        entry->name = node->name;
        entry->href = href;
        entry->info = found;
    }
    return &entry->info;
}

static void
role_cache_clear(RoleCache *cache)
{
    for (int i = 0; i < ROLE_CACHE; i++) {
        role_info_clear(&cache->entries[i].info);
        Py_CLEAR(cache->entries[i].box);
    }
    for (int i = 0; i < TAG_CACHE; i++)
        Py_CLEAR(cache->tags[i].tag);
}

#endif
