#!/bin/sh
# Test bot: floods stdout.
cat > /dev/null
yes 0,0
