#!/bin/sh
# Answers garbage on its first turn (the referee ends such a player with score -1).
echo "HELLO WORLD ;)"
exec cat > /dev/null
