/* The libxml2 nodes the C tree builder (dom/parsing/tree_builder_speedups.c) makes: elements
 * with their namespace and attributes, text, as the reference (_TurboBuilder in
 * dom/parsing/turbohtml_builder.py) stores them through lxml.
 *
 * Namespaces are declared as lxml's SubElement(parent, "{ns}local", nsmap={None: ns}) declares
 * them: the in-scope default namespace when it is the same, else a new default declaration on the
 * element.  An element with a namespaced attribute gets all its attributes through lxml's own
 * C API (setAttributeValue on a proxy), which picks the prefixes exactly as the reference's
 * lx.set() does.  Other attributes are linked at the end of the list kept by hand, so an element
 * with many attributes costs linear time.  Strings holding characters lxml refuses are
 * "unsupported" (the caller leaves the document to the reference). */
#include "tree_builder.h"
#include "etree_api.h" /* lxml's public C API: elementFactory, setAttributeValue */
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/* lxml's C API, imported into this file (its header's function pointers are per file). */
int
tree_builder_nodes_ready(void)
{
    return import_lxml__etree();
}

/* Whether the byte at s[j] starts a character XML 1.0 forbids: a control other than tab, LF
 * and CR, or U+FFFE or U+FFFF (EF BF BE, EF BF BF; the surrogates cannot be in UTF-8 from a str). */
static inline int
forbidden_at(const unsigned char *s, Py_ssize_t j, Py_ssize_t n)
{
    unsigned char c = s[j];
    if (c < 0x20)
        return c != 0x09 && c != 0x0A && c != 0x0D;
    return c == 0xEF && j + 2 < n && s[j + 1] == 0xBF && (s[j + 2] == 0xBE || s[j + 2] == 0xBF);
}

#if defined(__SSE2__)
/* The lanes of *v* holding a control XML 1.0 forbids (below 0x20: not tab, LF or CR), all ones. */
static inline __m128i
forbidden_controls(__m128i v)
{
    __m128i control = _mm_xor_si128(_mm_cmpeq_epi8(_mm_max_epu8(v, _mm_set1_epi8(0x20)), v), _mm_set1_epi8(-1));
    __m128i allowed = _mm_or_si128(
        _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8(0x09)), _mm_cmpeq_epi8(v, _mm_set1_epi8(0x0A))),
        _mm_cmpeq_epi8(v, _mm_set1_epi8(0x0D)));
    return _mm_andnot_si128(allowed, control);
}
#endif

/* Whether UTF-8 *s* holds no character XML 1.0 forbids.  Sixteen bytes at a time with SSE2 (eight
 * without): a block whose bytes are all at least 0x20, tab, LF or CR, and none 0xEF (the lead
 * byte of U+FFFE and U+FFFF) is clean, and nearly every block of text is; the others are looked
 * at byte by byte. */
int
xml_clean(const unsigned char *s, Py_ssize_t n)
{
    Py_ssize_t i = 0;
#if defined(__SSE2__)
    const __m128i ef = _mm_set1_epi8((char)0xEF);
    for (; i + 16 <= n; i += 16) {
        __m128i v = _mm_loadu_si128((const __m128i *)(s + i));
        __m128i suspect = _mm_or_si128(forbidden_controls(v), _mm_cmpeq_epi8(v, ef));
        if (_mm_movemask_epi8(suspect) != 0)
            for (Py_ssize_t j = i; j < i + 16; j++)
                if (forbidden_at(s, j, n))
                    return 0;
    }
#else
    const uint64_t ones = 0x0101010101010101ULL, highs = 0x8080808080808080ULL;
    for (; i + 8 <= n; i += 8) {
        uint64_t w;
        memcpy(&w, s + i, 8);
        uint64_t ef = w ^ (0xEFULL * ones); /* a zero byte where w has 0xEF */
        /* a high bit where a byte is below 0x20, or is 0xEF (a zero of ef): may be set too for a
         * byte just above such a one, which only sends the word to the byte loop */
        if ((((w - 0x20 * ones) & ~w) | ((ef - ones) & ~ef)) & highs)
            for (Py_ssize_t j = i; j < i + 8; j++)
                if (forbidden_at(s, j, n))
                    return 0;
    }
#endif
    for (; i < n; i++)
        if (forbidden_at(s, i, n))
            return 0;
    return 1;
}

/* Whether the code point *c* (below U+10000) is one XML 1.0 forbids: a control other than tab, LF
 * and CR, a surrogate (lone: a str holds no pairs), U+FFFE or U+FFFF. */
static inline int
forbidden_code_point(unsigned int c)
{
    if (c < 0x20)
        return c != 0x09 && c != 0x0A && c != 0x0D;
    return (c >= 0xD800 && c <= 0xDFFF) || c >= 0xFFFE;
}

/* The UTF-8 of code point *c* (below U+10000) at *out*, past which it returns; *ok* cleared when
 * XML 1.0 forbids it. */
static inline unsigned char *
put_utf8(unsigned char *out, unsigned int c, int *ok)
{
    if (c < 0x80) {
        *ok &= !forbidden_code_point(c);
        *out++ = (unsigned char)c;
    }
    else if (c < 0x800) {
        *out++ = (unsigned char)(0xC0 | (c >> 6));
        *out++ = (unsigned char)(0x80 | (c & 0x3F));
    }
    else {
        *ok &= !forbidden_code_point(c);
        *out++ = (unsigned char)(0xE0 | (c >> 12));
        *out++ = (unsigned char)(0x80 | ((c >> 6) & 0x3F));
        *out++ = (unsigned char)(0x80 | (c & 0x3F));
    }
    return out;
}

/* Where text_utf8 encodes a string of up to a third of it (most texts and attribute values).
 * One buffer for every builder: what is encoded in it is copied into libxml2 before any Python
 * code runs, and the GIL is held. */
static char scratch[1 << 14];

/* The UTF-8 of the str *s*, NUL-terminated, in *size* bytes, for libxml2 to copy, and in *clean*
 * whether it holds no character XML 1.0 forbids; NULL with an exception.  An ASCII str's own
 * bytes; a Latin-1 or UCS-2 str's encoded here, checked as it goes, sixteen ASCII characters at a
 * time with SSE2 (most text of a page that is not all ASCII still is, and CPython's encoder
 * would also keep a copy in the str): in the scratch buffer (valid until the next call), or if
 * longer, with *owned* given, in a new buffer *owned* is set to (to be freed with PyMem_Free);
 * other strs by CPython's encoder.  A lone surrogate is not clean (CPython's encoder refuses it). */
const char *
text_utf8(PyObject *s, Py_ssize_t *size, int *clean, char **owned)
{
    Py_ssize_t n = PyUnicode_GET_LENGTH(s);
    int kind = PyUnicode_KIND(s);
    if (owned != NULL)
        *owned = NULL;
    int short_enough = n <= ((Py_ssize_t)sizeof(scratch) - 1) / 3;
    if (PyUnicode_IS_ASCII(s) || kind == PyUnicode_4BYTE_KIND || (!short_enough && owned == NULL)
        || n > (PY_SSIZE_T_MAX - 1) / 3) {
        const char *data = PyUnicode_AsUTF8AndSize(s, size);
        if (data == NULL) {
            if (!PyErr_ExceptionMatches(PyExc_UnicodeEncodeError))
                return NULL;
            PyErr_Clear();
            *size = 0;
            *clean = 0;
            return "";
        }
        *clean = xml_clean((const unsigned char *)data, *size);
        return data;
    }
    char *buffer = scratch;
    if (!short_enough) {
        buffer = *owned = PyMem_Malloc((size_t)(n * (kind == PyUnicode_1BYTE_KIND ? 2 : 3) + 1));
        if (buffer == NULL) {
            PyErr_NoMemory();
            return NULL;
        }
    }
    unsigned char *out = (unsigned char *)buffer;
    const void *data = PyUnicode_DATA(s);
    int ok = 1;
    Py_ssize_t i = 0;
    if (kind == PyUnicode_1BYTE_KIND) {
        const Py_UCS1 *in = data;
        while (i < n) {
#if defined(__SSE2__)
            /* sixteen characters below 0x80 and none a forbidden control: copied as they are */
            if (i + 16 <= n) {
                __m128i v = _mm_loadu_si128((const __m128i *)(in + i));
                if (_mm_movemask_epi8(_mm_or_si128(v, forbidden_controls(v))) == 0) {
                    _mm_storeu_si128((__m128i *)out, v);
                    out += 16;
                    i += 16;
                    continue;
                }
            }
#endif
            out = put_utf8(out, in[i++], &ok);
        }
    }
    else {
        const Py_UCS2 *in = data;
        while (i < n) {
#if defined(__SSE2__)
            /* sixteen characters below 0x80 (no bit above the low seven) packed to bytes */
            if (i + 16 <= n) {
                __m128i a = _mm_loadu_si128((const __m128i *)(in + i)),
                        b = _mm_loadu_si128((const __m128i *)(in + i + 8)), high = _mm_set1_epi16((short)0xFF80);
                if (_mm_movemask_epi8(_mm_cmpeq_epi16(_mm_and_si128(_mm_or_si128(a, b), high), _mm_setzero_si128()))
                    == 0xFFFF) {
                    __m128i v = _mm_packus_epi16(a, b);
                    if (_mm_movemask_epi8(forbidden_controls(v)) == 0) {
                        _mm_storeu_si128((__m128i *)out, v);
                        out += 16;
                        i += 16;
                        continue;
                    }
                }
            }
#endif
            out = put_utf8(out, in[i++], &ok);
        }
    }
    *out = 0;
    *size = (Py_ssize_t)(out - (unsigned char *)buffer);
    *clean = ok;
    return buffer;
}

/* The entry of *name* in *table* (under *space*), asking *resolve*(name, extra) on a miss for a
 * tuple of *size* items whose items *local_at* and *href_at* are the lxml local name and namespace;
 * its index, or -1 with an exception. */
static Py_ssize_t
resolved(NameTable *table, PyObject *resolve, PyObject *name, int space, PyObject *extra, Py_ssize_t size,
         int local_at, int href_at)
{
    Py_hash_t hash;
    ResolvedName *entry = name_table_find(table, name, space, &hash);
    if (entry != NULL)
        return entry - table->entries;
    PyObject *found = PyObject_CallFunctionObjArgs(resolve, name, extra, NULL);
    if (found == NULL)
        return -1;
    if (!PyTuple_Check(found) || PyTuple_GET_SIZE(found) != size) {
        Py_DECREF(found);
        PyErr_SetString(PyExc_TypeError, "a TreeBuilder resolver returns a tuple of its size");
        return -1;
    }
    entry = name_table_add(table, name, space, hash, found, local_at, href_at);
    return entry == NULL ? -1 : entry - table->entries;
}

/* The number of namespace string *namespace* (0: the HTML namespace), or -1 with an exception. */
static int
namespace_number(TreeBuilder *self, PyObject *namespace)
{
    if (namespace == self->last_ns)
        return self->last_ns_number;
    int number = 0;
    while (number < self->namespace_count && PyUnicode_Compare(namespace, self->namespaces[number]) != 0) {
        if (PyErr_Occurred())
            return -1;
        number++;
    }
    if (number == self->namespace_count) {
        if (number == MAX_NAMESPACES) {
            PyErr_SetString(PyExc_ValueError, "a TreeBuilder tells apart a few namespaces only");
            return -1;
        }
        Py_INCREF(namespace);
        self->namespaces[self->namespace_count++] = namespace;
    }
    Py_INCREF(namespace); /* kept, so that no other string takes its address */
    Py_XSETREF(self->last_ns, namespace);
    self->last_ns_number = number;
    return number;
}

#define ATTRIBUTES_ON_STACK 16

static int set_attributes_resolved(TreeBuilder *self, struct LxmlDocument *lxdoc, xmlNode *node, PyObject **items,
                                   Py_ssize_t n, Py_ssize_t *found, int namespaced);

static int
set_attributes(TreeBuilder *self, struct LxmlDocument *lxdoc, xmlNode *node, PyObject *attrs, int foreign)
{
    PyObject *seq = PySequence_Fast(attrs, "attrs must be a sequence");
    if (seq == NULL)
        return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    PyObject **items = PySequence_Fast_ITEMS(seq);
    PyObject *flag = foreign ? Py_True : Py_False;
    Py_ssize_t on_stack[ATTRIBUTES_ON_STACK];
    Py_ssize_t *found = n <= ATTRIBUTES_ON_STACK ? on_stack : PyMem_Malloc(n * sizeof(Py_ssize_t));
    if (found == NULL) {
        Py_DECREF(seq);
        PyErr_NoMemory();
        return -1;
    }
    int namespaced = 0, result = 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *item = items[i];
        if (!PyTuple_Check(item) || PyTuple_GET_SIZE(item) != 2 || !PyUnicode_Check(PyTuple_GET_ITEM(item, 0))) {
            PyErr_SetString(PyExc_TypeError, "attrs holds (name, value) pairs");
            result = -1;
            break;
        }
        found[i] = resolved(&self->attrs, self->resolve_attr, PyTuple_GET_ITEM(item, 0), foreign, flag, 4, 2, 1);
        if (found[i] < 0) {
            result = -1;
            break;
        }
        if (self->attrs.entries[found[i]].href != NULL)
            namespaced = 1;
    }
    if (result == 0) {
        if (namespaced && n >= LONG_ATTRIBUTE_LIST)
            self->unsupported = 1; /* lxml's set() would be quadratic; the reference parses the tag */
        else
            result = set_attributes_resolved(self, lxdoc, node, items, n, found, namespaced);
    }
    if (found != on_stack)
        PyMem_Free(found);
    Py_DECREF(seq);
    return result;
}

/* A text node of *doc* holding text[0:size] (no NUL inside), as xmlNewDocTextLen makes it, or NULL
 * (out of memory).  A text shorter than two pointers is kept in the node itself, where an element
 * keeps its attributes, as libxml2's parsers keep it with XML_PARSE_COMPACT (lxml's default): every
 * function of libxml2 knows such a node, and it saves an allocation per short text (most texts
 * between tags, most attribute values). */
static xmlNode *
new_text(TreeBuilder *self, xmlDoc *doc, const char *text, Py_ssize_t size)
{
    if (size >= (Py_ssize_t)(2 * sizeof(void *)) || !self->compact_text)
        return p_xmlNewDocTextLen(doc, (const xmlChar *)text, (int)size);
    xmlNode *node = (*libxml2_malloc)(sizeof(xmlNode));
    if (node == NULL)
        return NULL;
    memset(node, 0, sizeof(xmlNode));
    node->type = XML_TEXT_NODE;
    node->name = libxml2_string_text;
    node->doc = doc;
    node->content = (xmlChar *)&node->properties;
    memcpy(node->content, text, size);
    node->content[size] = 0;
    return node;
}

/* UTF-8 of the attribute value *value* (None: the empty string) into *text* and *size*; 1 when it
 * holds a character lxml refuses, -1 with an exception. */
static int
value_utf8(PyObject *value, const char **text, Py_ssize_t *size)
{
    if (value == Py_None) {
        *text = "";
        *size = 0;
        return 0;
    }
    if (!PyUnicode_Check(value)) {
        PyErr_SetString(PyExc_TypeError, "an attribute value is a str");
        return -1;
    }
    int clean;
    *text = text_utf8(value, size, &clean, NULL);
    if (*text == NULL)
        return -1;
    return clean ? 0 : 1;
}

void
census_free(Census *census)
{
    if (census != NULL) {
        PyMem_Free(census->entries);
        PyMem_Free(census->bytes);
        PyMem_Free(census);
    }
}

/* Give back the census's spare room, once the parse is done. */
void
census_trim(Census *census)
{
    if (census->capacity > census->count && census->count > 0) {
        CensusEntry *entries = PyMem_Realloc(census->entries, (size_t)census->count * sizeof(CensusEntry));
        if (entries != NULL) {
            census->entries = entries;
            census->capacity = census->count;
        }
    }
    if (census->room > census->size && census->size > 0) {
        char *bytes = PyMem_Realloc(census->bytes, census->size);
        if (bytes != NULL) {
            census->bytes = bytes;
            census->room = census->size;
        }
    }
}

/* Stop keeping the census: the tree holds what it cannot describe. */
static void
census_drop(TreeBuilder *self)
{
    census_free(self->census);
    self->census = NULL;
}

/* Note the attribute (no namespace) of an element whose name is of *kind* (CENSUS_*) with
 * census_hash *hash*; an id's or class's value text[0:size] is copied to the census's bytes. */
static int
census_note(TreeBuilder *self, xmlAttr *attribute, int kind, uint32_t hash, const char *text, Py_ssize_t size)
{
    Census *census = self->census;
    if (kind == CENSUS_ATTRIBUTE)
        size = 0;
    else if (size > (Py_ssize_t)CENSUS_MAX_LENGTH) {
        census_drop(self);
        return 0;
    }
    if (census->count == census->capacity) {
        Py_ssize_t capacity = census->capacity ? census->capacity * 2 : 1024;
        CensusEntry *entries = PyMem_Realloc(census->entries, (size_t)capacity * sizeof(CensusEntry));
        if (entries == NULL) {
            PyErr_NoMemory();
            return -1;
        }
        census->entries = entries;
        census->capacity = capacity;
    }
    if (census->size + (size_t)size > census->room) {
        size_t room = census->room ? census->room * 2 : 16384;
        while (room < census->size + (size_t)size)
            room *= 2;
        char *bytes = PyMem_Realloc(census->bytes, room);
        if (bytes == NULL) {
            PyErr_NoMemory();
            return -1;
        }
        census->bytes = bytes;
        census->room = room;
    }
    if (size > 0)
        memcpy(census->bytes + census->size, text, (size_t)size);
    census->entries[census->count++] = (CensusEntry){attribute, hash, (uint32_t)kind, (uint32_t)size};
    census->size += (size_t)size;
    return 0;
}

static int
census_kind(const char *local)
{
    return strcmp(local, "id") == 0 ? CENSUS_ID : strcmp(local, "class") == 0 ? CENSUS_CLASS : CENSUS_ATTRIBUTE;
}

/* census_note for an attribute whose name the builder resolved (its kind and hash found once). */
static int
census_note_resolved(TreeBuilder *self, xmlAttr *attribute, ResolvedName *name, const char *text, Py_ssize_t size)
{
    if (name->kind == NAME_UNKNOWN) {
        name->census_hash = census_hash((const unsigned char *)name->local, (Py_ssize_t)strlen(name->local));
        name->kind = census_kind(name->local);
    }
    return census_note(self, attribute, name->kind, name->census_hash, text, size);
}

/* census_note for the attributes without namespace lxml stored on *element* (beside namespaced
 * ones), read back from the element. */
static int
census_note_stored(TreeBuilder *self, xmlNode *element)
{
    for (xmlAttr *attribute = element->properties; attribute != NULL && self->census != NULL;
         attribute = attribute->next) {
        if (attribute->ns != NULL)
            continue;
        xmlNode *text = attribute->children;
        if (text != NULL && (text->type != XML_TEXT_NODE || text->next != NULL || text->content == NULL)) {
            census_drop(self); /* (a shape the index leaves to the reference) */
            return 0;
        }
        const char *value = text == NULL ? "" : (const char *)text->content, *local = (const char *)attribute->name;
        if (census_note(self, attribute, census_kind(local),
                        census_hash((const unsigned char *)local, (Py_ssize_t)strlen(local)), value,
                        (Py_ssize_t)strlen(value)) < 0)
            return -1;
    }
    return 0;
}

/* The attributes of set_attributes, their names resolved (*found*: indices into self->attrs). */
static int
set_attributes_resolved(TreeBuilder *self, struct LxmlDocument *lxdoc, xmlNode *node, PyObject **items,
                        Py_ssize_t n, Py_ssize_t *found, int namespaced)
{
    if (namespaced) {
        /* lxml's own set() picks the prefixes exactly as the reference's lx.set() does */
        PyObject *proxy = (PyObject *)elementFactory(lxdoc, node);
        if (proxy == NULL)
            return -1;
        int result = 0;
        for (Py_ssize_t i = 0; i < n && result == 0; i++) {
            PyObject *value = PyTuple_GET_ITEM(items[i], 1);
            PyObject *r = self->attrs.entries[found[i]].resolved;
            const char *text;
            Py_ssize_t size;
            int refused = value_utf8(value, &text, &size);
            if (refused != 0) {
                if (refused > 0)
                    self->unsupported = 1; /* lxml refuses the value; the reference keeps it */
                result = refused < 0 ? -1 : 1;
                break;
            }
            PyObject *empty = value == Py_None ? PyUnicode_FromStringAndSize(NULL, 0) : NULL;
            if (value == Py_None && empty == NULL)
                return Py_DECREF(proxy), -1;
            int failed = setAttributeValue((struct LxmlElement *)proxy, PyTuple_GET_ITEM(r, 0), empty ? empty : value);
            Py_XDECREF(empty);
            if (failed < 0) {
                result = -1;
                break;
            }
            PyObject *prefix = PyTuple_GET_ITEM(r, 3);
            if (prefix != Py_None) {
                PyObject *extra = PyTuple_Pack(4, proxy, PyTuple_GET_ITEM(r, 0), prefix, Py_None);
                if (extra == NULL || PyList_Append(self->attr_extras, extra) < 0)
                    result = -1;
                Py_XDECREF(extra);
            }
        }
        Py_DECREF(proxy);
        if (result == 0 && self->census != NULL && lxdoc == self->lxdoc && census_note_stored(self, node) < 0)
            return -1;
        return result < 0 ? -1 : 0;
    }
    xmlAttr *head = node->properties, *tail = NULL;
    xmlDict *dict = node->doc->dict;
    /* A short value goes in its text node as new_text keeps it, where libxml2 would register no
     * ID for the attribute anyway (xmlIsID: an XML document without a DTD; lxml makes those). */
    int compact = self->compact_text && node->doc->type == XML_DOCUMENT_NODE && node->doc->intSubset == NULL
                  && node->doc->extSubset == NULL;
    for (Py_ssize_t i = 0; i < n; i++) {
        ResolvedName *name = &self->attrs.entries[found[i]];
        const char *text;
        Py_ssize_t size;
        int refused = value_utf8(PyTuple_GET_ITEM(items[i], 1), &text, &size);
        if (refused != 0) {
            if (refused > 0)
                self->unsupported = 1; /* lxml refuses the value; the reference keeps it */
            return refused < 0 ? -1 : 0;
        }
        /* xmlNewNsProp appends by walking the list from node->properties: start it at the end. */
        if (tail != NULL)
            node->properties = tail;
        xmlAttr *attr;
        if (dict != NULL) {
            const xmlChar *local = name_in_dict(name, dict);
            if (local == NULL)
                return -1;
            if (size < (Py_ssize_t)(2 * sizeof(void *)) && compact) {
                attr = p_xmlNewNsPropEatName(node, NULL, (xmlChar *)local, NULL); /* the value below */
                xmlNode *value = attr == NULL ? NULL : new_text(self, node->doc, text, size);
                if (value != NULL) {
                    value->parent = (xmlNode *)attr;
                    attr->children = attr->last = value;
                }
                else
                    attr = NULL;
            }
            else
                attr = p_xmlNewNsPropEatName(node, NULL, (xmlChar *)local, (const xmlChar *)text);
        }
        else
            attr = p_xmlNewNsProp(node, NULL, (const xmlChar *)name->local, (const xmlChar *)text);
        if (tail != NULL)
            node->properties = head;
        if (attr == NULL) {
            PyErr_NoMemory();
            return -1;
        }
        if (head == NULL)
            head = attr;
        tail = attr;
        if (self->census != NULL && lxdoc == self->lxdoc && census_note_resolved(self, attr, name, text, size) < 0)
            return -1;
    }
    return 0;
}

/* Make the pending element under *parent* (NULL: as the document's root element), in lxml's
 * document *lxdoc*; for a template, *content* is set to its content's container (else to the
 * element) and *content_doc* to that container's lxml document. */
xmlNode *
build_element(TreeBuilder *self, xmlNode *parent, struct LxmlDocument *lxdoc, PyObject *name, PyObject *namespace,
              PyObject *attrs, xmlNode **content, struct LxmlDocument **content_doc)
{
    int space = namespace_number(self, namespace);
    if (space < 0)
        return NULL;
    Py_ssize_t found = resolved(&self->tags, self->resolve_tag, name, space, namespace, 2, 1, 0);
    if (found < 0)
        return NULL;
    ResolvedName *tag = &self->tags.entries[found];
    const char *href = tag->href, *local = tag->local;
    if (tag->kind == NAME_UNKNOWN) {
        int html = space == 0 && href == NULL;
        tag->kind = !html                             ? NAME_PLAIN
                    : strcmp(local, "template") == 0 ? NAME_TEMPLATE
                    : strcmp(local, "style") == 0 || strcmp(local, "link") == 0 ? NAME_SHEET_OWNER
                    : strcmp(local, "form") == 0   ? NAME_FORM
                    : strcmp(local, "script") == 0 ? NAME_SCRIPT
                    : strcmp(local, "meta") == 0   ? NAME_META
                                                   : NAME_PLAIN;
    }
    int kind = tag->kind; /* (tag itself is valid until the next name is added: not kept) */
    xmlDoc *doc = lxdoc->_c_doc;
    xmlNode *node;
    if (doc->dict != NULL) {
        const xmlChar *interned = name_in_dict(tag, doc->dict);
        if (interned == NULL)
            return NULL;
        node = p_xmlNewDocNodeEatName(doc, NULL, (xmlChar *)interned, NULL);
    }
    else
        node = p_xmlNewDocNode(doc, NULL, (const xmlChar *)local, NULL);
    if (node == NULL) {
        PyErr_NoMemory();
        return NULL;
    }
    if (parent != NULL)
        link_last_child(parent, node);
    else
        p_xmlDocSetRootElement(doc, node); /* the host, now unlinked, goes with its proxy */
    *content = node;
    *content_doc = lxdoc;
    if (self->census != NULL && lxdoc == self->lxdoc)
        self->census->elements++;
    if (href != NULL) {
        xmlNs *ns = p_xmlSearchNs(doc, node, NULL);
        if (ns == NULL || ns->href == NULL || strcmp((const char *)ns->href, href) != 0)
            ns = p_xmlNewNs(node, (const xmlChar *)href, NULL);
        if (ns == NULL) {
            PyErr_NoMemory();
            return NULL;
        }
        p_xmlSetNs(node, ns);
        if (lxdoc == self->lxdoc)
            self->namespaced = 1;
    }
    int foreign = space != 0;
    int is_template = kind == NAME_TEMPLATE;
    if (is_template && PyTuple_Check(attrs)) {
        for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(attrs); i++) {
            PyObject *item = PyTuple_GET_ITEM(attrs, i);
            if (PyTuple_Check(item) && PyTuple_GET_SIZE(item) == 2 && PyUnicode_Check(PyTuple_GET_ITEM(item, 0))
                && PyUnicode_CompareWithASCIIString(PyTuple_GET_ITEM(item, 0), "shadowrootmode") == 0) {
                self->unsupported = 1; /* a declarative shadow root: parse_into gives no content */
                return node;
            }
        }
    }
    if ((PyTuple_Check(attrs) ? PyTuple_GET_SIZE(attrs) : PyObject_Length(attrs)) != 0
        && set_attributes(self, lxdoc, node, attrs, foreign) < 0)
        return NULL;
    if (kind >= NAME_NOTED && lxdoc == self->lxdoc) {
        PyObject *proxy = (PyObject *)elementFactory(lxdoc, node);
        if (proxy == NULL)
            return NULL;
        int failed = PyList_Append(PyTuple_GET_ITEM(self->noted, kind - NAME_NOTED), proxy);
        Py_DECREF(proxy);
        if (failed)
            return NULL;
    }
    if (is_template) {
        PyObject *proxy = (PyObject *)elementFactory(lxdoc, node);
        if (proxy == NULL)
            return NULL;
        PyObject *container = PyObject_CallOneArg(self->template_content, proxy);
        Py_DECREF(proxy);
        if (container == NULL)
            return NULL;
        int failed = PyList_Append(self->contents, container);
        Py_DECREF(container);
        if (failed)
            return NULL;
        xmlNode *c_container = PyObject_TypeCheck(container, lxml_element_type) ? ((struct LxmlElement *)container)->_c_node : NULL;
        if (c_container == NULL || c_container->type != XML_ELEMENT_NODE || c_container->children != NULL) {
            PyErr_SetString(PyExc_TypeError, "template_content() returns an empty lxml element");
            return NULL;
        }
        *content = c_container;
        *content_doc = ((struct LxmlElement *)container)->_doc;
    }
    return node;
}

/* append_text's steps once its UTF-8 is made (*text*, NULL: an exception). */
static int
appended_text(TreeBuilder *self, xmlNode *parent, const char *text, Py_ssize_t size, int clean)
{
    if (text == NULL)
        return -1;
    if (!clean)
        return 1; /* unsupported */
    if (size == 0)
        return 0;
    xmlNode *last = parent->last;
    if (last != NULL && last->type == XML_TEXT_NODE) {
        if (p_xmlNodeAddContentLen(last, (const xmlChar *)text, (int)size) != 0) {
            PyErr_NoMemory();
            return -1;
        }
        return 0;
    }
    if (size > INT_MAX) {
        PyErr_SetString(PyExc_ValueError, "a text too long for libxml2");
        return -1;
    }
    xmlNode *node = new_text(self, parent->doc, text, size);
    if (node == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    link_last_child(parent, node);
    return 0;
}

int
append_text(TreeBuilder *self, xmlNode *parent, PyObject *data)
{
    Py_ssize_t size;
    int clean;
    char *owned;
    const char *text = text_utf8(data, &size, &clean, &owned);
    int result = appended_text(self, parent, text, size, clean);
    PyMem_Free(owned);
    return result;
}
