/* test_pommerman_rules.c — rule scenarios, one per rule of forward_model.step, set up by hand
 * and checked against what RULES.md and data/README.md say must happen (bomb timer,
 * flame life, item reveal and loss, blocked moves, swaps, chains of followers, kicks and rolling
 * bombs, chain explosions, deaths in old flames, ammo cap, the end and rewards), the collapsing
 * board, the team games' end, fog and the radio. */
#include <stdio.h>
#include <string.h>

#include "../../../tests/check.h"
#include "pommerman.h"

/* A state from a picture: '.' passage, '#' rigid, '+' wood, 'e' 'r' 'k' power-ups, '*' flames
 * (life 2), '0'..'3' agents (ammo 1, blast 2). Agents not drawn are dead, parked at (0,0). */
static void make(pm_state *s, pm_config_id id, const char *const *rows) {
    const pm_config *cfg = pm_config_get(id);
    memset(s, 0, sizeof *s);
    s->cfg = cfg;
    s->size = cfg->size;
    s->nagents = cfg->num_agents;
    int n = s->size;
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++) {
            char ch = rows[r][c];
            int v = PM_PASSAGE;
            if (ch == '#') v = PM_RIGID;
            else if (ch == '+') v = PM_WOOD;
            else if (ch == 'e') v = PM_EXTRABOMB;
            else if (ch == 'r') v = PM_INCRRANGE;
            else if (ch == 'k') v = PM_KICK;
            else if (ch == '*') {
                v = PM_FLAMES;
                s->flames[s->nflames++] = (pm_flame){r, c, 2};
            } else if (ch >= '0' && ch <= '3') {
                int i = ch - '0';
                v = PM_AGENT0 + i;
                s->agents[i] = (pm_agent){r, c, 1, 2, 0, 1};
            }
            s->board[r * n + c] = (unsigned char)v;
        }
}

static void add_bomb(pm_state *s, int r, int c, int owner, int life, int blast, int dir) {
    s->bombs[s->nbombs++] = (pm_bomb){r, c, owner, life, blast, dir};
    if (s->board[r * s->size + c] < PM_AGENT0) s->board[r * s->size + c] = PM_BOMB;
}

static int at(const pm_state *s, int r, int c) { return s->board[r * s->size + c]; }

static void step1(pm_state *s, int a0, int a1, int a2, int a3) {
    int a[4] = {a0, a1, a2, a3};
    pm_step(s, a);
}

static const char *const open8[8] = {"........", ".0......", "........", "........",
                                     "........", "........", "......1.", "........"};

static void bomb_timer_and_flames(void) {
    pm_state s;
    make(&s, PM_ONE_VS_ONE, open8);
    step1(&s, PM_LAY_BOMB, 0, 0, 0);
    CHECK(s.nbombs == 1 && s.bombs[0].life == 9 && s.bombs[0].blast == 2 && s.agents[0].ammo == 0,
           "bomb laid with life 9 after its step");
    step1(&s, PM_RIGHT, 0, 0, 0);
    step1(&s, PM_RIGHT, 0, 0, 0); /* agent at (1,3): outside strength-2 reach of (1,1) */
    for (int t = 4; t <= 9; t++) step1(&s, 0, 0, 0, 0);
    CHECK(s.nbombs == 1 && s.bombs[0].life == 1 && s.nflames == 0, "life 1 after step 9");
    step1(&s, 0, 0, 0, 0);
    CHECK(s.nbombs == 0 && s.agents[0].ammo == 1, "exploded in step 10, ammo back");
    CHECK(s.nflames == 5 && at(&s, 1, 1) == PM_FLAMES && at(&s, 1, 2) == PM_FLAMES &&
               at(&s, 0, 1) == PM_FLAMES && at(&s, 2, 1) == PM_FLAMES && at(&s, 1, 0) == PM_FLAMES,
           "cross of reach strength-1: %d flames", s.nflames);
    CHECK(at(&s, 1, 3) == PM_AGENT0 && s.agents[0].alive, "agent beyond the reach lives");
    CHECK(s.flames[0].r == 0 && s.flames[0].c == 1, "flames appended row-major");
    step1(&s, 0, 0, 0, 0);
    step1(&s, 0, 0, 0, 0);
    CHECK(s.nflames == 5 && s.flames[0].life == 0, "flames shown for three states");
    step1(&s, 0, 0, 0, 0);
    CHECK(s.nflames == 0 && at(&s, 1, 1) == PM_PASSAGE, "flames gone at the start of step 13");
}

static void same_target_and_swap(void) {
    static const char *const rows[8] = {"........", "........", "........", "..0.1...",
                                        "........", "........", "........", "........"};
    pm_state s;
    make(&s, PM_ONE_VS_ONE, rows);
    step1(&s, PM_RIGHT, PM_LEFT, 0, 0);
    CHECK(s.agents[0].c == 2 && s.agents[1].c == 4, "two agents aiming at one cell both stay");
    static const char *const swap[8] = {"........", "........", "........", "..01....",
                                        "........", "........", "........", "........"};
    make(&s, PM_ONE_VS_ONE, swap);
    step1(&s, PM_RIGHT, PM_LEFT, 0, 0);
    CHECK(s.agents[0].c == 2 && s.agents[1].c == 3, "swapping agents both stay");
}

static void followers(void) {
    static const char *const rows[11] = {"...........", "...........", "...........", ".01.2......",
                                         "...........", "...........", "...........", "...........",
                                         "...........", "...........", ".........3."};
    pm_state s;
    make(&s, PM_FFA, rows);
    step1(&s, PM_RIGHT, PM_RIGHT, PM_LEFT, 0);
    CHECK(s.agents[0].c == 1 && s.agents[1].c == 2 && s.agents[2].c == 4,
           "a follower behind a blocked agent reverts too");
    make(&s, PM_FFA, rows);
    step1(&s, PM_RIGHT, PM_RIGHT, 0, 0);
    CHECK(s.agents[0].c == 2 && s.agents[1].c == 3, "a follower behind a moving agent moves");
}

static void bombs_block_and_kicks(void) {
    static const char *const rows[8] = {"........", "........", "........", "..0...#.",
                                        "........", "........", "......1.", "........"};
    pm_state s;
    make(&s, PM_ONE_VS_ONE, rows);
    add_bomb(&s, 3, 3, 1, 8, 2, 0);
    step1(&s, PM_RIGHT, 0, 0, 0);
    CHECK(s.agents[0].c == 2 && s.bombs[0].c == 3, "no kick: the bomb blocks");
    make(&s, PM_ONE_VS_ONE, rows);
    s.agents[0].kick = 1;
    add_bomb(&s, 3, 3, 1, 8, 2, 0);
    step1(&s, PM_RIGHT, 0, 0, 0);
    CHECK(s.agents[0].c == 3 && s.bombs[0].c == 4 && s.bombs[0].dir == PM_RIGHT,
           "kick: agent enters, bomb moves on in the same step");
    step1(&s, 0, 0, 0, 0);
    CHECK(s.bombs[0].c == 5 && s.bombs[0].dir == PM_RIGHT, "the kicked bomb rolls");
    step1(&s, 0, 0, 0, 0);
    CHECK(s.bombs[0].c == 5 && s.bombs[0].dir == 0, "stops before a rigid wall");
    static const char *const wood[8] = {"........", "........", "........", "..0.+...",
                                        "........", "........", "......1.", "........"};
    make(&s, PM_ONE_VS_ONE, wood);
    s.agents[0].kick = 1;
    add_bomb(&s, 3, 3, 1, 8, 2, 0);
    step1(&s, PM_RIGHT, 0, 0, 0);
    CHECK(s.agents[0].c == 2 && s.bombs[0].c == 3 && s.bombs[0].dir == 0, "kick into wood fails: both stay");
    /* a moving bomb and an agent swapping: the bomb reverts and, blocked by the agent, stops */
    static const char *const sw[8] = {"........", "........", "........", "..0.....",
                                      "........", "........", "......1.", "........"};
    make(&s, PM_ONE_VS_ONE, sw);
    add_bomb(&s, 3, 3, 1, 8, 2, PM_LEFT);
    step1(&s, PM_RIGHT, 0, 0, 0);
    CHECK(s.agents[0].c == 2 && s.bombs[0].c == 3 && s.bombs[0].dir == 0, "agent-bomb swap");
    /* a moving bomb meets a standing agent: it stops */
    make(&s, PM_ONE_VS_ONE, sw);
    add_bomb(&s, 3, 4, 1, 8, 2, PM_LEFT);
    step1(&s, 0, 0, 0, 0);
    CHECK(s.bombs[0].c == 3 && s.bombs[0].dir == PM_LEFT, "rolls up to the agent");
    step1(&s, 0, 0, 0, 0);
    CHECK(s.bombs[0].c == 3 && s.bombs[0].dir == 0, "stops at a standing agent");
}

/* Kicks that fail: the cell beyond is wanted by another agent, or holds a power-up; and a
 * rolling bomb stopped by a standing bomb. */
static void failed_kicks(void) {
    static const char *const rows[8] = {"........", "........", "........", "..0..1..",
                                        "........", "........", "........", "........"};
    pm_state s;
    make(&s, PM_ONE_VS_ONE, rows);
    s.agents[0].kick = 1;
    add_bomb(&s, 3, 3, 1, 8, 2, 0);
    step1(&s, PM_RIGHT, PM_LEFT, 0, 0);
    CHECK(s.agents[0].c == 2 && s.bombs[0].c == 3 && s.agents[1].c == 4,
           "kick into a cell another agent enters: the kicker stays, the other moves");
    static const char *const pw[8] = {"........", "........", "........", "..0.e...",
                                      "........", "........", "......1.", "........"};
    make(&s, PM_ONE_VS_ONE, pw);
    s.agents[0].kick = 1;
    add_bomb(&s, 3, 3, 1, 8, 2, 0);
    step1(&s, PM_RIGHT, 0, 0, 0);
    CHECK(s.agents[0].c == 2 && s.bombs[0].c == 3, "kick into a power-up fails");
    make(&s, PM_ONE_VS_ONE, open8);
    add_bomb(&s, 3, 4, 0, 8, 2, PM_RIGHT);
    add_bomb(&s, 3, 6, 1, 8, 2, 0);
    step1(&s, 0, 0, 0, 0);
    CHECK(s.bombs[0].c == 5 && s.bombs[0].dir == PM_RIGHT, "rolls");
    step1(&s, 0, 0, 0, 0);
    CHECK(s.bombs[0].c == 5 && s.bombs[0].dir == 0 && s.bombs[1].c == 6, "stopped by a standing bomb");
}

static void chains_items_deaths(void) {
    static const char *const rows[8] = {"........", ".0......", "........", "....+...",
                                        "........", "........", "......1.", "........"};
    pm_state s;
    make(&s, PM_ONE_VS_ONE, rows);
    s.items[3 * 8 + 4] = PM_KICK;
    add_bomb(&s, 3, 3, 0, 1, 2, 0);
    add_bomb(&s, 4, 3, 1, 6, 3, 0); /* within the first bomb's reach (strength - 1 = 1) */
    s.agents[0].ammo = 0;
    s.agents[1].ammo = 0;
    step1(&s, 0, 0, 0, 0);
    CHECK(s.nbombs == 0 && s.agents[0].ammo == 1 && s.agents[1].ammo == 1, "chain: both explode");
    CHECK(at(&s, 6, 3) == PM_FLAMES && at(&s, 7, 3) == PM_PASSAGE && at(&s, 3, 4) == PM_FLAMES && at(&s, 3, 5) == PM_PASSAGE,
           "second bomb's reach; wood stops the ray");
    step1(&s, 0, 0, 0, 0);
    step1(&s, 0, 0, 0, 0);
    CHECK(at(&s, 3, 4) == PM_FLAMES && s.items[3 * 8 + 4] == PM_KICK, "item hidden while flames live");
    step1(&s, 0, 0, 0, 0);
    CHECK(at(&s, 3, 4) == PM_KICK && s.items[3 * 8 + 4] == 0, "item revealed when the flame dies");

    /* death in old flames, the end and the rewards */
    static const char *const old[8] = {"........", ".0*.....", "........", "........",
                                       "........", "........", "......1.", "........"};
    make(&s, PM_ONE_VS_ONE, old);
    step1(&s, PM_RIGHT, 0, 0, 0);
    CHECK(!s.agents[0].alive && s.agents[0].c == 2, "walking into an old flame kills");
    CHECK(pm_done(&s), "one agent left: done");
    unsigned w;
    int rw[4];
    pm_rewards(&s, rw);
    CHECK(pm_outcome(&s, &w) == PM_WIN && w == 2u && rw[0] == -1 && rw[1] == 1, "agent 1 wins");
}

static void pickups_and_limits(void) {
    static const char *const rows[8] = {"........", ".0ere...", "........", "........",
                                        "........", "........", "......1.", "........"};
    pm_state s;
    make(&s, PM_ONE_VS_ONE, rows);
    s.agents[0].ammo = 9;
    step1(&s, PM_RIGHT, 0, 0, 0);
    step1(&s, PM_RIGHT, 0, 0, 0);
    step1(&s, PM_RIGHT, 0, 0, 0);
    CHECK(s.agents[0].ammo == 10 && s.agents[0].blast == 3, "ammo capped at 10: %d", s.agents[0].ammo);
    CHECK(at(&s, 1, 2) == PM_PASSAGE, "picked-up power-up leaves a passage");
    make(&s, PM_ONE_VS_ONE, open8);
    for (int t = 0; t < PM_MAX_STEPS - 1; t++) step1(&s, 0, 0, 0, 0);
    CHECK(!pm_done(&s), "running at step 799");
    int rw[4];
    pm_rewards(&s, rw);
    CHECK(rw[0] == 0 && rw[1] == 0, "1v1 rewards while running are 0");
    step1(&s, 0, 0, 0, 0);
    unsigned w;
    pm_rewards(&s, rw);
    CHECK(pm_done(&s) && pm_outcome(&s, &w) == PM_TIE && rw[0] == -1 && rw[1] == -1, "tie at step 800");
}

static const char *const open11[11] = {"...........", ".0.......3.", "...........", "...........",
                                       "...........", "...........", "...........", "...........",
                                       "...........", ".1.......2.", "..........."};

/* v1: the rings fall after steps 500, 575, 650, 725 (here at the start of the next step): an
 * agent on the ring dies and is not asked to act, a bomb there goes without exploding and its
 * owner gets the ammo back, flames and the hidden item there go, the cells become rigid. */
static void collapsing_board(void) {
    pm_state s;
    make(&s, PM_FFA_V1, open11);
    s.step = 499;
    CHECK(pm_collapse_ring(&s) == -1, "no collapse before step 500");
    s.step = 800;
    CHECK(pm_collapse_ring(&s) == -1, "none at the step limit");
    int want[4] = {500, 575, 650, 725};
    for (int k = 0; k < 4; k++) {
        s.step = want[k];
        CHECK(pm_collapse_ring(&s) == k, "ring %d after step %d", k, want[k]);
        s.step = want[k] + 1;
        CHECK(pm_collapse_ring(&s) == -1, "nothing after step %d", want[k] + 1);
    }
    CHECK(pm_config_get(PM_FFA)->first_collapse == 0, "v0 never collapses");
    s.step = 500;
    s.agents[0].r = 0; /* agent 0 on the ring, standing on its own bomb */
    s.board[1 * 11 + 1] = PM_PASSAGE;
    s.board[0 * 11 + 1] = PM_AGENT0;
    add_bomb(&s, 0, 1, 0, 5, 2, 0);
    s.agents[0].ammo = 0;
    add_bomb(&s, 10, 5, 3, 4, 2, 0); /* agent 3's bomb on the bottom row */
    s.agents[3].ammo = 0;
    s.board[5 * 11 + 0] = PM_FLAMES;
    s.flames[s.nflames++] = (pm_flame){5, 0, 1};
    s.board[0 * 11 + 7] = PM_WOOD;
    s.items[0 * 11 + 7] = PM_KICK;
    CHECK(!pm_agent_acts(&s, 0) && pm_agent_acts(&s, 1), "the agent on the falling ring does not act");
    step1(&s, PM_LAY_BOMB, 0, 0, 0);
    CHECK(!s.agents[0].alive && s.agents[1].alive && s.agents[2].alive && s.agents[3].alive,
           "agent 0 died in the collapse");
    CHECK(s.nbombs == 0 && s.agents[0].ammo == 1 && s.agents[3].ammo == 1, "bombs gone unexploded, ammo back");
    CHECK(s.nflames == 0 && s.items[7] == 0, "flames and the hidden item gone");
    int rigid = 1;
    for (int i = 0; i < 11; i++)
        rigid &= at(&s, 0, i) == PM_RIGID && at(&s, 10, i) == PM_RIGID && at(&s, i, 0) == PM_RIGID &&
                 at(&s, i, 10) == PM_RIGID;
    CHECK(rigid && at(&s, 1, 1) == PM_PASSAGE, "ring 0 rigid, ring 1 untouched");
}

/* Teams {0, 2} and {1, 3}: the game ends when one team is left; both members win, dead or
 * alive; at the step limit a living team still wins; all dead is a tie. */
static void team_ends(void) {
    pm_state s;
    make(&s, PM_TEAM, open11);
    int rw[4];
    unsigned w;
    CHECK(!pm_done(&s) && pm_outcome(&s, &w) == PM_INCOMPLETE, "four alive: running");
    s.agents[1].alive = 0;
    pm_rewards(&s, rw);
    CHECK(!pm_done(&s) && rw[0] == 0 && rw[1] == 0, "a dead agent is not -1 while its team plays");
    s.agents[3].alive = 0;
    s.agents[2].alive = 0;
    pm_rewards(&s, rw);
    CHECK(pm_done(&s) && pm_outcome(&s, &w) == PM_WIN && w == 0x5u && rw[0] == 1 && rw[2] == 1 && rw[1] == -1,
           "team 0 wins with agent 2 dead: winners %x", w);
    s.agents[0].alive = 0;
    CHECK(pm_done(&s) && pm_outcome(&s, &w) == PM_TIE && w == 0, "all dead: tie");
    make(&s, PM_TEAM, open11);
    s.agents[0].alive = 0;
    s.agents[3].alive = 0;
    CHECK(!pm_done(&s), "one of each team alive: running");
    s.step = 800;
    pm_rewards(&s, rw);
    CHECK(pm_done(&s) && pm_outcome(&s, &w) == PM_TIE && rw[0] == -1 && rw[1] == -1, "step limit: tie");
}

/* With fog, an agent sees the cells within 4 rows and 4 columns; bombs and flames beyond are
 * left out; teammate and enemies as the original lists them; the radio's words reach the
 * teammate in the next observation (0,0 for a plain action or a dead agent). */
static void fog_teams_radio(void) {
    pm_state s;
    make(&s, PM_RADIO, open11);
    add_bomb(&s, 1, 5, 0, 5, 2, 0);
    add_bomb(&s, 1, 6, 3, 5, 3, 0);
    pm_obs o;
    pm_observe(&s, 0, &o);
    CHECK(o.board[1 * 11 + 5] == PM_BOMB && o.board[1 * 11 + 6] == PM_FOG && o.board[5 * 11 + 5] == PM_PASSAGE &&
               o.board[6 * 11 + 1] == PM_FOG,
           "fog beyond 4 rows or columns");
    CHECK(o.bomb_blast_strength[1 * 11 + 5] == 2 && o.bomb_blast_strength[1 * 11 + 6] == 0 &&
               o.bomb_life[1 * 11 + 6] == 0,
           "a bomb out of view is left out");
    CHECK(o.teammate == PM_AGENT0 + 2 && o.nenemies == 3 && o.enemies[0] == PM_AGENT0 + 1 &&
               o.enemies[1] == PM_AGENT0 + 3 && o.enemies[2] == PM_AGENT_DUMMY && o.game_type == PM_GAME_TEAM_RADIO,
           "teammate and enemies of a team game");
    CHECK(pm_config_get(PM_RADIO)->max_blast == 4 && pm_config_get(PM_TEAM)->max_blast == 10,
           "blast capped at the view size with fog");
    int actions[4] = {0, 0, 0, 0}, words[4][2] = {{1, 2}, {3, 4}, {5, 6}, {7, 7}};
    s.agents[3].alive = 0;
    pm_step_radio(&s, actions, (const int(*)[2])words);
    pm_observe(&s, 2, &o);
    CHECK(o.message[0] == 1 && o.message[1] == 2, "agent 2 hears agent 0: %d,%d", o.message[0], o.message[1]);
    pm_observe(&s, 1, &o);
    CHECK(o.message[0] == 0 && o.message[1] == 0, "a dead teammate says 0,0");
    pm_step(&s, actions);
    pm_observe(&s, 2, &o);
    CHECK(o.message[0] == 0 && o.message[1] == 0, "a plain action says 0,0");
    make(&s, PM_FFA, open11);
    pm_observe(&s, 0, &o);
    CHECK(o.teammate == PM_AGENT_DUMMY && o.nenemies == 3 && o.board[1 * 11 + 9] == PM_AGENT0 + 3,
           "FFA: no teammate, no fog");
}

int main(void) {
    collapsing_board();
    team_ends();
    fog_teams_radio();
    bomb_timer_and_flames();
    same_target_and_swap();
    followers();
    bombs_block_and_kicks();
    failed_kicks();
    chains_items_deaths();
    pickups_and_limits();
    return check_report("test_pommerman_rules");
}
