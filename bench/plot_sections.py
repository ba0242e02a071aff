#!/usr/bin/env python3
"""Bar chart of pragreduce / CUB speed for array sections (sections.csv)."""
import csv
import sys

import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt

rows = list(csv.DictReader(open(sys.argv[1])))
pr = [r for r in rows if r["impl"] == "pragreduce"]
cub = [r for r in rows if r["impl"] == "cub"]
labels, ratio = [], []
for p, c in zip(pr, cub):
    labels.append("%s %sx%s" % (p["op"], p["a"], p["b"]))
    ratio.append(float(c["us"]) / float(p["us"]))
fig, ax = plt.subplots(figsize=(9, 4))
ax.bar(range(len(ratio)), ratio, color=["tab:blue" if r >= 1 else "tab:red" for r in ratio])
ax.axhline(1.0, color="black", linewidth=0.8)
ax.set_xticks(range(len(ratio)))
ax.set_xticklabels(labels, rotation=30, ha="right", fontsize=8)
ax.set_ylabel("speed vs CUB (CUB time / pragreduce time)")
ax.set_yscale("log")
ax.set_title("Array sections: histogram (DeviceHistogram) and column sums (DeviceSegmentedReduce)")
fig.tight_layout()
fig.savefig(sys.argv[2], dpi=120)
