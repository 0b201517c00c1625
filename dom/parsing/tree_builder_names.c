/* The names the C tree builder (dom/parsing/tree_builder_speedups.c) has resolved: element names
 * per namespace, attribute names per kind of element, each with what Python's resolver said of
 * it once and the libxml2 dictionary's copy of its local name.
 *
 * The parser hands over a new string for every name it reports, so a Python dict would hash
 * every one again (SipHash, then a compare): this table hashes the characters eight bytes at a
 * time instead and compares them directly.  The dictionary's copy lets libxml2 take the
 * name as is (xmlNewDocNodeEatName, xmlNewNsPropEatName) instead of looking it up per node. */
#include "tree_builder.h"

/* The bytes data[0:size] (size < 8) as the low bytes of a word. */
static inline uint64_t
tail_word(const unsigned char *data, Py_ssize_t size)
{
    uint64_t w = 0;
    for (Py_ssize_t i = size - 1; i >= 0; i--)
        w = (w << 8) | data[i];
    return w;
}

/* Names are short: their bytes are mixed in eight at a time. */
static Py_hash_t
characters_hash(PyObject *name, int space)
{
    Py_ssize_t size = PyUnicode_GET_LENGTH(name) * PyUnicode_KIND(name);
    const unsigned char *data = PyUnicode_DATA(name);
    const uint64_t multiplier = 0x9E3779B97F4A7C15ULL;
    uint64_t h = (uint64_t)(space * 31 + PyUnicode_KIND(name)) ^ ((uint64_t)size << 40);
    for (; size >= 8; data += 8, size -= 8) {
        uint64_t w;
        memcpy(&w, data, 8);
        h = (h ^ w) * multiplier;
        h ^= h >> 29;
    }
    if (size > 0) {
        h = (h ^ tail_word(data, size)) * multiplier;
        h ^= h >> 29;
    }
    return (Py_hash_t)h;
}

static int
same_characters(PyObject *a, PyObject *b)
{
    if (a == b)
        return 1;
    Py_ssize_t length = PyUnicode_GET_LENGTH(a);
    if (PyUnicode_KIND(a) != PyUnicode_KIND(b) || PyUnicode_GET_LENGTH(b) != length)
        return 0;
    const unsigned char *x = PyUnicode_DATA(a), *y = PyUnicode_DATA(b);
    Py_ssize_t size = length * PyUnicode_KIND(a);
    for (Py_ssize_t i = 0; i < size; i++) /* (a few bytes: no call to memcmp) */
        if (x[i] != y[i])
            return 0;
    return 1;
}

/* The entry of (*name*, *space*), or NULL; *hash* receives the name's hash for an insert. */
ResolvedName *
name_table_find(NameTable *table, PyObject *name, int space, Py_hash_t *hash)
{
    Py_hash_t h = characters_hash(name, space);
    *hash = h;
    if (table->slots == NULL)
        return NULL;
    for (size_t i = (size_t)h & table->mask;; i = (i + 1) & table->mask) {
        Py_ssize_t slot = table->slots[i];
        if (slot == 0)
            return NULL;
        ResolvedName *entry = &table->entries[slot - 1];
        if (entry->hash == h && entry->space == space && same_characters(entry->name, name))
            return entry;
    }
}

static int
grow_slots(NameTable *table)
{
    size_t size = table->slots == NULL ? 64 : (table->mask + 1) * 2;
    Py_ssize_t *slots = PyMem_Calloc(size, sizeof(Py_ssize_t));
    if (slots == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    for (Py_ssize_t k = 0; k < table->count; k++) {
        size_t i = (size_t)table->entries[k].hash & (size - 1);
        while (slots[i] != 0)
            i = (i + 1) & (size - 1);
        slots[i] = k + 1;
    }
    PyMem_Free(table->slots);
    table->slots = slots;
    table->mask = size - 1;
    return 0;
}

/* Add (*name*, *space*) with the resolver's tuple *resolved* (a new reference, taken), whose items
 * *local_at* and *href_at* are the lxml local name (a str) and namespace (a str or None).  The
 * entry returned stays valid until the next insert. */
ResolvedName *
name_table_add(NameTable *table, PyObject *name, int space, Py_hash_t hash, PyObject *resolved, int local_at,
               int href_at)
{
    PyObject *local = PyTuple_GET_ITEM(resolved, local_at), *href = PyTuple_GET_ITEM(resolved, href_at);
    const char *local_utf8 = PyUnicode_Check(local) ? PyUnicode_AsUTF8(local) : NULL;
    const char *href_utf8 = href == Py_None ? NULL : PyUnicode_Check(href) ? PyUnicode_AsUTF8(href) : NULL;
    if (local_utf8 == NULL || (href != Py_None && href_utf8 == NULL)) {
        Py_DECREF(resolved);
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_TypeError, "a TreeBuilder resolver returns strings");
        return NULL;
    }
    if ((table->count + 1) * 2 > (Py_ssize_t)(table->slots == NULL ? 0 : table->mask + 1) && grow_slots(table) < 0) {
        Py_DECREF(resolved);
        return NULL;
    }
    if (table->count == table->capacity) {
        Py_ssize_t capacity = table->capacity ? table->capacity * 2 : 32;
        ResolvedName *entries = PyMem_Realloc(table->entries, capacity * sizeof(ResolvedName));
        if (entries == NULL) {
            Py_DECREF(resolved);
            PyErr_NoMemory();
            return NULL;
        }
        table->entries = entries;
        table->capacity = capacity;
    }
    ResolvedName *entry = &table->entries[table->count];
    Py_INCREF(name);
    entry->name = name;
    entry->space = space;
    entry->hash = hash;
    entry->resolved = resolved;
    entry->local = local_utf8;
    entry->href = href_utf8;
    entry->dict = NULL;
    entry->dict_local = NULL;
    entry->kind = NAME_UNKNOWN;
    size_t i = (size_t)hash & table->mask;
    while (table->slots[i] != 0)
        i = (i + 1) & table->mask;
    table->slots[i] = ++table->count;
    return entry;
}

/* The local name of *entry* as the libxml2 dictionary *dict* holds it (looked up once per
 * dictionary), or NULL with MemoryError. */
const xmlChar *
name_in_dict(ResolvedName *entry, xmlDict *dict)
{
    if (entry->dict != dict) {
        const xmlChar *interned = p_xmlDictLookup(dict, (const xmlChar *)entry->local, -1);
        if (interned == NULL) {
            PyErr_NoMemory();
            return NULL;
        }
        entry->dict = dict;
        entry->dict_local = interned;
    }
    return entry->dict_local;
}

void
name_table_clear(NameTable *table)
{
    for (Py_ssize_t k = 0; k < table->count; k++) {
        Py_DECREF(table->entries[k].name);
        Py_DECREF(table->entries[k].resolved);
    }
    PyMem_Free(table->entries);
    PyMem_Free(table->slots);
    memset(table, 0, sizeof(NameTable));
}
