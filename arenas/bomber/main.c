/* main.c — the `bomber` program: its command table and the kit's main. */
#include "cli.h"

static const kit_command commands[] = {
    {"match", "[--seed S] --bots A,B [--render] [--replay FILE] [--html FILE] [--maps]",
     "play one game; the last line gives winner, reason, ticks, scores and hp", cmd_match},
    {"replay", "TRACE[.gz]... [--gambit LOG[.gz]]",
     "replay recorded games, comparing every line (--gambit: every Gambit decision too)",
     cmd_replay},
    {"tournament", "--bots A,B,... --games N [--seed S] [--jobs J] [--shard K/N --out FILE]",
     "N games per pairing, seats alternated; win rates with Wilson 95% intervals",
     cmd_tournament},
    {"tune", "--bot NAME --against A,... [--iterations K] [--games-per-side G] [--seed S] [--jobs J]",
     "tune a bot's parameters by SPSA on paired games; prints the trajectory and the spec",
     cmd_tune},
    {"league", "--bots A,B,... --games N [--seed S] [--jobs J] [--html FILE]",
     "every pairing plays N games; TrueSkill, Plackett-Luce and Elo ratings", cmd_league},
    {"sprt", "--bots A,B [--elo0 E0] [--elo1 E1] [--alpha a] [--beta b] [--max-games N]",
     "paired games until the SPRT decides whether A is stronger than B", cmd_sprt},
    {"merge", "FILE...", "the tournament table of shard files (tournament --shard K/N --out FILE)",
     cmd_merge},
};

int main(int argc, char **argv) {
    const kit_program p = {ARENA_PROG, "CoderOne's 2020 bomber game, \"Dungeons & Data Structures\"",
                           commands, (int)(sizeof commands / sizeof commands[0]),
                           &bomber_bot_table};
    return kit_main(&p, argc, argv);
}
