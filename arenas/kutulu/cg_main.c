/* cg_main.c — the main() of a single-file CodinGame bot: reads the referee's init lines and
 * each turn's input on stdin, parses them (view.c), asks the bot (CG_BOT, postmortem by
 * default) and prints its action. The bot's generator seed is argv[1] when given (so a local
 * run can match the in-process bot's seed), else 1. Built by scripts/amalgamate --single-file
 * together with the bot's sources and dmap; in the arena it is only compiled as a check. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kutulu_view.h"

#ifndef CG_BOT
#define CG_BOT kt_bot_postmortem
#endif
extern const kt_bot CG_BOT;

static char cg_text[1 << 16];
static kt_view cg_view;

/* Append one line of stdin to cg_text at *len; 0 at the end of input. */
static int cg_read_line(size_t *len) {
    if (*len + KT_LINE_MAX >= sizeof cg_text) return 0;
    if (!fgets(cg_text + *len, (int)(sizeof cg_text - *len), stdin)) return 0;
    *len += strlen(cg_text + *len);
    return 1;
}

int main(int argc, char **argv) {
    uint64_t seed = argc > 1 ? strtoull(argv[1], NULL, 10) : 1;
    char err[160];
    size_t len = 0;
    int w = 0, h = 0;
    if (!cg_read_line(&len) || sscanf(cg_text, "%d", &w) != 1) return 1;
    size_t mark = len;
    if (!cg_read_line(&len) || sscanf(cg_text + mark, "%d", &h) != 1 || h < 1 || h > KT_MAX_H)
        return 1;
    for (int i = 0; i <= h; i++) /* the rows, then the parameters line */
        if (!cg_read_line(&len)) return 1;
    if (kt_parse_init(cg_text, &cg_view, err, sizeof err)) {
        fprintf(stderr, "%s\n", err);
        return 1;
    }
    void *state = NULL;
    for (int turn = 0;; turn++) {
        len = 0;
        int n;
        if (!cg_read_line(&len) || sscanf(cg_text, "%d", &n) != 1) break;
        for (int i = 0; i < n; i++)
            if (!cg_read_line(&len)) return 1;
        if (kt_parse_turn(cg_text, &cg_view, err, sizeof err)) {
            fprintf(stderr, "%s\n", err);
            return 1;
        }
        if (turn == 0 && CG_BOT.init(&state, &cg_view, seed) != 0) return 1;
        kt_action a = {KT_WAIT, 0, 0};
        if (CG_BOT.decide(state, &cg_view, &a) != 0) {
            CG_BOT.release(state);
            return 1;
        }
        cg_view.turn++;
        char line[KT_LINE_MAX];
        kt_format_action(&a, line, sizeof line);
        printf("%s\n", line);
        fflush(stdout);
    }
    if (state) CG_BOT.release(state);
    return 0;
}
