/* param.c — bots' numeric parameters (param.h): reading them in init, parsing and writing bot
 * specs "BOT:NAME=VALUE...", the seats that carry them, and `bots --params`. */
#include "param.h"

#include <errno.h>
#include <math.h>
#include <stdalign.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

_Static_assert(KIT_PARAM_MAX <= 64, "kit_param_parse marks the parameters seen in 64 bits");

/* Every typed bot has the same layout (bot.h's KIT_BOT_INTERFACE): info and four functions. */
KIT_BOT_INTERFACE(kit_bot_any, void, void);

/* What follows the copied bot in a seat's allocation. The name is its first member, so that
 * info.name points at the seat. */
typedef struct param_seat {
    char name[KIT_PARAM_SPEC_MAX];
    const kit_params *decl;
    kit_param_values values;
    uint32_t magic;
} param_seat;

#define SEAT_MAGIC 0x7061726dU /* "parm": tells a seat's name from a table's string */

static size_t seat_offset(void) {
    size_t a = alignof(max_align_t);
    return (sizeof(kit_bot_any) + a - 1) / a * a;
}

void kit_param_defaults(const kit_params *decl, kit_param_values *out) {
    memset(out, 0, sizeof *out);
    out->n = decl ? decl->n : 0;
    for (int i = 0; i < out->n; i++) out->v[i] = decl->p[i].value;
}

static int find_param(const kit_params *decl, const char *name, size_t len) {
    for (int i = 0; decl && i < decl->n; i++)
        if (strlen(decl->p[i].name) == len && strncmp(decl->p[i].name, name, len) == 0) return i;
    return -1;
}

/* Appends sep and text to err (holding *used characters) when they fit with spare characters
 * still free after them; 1 if they did. */
static int append_if_room(char *err, size_t errlen, size_t *used, const char *sep,
                          const char *text, size_t spare) {
    size_t ns = strlen(sep), nt = strlen(text);
    if (*used + ns + nt + spare >= errlen) return 0;
    memcpy(err + *used, sep, ns);
    memcpy(err + *used + ns, text, nt + 1);
    *used += ns + nt;
    return 1;
}

/* "unknown parameter 'x' of bot B (known: a, b)" in err, each name whole: when the next would
 * not fit in errlen the list ends "...)" instead (`bots --params` lists them all). */
static int unknown_param(const char *bot, const kit_params *decl, const char *name, size_t nlen,
                         char *err, size_t errlen) {
    static const char more[] = "...)";
    int w = snprintf(err, errlen, "unknown parameter '%.*s' of bot %s (known: ",
                     (int)(nlen > 60 ? 60 : nlen), name, bot);
    if (w < 0 || (size_t)w >= errlen) return -1; /* cut by snprintf, still one line */
    size_t used = (size_t)w;
    int n = decl ? decl->n : 0;
    for (int i = 0; i < n; i++) {
        const char *sep = i ? ", " : "";
        /* room kept for ", ...)" while names follow, for ")" after the last */
        size_t spare = i + 1 < n ? strlen(", ") + strlen(more) : strlen(")");
        if (!append_if_room(err, errlen, &used, sep, decl->p[i].name, spare)) {
            append_if_room(err, errlen, &used, sep, more, 0);
            return -1;
        }
    }
    append_if_room(err, errlen, &used, "", ")", 0);
    return -1;
}

/* x as written in a spec: whole numbers plainly, others the shortest %.*g that reads back
 * as x. */
static void shortest(double x, char *out, size_t len) {
    if (x == floor(x) && fabs(x) < 1e15) {
        snprintf(out, len, "%.0f", x);
        return;
    }
    for (int prec = 1; prec <= 17; prec++) {
        snprintf(out, len, "%.*g", prec, x);
        if (strtod(out, NULL) == x) return;
    }
}

/* One NAME=VALUE of length len at item. */
static int parse_item(const char *bot, const kit_params *decl, const char *item, size_t len,
                      kit_param_values *vals, uint64_t *seen, char *err, size_t errlen) {
    const char *eq = memchr(item, '=', len);
    if (!eq || eq == item)
        return snprintf(err, errlen, "'%.*s' is not NAME=VALUE", (int)(len > 60 ? 60 : len),
                        item),
               -1;
    size_t nlen = (size_t)(eq - item);
    int k = find_param(decl, item, nlen);
    if (k < 0) return unknown_param(bot, decl, item, nlen, err, errlen);
    const kit_param *p = &decl->p[k];
    if (*seen & ((uint64_t)1 << k)) return snprintf(err, errlen, "parameter %s given twice", p->name), -1;
    *seen |= (uint64_t)1 << k;
    char text[64];
    size_t vlen = len - nlen - 1;
    if (vlen == 0 || vlen >= sizeof text)
        return snprintf(err, errlen, "parameter %s: '%.*s' is not a number", p->name,
                        (int)(vlen > 60 ? 60 : vlen), eq + 1),
               -1;
    memcpy(text, eq + 1, vlen);
    text[vlen] = '\0';
    char *end;
    errno = 0;
    double x = strtod(text, &end);
    if (*end || errno || !isfinite(x) || text[0] == ' ' || text[0] == '\t')
        return snprintf(err, errlen, "parameter %s: '%s' is not a number", p->name, text), -1;
    if (x < p->min || x > p->max) {
        char lo[40], hi[40];
        shortest(p->min, lo, sizeof lo);
        shortest(p->max, hi, sizeof hi);
        return snprintf(err, errlen, "parameter %s: %s is out of range (%s to %s)", p->name, text,
                        lo, hi),
               -1;
    }
    if (p->integer && x != floor(x))
        return snprintf(err, errlen, "parameter %s: %s is not a whole number", p->name, text), -1;
    vals->v[k] = x;
    return 0;
}

int kit_param_parse(const char *bot, const kit_params *decl, const char *text,
                    kit_param_values *vals, char *err, size_t errlen) {
    uint64_t seen = 0; /* a bit a parameter (KIT_PARAM_MAX is at most 64) */
    for (const char *s = text; *s;) {
        const char *colon = strchr(s, ':');
        size_t len = colon ? (size_t)(colon - s) : strlen(s);
        if (parse_item(bot, decl, s, len, vals, &seen, err, errlen)) return -1;
        s += len;
        if (*s == ':' && !*++s) return snprintf(err, errlen, "'' is not NAME=VALUE"), -1;
    }
    return 0;
}

int kit_param_format(const char *bot, const kit_params *decl, const kit_param_values *vals,
                     char *out, size_t len) {
    size_t used = (size_t)snprintf(out, len, "%s", bot);
    for (int i = 0; decl && i < decl->n && used < len; i++) {
        if (vals->v[i] == decl->p[i].value) continue;
        char num[40];
        shortest(vals->v[i], num, sizeof num);
        used += (size_t)snprintf(out + used, len - used, ":%s=%s", decl->p[i].name, num);
    }
    return used < len ? 0 : -1;
}

static const kit_bot_info *make_seat(const kit_bot_info *bot, const kit_params *decl,
                                     const kit_param_values *vals, const char *name) {
    if (strlen(name) >= KIT_PARAM_SPEC_MAX) return NULL;
    char *block = calloc(1, seat_offset() + sizeof(param_seat));
    if (!block) return NULL;
    param_seat *s = (param_seat *)(block + seat_offset());
    snprintf(s->name, sizeof s->name, "%s", name);
    s->decl = decl;
    s->values = *vals;
    s->magic = SEAT_MAGIC;
    memcpy(block, bot, sizeof(kit_bot_any));
    ((kit_bot_info *)block)->name = s->name;
    return (const kit_bot_info *)block;
}

const kit_bot_info *kit_param_seat(const kit_bot_info *bot, const kit_params *decl,
                                   const kit_param_values *vals) {
    char name[KIT_PARAM_SPEC_MAX];
    if (kit_param_format(bot->name, decl, vals, name, sizeof name)) return NULL;
    return make_seat(bot, decl, vals, name);
}

const kit_bot_info *kit_bot_spec_text(const kit_bot_table *t, const char *spec, char *err,
                                      size_t errlen) {
    const char *colon = strchr(spec, ':');
    if (!colon) {
        const kit_bot_info *bot = kit_bot_find(t, spec);
        if (!bot) snprintf(err, errlen, "unknown bot '%.100s'", spec);
        return bot;
    }
    char base[128];
    size_t blen = (size_t)(colon - spec);
    snprintf(base, sizeof base, "%.*s", (int)(blen < sizeof base ? blen : sizeof base - 1), spec);
    const kit_bot_info *bot = kit_bot_find(t, base);
    if (!bot) return snprintf(err, errlen, "unknown bot '%s'", base), NULL;
    const kit_params *decl = kit_bot_params(t, bot);
    if (!decl) return snprintf(err, errlen, "bot %s has no parameters", base), NULL;
    if (strlen(spec) >= KIT_PARAM_SPEC_MAX)
        return snprintf(err, errlen, "a bot spec longer than %d bytes", KIT_PARAM_SPEC_MAX - 1), NULL;
    kit_param_values vals;
    kit_param_defaults(decl, &vals);
    if (kit_param_parse(base, decl, colon + 1, &vals, err, errlen)) return NULL;
    const kit_bot_info *seat = make_seat(bot, decl, &vals, spec);
    if (!seat) snprintf(err, errlen, "out of memory");
    return seat;
}

const kit_bot_info *kit_bot_spec(const char *prog, const char *opt, const kit_bot_table *t,
                                 const char *spec, const char *also) {
    const char *colon = strchr(spec, ':');
    if (!colon) return kit_bot_lookup(prog, opt, t, spec, also);
    char base[128];
    size_t blen = (size_t)(colon - spec);
    snprintf(base, sizeof base, "%.*s", (int)(blen < sizeof base ? blen : sizeof base - 1), spec);
    if (!kit_bot_lookup(prog, opt, t, base, also)) return NULL; /* the known bots listed */
    char err[600];
    const kit_bot_info *seat = kit_bot_spec_text(t, spec, err, sizeof err);
    if (!seat) return kit_fail(prog, "%s: %s", opt, err), NULL;
    return seat;
}

static const param_seat *seat_of(const kit_bot_info *info) {
    if (!info || strncmp(info->name, "cmd:", 4) == 0) return NULL; /* an outside seat */
    const param_seat *s = (const param_seat *)info->name; /* the name is the seat's first member */
    int ours = (uintptr_t)s == (uintptr_t)info + seat_offset();
    return ours && s->magic == SEAT_MAGIC ? s : NULL;
}

const kit_param_values *kit_param_values_of(const kit_bot_info *info) {
    const param_seat *s = seat_of(info);
    return s ? &s->values : NULL;
}

void kit_param_seat_free(const kit_bot_info *info) {
    if (seat_of(info)) free((void *)info);
}

void kit_param_list(FILE *out, const kit_bot_table *t) {
    for (int b = 0; b < t->n; b++) {
        const kit_params *decl = kit_bot_params(t, t->bots[b]);
        if (!decl) continue;
        fprintf(out, "%s\n", t->bots[b]->name);
        int width = 0;
        for (int i = 0; i < decl->n; i++) {
            int w = (int)strlen(decl->p[i].name);
            if (w > width) width = w;
        }
        for (int i = 0; i < decl->n; i++) {
            const kit_param *p = &decl->p[i];
            char range[80];
            snprintf(range, sizeof range, "%g..%g", p->min, p->max);
            fprintf(out, "  %-*s  %-6g %-10s step %-5g %-7s  %s\n", width, p->name, p->value,
                    range, p->step, p->integer ? "integer" : "", p->about);
        }
    }
}
