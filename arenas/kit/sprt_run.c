/* sprt_run.c — an SPRT's games: options, seatings, batches of pairs on the tournament runner,
 * the test fed pair by pair in order, and the report. */
#include "sprt_run.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "tournament.h"

#define BATCH_PAIRS_PER_JOB 8 /* pairs per thread in one batch: enough to keep threads busy */

void kit_sprt_opts_init(kit_sprt_opts *o) {
    memset(o, 0, sizeof *o);
    o->elo1 = 5;
    o->alpha = o->beta = 0.05;
    o->seed = 1;
    o->max_games = 100000;
}

const char kit_sprt_help[] =
    "  --elo0 E0, --elo1 E1  the hypotheses, logistic Elo (default 0 and 5; E0 < E1)\n"
    "  --alpha a, --beta b   the error rates, in (0, 1) (default 0.05 each)\n"
    "  --max-games N         stop undecided after N games (default 100000)\n"
    "  --seed S, --jobs J    the test's seed (default 1); threads (same result for any J)\n"
    "  exit status: 0 H1 accepted, 3 H0 accepted, 4 no decision (--max-games reached),\n"
    "  1 a game failed, 2 bad input\n";

int kit_sprt_option(const char *prog, int argc, char **argv, int *i, kit_sprt_opts *o) {
    const char *opt = argv[*i], *v;
    double *d = !strcmp(opt, "--elo0") ? &o->elo0 : !strcmp(opt, "--elo1") ? &o->elo1
              : !strcmp(opt, "--alpha") ? &o->alpha : !strcmp(opt, "--beta") ? &o->beta : NULL;
    if (!d && strcmp(opt, "--bots") && strcmp(opt, "--seed") && strcmp(opt, "--max-games") &&
        strcmp(opt, "--jobs"))
        return 0;
    if (!(v = kit_opt_value(prog, argc, argv, i))) return -1;
    if (d == &o->elo0 || d == &o->elo1)
        return kit_parse_double(prog, opt, v, -1000, 1000, d) ? -1 : 1;
    if (d) {
        if (kit_parse_double(prog, opt, v, 0, 1, d)) return -1;
        if (*d <= 0 || *d >= 1)
            return kit_fail(prog, "invalid value for %s: '%.60s' (need a number between 0 and 1, "
                                  "both excluded)", opt, v);
        return 1;
    }
    if (!strcmp(opt, "--bots")) o->bots = argv[*i];
    else if (!strcmp(opt, "--seed")) return kit_parse_seed(prog, opt, v, &o->seed) ? -1 : 1;
    else if (!strcmp(opt, "--max-games"))
        return kit_parse_long(prog, opt, v, 2, 100000000, &o->max_games) ? -1 : 1;
    else return kit_parse_jobs(prog, opt, v, &o->jobs) ? -1 : 1;
    return 1;
}

int kit_sprt_opts_check(const char *prog, const kit_sprt_opts *o) {
    const char *bad = kit_sprt_invalid(o->elo0, o->elo1, o->alpha, o->beta);
    if (bad) return kit_fail(prog, "sprt: %s (--elo0 %g, --elo1 %g)", bad, o->elo0, o->elo1);
    return 0;
}

void kit_sprt_seat(int seats, uint64_t seed, long game, kit_seating *s) {
    long pair = game / 2;
    memset(s, 0, sizeof *s);
    s->game = game;
    s->deal = pair;
    s->seed = kit_game_seed(seed, pair);
    s->game_seed = kit_game_seed(s->seed, game);
    s->seats = seats;
    /* the pair's two seats: the (pair mod C(seats,2))-th seat pair in order */
    int npairs = seats * (seats - 1) / 2, k = (int)(pair % npairs), a = 0, b = 1;
    for (int i = 0; i < k; i++)
        if (++b == seats) a++, b = a + 1;
    int swap = (int)(game % 2);
    s->entrant[a] = swap ? 1 : 0;
    s->entrant[b] = swap ? 0 : 1;
    int other = 2;
    for (int i = 0; i < seats; i++)
        if (i != a && i != b) s->entrant[i] = other++;
}

int kit_sprt_half_points(const kit_seating *s, const int *rank) {
    int ra = 0, rb = 0;
    for (int i = 0; i < s->seats; i++) {
        if (s->entrant[i] == 0) ra = rank[i];
        if (s->entrant[i] == 1) rb = rank[i];
    }
    return ra < rb ? 2 : ra == rb ? 1 : 0;
}

/* The runner's schedule and play: game `index` of the run seated by kit_sprt_seat. */
static void seat_one(void *vctx, long index, uint64_t seed, kit_seating *s) {
    kit_sprt_seat(((const kit_sprt_games *)vctx)->seats, seed, index, s);
}

static int play_one(void *vctx, const kit_seating *s, int *rank, void *record, char *why,
                    size_t cap) {
    const kit_sprt_games *g = vctx;
    (void)record;
    return g->play(g->ctx, s, rank, NULL, why, cap);
}

static void report(const kit_sprt_games *g, FILE *out, const kit_sprt *t, kit_sprt_verdict v,
                   long games) {
    const kit_sprt_opts *o = &g->opts;
    fprintf(out, "%s sprt: A %s against B %s", g->prog, g->names[0], g->names[1]);
    if (g->seats > 2) {
        fprintf(out, " (others:");
        for (int i = 2; i < g->seats; i++) fprintf(out, "%s %s", i > 2 ? "," : "", g->names[i]);
        fputc(')', out);
    }
    fprintf(out, ", elo0 %g, elo1 %g, alpha %g, beta %g, seed %llu\n", o->elo0, o->elo1,
            o->alpha, o->beta, (unsigned long long)o->seed);
    double llr = kit_sprt_llr(t);
    long pairs = kit_sprt_pairs(t);
    if (v == KIT_SPRT_H1)
        fprintf(out, "H1 accepted (A is elo1 stronger): LLR %.3f reached the upper bound %.3f "
                     "after %ld pairs (%ld games)\n", llr, t->upper, pairs, games);
    else if (v == KIT_SPRT_H0)
        fprintf(out, "H0 accepted (A is not elo1 stronger): LLR %.3f reached the lower bound %.3f "
                     "after %ld pairs (%ld games)\n", llr, t->lower, pairs, games);
    else
        fprintf(out, "no decision: --max-games %ld reached after %ld pairs, LLR %.3f between "
                     "%.3f and %.3f\n", o->max_games, pairs, llr, t->lower, t->upper);
    fprintf(out, "pairs scoring 0, 0.5, 1, 1.5, 2 points for A: %ld %ld %ld %ld %ld\n",
            t->pairs[0], t->pairs[1], t->pairs[2], t->pairs[3], t->pairs[4]);
    double elo, lo, hi;
    kit_sprt_estimate(t, &elo, &lo, &hi);
    fprintf(out, "Elo A - B: %+.1f (95%% interval %+.1f to %+.1f)\n", elo, lo, hi);
}

int kit_sprt_games_run(const kit_sprt_games *g, FILE *out, kit_sprt *result, kit_sprt_end *end) {
    const kit_sprt_opts *o = &g->opts;
    kit_sprt t;
    kit_sprt_init(&t, o->elo0, o->elo1, o->alpha, o->beta);
    int jobs = o->jobs > 0 ? o->jobs : kit_online_cores();
    long batch_pairs = (long)jobs * BATCH_PAIRS_PER_JOB, max_pairs = o->max_games / 2;
    kit_tournament run = {.jobs = jobs, .seed = o->seed, .play = play_one, .ctx = (void *)g,
                          .label = "games", .progress = 0, .seat = seat_one};
    void *slots = calloc((size_t)batch_pairs * 2, kit_slot_size(&run));
    if (!slots) return kit_fail(g->prog, "sprt: out of memory"), 1;
    kit_sprt_verdict v = KIT_SPRT_CONTINUE;
    long pair = 0;
    int rc = 0;
    while (v == KIT_SPRT_CONTINUE && pair < max_pairs && rc == 0) {
        long n = max_pairs - pair < batch_pairs ? max_pairs - pair : batch_pairs;
        run.games = n * 2;
        run.first = pair * 2;
        long failed = 0;
        if (kit_tournament_run(&run, slots, &failed)) {
            kit_fail(g->prog, "sprt: could not start the games (threads or memory)");
            rc = 1;
            break;
        }
        for (long k = 0; k < n && v == KIT_SPRT_CONTINUE; k++, pair++) {
            const kit_game_slot *s0 = kit_slot_const(&run, slots, 2 * k);
            const kit_game_slot *s1 = kit_slot_const(&run, slots, 2 * k + 1);
            if (s0->failed || s1->failed) {
                kit_fail(g->prog, "sprt: game %ld failed: %s", 2 * pair + (s0->failed ? 0 : 1),
                         s0->failed ? s0->why : s1->why);
                rc = 1;
                break;
            }
            kit_sprt_add(&t, kit_sprt_half_points(&s0->seating, s0->rank) +
                                 kit_sprt_half_points(&s1->seating, s1->rank));
            v = kit_sprt_verdict_of(&t);
        }
    }
    free(slots);
    if (rc == 0) report(g, out, &t, v, pair * 2);
    if (result) *result = t;
    if (end) *end = v == KIT_SPRT_CONTINUE ? KIT_SPRT_OUT_OF_GAMES : KIT_SPRT_DECIDED;
    return rc;
}
