/* spsa.c — SPSA over a bot's declared parameters (spsa.h): gains, Rademacher perturbations
 * from the seed, clipping, and the trajectory. */
#include "spsa.h"

#include <math.h>
#include <string.h>

#include "tournament.h"

void kit_spsa_defaults(kit_spsa *s, int iterations, uint64_t seed) {
    s->iterations = iterations;
    s->A = iterations / 10.0;
    s->c = 1.0;
    s->a = 4.0 * pow(s->A + 1.0, 0.602);
    s->seed = seed;
}

static double clip(const kit_param *p, double x) {
    return x < p->min ? p->min : x > p->max ? p->max : x;
}

void kit_spsa_values(const kit_params *decl, const double *theta, kit_param_values *out) {
    kit_param_defaults(decl, out);
    for (int i = 0; i < decl->n; i++) {
        const kit_param *p = &decl->p[i];
        double x = clip(p, theta[i]);
        out->v[i] = p->integer ? clip(p, floor(x + 0.5)) : x;
    }
}

/* Δ_k[i]: +1 or −1, a bit of a hash of the seed, k and i (the same for any number of jobs). */
static double rademacher(uint64_t seed, int k, int i) {
    uint64_t h = kit_game_seed(seed ^ 0x5350534141ULL, (long)k * 64 + i); /* "SPSA" */
    return (h >> 63) ? 1.0 : -1.0;
}

static void print_theta(FILE *out, const kit_params *decl, const double *theta) {
    for (int i = 0; i < decl->n; i++) fprintf(out, " %s=%.6g", decl->p[i].name, theta[i]);
    fputc('\n', out);
}

int kit_spsa_run(const kit_spsa *s, double *theta, kit_spsa_match match, void *ctx, FILE *trace) {
    const kit_params *decl = s->decl;
    for (int k = 0; k < s->iterations; k++) {
        double ak = s->a / pow(s->A + k + 1.0, 0.602), ck = s->c / pow(k + 1.0, 0.101);
        double delta[KIT_PARAM_MAX], plus[KIT_PARAM_MAX], minus[KIT_PARAM_MAX];
        for (int i = 0; i < decl->n; i++) {
            delta[i] = rademacher(s->seed, k, i);
            plus[i] = theta[i] + ck * delta[i] * decl->p[i].step;
            minus[i] = theta[i] - ck * delta[i] * decl->p[i].step;
        }
        kit_param_values vp, vm;
        kit_spsa_values(decl, plus, &vp);
        kit_spsa_values(decl, minus, &vm);
        double y = 0;
        int rc = match(ctx, k, &vp, &vm, &y);
        if (rc) return rc;
        for (int i = 0; i < decl->n; i++)
            theta[i] = clip(&decl->p[i], theta[i] + ak * y / (2 * ck * delta[i]) * decl->p[i].step);
        if (trace) {
            fprintf(trace, "%d a=%.4g c=%.4g score=%+.4f", k + 1, ak, ck, y);
            print_theta(trace, decl, theta);
            fflush(trace); /* a long run shows its progress */
        }
    }
    return 0;
}

int kit_spsa_only(const kit_params *decl, const char *names, kit_param *buf, kit_params *out,
                  char *err, size_t errlen) {
    int named[KIT_PARAM_MAX] = {0};
    if (!*names) return snprintf(err, errlen, "--only: no parameter named"), -1;
    for (const char *s = names;;) {
        size_t len = strcspn(s, ",");
        int found = -1;
        for (int i = 0; i < decl->n; i++)
            if (strlen(decl->p[i].name) == len && strncmp(decl->p[i].name, s, len) == 0) found = i;
        if (found < 0)
            return snprintf(err, errlen, "--only: '%.*s' is not a parameter", (int)len, s), -1;
        if (named[found])
            return snprintf(err, errlen, "--only: %s given twice", decl->p[found].name), -1;
        if (decl->p[found].step <= 0)
            return snprintf(err, errlen, "--only: %s has step 0 (never tuned)",
                            decl->p[found].name), -1;
        named[found] = 1;
        s += len;
        if (*s != ',') break;
        s++;
    }
    for (int i = 0; i < decl->n; i++) {
        buf[i] = decl->p[i];
        if (!named[i]) buf[i].step = 0;
    }
    out->p = buf;
    out->n = decl->n;
    return 0;
}
