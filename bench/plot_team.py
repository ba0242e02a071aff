"""Several GPUs in one process (PRAGREDUCE_GPUS): team_cg's time per grid
and GPU count, the iterations after the first apart from the first (its
copies), the better of the runs, from a run-team.sh output.
   python3 bench/plot_team.py TEAM_TXT OUT.png"""
import re
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt


def best_runs(path):
    """{(grid, gpus): (first, rest)} from the run with the least total"""
    best = {}
    pat = r"gpus=(\S+): team_cg: grid (\d+ x \d+), iterations (\d+).* ([0-9.]+) s \(first ([0-9.]+), rest ([0-9.]+)\)"
    for line in open(path):
        m = re.match(pat, line)
        if not m:
            continue
        key = (m.group(2) + ", " + m.group(3) + " it.", m.group(1))
        total, first, rest = float(m.group(4)), float(m.group(5)), float(m.group(6))
        if key not in best or total < sum(best[key]):
            best[key] = (first, rest)
    return best


def main():
    best = best_runs(sys.argv[1])
    grids = list(dict.fromkeys(k[0] for k in best))
    teams = list(dict.fromkeys(k[1] for k in best))
    fig, axes = plt.subplots(1, len(grids), figsize=(3.0 * len(grids), 4.0))
    for ax, grid in zip(axes, grids):
        names = [t for t in teams if (grid, t) in best]
        first = [best[(grid, t)][0] for t in names]
        rest = [best[(grid, t)][1] for t in names]
        x = range(len(names))
        ax.bar(x, rest, 0.6, label="iterations after the first")
        ax.bar(x, first, 0.6, bottom=rest, label="first iteration (copies, contexts)")
        ax.set_xticks(list(x))
        ax.set_xticklabels(["GPUs=" + ("4" if t == "all" else t) for t in names])
        ax.set_title(grid, fontsize=9)
        ax.set_ylabel("seconds")
    axes[0].legend(fontsize=7)
    fig.suptitle("team_cg in one process, PRAGREDUCE_GPUS (H200s; better of two runs)")
    fig.tight_layout()
    fig.savefig(sys.argv[2], dpi=110)


if __name__ == "__main__":
    main()
