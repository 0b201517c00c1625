/* Reading an attribute that a Python class stores in a __slots__ slot, at the slot's offset.
 *
 * innerText's C steps read a few attributes of the reference's objects (a box's style, a role's
 * packed tuple, a run's line breaks) once per node: through PyObject_GetAttr each read looks the
 * name up along the type's MRO and calls the member descriptor.  A SlotRead remembers, for the
 * type it last met, where the descriptor that lookup finds keeps the value: a member descriptor
 * of an object slot is a data descriptor, so it wins over any instance dictionary, and reading
 * the object at its offset is what the lookup would return.  Any other type or descriptor is
 * read through PyObject_GetAttr. */
#ifndef WEBDOM_SLOT_READS_H
#define WEBDOM_SLOT_READS_H

#include <Python.h>
#include <structmember.h>

typedef struct {
    PyObject *name;     /* the attribute's name (interned, set by the user) */
    PyTypeObject *type; /* the type last met (a strong reference), or NULL */
    Py_ssize_t offset;  /* where its instances keep the value; -1: read it through PyObject_GetAttr */
} SlotRead;

/* obj.name as a new reference, or NULL with an exception (AttributeError for an empty slot). */
static inline PyObject *
slot_read(SlotRead *read, PyObject *obj)
{
    PyTypeObject *type = Py_TYPE(obj);
    if (type != read->type) {
        Py_ssize_t offset = -1;
        PyObject *descr = _PyType_Lookup(type, read->name); /* borrowed */
        if (descr != NULL && Py_IS_TYPE(descr, &PyMemberDescr_Type)) {
            PyMemberDef *member = ((PyMemberDescrObject *)descr)->d_member;
            if (member->type == T_OBJECT_EX)
                offset = member->offset;
        }
        Py_INCREF(type);
        Py_XSETREF(read->type, type);
        read->offset = offset;
    }
    if (read->offset < 0)
        return PyObject_GetAttr(obj, read->name);
    PyObject *value = *(PyObject **)((char *)obj + read->offset);
    if (value == NULL)
        return PyObject_GetAttr(obj, read->name); /* an empty slot: the lookup's own AttributeError */
    Py_INCREF(value);
    return value;
}

#endif
