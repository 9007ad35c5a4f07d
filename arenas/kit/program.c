/* program.c — an arena program's main over its command table, and the --replay/--html outputs
 * of its match command (program.h). */
#include "program.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "compat.h"
#include "html_replay.h"
#include "outfile.h"
#include "param.h"

void kit_usage(const kit_program *p, FILE *out) {
    fprintf(out, "usage: %s COMMAND [options]   (%s help COMMAND: its options)\n", p->name,
            p->name);
    if (p->about) fprintf(out, "%s\n", p->about);
    for (int i = 0; i < p->ncommands; i++)
        fprintf(out, "  %s %s\n      %s\n", p->commands[i].name, p->commands[i].synopsis,
                p->commands[i].about);
    if (p->bots)
        fprintf(out, "  bots [--params]\n      list the built-in bots (or their parameters)\n");
    fprintf(out, "  help [COMMAND]\n      this text, or a command's options\n");
}

static const kit_command *find_command(const kit_program *p, const char *name) {
    for (int i = 0; i < p->ncommands; i++)
        if (strcmp(p->commands[i].name, name) == 0) return &p->commands[i];
    return NULL;
}

static int unknown_command(const kit_program *p, const char *name) {
    kit_fail(p->name, "unknown command '%.60s' (see %s help)", name, p->name);
    return KIT_EXIT_USAGE;
}

static int is_help(const char *s) {
    return !strcmp(s, "help") || !strcmp(s, "--help") || !strcmp(s, "-h");
}

static int run_bots(const kit_program *p, int argc, char **argv) {
    int params = argc == 2 && !strcmp(argv[1], "--params");
    if (argc > 1 && !(argc == 2 && (is_help(argv[1]) || params))) {
        kit_fail(p->name, "bots: takes no arguments but --params (see %s help)", p->name);
        return KIT_EXIT_USAGE;
    }
    if (argc == 2 && !params) {
        printf("usage: %s bots [--params]\nLists the built-in bots: the names --bots takes.\n"
               "--params: each bot's numeric parameters instead (name, default, range, tuning\n"
               "step, meaning), which a bot spec NAME:PARAM=VALUE:PARAM=VALUE sets.\n",
               p->name);
        return 0;
    }
    if (params) kit_param_list(stdout, p->bots);
    else kit_bot_list(stdout, p->bots);
    return 0;
}

int kit_finish(const char *prog, int rc) {
    errno = 0;
    if (fflush(stdout) == 0 && !ferror(stdout)) return rc;
    kit_fail(prog, "cannot write the output%s%s", errno ? ": " : "", errno ? strerror(errno) : "");
    return rc != 0 ? rc : 1;
}

int kit_help_asked(int argc, char **argv, const char *help) {
    for (int i = 1; i < argc; i++)
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            fputs(help, stdout);
            return 1;
        }
    return 0;
}

/* -h or --help among a command's arguments, wherever they stand and whatever else is given. */
static int help_among(int argc, char **argv) {
    for (int i = 2; i < argc; i++)
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) return 1;
    return 0;
}

static int dispatch(const kit_program *p, int argc, char **argv) {
    if (argc < 2) return kit_usage(p, stdout), 0;
    const char *name = argv[1];
    if (is_help(name)) {
        if (argc < 3 || help_among(argc, argv)) return kit_usage(p, stdout), 0;
        if (argc > 3) {
            kit_fail(p->name, "help: give one command (see %s help)", p->name);
            return KIT_EXIT_USAGE;
        }
        char *help_argv[] = {argv[2], "--help", NULL};
        if (p->bots && !strcmp(argv[2], "bots")) return run_bots(p, 2, help_argv);
        const kit_command *c = find_command(p, argv[2]);
        return c ? c->run(2, help_argv) : unknown_command(p, argv[2]);
    }
    if (help_among(argc, argv)) { /* COMMAND ... -h: COMMAND --help, as `help COMMAND` */
        char *help_argv[] = {argv[1], "--help", NULL};
        if (p->bots && !strcmp(name, "bots")) return run_bots(p, 2, help_argv);
        const kit_command *c = find_command(p, name);
        return c ? c->run(2, help_argv) : unknown_command(p, name);
    }
    if (p->bots && !strcmp(name, "bots")) return run_bots(p, argc - 1, argv + 1);
    const kit_command *c = find_command(p, name);
    return c ? c->run(argc - 1, argv + 1) : unknown_command(p, name);
}

int kit_main(const kit_program *p, int argc, char **argv) {
    kit_binary_stdio();
    return kit_finish(p->name, dispatch(p, argc, argv));
}

/* ---- outputs ------------------------------------------------------------------------------ */

int kit_refuse_same_file(const char *prog, const char *out_option, const char *out,
                         const char *in_option, const char *in) {
    if (!out || !in || !kit_same_file(out, in)) return 0;
    return kit_fail(prog, "%s '%.200s' is the %s file: give the output another name", out_option,
                    out, in_option);
}

int kit_outputs_option(const char *prog, int argc, char **argv, int *i, kit_outputs *o) {
    const char *opt = argv[*i];
    const char **path = !strcmp(opt, "--replay") ? &o->replay_path
                        : !strcmp(opt, "--html") ? &o->html_path
                                                 : NULL;
    if (path) return (*path = kit_opt_value(prog, argc, argv, i)) ? 1 : -1;
    if (strcmp(opt, "--maps") != 0) return 0;
    o->maps = 1;
    return 1;
}

int kit_outputs_guard(const kit_outputs *o, const char *prog, const char *option,
                      const char *path) {
    const char *names[2] = {o->replay_option ? o->replay_option : "--replay", "--html"};
    const char *outs[2] = {o->replay_path, o->html_path};
    for (int k = 0; k < 2; k++)
        if (kit_refuse_same_file(prog, names[k], outs[k], option, path)) return -1;
    return 0;
}

int kit_outputs_open(kit_outputs *o, const char *prog) {
    o->open = 0;
    o->scratch[0] = '\0';
    if (o->maps && !o->replay_path && !o->html_path)
        return kit_fail(prog, "--maps needs --replay FILE or --html FILE");
    const char *names[2] = {o->replay_option ? o->replay_option : "--replay", "--html"};
    const char *paths[2] = {o->replay_path, o->html_path};
    for (int k = 0; k < 2; k++)
        if (paths[k] && (!paths[k][0] || !strcmp(paths[k], "-")))
            return kit_fail(prog, "%s: give a file name (standard output carries the result)",
                            names[k]);
    if (o->replay_path && o->html_path && kit_same_file(o->replay_path, o->html_path))
        return kit_fail(prog, "--replay and --html name one file '%.200s': give each its own",
                        o->html_path);
    if (!o->replay_path && !o->html_path) return 0;
    const char *path = o->replay_path;
    if (!path) {
        char err[512];
        if (kit_html_replay_scratch(o->html_path, o->scratch, sizeof o->scratch, err,
                                    sizeof err) != 0)
            return kit_fail(prog, "%s", err);
        path = o->scratch;
    }
    int e = kit_replay_open(&o->replay, path);
    if (e != 0) {
        if (o->scratch[0]) remove(o->scratch);
        o->scratch[0] = '\0';
        return kit_fail(prog, "cannot write %.200s: %s", path, strerror(e));
    }
    o->open = 1;
    return 0;
}

kit_replay *kit_outputs_replay(kit_outputs *o) {
    return o->open ? &o->replay : NULL;
}

int kit_outputs_close(kit_outputs *o, const char *prog) {
    if (!o->open) return 0;
    o->open = 0;
    const char *path = o->scratch[0] ? o->scratch : o->replay_path;
    int e = kit_replay_close(&o->replay), rc = 0;
    if (e != 0) {
        rc = kit_fail(prog, "cannot write %.200s: %s", o->replay_path ? o->replay_path : o->html_path,
                      strerror(e));
    } else if (o->html_path) {
        char err[512];
        if (kit_html_replay_from_file(o->html_path, path, err, sizeof err) != 0)
            rc = kit_fail(prog, "%s", err);
    }
    if (o->scratch[0]) remove(o->scratch);
    o->scratch[0] = '\0';
    return rc;
}

void kit_outputs_abort(kit_outputs *o) {
    if (o->open) kit_replay_abort(&o->replay);
    o->open = 0;
    if (o->scratch[0]) remove(o->scratch);
    o->scratch[0] = '\0';
}
