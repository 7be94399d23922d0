#!/usr/bin/env python3
"""Test bot: reads its input, then dies of SIGSEGV."""
import os
import signal
import sys

sys.stdin.read()
os.kill(os.getpid(), signal.SIGSEGV)
