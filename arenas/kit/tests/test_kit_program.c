/* test_kit_program.c — an arena program's shared main and outputs: the usage, `help COMMAND`
 * running the command with --help, `bots` listing the table, the one-line unknown-command and
 * unknown-bot errors with exit 2, bot lookup by name; --replay/--html outputs: each file
 * written when asked, the scratch replay of --html removed, nothing left by an aborted game,
 * --maps without an output refused. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "kit/program.h"

#include "../../../tests/check.h"

/* ---- capturing stdout and stderr ---------------------------------------------------------- */

static char out_text[8192], err_text[8192];

typedef struct capture {
    FILE *out, *err;
    int saved_out, saved_err;
} capture;

static void capture_begin(capture *c) {
    fflush(stdout);
    fflush(stderr);
    c->out = tmpfile();
    c->err = tmpfile();
    c->saved_out = dup(1);
    c->saved_err = dup(2);
    dup2(fileno(c->out), 1);
    dup2(fileno(c->err), 2);
}

static void slurp(FILE *f, char *buf, size_t cap) {
    rewind(f);
    size_t n = fread(buf, 1, cap - 1, f);
    buf[n] = '\0';
    fclose(f);
}

static void capture_end(capture *c) {
    fflush(stdout);
    fflush(stderr);
    dup2(c->saved_out, 1);
    dup2(c->saved_err, 2);
    close(c->saved_out);
    close(c->saved_err);
    slurp(c->out, out_text, sizeof out_text);
    slurp(c->err, err_text, sizeof err_text);
}

static int lines_in(const char *s) {
    int n = 0;
    for (; *s; s++) n += *s == '\n';
    return n;
}

/* ---- a program with two commands and two bots --------------------------------------------- */

typedef struct toy_view { int turn; } toy_view;
typedef int toy_action;
KIT_BOT_INTERFACE(toy_bot, toy_view, toy_action);

static int still_decide(void *state, const toy_view *v, toy_action *a) {
    (void)state;
    *a = v->turn;
    return 0;
}
static const toy_bot toy_still = {{"still", "never moves"}, NULL, still_decide, NULL, NULL};
static const toy_bot toy_runner = {{"runner", "runs far away"}, NULL, still_decide, NULL, NULL};
static const kit_bot_info *const toy_infos[] = {&toy_still.info, &toy_runner.info};
static const kit_bot_table toy_table = {toy_infos, 2, NULL};

static int last_argc;
static char last_arg[64];
static int cmd_play(int argc, char **argv) {
    last_argc = argc;
    snprintf(last_arg, sizeof last_arg, "%s", argc > 1 ? argv[1] : "");
    return 0;
}
static int cmd_other(int argc, char **argv) {
    (void)argc, (void)argv;
    return 7;
}
static const kit_command toy_commands[] = {
    {"play", "--seed S", "play one game", cmd_play},
    {"other", "", "something else", cmd_other},
};
static const kit_program toy = {"toy", "A toy game.", toy_commands, 2, &toy_table};

static int run(int argc, const char *const *args) {
    char *argv[8];
    for (int i = 0; i < argc; i++) argv[i] = (char *)args[i];
    argv[argc] = NULL;
    capture c;
    capture_begin(&c);
    int rc = kit_main(&toy, argc, argv);
    capture_end(&c);
    return rc;
}

static void test_main(void) {
    const char *none[] = {"toy"};
    CHECK(run(1, none) == 0 && strstr(out_text, "usage: toy COMMAND") && strstr(out_text, "  play --seed S") &&
              strstr(out_text, "  bots") && !err_text[0],
          "usage: %s", out_text);
    const char *help[] = {"toy", "--help"};
    CHECK(run(2, help) == 0 && strstr(out_text, "A toy game."), "--help");
    const char *help_play[] = {"toy", "help", "play"};
    CHECK(run(3, help_play) == 0 && last_argc == 2 && !strcmp(last_arg, "--help"), "help play: %s", last_arg);
    /* -h or --help anywhere among a command's arguments is that command's --help */
    const char *play_h[] = {"toy", "play", "--seed", "x", "-h"};
    CHECK(run(5, play_h) == 0 && last_argc == 2 && !strcmp(last_arg, "--help"), "play ... -h: %s", last_arg);
    const char *play_help[] = {"toy", "play", "--help", "--seed"};
    CHECK(run(4, play_help) == 0 && last_argc == 2 && !strcmp(last_arg, "--help"), "play --help ...");
    const char *help_h[] = {"toy", "help", "-h"};
    CHECK(run(3, help_h) == 0 && strstr(out_text, "usage: toy COMMAND") && !err_text[0], "help -h: %s", err_text);
    const char *bots_h[] = {"toy", "bots", "-h"};
    CHECK(run(3, bots_h) == 0 && strstr(out_text, "usage: toy bots") && !err_text[0], "bots -h: %s", err_text);
    const char *play[] = {"toy", "play", "--seed", "3"};
    CHECK(run(4, play) == 0 && last_argc == 3 && !strcmp(last_arg, "--seed"), "dispatch");
    const char *other[] = {"toy", "other"};
    CHECK(run(2, other) == 7, "a command's status is the program's");
    const char *bad[] = {"toy", "plya"};
    CHECK(run(2, bad) == KIT_EXIT_USAGE && !strcmp(err_text, "toy: unknown command 'plya' (see toy help)\n"),
          "unknown: %s", err_text);
    const char *help_bad[] = {"toy", "help", "nope"};
    CHECK(run(3, help_bad) == KIT_EXIT_USAGE && lines_in(err_text) == 1 && strstr(err_text, "'nope'"),
          "help unknown: %s", err_text);
    const char *bots[] = {"toy", "bots"};
    CHECK(run(2, bots) == 0 && !strcmp(out_text, "still   never moves\nrunner  runs far away\n"), "bots: [%s]",
          out_text);
    const char *bots_extra[] = {"toy", "bots", "x"};
    CHECK(run(3, bots_extra) == KIT_EXIT_USAGE && lines_in(err_text) == 1, "bots x: %s", err_text);
}

static void test_lookup(void) {
    const kit_bot_info *b = kit_bot_find(&toy_table, "runner");
    CHECK(b == &toy_runner.info && ((const toy_bot *)b)->decide == still_decide, "find runner");
    CHECK(kit_bot_find(&toy_table, "Runner") == NULL, "names are exact");
    capture c;
    capture_begin(&c);
    b = kit_bot_lookup("toy", "--bots", &toy_table, "walker", "or cmd:PROGRAM");
    capture_end(&c);
    CHECK(!b && !strcmp(err_text, "toy: --bots: unknown bot 'walker' (known: still, runner, or cmd:PROGRAM)\n"),
          "lookup: %s", err_text);
}

/* ---- outputs ------------------------------------------------------------------------------ */

static char dir[] = "/tmp/kit_program_XXXXXX";

static int exists(const char *p) {
    struct stat st;
    return stat(p, &st) == 0;
}

static int files_in_dir(void) {
    char cmd[256];
    snprintf(cmd, sizeof cmd, "ls -A %s | wc -l", dir);
    FILE *p = popen(cmd, "r");
    int n = -1;
    if (p && fscanf(p, "%d", &n) != 1) n = -1;
    if (p) pclose(p);
    return n;
}

static int write_game(kit_outputs *o) {
    kit_replay *r = kit_outputs_replay(o);
    if (!r) return 0;
    const char *players[] = {"still", "runner"};
    kit_replay_header(r, "toy", 2, 1, 5, players, 2, "..", NULL);
    kit_replay_turn(r, 0, json_pack("[i,i]", 0, 1), NULL, NULL);
    return kit_replay_result(r, json_pack("{s:i}", "winner", 1));
}

static void test_outputs(void) {
    char replay[300], html[300];
    snprintf(replay, sizeof replay, "%s/game.jsonl", dir);
    snprintf(html, sizeof html, "%s/game.html", dir);
    capture c;

    kit_outputs none = {0};
    CHECK(kit_outputs_open(&none, "toy") == 0 && kit_outputs_replay(&none) == NULL, "no output");
    CHECK(kit_outputs_close(&none, "toy") == 0 && files_in_dir() == 0, "nothing written");

    kit_outputs maps_alone = {.maps = 1};
    capture_begin(&c);
    int rc = kit_outputs_open(&maps_alone, "toy");
    capture_end(&c);
    CHECK(rc == -1 && !strcmp(err_text, "toy: --maps needs --replay FILE or --html FILE\n"), "maps: %s", err_text);

    kit_outputs html_only = {.html_path = html};
    CHECK(kit_outputs_open(&html_only, "toy") == 0 && write_game(&html_only) == 0, "html open");
    CHECK(kit_outputs_close(&html_only, "toy") == 0 && exists(html) && files_in_dir() == 1,
          "html alone: the page and no scratch file (%d files)", files_in_dir());
    remove(html);

    kit_outputs both = {.replay_path = replay, .html_path = html};
    CHECK(kit_outputs_open(&both, "toy") == 0 && write_game(&both) == 0, "both open");
    CHECK(kit_outputs_close(&both, "toy") == 0 && exists(html) && exists(replay) && files_in_dir() == 2, "both");
    remove(html);
    remove(replay);

    kit_outputs failed = {.html_path = html};
    CHECK(kit_outputs_open(&failed, "toy") == 0 && write_game(&failed) == 0, "failed open");
    kit_outputs_abort(&failed);
    CHECK(files_in_dir() == 0, "an aborted game leaves no file (%d)", files_in_dir());

    char unwritable[300];
    snprintf(unwritable, sizeof unwritable, "%s/no/such/dir/game.jsonl", dir);
    kit_outputs bad = {.replay_path = unwritable};
    capture_begin(&c);
    rc = kit_outputs_open(&bad, "toy");
    capture_end(&c);
    CHECK(rc == -1 && lines_in(err_text) == 1 && strstr(err_text, "cannot write"), "unwritable: %s", err_text);
}

int main(void) {
    if (!mkdtemp(dir)) return perror("mkdtemp"), 1;
    test_main();
    test_lookup();
    test_outputs();
    rmdir(dir);
    return check_report("test_kit_program");
}
