/* test_kit_spsa.c — bots' parameters and SPSA (param.h, spsa.h):
 *  - bot specs: defaults, NAME=VALUE parsed with range, whole-number and unknown-name checks
 *    (one line each; a known-names list too long for the buffer cut after a whole name),
 *    specs written back and read again, seats made from a table and freed,
 *    their values handed to init through kit_bot_preset;
 *  - SPSA on a synthetic noisy objective whose optimum is known converges to it (from the
 *    defaults, within a fraction of a step), is deterministic for a seed, and keeps every
 *    played value inside the ranges, integers whole;
 *  - kit_spsa_only: the parameters not named are neither perturbed nor moved (the same run
 *    over all of them moves them), the named one still converges; bad name lists refused with
 *    one line. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "kit/outside.h"
#include "kit/param.h"
#include "kit/spsa.h"
#include "kit/tournament.h"
#include "../../../tests/check.h"

KIT_BOT_INTERFACE(toy_bot, int, int);

static const kit_param toy_params[] = {
    {"danger", 2, 0, 10, 1, 1, "a threshold"},
    {"weight", 0.35, -5, 5, 0.25, 0, "a weight"},
    {"far", 100, 10, 1000, 50, 0, "a distance"},
};
static const kit_params toy_decl = {toy_params, 3};
static const toy_bot toy = {{"toy", "a bot with parameters"}, NULL, NULL, NULL, NULL};
static const toy_bot plain = {{"plain", "a bot without"}, NULL, NULL, NULL, NULL};
static const kit_bot_info *const toy_bots[] = {&toy.info, &plain.info};
static const kit_params *const toy_decls[] = {&toy_decl, NULL};
static const kit_bot_table toy_table = {toy_bots, 2, toy_decls};

static int parse(const char *text, kit_param_values *v, char *err) {
    kit_param_defaults(&toy_decl, v);
    return kit_param_parse("toy", &toy_decl, text, v, err, 300);
}

/* A bot with a full table of long names: an unknown name lists the names that fit the
 * caller's buffer, each whole, then "...)"; a buffer large enough lists them all. */
static void check_long_known_list(void) {
    static kit_param many[KIT_PARAM_MAX];
    static char names[KIT_PARAM_MAX][24];
    for (int i = 0; i < KIT_PARAM_MAX; i++) {
        snprintf(names[i], sizeof names[i], "parameter_number_%02d", i);
        many[i] = (kit_param){names[i], 1, 0, 2, 1, 0, "one of many"};
    }
    const kit_params decl = {many, KIT_PARAM_MAX};
    kit_param_values v;
    char small[200], big[2048];
    kit_param_defaults(&decl, &v);
    CHECK(kit_param_parse("many", &decl, "nope=1", &v, small, sizeof small) == -1, "rejected");
    size_t n = strlen(small);
    CHECK(n < sizeof small && n >= 6 && strcmp(small + n - 6, ", ...)") == 0,
          "a cut list ends ', ...)': %s", small);
    const char *list = strstr(small, "(known: ");
    int whole = list != NULL, listed = 0;
    for (const char *s = list ? list + 8 : small; whole && strncmp(s, "...)", 4) != 0; listed++) {
        whole = strncmp(s, names[listed], strlen(names[listed])) == 0;
        s += strlen(names[listed]) + 2; /* the name and ", " */
    }
    CHECK(whole && listed > 0 && listed < KIT_PARAM_MAX, "whole names, %d of them: %s", listed,
          small);
    char last[32];
    snprintf(last, sizeof last, ", %s)", names[KIT_PARAM_MAX - 1]);
    CHECK(kit_param_parse("many", &decl, "nope=1", &v, big, sizeof big) == -1 &&
              strlen(big) > strlen(last) && strcmp(big + strlen(big) - strlen(last), last) == 0 &&
              !strstr(big, "..."),
          "a big buffer lists all: %s", big);
}

static void check_parse(void) {
    kit_param_values v;
    char err[300] = "";
    CHECK(parse("", &v, err) == 0 && v.n == 3 && v.v[0] == 2 && v.v[1] == 0.35 && v.v[2] == 100,
          "defaults: %s", err);
    CHECK(parse("danger=3:far=12.5e1", &v, err) == 0 && v.v[0] == 3 && v.v[1] == 0.35 &&
              v.v[2] == 125,
          "two set: %s", err);
    static const struct {
        const char *text, *err;
    } bad[] = {
        {"nope=1", "unknown parameter 'nope' of bot toy (known: danger, weight, far)"},
        {"danger=x", "parameter danger: 'x' is not a number"},
        {"danger=", "parameter danger: '' is not a number"},
        {"danger=nan", "parameter danger: 'nan' is not a number"},
        {"danger=11", "parameter danger: 11 is out of range (0 to 10)"},
        {"danger=1.5", "parameter danger: 1.5 is not a whole number"},
        {"danger=1:danger=2", "parameter danger given twice"},
        {"danger", "'danger' is not NAME=VALUE"},
        {"danger=1:", "'' is not NAME=VALUE"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        err[0] = '\0';
        CHECK(parse(bad[i].text, &v, err) == -1 && strcmp(err, bad[i].err) == 0,
              "'%s': got '%s'", bad[i].text, err);
    }
    check_long_known_list();
    char spec[KIT_PARAM_SPEC_MAX];
    parse("weight=0.1:far=250", &v, err);
    CHECK(kit_param_format("toy", &toy_decl, &v, spec, sizeof spec) == 0 &&
              strcmp(spec, "toy:weight=0.1:far=250") == 0,
          "format: %s", spec);
    kit_param_defaults(&toy_decl, &v);
    kit_param_format("toy", &toy_decl, &v, spec, sizeof spec);
    CHECK(strcmp(spec, "toy") == 0, "format of the defaults: %s", spec);
    v.v[1] = 1.0 / 3;
    kit_param_format("toy", &toy_decl, &v, spec, sizeof spec);
    kit_param_values back;
    CHECK(parse(strchr(spec, ':') + 1, &back, err) == 0 && back.v[1] == 1.0 / 3,
          "a third reads back: %s", spec);
}

static void check_seats(void) {
    const kit_bot_info *seat = kit_bot_spec("t", "--bots", &toy_table, "toy:danger=4", NULL);
    CHECK(seat && seat != &toy.info && strcmp(seat->name, "toy:danger=4") == 0, "a seat");
    const kit_param_values *v = seat ? kit_bot_preset(seat) : NULL;
    CHECK(v && v == kit_param_values_of(seat) && v->v[0] == 4, "preset values");
    double read[3];
    kit_param_read(&toy_decl, v, read);
    CHECK(read[0] == 4 && read[1] == 0.35 && read[2] == 100, "read from the preset");
    kit_param_read(&toy_decl, NULL, read);
    CHECK(read[0] == 2, "read without a preset: the defaults");
    CHECK(kit_bot_spec("t", "--bots", &toy_table, "toy", NULL) == &toy.info, "bare name");
    CHECK(kit_bot_preset(&toy.info) == NULL && kit_param_values_of(&toy.info) == NULL,
          "the table's bot has no values");
    kit_outside_free(&seat, 1); /* frees seats with parameters too */
    kit_param_seat_free(&toy.info); /* the table's bot: left alone */
    kit_param_values d;
    kit_param_defaults(&toy_decl, &d);
    d.v[2] = 150;
    seat = kit_param_seat(&toy.info, &toy_decl, &d);
    CHECK(seat && strcmp(seat->name, "toy:far=150") == 0, "a made seat: %s",
          seat ? seat->name : "NULL");
    kit_param_seat_free(seat);
    kit_param_defaults(&toy_decl, &d);
    seat = kit_param_seat(&toy.info, &toy_decl, &d); /* the defaults: named as the bot */
    CHECK(seat && seat != &toy.info && strcmp(seat->name, "toy") == 0 &&
              kit_param_values_of(seat) && kit_bot_preset(seat) == kit_param_values_of(seat),
          "a seat of the defaults is still a seat");
    kit_param_seat_free(seat); /* freed (the sanitizer build would see a leak) */
    /* errors print one line and make nothing (the messages are checked above) */
    FILE *saved = stderr;
    stderr = fopen("/dev/null", "w");
    const kit_bot_info *none1 = kit_bot_spec("t", "--bots", &toy_table, "plain:x=1", NULL);
    const kit_bot_info *none2 = kit_bot_spec("t", "--bots", &toy_table, "toy:x=1", NULL);
    const kit_bot_info *none3 = kit_bot_spec("t", "--bots", &toy_table, "who:x=1", NULL);
    fclose(stderr);
    stderr = saved;
    CHECK(!none1 && !none2 && !none3, "bad specs");
    /* the same without printing: the line in err */
    char err[200];
    const struct { const char *spec, *line; } bad[] = {
        {"plain:x=1", "bot plain has no parameters"},
        {"toy:x=1", "unknown parameter 'x' of bot toy (known: danger, weight, far)"},
        {"who:x=1", "unknown bot 'who'"},
        {"who", "unknown bot 'who'"},
    };
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        err[0] = '\0';
        CHECK(!kit_bot_spec_text(&toy_table, bad[k].spec, err, sizeof err) &&
                  strcmp(err, bad[k].line) == 0,
              "%s: '%s'", bad[k].spec, err);
    }
    CHECK(kit_bot_spec_text(&toy_table, "toy", err, sizeof err) == &toy.info, "bare name, no seat");
    seat = kit_bot_spec_text(&toy_table, "toy:far=150", err, sizeof err);
    CHECK(seat && seat != &toy.info && kit_param_values_of(seat) &&
              kit_param_values_of(seat)->v[2] == 150,
          "a spec's seat");
    kit_param_seat_free(seat);
}

/* ---- SPSA on a synthetic objective ------------------------------------------------------- */

typedef struct synth {
    double opt[3];
    uint64_t noise;
    int outside; /* a played value outside its range or not whole */
} synth;

static double quality(const synth *s, const kit_param_values *v) {
    double q = 0;
    for (int i = 0; i < 3; i++) {
        double d = (v->v[i] - s->opt[i]) / toy_params[i].step;
        q -= d * d;
    }
    return q;
}

/* Like game results: the difference of the two qualities, squashed into [-1, 1], plus
 * Gaussian-like noise (a sum of uniforms) from the match's own generator. */
static int synth_match(void *ctx, int k, const kit_param_values *plus,
                       const kit_param_values *minus, double *score) {
    synth *s = ctx;
    (void)k;
    for (int i = 0; i < 3; i++)
        for (int side = 0; side < 2; side++) {
            double x = (side ? minus : plus)->v[i];
            if (x < toy_params[i].min || x > toy_params[i].max ||
                (toy_params[i].integer && x != floor(x)))
                s->outside++;
        }
    double noise = 0;
    for (int j = 0; j < 4; j++) {
        s->noise = kit_game_seed(s->noise, j);
        noise += (double)(s->noise >> 11) / 9007199254740992.0 - 0.5;
    }
    *score = tanh((quality(s, plus) - quality(s, minus)) / 8) + 0.3 * noise;
    return 0;
}

static void check_spsa(void) {
    kit_spsa sp;
    kit_spsa_defaults(&sp, 400, 7);
    sp.decl = &toy_decl;
    synth s = {{6, -1.5, 400}, 99, 0};
    double theta[3] = {2, 0.35, 100};
    FILE *trace = tmpfile();
    CHECK(kit_spsa_run(&sp, theta, synth_match, &s, trace) == 0, "runs");
    for (int i = 0; i < 3; i++)
        CHECK(fabs(theta[i] - s.opt[i]) < 0.5 * toy_params[i].step, "%s: %g, optimum %g",
              toy_params[i].name, theta[i], s.opt[i]);
    CHECK(s.outside == 0, "%d played values outside their ranges", s.outside);
    /* the same seed: the same trajectory */
    synth s2 = {{6, -1.5, 400}, 99, 0};
    double theta2[3] = {2, 0.35, 100};
    FILE *trace2 = tmpfile();
    kit_spsa_run(&sp, theta2, synth_match, &s2, trace2);
    long n1 = ftell(trace), n2 = ftell(trace2);
    CHECK(n1 > 0 && n1 == n2, "trajectory lengths %ld %ld", n1, n2);
    rewind(trace), rewind(trace2);
    int same = 1;
    for (int c1, c2; (c1 = fgetc(trace)) != EOF;)
        if ((c2 = fgetc(trace2)) != c1) same = 0;
    CHECK(same && memcmp(theta, theta2, sizeof theta) == 0, "deterministic for a seed");
    fclose(trace), fclose(trace2);
    /* an optimum beyond a range: θ stops at the bound */
    synth s3 = {{20, 0, 100}, 5, 0};
    double theta3[3] = {2, 0.35, 100};
    kit_spsa_run(&sp, theta3, synth_match, &s3, NULL);
    CHECK(theta3[0] == 10 && s3.outside == 0, "clipped at the range: %g", theta3[0]);
}

/* A match that records whether a held parameter was ever played at another value. */
typedef struct held_synth {
    synth s;
    int moved[3];
} held_synth;

static int held_match(void *ctx, int k, const kit_param_values *plus,
                      const kit_param_values *minus, double *score) {
    held_synth *h = ctx;
    for (int i = 0; i < 3; i++)
        if (plus->v[i] != minus->v[i]) h->moved[i] = 1;
    return synth_match(&h->s, k, plus, minus, score);
}

static void check_only(void) {
    kit_param buf[3];
    kit_params only;
    char err[200] = "";
    CHECK(kit_spsa_only(&toy_decl, "weight", buf, &only, err, sizeof err) == 0 && only.n == 3 &&
              only.p == buf && buf[0].step == 0 && buf[1].step == 0.25 && buf[2].step == 0 &&
              strcmp(buf[2].name, "far") == 0 && buf[2].min == 10,
          "only weight: %s", err);
    kit_spsa sp;
    kit_spsa_defaults(&sp, 400, 7);
    sp.decl = &only;
    /* optima away from the start for all three: only weight may go there */
    held_synth h = {{{6, -1.5, 400}, 99, 0}, {0, 0, 0}};
    double theta[3] = {2, 0.35, 100};
    CHECK(kit_spsa_run(&sp, theta, held_match, &h, NULL) == 0, "runs");
    CHECK(theta[0] == 2 && theta[2] == 100 && !h.moved[0] && !h.moved[2],
          "held: danger %g far %g, played apart %d %d", theta[0], theta[2], h.moved[0], h.moved[2]);
    CHECK(h.moved[1] && fabs(theta[1] + 1.5) < 0.5 * toy_params[1].step, "weight tuned: %g",
          theta[1]);
    /* the same run over every parameter moves the others (the test can fail) */
    sp.decl = &toy_decl;
    held_synth all = {{{6, -1.5, 400}, 99, 0}, {0, 0, 0}};
    double theta_all[3] = {2, 0.35, 100};
    kit_spsa_run(&sp, theta_all, held_match, &all, NULL);
    CHECK(all.moved[0] && all.moved[2] && theta_all[0] != 2, "without --only all move");
    CHECK(kit_spsa_only(&toy_decl, "far,danger", buf, &only, err, sizeof err) == 0 &&
              buf[0].step == 1 && buf[1].step == 0 && buf[2].step == 50,
          "two names: %s", err);
    static const struct { const char *names, *line; } bad[] = {
        {"nope", "--only: 'nope' is not a parameter"},
        {"weight,weight", "--only: weight given twice"},
        {"weight,", "--only: '' is not a parameter"},
        {"", "--only: no parameter named"},
        {"weight,,far", "--only: '' is not a parameter"},
    };
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        err[0] = '\0';
        CHECK(kit_spsa_only(&toy_decl, bad[k].names, buf, &only, err, sizeof err) == -1 &&
                  strcmp(err, bad[k].line) == 0,
              "'%s': '%s'", bad[k].names, err);
    }
    static const kit_param frozen[] = {{"budget", 100, 1, 1000, 0, 1, "never tuned"}};
    const kit_params fdecl = {frozen, 1};
    CHECK(kit_spsa_only(&fdecl, "budget", buf, &only, err, sizeof err) == -1 &&
              strcmp(err, "--only: budget has step 0 (never tuned)") == 0,
          "step 0: '%s'", err);
}

int main(void) {
    check_parse();
    check_seats();
    check_spsa();
    check_only();
    return check_report("test_kit_spsa");
}
