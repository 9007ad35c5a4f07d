/* cmd_referee.c — `kutulu referee`: the Code of Kutulu referee as cg-brutaltester drives a
 * referee in its old mode (`-o`, OldGameThread.java): brutaltester starts the players'
 * programs itself and relays, and the referee tells it what to relay, one command a line.
 *
 *   brutaltester → referee (stdin):  "###Seed N" (with -s or -i), then "###Start P" (P players)
 *   referee → brutaltester (stdout): "###Input K" and the lines player K reads (until the next
 *                                    line starting ###); "###Output K X": brutaltester reads X
 *                                    lines of player K and writes them to the referee's stdin;
 *                                    "###End G1 G2 ...": the game is over, Gi the digits of the
 *                                    players in place i (ties share a group: "###End 02 3 1")
 *
 * The referee never writes "###Error": brutaltester's old loop logs it without reading the
 * next line, so it would repeat forever. Why a player was ended (a late or rejected answer)
 * goes to stderr, which brutaltester copies into the game's log. Players are timed from the
 * moment their input is written until their line arrives, relay included. Without ###Seed
 * the game is game n of --seed S (n from --counter FILE, else 0), with the referee seed
 * kit_game_seed(S, n) >> 1, as `kutulu psyleague` plays it; with ###Seed N the seed is N,
 * the game `kutulu match --seed N` plays. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "kit/counter.h"
#include "kit/tournament.h"

static const char referee_help[] =
    "usage: kutulu referee [--seed S] [--counter FILE] [--data DIR] [--first-limit MS] [--limit MS]\n"
    "  The referee of cg-brutaltester's protocol (its old mode, -o): reads \"###Seed N\"\n"
    "  (optional) and \"###Start 4\" on stdin, writes \"###Input K\" with player K's input,\n"
    "  \"###Output K 1\" for its answer (read back on stdin) and \"###End ...\" with the\n"
    "  players by place. Why a player was ended goes to stderr.\n"
    "    java -jar cg-brutaltester.jar -o -r \"kutulu referee\" -p1 ./a -p2 ./b -p3 ./c -p4 ./d\n"
    "  --seed S       without ###Seed: game n's referee seed is kit_game_seed(S, n) >> 1\n"
    "                 (default 1)\n"
    "  --counter FILE without ###Seed: n is taken from this counter, shared by every game\n"
    "                 (created at 0); without it n is 0\n"
    "  --data DIR     the data folder holding maps/\n"
    "  --first-limit MS, --limit MS  the players' time limits (default 1000 and 50)\n";

/* The stream brutaltester relays through: one per player, all on the referee's stdio. */
typedef struct relay {
    int player;
    int closed; /* brutaltester closed our stdin: the game cannot go on */
} relay;

static void write_lines(const char *text) {
    if (!text || !*text) return;
    fputs(text, stdout);
    if (text[strlen(text) - 1] != '\n') fputc('\n', stdout);
}

/* Reads one line of stdin into line (without the newline). A line of cap bytes or more is
 * read to its end and given as "", which the referee rejects: it is judged whole, never cut.
 * -1 at the end of input. */
static int read_answer(char *line, size_t cap) {
    if (!fgets(line, (int)cap, stdin)) return -1;
    size_t n = strlen(line);
    if (n > 0 && line[n - 1] == '\n') {
        line[--n] = '\0';
        if (n > 0 && line[n - 1] == '\r') line[--n] = '\0';
        return 0;
    }
    if (n + 1 < cap) return 0; /* the last line, without a newline */
    int c;
    while ((c = getchar()) != EOF && c != '\n') {
    }
    line[0] = '\0';
    return 0;
}

/* A seat answered through brutaltester (kt_line_fn): its input under ###Input K, then
 * ###Output K 1, then its line from stdin. */
static int relay_turn(void *ctx, const char *init_text, const char *turn_text, char *line,
                      size_t cap, char *err, size_t errlen) {
    relay *r = ctx;
    printf("###Input %d\n", r->player);
    write_lines(init_text);
    write_lines(turn_text);
    printf("###Output %d 1\n", r->player);
    fflush(stdout);
    if (read_answer(line, cap) != 0) {
        r->closed = 1;
        snprintf(err, errlen, "the input ended while waiting for player %d's line", r->player);
        return KT_TURN_ERROR;
    }
    return KT_TURN_OK;
}

/* "###Seed N" (have_seed set) and "###Start P" from stdin; 0, or -1 with err. */
static int read_start(int64_t *seed, int *have_seed, int *players, char *err, size_t errlen) {
    char line[256];
    while (fgets(line, sizeof line, stdin)) {
        long long v;
        int p;
        char extra;
        if (sscanf(line, "###Seed %lld %c", &v, &extra) == 1 && v >= 0) {
            *seed = v;
            *have_seed = 1;
        } else if (sscanf(line, "###Start %d %c", &p, &extra) == 1) {
            *players = p;
            return 0;
        } else {
            line[strcspn(line, "\r\n")] = '\0';
            snprintf(err, errlen, "expected ###Seed N or ###Start P, got '%.60s'", line);
            return -1;
        }
    }
    snprintf(err, errlen, "the input ended before ###Start");
    return -1;
}

/* "###End" and the players' digits grouped by place. */
static void print_end(const kt_match_result *res) {
    printf("###End");
    for (int r = 1; r <= KT_PLAYERS; r++) {
        int any = 0;
        for (int i = 0; i < KT_PLAYERS; i++)
            if (res->rank[i] == r) {
                printf("%s%d", any ? "" : " ", i);
                any = 1;
            }
    }
    printf("\n");
    fflush(stdout);
}

int kutulu_cmd_referee(int argc, char **argv) {
    uint64_t league_seed = 1;
    int64_t first_ms = 1000, limit_ms = 50;
    const char *data_dir = NULL, *counter = NULL;
    kit_opts seen = {0};
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--help") == 0) return fputs(referee_help, stdout), 0;
        if (kit_opt_once("kutulu", &seen, a)) return KIT_EXIT_USAGE;
        if (strcmp(a, "--seed") && strcmp(a, "--counter") && strcmp(a, "--data") &&
            strcmp(a, "--first-limit") && strcmp(a, "--limit"))
            return kit_unknown_option("kutulu", "referee", a), KIT_EXIT_USAGE;
        const char *v = kit_opt_value("kutulu", argc, argv, &i);
        if (!v) return KIT_EXIT_USAGE;
        if (strcmp(a, "--seed") == 0) {
            if (kit_parse_seed("kutulu", a, v, &league_seed)) return KIT_EXIT_USAGE;
        } else if (strcmp(a, "--counter") == 0) {
            counter = v;
        } else if (strcmp(a, "--data") == 0) {
            data_dir = v;
        } else {
            int64_t *dst = a[2] == 'f' ? &first_ms : &limit_ms;
            if (kcli_int64(a, v, dst)) return KIT_EXIT_USAGE;
            if (*dst < 1 || *dst > 600000)
                return kcli_fail("invalid value for %s: '%.60s' (need an integer from 1 to 600000)",
                                 a, v);
        }
    }
    static kt_mapset maps;
    if (kcli_load_maps(data_dir, &maps)) return KIT_EXIT_USAGE;
    char err[300];
    int64_t seed = 0;
    int have_seed = 0, nplayers = 0;
    if (read_start(&seed, &have_seed, &nplayers, err, sizeof err))
        return kit_fail("kutulu", "referee: %s", err), 1;
    if (nplayers != KT_PLAYERS)
        return kit_fail("kutulu", "referee: Code of Kutulu seats %d players, ###Start gave %d",
                        KT_PLAYERS, nplayers), 1;
    if (!have_seed) {
        long n = counter ? kit_counter_take(counter, 1, err, sizeof err) : 0;
        if (n < 0) return kit_fail("kutulu", "referee: %s", err), 1;
        seed = (int64_t)(kit_game_seed(league_seed, n) >> 1);
    }
    relay relays[KT_PLAYERS];
    kt_player *players[KT_PLAYERS] = {0};
    int rc = 0;
    for (int i = 0; i < KT_PLAYERS && rc == 0; i++) {
        char name[32];
        snprintf(name, sizeof name, "player %d", i);
        relays[i] = (relay){i, 0};
        players[i] = kt_player_new_lines(name, relay_turn, &relays[i], err, sizeof err);
        if (!players[i]) rc = kit_fail("kutulu", "referee: %s", err);
    }
    kt_match_config cfg = {seed, -1, 1, first_ms * 1000000LL, limit_ms * 1000000LL};
    kt_match_result res;
    if (rc == 0 && kt_play_match(players, &maps, &cfg, NULL, NULL, &res, err, sizeof err))
        rc = kit_fail("kutulu", "referee: %s", err);
    if (rc == 0) {
        for (int i = 0; i < KT_PLAYERS; i++)
            if (res.ended[i] != KIT_END_NONE)
                fprintf(stderr, "kutulu: referee: player %d ended (%s)\n", i,
                        kit_end_name(res.ended[i]));
        fprintf(stderr, "kutulu: referee: seed %lld, map %s, %d turns, scores %d %d %d %d\n",
                (long long)seed, kt_league_map_name(res.map_index), res.turns, res.score[0],
                res.score[1], res.score[2], res.score[3]);
        print_end(&res);
    }
    for (int i = 0; i < KT_PLAYERS; i++) kt_player_free(players[i]);
    return rc ? 1 : 0;
}
