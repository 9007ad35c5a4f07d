/* render.c — text pictures of a state: the trace alphabet (one character per item value) and a
 * readable board for `pommerman match --render`. */
#include "pommerman.h"

char pm_item_char(int v) {
    if (v >= 0 && v <= 9) return (char)('0' + v);
    if (v >= 10 && v <= 13) return (char)('a' + v - 10);
    return '?';
}

int pm_char_item(char ch) {
    if (ch >= '0' && ch <= '9') return ch - '0';
    if (ch >= 'a' && ch <= 'd') return ch - 'a' + 10;
    return -1;
}

void pm_render(FILE *out, const pm_state *s) {
    static const char glyph[] = ".#+o*?brkD";
    int n = s->size;
    fprintf(out, "step %d\n", s->step);
    for (int r = 0; r < n; r++) {
        for (int c = 0; c < n; c++) {
            int v = s->board[r * n + c];
            char ch = v >= PM_AGENT0 ? (char)('0' + v - PM_AGENT0) : glyph[v];
            if (v >= PM_AGENT0 && pm_bomb_at(s, r, c)) ch = (char)('A' + v - PM_AGENT0);
            fputc(ch, out);
            fputc(c + 1 < n ? ' ' : '\n', out);
        }
    }
    for (int i = 0; i < s->nagents; i++) {
        const pm_agent *a = &s->agents[i];
        fprintf(out, "agent %d %s at %d,%d ammo %d blast %d%s\n", i, a->alive ? "alive" : "dead ",
                a->r, a->c, a->ammo, a->blast, a->kick ? " kick" : "");
    }
}
