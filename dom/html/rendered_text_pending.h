/* The text the rendered text collection (dom/html/rendered_text_collection_speedups.c) reads
 * from libxml2's text slots, made into its tokens: str for text collapsed as 'normal', a
 * _Kept(data, white_space) for text whose white space is kept (inner_text_lxml._add_text). */
#ifndef WEBDOM_RENDERED_TEXT_PENDING_H
#define WEBDOM_RENDERED_TEXT_PENDING_H

#include <Python.h>
#include <string.h>
#include <libxml/tree.h>

/* The text read from libxml2 since the last token appended that is no text, as UTF-8: adjacent
 * str tokens collapse as their concatenation would (the_text reads them alike; inner_text_lxml's
 * _collect), so a stretch of them is one str -- one decode and one token, not one per text node. */
typedef struct {
    PyObject *tokens;
    char *data;
    size_t size, capacity;
} PendingText;

static int
pending_add(PendingText *pending, const xmlChar *content, size_t n)
{
    if (pending->size + n > pending->capacity) {
        size_t capacity = pending->capacity ? pending->capacity : 4096;
        while (capacity < pending->size + n)
            capacity *= 2;
        char *data = PyMem_Realloc(pending->data, capacity);
        if (data == NULL) {
            PyErr_NoMemory();
            return -1;
        }
        pending->data = data;
        pending->capacity = capacity;
    }
    memcpy(pending->data + pending->size, content, n);
    pending->size += n;
    return 0;
}

/* Append the pending text to the tokens as one str: before any other token is appended. */
static int
pending_flush(PendingText *pending)
{
    if (pending->size == 0)
        return 0;
    PyObject *text = PyUnicode_DecodeUTF8(pending->data, (Py_ssize_t)pending->size, NULL);
    pending->size = 0;
    if (text == NULL)
        return -1;
    int r = PyList_Append(pending->tokens, text);
    Py_DECREF(text);
    return r;
}

/* lxml's text reading (.text from an element's first child, .tail from its next sibling): the
 * consecutive text and CDATA nodes, XInclude markers skipped; added to the pending text when not
 * empty. */
static int
append_slot_text(PendingText *pending, xmlNode *node, int unless_white_space)
{
    xmlNode *first = NULL;
    int count = 0;
    for (; node != NULL; node = node->next) {
        if (node->type == XML_TEXT_NODE || node->type == XML_CDATA_SECTION_NODE) {
            if (node->content != NULL && node->content[0] != 0) {
                if (first == NULL)
                    first = node;
                count++;
            }
        }
        else if (node->type != XML_XINCLUDE_START && node->type != XML_XINCLUDE_END)
            break;
    }
    if (count == 0)
        return 0;
    if (unless_white_space) { /* white space between table parts has no box */
        int blank = 1;
        for (xmlNode *n = first; n != NULL && blank; n = n->next) {
            if (n->type != XML_TEXT_NODE && n->type != XML_CDATA_SECTION_NODE) {
                if (n->type != XML_XINCLUDE_START && n->type != XML_XINCLUDE_END)
                    break;
                continue;
            }
            for (const xmlChar *c = n->content; c != NULL && *c && blank; c++)
                blank = *c == ' ' || *c == '\t' || *c == '\n' || *c == '\r';
        }
        if (blank)
            return 0;
    }
    for (node = first; node != NULL && count > 0; node = node->next) {
        if (node->type == XML_TEXT_NODE || node->type == XML_CDATA_SECTION_NODE) {
            if (node->content != NULL && node->content[0] != 0) {
                if (pending_add(pending, node->content, strlen((const char *)node->content)) < 0)
                    return -1;
                count--;
            }
        }
        else if (node->type != XML_XINCLUDE_START && node->type != XML_XINCLUDE_END)
            break;
    }
    return 0;
}

/* Append the pending text to the tokens as one _Kept(text, *white_space*) of *kept_type*
 * (inner_text_lxml._Kept, a tuple subclass without a __dict__), made as tuple.__new__ makes it,
 * without the NamedTuple's Python-level __new__; nothing for no text. */
static int
pending_flush_kept(PendingText *pending, PyTypeObject *kept_type, PyObject *white_space)
{
    if (pending->size == 0)
        return 0;
    PyObject *data = PyUnicode_DecodeUTF8(pending->data, (Py_ssize_t)pending->size, NULL);
    pending->size = 0;
    if (data == NULL)
        return -1;
    PyObject *token = kept_type->tp_alloc(kept_type, 2);
    if (token == NULL) {
        Py_DECREF(data);
        return -1;
    }
    PyTuple_SET_ITEM(token, 0, data); /* (the references are the token's now) */
    PyTuple_SET_ITEM(token, 1, Py_NewRef(white_space));
    int r = PyList_Append(pending->tokens, token);
    Py_DECREF(token);
    return r;
}

#endif
