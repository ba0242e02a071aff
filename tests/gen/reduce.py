#!/usr/bin/env python3
"""Shrinks a failing generated program: drops its pieces one at a time
while the failure stays.

  reduce.py SEED 'COMMAND' [-o OUT.c]
COMMAND runs with the candidate file as $1 and exits 0 while the failure is
still there, e.g. for a transpiler crash:
  reduce.py 17 'build/pragreduce "$1" -o /tmp/x.cu; test $? -ge 128'
or for a wrong result on the CPU path:
  reduce.py 42 'tests/gen/differs.sh "$1"'
"""
import argparse
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))


def generate(seed, keep, path):
    subprocess.run([sys.executable, os.path.join(HERE, "gen.py"), "--seed", str(seed),
                    "--pieces", ",".join(map(str, sorted(keep))), "-o", path], check=True)


def fails(cmd, path):
    return subprocess.run(["bash", "-c", cmd, "_", path]).returncode == 0


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("seed", type=int)
    ap.add_argument("command")
    ap.add_argument("-o", default=None)
    a = ap.parse_args()
    n = int(subprocess.run([sys.executable, os.path.join(HERE, "gen.py"), "--seed", str(a.seed),
                            "--count-pieces"], capture_output=True, text=True, check=True).stdout)
    keep = set(range(n))
    work = tempfile.mkdtemp()
    path = os.path.join(work, "p%d.c" % a.seed)
    generate(a.seed, keep, path)
    if not fails(a.command, path):
        sys.exit("seed %d does not fail under the command" % a.seed)
    for k in range(n):
        trial = keep - {k}
        generate(a.seed, trial, path)
        if fails(a.command, path):
            keep = trial
    generate(a.seed, keep, path)
    out = a.o or "p%d-min.c" % a.seed
    with open(path) as f, open(out, "w") as g:
        g.write("/* gen.py --seed %d --pieces %s */\n" % (a.seed, ",".join(map(str, sorted(keep)))))
        g.write(f.read())
    print("kept pieces %s of %d: %s" % (sorted(keep), n, out))


if __name__ == "__main__":
    main()
