/* cmd_tournament.c — `pursuit tournament`: every predator against every prey on the same N
 * seeded random worlds, and on the worlds of the data folder from their own start (M bot seeds)
 * and from M random starts; prints survival rates with Wilson 95% intervals, mean capture clocks with
 * their 95% intervals and each bot's mean decision time. Games run on the kit's tournament
 * runner (--jobs); the tables are the same for any number of jobs. */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "kit/stats.h"
#include "kit/shard.h"
#include "kit/tournament.h"

#define MAX_DATA_WORLDS 16
#define NBUCKETS 5 /* initial distance buckets for --breakdown: 1-2, 3-4, 5-6, 7-8, 9+ */
#define DEFAULT_DATA_GAMES 200
#define DASH "\xe2\x80\x93" /* an en dash: no games, no rate */

static const char tournament_help[] =
    "usage: pursuit tournament --predators A,B --preys C,D --games N [--size WxH] [--walls P]\n"
    "                          [--clocks N] [--seed S] [--data-games M] [--data DIR]\n"
    "                          [--jobs J] [--breakdown]\n"
    "                          [--first-limit MS] [--limit MS] [--bot-stderr W]\n"
    "  Plays every predator against every prey on the same N random worlds (seeded by S; one\n"
    "  game per pairing on each) and on the worlds (*.dat) of the data folder (--data DIR, by\n"
    "  default the data folder beside the program or in its install prefix): M games per\n"
    "  pairing from each world's own start (the bots' seeds vary) and M from random starts on\n"
    "  its obstacles (--data-games M, default 200; 0: no data worlds, no data folder needed).\n"
    "  Prints the prey's survival rate with a 95% Wilson interval, the mean capture clock\n"
    "  (+- its 95% half-width) and each bot's mean decision time per move.\n"
    "  --predators, --preys  the bots of each seat (pursuit bots lists them)\n"
    "  --jobs J      games on J threads (default 0: every online core); same tables for any J\n"
    "  --breakdown   also the survival rate by the initial predator-prey path distance, and\n"
    "                how the prey played (stood still; games ending on a dead-end cell)\n"
    "  A progress line is drawn on stderr when it is a terminal.\n"
    "  A bot may be cmd:PROGRAM ARGS, an outside program (README, \"Outside programs\"); then a\n"
    "  last table says why its players were ended. --first-limit MS, --limit MS: its time\n"
    "  limits (default 1000 and 1000); --bot-stderr W: discard (the default), inherit, a FILE.\n"
    "  --shard K/N --out FILE  play only the worlds i with i % N == K-1 (random worlds first,\n"
    "                then the data worlds' games) and write their results to FILE; `pursuit\n"
    "                merge` prints the tables of shards 1..N.\n";

typedef struct pairing {
    const pursuit_bot *predator, *prey;
    long games, prey_wins;
    kit_mean capture_clock;
    long bucket_games[NBUCKETS], bucket_wins[NBUCKETS];
    kit_mean still;                 /* per game: share of its free clocks the prey stood still */
    long dead_survivals, dead_captures; /* games ending with the prey on a dead-end cell */
    /* per data world: [0] from its own start, [1] from random starts */
    long data_games[MAX_DATA_WORLDS][2], data_wins[MAX_DATA_WORLDS][2];
    kit_mean data_clock[MAX_DATA_WORLDS][2];
} pairing;

/* A bot's decision time in one seat (random plays both). */
typedef struct bot_time {
    const pursuit_bot *bot;
    pursuit_role role;
    double ns;
    long moves;
    kit_end_tally ended;
} bot_time;

typedef struct tournament {
    const pursuit_bot *predators[PCLI_MAX_BOTS], *preys[PCLI_MAX_BOTS];
    size_t npred, nprey;
    long worlds;    /* --games: random worlds, one game per pairing on each */
    long data_games; /* --data-games: games per pairing, data world and kind of start */
    int jobs; /* --jobs: 0 = every online core */
    int breakdown;
    const char *data; /* --data DIR */
    pcli_common common;
    char *predators_arg, *preys_arg; /* looked up once the limits are known */
    kit_outside_opts outside;
    pairing *pairs; /* npred * nprey */
    bot_time times[2 * PCLI_MAX_BOTS];
    size_t ntimes;
    char data_dir[4096];
    char *data_names[MAX_DATA_WORLDS];
    pursuit_world data_worlds[MAX_DATA_WORLDS];
    size_t ndata;
    kit_shard shard;  /* --shard K/N --out FILE, or the slots of merged shard files */
    int elsewhere;    /* the tables are printed elsewhere (a shard file was written) */
} tournament;

static int parse_tournament(int argc, char **argv, tournament *t) {
    int have_pred = 0, have_prey = 0, have_worlds = 0;
    kit_opts seen = {{0}, 0};
    for (int i = 1; i < argc; i++) {
        const char *opt = argv[i];
        char *v;
        if (pcli_once(&seen, opt)) return PCLI_USAGE;
        int c = kit_shard_option(&t->shard, argc, argv, &i);
        if (c < 0) return PCLI_USAGE;
        if (c > 0) continue;
        c = pcli_common_option(argc, argv, &i, &t->common);
        if (c < 0) return PCLI_USAGE;
        if (c > 0) continue;
        if ((c = kit_outside_option(PCLI_PROG, argc, argv, &i, &t->outside)) != 0) {
            if (c < 0) return PCLI_USAGE;
            continue;
        }
        if (!strcmp(opt, "--breakdown")) {
            t->breakdown = 1;
            continue;
        }
        int known = !strcmp(opt, "--predators") || !strcmp(opt, "--preys") ||
                    !strcmp(opt, "--games") || !strcmp(opt, "--data") ||
                    !strcmp(opt, "--jobs") || !strcmp(opt, "--data-games");
        if (!known)
            return pcli_unknown("tournament", opt);
        if (!(v = pcli_value(argc, argv, &i))) return PCLI_USAGE;
        int rc = 0;
        if (!strcmp(opt, "--predators")) {
            have_pred = 1;
            t->predators_arg = v;
        } else if (!strcmp(opt, "--preys")) {
            have_prey = 1;
            t->preys_arg = v;
        } else if (!strcmp(opt, "--games")) {
            have_worlds = 1;
            rc = pcli_long(opt, v, 0, 100000000, &t->worlds);
        } else if (!strcmp(opt, "--data-games")) {
            rc = pcli_long(opt, v, 0, 1000000, &t->data_games);
        } else if (!strcmp(opt, "--jobs")) {
            rc = kit_parse_jobs(PCLI_PROG, opt, v, &t->jobs) ? PCLI_USAGE : 0;
        } else {
            t->data = v;
        }
        if (rc) return rc;
    }
    if (!have_pred) return pcli_fail("tournament: --predators is required");
    if (!have_prey) return pcli_fail("tournament: --preys is required");
    if (!have_worlds) return pcli_fail("tournament: --games is required");
    if (kit_shard_check(&t->shard)) return PCLI_USAGE;
    int rc = pcli_bot_list("--predators", t->predators_arg, PURSUIT_PREDATOR, &t->outside,
                           t->predators, &t->npred);
    if (!rc)
        rc = pcli_bot_list("--preys", t->preys_arg, PURSUIT_PREY, &t->outside, t->preys,
                           &t->nprey);
    if (!rc && kit_outside_opts_open(PCLI_PROG, &t->outside, KIT_STDERR_DISCARD)) rc = PCLI_USAGE;
    return rc;
}

static int compare_names(const void *a, const void *b) {
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static int ends_with(const char *s, const char *suffix) {
    size_t n = strlen(s), k = strlen(suffix);
    return n >= k && strcmp(s + n - k, suffix) == 0;
}

/* Load every *.dat of the data folder (sorted by name). 0 or PCLI_USAGE (printed). */
static int load_data_worlds(tournament *t) {
    DIR *d = opendir(t->data_dir);
    if (!d) return pcli_fail("%s: cannot list the worlds", t->data_dir);
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (!ends_with(e->d_name, ".dat")) continue;
        if (t->ndata == MAX_DATA_WORLDS) {
            closedir(d);
            return pcli_fail("%s: more than %d worlds", t->data_dir, MAX_DATA_WORLDS);
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

static bot_time *time_slot(tournament *t, const pursuit_bot *b, pursuit_role role) {
    for (size_t i = 0; i < t->ntimes; i++)
        if (t->times[i].bot == b && t->times[i].role == role) return &t->times[i];
    t->times[t->ntimes].bot = b;
    t->times[t->ntimes].role = role;
    return &t->times[t->ntimes++];
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
    return b < NBUCKETS ? b : NBUCKETS - 1;
}

/* One pairing's game on one world, as the worker thread saw it. */
typedef struct game_outcome {
    int predator_won, clock;
    double decide_ns[2];
    int decisions[2];
    kit_end ended[2]; /* why an outside program was ended */
    /* how the prey played: clocks it could move, clocks it stood still anyway, and whether
     * the game ended with the prey on a dead-end cell */
    int prey_free, prey_still, ended_in_dead_end;
} game_outcome;

/* What the observer of one game counts (see game_outcome). */
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

/* One world's slot: every pairing played on it (npred * nprey outcomes follow the header). */
typedef struct world_slot {
    int rc;     /* DMAP_OK, or why the world or a game failed */
    int bucket; /* initial distance bucket (random worlds) */
    game_outcome games[];
} world_slot;

/* What the worker threads read: the tournament (read-only while it runs) and the worlds'
 * seeds, drawn beforehand from one generator so world i is the same for any --jobs. */
typedef struct run_ctx {
    const tournament *t;
    const uint64_t *world_seeds;
} run_ctx;

static int play_pairings(const tournament *t, const pursuit_world *w, uint64_t seed,
                         world_slot *slot) {
    pursuit_config cfg = pursuit_config_default();
    cfg.clocks = (int)t->common.clocks;
    cfg.seed = seed;
    unsigned char *dead = malloc((size_t)w->grid.w * (size_t)w->grid.h);
    int rc = dead ? mark_dead_ends(&w->grid, dead) : DMAP_ERR_NOMEM;
    for (size_t i = 0; i < t->npred * t->nprey && rc == DMAP_OK; i++) {
        const pairing *pr = &t->pairs[i];
        pursuit_result res;
        prey_watch pw = {dead, w->prey, 0, 0};
        rc = pursuit_play(w, pr->predator, pr->prey, &cfg, watch_prey, &pw, &res);
        if (rc != DMAP_OK) break;
        game_outcome *g = &slot->games[i];
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

/* The kit's play function. Game `index` is random world `index`; after the random worlds come
 * the data worlds, 2 * data_games games each, alternating the world's own start (the bots' seed
 * varies) and a random start on its obstacles. */
static int play_world(void *ctx, long index, uint64_t game_seed, void *result) {
    const run_ctx *c = ctx;
    const tournament *t = c->t;
    world_slot *slot = result;
    if (index >= t->worlds) {
        long r = index - t->worlds;
        const pursuit_world *fixed = &t->data_worlds[r / (2 * t->data_games)];
        if (r % 2 == 0) {
            slot->rc = play_pairings(t, fixed, game_seed, slot);
            return slot->rc != DMAP_OK;
        }
        pursuit_world w;
        slot->rc = pursuit_world_random_start(fixed, game_seed, &w);
        if (slot->rc == DMAP_OK) slot->rc = play_pairings(t, &w, game_seed, slot);
        pursuit_world_free(&w);
        return slot->rc != DMAP_OK;
    }
    uint64_t seed = c->world_seeds[index]; /* the world seeds drawn in play_all_worlds */
    pursuit_world w;
    slot->rc = pursuit_world_random(&w, (int)t->common.size, t->common.walls, seed);
    if (slot->rc != DMAP_OK) return 1;
    slot->bucket = distance_bucket(&w);
    if (slot->bucket < 0)
        slot->rc = DMAP_ERR_NOMEM;
    else
        slot->rc = play_pairings(t, &w, seed, slot);
    pursuit_world_free(&w);
    return slot->rc != DMAP_OK;
}

/* world < 0: a random world; else data world `world`, start kind 0 (its own) or 1 (random). */
static void tally(tournament *t, const world_slot *slot, int world, int kind) {
    for (size_t i = 0; i < t->npred * t->nprey; i++) {
        pairing *pr = &t->pairs[i];
        const game_outcome *g = &slot->games[i];
        bot_time *tp = time_slot(t, pr->predator, PURSUIT_PREDATOR);
        bot_time *ty = time_slot(t, pr->prey, PURSUIT_PREY);
        tp->ns += g->decide_ns[PURSUIT_PREDATOR];
        tp->moves += g->decisions[PURSUIT_PREDATOR];
        ty->ns += g->decide_ns[PURSUIT_PREY];
        ty->moves += g->decisions[PURSUIT_PREY];
        kit_end_tally_add(&tp->ended, g->ended[PURSUIT_PREDATOR]);
        kit_end_tally_add(&ty->ended, g->ended[PURSUIT_PREY]);
        if (world >= 0) {
            pr->data_games[world][kind]++;
            if (g->predator_won)
                kit_mean_add(&pr->data_clock[world][kind], g->clock);
            else
                pr->data_wins[world][kind]++;
            continue;
        }
        pr->games++;
        pr->bucket_games[slot->bucket]++;
        if (g->prey_free > 0) kit_mean_add(&pr->still, (double)g->prey_still / g->prey_free);
        if (g->ended_in_dead_end) {
            if (g->predator_won)
                pr->dead_captures++;
            else
                pr->dead_survivals++;
        }
        if (g->predator_won) {
            kit_mean_add(&pr->capture_clock, g->clock);
        } else {
            pr->prey_wins++;
            pr->bucket_wins[slot->bucket]++;
        }
    }
}

static uint64_t next_seed(dmap_rng *r) {
    uint64_t hi = dmap_rng_next(r);
    return (hi << 32) | dmap_rng_next(r);
}

/* Every random world and every data world, on --jobs threads; then the tally, in world order. */
static int play_all_worlds(tournament *t) {
    long n = t->worlds + (long)t->ndata * 2 * t->data_games;
    size_t slot_size = sizeof(world_slot) + t->npred * t->nprey * sizeof(game_outcome);
    uint64_t *seeds = malloc((size_t)(t->worlds ? t->worlds : 1) * sizeof *seeds);
    unsigned char *slots = calloc((size_t)(n ? n : 1), slot_size);
    if (!seeds || !slots) {
        free(seeds);
        free(slots);
        return pcli_fail("tournament: out of memory");
    }
    dmap_rng master;
    dmap_rng_seed(&master, t->common.seed);
    for (long i = 0; i < t->worlds; i++) seeds[i] = next_seed(&master);
    run_ctx ctx = {t, seeds};
    kit_tournament kt = {n, t->jobs, t->common.seed, slot_size, play_world, &ctx, "worlds", -1};
    long failed = 0;
    int where = kit_tournament_play(&kt, &t->shard, slots, &failed);
    int rc = where < 0 ? 1 : where == KIT_SHARD_ELSEWHERE && failed ? 1 : 0;
    t->elsewhere = where == KIT_SHARD_ELSEWHERE;
    if (where != KIT_SHARD_TABLE) n = 0; /* nothing to tally here */
    for (long i = 0; i < n && !rc; i++) {
        const world_slot *slot = (const world_slot *)(slots + (size_t)i * slot_size);
        if (slot->rc == DMAP_ERR_ARG || slot->rc == DMAP_ERR_LIMIT || slot->rc == DMAP_ERR_SIZE)
            rc = i < t->worlds ? pcli_world_error(slot->rc, t->common.size, t->common.walls)
                               : pcli_fail("tournament: a game failed: %s",
                                           dmap_strerror(slot->rc));
        else if (slot->rc != DMAP_OK)
            rc = pcli_fail("tournament: a game failed: %s", dmap_strerror(slot->rc));
        else if (i < t->worlds)
            tally(t, slot, -1, 0);
        else
            tally(t, slot, (int)((i - t->worlds) / (2 * t->data_games)), (int)((i - t->worlds) % 2));
    }
    free(seeds);
    free(slots);
    return rc;
}

/* "12.3%" and "[ 10.1%,  14.6%]" for k of n, or dashes when n is 0. */
static void format_rate(long k, long n, char *rate, size_t rcap, char *ci, size_t ccap) {
    if (n == 0) {
        snprintf(rate, rcap, DASH);
        snprintf(ci, ccap, DASH);
        return;
    }
    double lo, hi;
    kit_wilson(k, n, 1.96, &lo, &hi);
    snprintf(rate, rcap, "%.1f%%", 100.0 * (double)k / (double)n);
    snprintf(ci, ccap, "[%5.1f%%, %5.1f%%]", 100 * lo, 100 * hi);
}

/* "10.38+-0.21": a mean capture clock and its 95% half-width, or a dash without captures. */
static void format_clock(const kit_mean *m, char *out, size_t cap) {
    if (m->n == 0)
        snprintf(out, cap, DASH);
    else
        snprintf(out, cap, "%.2f+-%.2f", kit_mean_value(m), kit_mean_halfwidth(m));
}

/* printf pads by bytes: a cell holding the 3-byte dash needs 2 more columns of room. */
static int pad(const char *cell, int width) { return strstr(cell, DASH) ? width + 2 : width; }

static void print_survival(const tournament *t) {
    printf("prey survival on %ld random %ldx%ld worlds (walls %.2f, seed %llu, %ld clocks)\n\n",
           t->worlds, t->common.size, t->common.size, t->common.walls,
           (unsigned long long)t->common.seed, t->common.clocks);
    printf("%-10s %-8s %7s %9s  %-17s %13s\n", "predator", "prey", "games", "survival", "95% CI",
           "capture clock");
    for (size_t i = 0; i < t->npred * t->nprey; i++) {
        const pairing *p = &t->pairs[i];
        char rate[32], ci[40], cap[40];
        format_rate(p->prey_wins, p->games, rate, sizeof rate, ci, sizeof ci);
        format_clock(&p->capture_clock, cap, sizeof cap);
        printf("%-10s %-8s %7ld %*s  %-*s %*s\n", p->predator->info.name, p->prey->info.name, p->games,
               pad(rate, 9), rate, pad(ci, 17), ci, pad(cap, 13), cap);
    }
}

/* A data world's name for a column header: the file name without ".dat", never cut. */
static void world_label(const char *file, char *out, size_t cap) {
    size_t n = strlen(file);
    if (n > 4 && !strcmp(file + n - 4, ".dat")) n -= 4;
    snprintf(out, cap, "%.*s", (int)n, file);
}

/* "  8.0% [ 5.0, 12.6] 17.1+-1.2": survival, its Wilson interval, the mean capture clock. */
static void format_data_cell(long k, long n, const kit_mean *clock, char *out, size_t cap) {
    if (n == 0) {
        snprintf(out, cap, DASH);
        return;
    }
    double lo, hi;
    kit_wilson(k, n, 1.96, &lo, &hi);
    char c[40];
    if (clock->n == 0)
        snprintf(c, sizeof c, DASH);
    else
        snprintf(c, sizeof c, "%.1f+-%.1f", kit_mean_value(clock), kit_mean_halfwidth(clock));
    snprintf(out, cap, "%5.1f%% [%4.1f, %5.1f] %s", 100.0 * (double)k / (double)n, 100 * lo,
             100 * hi, c);
}

/* One data world table: kind 0 (the worlds' own start) or 1 (random starts). */
static void print_data_table(const tournament *t, int kind) {
    printf("\n%s\n", kind == 0 ? "data worlds from their own start, the bots' seeds varying: "
                                 "prey survival % [95% CI] and mean capture clock +- 95%"
                               : "data worlds' obstacles from random starts: prey survival % "
                                 "[95% CI] and mean capture clock +- 95%");
    int width[MAX_DATA_WORLDS];
    printf("%-10s %-8s %6s", "predator", "prey", "games");
    for (size_t k = 0; k < t->ndata; k++) {
        char name[256], cell[128];
        world_label(t->data_names[k], name, sizeof name);
        width[k] = (int)strlen(name); /* the column fits its name and every cell, uncut */
        for (size_t i = 0; i < t->npred * t->nprey; i++) {
            const pairing *p = &t->pairs[i];
            format_data_cell(p->data_wins[k][kind], p->data_games[k][kind], &p->data_clock[k][kind],
                            cell, sizeof cell);
            int len = (int)strlen(cell) - (strstr(cell, DASH) ? 2 : 0);
            if (len > width[k]) width[k] = len;
        }
        printf("  %-*s", width[k], name);
    }
    printf("\n");
    for (size_t i = 0; i < t->npred * t->nprey; i++) {
        const pairing *p = &t->pairs[i];
        printf("%-10s %-8s %6ld", p->predator->info.name, p->prey->info.name, t->data_games);
        for (size_t k = 0; k < t->ndata; k++) {
            char cell[128];
            format_data_cell(p->data_wins[k][kind], p->data_games[k][kind],
                            &p->data_clock[k][kind], cell, sizeof cell);
            printf("  %-*s", pad(cell, width[k]), cell);
        }
        printf("\n");
    }
}

static void print_breakdown(const tournament *t) {
    static const char *names[NBUCKETS] = {"d1-2", "d3-4", "d5-6", "d7-8", "d9+"};
    printf("\nprey survival by initial path distance d (games in brackets)\n");
    printf("%-10s %-8s", "predator", "prey");
    for (int b = 0; b < NBUCKETS; b++) printf(" %16s", names[b]);
    printf("\n");
    for (size_t i = 0; i < t->npred * t->nprey; i++) {
        const pairing *p = &t->pairs[i];
        printf("%-10s %-8s", p->predator->info.name, p->prey->info.name);
        for (int b = 0; b < NBUCKETS; b++) {
            char cell[32];
            if (p->bucket_games[b])
                snprintf(cell, sizeof cell, "%5.1f%% (%ld)",
                         100.0 * (double)p->bucket_wins[b] / (double)p->bucket_games[b],
                         p->bucket_games[b]);
            else
                snprintf(cell, sizeof cell, "- (0)");
            printf(" %16s", cell);
        }
        printf("\n");
    }
}

/* How the preys played on the random worlds: what explains the survival table. */
static void print_play(const tournament *t) {
    printf("\nhow the prey played on the random worlds: stood still (mean share of the clocks it "
           "could move, +- 95%%);\nsurvivals and captures that ended with the prey on a dead-end "
           "cell (a cell burying fills) [95%% CI]\n");
    printf("%-10s %-8s %16s  %-26s %-26s\n", "predator", "prey", "stood still",
           "survived in a dead end", "caught in a dead end");
    for (size_t i = 0; i < t->npred * t->nprey; i++) {
        const pairing *p = &t->pairs[i];
        long caps = p->games - p->prey_wins;
        char still[40], sr[32], sc[40], cr[32], cc[40], a[80], b[80];
        if (p->still.n)
            snprintf(still, sizeof still, "%.1f%% +-%.1f", 100 * kit_mean_value(&p->still),
                     100 * kit_mean_halfwidth(&p->still));
        else
            snprintf(still, sizeof still, DASH);
        format_rate(p->dead_survivals, p->prey_wins, sr, sizeof sr, sc, sizeof sc);
        format_rate(p->dead_captures, caps, cr, sizeof cr, cc, sizeof cc);
        snprintf(a, sizeof a, "%6s %s", sr, p->prey_wins ? sc : "");
        snprintf(b, sizeof b, "%6s %s", cr, caps ? cc : "");
        printf("%-10s %-8s %*s  %-*s %-*s\n", p->predator->info.name, p->prey->info.name,
               pad(still, 16), still, pad(a, 26), a, pad(b, 26), b);
    }
}

static void print_times(const tournament *t) {
    printf("\n%-10s %-9s %10s %16s\n", "bot", "role", "moves", "mean us/move");
    for (size_t i = 0; i < t->ntimes; i++) {
        const bot_time *b = &t->times[i];
        printf("%-10s %-9s %10ld %16.3f\n", b->bot->info.name,
               b->role == PURSUIT_PREDATOR ? "predator" : "prey", b->moves,
               b->moves ? b->ns / (double)b->moves / 1000.0 : 0.0);
    }
    const char *names[2 * PCLI_MAX_BOTS];
    kit_end_tally ended[2 * PCLI_MAX_BOTS];
    for (size_t i = 0; i < t->ntimes; i++) names[i] = t->times[i].bot->info.name, ended[i] = t->times[i].ended;
    kit_print_ended(stdout, names, ended, (int)t->ntimes);
}

static int run_tournament(tournament *t) {
    if (t->data_games > 0 &&
        (pcli_data_dir(t->data, t->data_dir, sizeof t->data_dir) || load_data_worlds(t)))
        return PCLI_USAGE;
    t->pairs = calloc(t->npred * t->nprey, sizeof *t->pairs);
    if (!t->pairs) return pcli_fail("tournament: out of memory");
    for (size_t p = 0; p < t->npred; p++)
        for (size_t q = 0; q < t->nprey; q++) {
            t->pairs[p * t->nprey + q].predator = t->predators[p];
            t->pairs[p * t->nprey + q].prey = t->preys[q];
        }
    int rc = play_all_worlds(t);
    if (rc || t->elsewhere) return rc;
    print_survival(t);
    if (t->ndata && t->data_games > 0) {
        print_data_table(t, 0);
        print_data_table(t, 1);
    }
    if (t->breakdown) {
        print_breakdown(t);
        print_play(t);
    }
    print_times(t);
    return 0;
}

int cmd_tournament_from(int argc, char **argv, const kit_merged *merged) {
    if (kit_help_asked(argc, argv, tournament_help)) return 0;
    tournament *t = calloc(1, sizeof *t);
    if (!t) return pcli_fail("tournament: out of memory");
    kit_shard_init(&t->shard, PCLI_PROG, argc, argv, merged);
    pcli_common_defaults(&t->common);
    t->data_games = DEFAULT_DATA_GAMES;
    t->outside = (kit_outside_opts){PCLI_FIRST_LIMIT_MS, PCLI_LIMIT_MS, NULL, KIT_STDERR_DISCARD};
    int rc = parse_tournament(argc, argv, t);
    if (!rc) rc = run_tournament(t);
    kit_outside_opts_close(&t->outside);
    pcli_free_bots(t->predators, t->npred);
    pcli_free_bots(t->preys, t->nprey);
    for (size_t k = 0; k < t->ndata; k++) {
        pursuit_world_free(&t->data_worlds[k]);
        free(t->data_names[k]);
    }
    free(t->pairs);
    free(t);
    return rc;
}

int cmd_tournament(int argc, char **argv) { return cmd_tournament_from(argc, argv, NULL); }
