"""Plot of programs.md (bench/run-programs.sh): each whole program's time
loop against its own OpenMP build on all cores, as speed-up over OpenMP
(OpenMP seconds / pragreduce seconds), for pragreduce auto and for the GPU
with every kernel's writes copied back at once (the behaviour before
written arrays stayed on the GPU; EAGER=1 runs) or else forced onto the GPU. usage: plot_programs.py programs.md OUT.png"""
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt

path, out = sys.argv[1], sys.argv[2]
title = "whole programs"
rows = []
for line in open(path):
    if line.startswith("# "):
        title = line[2:].strip()
    cells = [c.strip() for c in line.strip().strip("|").split("|")]
    if len(cells) < 8 or not cells[3].replace(".", "").isdigit():
        continue
    def num(cell):
        return float(cell) if cell.replace(".", "").isdigit() else None
    prog, size, omp, auto, gpu, eager = cells[0], cells[1], float(cells[3]), num(cells[4]), num(cells[5]), num(cells[6])
    if auto is None:
        continue
    rows.append((f"{prog.replace('_whole', '')}\n{size}", omp / auto, omp / eager if eager else 0.0,
                 omp / gpu if gpu else 0.0))
# the second bar: eager copy-back when the run measured it (EAGER=1), else forced GPU
eager_run = any(r[2] > 0 for r in rows)

fig, ax = plt.subplots(figsize=(10, 4.5))
x = range(len(rows))
ax.bar([i - 0.2 for i in x], [r[1] for r in rows], 0.4, label="pragreduce auto (written arrays stay on the GPU)")
if eager_run:
    ax.bar([i + 0.2 for i in x], [r[2] for r in rows], 0.4, label="copy-back after every call (before)")
else:
    ax.bar([i + 0.2 for i in x], [r[3] for r in rows], 0.4, label="pragreduce, PRAGREDUCE_DEVICE=gpu")
ax.axhline(1.0, color="black", linewidth=0.8)
ax.axhline(3.0, color="gray", linewidth=0.8, linestyle="--", label="3x (issue 17's target)")
for i, r in enumerate(rows):
    ax.text(i - 0.2, r[1] + 0.2, f"{r[1]:.1f}x", ha="center", fontsize=8)
ax.set_xticks(list(x))
ax.set_xticklabels([r[0] for r in rows], fontsize=8)
ax.set_ylabel("speed-up over OpenMP, 16 threads")
ax.set_title(title, fontsize=10)
ax.legend(fontsize=8)
fig.tight_layout()
fig.savefig(out, dpi=110)
