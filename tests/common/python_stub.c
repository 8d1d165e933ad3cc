/* A stand-in for libpython under qemu-user (tools/cross-test.sh). The reference libsecp256k1 is the
 * Python extension module of the btclib-secp256k1 wheel; its only Python imports are the module's
 * init glue, which the tests never call. On the build machine the real libpython satisfies the
 * dynamic linker; for a foreign CPU (the aarch64 wheel under qemu-aarch64) there is none, so this
 * library defines the same names. Every function aborts: reaching one would be a bug. */
#include <stdlib.h>

#define STUB(name) void name(void) { abort(); }
STUB(PyArg_UnpackTuple)
STUB(PyErr_Occurred)
STUB(PyEval_RestoreThread)
STUB(PyEval_SaveThread)
STUB(PyImport_ImportModule)
STUB(PyLong_FromLong)
STUB(PyLong_FromVoidPtr)
STUB(PyObject_CallMethod)
STUB(PyObject_Free)
STUB(PyObject_Malloc)
STUB(_Py_Dealloc)
STUB(PyModule_Create2)
STUB(PyModule_AddObject)
STUB(PyCapsule_New)
/* Data: the None object (only its address is taken). */
char _Py_NoneStruct[64];
