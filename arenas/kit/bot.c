/* bot.c — looking up and listing an arena's bots by name (the interface is in bot.h). */
#include "bot.h"

#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "dmap.h"

int kit_bot_rng_state(void **state, uint64_t seed) {
    dmap_rng *rng = malloc(sizeof *rng);
    if (!rng) return DMAP_ERR_NOMEM;
    dmap_rng_seed(rng, seed);
    *state = rng;
    return DMAP_OK;
}

const kit_bot_info *kit_bot_find(const kit_bot_table *t, const char *name) {
    for (int i = 0; i < t->n; i++)
        if (strcmp(t->bots[i]->name, name) == 0) return t->bots[i];
    return NULL;
}

const kit_bot_info *kit_bot_lookup(const char *prog, const char *opt, const kit_bot_table *t,
                                   const char *name, const char *also) {
    const kit_bot_info *b = kit_bot_find(t, name);
    if (b) return b;
    const char *known[64];
    int n = t->n < 64 ? t->n : 64;
    for (int i = 0; i < n; i++) known[i] = t->bots[i]->name;
    kit_unknown_bot(prog, opt, name, known, n, also);
    return NULL;
}

int kit_parse_bots(const char *prog, const char *opt, char *list, const kit_bot_table *t,
                   int min, int max, const char *note, const kit_bot_info **out, int *n) {
    char *items[64];
    if (max > 64) max = 64;
    if (kit_split_bots(prog, opt, list, min, max, note, items, n)) return -1;
    for (int i = 0; i < *n; i++)
        if (!(out[i] = kit_bot_lookup(prog, opt, t, items[i], NULL))) return -1;
    return 0;
}

void kit_bot_list(FILE *out, const kit_bot_table *t) {
    int width = 0;
    for (int i = 0; i < t->n; i++) {
        int w = (int)strlen(t->bots[i]->name);
        if (w > width) width = w;
    }
    for (int i = 0; i < t->n; i++)
        fprintf(out, "%-*s  %s\n", width, t->bots[i]->name, t->bots[i]->about);
}

const kit_params *kit_bot_params(const kit_bot_table *t, const kit_bot_info *bot) {
    if (!t->params) return NULL;
    for (int i = 0; i < t->n; i++)
        if (t->bots[i] == bot) return t->params[i];
    return NULL;
}
