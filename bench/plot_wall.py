"""Plot of bench/run-wall.sh's table: each program's whole-program wall
time against its OpenMP build on all cores, as speed-up over OpenMP (the
faster of its two runs / pragreduce's), for the auto build's first run (no
hint: the CUDA context is made inside the run) and the better of its later
runs. usage: plot_wall.py wall.md OUT.png"""
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt

path, out = sys.argv[1], sys.argv[2]
title = "whole programs, wall time"
rows = []
for line in open(path):
    if line.startswith("# "):
        title = line[2:].strip()
    cells = [c.strip() for c in line.strip().strip("|").split("|")]
    if len(cells) != 7:
        continue
    try:
        omp = min(float(cells[2]), float(cells[3]))
        first, later = float(cells[4]), min(float(cells[5]), float(cells[6]))
    except ValueError:
        continue  # the header, or a run that failed ("rc...")
    rows.append((f"{cells[0].replace('_whole', '')}\n{cells[1]}", omp / first, omp / later))

fig, ax = plt.subplots(figsize=(max(8, 0.55 * len(rows)), 5))
x = range(len(rows))
ax.bar([i - 0.2 for i in x], [r[1] for r in rows], 0.4, label="auto, first run")
ax.bar([i + 0.2 for i in x], [r[2] for r in rows], 0.4, label="auto, later runs (best)")
ax.axhline(1.0, color="black", linewidth=0.8)
ax.axhline(3.0, color="grey", linewidth=0.8, linestyle="--")
ax.set_xticks(list(x))
ax.set_xticklabels([r[0] for r in rows], rotation=60, ha="right", fontsize=7)
ax.set_yscale("log")
ax.set_ylabel("speed-up over OpenMP, 16 threads (wall time)")
ax.set_title(title, fontsize=9)
ax.legend()
fig.tight_layout()
fig.savefig(out, dpi=120)
print(f"{out}: {len(rows)} programs")
