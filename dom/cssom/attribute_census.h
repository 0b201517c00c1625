/* The attribute census of a parsed document: what the C tree builder (dom/parsing/
 * tree_builder_nodes.c) saw of the attributes of the elements of the document's own tree, in
 * tree order, for the cascade's index (dom/cssom/cascade_index_speedups.c).
 *
 * The cascade indexes a document's elements by the attribute names, ids and classes its
 * selectors name.  On a fresh tree that is a walk over every node, nearly all of them cold in
 * the processor's caches -- about as long as reading the page's textContent.  The builder holds
 * each attribute while it makes it, so it notes one entry per attribute with a hash of its name
 * (found once per name) and copies the values of ids and classes into one buffer; the index reads
 * the entries in order, touches only the attributes whose name's hash a wanted name has, and
 * splits and hashes the ids and classes from the buffer when it wants some.  The census describes the tree as the
 * parser made it: dom/nodes/parsed_attribute_census.py hands it out until the document's first
 * mutation (the nodes it points to are the tree's then). */
#ifndef WEBDOM_ATTRIBUTE_CENSUS_H
#define WEBDOM_ATTRIBUTE_CENSUS_H

#include <Python.h>
#include <stdint.h>
#include <string.h>
#include <libxml/tree.h>

#define ATTRIBUTE_CENSUS_CAPSULE "webdom.attribute_census"

enum { CENSUS_ATTRIBUTE, CENSUS_ID, CENSUS_CLASS };

/* One entry per attribute, 16 bytes: the element is the attribute's parent.  An id's or class's
 * value is copied to the census's bytes (hashed when the index first wants ids or classes, from
 * that one buffer: no cold attribute is read then, and the parse pays for a copy only); the
 * values follow each other there in the entries' order, so an entry's starts where the lengths
 * before it end. */
typedef struct {
    xmlAttr *attribute;             /* with no namespace; its value is one text node (or none: "") */
    uint32_t hash;                  /* census_hash of its name */
    uint32_t kind : 2, length : 30; /* what its name is (CENSUS_*); an id's or class's value's length */
} CensusEntry;

#define CENSUS_MAX_LENGTH ((1u << 30) - 1)

typedef struct {
    CensusEntry *entries;
    Py_ssize_t count, capacity;
    char *bytes; /* the values of the ids and classes, one after the other */
    size_t size, room;
    Py_ssize_t elements; /* the elements of the tree */
} Census;

/* A hash of the bytes ASCII-lowercased (names and, in quirks mode, ids and classes match in any
 * ASCII case, so equal keys always have equal hashes), eight bytes at a time. */
static inline uint32_t
census_hash(const unsigned char *s, Py_ssize_t n)
{
    const uint64_t ones = 0x0101010101010101ULL, highs = 0x8080808080808080ULL;
    uint64_t h = 0x9E3779B97F4A7C15ULL ^ (uint64_t)n;
    for (Py_ssize_t i = 0; i < n; i += 8) {
        uint64_t w = 0;
        memcpy(&w, s + i, n - i < 8 ? (size_t)(n - i) : 8);
        /* a high bit on each byte from 'A' to 'Z' (bytes of 0x80 and above left as they are) */
        uint64_t low7 = w & ~highs;
        uint64_t upper = ((low7 + (0x80 - 'A') * ones) & ~(low7 + (0x80 - 'Z' - 1) * ones)) & ~w & highs;
        w |= upper >> 2; /* + 0x20: lowercase */
        h = (h ^ w) * 0xFF51AFD7ED558CCDULL;
        h ^= h >> 29;
    }
    return (uint32_t)(h ^ (h >> 32));
}

#endif
