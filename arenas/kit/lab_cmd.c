/* lab_cmd.c — the `league`, `sprt` and `tune` commands every arena runs (lab_cmd.h): one
 * option loop, the checks, the arena's opening, the kit's runner. */
#include "lab_cmd.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "league.h"
#include "sprt_run.h"

static int help_asked(int argc, char **argv) {
    for (int i = 1; i < argc; i++)
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) return 1;
    return 0;
}

/* The loop: `common` (the league's or the SPRT's options), outside programs, the arena's. */
typedef int (*common_fn)(void *opts, const char *prog, int argc, char **argv, int *i);

static int league_opt(void *o, const char *prog, int argc, char **argv, int *i) {
    return kit_league_option(prog, argc, argv, i, o);
}

static int sprt_opt(void *o, const char *prog, int argc, char **argv, int *i) {
    return kit_sprt_option(prog, argc, argv, i, o);
}

static int parse(const kit_lab_cmd *c, void *arena, kit_lab *l, common_fn common, void *opts,
                 int argc, char **argv) {
    kit_opts seen = {{0}, 0};
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        int took;
        if (kit_opt_once(c->prog, &seen, a)) return KIT_EXIT_USAGE;
        if ((took = common(opts, c->prog, argc, argv, &i)) != 0 ||
            (c->outside && (took = kit_outside_option(c->prog, argc, argv, &i, &l->outside)) != 0) ||
            (c->option && (took = c->option(arena, l, argc, argv, &i)) != 0)) {
            if (took < 0) return KIT_EXIT_USAGE;
        } else {
            return kit_unknown_option(c->prog, l->command, a), KIT_EXIT_USAGE;
        }
    }
    return 0;
}

/* After the loop, with l->bots taken from the options. */
static int need_bots(const kit_lab_cmd *c, const kit_lab *l) {
    if (l->bots || l->bots_elsewhere) return 0;
    const char *need = c->bots_needed ? c->bots_needed
                       : l->sprt      ? "--bots A,B is required"
                                      : "--bots A,B,... is required";
    return kit_fail_usage(c->prog, "%s: %s (see %s help %s)", l->command, need, c->prog,
                          l->command);
}

/* The arena's opening and the outside programs' stderr; then run(), then the closing. */
static int open_run_close(const kit_lab_cmd *c, void *arena, kit_lab *l,
                          int (*run)(const kit_lab_cmd *, kit_lab *, void *), void *opts) {
    /* --bot-stderr is opened before the arena makes its seats: a seat copies the descriptor */
    if (c->outside && kit_outside_opts_open(c->prog, &l->outside, KIT_STDERR_DISCARD))
        return KIT_EXIT_USAGE;
    int rc = c->open(arena, l);
    if (rc == 0) rc = run(c, l, opts);
    else if (c->outside) kit_outside_opts_abandon(&l->outside); /* a bad bot, say */
    if (c->outside) kit_outside_opts_close(&l->outside);
    if (c->close) c->close(arena);
    return rc;
}

static void lab_init(const kit_lab_cmd *c, kit_lab *l, int sprt) {
    memset(l, 0, sizeof *l);
    l->sprt = sprt;
    l->command = sprt ? "sprt" : "league";
    l->outside = (kit_outside_opts){c->first_limit_ms, c->limit_ms, NULL, KIT_STDERR_DISCARD, 0};
}

typedef struct league_args {
    kit_league_opts o;
    int argc;
    char **argv;
} league_args;

static int run_league(const kit_lab_cmd *c, kit_lab *l, void *vargs) {
    const league_args *a = vargs;
    kit_league lg = {c->prog, l->entrants, l->names, l->seats, a->o.games, a->o.seed, a->o.jobs,
                     l->play, l->ctx, a->o.html, a->argc, a->argv, l->record_size, l->ended_at};
    return kit_league_run(&lg, stdout);
}

/* argv[0..argc-1] copied into one block (the pointers, then the strings), or NULL after one
 * line on stderr. */
static char **dup_args(const char *prog, int argc, char *const *argv) {
    size_t bytes = (size_t)(argc + 1) * sizeof(char *);
    for (int i = 0; i < argc; i++) bytes += strlen(argv[i]) + 1;
    char **copy = malloc(bytes);
    if (!copy) return kit_fail(prog, "league: out of memory"), NULL;
    char *at = (char *)(copy + argc + 1);
    for (int i = 0; i < argc; i++) {
        size_t n = strlen(argv[i]) + 1;
        copy[i] = memcpy(at, argv[i], n);
        at += n;
    }
    copy[argc] = NULL;
    return copy;
}

int kit_league_command(const kit_lab_cmd *c, const char *help, void *arena, int argc, char **argv) {
    if (help_asked(argc, argv)) {
        fputs(help, stdout);
        if (c->outside) fputs(KIT_OUTSIDE_HELP, stdout);
        return 0;
    }
    kit_lab l;
    lab_init(c, &l, 0);
    league_args a = {.argc = argc, .argv = argv};
    kit_league_opts_init(&a.o);
    int rc = parse(c, arena, &l, league_opt, &a.o, argc, argv);
    if (rc) return rc;
    l.bots = a.o.bots;
    if (need_bots(c, &l)) return KIT_EXIT_USAGE;
    if (a.o.games < 0 && (a.o.games = c->league_games_default) < 0)
        return kit_fail_usage(c->prog, "league: --games N is required (see %s help league)",
                              c->prog);
    /* the report's command line, copied before the arena splits its lists in place */
    char **copy = dup_args(c->prog, argc, argv);
    if (!copy) return 1;
    a.argv = copy;
    rc = open_run_close(c, arena, &l, run_league, &a);
    free(copy);
    return rc;
}

static int run_sprt(const kit_lab_cmd *c, kit_lab *l, void *vopts) {
    kit_sprt_games g = {c->prog, l->names, l->seats, *(const kit_sprt_opts *)vopts, l->play,
                        l->ctx};
    kit_sprt s;
    kit_sprt_end end;
    int rc = kit_sprt_games_run(&g, stdout, &s, &end);
    if (rc) return rc;
    if (end != KIT_SPRT_DECIDED) return KIT_EXIT_SPRT_UNDECIDED;
    return kit_sprt_verdict_of(&s) == KIT_SPRT_H1 ? 0 : KIT_EXIT_SPRT_H0;
}

int kit_sprt_command(const kit_lab_cmd *c, const char *help, void *arena, int argc, char **argv) {
    if (help_asked(argc, argv)) {
        fputs(help, stdout);
        fputs(kit_sprt_help, stdout);
        if (c->sprt_help_tail) fputs(c->sprt_help_tail, stdout);
        else if (c->outside) fputs(KIT_OUTSIDE_HELP, stdout); /* after the kit's lines */
        return 0;
    }
    kit_lab l;
    lab_init(c, &l, 1);
    kit_sprt_opts o;
    kit_sprt_opts_init(&o);
    int rc = parse(c, arena, &l, sprt_opt, &o, argc, argv);
    if (rc) return rc;
    l.bots = o.bots;
    if (need_bots(c, &l)) return KIT_EXIT_USAGE;
    if (kit_sprt_opts_check(c->prog, &o)) return KIT_EXIT_USAGE;
    return open_run_close(c, arena, &l, run_sprt, &o);
}

/* The pairs of an arena that gives one game (kit_tune_play_pairs over the tournament runner). */
typedef struct tune_run {
    const kit_tune_cmd *c;
    kit_tune_setup *setup; /* the arena's state */
} tune_run;

static int play_pairs(void *vctx, int k, const kit_param_values *plus,
                      const kit_param_values *minus, double *diff) {
    const tune_run *r = vctx;
    const kit_tune_setup *s = r->setup;
    return kit_tune_play_pairs(s->prog, s->bot, s->decl, k, plus, minus, s->games, s->jobs,
                               s->seed, r->c->game, s, diff);
}

int kit_tune_command(const kit_tune_cmd *c, void *arena, int argc, char **argv) {
    if (help_asked(argc, argv)) {
        fputs(c->help, stdout);
        fputs(kit_tune_help, stdout);
        return 0;
    }
    kit_tune_opts o;
    kit_tune_defaults(&o);
    kit_opts seen = {{0}, 0};
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        int took;
        if (kit_opt_once(c->prog, &seen, a)) return KIT_EXIT_USAGE;
        if ((took = kit_tune_option(c->prog, argc, argv, &i, &o)) != 0 ||
            (c->option && (took = c->option(arena, argc, argv, &i)) != 0)) {
            if (took < 0) return KIT_EXIT_USAGE;
        } else {
            return kit_unknown_option(c->prog, "tune", a), KIT_EXIT_USAGE;
        }
    }
    kit_tune_setup *s = arena;
    s->prog = c->prog;
    if (kit_tune_check(c->prog, &o, c->bots, &s->bot, &s->decl)) return KIT_EXIT_USAGE;
    char against[1024]; /* as given, for the header: the arena splits the list in place */
    snprintf(against, sizeof against, "%s", o.against);
    s->seed = o.seed, s->jobs = o.jobs, s->games = o.games;
    int rc = c->open(arena, o.against);
    if (rc == 0) {
        o.against = against;
        tune_run r = {c, s};
        rc = c->game ? kit_tune_run(c->prog, &o, s->bot, s->decl, play_pairs, &r)
                     : kit_tune_run(c->prog, &o, s->bot, s->decl, c->pairs, arena);
    }
    if (c->close) c->close(arena);
    return rc;
}
