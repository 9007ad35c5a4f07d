"""dmap.rl._status — where a game stands after a step, as every arena's core reports it to the
environments: still running, ended by its rules (terminated), or stopped by its clock
(truncated)."""

RUNNING, TERMINATED, TRUNCATED = 0, 1, 2
