#!/usr/bin/env python3
"""Applies a marks file (our annotations of a public code) to a fetched tree.

    annotate.py [--round first|advised] MARKS SRC_TREE OUT_TREE

Copies SRC_TREE to OUT_TREE, then inserts each mark's line before the line
it names. 'FILE:LINE: TEXT |= NEW' replaces the line instead (NEW may be
empty): an edit the tool's message asked for (a pointer copied to a local
before the loop), not a mark. A line starting 'first ' is applied only in
the first round (a mark as first written, which the tool refused), one
starting 'advised ' only in the advised round (the default: the marks after
following the tool's message once); other lines in both. A mark is 'FILE:LINE: TEXT | INSERTED': the line must hold TEXT
(whitespace-stripped), so a tree at another commit fails loudly instead of
being marked in the wrong place. Line numbers are those of the fetched file;
several marks in one file are applied from the bottom up. Writes
OUT_TREE/marks.txt: FILE:LINE of each inserted pragma in the marked file
(what the runner counts accepted and refused marks by)."""
import collections
import os
import shutil
import sys


def read_marks(path, round_):
    marks = collections.defaultdict(list)
    for n, raw in enumerate(open(path), 1):
        line = raw.rstrip("\n")
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        tag = line.split(" ", 1)[0]
        if tag in ("first", "advised"):
            line = line.split(" ", 1)[1]
            if tag != round_:
                continue
        try:
            where, rest = line.split(": ", 1)
            fname, lineno = where.rsplit(":", 1)
            if " |= " in rest or rest.endswith(" |="):
                expect, new = (rest + " ").split(" |= ", 1)
                marks[fname].append((int(lineno), expect.strip(), None, new.rstrip(" ")))
                continue
            expect, insert = rest.rsplit(" | ", 1)
            marks[fname].append((int(lineno), expect.strip(), insert, None))
        except ValueError:
            sys.exit("%s:%d: error: expected 'FILE:LINE: TEXT | INSERTED'" % (path, n))
    return marks


def main():
    args = sys.argv[1:]
    round_ = "advised"
    if args[:1] == ["--round"] and len(args) > 1 and args[1] in ("first", "advised"):
        round_ = args[1]
        args = args[2:]
    if len(args) != 3:
        sys.exit("usage: annotate.py [--round first|advised] MARKS SRC_TREE OUT_TREE")
    marks_path, src, out = args
    marks = read_marks(marks_path, round_)
    if os.path.exists(out):
        shutil.rmtree(out)
    shutil.copytree(src, out)
    placed = []
    bad = 0
    for fname, edits in sorted(marks.items()):
        path = os.path.join(out, fname)
        lines = open(path, encoding="utf-8", errors="surrogateescape").read().split("\n")
        for lineno, expect, _, _ in edits:
            have = lines[lineno - 1].strip() if lineno <= len(lines) else "<past the end>"
            if have != expect:
                print("%s:%d: line holds '%s', the mark expects '%s'" % (fname, lineno, have, expect))
                bad += 1
        # by line, in the file's order for one line (a stable sort)
        edits.sort(key=lambda e: e[0])
        for lineno, _, _, new in edits:
            if new is not None:
                lines[lineno - 1] = new
        inserts = [e for e in edits if e[2] is not None]
        # where each pragma lands once the lines above it are inserted
        for k, (lineno, _, insert, _) in enumerate(inserts):
            if insert.lstrip().startswith("#pragma reduce"):
                placed.append("%s:%d: %s" % (fname, lineno + k, insert))
        for lineno, _, insert, _ in reversed(inserts):
            lines.insert(lineno - 1, insert)
        open(path, "w", encoding="utf-8", errors="surrogateescape").write("\n".join(lines))
    if bad:
        sys.exit("%d marks do not match the tree" % bad)
    open(os.path.join(out, "marks.txt"), "w").write("\n".join(placed) + "\n")
    print("%d marks in %d files" % (len(placed), len(marks)))


main()
