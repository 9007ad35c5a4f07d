/* main.c — the `bomber` program: dispatches to replay, match and tournament. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "bomber_cli.h"
#include "cli.h"

int bcli_fail(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    fputs("bomber: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    return BCLI_USAGE;
}

int bcli_bots(const char *opt, char *list, int min, int max, const bomber_bot **out, int *n) {
    char *items[16];
    if (max > (int)(sizeof items / sizeof *items)) max = (int)(sizeof items / sizeof *items);
    if (kit_split_bots("bomber", opt, list, min, max, NULL, items, n)) return -1;
    for (int i = 0; i < *n; i++) {
        const kit_bot_info *b = kit_bot_lookup("bomber", opt, &bomber_bot_table, items[i], NULL);
        if (!b) return -1;
        out[i] = (const bomber_bot *)b;
    }
    return 0;
}

static void usage(FILE *out) {
    fputs("usage: bomber COMMAND [options]   (CoderOne's 2020 bomber game)\n"
          "       bomber help COMMAND       options of a command (also: bomber COMMAND --help)\n"
          "\n"
          "  bomber replay TRACE[.gz] [--gambit LOG[.gz]]\n"
          "      replay a recorded game from its seed and answers; prints OK or the first\n"
          "      difference (tick and field); --gambit also re-decides every logged Gambit call\n"
          "  bomber match [--seed S] --bots A,B [--render] [--replay FILE.jsonl]\n"
          "               [--html FILE.html] [--maps]\n"
          "      play one game (seed 0 to 2^63-1, default 1); the last line gives winner,\n"
          "      reason and scores\n"
          "  bomber tournament --bots A,B,... --games N [--seed S] [--jobs J]\n"
          "      N games per pairing, seats alternated; win rates with Wilson 95% intervals\n"
          "\n",
          out);
}

int main(int argc, char **argv) {
    if (argc < 2) { /* like dmap and pursuit: no command is not an error, it shows the usage */
        usage(stdout);
        return 0;
    }
    const char *cmd = argv[1];
    int rc;
    if (!strcmp(cmd, "help") && argc > 2) { /* help COMMAND: that command's usage */
        char *args[] = {argv[2], "--help", NULL};
        if (!strcmp(argv[2], "replay")) return cmd_replay(2, args);
        if (!strcmp(argv[2], "match")) return cmd_match(2, args);
        if (!strcmp(argv[2], "tournament")) return cmd_tournament(2, args);
        return bcli_fail("unknown command '%.60s' (see bomber --help)", argv[2]);
    }
    if (!strcmp(cmd, "--help") || !strcmp(cmd, "-h") || !strcmp(cmd, "help")) {
        usage(stdout);
        rc = 0;
    } else if (!strcmp(cmd, "replay")) {
        rc = cmd_replay(argc - 1, argv + 1);
    } else if (!strcmp(cmd, "match")) {
        rc = cmd_match(argc - 1, argv + 1);
    } else if (!strcmp(cmd, "tournament")) {
        rc = cmd_tournament(argc - 1, argv + 1);
    } else {
        return bcli_fail("unknown command '%.60s' (see bomber --help)", cmd);
    }
    if ((fflush(stdout) != 0 || ferror(stdout)) && rc != BCLI_USAGE)
        return bcli_fail("cannot write the output");
    return rc;
}
