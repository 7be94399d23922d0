#!/bin/sh
# Test bot: prints something that is not a move.
cat > /dev/null
echo "hello, referee"
