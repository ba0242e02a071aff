"""Issue 18's scaling figures: MPI ranks (one GPU each) and one process over
several GPUs (PRAGREDUCE_GPUS), from bench/results files.
   python3 bench/plot_scaling.py MPI_MD TEAM_TXT OUT.png"""
import re
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt


def mpi_rows(path):
    rows = []
    for line in open(path):
        m = re.match(r"\| (strong|weak) \| (\d+) \| ([^|]+) \| ([0-9.]+) \|", line)
        if m:
            rows.append((m.group(1), int(m.group(2)), m.group(3).strip(), float(m.group(4))))
    cpu = [(int(a), float(b)) for a, b in re.findall(r"^\| (\d+) \| ([0-9.]+) \|$", open(path).read(), re.M)]
    return rows, cpu


def team_best(path):
    """the better time per (grid, gpus) among the runs after the warm-up change"""
    best, after = {}, False
    for line in open(path):
        if line.startswith("# Run 2"):
            after = True
        m = re.match(r"gpus=(\S+): team_cg: grid (\d+ x \d+), iterations (\d+).* ([0-9.]+) s$", line)
        if m and after:
            key = (m.group(2) + " x" + m.group(3), m.group(1))
            best[key] = min(best.get(key, 1e9), float(m.group(4)))
    return best


def main():
    rows, cpu = mpi_rows(sys.argv[1])
    team = team_best(sys.argv[2])
    fig, (a, b) = plt.subplots(1, 2, figsize=(11, 4.2))
    labels, values, colors = [], [], []
    for kind, g, grid, s in rows:
        labels.append(f"{kind}\n{g} GPU{'s' if g > 1 else ''}\n{grid}")
        values.append(s)
        colors.append("tab:blue" if kind == "strong" else "tab:green")
    for np_, s in cpu:
        labels.append(f"CPU MPI\n{np_} ranks\n(strong grid)")
        values.append(s)
        colors.append("tab:gray")
    a.bar(range(len(values)), values, color=colors)
    a.set_xticks(range(len(values)), labels, fontsize=7)
    a.set_yscale("log")
    a.set_ylabel("seconds, 200 CG iterations (log)")
    a.set_title("MPI ranks, one GPU each (mpi_cg_scaling)")
    for i, v in enumerate(values):
        a.text(i, v, f"{v:.2f}", ha="center", va="bottom", fontsize=7)
    grids = sorted({k[0] for k in team})
    x = range(len(grids))
    one = [team.get((g, "1"), 0) for g in grids]
    two = [team.get((g, "all"), 0) for g in grids]
    b.bar([i - 0.2 for i in x], one, 0.4, label="PRAGREDUCE_GPUS=1")
    b.bar([i + 0.2 for i in x], two, 0.4, label="PRAGREDUCE_GPUS=all (2)")
    b.set_xticks(list(x), [g.replace(" x", "\nx", 1).replace(" x", " grid,\n", 1) + " it." for g in grids], fontsize=7)
    b.set_ylabel("seconds")
    b.set_title("one process, several GPUs (team_cg)")
    b.legend(fontsize=8)
    fig.suptitle("2 x H200, 32 cores", fontsize=9)
    fig.tight_layout()
    fig.savefig(sys.argv[3], dpi=110)


main()
