#!/usr/bin/env python3
"""same_dump.py A B: exit 0 when two PolyBench dumps hold the same numbers,
or numbers within the reassociation of a float sum (PolyBench prints
%0.2lf: a last digit may move). polybench.sh and the GPU bundle's run.sh."""
import re
import sys


def close(x, y):
    try:
        x, y = float(x), float(y)
    except ValueError:
        return x == y
    return abs(x - y) <= 0.0100001 + 1e-9 * max(abs(x), abs(y))


a, b = (re.findall(r"-?\d+\.\d+(?:e[-+]?\d+)?|\S+", open(p).read()) for p in sys.argv[1:3])
sys.exit(0 if len(a) == len(b) and all(close(x, y) for x, y in zip(a, b)) else 1)
