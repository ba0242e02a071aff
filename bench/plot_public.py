#!/usr/bin/env python3
"""Bar chart of the public codes' whole-process times against their OpenMP
build: OpenMP 16 threads / pragreduce auto (and / forced GPU), one bar pair
a program, from a CSV of program,serial_s,openmp16_s,auto_s,gpu_s.

    plot_public.py RESULTS.csv OUT.png TITLE"""
import csv
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    rows = list(csv.DictReader(open(sys.argv[1])))
    names = [r["program"] for r in rows]

    def ratio(r, key):
        return float(r["openmp16_s"]) / float(r[key]) if r[key] else 0.0

    auto = [ratio(r, "auto_s") for r in rows]
    gpu = [ratio(r, "gpu_s") for r in rows]
    fig, ax = plt.subplots(figsize=(9, 0.45 * len(rows) + 1.5))
    ys = range(len(rows))
    ax.barh([y + 0.2 for y in ys], auto, height=0.4, label="pragreduce auto")
    ax.barh([y - 0.2 for y in ys], gpu, height=0.4, label="forced GPU")
    ax.axvline(1.0, color="black", linewidth=0.8)
    ax.set_yticks(list(ys))
    ax.set_yticklabels(names)
    ax.invert_yaxis()
    ax.set_xlabel("speed-up over gcc -O3 -fopenmp, 16 threads (whole process)")
    ax.set_title(sys.argv[3])
    ax.legend(loc="lower right")
    fig.tight_layout()
    fig.savefig(sys.argv[2], dpi=110)


main()
