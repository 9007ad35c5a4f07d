/* main.c — the `kutulu` program: its command table (cmd_*.c) and the kit's main. */
#include "cli.h"

static const kit_command commands[] = {
    {"match",
     "--seed S --bots A,B,C,D [--map NAME] [--render] [--replay FILE] [--html FILE] [--maps]\n"
     "        [--data DIR] [--bot-seed N] [--first-limit MS] [--limit MS] [--bot-stderr W]",
     "play one game (built-in bots or cmd:PROGRAM ARGS) and print the ranking",
     cmd_match},
    {"replay", "[--data DIR] TRACE...  |  replay [--data DIR] --file REPLAY",
     "replay games recorded from the official referee, or a replay file of match, and compare",
     cmd_replay},
    {"tournament", "--bots A,B,C,D [--games N] [--seed S] [--jobs J] [--data DIR] [--bot-stderr W]\n"
     "        [--shard K/N --out FILE]",
     "play N games with the seats rotated and print one table", cmd_tournament},
    {"tune", "--bot NAME --against A,B,C [--iterations K] [--games-per-side G] [--seed S] [--jobs J]",
     "tune a bot's parameters by SPSA on paired games; prints the trajectory and the spec",
     cmd_tune},
    {"league", "--bots A,B,C,D,... --games N [--seed S] [--jobs J] [--html FILE] [--data DIR]",
     "every table of 4 entrants plays N games; TrueSkill, Plackett-Luce and Elo ratings",
     cmd_league},
    {"sprt", "--bots A,B[,C,D] [--elo0 E0] [--elo1 E1] [--alpha a] [--beta b] [--max-games N]",
     "paired games until the SPRT decides whether A is stronger than B", cmd_sprt},
    {"merge", "FILE...", "the tournament table of shard files (tournament --shard K/N --out FILE)",
     cmd_merge},
    {"psyleague", "[--seed S] [--counter FILE] [--games G] [--fill BOT] [--data DIR] BOT BOT [BOT [BOT]]",
     "psyleague's game command: play the bots given, print the results as JSON for psyleague",
     cmd_psyleague},
    {"referee", "-p1 CMD -p2 CMD -p3 CMD -p4 CMD [-d seed=N] [-l FILE] [--seed S] [--counter FILE]",
     "one game as cg-brutaltester's referee: the players' scores, one line each",
     cmd_referee},
};

int main(int argc, char **argv) {
    const kit_program program = {
        ARENA_PROG, "Code of Kutulu (CodinGame, league 7), turn-exact with the official referee",
        commands, (int)(sizeof commands / sizeof commands[0]), &kt_bot_table};
    return kit_main(&program, argc, argv);
}
