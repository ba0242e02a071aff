"""Plot of bench/public-codes/run-polybench-gpu.sh's table (polybench.md):
each program's whole-process wall time at the timed size as speed-up over
its gcc -O3 -march=native serial build, for auto mode and forced GPU.
usage: plot_polybench.py polybench.md OUT.png [TITLE]"""
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt

path, out = sys.argv[1], sys.argv[2]
title = sys.argv[3] if len(sys.argv) > 3 else "PolyBench/C 4.2.1, whole process, against serial"
rows = []
for line in open(path):
    cells = [c.strip() for c in line.strip().strip("|").split("|")]
    if len(cells) != 7:
        continue
    try:
        serial, auto, gpu = float(cells[3]), float(cells[4]), float(cells[5])
    except ValueError:
        continue  # the header, or a run that failed
    rows.append((cells[0], serial / auto, serial / gpu))

fig, ax = plt.subplots(figsize=(max(8, 0.6 * len(rows)), 5))
x = range(len(rows))
w = 0.4
ax.bar([i - w / 2 for i in x], [r[1] for r in rows], w, label="auto")
ax.bar([i + w / 2 for i in x], [r[2] for r in rows], w, label="forced GPU")
ax.axhline(1.0, color="black", linewidth=0.8)
ax.set_yscale("log")
ax.set_xticks(list(x))
ax.set_xticklabels([r[0] for r in rows], rotation=45, ha="right")
ax.set_ylabel("speed-up over gcc serial (log)")
ax.set_title(title)
ax.legend()
fig.tight_layout()
fig.savefig(out, dpi=110)
