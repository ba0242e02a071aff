#!/usr/bin/env python3
"""Applies a marks file (our annotations of a public code) to a fetched tree.

    annotate.py MARKS SRC_TREE OUT_TREE

Copies SRC_TREE to OUT_TREE, then inserts each mark's line before the line
it names. A mark is 'FILE:LINE: TEXT | INSERTED': the line must hold TEXT
(whitespace-stripped), so a tree at another commit fails loudly instead of
being marked in the wrong place. Line numbers are those of the fetched file;
several marks in one file are applied from the bottom up. Writes
OUT_TREE/marks.txt: FILE:LINE of each inserted pragma in the marked file
(what the runner counts accepted and refused marks by)."""
import collections
import os
import shutil
import sys


def read_marks(path):
    marks = collections.defaultdict(list)
    for n, raw in enumerate(open(path), 1):
        line = raw.rstrip("\n")
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        try:
            where, rest = line.split(": ", 1)
            fname, lineno = where.rsplit(":", 1)
            expect, insert = rest.rsplit(" | ", 1)
            marks[fname].append((int(lineno), expect.strip(), insert))
        except ValueError:
            sys.exit("%s:%d: error: expected 'FILE:LINE: TEXT | INSERTED'" % (path, n))
    return marks


def main():
    if len(sys.argv) != 4:
        sys.exit("usage: annotate.py MARKS SRC_TREE OUT_TREE")
    marks_path, src, out = sys.argv[1:]
    marks = read_marks(marks_path)
    if os.path.exists(out):
        shutil.rmtree(out)
    shutil.copytree(src, out)
    placed = []
    bad = 0
    for fname, edits in sorted(marks.items()):
        path = os.path.join(out, fname)
        lines = open(path, encoding="utf-8", errors="surrogateescape").read().split("\n")
        for lineno, expect, _ in edits:
            have = lines[lineno - 1].strip() if lineno <= len(lines) else "<past the end>"
            if have != expect:
                print("%s:%d: line holds '%s', the mark expects '%s'" % (fname, lineno, have, expect))
                bad += 1
        edits.sort()
        # where each pragma lands once the marks above it are inserted
        for k, (lineno, _, insert) in enumerate(edits):
            placed.append("%s:%d: %s" % (fname, lineno + k, insert))
        for lineno, _, insert in reversed(edits):
            lines.insert(lineno - 1, insert)
        open(path, "w", encoding="utf-8", errors="surrogateescape").write("\n".join(lines))
    if bad:
        sys.exit("%d marks do not match the tree" % bad)
    open(os.path.join(out, "marks.txt"), "w").write("\n".join(placed) + "\n")
    print("%d marks in %d files" % (len(placed), len(marks)))


main()
