/* error.c — the messages behind dmap's error codes. */
#include "dmap.h"

const char *dmap_strerror(int code) {
    switch (code) {
    case DMAP_OK: return "success";
    case DMAP_ERR_ARG: return "invalid argument";
    case DMAP_ERR_SIZE: return "grid size out of range";
    case DMAP_ERR_NOMEM: return "out of memory";
    case DMAP_ERR_VALUE: return "value out of range (NaN or infinite, a cost not > 0, or weight x cost not finite and > 0)";
    case DMAP_ERR_RANGE: return "cell outside the grid";
    case DMAP_ERR_WALL: return "cell is a wall";
    case DMAP_ERR_FORMAT: return "malformed input";
    case DMAP_ERR_IO: return "input/output error";
    case DMAP_ERR_LIMIT: return "result larger than the capacity given";
    case DMAP_ERR_CEILING: return "goal value not below the ceiling (it would have no effect)";
    default: return "unknown error";
    }
}
