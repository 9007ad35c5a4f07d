/* main.c — the `pursuit` program: its command table. */
#include "cli.h"
#include "kit/program.h"

static const kit_command commands[] = {
    {"match",
     "(--world FILE | --random SEED [--size WxH] [--walls P]) --bots PREDATOR,PREY [--clocks N] "
     "[--seed S] [--render] [--replay FILE] [--html FILE] [--maps] [--data DIR]",
     "play one game", cmd_match},
    {"replay", "FILE...", "check replay files: their moves through the engine, every state compared",
     cmd_replay},
    {"tournament",
     "--predators A,B --preys C,D --games N [--size WxH] [--walls P] [--clocks N] [--seed S] "
     "[--data-games M] [--data DIR] [--jobs J] [--breakdown] [--shard K/N --out FILE]",
     "every predator against every prey on random worlds and the data folder's worlds",
     cmd_tournament},
    {"merge", "FILE...", "the tournament table of shard files (tournament --shard K/N --out FILE)",
     cmd_merge},
    {"bench", "[--games N] [--bots PREDATOR,PREY] [--worlds N] [--size WxH] [--walls P] "
              "[--clocks N] [--seed S]",
     "time games and a tournament of all pairings", cmd_bench},
    {"tune", "--bot flee|buryflee --against PREDATORS [--size WxH] [--walls P] [--iterations K] "
             "[--games-per-side G] [--seed S] [--jobs J]",
     "tune a prey's parameters by SPSA on paired games; prints the trajectory and the spec",
     cmd_tune},
    {"league", "--predators A,B,... --preys X,Y,... --games N [--seed S] [--jobs J] [--html FILE]",
     "entrants (predator i, prey i) in every pairing, roles swapped; TrueSkill, Elo", cmd_league},
    {"sprt", "--predators A,B --preys X,Y [--elo0 E0] [--elo1 E1] [--alpha a] [--beta b]",
     "paired games until the SPRT decides whether entrant A is stronger than B", cmd_sprt},
};

int main(int argc, char **argv) {
    const kit_program program = {
        "pursuit", "A two-player predator-prey game on a grid, with bots built on dmap.", commands,
        (int)(sizeof commands / sizeof commands[0]), &pursuit_bot_table};
    return kit_main(&program, argc, argv);
}
