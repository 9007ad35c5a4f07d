/* cmd_tournament_play.c — one world of `pursuit tournament` (cmd_tournament.h): the data
 * worlds loaded once, then on the runner's threads every pairing's game on a random world or
 * a data world, with what --breakdown counts (the initial distance, how the prey played). */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd_tournament.h"

size_t pt_world_size(const pt_tournament *t) {
    return sizeof(pt_world) + t->npred * t->nprey * sizeof(pt_outcome);
}

int pt_prepare(pt_tournament *t, uint64_t seed) {
    t->common.seed = seed;
    t->pairs = calloc(t->npred * t->nprey, sizeof *t->pairs);
    t->world_seeds = malloc((size_t)(t->worlds ? t->worlds : 1) * sizeof *t->world_seeds);
    if (!t->pairs || !t->world_seeds) return -1;
    for (size_t i = 0; i < t->npred * t->nprey; i++)
        t->pairs[i].predator = t->predators[i / t->nprey], t->pairs[i].prey = t->preys[i % t->nprey];
    dmap_rng master; /* world i's seed: the same for any --jobs */
    dmap_rng_seed(&master, seed);
    for (long i = 0; i < t->worlds; i++) {
        uint64_t hi = dmap_rng_next(&master);
        t->world_seeds[i] = (hi << 32) | dmap_rng_next(&master);
    }
    return 0;
}

void pt_free(void *arena) {
    pt_tournament *t = arena;
    pcli_free_bots(t->predators, t->npred);
    pcli_free_bots(t->preys, t->nprey);
    for (size_t k = 0; k < t->ndata; k++) pursuit_world_free(&t->data_worlds[k]), free(t->data_names[k]);
    free(t->pairs);
    free(t->world_seeds);
}

static int compare_names(const void *a, const void *b) {
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static int ends_with(const char *s, const char *suffix) {
    size_t n = strlen(s), k = strlen(suffix);
    return n >= k && strcmp(s + n - k, suffix) == 0;
}

int pt_load_data_worlds(pt_tournament *t) {
    DIR *d = opendir(t->data_dir);
    if (!d) return pcli_fail("%s: cannot list the worlds", t->data_dir);
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (!ends_with(e->d_name, ".dat")) continue;
        if (t->ndata == PT_MAX_DATA_WORLDS) {
            closedir(d);
            return pcli_fail("%s: more than %d worlds", t->data_dir, PT_MAX_DATA_WORLDS);
        }
        char *name = malloc(strlen(e->d_name) + 1);
        if (!name) {
            closedir(d);
            return pcli_fail("out of memory");
        }
        strcpy(name, e->d_name);
        t->data_names[t->ndata++] = name;
    }
    closedir(d);
    qsort(t->data_names, t->ndata, sizeof t->data_names[0], compare_names);
    for (size_t k = 0; k < t->ndata; k++) {
        char path[4200];
        snprintf(path, sizeof path, "%s/%s", t->data_dir, t->data_names[k]);
        if (pcli_load_world(path, &t->data_worlds[k])) return PCLI_USAGE;
    }
    return 0;
}

/* The bucket of the initial predator-prey path distance; -1 when memory ran out. */
static int distance_bucket(const pursuit_world *w) {
    dmap_moves four = dmap_moves_4();
    int *depth = malloc((size_t)w->grid.w * (size_t)w->grid.h * sizeof *depth);
    if (!depth) return -1;
    int rc = dmap_bfs(&w->grid, &four, &w->predator, 1, -1, depth, NULL, NULL);
    int d = rc == DMAP_OK ? depth[w->prey] : 0;
    free(depth);
    if (rc == DMAP_ERR_NOMEM) return -1;
    if (d < 1) return 0;
    int b = (d - 1) / 2;
    return b < PT_BUCKETS ? b : PT_BUCKETS - 1;
}

/* What the observer of one game counts (see pt_outcome). */
typedef struct prey_watch {
    const unsigned char *dead; /* the world's dead-end cells */
    int prey, free, still;
} prey_watch;

static void watch_prey(void *ctx, int clock, char pm, char ym, int predator, int prey) {
    prey_watch *pw = ctx;
    (void)pm, (void)ym, (void)predator;
    if (!pursuit_prey_rests(clock)) {
        pw->free++;
        pw->still += prey == pw->prey;
    }
    pw->prey = prey;
}

/* dead[i] = 1 for the cells dead-end burying fills when nothing is protected: pockets and
 * corridors that lead nowhere. 0 or an error code. */
static int mark_dead_ends(const dmap_grid *g, unsigned char *dead) {
    dmap_grid copy;
    int rc = dmap_grid_init(&copy, g->w, g->h);
    if (rc != DMAP_OK) return rc;
    memcpy(copy.wall, g->wall, (size_t)g->w * (size_t)g->h);
    rc = dmap_bury_dead_ends(&copy, NULL, 0, 0, dead, NULL, NULL);
    dmap_grid_free(&copy);
    return rc;
}

static int play_pairings(const pt_tournament *t, const pursuit_world *w, uint64_t seed,
                         pt_world *slot) {
    pursuit_config cfg = pursuit_config_default();
    cfg.clocks = (int)t->common.clocks;
    cfg.seed = seed;
    unsigned char *dead = malloc((size_t)w->grid.w * (size_t)w->grid.h);
    int rc = dead ? mark_dead_ends(&w->grid, dead) : DMAP_ERR_NOMEM;
    for (size_t i = 0; i < t->npred * t->nprey && rc == DMAP_OK; i++) {
        const pt_pairing *pr = &t->pairs[i];
        pursuit_result res;
        prey_watch pw = {dead, w->prey, 0, 0};
        rc = pursuit_play(w, pr->predator, pr->prey, &cfg, watch_prey, &pw, &res);
        if (rc != DMAP_OK) break;
        pt_outcome *g = &slot->games[i];
        g->predator_won = res.predator_won;
        g->clock = res.clock;
        g->prey_free = pw.free;
        g->prey_still = pw.still;
        g->ended_in_dead_end = dead[pw.prey];
        for (int r = 0; r < 2; r++) {
            g->decide_ns[r] = res.decide_ns[r];
            g->decisions[r] = res.decisions[r];
            g->ended[r] = res.ended[r];
        }
    }
    free(dead);
    return rc;
}

/* World `index`: random world `index`, or after the random worlds the data worlds, 2 * M
 * games each, alternating the world's own start (the bots' seed varies) and a random start on
 * its obstacles; game_seed is the game's seed of the kit (kit_seat_alone). */
static int play(const pt_tournament *t, long index, uint64_t game_seed, pt_world *slot) {
    pursuit_world w;
    if (index >= t->worlds) {
        long r = index - t->worlds;
        const pursuit_world *fixed = &t->data_worlds[r / (2 * t->data_games)];
        if (r % 2 == 0) return play_pairings(t, fixed, game_seed, slot);
        int rc = pursuit_world_random_start(fixed, game_seed, &w);
        if (rc == DMAP_OK) rc = play_pairings(t, &w, game_seed, slot);
        pursuit_world_free(&w);
        return rc;
    }
    uint64_t seed = t->world_seeds[index];
    int rc = pursuit_world_random(&w, (int)t->common.size, t->common.walls, seed);
    if (rc != DMAP_OK) return rc;
    slot->bucket = distance_bucket(&w);
    rc = slot->bucket < 0 ? DMAP_ERR_NOMEM : play_pairings(t, &w, seed, slot);
    pursuit_world_free(&w);
    return rc;
}

int pt_play_world(void *ctx, const kit_seating *s, int *rank, void *record, char *why, size_t cap) {
    pt_world *slot = record;
    (void)rank;
    slot->rc = play(ctx, s->game, s->game_seed, slot);
    if (slot->rc != DMAP_OK) snprintf(why, cap, "%s", dmap_strerror(slot->rc));
    return slot->rc != DMAP_OK;
}
