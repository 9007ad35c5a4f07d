/* cli.c — what the `kutulu` program's commands share (cli.h). */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kit/data.h"
#include "kit/outside.h"
#include "kit/param.h"

int kcli_load_maps(const char *data_dir, kt_mapset *maps) {
    char dir[4096], path[4200], err[512];
    if (kit_data_dir(ARENA_PROG, "kutulu", data_dir, dir, sizeof dir)) return KIT_EXIT_USAGE;
    snprintf(path, sizeof path, "%s/maps", dir);
    if (kt_mapset_load(path, maps, err, sizeof err)) return kcli_fail("%s", err);
    return 0;
}

int kcli_int64(const char *opt, const char *s, int64_t *out) {
    char *end;
    errno = 0;
    long long v = strtoll(s, &end, 10);
    if (end == s || *end || errno || !((*s >= '0' && *s <= '9') || *s == '-'))
        return kcli_fail("invalid value for %s: '%.60s' (need an integer from %lld to %lld)", opt,
                         s, (long long)INT64_MIN, (long long)INT64_MAX);
    *out = (int64_t)v;
    return 0;
}

int kcli_bot_stderr(const char *v, int dflt, int *fd) {
    kit_outside_opts o = {0, 0, v, dflt, 0};
    if (kit_outside_opts_open(ARENA_PROG, &o, dflt)) return KIT_EXIT_USAGE;
    *fd = o.stderr_fd;
    return 0;
}

int kcli_bots(const char *opt, char *s, char *specs[KT_PLAYERS]) {
    int n = 0;
    if (kit_split_bots(ARENA_PROG, opt, s, KT_PLAYERS, KT_PLAYERS, NULL, specs, &n))
        return KIT_EXIT_USAGE;
    for (int i = 0; i < n; i++) {
        if (strncmp(specs[i], "cmd:", 4) == 0) continue;
        const kit_bot_info *seat =
            kit_bot_spec(ARENA_PROG, opt, &kt_bot_table, specs[i], "or cmd:PROGRAM ARGS");
        if (!seat) return KIT_EXIT_USAGE;
        kit_param_seat_free(seat); /* checked; the players read the spec again */
    }
    return 0;
}

void kcli_render(FILE *out, const kt_game *g) {
    const kt_map *m = g->map;
    char grid[KT_MAX_CELLS];
    for (int c = 0; c < m->w * m->h; c++) grid[c] = m->cells[c] == 'S' ? '.' : m->cells[c];
    for (int c = 0; c < m->w * m->h; c++)
        if (g->light[c] && grid[c] == '.') grid[c] = ':';
    for (int k = 0; k < g->nminions; k++)
        grid[g->minions[k].cell] = g->minions[k].type == KT_WANDERER
                                       ? (g->minions[k].state == KT_SPAWNING ? 'v' : 'W')
                                       : 'X';
    for (int i = KT_PLAYERS - 1; i >= 0; i--)
        if (g->ex[i].active) grid[g->ex[i].cell] = (char)('0' + i);
    fprintf(out, "turn %d\n", g->turn - 1);
    for (int y = 0; y < m->h; y++) fprintf(out, "%.*s\n", m->w, grid + y * m->w);
    for (int i = 0; i < KT_PLAYERS; i++) {
        if (g->ex[i].active)
            fprintf(out, "  %d: sanity %d plans %d lights %d\n", i, g->ex[i].sanity,
                    g->ex[i].plans, g->ex[i].lights);
        else
            fprintf(out, "  %d: out, score %d\n", i, g->ex[i].score);
    }
}

int kcli_observe(void *ctx, const kt_game *g, char lines[KT_PLAYERS][KT_ANSWER_MAX],
                 const unsigned char played[KT_PLAYERS], kt_player *const players[KT_PLAYERS],
                 char *err, size_t errlen) {
    const kcli_watch *w = ctx;
    if (w->render) {
        printf("actions:");
        for (int i = 0; i < KT_PLAYERS; i++) printf(" | %s", played[i] ? lines[i] : "-");
        printf("\n");
        kcli_render(stdout, g);
    }
    if (w->replay)
        return kt_replay_write_turn(w->replay, g, lines, played, w->maps ? players : NULL, err,
                                    errlen);
    return 0;
}
