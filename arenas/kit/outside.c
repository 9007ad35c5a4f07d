/* outside.c — outside programs as bots (outside.h): the options and --bots lists that make
 * their seats, and the adapter's per-game side (start, ask, reject, release, why it ended). */
#define _POSIX_C_SOURCE 200809L
#include "outside.h"

#include "compat.h"

#include <errno.h>
#include <fcntl.h>
#include <stdalign.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cputime.h"
#include "param.h"
#include "dmap.h"

int kit_outside_option(const char *prog, int argc, char **argv, int *i, kit_outside_opts *o) {
    const char *opt = argv[*i];
    int first = strcmp(opt, "--first-limit") == 0;
    if (!first && strcmp(opt, "--limit") != 0 && strcmp(opt, "--bot-stderr") != 0) return 0;
    const char *v = kit_opt_value(prog, argc, argv, i);
    if (!v) return -1;
    if (strcmp(opt, "--bot-stderr") == 0) {
        o->stderr_arg = v;
        return 1;
    }
    long ms;
    if (kit_parse_long(prog, opt, v, 1, 3600000, &ms)) return -1;
    if (first) o->first_limit_ms = ms;
    else o->limit_ms = ms;
    return 1;
}

int kit_outside_opts_open(const char *prog, kit_outside_opts *o, int dflt) {
    const char *v = o->stderr_arg;
    if (!v) o->stderr_fd = dflt;
    else if (strcmp(v, "inherit") == 0) o->stderr_fd = 2;
    else if (strcmp(v, "discard") == 0) o->stderr_fd = KIT_STDERR_DISCARD;
    else {
        /* made here, or there already (or a link): kit_outside_opts_abandon removes only a
         * file made here */
        o->stderr_fd = open(v, O_WRONLY | O_CREAT | O_EXCL | O_APPEND | O_CLOEXEC, 0644);
        o->stderr_made = o->stderr_fd >= 0;
        if (o->stderr_fd < 0 && errno == EEXIST)
            o->stderr_fd = open(v, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
        if (o->stderr_fd < 0)
            return kit_fail(prog, "--bot-stderr: cannot open '%.200s': %s", v, strerror(errno)), -1;
    }
    return 0;
}

int kit_play_option(const char *prog, const char *command, int argc, char **argv, int *i,
                    kit_outputs *out, kit_outside_opts *o) {
    int took = kit_outputs_option(prog, argc, argv, i, out);
    if (took == 0) took = kit_outside_option(prog, argc, argv, i, o);
    return took != 0 ? took : kit_unknown_option(prog, command, argv[*i]);
}

const char *kit_outside_stderr_file(const char *v) {
    return !v || strcmp(v, "inherit") == 0 || strcmp(v, "discard") == 0 ? NULL : v;
}

void kit_outside_seats_stderr(const kit_bot_info *const *bots, int n, const kit_outside_opts *o) {
    for (int i = 0; i < n; i++) {
        const kit_outside_spec *spec = kit_outside_of(bots[i]);
        if (spec) ((kit_outside_spec *)spec)->stderr_fd = o->stderr_fd; /* the seat's own block */
    }
}

void kit_outside_opts_close(kit_outside_opts *o) {
    if (o->stderr_fd > 2) close(o->stderr_fd);
    o->stderr_fd = KIT_STDERR_DISCARD;
    o->stderr_made = 0;
}

void kit_outside_opts_abandon(kit_outside_opts *o) {
    struct stat st;
    int empty = o->stderr_fd > 2 && fstat(o->stderr_fd, &st) == 0 && st.st_size == 0;
    const char *file = o->stderr_made && empty ? kit_outside_stderr_file(o->stderr_arg) : NULL;
    kit_outside_opts_close(o);
    if (file) remove(file);
}

/* Where a seat's spec lies after its typed bot of `size` bytes. */
static size_t spec_offset(size_t size) {
    size_t a = alignof(max_align_t);
    return (size + a - 1) / a * a;
}

/* A seat for "cmd:COMMAND": the adapter copied, its name pointing into the spec. */
const kit_bot_info *kit_outside_seat(const char *prog, const char *opt, const char *name,
                                     const kit_bot_info *adapter, size_t size,
                                     const kit_outside_opts *o) {
    if (!name[4]) return kit_fail(prog, "%s: 'cmd:' needs a program", opt), NULL;
    if (strlen(name) >= KIT_OUTSIDE_NAME_MAX)
        return kit_fail(prog, "%s: a command longer than %d bytes", opt, KIT_OUTSIDE_NAME_MAX - 1),
               NULL;
    char *block = calloc(1, spec_offset(size) + sizeof(kit_outside_spec));
    if (!block) return kit_fail(prog, "out of memory"), NULL;
    kit_outside_spec *s = (kit_outside_spec *)(block + spec_offset(size));
    snprintf(s->name, sizeof s->name, "%s", name);
    s->command = s->name + 4;
    s->first_limit_ns = (int64_t)o->first_limit_ms * 1000000;
    s->limit_ns = (int64_t)o->limit_ms * 1000000;
    s->stderr_fd = o->stderr_fd;
    memcpy(block, adapter, size);
    ((kit_bot_info *)block)->name = s->name;
    return (const kit_bot_info *)block;
}

int kit_parse_seats(const char *prog, const char *opt, char *list, const kit_bot_table *t,
                    int min, int max, const char *note, const kit_bot_info *adapter, size_t size,
                    const kit_outside_opts *o, const kit_bot_info **out, int *n) {
    char *items[64];
    if (max > 64) max = 64;
    if (kit_split_bots(prog, opt, list, min, max, note, items, n)) return -1;
    for (int i = 0; i < *n; i++) {
        if (strncmp(items[i], "cmd:", 4) == 0)
            out[i] = kit_outside_seat(prog, opt, items[i], adapter, size, o);
        else
            out[i] = kit_bot_spec(prog, opt, t, items[i], "or cmd:PROGRAM ARGS");
        if (!out[i]) {
            kit_outside_free(out, i);
            return -1;
        }
    }
    return 0;
}

const kit_outside_spec *kit_outside_of(const kit_bot_info *info) {
    if (!info || strncmp(info->name, "cmd:", 4) != 0) return NULL;
    return (const kit_outside_spec *)info->name; /* the name is the spec's first member */
}

void kit_outside_free(const kit_bot_info *const *bots, int n) {
    for (int i = 0; i < n; i++)
        if (kit_outside_of(bots[i])) free((void *)bots[i]);
        else kit_param_seat_free(bots[i]);
}

void *kit_bot_preset(const kit_bot_info *info) {
    const kit_outside_spec *spec = kit_outside_of(info);
    if (spec) return (void *)spec;
    return (void *)kit_param_values_of(info); /* a seat with parameters, else NULL */
}

/* ---- the adapter's side -------------------------------------------------------------------- */

int kit_outside_start(void **state) {
    const kit_outside_spec *spec = *state;
    *state = NULL;
    if (!spec) return DMAP_ERR_ARG;
    kit_outside *o = calloc(1, sizeof *o);
    if (!o) return DMAP_ERR_NOMEM;
    char err[256];
    o->spec = spec;
    o->proc = kit_proc_start(spec->command, spec->stderr_fd, err, sizeof err);
    if (!o->proc) {
        fprintf(stderr, "%s: cannot start: %s\n", spec->name, err);
        free(o);
        return DMAP_ERR_ARG;
    }
    *state = o;
    return 0;
}

static void end_player(kit_outside *o, kit_end why) {
    kit_proc_stop(o->proc);
    o->proc = NULL;
    o->ended = why;
}

/* Send text (and a line end when `end`), read the answer line. */
static const char *ask(kit_outside *o, const char *text, size_t len, int end) {
    if (o->ended != KIT_END_NONE || !o->proc) return NULL;
    int64_t limit = o->asked == 0 ? o->spec->first_limit_ns : o->spec->limit_ns;
    o->asked++;
    /* the input is written before the clock starts (a referee counts from then) */
    int64_t send_by = kit_wall_ns() + 1000000000LL;
    kit_end why = kit_proc_send(o->proc, text, len, send_by);
    if (why == KIT_END_NONE && end) why = kit_proc_send(o->proc, "\n", 1, send_by);
    size_t n;
    if (why == KIT_END_NONE)
        why = kit_proc_read_line(o->proc, o->line, sizeof o->line, &n, kit_wall_ns() + limit);
    if (why == KIT_END_NONE && memchr(o->line, '\0', n)) { /* a NUL byte */
        if (!o->spec->nul_char) why = KIT_END_INVALID;
        else
            for (size_t i = 0; i < n; i++)
                if (o->line[i] == '\0') o->line[i] = '\x01';
    }
    if (why != KIT_END_NONE) {
        end_player(o, why);
        return NULL;
    }
    if (n && o->line[n - 1] == '\r') o->line[n - 1] = '\0';
    return o->line;
}

const char *kit_outside_ask(kit_outside *o, const char *text, size_t len) {
    return ask(o, text, len, 0);
}

const char *kit_outside_ask_text(kit_outside *o, const char *text) {
    return ask(o, text, strlen(text), 1);
}

const char *kit_outside_ask_json(kit_outside *o, json_t *j, int *rc) {
    char *text = j ? json_dumps(j, JSON_COMPACT) : NULL;
    json_decref(j);
    *rc = text ? 0 : DMAP_ERR_NOMEM;
    if (!text) return NULL;
    const char *got = kit_outside_ask_text(o, text);
    free(text);
    return got;
}

void kit_outside_reject(kit_outside *o) {
    if (o->ended == KIT_END_NONE) end_player(o, KIT_END_INVALID);
}

int kit_outside_decide(void *state, const kit_outside_protocol *p, const void *view, void *action) {
    kit_outside *o = state;
    memcpy(action, p->idle, p->action_size);
    if (o->ended != KIT_END_NONE) return 0;
    int rc;
    const char *got = p->view_json ? kit_outside_ask_json(o, p->view_json(view), &rc) : p->ask(o, view, &rc);
    if (rc) return rc;
    if (got && p->parse(got, action)) {
        kit_outside_reject(o);
        memcpy(action, p->idle, p->action_size);
    }
    return 0;
}

void kit_outside_release(void *state) {
    kit_outside *o = state;
    if (!o) return;
    kit_proc_stop(o->proc);
    free(o);
}

kit_end kit_bot_ended(const kit_bot_info *info, const void *state, long *on) {
    if (on) *on = 0;
    if (!kit_outside_of(info) || !state) return KIT_END_NONE;
    const kit_outside *o = state;
    if (on && o->ended != KIT_END_NONE) *on = o->asked;
    return o->ended;
}

/* ---- tables -------------------------------------------------------------------------------- */

void kit_end_tally_add(kit_end_tally *t, kit_end why) {
    t->games++;
    if (why >= 0 && why < KIT_END_COUNT) t->count[why]++;
}

static int is_outside(const char *name) { return strncmp(name, "cmd:", 4) == 0; }

void kit_print_ended(FILE *out, const char *const *names, const kit_end_tally *t, int n) {
    int any = 0;
    for (int i = 0; i < n; i++) any |= is_outside(names[i]);
    if (!any) return;
    fprintf(out, "\n| bot | games | played to the end |");
    for (int w = KIT_END_NONE + 1; w < KIT_END_COUNT; w++) fprintf(out, " %s |", kit_end_name(w));
    fprintf(out, "\n|---|---|---|");
    for (int w = KIT_END_NONE + 1; w < KIT_END_COUNT; w++) fprintf(out, "---|");
    fprintf(out, "\n");
    for (int i = 0; i < n; i++) {
        if (!is_outside(names[i])) continue;
        fprintf(out, "| %s | %ld |", names[i], t[i].games);
        for (int w = KIT_END_NONE; w < KIT_END_COUNT; w++) fprintf(out, " %ld |", t[i].count[w]);
        fprintf(out, "\n");
    }
}
