/* The attribute census of a parsed document: what the C tree builder (dom/parsing/
 * tree_builder_nodes.c) saw of the attributes of the elements of the document's own tree, in
 * tree order, for the cascade's index (dom/cssom/cascade_index_speedups.c).
 *
 * The cascade indexes a document's elements by the attribute names, ids and classes its
 * selectors name.  On a fresh tree that is a walk over every node, nearly all of them cold in
 * the processor's caches -- about as long as reading the page's textContent.  The builder holds
 * each attribute while it makes it, so it notes one entry per attribute (and per id and class
 * token), with a hash of the name or value; the index reads the entries in order and touches only
 * the attributes whose hash one of the wanted names has.  The census describes the tree as the
 * parser made it: dom/cssom/parsed_attribute_census.py hands it out until the document's first
 * mutation (the nodes it points to are the tree's then). */
#ifndef WEBDOM_ATTRIBUTE_CENSUS_H
#define WEBDOM_ATTRIBUTE_CENSUS_H

#include <Python.h>
#include <stdint.h>
#include <string.h>
#include <libxml/tree.h>

#define ATTRIBUTE_CENSUS_CAPSULE "webdom.attribute_census"

enum { CENSUS_ATTRIBUTE, CENSUS_ID, CENSUS_CLASS };

/* 24 bytes an entry: the element is the attribute's parent. */
typedef struct {
    xmlAttr *attribute;  /* with no namespace; its value is one text node (or none: "") */
    uint32_t hash;       /* census_hash of the name (CENSUS_ATTRIBUTE), the value (ID) or the token (CLASS) */
    uint32_t start;      /* CENSUS_CLASS: the token's first byte in the value */
    uint32_t length : 30, kind : 2; /* CENSUS_ID, CENSUS_CLASS: the value's or token's bytes */
} CensusEntry;

#define CENSUS_MAX_LENGTH ((1u << 30) - 1)

typedef struct {
    CensusEntry *entries;
    Py_ssize_t count, capacity;
    Py_ssize_t elements; /* the elements of the tree */
} Census;

/* A hash of the bytes ASCII-lowercased (names and, in quirks mode, ids and classes match in any
 * ASCII case, so equal keys always have equal hashes), eight bytes at a time: the builder hashes
 * every id and class token of the page while it parses. */
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
