/* shard.c — tournaments in shards: the --shard/--out options, playing one shard's games, the
 * shard file (writing and reading it), `merge` (every shard of one tournament, each game once)
 * and the choice between playing here, writing a shard, merging and MPI ranks.
 *
 * A shard file (version 1) is a text header, the slots as bytes, and a trailer:
 *
 *     dmap-shard 1
 *     arena kutulu
 *     abi le i8 l8 p8            byte order and the sizes of int, long and pointers
 *     fingerprint 3f2a...        FNV-1a 64 of the arena and the recorded arguments
 *     seed 4
 *     games 16
 *     shard 2/3
 *     slot-size 312
 *     args 6                     the tournament's arguments but --shard, --out, --jobs and
 *     arg 10 tournament          --bot-stderr (none of which changes a table): length, space,
 *     arg 6 --bots               the bytes, newline
 *     ...
 *     slots 5
 *     <5 bytes: 1 where the game's play failed><5 * 312 bytes: the slots, in game order>
 *     end 9c1e...                FNV-1a 64 of the bytes between "slots N\n" and "end"
 */
#define _POSIX_C_SOURCE 200809L
#include "shard.h"

#include <errno.h>
#include <inttypes.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "compat.h"
#include "outfile.h"
#include "outside.h"
#include "program.h"

#define SHARD_MAGIC "dmap-shard 1"
#define MAX_SHARDS 1000000L
#define MAX_ARG_BYTES 65536L
#define MAX_ARGS 1024

struct kit_merged {
    int argc;
    char **argv;
    const char *first_file; /* for messages */
    uint64_t fingerprint, seed;
    long games;
    size_t slot_size;
    unsigned char *slots; /* games * slot_size */
    unsigned char *fails; /* games */
};

static kit_ranks_play_fn ranks_play; /* set by the MPI programs (shard_mpi.c) */

void kit_shard_use_ranks(kit_ranks_play_fn play) { ranks_play = play; }

/* The options that never change a table: left out of the recorded arguments. */
static int ignored_option(const char *a) {
    return !strcmp(a, "--shard") || !strcmp(a, "--out") || !strcmp(a, "--jobs") ||
           !strcmp(a, "--bot-stderr");
}

void kit_shard_init(kit_shard *s, const char *prog, int argc, char **argv,
                    const kit_merged *merged) {
    memset(s, 0, offsetof(kit_shard, args));
    s->prog = prog;
    s->merged = merged;
    for (int i = 0; i < argc && s->nargs >= 0; i++) {
        if (i > 0 && ignored_option(argv[i])) {
            if (!strcmp(argv[i], "--bot-stderr") && i + 1 < argc) s->bot_stderr = argv[i + 1];
            i++; /* and its value */
            continue;
        }
        size_t len = strlen(argv[i]) + 1;
        if (s->args_len + len > sizeof s->args || s->nargs >= MAX_ARGS) {
            s->nargs = -1; /* only a shard file needs them: write_shard_file says so */
            break;
        }
        memcpy(s->args + s->args_len, argv[i], len);
        s->args_len += len;
        s->nargs++;
    }
}

/* "K/N" with 1 <= K <= N <= MAX_SHARDS. */
static int parse_shard(const char *v, long *k, long *n) {
    char *end;
    errno = 0;
    long a = strtol(v, &end, 10);
    if (end == v || *end != '/' || errno || v[0] == '+' || v[0] == '-' || v[0] == ' ') return -1;
    const char *rest = end + 1;
    long b = strtol(rest, &end, 10);
    if (end == rest || *end || errno || rest[0] == '+' || rest[0] == '-' || rest[0] == ' ')
        return -1;
    if (b < 1 || b > MAX_SHARDS || a < 1 || a > b) return -1;
    *k = a, *n = b;
    return 0;
}

int kit_shard_option(kit_shard *s, int argc, char **argv, int *i) {
    const char *opt = argv[*i];
    if (strcmp(opt, "--shard") != 0 && strcmp(opt, "--out") != 0) return 0;
    const char *v = kit_opt_value(s->prog, argc, argv, i);
    if (!v) return -1;
    if (strcmp(opt, "--out") == 0) {
        if (!*v) return kit_fail(s->prog, "invalid value for --out: an empty file name");
        s->out = v;
        return 1;
    }
    if (parse_shard(v, &s->k, &s->n))
        return kit_fail(s->prog, "invalid value for --shard: '%.60s' (need K/N with 1 <= K <= N <= %ld)",
                        v, MAX_SHARDS);
    return 1;
}

int kit_shard_check(const kit_shard *s) {
    if (s->n > 0 && !s->out)
        return kit_fail(s->prog, "--shard K/N needs --out FILE (the shard's result file)");
    if (s->out && s->n == 0)
        return kit_fail(s->prog, "--out FILE needs --shard K/N (give --shard 1/1 for every game)");
    return kit_refuse_same_file(s->prog, "--out", s->out, "--bot-stderr",
                                kit_outside_stderr_file(s->bot_stderr));
}

int kit_shard_merging(const kit_shard *s) { return s->merged != NULL; }

long kit_shard_games(long games, long k, long n) {
    if (n <= 0 || k < 1 || k > n || games < k) return 0;
    return (games - k) / n + 1;
}

/* ---- playing one shard -------------------------------------------------------------------- */

int kit_shard_run(const kit_tournament *t, long k, long n, void *results,
                  unsigned char *fail_flags, long *failed) {
    /* game j of the shard is game (k - 1) + j * n of the tournament, with that game's seeds */
    kit_tournament inner = *t;
    inner.games = kit_shard_games(t->games, k, n);
    inner.first = k - 1;
    inner.stride = n;
    int rc = kit_tournament_run(&inner, results, failed);
    for (long j = 0; rc == 0 && fail_flags && j < inner.games; j++)
        fail_flags[j] = (unsigned char)kit_slot(&inner, results, j)->failed;
    return rc;
}

/* ---- the shard file ------------------------------------------------------------------------ */

static uint64_t fnv1a(uint64_t h, const void *data, size_t n) {
    const unsigned char *p = data;
    for (size_t i = 0; i < n; i++) h = (h ^ p[i]) * 0x100000001b3ull;
    return h;
}
#define FNV_START 0xcbf29ce484222325ull

/* The recorded arguments as pointers into s->args. */
static int recorded_args(const kit_shard *s, const char **out) {
    size_t at = 0;
    for (int i = 0; i < s->nargs; i++) {
        out[i] = s->args + at;
        at += strlen(out[i]) + 1;
    }
    return s->nargs;
}

static uint64_t fingerprint(const char *prog, const char *const *args, int n) {
    uint64_t h = fnv1a(FNV_START, prog, strlen(prog) + 1);
    for (int i = 0; i < n; i++) h = fnv1a(h, args[i], strlen(args[i]) + 1);
    return h;
}

/* This build's byte order and type sizes, as the header's abi line says them. */
static void abi_tag(char *out, size_t cap) {
    const uint16_t one = 1;
    snprintf(out, cap, "%s i%zu l%zu p%zu", *(const unsigned char *)&one ? "le" : "be",
             sizeof(int), sizeof(long), sizeof(void *));
}

static int write_shard_file(const kit_shard *s, const kit_tournament *t, long count,
                            const unsigned char *fails, const unsigned char *slots) {
    const char *args[MAX_ARGS];
    if (s->nargs < 0)
        return kit_fail(s->prog, "--out: the arguments are too long for a shard file (%d bytes at most)",
                        KIT_SHARD_ARGS_MAX);
    int nargs = recorded_args(s, args);
    kit_outfile o;
    int e = kit_outfile_open(&o, s->out); /* renamed into place when whole */
    if (e != 0)
        return kit_fail(s->prog, "--out: cannot write '%.200s': %s", s->out, strerror(e));
    FILE *f = o.f;
    char abi[64];
    abi_tag(abi, sizeof abi);
    fprintf(f, SHARD_MAGIC "\narena %s\nabi %s\nfingerprint %016" PRIx64 "\nseed %" PRIu64
               "\ngames %ld\nshard %ld/%ld\nslot-size %zu\nargs %d\n",
            s->prog, abi, fingerprint(s->prog, args, nargs), t->seed, t->games, s->k, s->n,
            kit_slot_size(t), nargs);
    for (int i = 0; i < nargs; i++) fprintf(f, "arg %zu %s\n", strlen(args[i]), args[i]);
    fprintf(f, "slots %ld\n", count);
    uint64_t h = fnv1a(FNV_START, fails, (size_t)count);
    h = fnv1a(h, slots, (size_t)count * kit_slot_size(t));
    fwrite(fails, 1, (size_t)count, f);
    fwrite(slots, kit_slot_size(t), (size_t)count, f);
    fprintf(f, "end %016" PRIx64 "\n", h);
    if ((e = kit_outfile_commit(&o)) != 0)
        return kit_fail(s->prog, "--out: cannot write '%.200s': %s", s->out, strerror(e));
    return 0;
}

/* Plays the games of --shard K/N and writes them to --out. */
static int play_shard(const kit_tournament *t, const kit_shard *s, long *failed) {
    long count = kit_shard_games(t->games, s->k, s->n);
    unsigned char *slots = calloc((size_t)(count ? count : 1), kit_slot_size(t));
    unsigned char *fails = calloc((size_t)(count ? count : 1), 1);
    int rc = -1;
    if (!slots || !fails)
        kit_fail(s->prog, "tournament: out of memory for %ld results", count);
    else if (kit_shard_run(t, s->k, s->n, slots, fails, failed))
        kit_fail(s->prog, "tournament: could not start the games (threads or memory)");
    else if (write_shard_file(s, t, count, fails, slots) == 0)
        rc = KIT_SHARD_ELSEWHERE;
    free(slots);
    free(fails);
    return rc;
}

/* ---- reading shard files ------------------------------------------------------------------- */

typedef struct shard_header {
    char arena[64], abi[64];
    uint64_t fingerprint, seed;
    long games, k, n, count;
    size_t slot_size;
    int argc;
    char **argv;
} shard_header;

static void free_args(char **argv, int argc) {
    if (!argv) return;
    for (int i = 0; i < argc; i++) free(argv[i]);
    free(argv);
}

/* One header line "KEY VALUE\n" into value (without the newline); -1 when it is not that key. */
static int header_line(FILE *f, const char *key, char *value, size_t cap) {
    char line[256];
    if (!fgets(line, sizeof line, f)) return -1;
    size_t n = strlen(line), k = strlen(key);
    if (n == 0 || line[n - 1] != '\n' || strncmp(line, key, k) != 0 || line[k] != ' ') return -1;
    line[n - 1] = '\0';
    snprintf(value, cap, "%s", line + k + 1);
    return 0;
}

static int header_number(FILE *f, const char *key, const char *fmt, void *out) {
    char v[128];
    return header_line(f, key, v, sizeof v) == 0 && sscanf(v, fmt, out) == 1 ? 0 : -1;
}

static int read_args(FILE *f, shard_header *h) {
    if (header_number(f, "args", "%d", &h->argc) || h->argc < 1 || h->argc > MAX_ARGS) return -1;
    h->argv = calloc((size_t)h->argc + 1, sizeof *h->argv);
    if (!h->argv) return -1;
    for (int i = 0; i < h->argc; i++) {
        long len;
        if (fscanf(f, "arg %ld", &len) != 1 || len < 0 || len > MAX_ARG_BYTES || fgetc(f) != ' ')
            return -1;
        if (!(h->argv[i] = malloc((size_t)len + 1))) return -1;
        if (fread(h->argv[i], 1, (size_t)len, f) != (size_t)len || fgetc(f) != '\n') return -1;
        h->argv[i][len] = '\0';
        if (strlen(h->argv[i]) != (size_t)len) return -1;
    }
    return 0;
}

/* The header of an open shard file, up to and including "slots N". 0, or -1 when the file is
 * not a shard file of this version (h->arena may tell whose it is). */
static int read_header(FILE *f, shard_header *h) {
    char v[128];
    memset(h, 0, sizeof *h);
    if (header_line(f, "dmap-shard", v, sizeof v) || strcmp(v, "1") != 0) return -1;
    if (header_line(f, "arena", h->arena, sizeof h->arena)) return -1;
    if (header_line(f, "abi", h->abi, sizeof h->abi)) return -1;
    if (header_number(f, "fingerprint", "%" SCNx64, &h->fingerprint)) return -1;
    if (header_number(f, "seed", "%" SCNu64, &h->seed)) return -1;
    if (header_number(f, "games", "%ld", &h->games) || h->games < 0) return -1;
    if (header_line(f, "shard", v, sizeof v) || parse_shard(v, &h->k, &h->n)) return -1;
    if (header_number(f, "slot-size", "%zu", &h->slot_size) || h->slot_size == 0) return -1;
    if (read_args(f, h)) return -1;
    if (header_number(f, "slots", "%ld", &h->count)) return -1;
    return 0;
}

/* The file's fail flags and slots into their games' places in m; checks the trailer. */
static int read_slots(FILE *f, const shard_header *h, kit_merged *m) {
    unsigned char *fails = malloc((size_t)(h->count ? h->count : 1));
    unsigned char *slot = malloc(h->slot_size);
    int rc = -1;
    if (fails && slot && fread(fails, 1, (size_t)h->count, f) == (size_t)h->count) {
        uint64_t sum = fnv1a(FNV_START, fails, (size_t)h->count);
        long j = 0;
        for (; j < h->count; j++) {
            if (fread(slot, 1, h->slot_size, f) != h->slot_size) break;
            sum = fnv1a(sum, slot, h->slot_size);
            long index = (h->k - 1) + j * h->n;
            memcpy(m->slots + (size_t)index * h->slot_size, slot, h->slot_size);
            m->fails[index] = fails[j] != 0;
        }
        uint64_t end = 0;
        if (j == h->count && fscanf(f, "end %" SCNx64, &end) == 1 && end == sum && fgetc(f) == '\n' &&
            fgetc(f) == EOF)
            rc = 0;
    }
    free(fails);
    free(slot);
    return rc;
}

/* The tournament every file must belong to: the first file's. */
static int same_tournament(const shard_header *a, const shard_header *b) {
    return a->fingerprint == b->fingerprint && a->seed == b->seed && a->games == b->games &&
           a->n == b->n && a->slot_size == b->slot_size && a->argc == b->argc;
}

static void merged_free(kit_merged *m) {
    free_args(m->argv, m->argc);
    free(m->slots);
    free(m->fails);
}

/* What is wrong with file's header h, as one line on stderr (-1), or 0: it must be a shard
 * file of prog written on this kind of machine, of the first file's tournament (first_file,
 * NULL for the first file itself), with the games of its shard, a shard not yet given. */
static int check_header(const char *prog, const char *file, const shard_header *h,
                        const char *first_file, const shard_header *first, const char **owner) {
    char abi[64];
    abi_tag(abi, sizeof abi);
    if (strcmp(h->arena, prog) != 0)
        return kit_fail(prog, "merge: '%.200s' is a shard file of %.60s, not of %s", file,
                        h->arena, prog);
    if (strcmp(h->abi, abi) != 0)
        return kit_fail(prog, "merge: '%.200s' was written on another kind of machine (%s; this one: %s)",
                        file, h->abi, abi);
    if (first_file && !same_tournament(first, h))
        return kit_fail(prog, "merge: '%.200s' belongs to another tournament than '%.200s' "
                              "(fingerprint %016" PRIx64 ", shards of %ld; there %016" PRIx64 ", shards of %ld)",
                        file, first_file, h->fingerprint, h->n, first->fingerprint, first->n);
    long want = kit_shard_games(h->games, h->k, h->n);
    if (h->count != want)
        return kit_fail(prog, "merge: '%.200s' holds %ld games, shard %ld/%ld has %ld", file,
                        h->count, h->k, h->n, want);
    if (first_file && owner[h->k - 1])
        return kit_fail(prog, "merge: shard %ld/%ld is given twice ('%.200s' and '%.200s')", h->k,
                        h->n, owner[h->k - 1], file);
    return 0;
}

/* The first file's header makes the tournament: m takes its arguments (h->argv moves to m)
 * and gets a place for every game; *owner a place per shard. 0, or -1 (said why). */
static int take_tournament(const char *prog, const char *file, shard_header *h, kit_merged *m,
                           const char ***owner) {
    m->argc = h->argc;
    m->argv = h->argv;
    h->argv = NULL;
    m->first_file = file;
    m->fingerprint = h->fingerprint;
    m->seed = h->seed;
    m->games = h->games;
    m->slot_size = h->slot_size;
    m->slots = calloc((size_t)(h->games ? h->games : 1), h->slot_size);
    m->fails = calloc((size_t)(h->games ? h->games : 1), 1);
    *owner = calloc((size_t)h->n, sizeof **owner);
    return !m->slots || !m->fails || !*owner ? kit_fail(prog, "merge: out of memory") : 0;
}

/* Reads files[0..n-1] into m: one tournament, of this arena and build, each shard once. */
static int read_shard_files(const char *prog, char **files, int n, kit_merged *m) {
    shard_header first = {0};
    const char **owner = NULL; /* owner[k - 1]: the file holding shard k */
    int rc = 0;
    for (int i = 0; i < n && rc == 0; i++) {
        shard_header h;
        FILE *f = fopen(files[i], "rb");
        if (!f) {
            rc = kit_fail(prog, "merge: cannot read '%.200s': %s", files[i], strerror(errno));
            break;
        }
        if (read_header(f, &h))
            rc = h.arena[0] && strcmp(h.arena, prog) != 0
                     ? kit_fail(prog, "merge: '%.200s' is a shard file of %.60s, not of %s",
                                files[i], h.arena, prog)
                     : kit_fail(prog, "merge: '%.200s' is not a shard file (or is damaged)", files[i]);
        else
            rc = check_header(prog, files[i], &h, i > 0 ? files[0] : NULL, &first, owner);
        if (rc == 0 && i == 0) {
            first = h;
            first.argv = NULL;
            rc = take_tournament(prog, files[0], &h, m, &owner);
        }
        if (rc == 0 && read_slots(f, &h, m))
            rc = kit_fail(prog, "merge: '%.200s' is cut short or damaged (its checksum does not match)",
                          files[i]);
        if (rc == 0) owner[h.k - 1] = files[i];
        free_args(h.argv, h.argc);
        fclose(f);
    }
    for (long k = 1; rc == 0 && k <= first.n; k++)
        if (!owner[k - 1]) rc = kit_fail(prog, "merge: shard %ld/%ld is missing", k, first.n);
    free(owner);
    return rc;
}

int kit_merge_command(const char *prog, int argc, char **argv, kit_tournament_fn tournament) {
    if (argc >= 2 && strcmp(argv[1], "--help") == 0) {
        printf("usage: %s merge FILE...\n"
               "  the shard files of one tournament (tournament --shard K/N --out FILE), one per\n"
               "  shard 1..N in any order; prints the table the tournament prints when it plays\n"
               "  every game in one process\n", prog);
        return 0;
    }
    for (int i = 1; i < argc; i++)
        if (strncmp(argv[i], "--", 2) == 0) return kit_unknown_option(prog, "merge", argv[i]), KIT_EXIT_USAGE;
    if (argc < 2) return kit_fail(prog, "merge: give the shard files (merge FILE...)"), KIT_EXIT_USAGE;
    kit_merged m;
    memset(&m, 0, sizeof m);
    int rc = read_shard_files(prog, argv + 1, argc - 1, &m);
    if (rc == 0) {
        char **args = calloc((size_t)m.argc + 1, sizeof *args); /* the arena may reorder argv */
        if (!args) rc = kit_fail(prog, "merge: out of memory");
        else {
            memcpy(args, m.argv, (size_t)m.argc * sizeof *args);
            rc = tournament(m.argc, args, &m);
            free(args);
        }
    } else {
        rc = 1;
    }
    merged_free(&m);
    return rc;
}

/* ---- the choice ------------------------------------------------------------------------- */

static int take_merged(const kit_tournament *t, const kit_shard *s, void *results, long *failed) {
    const kit_merged *m = s->merged;
    if (m->games != t->games || m->slot_size != kit_slot_size(t) || m->seed != t->seed)
        return kit_fail(s->prog, "merge: '%.200s' was written by another build of %s (slots of %zu "
                                 "bytes, this one's %zu)",
                        m->first_file, s->prog, m->slot_size, kit_slot_size(t));
    if (t->games > 0) memcpy(results, m->slots, (size_t)t->games * kit_slot_size(t));
    long n = 0;
    for (long i = 0; i < t->games; i++) n += m->fails[i];
    *failed = n;
    return KIT_SHARD_TABLE;
}

/* How many MPI ranks started this process, by Open MPI's environment (1: none). */
static long mpi_ranks_around(void) {
    const char *v = getenv("OMPI_COMM_WORLD_SIZE");
    return v ? strtol(v, NULL, 10) : 1;
}

int kit_tournament_play(const kit_tournament *t, const kit_shard *s, void *results, long *failed) {
    long dummy;
    if (!failed) failed = &dummy;
    *failed = 0;
    if (s->merged) return take_merged(t, s, results, failed);
    if (ranks_play && s->n > 0)
        return kit_fail(s->prog, "--shard: not with the MPI program (its ranks are the shards)");
    if (s->n > 0) return play_shard(t, s, failed);
    if (ranks_play) return ranks_play(t, results, failed);
    long ranks = mpi_ranks_around();
    if (ranks > 1)
        return kit_fail(s->prog, "started as one of %ld MPI ranks: run %s-mpi under mpirun (or "
                                 "give --shard K/N)", ranks, s->prog);
    if (kit_tournament_run(t, results, failed))
        return kit_fail(s->prog, "tournament: could not start the games (threads or memory)");
    return KIT_SHARD_TABLE;
}
