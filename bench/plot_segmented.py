"""Table and plot of segmented.csv (bench/run-segmented.sh): pragreduce's
segmented reductions against cuBLAS gemv (y = A x) and CUB
DeviceSegmentedReduce::Sum (row sums). GB/s from the bytes each call must
move: A once plus the vectors. ratio = vendor time / pragreduce time
(throughput relative to the vendor; targets: >= 0.9 for gemv, >= 1.0 for
row sums). usage: plot_segmented.py segmented.csv OUTDIR GPU-NAME"""
import csv
import datetime
import sys
from collections import defaultdict

path, out, gpu = sys.argv[1], sys.argv[2], sys.argv[3]
size = {"float": 4, "double": 8, "int": 4}
rows_ = defaultdict(dict)  # (op, type, rows, cols) -> impl -> (us, check, launches)
for r in csv.DictReader(open(path)):
    op = "mv" if r["op"] == "mvouter" else r["op"]
    key = (op, r["type"], int(r["rows"]), int(r["cols"]))
    us = float(r["us"]) if r["us"] else None
    rows_[key][r["impl"]] = (us, r["check"], r["launches"])


def nbytes(key):
    op, t, rows, cols = key
    extra = rows + cols if op == "mv" else rows
    return (rows * cols + extra) * size[t]


def gbps(key, us):
    return nbytes(key) / (us * 1e3) if us else None


def fmt(v, spec):
    return format(v, spec) if v is not None else ""


def with_rate(key, us):
    return f"{us:.1f} ({gbps(key, us):.0f})" if us else ""


date = datetime.date.today().isoformat()
lines = [f"# Segmented reductions: {gpu}, {date}", "",
         "Median time per call in microseconds. `kernel`: PRAGREDUCE_BENCH=20 (data on the device, "
         "events, busy kernel first, median of 20 after 3 warm-ups; the sum over the launches of a "
         "call), as the vendor side is timed. `wall`: clock_gettime around whole calls (median of "
         "the runs), launch overhead and any copies included. ratio = vendor time / pragreduce "
         "kernel time (>= 0.9 is the gemv target, >= 1.0 the row-sum target). `outer`: y = A x "
         "marked on the outer loop (a row per thread).", "",
         "| op | type | rows x cols | pragreduce kernel us (GB/s) | launches | wall us | outer us | "
         "vendor | vendor us (GB/s) | ratio | check |",
         "|---|---|---|---|---|---|---|---|---|---|---|"]
for key in sorted(rows_, key=lambda k: (k[0], k[1], k[2] * k[3], k[3])):
    op, t, rows, cols = key
    d = rows_[key]
    vendor = "cublas" if op == "mv" else "cub"
    pk, pw, po, vv = (d.get(i, (None, "", "")) for i in
                      ("pragreduce", "pragreduce-wall", "pragreduce-outer", vendor))
    ratio = vv[0] / pk[0] if vv[0] and pk[0] else None
    checks = {c for c in (pk[1], pw[1], po[1], vv[1]) if c}
    check = "ok" if len(checks) == 1 else ("DIFFER " + "/".join(sorted(checks)) if checks else "")
    launches = pk[2] or pw[2]
    lines.append(f"| {op} | {t} | {rows} x {cols} | {with_rate(key, pk[0])} | "
                 f"{launches} | {fmt(pw[0], '.1f')} | {fmt(po[0], '.1f')} | {vendor} | "
                 f"{with_rate(key, vv[0])} | {fmt(ratio, '.2f')} | {check} |")
open(f"{out}/segmented.md", "w").write("\n".join(lines) + "\n")
print("\n".join(lines))

try:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
except ImportError:
    sys.exit(0)
fig, axes = plt.subplots(1, 2, figsize=(15, 5.5))
impls = [("pragreduce", "pragreduce kernel"), ("pragreduce-wall", "pragreduce wall"),
         ("pragreduce-outer", "pragreduce outer loop"), ("cublas", "cuBLAS gemv"),
         ("cub", "CUB DeviceSegmentedReduce")]
for ax, op, xlabel in ((axes[0], "mv", "matrix (rows x cols)"),
                       (axes[1], "rowsum", "row length (2^26 elements)")):
    keys = sorted((k for k in rows_ if k[0] == op), key=lambda k: (k[1], k[2] * k[3], k[3]))
    labels = [f"{k[1]}\n{k[2]}x{k[3]}" if op == "mv" else f"{k[1]}\n{k[3]}" for k in keys]
    present = [(i, name) for i, name in impls if any(rows_[k].get(i, (None,))[0] for k in keys)]
    width = 0.8 / max(1, len(present))
    for s, (impl, name) in enumerate(present):
        xs = [x + s * width for x in range(len(keys))]
        ys = [gbps(k, rows_[k].get(impl, (None,))[0]) or 0 for k in keys]
        ax.bar(xs, ys, width, label=name)
    ax.set_xticks([x + 0.4 - width / 2 for x in range(len(keys))])
    ax.set_xticklabels(labels, fontsize=8)
    ax.set_xlabel(xlabel)
    ax.set_ylabel("GB/s (bytes that must move / time)")
    ax.set_title("y = A x (row-major)" if op == "mv" else "row sums")
    ax.grid(True, axis="y", alpha=0.3)
    ax.legend(fontsize=8)
fig.suptitle(f"pragreduce segmented reductions vs cuBLAS / CUB, {gpu}, {date}")
fig.tight_layout()
fig.savefig(f"{out}/segmented.png", dpi=80)
