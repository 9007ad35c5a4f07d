/* postmortem.c — placeholder, replaced below */
#include "common.h"
static kt_action decide_pm(void *s, const kt_view *v) { (void)s; (void)v; return (kt_action){KT_WAIT,0,0}; }
const kt_bot kt_bot_postmortem = {"postmortem", "seed 004's bot", NULL, decide_pm, NULL};
