/* main.c — the `dmap` command-line tool: the command table and the dispatch to cmd_*.c.
 *
 * To add a command NAME: write tools/dmap/cmd_NAME.c with `int cmd_NAME(int argc, char **argv)`
 * (see cli.h) and add ONE line X(NAME, "summary") to DMAP_COMMANDS below. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#ifdef _WIN32
#include <fcntl.h>
#include <io.h>
#endif

#include "cli.h"

/* The command table: one line per command, in the order `dmap --help` lists them. */
#define DMAP_COMMANDS(X)                                                                 \
    X(demo, "print the classic 5x5 examples and a small dungeon (the default)")         \
    X(field, "build a Dijkstra map from goals on a map file")                          \
    X(combine, "weighted sum, min or max of csv maps (desire-driven combination)")  \
    X(flee, "flee map away from threats: scale by a negative factor and rescan")     \
    X(descend, "roll downhill from a cell to a goal, printing the path")             \
    X(reach, "BFS reachability: a shortest path in steps, or all depths")            \
    X(bury, "bury the dead ends of a map, keeping marked cells open")              \
    X(timing, "timing map of enemies and the safe region of a safe walk")            \
    X(update, "apply batches of edits to a map, updating it incrementally")         \
    X(scen, "check the engine against a Moving AI scenario file")                   \
    X(render, "draw a csv map as a PNG heatmap (goals, downhill path, arrows, legend)")

#define DECLARE_COMMAND(name, summary) int cmd_##name(int argc, char **argv);
DMAP_COMMANDS(DECLARE_COMMAND)

typedef struct command {
    const char *name;
    const char *summary;
    int (*run)(int argc, char **argv);
} command;

#define COMMAND_ENTRY(name, summary) {#name, summary, cmd_##name},
static const command commands[] = {DMAP_COMMANDS(COMMAND_ENTRY)};
#define COMMAND_COUNT (sizeof commands / sizeof commands[0])

static const command *find_command(const char *name) {
    for (size_t i = 0; i < COMMAND_COUNT; i++)
        if (strcmp(commands[i].name, name) == 0) return &commands[i];
    return NULL;
}

static int print_usage(void) {
    printf("dmap %s — Dijkstra maps for grid games\n\n"
           "usage: dmap COMMAND [ARGS...]     (no command: dmap demo)\n"
           "       dmap help COMMAND          options of a command (also: dmap COMMAND --help)\n"
           "       dmap --version\n\n"
           "commands:\n",
           DMAP_VERSION_STRING);
    for (size_t i = 0; i < COMMAND_COUNT; i++)
        printf("  %-10s %s\n", commands[i].name, commands[i].summary);
    printf("\nexit codes: 0 success, 1 the command's check failed, 2 bad input.\n"
           "example: dmap field map.txt --goal 3,4 --format digits\n");
    return CLI_EXIT_OK;
}

static int help_for(const char *name) {
    const command *c = find_command(name);
    if (!c) return cli_fail("unknown command '%s' (see dmap --help)", name);
    char arg0[64], arg1[] = "--help";
    snprintf(arg0, sizeof arg0, "%s", c->name);
    char *argv[] = {arg0, arg1, NULL};
    return c->run(2, argv);
}

/* Run what the arguments ask for; main then checks that the output really got written. */
static int dispatch(int argc, char **argv) {
    if (argc < 2) {
        const command *demo = find_command("demo");
        char arg0[] = "demo";
        char *dargv[] = {arg0, NULL};
        return demo->run(1, dargv);
    }
    const char *name = argv[1];
    if (strcmp(name, "--version") == 0) {
        if (argc > 2) return cli_fail("--version takes no arguments, got '%s'", argv[2]);
        printf("dmap %s\n", DMAP_VERSION_STRING);
        return CLI_EXIT_OK;
    }
    /* help, --help and -h: the usage, or with a command name (as `help COMMAND`) its options */
    if (strcmp(name, "help") == 0 || strcmp(name, "--help") == 0 || strcmp(name, "-h") == 0) {
        if (argc == 2) return print_usage();
        if (argc > 3) return cli_fail("help takes one command name, got %d", argc - 2);
        const char *what = argv[2];
        int asks_help = !strcmp(what, "help") || !strcmp(what, "--help") || !strcmp(what, "-h");
        return asks_help ? print_usage() : help_for(what);
    }
    const command *c = find_command(name);
    if (!c) return cli_fail("unknown command '%s' (see dmap --help)", name);
    return c->run(argc - 1, argv + 1);
}

/* The same bytes on every system: on Windows the standard streams are text streams that would
 * write CR LF for every LF (and drop a CR read from a csv piped in); the tool's output, like
 * its files, has LF line ends everywhere. */
static void use_binary_streams(void) {
#ifdef _WIN32
    _setmode(_fileno(stdin), _O_BINARY);
    _setmode(_fileno(stdout), _O_BINARY);
    _setmode(_fileno(stderr), _O_BINARY);
#endif
}

/* Every path — commands, help, --version, the default demo — ends here, so a full disk or a
 * closed stdout is one error line and exit 2, never a silent success. */
int main(int argc, char **argv) {
    use_binary_streams();
    errno = 0;
    int rc = dispatch(argc, argv);
    int err = errno; /* a failed write sets the stream's error flag and errno */
    if (fflush(stdout) != 0) err = errno;
    int unwritten = ferror(stdout);
    if (unwritten && rc != CLI_EXIT_USAGE) /* else the failure already said its one line */
        return cli_fail("cannot write the output: %s", err ? strerror(err) : "write error");
    return rc;
}
