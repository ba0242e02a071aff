"""Plot of midsize.md (bench/run-midsize.sh): whole programs at sizes where
a call's launch or copies weigh as much as the loop, as speed-up over their
OpenMP build on all cores (OpenMP wall seconds / pragreduce wall seconds),
for pragreduce auto before and after the choice that follows the data, and
for forced GPU. usage: plot_midsize.py midsize.md OUT.png"""
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt

path, out = sys.argv[1], sys.argv[2]
title = "mid-size programs"
rows = []
for line in open(path):
    if line.startswith("# "):
        title = line[2:].strip()
    cells = [c.strip() for c in line.strip().strip("|").split("|")]
    if len(cells) < 7 or not cells[2].replace(".", "").isdigit():
        continue
    prog, size = cells[0], cells[1]
    omp, before, auto, gpu = (float(c) for c in cells[2:6])
    rows.append((f"{prog.replace('_whole', '')}\n{size}", omp / before, omp / auto, omp / gpu))

fig, ax = plt.subplots(figsize=(10, 4.5))
x = range(len(rows))
ax.bar([i - 0.27 for i in x], [r[1] for r in rows], 0.27, label="auto, before (trip count only)")
ax.bar([i for i in x], [r[2] for r in rows], 0.27, label="auto (follows the data)")
ax.bar([i + 0.27 for i in x], [r[3] for r in rows], 0.27, label="forced GPU")
ax.axhline(1.0, color="black", linewidth=0.8)
for i, r in enumerate(rows):
    ax.text(i, r[2] + 0.05, f"{r[2]:.2f}", ha="center", fontsize=7)
ax.set_xticks(list(x))
ax.set_xticklabels([r[0] for r in rows], fontsize=8)
ax.set_ylabel("speed-up over OpenMP, 16 threads (wall)")
ax.set_title(title, fontsize=10)
ax.legend(fontsize=8)
fig.tight_layout()
fig.savefig(out, dpi=110)
