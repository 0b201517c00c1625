/* _webdom_speedups.collect: the rendered text collection steps of innerText
 * (https://html.spec.whatwg.org/#rendered-text-collection-steps) over the libxml2 nodes of the
 * lxml store.  White-space processing of what it gathers is dom/html/inner_text_speedups.c.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <string.h>
#include <libxml/tree.h>
#include "etree.h"     /* lxml's structures: LxmlElement (the proxy's node and document) */
#include "etree_api.h" /* lxml's public C API: elementFactory (a node's proxy) */
#include "slot_reads.h"
#include "rendered_text_roles.h" /* RoleCache: the roles by tag, tag_of */
#include "rendered_text_pending.h" /* PendingText: text slots read into str and _Kept tokens */

/* inner_text_lxml._walk is the reference: the same walk with an explicit stack, over libxml2's
 * child and sibling links instead of lxml's iterators.  What an element contributes is its role
 * (inner_text_lxml._Role, read through its ``packed`` tuple), found in its parent box's table by
 * lxml tag; everything the table does not answer -- an element with a hidden, style or
 * style-reading attribute, one that an author rule matches, a table cell's or row's closing
 * tokens, a select's or closed details' children, text slots of boxes that do not collapse as
 * 'normal' -- is asked of the reference's Python functions, with the node's lxml proxy.  Text of
 * a 'normal' box is read from libxml2's text nodes as lxml's .text and .tail read it. */

/* How a box's text slots are read (inner_text_lxml._Box.c_mode) when no wrapper may hold them. */
enum { SLOTS_AS_LXML, SLOTS_SKIPPED, SLOTS_UNLESS_WHITE_SPACE, SLOTS_BY_PYTHON, SLOTS_KEPT };
enum { CHILDREN_ALL, CHILDREN_NONE, CHILDREN_SELECTED };

/* the reads of the reference's slots (see slot_reads.h); their names are set with the strings */
static SlotRead r_attr_extra, r_text_run, r_tail_run, r_kept_white_space;
static PyObject *s_packed, *s_by_tag, *s_c_mode, *s_style, *s_attributed_role_of, *s_after, *s_last_of,
    *s_selected_children, *s_attr_extra, *s_text_run, *s_tail_run, *s_getAttribute, *s_kept_white_space;

static PyTypeObject *element_type; /* lxml.etree._Element */

/* A set of the libxml2 nodes an author rule or hint matches (the author map's proxies' nodes). */
typedef struct {
    xmlNode **slots;
    size_t mask;
} NodeSet;

static size_t
node_hash(xmlNode *node)
{
    size_t h = (size_t)node;
    return (h >> 4) ^ (h >> 12);
}

static int
node_set_fill(NodeSet *set, PyObject *author)
{
    set->slots = NULL;
    set->mask = 0;
    if (author == Py_None || PyDict_GET_SIZE(author) == 0)
        return 0;
    size_t capacity = 16;
    while (capacity < (size_t)PyDict_GET_SIZE(author) * 2)
        capacity *= 2;
    set->slots = PyMem_Calloc(capacity, sizeof(xmlNode *));
    if (set->slots == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    set->mask = capacity - 1;
    Py_ssize_t pos = 0;
    PyObject *key, *value;
    while (PyDict_Next(author, &pos, &key, &value)) {
        xmlNode *node = ((struct LxmlElement *)key)->_c_node;
        size_t i = node_hash(node) & set->mask;
        while (set->slots[i] != NULL && set->slots[i] != node)
            i = (i + 1) & set->mask;
        set->slots[i] = node;
    }
    return 0;
}

static int
node_set_has(NodeSet *set, xmlNode *node)
{
    if (set->slots == NULL)
        return 0;
    size_t i = node_hash(node) & set->mask;
    while (set->slots[i] != NULL) {
        if (set->slots[i] == node)
            return 1;
        i = (i + 1) & set->mask;
    }
    return 0;
}

/* The nodes lxml iterates as children: elements, comments, processing instructions, entity references. */
static int
is_lxml_child(xmlNode *node)
{
    return node->type == XML_ELEMENT_NODE || node->type == XML_COMMENT_NODE || node->type == XML_PI_NODE
           || node->type == XML_ENTITY_REF_NODE;
}

static xmlNode *
first_lxml_child(xmlNode *node)
{
    while (node != NULL && !is_lxml_child(node))
        node = node->next;
    return node;
}

static int
has_plain_attribute(xmlNode *node, const char *name)
{
    for (xmlAttr *attribute = node->properties; attribute != NULL; attribute = attribute->next)
        if (attribute->ns == NULL && strcmp((const char *)attribute->name, name) == 0)
            return 1;
    return 0;
}

typedef struct {
    xmlNode *parent; /* the element whose children these are */
    xmlNode *next;   /* the next child (children of parent), or NULL */
    PyObject *list;  /* or the children given as a list of proxies (a select's options ...) */
    Py_ssize_t index;
    PyObject *box, *by_tag; /* its box and the box's table of roles by tag */
    int slots, tails;       /* how the box's text slots are read (SLOTS_*); whether children's tails are text */
    xmlNode *last[2];       /* the last cell of the parent row, the last row of the parent's table */
    int last_known[2];
    PyObject *after; /* the tokens after parent's children */
} Frame;

typedef struct {
    Frame *frames;
    Py_ssize_t depth, capacity;
} Stack;

static void
frame_clear(Frame *frame)
{
    Py_CLEAR(frame->list);
    Py_CLEAR(frame->box);
    Py_CLEAR(frame->by_tag);
    Py_CLEAR(frame->after);
}

/* Push a frame over *parent*'s children (list NULL) or over *list*, in *box* (whose table of
 * roles by tag is *by_tag* and text slots are read as *slots* says); takes no references of the
 * caller's. */
static int
push(Stack *stack, xmlNode *parent, PyObject *list, PyObject *box, PyObject *by_tag, int slots, int tails,
     PyObject *after)
{
    if (stack->depth == stack->capacity) {
        Py_ssize_t capacity = stack->capacity ? stack->capacity * 2 : 64;
        Frame *frames = PyMem_Realloc(stack->frames, (size_t)capacity * sizeof(Frame));
        if (frames == NULL) {
            PyErr_NoMemory();
            return -1;
        }
        stack->frames = frames;
        stack->capacity = capacity;
    }
    Frame *frame = &stack->frames[stack->depth++];
    frame->parent = parent;
    frame->next = list == NULL ? first_lxml_child(parent->children) : NULL;
    frame->list = Py_XNewRef(list);
    frame->index = 0;
    frame->box = Py_NewRef(box);
    frame->by_tag = Py_NewRef(by_tag);
    frame->slots = slots;
    frame->last[0] = frame->last[1] = NULL;
    frame->last_known[0] = frame->last_known[1] = 0;
    frame->tails = tails;
    frame->after = Py_NewRef(after);
    return 0;
}

static int
extend(PendingText *pending, PyObject *more)
{
    if (PyList_GET_SIZE(more) == 0)
        return 0;
    if (pending_flush(pending) < 0)
        return -1;
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(more); i++) /* (a slice assignment costs more for a few items) */
        if (PyList_Append(pending->tokens, PyList_GET_ITEM(more, i)) < 0)
            return -1;
    return 0;
}

typedef struct {
    PyObject *tokens, *walk, *add_slot;
    PyObject *kept_type; /* inner_text_lxml._Kept */
    PyObject *nodes; /* the document's identity map: lxml proxy -> wrapper */
    PyObject *plain_keys, *get_attribute; /* walk.plain_keys, walk.plain_get_attribute */
    struct LxmlDocument *lxdoc;
    PendingText text; /* text.tokens is tokens */
    NodeSet authored;
    RoleCache roles;
    int html_document;
} Walk;

/* Whether the libxml2 node is the HTML element *local* (inner_text_lxml._local's answer): in the
 * HTML namespace, or in none in an HTML document (lxml's store of HTML elements). */
static int
html_element(const Walk *w, const xmlNode *node, const char *local)
{
    if (node == NULL || node->type != XML_ELEMENT_NODE || strcmp((const char *)node->name, local) != 0)
        return 0;
    if (node->ns == NULL)
        return w->html_document;
    return node->ns->href != NULL && strcmp((const char *)node->ns->href, "http://www.w3.org/1999/xhtml") == 0;
}

static int
html_section(const Walk *w, const xmlNode *node)
{
    return html_element(w, node, "thead") || html_element(w, node, "tbody") || html_element(w, node, "tfoot");
}

/* walk.last_row(walk.table_of(row)) for a row whose parent is *parent*: the last tr of the
 * table's rows, direct or in its sections, in tree order (NULL: none); -1 when the table would be
 * the document (the reference raises NotOnTheFastPath: it is asked). */
static int
last_row(const Walk *w, xmlNode *parent, xmlNode **last)
{
    xmlNode *table = parent;
    if (html_section(w, table))
        table = table->parent;
    if (table == NULL || table->type != XML_ELEMENT_NODE)
        return -1;
    *last = NULL;
    for (xmlNode *child = table->last; child != NULL; child = child->prev) {
        if (html_element(w, child, "tr")) {
            *last = child;
            return 0;
        }
        if (html_section(w, child))
            for (xmlNode *row = child->last; row != NULL; row = row->prev)
                if (html_element(w, row, "tr")) {
                    *last = row;
                    return 0;
                }
    }
    return 0;
}

static PyObject *
proxy(Walk *w, xmlNode *node)
{
    return (PyObject *)elementFactory(w->lxdoc, node);
}

/* _add_slot(walk, tokens, node, tail, box): a text slot the reference reads. */
static int
add_slot(Walk *w, xmlNode *node, int tail, PyObject *box)
{
    if (pending_flush(&w->text) < 0) /* (it appends to the tokens) */
        return -1;
    PyObject *lx = proxy(w, node);
    if (lx == NULL)
        return -1;
    PyObject *r = PyObject_CallFunctionObjArgs(w->add_slot, w->walk, w->tokens, lx, tail ? Py_True : Py_False, box,
                                               NULL);
    Py_DECREF(lx);
    if (r == NULL)
        return -1;
    Py_DECREF(r);
    return 0;
}

/* A text slot (an element's text, or a node's tail) in a box read as *slots* says: lxml's own
 * when the box collapses as 'normal' and transforms nothing (what a wrapper's run of several or
 * empty Text nodes adds is the same, collapsed), or when the node has no wrapper, which could
 * hold another run (a wrapper keeps the node's lxml proxy, which lxml notes in _private, and is
 * found in the document's identity map by it); else the reference's _add_slot. */
static PyObject *wrapper_of(Walk *w, xmlNode *node);

/* Whether the text slot of *node* is lxml's (-1 on error): the node has no wrapper, or its
 * wrapper holds no run of Text nodes for the slot (walk.slot's None). */
static int
slot_as_lxml(Walk *w, xmlNode *node, int tail)
{
    PyObject *wrapper = wrapper_of(w, node);
    if (wrapper == NULL)
        return PyErr_Occurred() ? -1 : 1;
    PyObject *run = slot_read(tail ? &r_tail_run : &r_text_run, wrapper);
    if (run == NULL) {
        if (!PyErr_ExceptionMatches(PyExc_AttributeError))
            return -1;
        PyErr_Clear();
        return 0;
    }
    int none = run == Py_None;
    Py_DECREF(run);
    return none;
}

/* lxml's text slot of *node* as the reference's _add_text makes it in a box whose white space is
 * kept (box.kept_white_space): a _Kept(data, white_space) token, none for an empty slot. */
static int
kept_slot(Walk *w, xmlNode *node, int tail, PyObject *box)
{
    if (pending_flush(&w->text) < 0 || append_slot_text(&w->text, tail ? node->next : node->children, 0) < 0)
        return -1;
    if (w->text.size == 0)
        return 0;
    PyObject *white_space = slot_read(&r_kept_white_space, box);
    if (white_space == NULL)
        return -1;
    int r = pending_flush_kept(&w->text, (PyTypeObject *)w->kept_type, white_space);
    Py_DECREF(white_space);
    return r;
}

static int
slot_text(Walk *w, xmlNode *node, int tail, int slots, PyObject *box)
{
    if (slots == SLOTS_AS_LXML)
        return append_slot_text(&w->text, tail ? node->next : node->children, 0);
    int as_lxml = slot_as_lxml(w, node, tail);
    if (as_lxml < 0)
        return -1;
    if (as_lxml) {
        if (slots == SLOTS_SKIPPED)
            return 0;
        if (slots == SLOTS_UNLESS_WHITE_SPACE)
            return append_slot_text(&w->text, tail ? node->next : node->children, 1);
        if (slots == SLOTS_KEPT)
            return kept_slot(w, node, tail, box);
    }
    return add_slot(w, node, tail, box);
}

static int
tail_of(Walk *w, Frame *frame, xmlNode *node)
{
    return slot_text(w, node, 1, frame->slots, frame->box);
}

/* The node's wrapper (borrowed), or NULL, with an exception on error: a wrapper keeps the node's
 * lxml proxy, which lxml notes in _private, and is found in the document's identity map by it. */
static PyObject *
wrapper_of(Walk *w, xmlNode *node)
{
    if (node->_private == NULL)
        return NULL;
    return PyDict_GetItemWithError(w->nodes, (PyObject *)node->_private);
}

/* Whether the element's getAttribute reads lxml's attributes as they are (-1 on error): it has
 * no wrapper, or its wrapper keeps nothing of them (PLAIN_KEYS) and is read with Element's own
 * getAttribute (walk.reads_as_lxml). */
static int
attributes_as_lxml(Walk *w, xmlNode *node)
{
    PyObject *wrapper = wrapper_of(w, node);
    if (wrapper == NULL)
        return PyErr_Occurred() ? -1 : 1;
    if (_PyType_Lookup(Py_TYPE(wrapper), s_getAttribute) != w->get_attribute)
        return 0;
    PyObject *extra = slot_read(&r_attr_extra, wrapper);
    if (extra == NULL) {
        if (!PyErr_ExceptionMatches(PyExc_AttributeError))
            return -1;
        PyErr_Clear();
        return 0;
    }
    int plain = extra == w->plain_keys;
    Py_DECREF(extra);
    return plain;
}

/* The role walk.styled_role keeps in the box's table by (tag, "style", value[, whether the
 * attribute *present* is there]) for an element with a style attribute and no hidden one, when
 * the element's attributes read as lxml's and its style attribute is one text node (a new
 * reference); NULL without an error when it must ask. */
static PyObject *
styled_role(Walk *w, Frame *frame, xmlNode *node, PyObject *tag, PyObject *present)
{
    xmlAttr *style = NULL;
    for (xmlAttr *attribute = node->properties; attribute != NULL; attribute = attribute->next)
        if (attribute->ns == NULL && strcmp((const char *)attribute->name, "style") == 0)
            style = attribute;
    if (style == NULL || has_plain_attribute(node, "hidden"))
        return NULL;
    xmlNode *text = style->children;
    if (text == NULL || text->type != XML_TEXT_NODE || text->next != NULL || text->content == NULL)
        return NULL;
    if (attributes_as_lxml(w, node) != 1)
        return NULL;
    PyObject *value = PyUnicode_DecodeUTF8((const char *)text->content, (Py_ssize_t)strlen((const char *)text->content),
                                           NULL);
    if (value == NULL)
        return NULL;
    PyObject *key;
    if (present == Py_None)
        key = PyTuple_Pack(3, tag, s_style, value);
    else {
        const char *name = PyUnicode_AsUTF8(present);
        key = name == NULL ? NULL
                           : PyTuple_Pack(4, tag, s_style, value, has_plain_attribute(node, name) ? Py_True : Py_False);
    }
    Py_DECREF(value);
    if (key == NULL)
        return NULL;
    PyObject *role = PyDict_GetItemWithError(frame->by_tag, key);
    Py_DECREF(key);
    Py_XINCREF(role);
    return role;
}

/* The role of the element *node* as a child of the top frame's box, as the reference's loop finds
 * it: the role its tag gives (the walk's RoleCache's, valid until its next lookup), or *own*
 * (zeroed or filled before) when its attributes or an author rule change it; NULL on error. */
static const RoleInfo *
role_of(Walk *w, Frame *frame, xmlNode *node, RoleInfo *own)
{
    const RoleInfo *by_tag = role_by_tag(&w->roles, frame->box, frame->by_tag, node);
    if (by_tag == NULL)
        return NULL;
    /* an element whose attributes, or an author rule, may change the role the tag gives */
    PyObject *packed = by_tag->packed;
    int authored = node_set_has(&w->authored, node);
    int reads_more = PyTuple_GET_ITEM(packed, R_READS_MORE) == Py_True;
    if (node->properties == NULL && !reads_more && !authored)
        return by_tag;
    PyObject *present = PyTuple_GET_ITEM(packed, R_PRESENT);
    if (!authored && !reads_more) {
        /* one pass over its attributes for hidden, style and the one whose presence counts */
        const char *present_name = present == Py_None ? NULL : PyUnicode_AsUTF8(present);
        if (present != Py_None && present_name == NULL)
            return NULL;
        int more = 0;
        for (xmlAttr *attribute = node->properties; attribute != NULL && !more; attribute = attribute->next) {
            const char *name = (const char *)attribute->name;
            more = attribute->ns == NULL
                   && ((name[0] == 'h' && strcmp(name, "hidden") == 0) || (name[0] == 's' && strcmp(name, "style") == 0)
                       || (present_name != NULL && name[0] == present_name[0] && strcmp(name, present_name) == 0));
        }
        if (!more)
            return by_tag;
    }
    Py_INCREF(by_tag->tag);
    Py_XSETREF(own->tag, by_tag->tag);
    if (!authored && !reads_more) {
        /* walk.styled_role's table: an unwrapped element whose style attribute alone decides */
        PyObject *found = styled_role(w, frame, node, own->tag, present);
        if (found == NULL && PyErr_Occurred())
            return NULL;
        if (found != NULL)
            return role_info_set(own, found) < 0 ? NULL : own;
    }
    PyObject *lx = proxy(w, node);
    if (lx == NULL)
        return NULL;
    PyObject *found = PyObject_CallMethodObjArgs(w->walk, s_attributed_role_of, lx, own->tag, by_tag->role,
                                                 frame->box, authored ? Py_True : Py_False, NULL);
    Py_DECREF(lx);
    return role_info_set(own, found) < 0 ? NULL : own;
}

/* One child of the top frame: 1 when a frame was pushed for its children, 0 when done with it, -1 on error. */
static int
visit(Walk *w, Stack *stack, xmlNode *node)
{
    Frame *frame = &stack->frames[stack->depth - 1];
    if (node->type != XML_ELEMENT_NODE) /* a comment or processing instruction: only its tail is text */
        return frame->tails ? tail_of(w, frame, node) : 0;
    PyObject *after = NULL, *lx = NULL, *parent = NULL, *style = NULL, *list = NULL;
    RoleInfo own = {NULL, NULL, NULL, NULL, 0, 0}, child_own = {NULL, NULL, NULL, NULL, 0, 0};
    int r = -1;
    const RoleInfo *info = role_of(w, frame, node, &own);
    if (info == NULL)
        goto done;
    PyObject *packed = info->packed;
    if (PyTuple_GET_ITEM(packed, R_NONE) == Py_True) {
        r = frame->tails ? tail_of(w, frame, node) : 0;
        goto done;
    }
    int plain = PyTuple_GET_ITEM(packed, R_PLAIN) == Py_True;
    if (!plain && extend(&w->text, PyTuple_GET_ITEM(packed, R_BEFORE)) < 0)
        goto done;
    if (!plain && PyTuple_GET_ITEM(packed, R_TABLE_PART) == Py_True) {
        /* a cell's or row's closing tokens: whether it is its row's or table's last is the
         * reference's (the proxies it takes are made only to ask it: a table's thousands of cells
         * ask once per row) */
        if (frame->tails) { /* the siblings share the row (or table): its last cell (or row) is asked once */
            int k = PyTuple_GET_ITEM(packed, R_CELL) == Py_True ? 0 : 1;
            if (!frame->last_known[k] && k == 0) { /* walk.last_cell: the last child displayed as a cell */
                if (info != &own) { /* (the lookups below may drop the cache's entry) */
                    role_info_copy(&own, info);
                    info = &own;
                }
                for (xmlNode *child = frame->parent->last; child != NULL; child = child->prev) {
                    if (child->type != XML_ELEMENT_NODE)
                        continue;
                    const RoleInfo *child_info = role_of(w, frame, child, &child_own);
                    if (child_info == NULL)
                        goto done;
                    if (PyTuple_GET_ITEM(child_info->packed, R_DISPLAY_CELL) == Py_True) {
                        frame->last[0] = child;
                        break;
                    }
                }
                frame->last_known[0] = 1;
            }
            if (!frame->last_known[k] && k == 1 && last_row(w, frame->parent, &frame->last[1]) == 0)
                frame->last_known[1] = 1; /* walk.last_row: the siblings share the table */
            if (!frame->last_known[k]) {
                if ((lx = proxy(w, node)) == NULL || (parent = proxy(w, frame->parent)) == NULL
                    || (style = slot_read(&r_style, frame->box)) == NULL)
                    goto done;
                PyObject *last = PyObject_CallMethodObjArgs(w->walk, s_last_of, lx, info->role, parent, style, NULL);
                if (last == NULL)
                    goto done;
                frame->last[k] = PyObject_TypeCheck(last, element_type) ? ((struct LxmlElement *)last)->_c_node : NULL;
                frame->last_known[k] = 1;
                Py_DECREF(last);
            }
            after = Py_NewRef(PyTuple_GET_ITEM(packed, frame->last[k] == node ? R_AFTER : R_AFTER_NOT_LAST));
        }
        else {
            if ((lx = proxy(w, node)) == NULL || (style = slot_read(&r_style, frame->box)) == NULL)
                goto done;
            after = PyObject_CallMethodObjArgs(w->walk, s_after, lx, info->role, Py_None, style, NULL);
        }
        if (after == NULL)
            goto done;
        if (!PyList_Check(after)) {
            PyErr_SetString(PyExc_TypeError, "walk.after must return a list");
            goto done;
        }
    }
    else
        after = Py_NewRef(PyTuple_GET_ITEM(packed, R_AFTER));
    PyObject *box = PyTuple_GET_ITEM(packed, R_BOX);
    if (info->children == CHILDREN_ALL) {
        if (slot_text(w, node, 0, info->slots, box) < 0)
            goto done;
        if (first_lxml_child(node->children) != NULL) { /* enter it */
            r = push(stack, node, NULL, box, info->by_tag, info->slots, 1, after) < 0 ? -1 : 1;
            goto done;
        }
    }
    else if (info->children == CHILDREN_SELECTED) {
        if (lx == NULL && (lx = proxy(w, node)) == NULL)
            goto done;
        list = PyObject_CallMethodObjArgs(w->walk, s_selected_children, lx, PyTuple_GET_ITEM(packed, R_LOCAL),
                                          PyTuple_GET_ITEM(packed, R_CHILDREN_NAME), NULL);
        if (list == NULL)
            goto done;
        if (!PyList_Check(list)) {
            PyErr_SetString(PyExc_TypeError, "selected_children must return a list");
            goto done;
        }
        r = push(stack, node, list, box, info->by_tag, info->slots, 0, after) < 0 ? -1 : 1;
        goto done;
    }
    if (extend(&w->text, after) < 0)
        goto done;
    frame = &stack->frames[stack->depth - 1];
    r = frame->tails ? tail_of(w, frame, node) : 0;
done:
    Py_XDECREF(list);
    Py_XDECREF(style);
    Py_XDECREF(parent);
    Py_XDECREF(lx);
    Py_XDECREF(after);
    role_info_clear(&own);
    role_info_clear(&child_own);
    return r;
}

/* Pop the top frame: the tokens after its element's children, then that element's tail in the frame below. */
static int
pop(Walk *w, Stack *stack)
{
    Frame done = stack->frames[--stack->depth];
    int r = extend(&w->text, done.after);
    if (r == 0 && stack->depth > 0 && stack->frames[stack->depth - 1].tails)
        r = tail_of(w, &stack->frames[stack->depth - 1], done.parent);
    frame_clear(&done);
    return r;
}

/* The next child of the top frame, or NULL at its end (-1 in *error* when a list item is no element proxy). */
static xmlNode *
next_child(Frame *frame, PyTypeObject *element_type, int *error)
{
    if (frame->list == NULL) {
        xmlNode *node = frame->next;
        if (node != NULL)
            frame->next = first_lxml_child(node->next);
        return node;
    }
    if (frame->index >= PyList_GET_SIZE(frame->list))
        return NULL;
    PyObject *item = PyList_GET_ITEM(frame->list, frame->index++);
    if (!PyObject_TypeCheck(item, element_type)) {
        PyErr_SetString(PyExc_TypeError, "selected children must be lxml elements");
        *error = 1;
        return NULL;
    }
    return ((struct LxmlElement *)item)->_c_node;
}

static int lxml_api_ready;

/* collect(tokens, children, root, box, tails, author, walk, tag_role, add_slot, html_document, kept_type):
 * the reference's _walk from its first frame -- the children of the lxml element *root* (children
 * is root) or the proxies of the list *children* -- appending to *tokens*. */
static PyObject *
collect(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    (void)module;
    if (nargs != 11 || !PyList_Check(args[0]) || (args[5] != Py_None && !PyDict_Check(args[5]))
        || !PyType_Check(args[10]) || !PyType_IsSubtype((PyTypeObject *)args[10], &PyTuple_Type)
        || ((PyTypeObject *)args[10])->tp_dictoffset != 0) {
        PyErr_SetString(PyExc_TypeError, "collect(tokens, children, root, box, tails, author, walk, tag_role, "
                                         "add_slot, html_document, kept_type)");
        return NULL;
    }
    if (!lxml_api_ready) {
        if (import_lxml__etree() < 0)
            return NULL;
        PyObject *etree = PyImport_ImportModule("lxml.etree");
        if (etree == NULL)
            return NULL;
        element_type = (PyTypeObject *)PyObject_GetAttrString(etree, "_Element");
        Py_DECREF(etree);
        if (element_type == NULL)
            return NULL;
        lxml_api_ready = 1;
    }
    PyObject *children = args[1], *root = args[2];
    if (!PyObject_TypeCheck(root, element_type) || (children != root && !PyList_Check(children))) {
        PyErr_SetString(PyExc_TypeError, "collect: root must be an lxml element, children root or a list");
        return NULL;
    }
    Walk *w = PyMem_Calloc(1, sizeof(Walk));
    if (w == NULL)
        return PyErr_NoMemory();
    w->tokens = args[0];
    w->text.tokens = args[0];
    w->walk = args[6];
    w->roles.tag_role = args[7];
    w->add_slot = args[8];
    w->kept_type = args[10];
    w->roles.html_document = args[9];
    w->html_document = PyObject_IsTrue(args[9]);
    w->lxdoc = ((struct LxmlElement *)root)->_doc;
    Stack stack = {NULL, 0, 0};
    PyObject *result = NULL, *root_mode = NULL;
    PyObject *no_tokens = PyList_New(0);
    PyObject *root_by_tag = w->html_document < 0 ? NULL : slot_read(&r_by_tag, args[3]); /* the root box's */
    if (root_by_tag == NULL || !PyDict_Check(root_by_tag)
        || (root_mode = slot_read(&r_c_mode, args[3])) == NULL || !PyLong_Check(root_mode)) {
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_TypeError, "collect: a box's by_tag must be a dict and its c_mode an int");
        goto done;
    }
    if (no_tokens == NULL || node_set_fill(&w->authored, args[5]) < 0)
        goto done;
    w->nodes = PyObject_GetAttrString(w->walk, "nodes");
    if (w->nodes == NULL)
        goto done;
    if (!PyDict_Check(w->nodes)) {
        PyErr_SetString(PyExc_TypeError, "walk.nodes must be a dict");
        goto done;
    }
    w->plain_keys = PyObject_GetAttrString(w->walk, "plain_keys");
    if (w->plain_keys == NULL)
        goto done;
    w->get_attribute = PyObject_GetAttrString(w->walk, "plain_get_attribute");
    if (w->get_attribute == NULL)
        goto done;
    if (push(&stack, ((struct LxmlElement *)root)->_c_node, children == root ? NULL : children, args[3], root_by_tag,
             (int)PyLong_AsLong(root_mode), PyObject_IsTrue(args[4]), no_tokens) < 0)
        goto done;
    while (stack.depth > 0) {
        int error = 0;
        xmlNode *node = next_child(&stack.frames[stack.depth - 1], element_type, &error);
        if (error)
            goto done;
        if (node == NULL) {
            if (pop(w, &stack) < 0)
                goto done;
        }
        else if (visit(w, &stack, node) < 0)
            goto done;
    }
    if (pending_flush(&w->text) < 0)
        goto done;
    result = Py_None;
    Py_INCREF(result);
done:
    while (stack.depth > 0)
        frame_clear(&stack.frames[--stack.depth]);
    PyMem_Free(stack.frames);
    PyMem_Free(w->authored.slots);
    PyMem_Free(w->text.data);
    Py_XDECREF(w->nodes);
    Py_XDECREF(w->plain_keys);
    Py_XDECREF(w->get_attribute);
    role_cache_clear(&w->roles);
    PyMem_Free(w);
    Py_XDECREF(no_tokens);
    Py_XDECREF(root_by_tag);
    Py_XDECREF(root_mode);
    return result;
}

static PyMethodDef functions[] = {
    {"collect", (PyCFunction)(void (*)(void))collect, METH_FASTCALL,
     "collect(tokens, children, root, box, tails, author, walk, tag_role, add_slot, html_document, kept_type): "
     "innerText's "
     "rendered text collection over the libxml2 nodes (dom/html/inner_text_speedups.c; the reference is "
     "dom/html/inner_text_lxml.py's _walk)."},
    {NULL, NULL, 0, NULL}};

int
rendered_text_collection_exec(PyObject *module)
{
#define INTERN(var, text)                                                                              \
    if (var == NULL && (var = PyUnicode_InternFromString(text)) == NULL)                               \
        return -1;
    INTERN(s_packed, "packed")
    INTERN(s_by_tag, "by_tag")
    INTERN(s_c_mode, "c_mode")
    INTERN(s_last_of, "last_of")
    INTERN(s_style, "style")
    INTERN(s_attributed_role_of, "attributed_role_of")
    INTERN(s_after, "after")
    INTERN(s_selected_children, "selected_children")
    INTERN(s_attr_extra, "_attr_extra")
    INTERN(s_text_run, "_text_run")
    INTERN(s_tail_run, "_tail_run")
    INTERN(s_getAttribute, "getAttribute")
    INTERN(s_kept_white_space, "kept_white_space")
    r_attr_extra.name = s_attr_extra;
    r_text_run.name = s_text_run;
    r_tail_run.name = s_tail_run;
    r_packed.name = s_packed;
    r_by_tag.name = s_by_tag;
    r_c_mode.name = s_c_mode;
    r_style.name = s_style;
    r_kept_white_space.name = s_kept_white_space;
#undef INTERN
    return PyModule_AddFunctions(module, functions);
}
