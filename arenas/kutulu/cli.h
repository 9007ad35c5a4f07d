/* cli.h — what the `kutulu` program's commands share: the one-line failure, the data folder
 * and its league maps, --bots lists (built-in bots and cmd: programs), --bot-stderr, Java-long
 * option values, the match's observer (--render and the replay's turn lines), and the
 * commands themselves (cmd_*.c) for main.c's table. The kit's program.h brings kit_main, the
 * --replay/--html/--maps outputs and the option grammar (arenas/kit/cli.h). */
#ifndef KUTULU_CLI_H
#define KUTULU_CLI_H

#include <stdint.h>
#include <stdio.h>

#include "kutulu.h"
#include "kit/program.h"
#include "kit/lab_cmd.h"
#include "kit/seating.h"

/* "kutulu: MESSAGE" on stderr (the kit's kit_fail); the value is KIT_EXIT_USAGE. */
#define ARENA_PROG "kutulu"

#define kcli_fail(...) kit_fail_usage(ARENA_PROG, __VA_ARGS__)
/* The league maps of the data folder (--data DIR, or the default the kit finds: kit_data_dir);
 * 0 or KIT_EXIT_USAGE (printed). */
int kcli_load_maps(const char *data_dir, kt_mapset *maps);
/* A Java long; 0 or KIT_EXIT_USAGE (printed). */
int kcli_int64(const char *opt, const char *s, int64_t *out);
/* --bot-stderr's value v: "inherit" (2), "discard" (-1), a FILE opened for appending, or dflt
 * when v is NULL (not given). Open it after every other argument is checked, so that bad input
 * creates no file. 0 or KIT_EXIT_USAGE (printed). */
int kcli_bot_stderr(const char *v, int dflt, int *fd);
/* Split "A,B,C,D" in place into exactly 4 player specs, each a built-in bot or cmd:PROGRAM
 * ARGS; 0 or KIT_EXIT_USAGE (the kit's one line: kit_split_bots, kit_bot_lookup). */
int kcli_bots(const char *opt, char *s, char *specs[KT_PLAYERS]);

/* Draw the map with explorers (digits), wanderers 'W' (spawning 'v'), slashers 'X' and LIGHT
 * marks ':', then each explorer's sanity, plans and lights (or its score once out). */
void kcli_render(FILE *out, const kt_game *g);

/* What `match` watches each turn: the board (--render) and the replay (with the bots' maps
 * under --maps). */
typedef struct kcli_watch {
    int render;
    kit_replay *replay; /* NULL: no replay */
    int maps;           /* --maps: the in-process bots' maps go into the replay */
} kcli_watch;
/* The kt_observer of `match` (ctx: a kcli_watch). */
int kcli_observe(void *ctx, const kt_game *g, char lines[KT_PLAYERS][KT_ANSWER_MAX],
                 const unsigned char played[KT_PLAYERS], kt_player *const players[KT_PLAYERS],
                 char *err, size_t errlen);

/* Leagues and SPRTs (seated.c): the options they add (--data, --bot-stderr, --first-limit,
 * --limit), the entrants checked and the maps loaded, and one game as kit/seating.h plays it. */
#define KCLI_MAX_ENTRANTS 16
typedef struct kcli_seated_opts {
    const char *data, *bot_stderr;
    int64_t first_ms, limit_ms; /* 1000 and 50, the referee's */
} kcli_seated_opts;
typedef struct kcli_seated {
    char *specs[KCLI_MAX_ENTRANTS];
    const kt_mapset *maps;
    int64_t first_limit_ns, limit_ns;
    int bot_stderr;
} kcli_seated;
/* 1 when argv[*i] is one of the options (consumed), 0 when not, -1 after one line. */
int kcli_seated_option(int argc, char **argv, int *i, kcli_seated_opts *o);
/* The entrants' specs checked (each made once), the maps loaded, --bot-stderr opened; 0 or
 * KIT_EXIT_USAGE (printed). */
int kcli_seated_open(char **specs, int n, const kcli_seated_opts *o, kt_mapset *maps,
                     kcli_seated *ctx);
/* Closes the --bot-stderr FILE kcli_seated_open opened (ctx: a kcli_seated, or a struct that
 * begins with one). */
void kcli_seated_close(void *ctx);
/* The league and sprt commands' part of the arena (seated.c, kit/lab_cmd.h): their state
 * (the one, reset, with the defaults: arena_lab.state) and the hooks. */
typedef struct kcli_lab {
    kcli_seated seated;
    kcli_seated_opts opts;
    kt_mapset maps;
} kcli_lab;
/* One game of a tournament, a league or an SPRT (a kit_play_fn; record: a kt_match_result). */
int kcli_play_seated(void *ctx, const kit_seating *s, int *rank, void *record, char *why,
                     size_t cap);

/* The commands beyond the kit's (kit/program.h): psyleague and referee. */
int cmd_psyleague(int argc, char **argv);
int cmd_referee(int argc, char **argv);

#endif
