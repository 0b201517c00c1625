/* Walking a libxml2 subtree in tree order without recursion, for the extension's walks over an
 * element's descendants (identity_speedups.c, cascade_index_speedups.c,
 * document_order_speedups.c): each enters a node's children itself, and steps past a node with
 * subtree_next. */
#ifndef WEBDOM_SUBTREE_WALK_H
#define WEBDOM_SUBTREE_WALK_H

#include <libxml/tree.h>

/* The node after *node* and its subtree in tree order, within the subtree of *top*: its next
 * sibling, else that of its nearest ancestor below *top* that has one; NULL past the subtree's
 * end (and after *top* itself). */
static inline xmlNode *
subtree_next(xmlNode *node, const xmlNode *top)
{
    if (node == top)
        return NULL;
    while (node->next == NULL) {
        node = node->parent;
        if (node == NULL || node == top)
            return NULL;
    }
    return node->next;
}

#endif
