/* kit_fallback.c — TEMPORARY stand-ins for the arena kit's tournament runner, replay writer
 * and CLI helpers (arenas/kit/tournament.h, replay.h, cli.h), whose implementations land on
 * main separately. This file is compiled only while arenas/kit/tournament.c does not exist
 * (see CMakeLists.txt); it follows the kit's contracts so the arena code is already written
 * against them, and disappears from the build once the kit's own implementations arrive. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "replay.h"
#include "tournament.h"

/* ---- tournament -------------------------------------------------------------------------- */

uint64_t kit_game_seed(uint64_t seed, long index) {
    uint64_t z = seed + 0x9E3779B97F4A7C15ULL * ((uint64_t)index + 1);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

void kit_rotate_seats(long index, int n, int *entrant_of_seat) {
    for (int s = 0; s < n; s++) entrant_of_seat[s] = (int)((s + index) % n);
}

typedef struct runner {
    const kit_tournament *t;
    unsigned char *results;
    pthread_mutex_t lock;
    long next, failed;
} runner;

static void *worker(void *arg) {
    runner *r = arg;
    for (;;) {
        pthread_mutex_lock(&r->lock);
        long i = r->next < r->t->games ? r->next++ : -1;
        pthread_mutex_unlock(&r->lock);
        if (i < 0) return NULL;
        void *slot = r->results + (size_t)i * r->t->result_size;
        memset(slot, 0, r->t->result_size);
        if (r->t->play(r->t->ctx, i, kit_game_seed(r->t->seed, i), slot)) {
            pthread_mutex_lock(&r->lock);
            r->failed++;
            pthread_mutex_unlock(&r->lock);
        }
    }
}

int kit_tournament_run(const kit_tournament *t, void *results, long *failed) {
    if (!t || !t->play || t->games < 0 || t->result_size == 0 || (!results && t->games)) return -1;
    int jobs = t->jobs > 0 ? t->jobs : (int)sysconf(_SC_NPROCESSORS_ONLN);
    if (jobs < 1) jobs = 1;
    if (jobs > 1024) jobs = 1024;
    runner r = {t, results, PTHREAD_MUTEX_INITIALIZER, 0, 0};
    pthread_t th[1024];
    int started = 0;
    for (; started < jobs; started++)
        if (pthread_create(&th[started], NULL, worker, &r)) break;
    if (!started) return -1;
    for (int i = 0; i < started; i++) pthread_join(th[i], NULL);
    if (failed) *failed = r.failed;
    return 0;
}

/* ---- replay files ------------------------------------------------------------------------ */

int kit_replay_open(kit_replay *r, const char *path) {
    memset(r, 0, sizeof *r);
    if (!strcmp(path, "-")) {
        r->f = stdout;
        snprintf(r->path, sizeof r->path, "-");
        return 0;
    }
    if (strlen(path) >= sizeof r->path) return ENAMETOOLONG;
    snprintf(r->path, sizeof r->path, "%s", path);
    snprintf(r->tmp, sizeof r->tmp, "%s.tmp%ld", path, (long)getpid());
    r->f = fopen(r->tmp, "w");
    return r->f ? 0 : errno;
}

static int put_line(kit_replay *r, json_t *obj) {
    if (!obj) return r->err = r->err ? r->err : ENOMEM;
    if (!r->err && (json_dumpf(obj, r->f, JSON_COMPACT) || fputc('\n', r->f) == EOF))
        r->err = errno ? errno : EIO;
    json_decref(obj);
    return r->err;
}

int kit_replay_header(kit_replay *r, const char *game, int w, int h, uint64_t seed,
                      const char *const *players, int nplayers, const char *terrain,
                      json_t *extra) {
    json_t *o = json_object(), *ps = json_array(), *rows = json_array();
    for (int i = 0; i < nplayers; i++) json_array_append_new(ps, json_string(players[i]));
    for (int y = 0; y < h; y++) json_array_append_new(rows, json_stringn(terrain + (size_t)y * w, (size_t)w));
    json_object_set_new(o, "format", json_string("dmap-replay"));
    json_object_set_new(o, "version", json_integer(1));
    json_object_set_new(o, "game", json_string(game));
    json_object_set_new(o, "width", json_integer(w));
    json_object_set_new(o, "height", json_integer(h));
    json_object_set_new(o, "seed", json_integer((json_int_t)seed));
    json_object_set_new(o, "players", ps);
    json_object_set_new(o, "terrain", rows);
    if (extra) json_object_update(o, extra), json_decref(extra);
    return put_line(r, o);
}

int kit_replay_turn(kit_replay *r, long turn, json_t *actions, json_t *state, json_t *maps) {
    json_t *o = json_object();
    json_object_set_new(o, "turn", json_integer(turn));
    json_object_set_new(o, "actions", actions);
    if (state) json_object_set_new(o, "state", state);
    if (maps) json_object_set_new(o, "maps", maps);
    return put_line(r, o);
}

json_t *kit_replay_map(const double *v, size_t n) {
    json_t *a = json_array();
    for (size_t i = 0; a && i < n; i++)
        json_array_append_new(a, v[i] == v[i] && v[i] - v[i] == 0 ? json_real(v[i]) : json_null());
    return a;
}

int kit_replay_result(kit_replay *r, json_t *result) {
    json_t *o = json_object();
    json_object_set_new(o, "result", result);
    return put_line(r, o);
}

int kit_replay_close(kit_replay *r) {
    if (!r->f) return r->err;
    if (r->f == stdout) {
        if (fflush(stdout) && !r->err) r->err = errno;
        return r->err;
    }
    if (fclose(r->f) && !r->err) r->err = errno ? errno : EIO;
    r->f = NULL;
    if (!r->err && rename(r->tmp, r->path)) r->err = errno;
    if (r->err) remove(r->tmp);
    return r->err;
}

/* ---- CLI helpers ------------------------------------------------------------------------- */

int kit_parse_long(const char *prog, const char *opt, const char *s, long lo, long hi, long *out) {
    char *end = NULL;
    errno = 0;
    long v = strtol(s, &end, 10);
    int digits = (s[0] >= '0' && s[0] <= '9') || (s[0] == '-' && s[1] >= '0' && s[1] <= '9');
    if (!digits || *end || errno || v < lo || v > hi) {
        fprintf(stderr, "%s: %s: expected an integer in %ld..%ld, got '%s'\n", prog, opt, lo, hi, s);
        return -1;
    }
    *out = v;
    return 0;
}

int kit_parse_seed(const char *prog, const char *opt, const char *s, uint64_t *out) {
    char *end = NULL;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    if (!(s[0] >= '0' && s[0] <= '9') || *end || errno || v > (unsigned long long)INT64_MAX) {
        fprintf(stderr, "%s: %s: expected an integer in 0..%lld, got '%s'\n", prog, opt,
                (long long)INT64_MAX, s);
        return -1;
    }
    *out = v;
    return 0;
}

int kit_parse_jobs(const char *prog, const char *opt, const char *s, int *out) {
    long v;
    if (kit_parse_long(prog, opt, s, 0, 1024, &v)) return -1;
    *out = (int)v;
    return 0;
}

int kit_parse_list(const char *prog, const char *opt, char *s, char **items, int max, int *n) {
    *n = 0;
    for (char *p = s;;) {
        char *comma = strchr(p, ',');
        if (comma) *comma = '\0';
        if (!*p || *n >= max) {
            fprintf(stderr, "%s: %s: expected a comma-separated list of at most %d names\n", prog, opt, max);
            return -1;
        }
        items[(*n)++] = p;
        if (!comma) return 0;
        p = comma + 1;
    }
}

int kit_opt_once(const char *prog, kit_opts *o, const char *opt) {
    for (int i = 0; i < o->n; i++)
        if (!strcmp(o->seen[i], opt)) {
            fprintf(stderr, "%s: option %s given twice\n", prog, opt);
            return -1;
        }
    if (o->n < 64) o->seen[o->n++] = opt;
    return 0;
}

int kit_unknown_option(const char *prog, const char *command, const char *opt) {
    fprintf(stderr, "%s: unknown option '%s' (see %s help %s)\n", prog, opt, prog, command);
    return -1;
}

const char *kit_opt_value(const char *prog, int argc, char **argv, int *i) {
    if (*i + 1 >= argc) {
        fprintf(stderr, "%s: %s needs a value\n", prog, argv[*i]);
        return NULL;
    }
    return argv[++*i];
}
