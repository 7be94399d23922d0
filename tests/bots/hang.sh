#!/bin/sh
# Test bot: starts a child `sleep` (its PID written to the file $1), then
# never answers.
sleep 300 &
echo $! > "$1"
wait
