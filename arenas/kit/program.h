/* program.h — what every arena program shares around its commands: `main` with a command
 * table (usage, `help`, `help COMMAND`, `bots`, the unknown-command line), and the replay
 * outputs of `match` (--replay FILE and --html FILE, alone or together).
 *
 * An arena's main.c is only its table:
 *
 *     static const kit_command commands[] = {
 *         {"match", "--seed S --bots A,B [--render] [--replay FILE] [--html FILE] [--maps]",
 *          "play one game", cmd_match},
 *         ...};
 *     int main(int argc, char **argv) {
 *         const kit_program p = {"pommerman", "Pommerman ...", commands, 4, &pm_bot_table};
 *         return kit_main(&p, argc, argv);
 *     }
 *
 * Exit statuses: 0 success, 1 a failure while running (a game that could not be played, a
 * file that could not be written), 2 bad usage or bad input (KIT_EXIT_USAGE). */
#ifndef KIT_PROGRAM_H
#define KIT_PROGRAM_H

#include <stddef.h>

#include "bot.h"
#include "cli.h"
#include "replay.h"

/* A command: run(argc, argv) with argv[0] the command's name; `PROG help NAME` runs it as
 * `NAME --help`, so every command prints its own options on --help (exit 0). */
typedef struct kit_command {
    const char *name;
    const char *synopsis; /* its options, one line of the usage */
    const char *about;    /* what it does, a few words */
    int (*run)(int argc, char **argv);
} kit_command;

typedef struct kit_program {
    const char *name;  /* the program's name, the PROG of every message */
    const char *about; /* one line under the usage's first line */
    const kit_command *commands;
    int ncommands;
    const kit_bot_table *bots; /* the `bots` command lists them; NULL: no such command */
} kit_program;

/* Runs the command argv[1]: no command, `help`, `--help` or `-h` print the usage on stdout
 * (exit 0); `help COMMAND`, and -h or --help anywhere after COMMAND, run COMMAND --help;
 * `bots` lists the bots; anything else prints "PROG: unknown command 'X' (see PROG help)" and
 * returns 2. The status is the command's, or kit_finish's when standard output could not be
 * written. */
int kit_main(const kit_program *p, int argc, char **argv);

/* The commands every arena program defines (its cmd_<name>.c) and puts in its table: argv[0]
 * is the command's name; exit status 0, 1 or KIT_EXIT_USAGE. cmd_tournament_from is the
 * tournament command, or with merged slots (kit/shard.h) the table of merged shard files
 * (cmd_merge's). An arena declares its own further commands in its cli.h. */
struct kit_merged;
int cmd_match(int argc, char **argv);
int cmd_replay(int argc, char **argv);
int cmd_tournament(int argc, char **argv);
int cmd_tournament_from(int argc, char **argv, const struct kit_merged *merged);
int cmd_merge(int argc, char **argv);
int cmd_tune(int argc, char **argv);
int cmd_league(int argc, char **argv);
int cmd_sprt(int argc, char **argv);

/* A program's last step: flushes standard output; when that fails (a full disk, a closed
 * pipe), "PROG: cannot write the output: REASON" and 1 unless rc is already an error, since a
 * result that was not written is not a success. Otherwise rc. */
int kit_finish(const char *prog, int rc);

/* `COMMAND --help` (or -h) anywhere among argv[1..argc-1]: prints help on stdout and returns
 * 1; else 0. Commands call it first, so that --help works whatever else is given. */
int kit_help_asked(int argc, char **argv, const char *help);

/* The usage: "usage: PROG COMMAND [options]   (PROG help COMMAND: its options)", the about
 * line, then one line per command. */
void kit_usage(const kit_program *p, FILE *out);

/* ---- match outputs: --replay FILE and --html FILE ----------------------------------------------
 * Either, both or neither. With --html alone the replay goes to a scratch file beside the
 * HTML, removed at the end. Nothing is left half-written: a failed game leaves no file. */
typedef struct kit_outputs {
    const char *replay_path; /* --replay FILE or NULL */
    const char *replay_option; /* its option's name in messages; NULL: "--replay" */
    const char *html_path;   /* --html FILE or NULL */
    int maps;                /* --maps: the bots' maps go into the replay */
    kit_replay replay;
    char scratch[4200];
    int open;
} kit_outputs;

/* argv[*i] when it is one of the outputs' options, --replay FILE, --html FILE or --maps:
 * records it in o (advancing *i past a value) and returns 1; -1 after the kit's one line on
 * stderr (a missing value); 0 for any other option (argv untouched). */
int kit_outputs_option(const char *prog, int argc, char **argv, int *i, kit_outputs *o);

/* An output that would land on a file the command reads or appends to: when `out` (given as
 * out_option) and `in` (in_option's file) are one file (kit_same_file), one line "PROG:
 * OUT_OPTION 'OUT' is the IN_OPTION file: give the output another name" on stderr and -1;
 * else 0 (also when either is NULL). */
int kit_refuse_same_file(const char *prog, const char *out_option, const char *out,
                         const char *in_option, const char *in);

/* Before kit_outputs_open: refuses an output that names the file `path`, which the command
 * reads or appends to under `option` (--world FILE, --bot-stderr FILE), since writing it would
 * lose that file. path NULL: nothing to check. Returns 0, or -1 after one line on stderr. */
int kit_outputs_guard(const kit_outputs *o, const char *prog, const char *option,
                      const char *path);

/* After option parsing: checks the combination ("--maps needs --replay FILE or --html FILE",
 * a name that is empty or "-": standard output carries the result; --replay and --html
 * naming one file) and opens the replay (line 1 is the caller's
 * kit_replay_header). Returns 0, or -1 after one line "PROG: ..." on stderr. */
int kit_outputs_open(kit_outputs *o, const char *prog);

/* The replay to write turns into, or NULL when no output was asked for. */
kit_replay *kit_outputs_replay(kit_outputs *o);

/* Ends the outputs after a played game: closes the replay, writes the HTML. Returns 0, or -1
 * after one line on stderr (no output file is left behind then). */
int kit_outputs_close(kit_outputs *o, const char *prog);

/* Gives the outputs up (the game failed): nothing is written, scratch files go. */
void kit_outputs_abort(kit_outputs *o);

#endif
