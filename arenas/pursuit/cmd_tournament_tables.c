/* cmd_tournament_tables.c — the tables of `pursuit tournament` (cmd_tournament.h): the worlds'
 * records tallied in world order, then prey survival with Wilson 95% intervals and mean
 * capture clocks on the random worlds, on the data worlds from their own start and from random
 * starts, by initial distance and how the prey played (--breakdown), and each bot's mean
 * decision time. */
#include <stdio.h>
#include <string.h>

#include "cmd_tournament.h"

#define DASH "\xe2\x80\x93" /* an en dash: no games, no rate */

static pt_bot_time *time_slot(pt_tournament *t, const pursuit_bot *b, pursuit_role role) {
    for (size_t i = 0; i < t->ntimes; i++)
        if (t->times[i].bot == b && t->times[i].role == role) return &t->times[i];
    t->times[t->ntimes].bot = b;
    t->times[t->ntimes].role = role;
    return &t->times[t->ntimes++];
}

/* world < 0: a random world; else data world `world`, start kind 0 (its own) or 1 (random). */
static void tally(pt_tournament *t, const pt_world *slot, int world, int kind) {
    for (size_t i = 0; i < t->npred * t->nprey; i++) {
        pt_pairing *pr = &t->pairs[i];
        const pt_outcome *g = &slot->games[i];
        pt_bot_time *tp = time_slot(t, pr->predator, PURSUIT_PREDATOR);
        pt_bot_time *ty = time_slot(t, pr->prey, PURSUIT_PREY);
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

static void print_survival(const pt_tournament *t) {
    printf("prey survival on %ld random %ldx%ld worlds (walls %.2f, seed %llu, %ld clocks)\n\n",
           t->worlds, t->common.size, t->common.size, t->common.walls,
           (unsigned long long)t->common.seed, t->common.clocks);
    printf("%-10s %-8s %7s %9s  %-17s %13s\n", "predator", "prey", "games", "survival", "95% CI",
           "capture clock");
    for (size_t i = 0; i < t->npred * t->nprey; i++) {
        const pt_pairing *p = &t->pairs[i];
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
static void print_data_table(const pt_tournament *t, int kind) {
    printf("\n%s\n", kind == 0 ? "data worlds from their own start, the bots' seeds varying: "
                                 "prey survival % [95% CI] and mean capture clock +- 95%"
                               : "data worlds' obstacles from random starts: prey survival % "
                                 "[95% CI] and mean capture clock +- 95%");
    int width[PT_MAX_DATA_WORLDS];
    printf("%-10s %-8s %6s", "predator", "prey", "games");
    for (size_t k = 0; k < t->ndata; k++) {
        char name[256], cell[128];
        world_label(t->data_names[k], name, sizeof name);
        width[k] = (int)strlen(name); /* the column fits its name and every cell, uncut */
        for (size_t i = 0; i < t->npred * t->nprey; i++) {
            const pt_pairing *p = &t->pairs[i];
            format_data_cell(p->data_wins[k][kind], p->data_games[k][kind], &p->data_clock[k][kind],
                            cell, sizeof cell);
            int len = (int)strlen(cell) - (strstr(cell, DASH) ? 2 : 0);
            if (len > width[k]) width[k] = len;
        }
        printf("  %-*s", width[k], name);
    }
    printf("\n");
    for (size_t i = 0; i < t->npred * t->nprey; i++) {
        const pt_pairing *p = &t->pairs[i];
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

static void print_breakdown(const pt_tournament *t) {
    static const char *names[PT_BUCKETS] = {"d1-2", "d3-4", "d5-6", "d7-8", "d9+"};
    printf("\nprey survival by initial path distance d (games in brackets)\n");
    printf("%-10s %-8s", "predator", "prey");
    for (int b = 0; b < PT_BUCKETS; b++) printf(" %16s", names[b]);
    printf("\n");
    for (size_t i = 0; i < t->npred * t->nprey; i++) {
        const pt_pairing *p = &t->pairs[i];
        printf("%-10s %-8s", p->predator->info.name, p->prey->info.name);
        for (int b = 0; b < PT_BUCKETS; b++) {
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
static void print_play(const pt_tournament *t) {
    printf("\nhow the prey played on the random worlds: stood still (mean share of the clocks it "
           "could move, +- 95%%);\nsurvivals and captures that ended with the prey on a dead-end "
           "cell (a cell burying fills) [95%% CI]\n");
    printf("%-10s %-8s %16s  %-26s %-26s\n", "predator", "prey", "stood still",
           "survived in a dead end", "caught in a dead end");
    for (size_t i = 0; i < t->npred * t->nprey; i++) {
        const pt_pairing *p = &t->pairs[i];
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

static void print_times(const pt_tournament *t) {
    printf("\n%-10s %-9s %10s %16s\n", "bot", "role", "moves", "mean us/move");
    for (size_t i = 0; i < t->ntimes; i++) {
        const pt_bot_time *b = &t->times[i];
        printf("%-10s %-9s %10ld %16.3f\n", b->bot->info.name,
               b->role == PURSUIT_PREDATOR ? "predator" : "prey", b->moves,
               b->moves ? b->ns / (double)b->moves / 1000.0 : 0.0);
    }
    const char *names[2 * PCLI_MAX_BOTS];
    kit_end_tally ended[2 * PCLI_MAX_BOTS];
    for (size_t i = 0; i < t->ntimes; i++) names[i] = t->times[i].bot->info.name, ended[i] = t->times[i].ended;
    kit_print_ended(stdout, names, ended, (int)t->ntimes);
}

int pt_tables(void *arena, const kit_tour *kt, const void *slots, long failed) {
    pt_tournament *t = arena;
    const kit_tournament *run = &kt->run;
    (void)failed;
    for (long i = 0; i < t->worlds; i++) { /* a random world the options cannot make */
        const pt_world *w = kit_slot_record_const(kit_slot_const(run, slots, i));
        if (w->rc == DMAP_ERR_ARG || w->rc == DMAP_ERR_LIMIT || w->rc == DMAP_ERR_SIZE)
            return pcli_world_error(w->rc, t->common.size, t->common.walls);
    }
    for (long i = 0; i < run->games; i++) {
        const kit_game_slot *s = kit_slot_const(run, slots, i);
        if (s->failed) continue; /* the kit says why below the tables */
        if (i < t->worlds)
            tally(t, kit_slot_record_const(s), -1, 0);
        else
            tally(t, kit_slot_record_const(s), (int)((i - t->worlds) / (2 * t->data_games)),
                  (int)((i - t->worlds) % 2));
    }
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
