/* main.c — the `pommerman` program: its commands (cmd_<name>.c) over the kit's main, which adds
 * `bots` and `help`. */
#include "cli.h"

static const kit_command commands[] = {
    {"match", "[--seed S] --bots A,B,C,D [--config C] [--render] [--replay FILE] [--html FILE] [--maps]",
     "play one game and print its result", cmd_match},
    {"replay", "TRACE... [--agents]",
     "replay games recorded from the original environment, comparing every state", cmd_replay},
    {"tournament", "--bots A,B,C,D --games N [--config C] [--seed S] [--jobs J] [--shard K/N --out FILE]",
     "play N games with seats rotated and print one table", cmd_tournament},
    {"tune", "--bot dmap --against B,C,D [--config C] [--iterations K] [--games-per-side G] [--seed S]",
     "tune a bot's parameters by SPSA on paired games; prints the trajectory and the spec",
     cmd_tune},
    {"league", "--bots A,B,C,D,... --games N [--config C] [--seed S] [--jobs J] [--html FILE]",
     "every table of 4 (1v1: 2) bots plays N games; TrueSkill, Plackett-Luce, Elo", cmd_league},
    {"sprt", "--bots A,B[,C,D] [--elo0 E0] [--elo1 E1] [--alpha a] [--beta b] [--max-games N]",
     "paired games until the SPRT decides whether A is stronger than B", cmd_sprt},
    {"merge", "FILE...", "the tournament table of shard files (tournament --shard K/N --out FILE)",
     cmd_merge},
};

int main(int argc, char **argv) {
    const kit_program p = {ARENA_PROG, "Pommerman, step for step as the original environment plays it.", commands,
                           (int)(sizeof commands / sizeof commands[0]), &pm_bot_table};
    return kit_main(&p, argc, argv);
}
