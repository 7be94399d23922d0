#!/bin/sh
# Test bot: prints a move with three coordinates.
cat > /dev/null
echo "0,0,0"
