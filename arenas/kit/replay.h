/* replay.h — the replay files every arena writes and the viewer reads: JSON Lines (one JSON
 * object per line, UTF-8) in the common format (arenas/kit/README.md):
 *   line 1  {"format":"dmap-replay","version":1,"game":G,"width":W,"height":H,"seed":S,
 *            "players":[...],"terrain":["row0",...], ...game-specific static fields}
 *   then    {"turn":t,"actions":[...],"state":{...},"maps":{"p0/goal":[v or null,...]}}
 *   last    {"result":{...}}
 * JSON is built and printed with Debian's libjansson (objects are json_t; functions taking a
 * json_t * "steal" it: the replay owns and frees it, also on error). Writing functions return
 * 0 or the first error (an errno value) the replay met; after an error later writes do
 * nothing useful, and kit_replay_close reports it and removes the temporary file.
 *
 *     kit_replay r;
 *     if ((e = kit_replay_open(&r, path)) != 0) -> "cannot write PATH: strerror(e)"
 *     kit_replay_header(&r, "pursuit", w, h, seed, names, 2, terrain, NULL);
 *     for each turn: kit_replay_turn(&r, t, actions, state, maps_or_NULL);
 *     kit_replay_result(&r, result);
 *     if ((e = kit_replay_close(&r)) != 0) -> "cannot write PATH: strerror(e)"
 */
#ifndef KIT_REPLAY_H
#define KIT_REPLAY_H

#include <jansson.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "outfile.h"

typedef struct kit_replay {
    FILE *f;          /* stdout, or out.f */
    int err;          /* first error (errno value), 0 when all writes succeeded */
    kit_outfile out;  /* the file (outfile.h): a temporary file beside it until close */
} kit_replay;

/* Opens a replay for writing to path ("-" = standard output). Writes to a regular file (or a
 * new one) go to a temporary file beside it (PATH.XXXXXX, mode 0666 minus umask) renamed over
 * path by kit_replay_close, so a failed game never leaves half a file; a path that exists and
 * is not a regular file (a pipe, /dev/stdout, /dev/full) is written in place (outfile.h).
 * Returns 0 or an errno value (nothing is created then). */
int kit_replay_open(kit_replay *r, const char *path);

/* Line 1. terrain: w*h characters, row-major (the arena's README documents them). extra:
 * game-specific static fields merged into the header object (stolen; may be NULL). */
int kit_replay_header(kit_replay *r, const char *game, int w, int h, uint64_t seed,
                      const char *const *players, int nplayers, const char *terrain,
                      json_t *extra);

/* One turn line. actions and state are stolen (state may be NULL); maps is stolen and may be
 * NULL (no "maps" key); build maps with kit_replay_map. */
int kit_replay_turn(kit_replay *r, long turn, json_t *actions, json_t *state, json_t *maps);

/* A map as a JSON array of n numbers, null for non-finite values (pass walls and unreachable
 * cells as INFINITY or NAN); integral values below 2^53 are written as integers ("3", not
 * "3.0"), others with 17 significant digits, so reading back gives the same doubles. NULL on
 * allocation failure. */
json_t *kit_replay_map(const double *v, size_t n);

/* A board of w*h small numbers (row-major bytes) as h arrays of w integers: how the
 * environments' observations and the replays' states write a board. */
json_t *kit_json_rows(const unsigned char *cells, int w, int h);

/* The last line {"result":result} (stolen). */
int kit_replay_result(kit_replay *r, json_t *result);

/* Flushes and closes; renames the temporary file over the path. Returns 0 or the first errno
 * value of any write (the temporary file is removed then, and path is left as it was). */
int kit_replay_close(kit_replay *r);
/* Gives up a replay (e.g. the game failed): closes and removes the temporary file. */
void kit_replay_abort(kit_replay *r);

/* Reading: calls line(ctx, lineno, obj) for each line of a replay file ("-" = standard input)
 * in order (lineno from 1; obj is borrowed). Stops at the first nonzero return and returns it
 * (err untouched: the callback says why). Returns -1 with a message in err (one line,
 * "file:line: reason", or "file: reason") for an unreadable or empty file, or a line that is
 * not one JSON object (bad JSON, trailing data, duplicate keys, an array). Returns 0 when every
 * line was read. It checks no field: each arena checks the header and turns it expects.
 * Limits: a regular file over KIT_REPLAY_FILE_MAX bytes is refused before it is read, and a
 * line over KIT_REPLAY_LINE_MAX bytes when it gets there (-1, "larger than ..."). */
enum { KIT_REPLAY_FILE_MAX = 1024 << 20, KIT_REPLAY_LINE_MAX = 64 << 20 };
typedef int (*kit_replay_line_fn)(void *ctx, long lineno, json_t *obj);
int kit_replay_read(const char *path, kit_replay_line_fn line, void *ctx, char *err, size_t errlen);

#endif
