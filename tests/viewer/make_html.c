/* make_html.c — the browser test's helper: a replay file (.jsonl) as a standalone HTML file
 * through the arena kit's kit_html_replay_from_file, as an arena's `match --html` writes it.
 *     make_html REPLAY.jsonl OUT.html      (exit 0, or 2 with one line on stderr) */
#include <stdio.h>

#include "kit/html_replay.h"

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: make_html REPLAY.jsonl OUT.html\n");
        return 2;
    }
    char err[512];
    if (kit_html_replay_from_file(argv[2], argv[1], err, sizeof err) != 0) {
        fprintf(stderr, "make_html: %s\n", err);
        return 2;
    }
    return 0;
}
