#!/usr/bin/env python3
"""same_dump.py A B: exit 0 when two PolyBench dumps hold the same numbers,
or numbers within the reassociation of a float sum (PolyBench prints
%0.2lf: a last digit may move). polybench.sh and the GPU bundle's run.sh.

same_dump.py --count A B: for each array dumped, how many of its numbers
differ and the first that does (row-major index), to tell a program whose
output is rounding noise (gcc's own -ffast-math build differs as much)
from a wrong result."""
import re
import sys

NUMBER = r"-?\d+\.\d+(?:e[-+]?\d+)?|-?nan|-?inf"


def close(x, y):
    try:
        x, y = float(x), float(y)
    except ValueError:
        return x == y
    return abs(x - y) <= 0.0100001 + 1e-9 * max(abs(x), abs(y))


def arrays(path):
    """(name, [numbers]) per 'begin dump: NAME ... end dump: NAME'."""
    text = open(path).read()
    found = re.findall(r"begin dump: (\S+)(.*?)end\s+dump: \1", text, re.S)
    return [(name, re.findall(NUMBER, body)) for name, body in found]


def count(a, b):
    for (name, x), (_, y) in zip(arrays(a), arrays(b)):
        bad = [i for i, (p, q) in enumerate(zip(x, y)) if not close(p, q)]
        first = f", first at {bad[0]} ({x[bad[0]]} vs {y[bad[0]]})" if bad else ""
        print(f"{name}: {len(bad)} of {len(x)} differ{first}")


if sys.argv[1] == "--count":
    count(sys.argv[2], sys.argv[3])
    sys.exit(0)
a, b = (re.findall(NUMBER + r"|\S+", open(p).read()) for p in sys.argv[1:3])
sys.exit(0 if len(a) == len(b) and all(close(x, y) for x, y in zip(a, b)) else 1)
