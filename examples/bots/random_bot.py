#!/usr/bin/env python3
"""A random engine for the Trigonal Engine Protocol (docs/engine-protocol.md).
It knows no rules: it plays one of the moves of the last `legal` line."""
import random
import sys

legal = []
for line in sys.stdin:
    words = line.split()
    if not words:
        continue
    if words[0] == "tep":
        print("id name random_bot.py\nid author Trigonal examples\ntepok", flush=True)
    elif words[0] == "isready":
        print("readyok", flush=True)
    elif words[0] == "legal":
        legal = words[1:]
    elif words[0] == "go":
        print("bestmove", random.choice(legal), flush=True)
    elif words[0] == "quit":
        break
