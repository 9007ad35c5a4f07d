#!/bin/sh
# A tiny CodinGame bot in sh: reads the init lines and every turn's entities, answers a step
# towards the right (MOVE to its own row, far column) or WAIT, alternately.
read -r w; read -r h
i=0; while [ "$i" -lt "$h" ]; do read -r row; i=$((i + 1)); done
read -r params
t=0
while read -r n; do
  i=0; me=""
  while [ "$i" -lt "$n" ]; do read -r line; [ -z "$me" ] && me="$line"; i=$((i + 1)); done
  set -- $me
  if [ $((t % 2)) -eq 0 ]; then echo "MOVE $(($w - 2)) $4 going right"; else echo "WAIT"; fi
  t=$((t + 1))
done
