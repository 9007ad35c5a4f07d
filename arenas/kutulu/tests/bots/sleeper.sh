#!/bin/sh
# Never answers: writes its pid to $1, then sleeps (the runner must time it out and kill it).
echo $$ > "$1"
exec sleep 30
