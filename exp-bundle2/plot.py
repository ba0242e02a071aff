"""Table and plot of bench.csv: median over passes, GB/s from the bytes each
loop must read (dot reads two arrays, strided touches every other element
of 2n but is charged n), speedup against CUB in the same run."""
import csv
import datetime
import statistics
import sys
from collections import defaultdict

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt

path, out, gpu = sys.argv[1], sys.argv[2], sys.argv[3]
size = {"float": 4, "double": 8, "int": 4}
arrays = {"dot": 2}
times = defaultdict(list)
for row in csv.DictReader(open(path)):
    if not row["us"]:
        continue
    times[(row["impl"], row["type"], row["op"], int(row["n"]))].append(float(row["us"]))
med = {k: statistics.median(v) for k, v in times.items()}


def gbps(key):
    impl, t, op, n = key
    return n * size[t] * arrays.get(op, 1) / (med[key] * 1e3)


date = datetime.date.today().isoformat()
lines = [f"# make bench: {gpu}, {date}", "",
         "Median kernel time in microseconds (data on the device; median of 20 runs after 3 warm-ups, "
         "median over passes); ratio = CUB time / pragreduce time (> 1: pragreduce faster).", ""]
ops = ["sum", "min", "max", "dot", "l2", "count", "sumsq", "strided", "rows2d", "rows2dc"]
ns = sorted({k[3] for k in med})
for t in ["float", "double", "int"]:
    lines.append(f"## {t}")
    lines.append("")
    lines.append("| op | " + " | ".join(f"2^{n.bit_length() - 1}" for n in ns) + " |")
    lines.append("|---|" + "---|" * len(ns))
    for op in ops:
        cells = []
        for n in ns:
            c, p = med.get(("cub", t, op, n)), med.get(("pragreduce", t, op, n))
            cells.append(f"{p:.1f} / {c:.1f} = {c / p:.2f}" if c and p else "")
        lines.append(f"| {op} | " + " | ".join(cells) + " |")
    lines.append("")
impls = sorted({k[0] for k in med})
lines.append("## float sum, every variant (GB/s)")
lines.append("")
lines.append("| impl | " + " | ".join(f"2^{n.bit_length() - 1}" for n in ns) + " |")
lines.append("|---|" + "---|" * len(ns))
for impl in impls:
    cells = [f"{gbps((impl, 'float', 'sum', n)):.0f}" if (impl, "float", "sum", n) in med else "" for n in ns]
    lines.append(f"| {impl} | " + " | ".join(cells) + " |")
open(f"{out}/bench.md", "w").write("\n".join(lines) + "\n")
print("\n".join(lines))

fig, axes = plt.subplots(3, 4, figsize=(20, 13))
for row, t in enumerate(["float", "double", "int"]):
    for col, op in enumerate(["sum", "max", "dot", "sumsq"]):
        ax = axes[row][col]
        for impl in impls:
            xs = [n for n in ns if (impl, t, op, n) in med]
            if xs:
                ax.plot(xs, [gbps((impl, t, op, n)) for n in xs], marker="o", label=impl)
        ax.set_xscale("log", base=2)
        ax.set_title(f"{t} {op}")
        ax.set_xlabel("n")
        ax.set_ylabel("GB/s")
        ax.grid(True, alpha=0.3)
        ax.legend(fontsize=7)
fig.suptitle(f"pragreduce vs CUB DeviceReduce, {gpu}, {date}")
fig.tight_layout()
fig.savefig(f"{out}/bench.png", dpi=80)
