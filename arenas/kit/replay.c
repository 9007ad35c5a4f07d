/* replay.c — replay files in the common JSON Lines format (replay.h): the writer (a temporary
 * file beside the target, renamed over it only when every write succeeded) and a line reader
 * that names file and line of the first bad line. JSON comes from libjansson. */
#define _POSIX_C_SOURCE 200809L
#include "replay.h"

#include "compat.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* ---- writing ------------------------------------------------------------------------------ */

static void note_error(kit_replay *r, int err) {
    if (r->err == 0) r->err = err ? err : EIO;
}

int kit_replay_open(kit_replay *r, const char *path) {
    memset(r, 0, sizeof *r);
    if (path && strcmp(path, "-") == 0) {
        r->f = stdout;
        return 0;
    }
    int e = kit_outfile_open(&r->out, path);
    r->f = r->out.f;
    return e;
}

/* Write one object as one line (compact, keys in insertion order) and release it. */
static int write_line(kit_replay *r, json_t *obj) {
    if (!r || !r->f) {
        json_decref(obj);
        return EINVAL;
    }
    if (!obj) {
        note_error(r, ENOMEM);
        return r->err;
    }
    if (r->err) { /* the file is lost already: say so again rather than write more */
        json_decref(obj);
        return r->err;
    }
    errno = 0;
    if (json_dumpf(obj, r->f, JSON_COMPACT | JSON_PRESERVE_ORDER) != 0 || fputc('\n', r->f) == EOF)
        note_error(r, errno);
    json_decref(obj);
    return r->err;
}

/* obj[key] = value (stolen); remembers allocation failures in *ok. */
static void put(json_t *obj, const char *key, json_t *value, int *ok) {
    if (!value) {
        *ok = 0;
    } else if (!obj) {
        json_decref(value);
        *ok = 0;
    } else if (json_object_set_new(obj, key, value) != 0) { /* it freed value */
        *ok = 0;
    }
}

/* A call with bad arguments: frees what it was given and poisons the replay. */
static int refuse(kit_replay *r, json_t *a, json_t *b, json_t *c) {
    json_decref(a);
    json_decref(b);
    json_decref(c);
    if (r) note_error(r, EINVAL);
    return EINVAL;
}

static json_t *seed_value(uint64_t seed) {
    if (seed <= (uint64_t)INT64_MAX) return json_integer((json_int_t)seed);
    char text[32];
    snprintf(text, sizeof text, "%llu", (unsigned long long)seed);
    return json_string(text); /* above JSON's safe integers anyway: kept exact as text */
}

static json_t *terrain_rows(int w, int h, const char *terrain) {
    json_t *rows = json_array();
    char *row = malloc((size_t)w + 1);
    if (!rows || !row) {
        free(row);
        json_decref(rows);
        return NULL;
    }
    for (int y = 0; y < h; y++) {
        memcpy(row, terrain + (size_t)y * (size_t)w, (size_t)w);
        row[w] = '\0';
        if (json_array_append_new(rows, json_stringn(row, (size_t)w)) != 0) {
            free(row);
            json_decref(rows);
            return NULL;
        }
    }
    free(row);
    return rows;
}

int kit_replay_header(kit_replay *r, const char *game, int w, int h, uint64_t seed,
                      const char *const *players, int nplayers, const char *terrain,
                      json_t *extra) {
    if (!game || w < 1 || h < 1 || nplayers < 0 || (nplayers > 0 && !players) || !terrain ||
        (extra && !json_is_object(extra)))
        return refuse(r, extra, NULL, NULL);
    int ok = 1;
    json_t *o = json_object();
    put(o, "format", json_string("dmap-replay"), &ok);
    put(o, "version", json_integer(1), &ok);
    put(o, "game", json_string(game), &ok);
    put(o, "width", json_integer(w), &ok);
    put(o, "height", json_integer(h), &ok);
    put(o, "seed", seed_value(seed), &ok);
    json_t *names = json_array();
    for (int i = 0; names && i < nplayers; i++)
        if (json_array_append_new(names, json_string(players[i] ? players[i] : "")) != 0) ok = 0;
    put(o, "players", names, &ok);
    put(o, "terrain", terrain_rows(w, h, terrain), &ok);
    if (extra && o && json_object_update(o, extra) != 0) ok = 0;
    json_decref(extra);
    if (!ok) {
        json_decref(o);
        o = NULL;
    }
    return write_line(r, o);
}

int kit_replay_turn(kit_replay *r, long turn, json_t *actions, json_t *state, json_t *maps) {
    if (!actions) return refuse(r, state, maps, NULL);
    int ok = 1;
    json_t *o = json_object();
    put(o, "turn", json_integer(turn), &ok);
    put(o, "actions", actions, &ok);
    if (state) put(o, "state", state, &ok);
    if (maps) put(o, "maps", maps, &ok);
    if (!ok) {
        json_decref(o);
        o = NULL;
    }
    return write_line(r, o);
}

json_t *kit_json_rows(const unsigned char *cells, int w, int h) {
    json_t *rows = json_array();
    for (int r = 0; r < h; r++) {
        json_t *row = json_array();
        for (int c = 0; c < w; c++) json_array_append_new(row, json_integer(cells[r * w + c]));
        json_array_append_new(rows, row);
    }
    return rows;
}

json_t *kit_replay_map(const double *v, size_t n) {
    json_t *a = json_array();
    for (size_t i = 0; a && i < n; i++) {
        double x = v[i];
        json_t *e;
        if (!isfinite(x))
            e = json_null();
        else if (x == floor(x) && fabs(x) < 9007199254740992.0) /* 2^53: exact as an integer */
            e = json_integer((json_int_t)x);                      /* "3", not "3.0": smaller */
        else
            e = json_real(x);
        if (json_array_append_new(a, e) != 0) {
            json_decref(a);
            return NULL;
        }
    }
    return a;
}

int kit_replay_result(kit_replay *r, json_t *result) {
    if (!result) return refuse(r, NULL, NULL, NULL);
    int ok = 1;
    json_t *o = json_object();
    put(o, "result", result, &ok);
    if (!ok) {
        json_decref(o);
        o = NULL;
    }
    return write_line(r, o);
}

int kit_replay_close(kit_replay *r) {
    if (!r->f) return r->err ? r->err : EINVAL;
    if (r->f == stdout) {
        errno = 0;
        if (fflush(stdout) != 0 || ferror(stdout)) note_error(r, errno);
    } else if (r->err != 0) {
        kit_outfile_abort(&r->out);
    } else {
        int e = kit_outfile_commit(&r->out);
        if (e != 0) note_error(r, e);
    }
    r->f = NULL;
    return r->err;
}

void kit_replay_abort(kit_replay *r) {
    if (r->f == stdout) fflush(stdout);
    else if (r->f) kit_outfile_abort(&r->out);
    r->f = NULL;
}

/* ---- reading ------------------------------------------------------------------------------ */

/* Control characters of a message (quoted from the file by jansson) become '?', so the
 * message stays one line on a terminal. */
static void one_line(char *s) {
    for (; *s; s++)
        if ((unsigned char)*s < 0x20 || *s == 0x7f) *s = '?';
}

/* getline with a ceiling: reads one line (with its newline, at most KIT_REPLAY_LINE_MAX
 * bytes) into *buf. Returns the length, -1 at the end of the file, -2 when the line is
 * longer than the ceiling, -3 when memory ran out. */
static long read_capped_line(FILE *f, char **buf, size_t *cap) {
    size_t n = 0;
    int c = 0;
    while ((c = getc_unlocked(f)) != EOF) {
        if (n == (size_t)KIT_REPLAY_LINE_MAX) return -2;
        if (n + 1 >= *cap) {
            size_t grow = *cap ? *cap * 2 : 4096;
            if (grow > (size_t)KIT_REPLAY_LINE_MAX + 1) grow = (size_t)KIT_REPLAY_LINE_MAX + 1;
            char *more = realloc(*buf, grow);
            if (!more) return -3;
            *buf = more;
            *cap = grow;
        }
        (*buf)[n++] = (char)c;
        if (c == '\n') break;
    }
    if (n == 0) return -1;
    (*buf)[n] = '\0';
    return (long)n;
}

int kit_replay_read(const char *path, kit_replay_line_fn line, void *ctx, char *err,
                    size_t errlen) {
    if (errlen) err[0] = '\0';
    int use_stdin = strcmp(path, "-") == 0;
    FILE *f = use_stdin ? stdin : fopen(path, "r");
    if (!f) {
        if (errlen) snprintf(err, errlen, "%s: %s", path, strerror(errno));
        return -1;
    }
    struct stat st; /* a file over the limit is refused before any of it is read */
    if (fstat(fileno(f), &st) == 0 && S_ISREG(st.st_mode) && st.st_size > KIT_REPLAY_FILE_MAX) {
        if (errlen)
            snprintf(err, errlen, "%s: larger than %d MiB (the limit for replay files)", path,
                     KIT_REPLAY_FILE_MAX >> 20);
        if (!use_stdin) fclose(f);
        return -1;
    }
    char *buf = NULL;
    size_t cap = 0;
    long len;
    long lineno = 0;
    int rc = 0;
    while (rc == 0 && (len = read_capped_line(f, &buf, &cap)) >= 0) {
        lineno++;
        json_error_t je;
        /* without its newline, so jansson's "near '...'" never quotes one */
        size_t n = (size_t)len;
        if (n && buf[n - 1] == '\n') n--;
        json_t *obj = json_loadb(buf, n, JSON_REJECT_DUPLICATES, &je);
        if (!obj || !json_is_object(obj)) {
            if (errlen) {
                snprintf(err, errlen, "%s:%ld: %s", path, lineno,
                         obj ? "not a JSON object" : je.text);
                one_line(err);
            }
            json_decref(obj);
            rc = -1;
            break;
        }
        rc = line(ctx, lineno, obj);
        json_decref(obj);
    }
    if (rc == 0 && len < -1) {
        if (errlen)
            snprintf(err, errlen, "%s:%ld: %s", path, lineno + 1,
                     len == -2 ? "line longer than 64 MiB (the limit for replay files)"
                               : "out of memory");
        rc = -1;
    }
    if (rc == 0 && ferror(f)) {
        if (errlen) snprintf(err, errlen, "%s:%ld: %s", path, lineno + 1, strerror(errno));
        rc = -1;
    }
    if (rc == 0 && lineno == 0) {
        if (errlen) snprintf(err, errlen, "%s: empty file, not a replay", path);
        rc = -1;
    }
    free(buf);
    if (!use_stdin) fclose(f);
    return rc;
}
