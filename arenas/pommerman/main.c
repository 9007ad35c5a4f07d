/* main.c — the `pommerman` program: dispatches to its commands. */
#include <stdio.h>
#include <string.h>

#include "pommerman_cli.h"

static int usage(FILE *out) {
    fputs("usage: pommerman COMMAND [options]\n"
          "  match [--seed S] --bots A,B,C,D [--config ffa|1v1] [--render] [--replay FILE]\n"
          "  replay TRACE [--agents]\n"
          "  tournament --bots A,B,C,D --games N [--config ffa|1v1] [--seed S] [--jobs J]\n"
          "  bots\n"
          "  help [COMMAND]\n",
          out);
    return 0;
}

int main(int argc, char **argv) {
    if (argc < 2) return usage(stdout); /* like dmap and pursuit: not an error */
    const char *cmd = argv[1];
    if (!strcmp(cmd, "help") && argc > 2) { /* help COMMAND = COMMAND --help */
        char *help_argv[] = {argv[2], "--help", NULL};
        if (!strcmp(argv[2], "replay")) return cmd_replay(2, help_argv);
        if (!strcmp(argv[2], "match")) return cmd_match(2, help_argv);
        if (!strcmp(argv[2], "tournament")) return cmd_tournament(2, help_argv);
        cmd = argv[2]; /* help bots lists them; anything else is an unknown command */
    }
    if (!strcmp(cmd, "replay")) return cmd_replay(argc - 1, argv + 1);
    if (!strcmp(cmd, "match")) return cmd_match(argc - 1, argv + 1);
    if (!strcmp(cmd, "tournament")) return cmd_tournament(argc - 1, argv + 1);
    if (!strcmp(cmd, "bots")) {
        kit_bot_list(stdout, &pm_bot_table);
        return 0;
    }
    if (!strcmp(cmd, "help") || !strcmp(cmd, "--help") || !strcmp(cmd, "-h")) return usage(stdout);
    fprintf(stderr, "pommerman: unknown command '%.60s' (see pommerman --help)\n", cmd);
    return 2;
}
