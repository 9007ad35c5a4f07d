/* radio.c — what the toolkit bots say over v2's radio (two words of 0..7 a step, the teammate
 * hears them in its next observation): one report, a thing the sender saw (an enemy, or a bomb
 * with its strength and fuse), sent in two halves on two steps. The half a step carries follows
 * from the step count: words sent on an even step (heard on the odd one after) hold the kind and
 * the row, those of the odd step after the column and, for a bomb, its fuse in pairs of steps.
 * A half is one value of 0..63 (the first word times 8 plus the second); 0,0 says nothing:
 *   first half   1 + enemy * 11 + row (enemy 0: the lower id of the two, 1 the other), or
 *                23 + (strength - 2) * 11 + row for a bomb of strength 2, 3 or 4 and more
 *   second half  column + 11 * (fuse - 1) / 2 (a bomb: its fuse 1..10 when seen; an enemy: 0)
 * so a report reaches the teammate two steps after what it says was seen, with the fuse rounded
 * down to an odd count (the hearer believes it goes off no later than it does). Boards up to
 * 11 x 11 (every radio config's). */
#include "common.h"

#define SIDE 11 /* the largest board a report can place */

static int half_value(const pmb_report *r, int half) {
    if (!r || r->kind == PMB_REPORT_NONE || r->r < 0 || r->r >= SIDE || r->c < 0 || r->c >= SIDE) return 0;
    int row = r->r, col = r->c;
    if (half == 0) {
        if (r->kind == PMB_REPORT_ENEMY) return 1 + (r->who ? 1 : 0) * SIDE + row;
        int strength = r->blast < 2 ? 2 : r->blast > 4 ? 4 : r->blast;
        return 1 + 2 * SIDE + (strength - 2) * SIDE + row;
    }
    int fuse = r->kind == PMB_REPORT_BOMB ? (r->life < 1 ? 0 : r->life > 10 ? 4 : (r->life - 1) / 2) : 0;
    return col + SIDE * fuse;
}

void pmb_radio_say(const pmb_report *r, int step, int words[2]) {
    int v = half_value(r, step & 1);
    words[0] = v / PM_RADIO_VOCAB_SIZE;
    words[1] = v % PM_RADIO_VOCAB_SIZE;
}

void pmb_radio_clear(pmb_radio_ear *ear) {
    ear->step = -1;
    ear->value = 0;
}

int pmb_radio_hear(pmb_radio_ear *ear, int step, const int words[2], pmb_report *out) {
    if (step < 1 || words[0] < 0 || words[0] >= PM_RADIO_VOCAB_SIZE || words[1] < 0 ||
        words[1] >= PM_RADIO_VOCAB_SIZE) {
        pmb_radio_clear(ear);
        return 0;
    }
    int v = words[0] * PM_RADIO_VOCAB_SIZE + words[1], sent = step - 1;
    if ((sent & 1) == 0) { /* a first half: kept until the second comes */
        ear->step = v >= 1 && v <= 1 + 5 * SIDE - 1 ? sent : -1;
        ear->value = v;
        return 0;
    }
    int first = ear->value, ok = ear->step == sent - 1 && v < SIDE * 5;
    pmb_radio_clear(ear);
    if (!ok) return 0;
    int col = v % SIDE, fuse = v / SIDE, kind = (first - 1) / SIDE, row = (first - 1) % SIDE;
    out->r = row;
    out->c = col;
    out->step = sent - 1;
    if (kind < 2) {
        out->kind = PMB_REPORT_ENEMY;
        out->who = kind;
        out->blast = 0;
        out->life = 0;
    } else {
        out->kind = PMB_REPORT_BOMB;
        out->who = 0;
        out->blast = kind; /* 2, 3 or 4 */
        out->life = 2 * fuse + 1;
    }
    return 1;
}
