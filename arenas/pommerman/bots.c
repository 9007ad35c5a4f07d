/* bots.c — the table of built-in bots and the draw log (SimpleAgent's random draws written in
 * the trace's D-line notation, so a replay can compare them with the recorded ones). */
#include <stdio.h>
#include <string.h>

#include "pommerman.h"

static const pm_bot *const all_bots[] = {&pm_bot_simple, &pm_bot_dmap, &pm_bot_tutorial,
                                         &pm_bot_random, &pm_bot_stop};

size_t pm_bot_count(void) { return sizeof all_bots / sizeof all_bots[0]; }

const pm_bot *pm_bot_at(size_t i) { return i < pm_bot_count() ? all_bots[i] : NULL; }

const pm_bot *pm_find_bot(const char *name) {
    for (size_t i = 0; name && i < pm_bot_count(); i++)
        if (!strcmp(all_bots[i]->name, name)) return all_bots[i];
    return NULL;
}

void pm_draw_log_clear(pm_draw_log *l) {
    l->len = 0;
    l->text[0] = '\0';
    l->last_was_bit = 0;
}

static void log_append(pm_draw_log *l, const char *s) {
    size_t n = strlen(s);
    if (l->len + n + 1 > sizeof l->text) n = sizeof l->text - 1 - l->len; /* truncated: compares unequal */
    memcpy(l->text + l->len, s, n);
    l->len += n;
    l->text[l->len] = '\0';
}

void pm_draw_log_bit(pm_draw_log *l, int bit) {
    if (l->len && !l->last_was_bit) log_append(l, ",");
    log_append(l, bit ? "1" : "0");
    l->last_was_bit = 1;
}

void pm_draw_log_choice(pm_draw_log *l, size_t n, size_t index) {
    char tok[48];
    snprintf(tok, sizeof tok, "%sc%zu.%zu", l->len ? "," : "", n, index);
    log_append(l, tok);
    l->last_was_bit = 0;
}

const char *pm_draw_log_text(pm_draw_log *l) { return l->len ? l->text : "-"; }
