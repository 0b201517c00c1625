/* _webdom_speedups.descendants_below: the matches of a selector of compounds joined by
 * descendant, child and sibling combinators (https://drafts.csswg.org/selectors-4/#descendant-combinators,
 * #child-combinators, #adjacent-sibling-combinators, #general-sibling-combinators), ``X Y``,
 * ``ul > li a`` or ``p ~ ul``, where each compound names at most a type, an id and classes, in
 * one walk over the libxml2 nodes (dom/selectors/engine.py falls back to XPath for every other
 * selector, and is the reference this is tested equal to).
 *
 * Each element gets a bit per compound k: set when it matches compounds 0..k as a selector (it
 * matches compound k, and its parent has bit k - 1 for a child combinator, an ancestor for a
 * descendant one, its previous element sibling for "+", a preceding one for "~").  The walk
 * keeps the bits of the elements it is inside, for each bit how many of them have it, and for
 * each level the bits of the previous element sibling and of all the preceding ones: an element
 * with the last bit is a match, in tree order.  libxml2's XPath
 * takes the matches from every outermost X element as separate node-sets, merged and sorted into
 * one, which costs most of a query whose X elements nest or are many.
 *
 * A compound is (tag or None, id or None, classes, child-index conditions): the tag compared with the element's name
 * (an element in no namespace: the caller checks that the tree holds no other), the id with its
 * id attribute and the classes with the tokens of its class attribute split at ASCII white
 * space, ASCII case-insensitively in quirks mode (https://dom.spec.whatwg.org/#concept-id,
 * https://html.spec.whatwg.org/#selectors), and each condition (a, b, from the end) with the
 * element's position among its parent's element children, counted from the start or the end
 * (:nth-child(), :nth-last-child(), :first-child and their likes): the walk counts the children
 * of each parent as it goes, in O(1) per element where XPath counts the preceding siblings of
 * each.  An id or class attribute stored in another shape
 * than one text node, or a node the walk does not expect, answers None: the caller's XPath decides.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <string.h>
#include <libxml/tree.h>
#include "../nodes/lxml_api.h" /* lxml's C API and element type: ready() */

typedef struct {
    const char *tag; /* NULL: any */
    const char *id;  /* NULL: none asked */
    Py_ssize_t id_size;
    Py_ssize_t class_count;
    const char *classes[8];
    Py_ssize_t class_sizes[8];
    Py_ssize_t place_count; /* child-index conditions (a, b, from the end), all to hold */
    long long places[4][3];
} Compound;

/* An element's child index (https://drafts.csswg.org/selectors-4/#child-index): its position
 * among its parent's element children, and their count (-1 until a condition from the end asks). */
typedef struct {
    Py_ssize_t position;
    Py_ssize_t count;
    xmlNode *parent;
    unsigned previous; /* the bits of the previous element sibling of the element at this place */
    unsigned preceding; /* the bits of all its preceding element siblings, or-ed */
} Place;

/* The compound from its (tag, id, classes) tuple; -1 with an exception when malformed. */
static int
compound_of(PyObject *spec, Compound *out)
{
    memset(out, 0, sizeof *out);
    if (!PyTuple_Check(spec) || PyTuple_GET_SIZE(spec) != 4 || !PyTuple_Check(PyTuple_GET_ITEM(spec, 2))
        || PyTuple_GET_SIZE(PyTuple_GET_ITEM(spec, 2)) > 8 || !PyTuple_Check(PyTuple_GET_ITEM(spec, 3))
        || PyTuple_GET_SIZE(PyTuple_GET_ITEM(spec, 3)) > 4) {
        PyErr_SetString(PyExc_TypeError, "a compound is (tag or None, id or None, at most 8 classes, at most 4 "
                                         "(a, b, from the end) child-index conditions)");
        return -1;
    }
    PyObject *places = PyTuple_GET_ITEM(spec, 3);
    out->place_count = PyTuple_GET_SIZE(places);
    for (Py_ssize_t i = 0; i < out->place_count; i++) {
        PyObject *place = PyTuple_GET_ITEM(places, i);
        if (!PyTuple_Check(place) || PyTuple_GET_SIZE(place) != 3) {
            PyErr_SetString(PyExc_TypeError, "a child-index condition is (a, b, from the end)");
            return -1;
        }
        for (int j = 0; j < 3; j++)
            if ((out->places[i][j] = PyLong_AsLongLong(PyTuple_GET_ITEM(place, j))) == -1 && PyErr_Occurred())
                return -1;
    }
    PyObject *tag = PyTuple_GET_ITEM(spec, 0), *id = PyTuple_GET_ITEM(spec, 1), *classes = PyTuple_GET_ITEM(spec, 2);
    if (tag != Py_None && (out->tag = PyUnicode_AsUTF8(tag)) == NULL)
        return -1;
    if (id != Py_None && (out->id = PyUnicode_AsUTF8AndSize(id, &out->id_size)) == NULL)
        return -1;
    out->class_count = PyTuple_GET_SIZE(classes);
    for (Py_ssize_t i = 0; i < out->class_count; i++)
        if ((out->classes[i] = PyUnicode_AsUTF8AndSize(PyTuple_GET_ITEM(classes, i), &out->class_sizes[i])) == NULL)
            return -1;
    return 0;
}

static inline unsigned char
lowered(unsigned char c, int fold)
{
    return fold && c >= 'A' && c <= 'Z' ? (unsigned char)(c + 32) : c;
}

/* Whether the *n* bytes at *a* equal those at *b* (ASCII case-insensitively when *fold*). */
static int
same(const xmlChar *a, const char *b, Py_ssize_t n, int fold)
{
    for (Py_ssize_t i = 0; i < n; i++)
        if (lowered(a[i], fold) != lowered((unsigned char)b[i], fold))
            return 0;
    return 1;
}

static inline int
ascii_white_space(xmlChar c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r';
}

/* The value of the element's attribute *name* in no namespace: "" for one without a text node,
 * NULL for none; *shape* set when it is stored in another shape than one text node. */
static const xmlChar *
attribute_value(xmlNode *element, const char *name, int *shape)
{
    for (xmlAttr *attribute = element->properties; attribute != NULL; attribute = attribute->next) {
        if (attribute->ns != NULL || strcmp((const char *)attribute->name, name) != 0)
            continue;
        xmlNode *text = attribute->children;
        if (text == NULL)
            return (const xmlChar *)"";
        if (text->type != XML_TEXT_NODE || text->next != NULL || text->content == NULL) {
            *shape = 1;
            return NULL;
        }
        return text->content;
    }
    return NULL;
}

/* Whether *element* matches the compound; *shape* set when an attribute it reads is stored in a
 * shape left to XPath. */
/* The element children of *parent* (1 for an element without a parent: itself). */
static Py_ssize_t
element_children(xmlNode *parent)
{
    if (parent == NULL)
        return 1;
    Py_ssize_t count = 0;
    for (xmlNode *child = parent->children; child != NULL; child = child->next)
        count += child->type == XML_ELEMENT_NODE;
    return count;
}

/* Whether position p = a*n + b for some n >= 0 (https://drafts.csswg.org/css-syntax-3/#anb-microsyntax). */
static int
in_series(long long p, long long a, long long b)
{
    if (a == 0)
        return p == b;
    return (p - b) % a == 0 && (p - b) / a >= 0;
}

static int
matches(xmlNode *element, const Compound *compound, int fold, int *shape, Place *place)
{
    if (compound->tag != NULL && (element->ns != NULL || strcmp((const char *)element->name, compound->tag) != 0))
        return 0;
    for (Py_ssize_t i = 0; i < compound->place_count; i++) {
        const long long *condition = compound->places[i];
        if (condition[2] && place->count < 0)
            place->count = element_children(place->parent);
        long long p = condition[2] ? place->count - place->position + 1 : place->position;
        if (!in_series(p, condition[0], condition[1]))
            return 0;
    }
    if (compound->id != NULL) {
        const xmlChar *id = attribute_value(element, "id", shape);
        if (id == NULL || (Py_ssize_t)strlen((const char *)id) != compound->id_size
            || !same(id, compound->id, compound->id_size, fold))
            return 0;
    }
    if (compound->class_count == 0)
        return 1;
    const xmlChar *classes = attribute_value(element, "class", shape);
    if (classes == NULL)
        return 0;
    for (Py_ssize_t i = 0; i < compound->class_count; i++) {
        int found = 0;
        for (const xmlChar *at = classes; *at && !found;) {
            while (*at && ascii_white_space(*at))
                at++;
            const xmlChar *start = at;
            while (*at && !ascii_white_space(*at))
                at++;
            found = at - start == compound->class_sizes[i]
                    && same(start, compound->classes[i], compound->class_sizes[i], fold);
        }
        if (!found)
            return 0;
    }
    return 1;
}

#define MOST_COMPOUNDS 8

typedef struct {
    Compound compounds[MOST_COMPOUNDS];
    char joins[MOST_COMPOUNDS]; /* joins[k]: the combinator joining compound k - 1 to k (' ', '>', '+', '~') */
    Py_ssize_t count;
    int fold;
    Py_ssize_t open[MOST_COMPOUNDS]; /* open[k]: the elements the walk is inside whose bit k is set */
} Chain;

/* The element's bits: bit k when it matches compounds 0..k of the chain as a selector, given the
 * bits of its parent (*parent*) and the open counts of its ancestors. */
static unsigned
bits_of(xmlNode *element, unsigned parent, const Chain *chain, int *shape, Place *place)
{
    unsigned bits = 0;
    for (Py_ssize_t k = 0; k < chain->count; k++) {
        if (k > 0) {
            unsigned before = chain->joins[k] == '>' ? parent : chain->joins[k] == '+' ? place->previous
                              : place->preceding; /* (for '~'; ' ' reads the open counts) */
            if (!(chain->joins[k] == ' ' ? chain->open[k - 1] > 0 : (before >> (k - 1)) & 1u))
                continue;
        }
        if (matches(element, &chain->compounds[k], chain->fold, shape, place))
            bits |= 1u << k;
    }
    return bits;
}

/* The place of an element the walk did not come to through its siblings. */
static Place
place_of(xmlNode *element)
{
    Place place = {1, -1, element->parent, 0, 0};
    for (xmlNode *sibling = element->prev; sibling != NULL; sibling = sibling->prev)
        place.position += sibling->type == XML_ELEMENT_NODE;
    return place;
}

static void
open_bits(Chain *chain, unsigned bits, Py_ssize_t sign)
{
    for (Py_ssize_t k = 0; k < chain->count; k++)
        if ((bits >> k) & 1u)
            chain->open[k] += sign;
}

/* descendants_below(lx, inclusive, compounds, combinators, quirks): the elements of lx's subtree
 * (lx itself with *inclusive*) matching the selector of the compounds joined by the combinators
 * (a str of " ", ">", "+" and "~"), in tree order, or None. */
static PyObject *
descendants_below(PyObject *Py_UNUSED(module), PyObject *const *args, Py_ssize_t nargs)
{
    if (ready() < 0)
        return NULL;
    if (nargs != 5 || !PyObject_TypeCheck(args[0], element_type) || !PyTuple_Check(args[2])
        || !PyUnicode_Check(args[3]) || PyTuple_GET_SIZE(args[2]) < 1 || PyTuple_GET_SIZE(args[2]) > MOST_COMPOUNDS
        || PyUnicode_GET_LENGTH(args[3]) != PyTuple_GET_SIZE(args[2]) - 1) {
        PyErr_SetString(PyExc_TypeError, "descendants_below(lx, inclusive, compounds (1 to 8), combinators, quirks)");
        return NULL;
    }
    Chain chain;
    memset(&chain, 0, sizeof chain);
    int inclusive = PyObject_IsTrue(args[1]);
    chain.fold = PyObject_IsTrue(args[4]);
    if (inclusive < 0 || chain.fold < 0)
        return NULL;
    chain.count = PyTuple_GET_SIZE(args[2]);
    int siblings = 0;
    for (Py_ssize_t k = 0; k < chain.count; k++) {
        if (compound_of(PyTuple_GET_ITEM(args[2], k), &chain.compounds[k]) < 0)
            return NULL;
        if (k > 0) {
            Py_UCS4 c = PyUnicode_READ_CHAR(args[3], k - 1);
            if (c != ' ' && c != '>' && c != '+' && c != '~') {
                PyErr_SetString(PyExc_ValueError, "descendants_below: a combinator is ' ', '>', '+' or '~'");
                return NULL;
            }
            chain.joins[k] = (char)c;
            siblings |= c == '+' || c == '~';
        }
    }
    struct LxmlElement *root = (struct LxmlElement *)args[0];
    xmlNode *top = root->_c_node;
    if (top == NULL || top->type != XML_ELEMENT_NODE)
        Py_RETURN_NONE;
    int shape = 0;
    /* the ancestors the walk starts below (lx's, and lx itself for its descendants), from the
     * top down: their bits, counted open, the nearest's the first parent's */
    Py_ssize_t ancestors = 0;
    for (xmlNode *node = inclusive ? top->parent : top; node != NULL && node->type == XML_ELEMENT_NODE;
         node = node->parent)
        ancestors++;
    if (siblings && ancestors > 0)
        Py_RETURN_NONE; /* (an ancestor's bits would need its siblings': XPath decides) */
    xmlNode **chain_up = PyMem_Malloc(sizeof(xmlNode *) * (size_t)(ancestors + 1));
    if (chain_up == NULL)
        return PyErr_NoMemory();
    Py_ssize_t i = 0;
    for (xmlNode *node = inclusive ? top->parent : top; i < ancestors; node = node->parent)
        chain_up[i++] = node;
    unsigned parent = 0;
    while (i > 0) {
        Place place = place_of(chain_up[--i]);
        parent = bits_of(chain_up[i], parent, &chain, &shape, &place);
        open_bits(&chain, parent, 1);
    }
    PyMem_Free(chain_up);
    unsigned last = 1u << (chain.count - 1);
    /* the bits of each element the walk is inside, by depth below where it starts, and the
     * place of the element it is at in each level (the children of one parent) */
    Py_ssize_t capacity = 64, depth = 0;
    unsigned *stack = PyMem_Malloc(sizeof(unsigned) * (size_t)capacity);
    Place *places = stack == NULL ? NULL : PyMem_Malloc(sizeof(Place) * (size_t)(capacity + 1));
    PyObject *out = places == NULL ? NULL : PyList_New(0);
    if (out == NULL) {
        PyMem_Free(stack);
        PyMem_Free(places);
        return stack == NULL || places == NULL ? PyErr_NoMemory() : NULL;
    }
    if (inclusive) {
        places[0] = place_of(top);
        places[0].position--; /* (counted again below) */
    }
    else
        places[0] = (Place){0, -1, top, 0, 0};
    xmlNode *node = inclusive ? top : top->children;
    while (node != NULL && !shape) {
        if (node->type == XML_ELEMENT_NODE) {
            places[depth].position++;
            unsigned bits = bits_of(node, depth > 0 ? stack[depth - 1] : parent, &chain, &shape, &places[depth]);
            places[depth].previous = bits;
            places[depth].preceding |= bits;
            if ((bits & last) && !shape) {
                PyObject *proxy = (PyObject *)elementFactory(root->_doc, node);
                if (proxy == NULL || PyList_Append(out, proxy) < 0) {
                    Py_XDECREF(proxy);
                    goto error;
                }
                Py_DECREF(proxy);
            }
            if (node->children != NULL) {
                if (depth == capacity) {
                    unsigned *grown = PyMem_Realloc(stack, sizeof(unsigned) * (size_t)capacity * 2);
                    if (grown != NULL)
                        stack = grown;
                    Place *more = grown == NULL ? NULL : PyMem_Realloc(places, sizeof(Place) * (size_t)(capacity * 2 + 1));
                    if (more == NULL) {
                        PyErr_NoMemory();
                        goto error;
                    }
                    places = more;
                    capacity *= 2;
                }
                stack[depth++] = bits;
                places[depth] = (Place){0, -1, node, 0, 0};
                open_bits(&chain, bits, 1);
                node = node->children;
                continue;
            }
        }
        else if (node->type != XML_TEXT_NODE && node->type != XML_CDATA_SECTION_NODE
                 && node->type != XML_COMMENT_NODE && node->type != XML_PI_NODE) {
            shape = 1; /* (an entity reference, an XInclude marker: libxml2's axes decide) */
            break;
        }
        /* past the node: up through the ancestors whose children it ends, then to the next sibling */
        if (node == top) /* (top itself, without children) */
            break;
        while (node->next == NULL) {
            node = node->parent;
            if (node == NULL || node == top)
                break;
            open_bits(&chain, stack[--depth], -1);
        }
        node = node == NULL || node == top ? NULL : node->next;
    }
    PyMem_Free(stack);
    PyMem_Free(places);
    if (shape) {
        Py_DECREF(out);
        Py_RETURN_NONE;
    }
    return out;
error:
    PyMem_Free(stack);
    PyMem_Free(places);
    Py_DECREF(out);
    return NULL;
}

static PyMethodDef functions[] = {
    {"descendants_below", (PyCFunction)(void (*)(void))descendants_below, METH_FASTCALL,
     "descendants_below(lx, inclusive, compounds, combinators, quirks): the elements of lx's subtree (lx included "
     "with inclusive) matching the compounds, each (tag or None, id or None, classes, child-index conditions), "
     "joined by the combinators "
     "(' ', '>', '+' or '~'), in tree order; None where XPath must decide (dom/selectors/descendant_combinator_speedups.c)."},
    {NULL, NULL, 0, NULL}};

int
descendant_combinator_exec(PyObject *module)
{
    return PyModule_AddFunctions(module, functions);
}
