/* main.c — the `pursuit` program: dispatches to match, tournament and bench, and holds the
 * argument helpers they share (pursuit_cli.h). */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pursuit_cli.h"

int pcli_fail(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    fputs("pursuit: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    return PCLI_USAGE;
}

int pcli_bots(const char *opt, char *list, pursuit_role role, int min, int max,
              const pursuit_bot **out, size_t *n) {
    char *items[PCLI_MAX_BOTS];
    const char *known[PCLI_MAX_BOTS];
    int count = 0, nknown = 0;
    if (max > PCLI_MAX_BOTS) max = PCLI_MAX_BOTS;
    if (kit_split_bots(PCLI_PROG, opt, list, min, max, NULL, items, &count)) return PCLI_USAGE;
    for (size_t i = 0; i < pursuit_bot_count() && nknown < PCLI_MAX_BOTS; i++)
        if (pursuit_bot_at(i)->role == role) known[nknown++] = pursuit_bot_at(i)->name;
    for (int i = 0; i < count; i++)
        if (!(out[i] = pursuit_find_bot(items[i], role))) {
            kit_unknown_bot(PCLI_PROG, opt, items[i], known, nknown, NULL);
            return PCLI_USAGE;
        }
    *n = (size_t)count;
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
    if (kit_parse_size(PCLI_PROG, opt, v, 2, 4096, &w, &h)) return PCLI_USAGE;
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

static int print_usage(void) {
    fputs("pursuit — the lab's predator-prey game, with bots built on dmap\n"
          "\n"
          "usage: pursuit COMMAND [options]\n"
          "       pursuit help COMMAND      options of a command (also: pursuit COMMAND --help)\n"
          "\n"
          "commands:\n"
          "  match        play one game: pursuit match (--world FILE | --random SEED)\n"
          "               --predator A --prey B [--render] [--replay FILE.jsonl]\n"
          "  tournament   every predator against every prey on N random worlds and the lab worlds:\n"
          "               pursuit tournament --predators A,B --preys C,D --worlds N [--jobs J]\n"
          "  bench        time full games and a tournament of all pairings\n"
          "\n",
          stdout);
    fputs("bots:\n", stdout);
    for (size_t i = 0; i < pursuit_bot_count(); i++) {
        const pursuit_bot *b = pursuit_bot_at(i);
        printf("  %-10s %-9s %s\n", b->name, b->role == PURSUIT_PREDATOR ? "predator" : "prey",
               b->about);
    }
    printf("\nexit codes: 0 success, 2 bad input.\n"
           "example: pursuit match --random 7 --predator chase --prey bury --render\n");
    return 0;
}

typedef struct command {
    const char *name;
    int (*run)(int argc, char **argv);
} command;

static const command commands[] = {
    {"match", cmd_match}, {"tournament", cmd_tournament}, {"bench", cmd_bench}};

static const command *find_command(const char *name) {
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (!strcmp(commands[i].name, name)) return &commands[i];
    return NULL;
}

static int unknown_command(const char *name) {
    return pcli_fail("unknown command '%.60s' (see pursuit --help)", name);
}

/* `pursuit help NAME` is `pursuit NAME --help`, as with dmap. */
static int help_for(const char *name) {
    const command *c = find_command(name);
    if (!c) return unknown_command(name);
    char arg0[32], arg1[] = "--help";
    snprintf(arg0, sizeof arg0, "%s", c->name);
    char *argv[] = {arg0, arg1, NULL};
    return c->run(2, argv);
}

/* Run what the arguments ask for; main then checks that the output really got written. */
static int dispatch(int argc, char **argv) {
    if (argc < 2) return print_usage(); /* like dmap: no command is not an error */
    const char *name = argv[1];
    if (!strcmp(name, "--help") || !strcmp(name, "-h")) return print_usage();
    if (!strcmp(name, "help")) {
        if (argc == 2) return print_usage();
        if (argc > 3) return pcli_fail("help takes one command name, got %d", argc - 2);
        return help_for(argv[2]);
    }
    const command *c = find_command(name);
    if (!c) return unknown_command(name);
    return c->run(argc - 1, argv + 1);
}

/* A full disk or a closed stdout is one error line and exit 2, never a silent success. */
int main(int argc, char **argv) {
    int rc = dispatch(argc, argv);
    errno = 0;
    int unwritten = fflush(stdout) != 0 || ferror(stdout);
    if (unwritten && rc != PCLI_USAGE) /* else the failure already said its one line */
        return pcli_fail("cannot write the output: %s", errno ? strerror(errno) : "write error");
    return rc;
}
