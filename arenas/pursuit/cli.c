/* cli.c — what the `pursuit` program's commands share (cli.h). */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "kit/data.h"
#include "kit/param.h"

static const pursuit_bot *seat_lookup(const char *opt, pursuit_role role, const char *name,
                                      const kit_outside_opts *o) {
    static const kit_outside_opts defaults = {PCLI_FIRST_LIMIT_MS, PCLI_LIMIT_MS, NULL,
                                              KIT_STDERR_DISCARD, 0};
    if (strncmp(name, "cmd:", 4) == 0)
        return (const pursuit_bot *)kit_outside_seat(ARENA_PROG, opt, name,
                                                     &pursuit_bot_outside.info,
                                                     sizeof pursuit_bot_outside,
                                                     o ? o : &defaults);
    return (const pursuit_bot *)kit_bot_spec(ARENA_PROG, opt, pursuit_seat_bots(role), name,
                                             "or cmd:PROGRAM ARGS");
}

void pcli_free_bots(const pursuit_bot *const *bots, size_t n) {
    for (size_t i = 0; i < n; i++) {
        const kit_bot_info *info = bots[i] ? &bots[i]->info : NULL;
        if (info) kit_outside_free(&info, 1);
    }
}

int pcli_seat_bots(const char *opt, char *list, const kit_outside_opts *o,
                   const pursuit_bot *out[2]) {
    char *items[2];
    int count = 0;
    if (kit_split_bots(ARENA_PROG, opt, list, 2, 2, NULL, items, &count)) return PCLI_USAGE;
    static const char *const seat_names[2] = {"predator", "prey"};
    for (int r = 0; r < 2; r++) {
        char seat_opt[64];
        snprintf(seat_opt, sizeof seat_opt, "%s (%s)", opt, seat_names[r]);
        if (!(out[r] = seat_lookup(seat_opt, (pursuit_role)r, items[r], o))) {
            if (r == 1) pcli_free_bots(out, 1);
            out[0] = NULL;
            return PCLI_USAGE;
        }
    }
    return 0;
}

int pcli_bot_list(const char *opt, char *list, pursuit_role role, const kit_outside_opts *o,
                  const pursuit_bot **out, size_t *n) {
    char *items[PCLI_MAX_BOTS];
    int count = 0;
    if (kit_split_bots(ARENA_PROG, opt, list, 1, PCLI_MAX_BOTS, NULL, items, &count))
        return PCLI_USAGE;
    for (int i = 0; i < count; i++)
        if (!(out[i] = seat_lookup(opt, role, items[i], o))) {
            pcli_free_bots(out, (size_t)i);
            return PCLI_USAGE;
        }
    *n = (size_t)count;
    return 0;
}

int pcli_role_lists(char *list, char *seat[2], size_t cap) {
    char *items[2 * PCLI_MAX_BOTS];
    int n = 0;
    if (kit_split_bots(ARENA_PROG, "--bots", list, 1, 2 * PCLI_MAX_BOTS, NULL, items, &n))
        return PCLI_USAGE;
    for (int i = 0; i < n; i++) {
        char base[64];
        snprintf(base, sizeof base, "%.*s", (int)strcspn(items[i], ":"), items[i]);
        int outside = !strncmp(items[i], "cmd:", 4), found = 0;
        for (int r = 0; r < 2; r++)
            if (outside || pursuit_bot_find(base, (pursuit_role)r)) {
                size_t at = strlen(seat[r]);
                snprintf(seat[r] + at, cap - at, "%s%s", at ? "," : "", items[i]);
                found = 1;
            }
        if (!found) { /* the kit's line, the known names those of both seats */
            const char *known[2 * PCLI_MAX_BOTS + 8];
            int nk = 0;
            for (int r = 0; r < 2; r++)
                for (int b = 0; b < pursuit_seat_bots((pursuit_role)r)->n; b++) {
                    const char *name = pursuit_seat_bots((pursuit_role)r)->bots[b]->name;
                    int k = 0;
                    while (k < nk && strcmp(known[k], name)) k++;
                    if (k == nk && nk < (int)(sizeof known / sizeof *known)) known[nk++] = name;
                }
            return kit_unknown_bot(ARENA_PROG, "--bots", items[i], known, nk, "or cmd:PROGRAM ARGS"), PCLI_USAGE;
        }
    }
    if (!seat[0][0] || !seat[1][0])
        return pcli_fail("--bots: no %s among them (see pursuit bots)", seat[0][0] ? "prey" : "predator");
    return 0;
}

void pcli_common_defaults(pcli_common *c) {
    c->size = PURSUIT_DEFAULT_SIZE;
    c->walls = PURSUIT_DEFAULT_WALLS;
    c->clocks = PURSUIT_DEFAULT_CLOCKS;
    c->seed = 1;
}

/* --size WxH: pursuit worlds are square, so W must equal H. */
static int parse_square_size(const char *opt, const char *v, long *size) {
    long w, h;
    if (kit_parse_size(ARENA_PROG, opt, v, 2, 4096, &w, &h)) return PCLI_USAGE;
    if (w != h) return pcli_fail("invalid value for %s: '%s' (pursuit worlds are square)", opt, v);
    *size = w;
    return 0;
}

int pcli_common_option(int argc, char **argv, int *i, pcli_common *c) {
    const char *opt = argv[*i], *v;
    int is_size = !strcmp(opt, "--size"), is_walls = !strcmp(opt, "--walls");
    int is_clocks = !strcmp(opt, "--clocks"), is_seed = !strcmp(opt, "--seed");
    if (!is_size && !is_walls && !is_clocks && !is_seed) return 0;
    if (!(v = pcli_value(argc, argv, i))) return -PCLI_USAGE;
    int rc = is_size     ? parse_square_size(opt, v, &c->size)
             : is_walls  ? pcli_double(opt, v, 0.0, 0.95, &c->walls)
             : is_clocks ? pcli_long(opt, v, 1, 1000000, &c->clocks)
                         : pcli_seed(opt, v, &c->seed);
    return rc ? -PCLI_USAGE : 1;
}

int pcli_world_error(int rc, long size, double walls) {
    return pcli_fail("cannot make a random %ldx%ld world with walls %g: %s", size, size, walls,
                     dmap_strerror(rc));
}

int pcli_load_world(const char *path, pursuit_world *w) {
    dmap_diag diag = {0, ""};
    int rc = pursuit_world_load(path, w, &diag);
    if (rc == DMAP_OK) return 0;
    if (diag.line > 0) return pcli_fail("%s:%d: %s", path, diag.line, diag.message);
    return pcli_fail("%s: %s", path, diag.message[0] ? diag.message : dmap_strerror(rc));
}

int pcli_data_dir(const char *given, char *out, size_t cap) {
    return kit_data_dir(ARENA_PROG, "pursuit", given, out, cap) ? PCLI_USAGE : 0;
}

void pcli_render_start(const pursuit_world *w) {
    printf("clock 0:\n");
    pursuit_render(stdout, &w->grid, w->predator, w->prey);
}

void pcli_render_clock(void *ctx, int clock, char pm, char ym, int predator, int prey) {
    const dmap_grid *grid = ctx;
    printf("clock %d: predator %c, prey %c%s\n", clock, pm, ym,
           pursuit_prey_rests(clock) ? " (rests)" : "");
    pursuit_render(stdout, grid, predator, prey);
}

