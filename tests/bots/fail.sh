#!/bin/sh
# Test bot: prints a move but exits with status 3.
cat > /dev/null
echo "0,0"
exit 3
