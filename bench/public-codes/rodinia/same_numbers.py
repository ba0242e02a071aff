#!/usr/bin/env python3
"""same_numbers.py [--rel R] [--abs A] A B: exit 0 when the two outputs hold
the same words, numbers equal within |x - y| <= A + R * max(|x|, |y|)
(defaults R = 1e-4, A = 1e-6: float sums reordered, as OpenMP's and the
GPU's are). Otherwise prints how many numbers differ and the first one."""
import re
import sys

args = sys.argv[1:]
rel, ab = 1e-4, 1e-6
while args and args[0].startswith("--"):
    opt, val = args[0], float(args[1])
    args = args[2:]
    if opt == "--rel":
        rel = val
    else:
        ab = val
a, b = (open(p, errors="replace").read().split() for p in args)
NUM = re.compile(r"^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$|^[-+]?(nan|inf)$", re.I)
if len(a) != len(b):
    print(f"{len(a)} words against {len(b)}")
    sys.exit(1)
bad = []
for k, (x, y) in enumerate(zip(a, b)):
    if x == y:
        continue
    # a number glued to punctuation ("12)", "3.5,") is compared without it
    xs, ys = x.strip(",;:)("), y.strip(",;:)(")
    if NUM.match(xs) and NUM.match(ys):
        fx, fy = float(xs), float(ys)
        if abs(fx - fy) <= ab + rel * max(abs(fx), abs(fy)):
            continue
    bad.append(k)
if bad:
    print(f"{len(bad)} of {len(a)} words differ; first at word {bad[0]}: {a[bad[0]]} against {b[bad[0]]}")
    sys.exit(1)
