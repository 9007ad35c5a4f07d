/* layout.c — the struct layouts js/index.js writes into the WebAssembly memory, checked at
 * compile time: if dmap.h changes one of these structs, the WebAssembly build stops here
 * instead of the JavaScript side writing fields at the wrong offsets. */
#include <stddef.h>

#include "dmap.h"

_Static_assert(sizeof(void *) == 4, "js/index.js assumes wasm32 pointers");
_Static_assert(sizeof(size_t) == 4, "js/index.js reads size_t results as 32 bits");

_Static_assert(sizeof(dmap_grid) == 16 && offsetof(dmap_grid, w) == 0 &&
                   offsetof(dmap_grid, h) == 4 && offsetof(dmap_grid, wall) == 8 &&
                   offsetof(dmap_grid, cost) == 12,
               "dmap_grid: w, h, wall, cost at 0, 4, 8, 12");
_Static_assert(sizeof(dmap_moves) == 32 && offsetof(dmap_moves, connectivity) == 0 &&
                   offsetof(dmap_moves, cardinal) == 8 && offsetof(dmap_moves, diagonal) == 16 &&
                   offsetof(dmap_moves, corners) == 24,
               "dmap_moves: connectivity, cardinal, diagonal, corners at 0, 8, 16, 24");
_Static_assert(sizeof(dmap_goal) == 16 && offsetof(dmap_goal, x) == 0 &&
                   offsetof(dmap_goal, y) == 4 && offsetof(dmap_goal, value) == 8,
               "dmap_goal: x, y, value at 0, 4, 8");
_Static_assert(sizeof(dmap_diag) == 164 && offsetof(dmap_diag, line) == 0 &&
                   offsetof(dmap_diag, message) == 4,
               "dmap_diag: line at 0, message at 4");
_Static_assert(sizeof(dmap_rng) == 8, "dmap_rng: one 64-bit state");
