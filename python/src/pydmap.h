/* pydmap.h — what the C files of the extension module dmap._dmap share: NumPy set-up, the
 * conversions from Python arguments to library arguments (grids, maps, cells, moves), the
 * workspace lease and the error mapping. Internal to the extension; users see dmap/__init__.py.
 *
 * Conventions of the Python API: a grid is an (H, W) array indexed [y, x]; a cell is an
 * (x, y) pair; maps are float64 (H, W) arrays. Read-only inputs of another dtype or layout
 * are converted with a copy; arrays the library writes into (scan's values, out=) must already
 * be C-contiguous, aligned, writeable float64 of the grid's shape, or the call raises. */
#ifndef PYDMAP_H
#define PYDMAP_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#define NPY_NO_DEPRECATED_API NPY_1_7_API_VERSION
#define PY_ARRAY_UNIQUE_SYMBOL pydmap_ARRAY_API
#ifndef PYDMAP_MODULE_MAIN
#define NO_IMPORT_ARRAY
#endif
#include <numpy/arrayobject.h>

#include <dmap.h>

/* ---- errors (module.c) ---------------------------------------------------------------------- */
extern PyObject *pydmap_Error; /* dmap.Error, a ValueError with a .code attribute */
/* Raise the exception for a library error code: MemoryError, OSError (DMAP_ERR_IO) or
 * dmap.Error; the message is the library's, prefixed by what (may be NULL) and followed by
 * detail (may be NULL or ""). Returns NULL so callers can `return pydmap_raise(...)`. */
PyObject *pydmap_raise(int code, const char *what, const char *detail);
/* The same, for a reader's diagnostic: "line N: message". */
PyObject *pydmap_raise_diag(int code, const char *what, const dmap_diag *diag);

/* ---- moves, workspace, rng types (module.c) -------------------------------------------------- */
typedef struct {
    PyObject_HEAD
    dmap_moves m;
} MovesObject;
extern PyTypeObject pydmap_MovesType;

typedef struct {
    PyObject_HEAD
    dmap_workspace *ws;
    int busy; /* a call holds it (with the GIL released): a second thread must not use it */
} WorkspaceObject;
extern PyTypeObject pydmap_WorkspaceType;

typedef struct {
    PyObject_HEAD
    dmap_rng rng;
} RngObject;
extern PyTypeObject pydmap_RngType;
/* objects.c */
extern PyTypeObject pydmap_LiveType, pydmap_TableType, pydmap_CacheType;
/* batch.c */
extern PyTypeObject pydmap_PoolType;

/* moves=None gives the classic 4-connected unit moves, 4 and 8 the presets, or a dmap.Moves. */
int pydmap_moves(PyObject *obj, dmap_moves *out);

/* A workspace for one call: the caller's Workspace (marked busy), or the module's default one
 * when it is free, or NULL (the library then makes a temporary one). Always pair with
 * pydmap_ws_return. */
typedef struct {
    dmap_workspace *ws;
    WorkspaceObject *owner; /* NULL when the default workspace or none is used */
    int took_default;
} ws_lease;
int pydmap_ws_take(PyObject *obj, ws_lease *lease);
void pydmap_ws_return(ws_lease *lease);

/* The dmap.Dir member for direction d (a new reference), or a plain int before dmap/__init__
 * registered the enum. */
PyObject *pydmap_dir(int d);

/* ---- conversions (convert.c) ----------------------------------------------------------------- */

/* A library grid over the caller's walls (and costs) arrays, with the references that keep
 * them alive. walls: bool or uint8 C-contiguous (H, W) is used as is; anything else is
 * converted to bool (nonzero = wall) with a copy. costs: None or float64 (H, W). */
typedef struct {
    dmap_grid g;
    PyArrayObject *walls;
    PyArrayObject *costs;
} grid_arg;
int pydmap_grid(PyObject *walls, PyObject *costs, grid_arg *out);
void pydmap_grid_release(grid_arg *ga);

/* A read-only float64 map of the grid's shape (converted with a copy when needed). New ref. */
PyArrayObject *pydmap_map_in(PyObject *obj, const dmap_grid *g, const char *name);
/* A map the library writes into: must be a C-contiguous, aligned, writeable float64 ndarray of
 * the grid's shape (no copy is ever made). Borrowed check; returns 0 or -1 with TypeError or
 * ValueError set. */
int pydmap_map_inplace(PyObject *obj, const dmap_grid *g, const char *name);
/* out=None: a new (H, W) array of dtype; else out checked as pydmap_map_inplace (float64
 * only) and returned with a new reference. */
PyArrayObject *pydmap_map_out(PyObject *out, const dmap_grid *g, int npy_type);
/* An input the library reads while it writes out: when its memory overlaps out's, *in is
 * replaced by a copy (a new reference; the old one is released), unless same_ok and both are
 * the very same memory (the library's in-place case: dst == src). Else the library would
 * read values it has already overwritten. in may be NULL. 0, or -1 with MemoryError. */
int pydmap_unshare(PyArrayObject **in, PyArrayObject *out, int same_ok);
/* The same for a grid's walls and costs (never read in place of out), its pointers updated. */
int pydmap_grid_unshare(grid_arg *ga, PyArrayObject *out);
/* A read-only uint8 mask of the grid's shape or NULL for None (*mask NULL). 0 or -1. */
int pydmap_mask_in(PyObject *obj, const dmap_grid *g, const char *name, PyArrayObject **mask);

/* An (x, y) pair inside the grid -> its index y*W + x. 0 or -1 (dmap.Error, out of range). */
int pydmap_cell(PyObject *obj, const dmap_grid *g, const char *name, int *index);
/* The (x, y) tuple of an index. */
PyObject *pydmap_xy(const dmap_grid *g, int index);
/* A list of (x, y) tuples from cell indices. */
PyObject *pydmap_xy_list(const dmap_grid *g, const int *cells, size_t n);
/* A finite Python number as a double; 0 or -1. */
int pydmap_double(PyObject *obj, const char *name, double *out);

/* ---- module functions, by file ---------------------------------------------------------------- */
/* batch.c */
PyObject *pydmap_bfs_batch(PyObject *self, PyObject *args, PyObject *kw);
PyObject *pydmap_field_batch(PyObject *self, PyObject *args, PyObject *kw);
/* maps.c */
PyObject *pydmap_field(PyObject *self, PyObject *args, PyObject *kw);
PyObject *pydmap_scan(PyObject *self, PyObject *args, PyObject *kw);
PyObject *pydmap_flee(PyObject *self, PyObject *args, PyObject *kw);
PyObject *pydmap_add(PyObject *self, PyObject *args, PyObject *kw);
PyObject *pydmap_minimum(PyObject *self, PyObject *args, PyObject *kw);
PyObject *pydmap_maximum(PyObject *self, PyObject *args, PyObject *kw);
PyObject *pydmap_scale(PyObject *self, PyObject *args, PyObject *kw);
PyObject *pydmap_clamp(PyObject *self, PyObject *args, PyObject *kw);
PyObject *pydmap_weighted_sum(PyObject *self, PyObject *args, PyObject *kw);
PyObject *pydmap_downhill_options(PyObject *self, PyObject *args, PyObject *kw);
PyObject *pydmap_pick_option(PyObject *self, PyObject *args, PyObject *kw);
PyObject *pydmap_downhill_path(PyObject *self, PyObject *args, PyObject *kw);
PyObject *pydmap_step(PyObject *self, PyObject *args, PyObject *kw);
PyObject *pydmap_time_field(PyObject *self, PyObject *args, PyObject *kw);
/* search.c */
PyObject *pydmap_can_move_to(PyObject *self, PyObject *args, PyObject *kw);
PyObject *pydmap_reachable(PyObject *self, PyObject *args, PyObject *kw);
PyObject *pydmap_bfs(PyObject *self, PyObject *args, PyObject *kw);
PyObject *pydmap_bfs_path(PyObject *self, PyObject *args, PyObject *kw);
PyObject *pydmap_bury_dead_ends(PyObject *self, PyObject *args, PyObject *kw);
PyObject *pydmap_threat_map(PyObject *self, PyObject *args, PyObject *kw);
PyObject *pydmap_timing_map(PyObject *self, PyObject *args, PyObject *kw);
PyObject *pydmap_safe_walk(PyObject *self, PyObject *args, PyObject *kw);
PyObject *pydmap_parent_path(PyObject *self, PyObject *args, PyObject *kw);
PyObject *pydmap_layered_search(PyObject *self, PyObject *args, PyObject *kw);
/* choice.c */
PyObject *pydmap_filter_moves(PyObject *self, PyObject *args, PyObject *kw);
PyObject *pydmap_minimax_moves(PyObject *self, PyObject *args, PyObject *kw);
/* readers.c */
PyObject *pydmap_read_file(PyObject *self, PyObject *args, PyObject *kw);
PyObject *pydmap_parse_text_map(PyObject *self, PyObject *args, PyObject *kw);
PyObject *pydmap_parse_movingai_map(PyObject *self, PyObject *args, PyObject *kw);
PyObject *pydmap_parse_map(PyObject *self, PyObject *args, PyObject *kw);
PyObject *pydmap_format_text_map(PyObject *self, PyObject *args, PyObject *kw);
PyObject *pydmap_format_values(PyObject *self, PyObject *args, PyObject *kw);
PyObject *pydmap_parse_values_csv(PyObject *self, PyObject *args, PyObject *kw);
PyObject *pydmap_parse_scen(PyObject *self, PyObject *args, PyObject *kw);

/* A text argument (str, encoded UTF-8, or any bytes-like object) as a pointer and length,
 * held by *keep (release with Py_XDECREF / PyBuffer_Release through pydmap_text_release). */
typedef struct {
    Py_buffer view;
    PyObject *bytes;
    const char *data;
    size_t len;
} text_arg;
int pydmap_text(PyObject *obj, text_arg *t);
void pydmap_text_release(text_arg *t);

#endif
