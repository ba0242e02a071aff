#!/usr/bin/env python3
"""Random programs with marked loops, gcc's build being the oracle.

Each program (one seed) is a set of static functions prefixed gSEED_ and a
gSEED_run(long n) that allocates and fills its arrays from a generator
seeded inside the program, runs a sequence of pieces (marked loops of
every operator, type, loop form and body the README accepts, segmented
nests, collapse, host writes between loops, functions called over several
buffers, data regions) and prints every result exactly. Values are chosen
so that the result does not depend on the order of the reduction:
integers never overflow a signed type (unsigned and narrow types wrap,
which is exact), floating-point values are small dyadic numbers whose sums
and products are exact, min/max see no -0.0 and no NaN.

  gen.py --batch SEED... -o FILE.c      several programs in one file
  gen.py --seed SEED [--pieces 0,2] -o FILE.c   one program (some pieces)
  gen.py --reject SEED -o FILE.c       one program with a form the README
                                       says is rejected
Sizes come from the command line of the built program: ./prog 0 1 33 ...
"""
import argparse
import os
import random
import sys

# GEN_AVOID=collapse,seg,&&,...: piece kinds (loop seg collapse write buffers
# data minmax section parallel grid), operators, 'lochelper' (helper calls in maxloc/minloc values) and
# 'boolinc' (++ on a _Bool) left out, to look past a known defect
AVOID = set(x for x in os.environ.get("GEN_AVOID", "").split(",") if x)
# issue 40's forms, each a GEN_AVOID name: launch set-up read from a kernel's
# output (setup-bound setup-step setup-in setup-data setup-csr setup-seg
# setup-arg setup-if; the writer a marked loop's element or section too unless
# setup-byelem, setup-bysection), splice-fused (symm), splice-nest (unbraced
# nested parallel loops), implicit (gnu89 calls with no declaration), kr (K&R
# definitions; krint: an implicit-int parameter), in-nonconst (an in() array
# passed to a helper taking a non-const pointer), and the file-level forms
# cguard (the file's own extern "C" guard), ownnames (struct stat/tm,
# read/write/close/sleep/pipe/time/clock, environ/optarg of the program's
# own), bom (a UTF-8 byte-order mark)
SETUP_FORMS = ["bound", "step", "in", "data", "csr", "seg", "arg", "if"]
NEW_KINDS = ["setup", "splice-fused", "splice-nest", "implicit", "kr", "in-nonconst", "elem-dp",
             "helper-global", "nested-mark", "team"]
FILE_FORMS = ["cguard", "ownnames", "bom"]
# GEN_FORCE=KIND: every program's first piece is KIND (one of NEW_KINDS) or
# every program wants the file-level form KIND: to count what one form finds
FORCE = os.environ.get("GEN_FORCE", "")

NMAX = 1 << 19          # largest size a program is run at (iterations per loop)
MAX_UPDATES = 2         # updates of one variable per iteration, at most

# ---------------------------------------------------------------- types
# name: (is_float, signed, bits, rank)  rank orders integer conversions
TYPES = {
    "_Bool": (False, False, 1, 0),
    "char": (False, True, 8, 1),
    "signed char": (False, True, 8, 1),
    "unsigned char": (False, False, 8, 1),
    "int8_t": (False, True, 8, 1),
    "short": (False, True, 16, 2),
    "unsigned short": (False, False, 16, 2),
    "uint16_t": (False, False, 16, 2),
    "int": (False, True, 32, 3),
    "unsigned": (False, False, 32, 3),
    "uint32_t": (False, False, 32, 3),
    "long": (False, True, 64, 4),
    "unsigned long": (False, False, 64, 4),
    "size_t": (False, False, 64, 4),
    "int64_t": (False, True, 64, 4),
    "ptrdiff_t": (False, True, 64, 4),
    "long long": (False, True, 64, 5),
    "unsigned long long": (False, False, 64, 5),
    "float": (True, True, 24, 10),
    "double": (True, True, 53, 11),
}
INT_TYPES = [t for t, v in TYPES.items() if not v[0]]
WIDE_SIGNED = ["int", "long", "long long", "int64_t", "ptrdiff_t"]


def is_float(t):
    return TYPES[t][0]


def is_signed(t):
    return TYPES[t][1]


def bits(t):
    return TYPES[t][2]


def tmin(t):
    if is_float(t):
        return -float("inf")
    if t == "_Bool":
        return 0
    return -(1 << (bits(t) - 1)) if is_signed(t) else 0


def tmax(t):
    if is_float(t):
        return float("inf")
    if t == "_Bool":
        return 1
    return (1 << (bits(t) - 1)) - 1 if is_signed(t) else (1 << bits(t)) - 1


def promote(t):
    """C's integer promotions."""
    if is_float(t):
        return t
    if bits(t) < 32:
        return "int"
    return t


def common(a, b):
    """The usual arithmetic conversions (x86-64 sizes)."""
    a, b = promote(a), promote(b)
    if is_float(a) or is_float(b):
        return "double" if "double" in (a, b) else "float"
    if a == b:
        return a
    if is_signed(a) == is_signed(b):
        return a if TYPES[a][3] >= TYPES[b][3] else b
    u, s = (a, b) if not is_signed(a) else (b, a)
    if TYPES[u][3] >= TYPES[s][3]:
        return u
    if bits(s) > bits(u):
        return s
    return {"long": "unsigned long", "int64_t": "unsigned long", "ptrdiff_t": "unsigned long",
            "long long": "unsigned long long"}[s]


class Val:
    """An expression: C text, C type, value interval, granularity (floats)."""

    def __init__(self, text, ctype, lo, hi, g=1.0, muls=False):
        self.text, self.ctype, self.lo, self.hi, self.g = text, ctype, lo, hi, g
        self.muls = muls     # contains a product or negation (may be -0.0)

    def mag(self):
        return max(abs(self.lo), abs(self.hi))


class Invalid(Exception):
    """A choice that could overflow or lose exactness: choose again."""


def fit(text, ctype, lo, hi, g=1.0, muls=False):
    """The value of an operation in ctype, or Invalid where C would be
    undefined (signed overflow) or inexact (float rounding)."""
    if is_float(ctype):
        if max(abs(lo), abs(hi)) / g > 2.0 ** bits(ctype):
            raise Invalid()
        return Val(text, ctype, lo, hi, g, muls)
    if lo < tmin(ctype) or hi > tmax(ctype):
        if is_signed(ctype):
            raise Invalid()
        lo, hi = 0, tmax(ctype)          # unsigned wraps: exact, any value
    return Val(text, ctype, lo, hi, 1.0, muls)


def binop(op, a, b):
    t = common(a.ctype, b.ctype)
    text = "(%s %s %s)" % (a.text, op, b.text)
    # operands converted to t first (an unsigned t wraps negative operands)
    if not is_float(t) and not is_signed(t) and (a.lo < 0 or b.lo < 0):
        return fit(text, t, 0, tmax(t) + 1, 1.0, True)
    g = min(a.g, b.g)
    if op == "+":
        return fit(text, t, a.lo + b.lo, a.hi + b.hi, g, a.muls or b.muls)
    if op == "-":
        return fit(text, t, a.lo - b.hi, a.hi - b.lo, g, True)
    if op == "*":
        c = [a.lo * b.lo, a.lo * b.hi, a.hi * b.lo, a.hi * b.hi]
        return fit(text, t, min(c), max(c), a.g * b.g, True)
    raise ValueError(op)


def convert(v, t):
    """v assigned to a variable of type t; Invalid when not exact."""
    if is_float(t):
        if not is_float(v.ctype) and v.mag() > 2 ** bits(t):
            raise Invalid()
        if is_float(v.ctype) and v.mag() / v.g > 2.0 ** bits(t):
            raise Invalid()
        return Val(v.text, t, v.lo, v.hi, v.g, v.muls)
    if is_float(v.ctype):
        raise Invalid()
    if v.lo < tmin(t) or v.hi > tmax(t):
        return Val(v.text, t, tmin(t), tmax(t))
    return Val(v.text, t, v.lo, v.hi)


def c_const(x, t):
    if is_float(t):
        s = repr(float(x))
        return s + ("f" if t == "float" else "")
    if x < 0:
        return "(%d)" % x
    return str(x)


def fmt_print(t, expr):
    """printf format and argument printing a value of type t exactly."""
    if is_float(t):
        return "%a", "(double)(%s)" % expr
    if is_signed(t) or t == "_Bool":
        return "%lld", "(long long)(%s)" % expr
    return "%llu", "(unsigned long long)(%s)" % expr


# ---------------------------------------------------------------- arrays
class Arr:
    """An array of the program: 2*n + 64 elements, filled by kind."""

    def __init__(self, name, ctype, kind, rng):
        self.name, self.ctype, self.kind = name, ctype, kind
        t = ctype
        self.g = 1.0
        if kind == "small":
            if is_float(t):
                self.r = rng.choice([2, 6, 12])
                self.lo, self.hi, self.g = -self.r * 0.25, self.r * 0.25, 0.25
            elif t == "_Bool":
                self.lo, self.hi = 0, 1
            elif is_signed(t):
                self.r = rng.choice([3, 10, 100])
                self.lo, self.hi = -self.r, self.r
            else:
                self.r = rng.choice([3, 10, 100])
                self.lo, self.hi = 0, self.r
        elif kind == "mul":
            self.lo, self.hi = (-1, 2) if (is_signed(t) or is_float(t)) else (0, tmax(t))
            if is_float(t):
                self.g = 0.5
        elif kind in ("bits", "dense", "sparse"):
            self.lo, self.hi = tmin(t), tmax(t)
        elif kind == "bool":
            self.lo, self.hi = 0, 1
            self.dense = rng.random() < 0.5
        elif kind == "idx":
            self.lo, self.hi = 0, NMAX
        else:
            raise ValueError(kind)

    def fill(self):
        """C expression of one element from r (a fresh 64-bit random) and i."""
        t, k = self.ctype, self.kind
        if k == "small":
            if is_float(t):
                return "(%s)((double)((long long)(r %% %d) - %d) * 0.25)" % (t, 2 * self.r + 1, self.r)
            if t == "_Bool":
                return "(_Bool)(r & 1)"
            if is_signed(t):
                return "(%s)((long long)(r %% %d) - %d)" % (t, 2 * self.r + 1, self.r)
            return "(%s)(r %% %d)" % (t, self.r + 1)
        if k == "mul":
            if is_float(t):
                return ("(%s)((i < 20000 && i %% 1999 == 5) ? 2.0 : (i < 20000 && i %% 1999 == 7)"
                        " ? 0.5 : (r %% 3 == 0 ? -1.0 : 1.0))" % t)
            return "(%s)((i < 20000 && i %% 1999 == 5) ? 2 : (r %% 3 == 0 ? -1 : 1))" % t
        if k == "bits":
            return "(%s)r" % t
        if k == "dense":
            return "(%s)~((r %% 80) < 64 ? (1ull << (r %% 80)) : 0ull)" % t
        if k == "sparse":
            return "(%s)((r %% 80) < 64 ? (1ull << (r %% 80)) : 0ull)" % t
        if k == "bool":
            return "(%s)(r %% 7 %s 0)" % (t, "!=" if self.dense else "==")
        if k == "idx":
            return "(%s)(n > 0 ? (long long)(r %% (unsigned long long)n) : 0)" % t
        raise ValueError(k)

    def safe_value(self, rng):
        """A value a host write may store and keep the kind's bounds."""
        if self.kind == "mul":
            return c_const(1, self.ctype)
        if self.kind == "idx":
            return "0"
        if self.kind in ("bits", "dense", "sparse"):
            return "(%s)%d" % (self.ctype, rng.randint(0, 100))
        if is_float(self.ctype):
            return c_const(rng.randint(int(self.lo * 4), int(self.hi * 4)) * 0.25, self.ctype)
        return c_const(rng.randint(int(self.lo), int(self.hi)), self.ctype)


# ---------------------------------------------------------------- programs
class Program:
    def __init__(self, seed, pieces=None):
        self.seed = seed
        self.rng = random.Random(seed * 7919 + 17)
        self.p = "g%d_" % seed
        self.funcs = []          # static functions (helpers, kernels' hosts)
        self.protos = []         # declarations before them (K&R: empty parentheses)
        self.macros = []
        self.arrays = []
        self.nhelp = 0
        self.c89 = self.rng.random() < 0.15
        self.keep = pieces       # piece indices kept (the reducer), None: all
        self.out = 0             # output line counter
        # file-level forms (issue 40) this program wants in its file, drawn
        # apart so that the other pieces stay those of earlier versions
        fr = random.Random(seed * 104729 + 3)
        self.file_forms = set(f for f in FILE_FORMS if fr.random() < 0.06 and f not in AVOID)
        if FORCE in FILE_FORMS:
            self.file_forms.add(FORCE)

    # -- names
    def fresh(self, base):
        self.nhelp += 1
        return "%s%s%d" % (self.p, base, self.nhelp)

    def label(self):
        self.out += 1
        return "p%d.%d" % (self.seed, self.out)

    # -- arrays
    def make_arrays(self):
        r = self.rng
        want = ["small"] * r.randint(2, 4) + ["mul", "mulf", r.choice(["bits", "dense", "sparse"]),
                                              "bool", "idx"]
        for kind in want:
            if kind == "small":
                t = r.choice(INT_TYPES + ["float", "double"] * 3 + ["int", "long"] * 2)
            elif kind == "mul":
                t = r.choice(["int", "long", "unsigned", "short", "signed char", "long long"])
            elif kind == "mulf":
                t, kind = r.choice(["double", "float"]), "mul"
            elif kind in ("bits", "dense", "sparse"):
                t = r.choice([x for x in INT_TYPES if x != "_Bool"])
            elif kind == "bool":
                t = r.choice(["int", "_Bool", "char", "unsigned char"])
            else:
                t = r.choice(["int", "long", "size_t"])
            self.arrays.append(Arr("a%d" % len(self.arrays), t, kind, r))

    def arrays_of(self, pred):
        return [a for a in self.arrays if pred(a)]

    # -- expressions
    def leaf(self, subs, pred):
        cands = self.arrays_of(pred)
        if not cands:
            raise Invalid()
        a = self.rng.choice(cands)
        s = self.rng.choice(subs)
        return Val("%s[%s]" % (a.name, s), a.ctype, a.lo, a.hi, a.g)

    def arith(self, subs, depth, pred, minmax=False, helpers=True):
        """An arithmetic expression over 'small' arrays (pred picks them)."""
        r = self.rng
        choice = r.random()
        if depth <= 0 or choice < 0.35:
            return self.leaf(subs, pred)
        try:
            if choice < 0.55:
                op = "+" if minmax else r.choice(["+", "-", "*"])
                return binop(op, self.arith(subs, depth - 1, pred, minmax),
                             self.arith(subs, depth - 1, pred, minmax))
            if choice < 0.65:
                a = self.arith(subs, depth - 1, pred, minmax)
                k = r.choice([1, 2, 3]) if not minmax else 1
                c = Val(c_const(k, "int"), "int", k, k)
                return binop(r.choice(["+", "*"]) if not minmax else "+", a, c)
            if choice < 0.78:
                a = self.arith(subs, depth - 1, pred, minmax)
                b = self.arith(subs, depth - 1, pred, minmax)
                if a.ctype != b.ctype:
                    raise Invalid()
                c = self.leaf(subs, pred)
                text = "(%s > %s ? %s : %s)" % (c.text, c_const(0, c.ctype), a.text, b.text)
                return Val(text, a.ctype, min(a.lo, b.lo), max(a.hi, b.hi), min(a.g, b.g),
                           a.muls or b.muls)
            if choice < 0.9:
                if not helpers:
                    raise Invalid()
                return self.helper_call(subs, depth, pred, minmax)
            a = self.arith(subs, depth - 1, pred, minmax)
            if is_float(a.ctype) or a.mag() > 1 << 30:
                return a
            return Val("(long)%s" % a.text, "long", a.lo, a.hi, 1.0, a.muls)
        except Invalid:
            return self.leaf(subs, pred)

    def helper_call(self, subs, depth, pred, minmax):
        """A static helper of the file called from the loop body."""
        r = self.rng
        x = self.arith(subs, depth - 1, pred, minmax)
        y = self.arith(subs, depth - 1, pred, minmax)
        px = Val("x", x.ctype, x.lo, x.hi, x.g, x.muls)
        py = Val("y", y.ctype, y.lo, y.hi, y.g, y.muls)
        style = r.randrange(3)
        if style == 0:
            body = binop("+" if minmax else r.choice(["+", "-", "*"]), px, py)
            code = "    return %s;\n" % body.text
        elif style == 1:
            body = binop("+", px, py)
            code = "    %s t = %s;\n    return t;\n" % (body.ctype, body.text)
        else:
            if px.ctype != py.ctype:
                raise Invalid()
            body = Val("", px.ctype, min(px.lo, py.lo), max(px.hi, py.hi), min(px.g, py.g),
                       px.muls or py.muls)
            code = "    if (x > y)\n        return x;\n    return y;\n"
        name = self.fresh("h")
        self.funcs.append("static %s %s(%s x, %s y)\n{\n%s}\n" % (
            body.ctype, name, x.ctype, y.ctype, code))
        return Val("%s(%s, %s)" % (name, x.text, y.text), body.ctype, body.lo, body.hi,
                   body.g, body.muls)

    # -- updates: one statement that reduces e into v with op
    def update(self, op, v, t, e):
        r = self.rng
        if op == "+":
            form = r.choice(["%s += %s;" % (v, e), "%s = %s + %s;" % (v, v, e),
                             "%s = %s + %s;" % (v, e, v), "%s += %s;" % (v, e),
                             "%s++;" % v if r.random() < 0.5 else "++%s;" % v])
            if t == "_Bool" and "boolinc" in AVOID and "++" in form:
                form = "%s += %s;" % (v, e)
            return form
        if op == "-":
            return r.choice(["%s -= %s;" % (v, e), "%s -= %s;" % (v, e), "%s--;" % v])
        if op in ("*", "&", "|", "^"):
            return r.choice(["%s %s= %s;" % (v, op, e), "%s = %s %s %s;" % (v, v, op, e),
                             "%s = %s %s %s;" % (v, e, op, v)])
        if op in ("&&", "||"):
            return r.choice(["%s = %s %s %s;" % (v, v, op, e), "%s = %s %s %s;" % (v, e, op, v)])
        if op in ("max", "min"):
            gt = ">" if op == "max" else "<"
            lt = "<" if op == "max" else ">"
            forms = ["%s = %s %s %s ? %s : %s;" % (v, e, gt, v, e, v),
                     "%s = %s %s %s ? %s : %s;" % (v, v, lt, e, e, v),
                     "%s = %s %s %s ? %s : %s;" % (v, v, gt, e, v, e),
                     "if (%s %s %s)\n    %s = %s;" % (e, gt, v, v, e),
                     "if (%s %s= %s) {\n    %s = %s;\n}" % (e, gt, v, v, e),
                     "%s = %s%s(%s, %s);" % (v, self.p, op.upper(), v, e)]
            if t == "double":
                forms.append("%s = f%s(%s, %s);" % (v, op, v, e))
            if t == "float":
                forms.append("%s = f%sf(%s, %s);" % (v, op, v, e))
            return r.choice(forms)
        raise ValueError(op)

    def reduction(self, subs):
        """A reduction: a dict with its operator (op), the update's form
        (upd: '-' for -=), type t, the value e (text) and ev (Val), init;
        for maxloc/minloc also the index type it, first (ties) and iinit.
        Choices that could overflow or lose exactness are made again."""
        r = self.rng
        op = r.choice([o for o in ["+", "+", "+", "-", "*", "max", "min", "max", "&", "|", "^",
                                   "&&", "||", "maxloc", "minloc"] if o not in AVOID] or ["+"])
        for _ in range(30):
            try:
                return self.try_reduction(op, subs)
            except Invalid:
                continue
        for _ in range(30):
            try:
                return self.try_reduction("+", subs, simple=True)
            except Invalid:
                continue
        return self.try_reduction("+", subs, simple=True, t="double")

    def try_reduction(self, op, subs, simple=False, t=None):
        r = self.rng
        if op in ("+", "-"):
            # '+' on a _Bool is rejected (README): adding -1 flips it, no combine can
            t = t or r.choice([x for x in INT_TYPES if x != "_Bool"] + ["float", "double"] * 4 +
                              WIDE_SIGNED * 2)
            if t == "_Bool":
                pred = (lambda a: a.kind in ("small", "bool") and not is_float(a.ctype)
                        and a.lo >= 0)
                if op == "-":
                    op = "+"
            elif is_float(t):
                pred = lambda a: a.kind == "small"
            else:
                pred = lambda a: a.kind == "small" and not is_float(a.ctype)
            e = self.leaf(subs, pred) if simple else self.arith(subs, 2, pred)
            init = r.choice([0, 0, 1, 5]) if t != "_Bool" else r.choice([0, 1])
            self.check_sum(t, e, init)
            return dict(op="+" if op == "-" else op, upd=op, t=t, e=e.text, ev=e,
                        init=c_const(init, t))
        if op == "*":
            t = r.choice(["int", "long", "double", "float", "unsigned", "unsigned long long",
                          "short", "unsigned char", "long long", "signed char"])
            if is_float(t):
                pred = lambda a: a.kind == "mul" and is_float(a.ctype)
            else:
                pred = lambda a: a.kind in ("mul", "small", "bits") and not is_float(a.ctype)
            e = self.leaf(subs, pred)
            init = r.choice([1, 1, 3, -1]) if is_signed(t) else r.choice([1, 3])
            self.check_product(t, e, init)
            return dict(op="*", upd="*", t=t, e=e.text, ev=e, init=c_const(init, t))
        if op in ("max", "min"):
            t = r.choice([a.ctype for a in self.arrays if a.kind == "small"])
            if t == "_Bool":
                raise Invalid()
            pred = lambda a: a.kind == "small" and a.ctype == t
            e = self.arith(subs, 1, pred, minmax=True)
            if e.lo < tmin(t) or e.hi > tmax(t):
                raise Invalid()
            if is_float(t) and e.muls:
                raise Invalid()
            lo = tmin(t) if not is_float(t) else -1e6
            hi = tmax(t) if not is_float(t) else 1e6
            init = r.choice([lo, hi, 0, 1]) if op == "max" else r.choice([hi, lo, 0, 1])
            if init == lo and not is_float(t) and is_signed(t):
                init = lo + 1        # a literal that fits (INT_MIN is not one)
            if t in ("unsigned long long", "unsigned long", "size_t") and init > (1 << 62):
                init = (1 << 62)
            if t in ("long", "long long", "int64_t", "ptrdiff_t") and abs(init) > (1 << 62):
                init = (1 << 62) * (1 if init > 0 else -1)
            return dict(op=op, upd=op, t=t, e=e.text, ev=e, init=c_const(init, t))
        if op in ("&", "|", "^"):
            t = r.choice([x for x in INT_TYPES])
            if t == "_Bool":
                pred = lambda a: a.kind == "bool"
            else:
                pred = lambda a: a.kind in ("bits", "dense", "sparse")
            e = self.leaf(subs, pred)
            if r.random() < 0.3 and t != "_Bool":
                e2 = self.leaf(subs, pred)
                e = Val("(%s %s %s)" % (e.text, r.choice("&|^"), e2.text), e.ctype, 0, 0)
            init = {"&": r.choice([-1, 255, 7]), "|": r.choice([0, 16]), "^": r.choice([0, 3])}[op]
            if t == "_Bool":
                init = r.choice([0, 1])
            elif not is_signed(t):
                init = init & tmax(t)
            return dict(op=op, upd=op, t=t, e=e.text, init=c_const(init, t))
        if op in ("&&", "||"):
            t = r.choice(["int", "int", "_Bool", "char", "long", "unsigned"])
            c = r.randrange(3)
            if c == 0:
                e = self.leaf(subs, lambda a: a.kind == "bool").text
            elif c == 1:
                v = self.leaf(subs, lambda a: a.kind == "small")
                e = "%s > %s" % (v.text, c_const(v.lo + (v.hi - v.lo) // 8 if not is_float(v.ctype)
                                                 else 0.0, v.ctype))
            else:
                v = self.leaf(subs, lambda a: a.kind == "small")
                e = "%s != %s" % (v.text, c_const(1, v.ctype))
            init = r.choice([0, 1, 1, 5, -2]) if is_signed(t) else r.choice([0, 1, 5])
            if t == "_Bool":
                init = r.choice([0, 1])
            return dict(op=op, upd=op, t=t, e=e, init=c_const(init, t))
        if op in ("maxloc", "minloc"):
            t = r.choice([a.ctype for a in self.arrays if a.kind == "small"])
            if t == "_Bool":
                raise Invalid()
            pred = lambda a: a.kind == "small" and a.ctype == t
            e = self.arith(subs, 1, pred, minmax=True, helpers="lochelper" not in AVOID)
            if e.lo < tmin(t) or e.hi > tmax(t) or (is_float(t) and e.muls):
                raise Invalid()
            it = r.choice(["long", "int", "size_t", "long long"])
            first = r.random() < 0.6
            init = r.choice([tmin(t) + 1 if op == "maxloc" else tmax(t), 0]) \
                if not is_float(t) else r.choice([-1e6 if op == "maxloc" else 1e6, 0.0])
            if abs(init) > (1 << 62):
                init = (1 << 62) * (1 if init > 0 else -1)
            return dict(op=op, upd=op, t=t, e=e.text, ev=e, init=c_const(init, t), it=it, first=first,
                        iinit=r.choice(["0", "42"]) if it == "size_t" else r.choice(["-1", "42"]))
        raise ValueError(op)

    def check_product(self, t, e, init):
        """s *= e exact and free of signed overflow in every order."""
        ot = common(t, e.ctype)
        if is_float(ot):
            if not is_float(e.ctype) or not is_float(t):
                raise Invalid()
            return
        if not is_signed(ot):
            return
        if bits(t) < bits(ot) or not is_signed(t):
            smax = 1 << bits(t)          # the accumulator wraps by conversion
        else:
            # a wide signed accumulator: only the 'mul' arrays (+-1, a few 2s)
            if e.mag() > 2:
                raise Invalid()
            smax = abs(init) << 12
        if smax * e.mag() > tmax(ot):
            raise Invalid()

    def check_sum(self, t, e, init):
        n = NMAX * MAX_UPDATES
        ot = common(t, e.ctype)
        if is_float(ot) or is_float(t):
            if not is_float(e.ctype) and e.mag() > 1 << 20:
                raise Invalid()
            g = min(e.g, 1.0 if init == int(init) else 0.25)
            total = abs(init) + n * e.mag()
            mant = min(bits(t) if is_float(t) else 64, bits(ot))
            if total / g > 2.0 ** mant:
                raise Invalid()
            return
        if is_signed(ot):
            if bits(t) < bits(ot):     # narrow accumulator: wraps by conversion
                if e.mag() + (1 << bits(t)) > tmax(ot):
                    raise Invalid()
                return
            if abs(init) + n * e.mag() > tmax(ot):
                raise Invalid()

    def loc_update(self, red, v, idx, iv):
        r = self.rng
        e = red["e"]
        gt = ">" if red["op"] == "maxloc" else "<"
        lt = "<" if red["op"] == "maxloc" else ">"
        if not red["first"]:
            gt, lt = gt + "=", lt + "="
        cond = r.choice(["%s %s %s" % (e, gt, v), "%s %s %s" % (v, lt, e)])
        forms = ["if (%s) {\n    %s = %s;\n    %s = %s;\n}" % (cond, v, e, idx, iv),
                 "if (%s) {\n    %s = %s;\n    %s = %s;\n}" % (cond, idx, iv, v, e),
                 "if (%s)\n    %s = %s, %s = %s;" % (cond, v, e, idx, iv),
                 "%s = %s ? %s : %s;\n%s = %s ? %s : %s;" % (idx, cond, iv, idx, v, cond, e, v)]
        return r.choice(forms)

    # ---------------------------------------------------------- loop forms
    def loop_head(self, n, decl_before):
        """(for-header, iv name, index expression in [0, n), iv type,
        declarations needed before). Every form visits a subset of [0, n)."""
        r = self.rng
        iv = "i"
        form = r.randrange(14)
        it = r.choice(["long", "long", "int", "long long", "ptrdiff_t"])
        x = iv
        if form == 0:
            head = "%s = 0; %s < %s; %s++" % (iv, iv, n, iv)
        elif form == 1:
            head = "%s = 0; %s < %s; ++%s" % (iv, iv, n, iv)
        elif form == 2:
            c = r.choice([2, 3, 7])
            head = "%s = 0; %s < %s; %s += %d" % (iv, iv, n, iv, c)
        elif form == 3:
            head = "%s = %s - 1; %s >= 0; %s--" % (iv, n, iv, iv)
        elif form == 4:
            head = "%s = 0; %s <= %s - 1; %s++" % (iv, iv, n, iv)
        elif form == 5:
            head = "%s = 0; %s != %s; %s++" % (iv, iv, n, iv)
        elif form == 6:
            it = r.choice(["size_t", "unsigned long", "unsigned"])
            head = "%s = 0; %s < (%s)%s; %s++" % (iv, iv, it, n, iv)
        elif form == 7:
            it = r.choice(["long", "size_t", "unsigned"])
            head = "%s = (%s)%s; %s > 0; %s--" % (iv, it, n, iv, iv)
            x = "(%s - 1)" % iv
        elif form == 8:
            head = "%s = %s / 3; %s < %s - %s / 4; %s++" % (iv, n, iv, n, n, iv)
        elif form == 9:
            head = "%s = %s - 1; %s >= 0; %s -= 2" % (iv, n, iv, iv)
        elif form == 10:
            head = "%s = 0; %s > %s; %s++" % (iv, n, iv, iv)
        elif form == 11:
            head = "%s = 0; %s < %s; %s = %s + 2" % (iv, iv, n, iv, iv)
        elif form == 12:
            head = "%s = %s - 1; %s != -1; --%s" % (iv, n, iv, iv)
        else:
            head = "%s = 1; %s <= %s; %s++" % (iv, iv, n, iv)
            x = "(%s - 1)" % iv
        if it in ("unsigned", "int") and form not in (6, 7):
            it = "int"
        if form in (3, 9, 12) and not is_signed(it):
            it = "long"
        if decl_before:
            return "for (%s)" % head, iv, x, it, ["%s %s;" % (it, iv)]
        return "for (%s %s)" % (it, head), iv, x, it, []

    # ---------------------------------------------------------- pieces
    def body_for(self, reds, subs, x, iv):
        """Statements of a loop body updating every reduction in reds."""
        r = self.rng
        stmts = []
        pre = []
        privs = []
        for k, red in enumerate(reds):
            v = red["v"]
            if red["op"] in ("maxloc", "minloc"):
                s = self.loc_update(red, v, red["idx"], iv)
                if r.random() < 0.3:
                    s = "if (%s %% 3 != 0) {\n%s\n}" % (x, indent(s))
                stmts.append(s)
                continue
            e = red["e"]
            style = r.randrange(10)
            ev = red.get("ev")
            if style == 1 and ev is not None:
                # a local temporary of the expression's type
                tv = "t%d" % k
                stmts.append("%s %s = %s;" % (ev.ctype, tv, e))
                e = tv
            if style == 2:
                # a filter
                f = self.leaf(subs, lambda a: a.kind in ("small", "bool"))
                stmts.append("if (%s > %s)\n%s" % (f.text, c_const(0, f.ctype),
                                                    indent(self.update(red["upd"], v, red["t"], e))))
            elif style == 3:
                # a switch
                u1 = self.update(red["upd"], v, red["t"], e)
                stmts.append("switch ((int)(%s %% 3)) {\ncase 0:\n%s\n    break;\ncase 1:\n    break;\n"
                             "default:\n%s\n    break;\n}" % (x, indent(u1), indent(u1)))
            elif (style == 4 and red["upd"] == "+" and red["t"] != "_Bool" and ev is not None
                  and tmin(red["t"]) <= ev.lo and ev.hi <= tmax(red["t"])):
                # a private scalar and a private scratch array
                pv = "q%d" % k
                pw = "w%d" % k
                pre.append("%s %s;" % (red["t"], pv))
                pre.append("%s %s[4];" % (red["t"], pw))
                privs += [pv, pw]
                stmts.append("for (int k = 0; k < 4; k++)\n    %s[k] = %s;" % (pw, e))
                stmts.append("%s = %s[%d];" % (pv, pw, r.randrange(4)))
                stmts.append(self.update("+", v, red["t"], pv))
            elif style == 5:
                stmts.append("if (%s %% 5 == 2)\n    continue;" % x)
                stmts.append(self.update(red["upd"], v, red["t"], e))
            else:
                stmts.append(self.update(red["upd"], v, red["t"], e))
        return stmts, pre, privs

    def declare_red(self, red, k, tag):
        v = "%s%d" % (tag, k)
        red["v"] = v
        if not self.c89 and self.rng.random() < 0.15:
            # an element accumulator: reduce(op: sk_acc[1]), beside an element
            # the loop leaves alone
            arr = "%s_acc" % v
            red["v"] = "%s[1]" % arr
            decls = ["%s %s[2] = {%s, %s};" % (red["t"], arr, red["init"], red["init"])]
        else:
            decls = ["%s %s = %s;" % (red["t"], v, red["init"])]
        if red["op"] in ("maxloc", "minloc"):
            red["idx"] = "%si%d" % (tag, k)
            decls.append("%s %s = %s;" % (red["it"], red["idx"], red["iinit"]))
        return decls

    def print_red(self, red):
        f, a = fmt_print(red["t"], red["v"])
        fs, args = [f], [a]
        if "idx" in red:
            f2, a2 = fmt_print(red["it"], red["idx"])
            fs.append(f2)
            args.append(a2)
        return fs, args

    def clause(self, reds):
        parts = []
        for op in dict.fromkeys(r["op"] for r in reds):
            vs = []
            for red in reds:
                if red["op"] == op:
                    vs += [red["v"]] + ([red["idx"]] if "idx" in red else [])
            if op in ("maxloc", "minloc"):
                for red in reds:
                    if red["op"] == op:
                        parts.append("reduce(%s: %s, %s)" % (op, red["v"], red["idx"]))
            else:
                parts.append("reduce(%s: %s)" % (op, ", ".join(vs)))
        return " ".join(parts)

    def printf(self, fmts, args):
        lab = self.label()
        return 'printf("%s%s\\n"%s);' % (lab, "".join(" " + f for f in fmts),
                                        "".join(", " + a for a in args))

    def piece_loop(self):
        """A 1-D marked loop with one to three reductions."""
        r = self.rng
        subs_of = lambda x: [x, x, "%s + 1" % x, "2 * %s" % x, "n - 1 - %s" % x, "2 * %s + 1" % x]
        decl_before = self.c89 or r.random() < 0.2
        bound = "n"
        if r.random() < 0.15:
            bound = "%sLEN(n)" % self.p
        head, iv, x, it, ivdecl = self.loop_head(bound, decl_before)
        subs = subs_of(x)
        reds = [self.reduction(subs) for _ in range(r.choice([1, 1, 1, 2, 3]))]
        decls = []
        for k, red in enumerate(reds):
            decls += self.declare_red(red, k, "s")
        body, pre, privs = self.body_for(reds, subs, x, iv)
        fused = None
        if r.random() < 0.2:
            # a fused output: the loop writes its own element
            src = self.leaf([x], lambda a: a.kind == "small")
            fused = (src.ctype, "o")
            decls.append("%s *o = calloc((size_t)n + 1, sizeof *o);" % src.ctype)
            body.insert(0, "o[%s] = %s;" % (x, src.text))
        indirect = None
        if r.random() < 0.15:
            ix = self.arrays_of(lambda a: a.kind == "idx")[0]
            tgt = self.rng.choice(self.arrays_of(lambda a: a.kind == "small"))
            red = dict(op="+", upd="+", t="double", e="", init="0")
            red["v"] = "sx"
            decls.append("double sx = 0;")
            body.append("sx += (double)%s[%s[%s]];" % (tgt.name, ix.name, x))
            reds.append(red)
            indirect = "in(%s[0:2 * n + 64])" % tgt.name
        pragma = "#pragma reduce" + self.clause(reds)[len("reduce"):]
        if indirect:
            pragma += " " + indirect
        if privs:
            pragma += " private(%s)" % ", ".join(privs)
        lines = ivdecl + decls + pre + [pragma, head + " {"] + [indent(s) for s in body] + ["}"]
        fmts, args = [], []
        for red in reds:
            f, a = self.print_red(red)
            fmts += f
            args += a
        if decl_before:
            f, a = fmt_print(it, iv)
            fmts.append("iv=" + f)
            args.append(a)
        if fused:
            lines.append("{\n    unsigned long long h = 0;\n    for (long k = 0; k < n; k++)\n"
                         "        h = h * 1000003u + %s;\n"
                         '    printf("%s o %%llu\\n", h);\n}' % (fingerprint(fused[0], "o[k]"),
                                                                    self.label()))
        lines.append(self.printf(fmts, args))
        if fused:
            lines.append("free(o);")
        return self.block(lines)

    def piece_minmax_pair(self):
        """if (x < mn) mn = x; else if (x > mx) mx = x; under min and max."""
        r = self.rng
        a = r.choice([a for a in self.arrays if a.kind == "small" and a.ctype != "_Bool"])
        t = a.ctype
        head, iv, x, it, ivdecl = self.loop_head("n", self.c89)
        e = "%s[%s]" % (a.name, x)
        if r.random() < 0.5:
            init = ["%s mn = n > 0 ? %s[0] : 0, mx = n > 0 ? %s[0] : 0;" % (t, a.name, a.name)]
        elif is_float(t):
            init = ["%s mn = HUGE_VAL, mx = -HUGE_VAL;" % t]
        else:
            init = ["%s mn = %s, mx = %s;" % (t, c_const(min(tmax(t), 1 << 62), t),
                                              c_const(max(tmin(t) + 1, -(1 << 62)), t))]
        if r.random() < 0.5:
            upd = "if (%s < mn)\n    mn = %s;\nelse if (%s > mx)\n    mx = %s;" % (e, e, e, e)
        else:
            upd = "if (mx <= %s) {\n    mx = %s;\n} else if (mn >= %s) {\n    mn = %s;\n}" % (e, e, e, e)
        lines = ivdecl + init + ["#pragma reduce(min: mn) reduce(max: mx)", head + " {",
                                 indent(upd), "}"]
        f, v1 = fmt_print(t, "mn")
        _, v2 = fmt_print(t, "mx")
        lines.append(self.printf([f, f], [v1, v2]))
        return self.block(lines)

    def block(self, lines):
        if self.c89:
            decl = [l for l in lines if is_decl(l)]
            rest = [l for l in lines if not is_decl(l)]
            lines = decl + rest
        return ["{"] + [indent(l) for l in lines] + ["}"]

    def piece_segmented(self):
        """An independent outer loop around a marked loop: one segment per row."""
        r = self.rng
        shape = r.randrange(3)
        if shape == 0:
            k = r.choice([1, 3, 7, 32, 33, 60])
            dims = ["long cols = %d;" % k, "long rows = n / %d;" % k]
        elif shape == 1:
            k = r.choice([1, 2, 5])
            dims = ["long rows = %d;" % k, "long cols = n / %d;" % k]
        else:
            dims = ["long cols = n % 13;", "long rows = n / 13;"]   # empty rows too
        subs = ["r * cols + c", "c * rows + r", "c"]
        red = self.reduction(subs)
        while red["op"] in ("maxloc", "minloc") and r.random() < 0.5:
            red = self.reduction(subs)
        decls = dims + self.declare_red(red, 0, "s")
        yt = red["t"]
        decls.append("%s *y = calloc((size_t)rows + 1, sizeof *y);" % yt)
        if "idx" in red:
            decls.append("long *yi = calloc((size_t)rows + 1, sizeof *yi);")
        init_stmt = "%s = %s;" % (red["v"], red["init"])
        if "idx" in red:
            init_stmt += " %s = %s;" % (red["idx"], red["iinit"])
        body, pre, privs = self.body_for([red], subs, "c", "c")
        pragma = "#pragma " + self.clause([red])
        if privs:
            pragma += " private(%s)" % ", ".join(privs)
        outer_decl = self.c89 or r.random() < 0.3
        lines = decls + pre
        if outer_decl:
            lines.append("long r, c;")
            oh, ih = "for (r = 0; r < rows; r++) {", "for (c = 0; c < cols; c++) {"
        else:
            oh, ih = "for (long r = 0; r < rows; r++) {", "for (long c = 0; c < cols; c++) {"
        inner = [init_stmt, pragma, ih] + [indent(s) for s in body] + ["}", "y[r] = %s;" % red["v"]]
        if "idx" in red:
            inner.append("yi[r] = (long)%s;" % red["idx"])
        lines += [oh] + [indent(s) for s in inner] + ["}"]
        lines.append("{\n    unsigned long long h = 0;\n    for (long k = 0; k < rows; k++)\n"
                     "        h = h * 1000003u + %s%s;\n"
                     '    printf("%s rows %%llu\\n", h);\n}'
                     % (fingerprint(yt, "y[k]"), " + (unsigned long long)yi[k]" if "idx" in red else "",
                        self.label()))
        fs, args = self.print_red(red)
        lines.append(self.printf(fs, args))
        lines.append("free(y);")
        if "idx" in red:
            lines.append("free(yi);")
        return self.block(lines)

    def piece_parallel(self):
        """`#pragma reduce parallel`: element-wise updates (guarded neighbours,
        a strided or downward write, a private temporary), an integer count or
        a named sum across iterations, or rows with a marked loop inside."""
        r = self.rng
        smalls = [a for a in self.arrays if a.kind == "small" and a.ctype != "_Bool"]
        if not smalls:
            return self.piece_loop()
        src = r.choice(smalls)
        u, v, cnt, tot, tmp = (self.fresh(x) for x in ("pu", "pv", "pc", "pt", "pw"))
        c89 = self.c89 or r.random() < 0.2
        lines = ["double *%s = malloc((size_t)(2 * n + 64) * sizeof *%s);" % (u, u),
                 "double *%s = calloc((size_t)(2 * n + 64), sizeof *%s);" % (v, v),
                 "long %s = 0;" % cnt, "double %s = 0.5;" % tot, "double %s;" % tmp]
        if c89:
            lines.append("long i, j;")
        lines.append("for (%s = 0; i < 2 * n + 64; i++) %s[i] = (double)%s[i];"
                     % ("i" if c89 else "long i", u, src.name))
        decl = "" if c89 else "long "
        shape = r.randrange(4)
        clauses = ""
        count = r.random() < 0.5
        named = r.random() < 0.4 and shape != 3
        if named:
            clauses += " reduce(+: %s)" % tot
        head = "for (%si = 0; i < n; i++) {" % decl
        body = []
        if shape == 0:      # neighbours, guarded at both ends
            k = r.choice(["0.5", "2.0", "-1.0", "3.0"])
            body = ["%s = %s * %s[i] + (i > 0 ? %s[i - 1] : 0.0) - (i + 1 < n ? %s[i + 1] : 0.0);"
                    % (tmp, k, u, u, u),
                    "%s[i] = %s;" % (v, tmp)]
        elif shape == 1:    # a strided write, a mirrored read
            body = ["%s = %s[i] - %s[n - 1 - i];" % (tmp, u, u),
                    "if (%s > 0) %s[2 * i + 1] = %s; else %s[2 * i + 1] = -%s * 0.5;" % (tmp, v, tmp, v, tmp)]
        elif shape == 2:    # downward
            head = "for (%si = n - 1; i >= 0; i--) {" % decl
            body = ["%s = %s[i] * 0.5 + (double)(i %% 7);" % (tmp, u), "%s[i] = %s;" % (v, tmp)]
        else:               # rows with a marked sum inside
            k = r.choice([1, 3, 7, 32, 33, 60, 100])
            rows = self.fresh("prows")
            lines.insert(0, "long %s = n / %d;" % (rows, k))
            head = "for (%si = 0; i < %s; i++) {" % (decl, rows)
            body = ["%s = 0;" % tmp, "#pragma reduce(+: %s)" % tmp,
                    "for (%sj = 0; j < %d; j++)" % (decl, k),
                    "    %s += %s[i * %d + j] * (double)(j %% 3);" % (tmp, u, k),
                    "%s[i] = %s;" % (v, tmp)]
        if count:
            body.append("%s += %s > 1.0;" % (cnt, tmp))
        if named:
            body.append("%s += %s;" % (tot, tmp))
        pragma = ["#pragma reduce parallel%s" % clauses]
        if r.random() < 0.3:
            privs = [tmp] + (["j"] if c89 and shape == 3 else [])
            pragma.insert(r.randrange(2), "#pragma omp parallel for private(%s)%s%s"
                          % (", ".join(privs), (" reduction(+: %s)" % tot) if named else "",
                             (" reduction(+: %s)" % cnt) if count else ""))
        lines += pragma + [head] + [indent(b) for b in body] + ["}"]
        lines.append("{\n    unsigned long long h = 0;\n    for (long k = 0; k < 2 * n + 64; k++)\n"
                     "        h = h * 1000003u + gen_bits(%s[k]);\n"
                     '    printf("%s parallel %%llu %%ld %%.2f\\n", h, %s, %s);\n}'
                     % (v, self.label(), cnt, tot))
        lines += ["free(%s);" % u, "free(%s);" % v]
        return self.block(lines)

    def piece_grid(self):
        """Arrays of arrays whose rows a parallel loop reads apart from the
        rows it writes (disjoint.c): a swap of two rows over the columns (the
        rows may be one), an LU-style step below row k (the pivot row read
        while rows i > k are written, its column written in each row, the
        inner loop marked parallel or not), a row computed from a constant
        other row. Values are small dyadic numbers: every result is exact."""
        r = self.rng
        t = r.choice(["double", "double", "float", "long", "int"])
        cols = r.choice([1, 2, 7, 32, 33, 100])
        g, rows, h = self.fresh("grid"), self.fresh("grows"), self.fresh("gh")
        c89 = self.c89
        dl = "" if c89 else "long "
        zero = "0.5" if t in ("double", "float") else "1"
        lines = ["long %s = n / %d + 2;" % (rows, cols),
                 "%s (*%s)[%d] = malloc(sizeof(%s[%d]) * (size_t)%s);" % (t, g, cols, t, cols, rows),
                 "unsigned long long %s = 0;" % h]
        if c89:
            lines.append("long i, j;")
        lines += ["for (%si = 0; i < %s; i++)" % (dl, rows),
                  "    for (%sj = 0; j < %d; j++)" % (dl, cols),
                  "        %s[i][j] = (%s)((i * 7 + j * 3 + %d) %% 17 - 8)%s;"
                  % (g, t, r.randrange(17), " * 0.5" if t in ("double", "float") else "")]
        omp = lambda: ["#pragma omp parallel for"] if r.random() < 0.3 else []
        forms = r.sample(["swap", "lu", "plane"], r.randint(1, 3))
        for f in forms:
            if f == "swap":
                a, b, tmp = self.fresh("gr"), self.fresh("gr"), self.fresh("gt")
                lines += ["{",
                          "    long %s = (n * %d + %d) %% %s, %s = (n * %d + %d) %% %s;"
                          % (a, r.randrange(1, 9), r.randrange(5), rows, b, r.randrange(1, 9), r.randrange(5), rows)]
                lines += ["    " + x for x in omp()] + ["#pragma reduce parallel",
                          "    for (%sj = 0; j < %d; j++) {" % (dl, cols),
                          "        %s %s = %s[%s][j];" % (t, tmp, g, a),
                          "        %s[%s][j] = %s[%s][j];" % (g, a, g, b),
                          "        %s[%s][j] = %s;" % (g, b, tmp), "    }", "}"]
            elif f == "lu":
                k, kc, l = self.fresh("gk"), self.fresh("gc"), self.fresh("gl")
                scale = " * 0.5" if t in ("double", "float") else " / 2"
                inner = ["#pragma reduce parallel"] if r.random() < 0.6 else []
                lines += ["{", "    long %s = (n * %d + %d) %% %s, %s = %s %% %d;"
                          % (k, r.randrange(1, 9), r.randrange(5), rows, kc, k, cols)]
                lines += ["    " + x for x in omp()] + ["#pragma reduce parallel",
                          "    for (%si = %s + 1; i < %s; i++) {" % (dl, k, rows),
                          "        %s %s = %s[i][%s]%s;" % (t, l, g, kc, scale),
                          "        %s[i][%s] = %s;" % (g, kc, l)] + inner + [
                          "        for (%sj = %s + 1; j < %d; j++)" % (dl, kc, cols),
                          "            %s[i][j] -= %s * %s[%s][j];" % (g, l, g, k), "    }", "}"]
            else:
                w, rd = r.choice([(0, 1), (1, 0)])
                lines += omp() + ["#pragma reduce parallel",
                                  "for (%sj = 0; j < %d; j++)" % (dl, cols),
                                  "    %s[%d][j] = %s[%d][j] * 2 - %s[%d][j] + %s;" % (g, w, g, rd, g, w, zero)]
        lines += ["for (%si = 0; i < %s; i++)" % (dl, rows),
                  "    for (%sj = 0; j < %d; j++)" % (dl, cols),
                  "        %s = %s * 1000003u + %s;" % (h, h, fingerprint(t, "%s[i][j]" % g)),
                  'printf("%s grid %%llu\\n", %s);' % (self.label(), h),
                  "free(%s);" % g]
        return self.block(lines)

    def piece_collapse(self):
        r = self.rng
        depth = r.choice([2, 2, 3])
        if depth == 2:
            k = r.choice([1, 3, 8, 33])
            dims = ["long d1 = %d;" % k, "long d0 = n / d1;"]
            subs = ["a * d1 + b", "b * d0 + a"]
            heads = ["for (long a = 0; a < d0; a++)", "for (long b = 0; b < d1; b++)"]
        else:
            k1, k2 = r.choice([2, 3]), r.choice([1, 4, 5])
            dims = ["long d1 = %d, d2 = %d;" % (k1, k2), "long d0 = n / (d1 * d2);"]
            subs = ["(a * d1 + b) * d2 + c", "a * d1 * d2 + b * d2 + c"]
            heads = ["for (long a = 0; a < d0; a++)", "for (long b = 0; b < d1; b++)",
                     "for (long c = 0; c < d2; c++)"]
        red = self.reduction(subs)
        while red["op"] in ("maxloc", "minloc"):
            red = self.reduction(subs)
        decls = dims + self.declare_red(red, 0, "s")
        body, pre, privs = self.body_for([red], subs, "a", "a")
        body = [b for b in body if "continue" not in b] or [self.update(red["upd"], red["v"],
                                                                         red["t"], red["e"])]
        pragma = "#pragma %s collapse(%d)" % (self.clause([red]), depth)
        if privs:
            pragma += " private(%s)" % ", ".join(privs)
        lines = decls + pre + [pragma]
        ind = ""
        for h in heads:
            lines.append(ind + h)
            ind += "    "
        lines.append(ind + "{")
        lines += [indent(s, ind + "    ") for s in body]
        lines.append(ind + "}")
        fs, args = self.print_red(red)
        lines.append(self.printf(fs, args))
        return self.block(lines)

    def piece_section(self):
        """An array-section accumulator, reduce(op: h[lo:L]): a histogram
        over data-dependent bins (an idx array or the loop variable), +
        with its update forms, or | and ^ over bit patterns; sometimes a
        pointer into the middle of the array, a filter, a second plain
        reduction in the same pragma."""
        r = self.rng
        L = r.choice([1, 3, 8, 16, 61, 61, 170, 300])
        decl_before = self.c89 or r.random() < 0.2
        head, iv, x, it, ivdecl = self.loop_head("n", decl_before)
        subs = [x, x, "%s + 1" % x, "2 * %s" % x]
        op = r.choice(["+", "+", "+", "|", "^"])
        for _ in range(30):
            try:
                if op == "+":
                    t = r.choice(["int", "long", "unsigned", "double", "float", "long long",
                                  "short"])
                    pred = (lambda a: a.kind == "small") if is_float(t) else \
                        (lambda a: a.kind == "small" and not is_float(a.ctype))
                    e = self.leaf(subs, pred)
                    self.check_sum(t, e, 0)
                else:
                    t = r.choice(["unsigned", "unsigned long long", "int", "long"])
                    e = self.leaf(subs, lambda a: a.kind in ("bits", "sparse", "dense"))
                break
            except Invalid:
                op = "+"
        else:
            return self.piece_loop()
        # (floating-point sections longer than ~40 doubles or ~80 floats keep
        # each thread's copy in device memory: emit_section.c)
        h = self.fresh("h")
        idx = self.arrays_of(lambda a: a.kind == "idx")[0]
        bin_of = r.choice(["(size_t)%s[%s] %% %d" % (idx.name, x, L), "(%s) %% %d" % (x, L),
                           "(size_t)(%s[%s] / 3) %% %d" % (idx.name, x, L)])
        off = r.choice([0, 0, 2])
        base = h
        decls = ["%s %s[%d];" % (t, h, L + 4)]
        fill = "for (int k = 0; k < %d; k++)\n    %s[k] = (%s)(k %% 3);" % (L + 4, h, t)
        rows = 0
        if off:
            base = "%sp" % h
            decls.append("%s *%s = %s + %d;" % (t, base, h, off))
        elif r.random() < 0.3:
            # a row of a 2-D array: reduce(op: h[R][0:L]), R a constant or a
            # variable set before the loop
            rows = 3
            decls = ["%s %s[%d][%d];" % (t, h, rows, L + 4)]
            fill = ("for (int q = 0; q < %d; q++)\n    for (int k = 0; k < %d; k++)\n"
                    "        %s[q][k] = (%s)((k + q) %% 3);" % (rows, L + 4, h, t))
            if r.random() < 0.5:
                base = "%s[1]" % h
            else:
                hr = self.fresh("hr")
                decls.append("int %s = %d;" % (hr, r.choice([0, 2])))
                base = "%s[%s]" % (h, hr)
        k = "%s" % bin_of
        cast = "(%s)(%s)" % (t, e.text) if op != "+" else e.text
        if op == "+":
            form = r.choice(["%s[%s] += %s;", "%s[%s] = %s[%s] + %s;", "%s[%s] = %s + %s[%s];",
                             "%s[%s]++;", "%s[%s] -= %s;"])
            if form == "%s[%s] += %s;" or form == "%s[%s] -= %s;":
                upd = form % (base, k, cast)
            elif form == "%s[%s] = %s[%s] + %s;":
                upd = form % (base, k, base, k, cast)
            elif form == "%s[%s] = %s + %s[%s];":
                upd = form % (base, k, cast, base, k)
            else:
                upd = form % (base, k)
        else:
            upd = r.choice(["%s[%s] %s= %s;" % (base, k, op, cast),
                            "%s[%s] = %s[%s] %s %s;" % (base, k, base, k, op, cast)])
        body = [upd]
        if r.random() < 0.3:
            f = self.leaf(subs, lambda a: a.kind in ("small", "bool"))
            body = ["if (%s > %s)\n%s" % (f.text, c_const(0, f.ctype), indent(upd))]
        reds = []
        clause = "reduce(%s: %s[0:%d])" % (op, base, L)
        if r.random() < 0.3:
            red = self.reduction(subs)
            while red["op"] in ("maxloc", "minloc"):
                red = self.reduction(subs)
            decls += self.declare_red(red, 0, "s")
            body.append(self.update(red["upd"], red["v"], red["t"], red["e"]))
            reds.append(red)
            clause += " " + self.clause(reds)
        lines = ivdecl + decls + [fill, "#pragma " + clause, head + " {"] + \
            [indent(b) for b in body] + ["}"]
        fmts, args = [], []
        for red in reds:
            f, a = self.print_red(red)
            fmts += f
            args += a
        if rows:
            lines.append("{\n    unsigned long long hh = 0;\n    for (int q = 0; q < %d; q++)\n"
                         "        for (int k = 0; k < %d; k++)\n"
                         "            hh = hh * 1000003u + %s;\n"
                         '    printf("%s h %%llu\\n", hh);\n}' % (rows, L + 4, fingerprint(t, "%s[q][k]" % h),
                                                                     self.label()))
        else:
            lines.append("{\n    unsigned long long hh = 0;\n    for (int k = 0; k < %d; k++)\n"
                         "        hh = hh * 1000003u + %s;\n"
                         '    printf("%s h %%llu\\n", hh);\n}' % (L + 4, fingerprint(t, "%s[k]" % h),
                                                                     self.label()))
        if fmts:
            lines.append(self.printf(fmts, args))
        return self.block(lines)

    def piece_host_write(self):
        """A host write between marked loops, keeping the array's bounds."""
        r = self.rng
        a = r.choice(self.arrays)
        v = a.safe_value(r)
        form = r.randrange(9)
        if form == 7:
            # through a table of row pointers (residency cannot bound it: the
            # loop runs in two copies), sometimes under #pragma GCC ivdep
            q, rows = self.fresh("q"), self.fresh("rows")
            lines = ["{", "    %s *%s[4];" % (a.ctype, rows), "    int %s;" % q,
                     "    for (%s = 0; %s < 4; %s++)" % (q, q, q),
                     "        %s[%s] = %s + (long)%s * (n / 4);" % (rows, q, a.name, q)]
            if r.random() < 0.5:
                lines.append("#pragma GCC ivdep")
            lines += ["    for (%s = 0; %s < 4; %s++)" % (q, q, q),
                      "        for (long j = %d; j < n / 4; j += %d)" % (r.randrange(3), r.choice([1, 2, 5])),
                      "            %s[%s][j] = %s;" % (rows, q, v), "}"]
            return lines
        if form == 8:
            # a static local inside the host loop (one copy of the loop)
            c = self.fresh("calls")
            return ["for (long j = 0; j < n; j += 3) {", "    static long %s;" % c, "    %s++;" % c,
                    "    if (%s %% 2 == 0)" % c, "        %s[j] = %s;" % (a.name, v), "}"]
        if form == 0:
            k = r.choice([1, 3, 7])
            return ["for (long j = 0; j < n; j += %d)" % k, "    %s[j] = %s;" % (a.name, v)]
        if form == 1:
            return ["if (n > 2)", "    %s[n / 2] = %s;" % (a.name, v)]
        if form == 2:
            return ["memset(%s, 0, (size_t)(n / 3) * sizeof *%s);" % (a.name, a.name)]
        if form == 3:
            return ["memmove(%s, %s + 1, (size_t)(n / 2) * sizeof *%s);" % (a.name, a.name, a.name)]
        if form == 4:
            f = self.fresh("set")
            self.funcs.append("static void %s(%s *x, long n)\n{\n    for (long j = 1; j < n; j += 5)\n"
                              "        x[j] = %s;\n}\n" % (f, a.ctype, v))
            return ["%s(%s, n);" % (f, a.name)]
        if form == 5:
            return ["{", "    %s *alias = %s + (n > 4 ? 3 : 0);" % (a.ctype, a.name),
                    "    long j = 0;", "    while (j < n / 2) {", "        alias[j] = %s;" % v,
                    "        j += 4;", "    }", "}"]
        # free and allocate again (often at the same address), new contents
        return ["free(%s);" % a.name,
                "%s = malloc((size_t)(2 * n + 64) * sizeof *%s);" % (a.name, a.name),
                "for (long i = 0; i < 2 * n + 64; i++) {",
                "    unsigned long long r = gen_next(&st);",
                "    %s[i] = %s;" % (a.name, a.fill()), "}"]

    def piece_buffers(self):
        """A function with two marked loops called over a rotated table of
        buffers, modified between rounds, through a function pointer too."""
        r = self.rng
        t = r.choice(["double", "int", "long", "float", "unsigned"])
        f = self.fresh("stats")
        stack = r.random() < 0.4
        fr = Arr("x", t, "small", r)
        e1 = "x[i]"
        lines = ["static void %s(const %s *x, long n, %s *s, %s *m)\n{" % (f, t, t, t)]
        if stack:
            lines = ["static void %s(const %s *xin, long n, %s *s, %s *m)\n{" % (f, t, t, t),
                     "    %s x[64];" % t,
                     "    for (int k = 0; k < 64; k++)",
                     "        x[k] = n > 0 ? xin[k %% n] : (%s)0;" % t,
                     "    n = n < 64 ? n : 64;"]
        lines += ["    %s a = 0, b = %s;" % (t, c_const(-1000, t) if is_signed(t) or is_float(t)
                                                 else "0"),
                  "#pragma reduce(+: a)",
                  "    for (long i = 0; i < n; i++)",
                  "        a += %s;" % e1,
                  "#pragma reduce(max: b)",
                  "    for (long i = 0; i < n; i++)",
                  "        b = x[i] > b ? x[i] : b;",
                  "    *s = a;", "    *m = b;", "}\n"]
        self.funcs.append("\n".join(lines))
        v = fr.safe_value(r)
        fs, args = fmt_print(t, "s")
        fm, argm = fmt_print(t, "m")
        body = ["%s *buf[3];" % t,
                "for (int k = 0; k < 3; k++) {",
                "    buf[k] = malloc((size_t)(n + 1) * sizeof *buf[k]);",
                "    for (long i = 0; i < n + 1; i++) {",
                "        unsigned long long r = gen_next(&st);",
                "        buf[k][i] = %s;" % fr.fill(),
                "    }",
                "}",
                "void (*fp)(const %s *, long, %s *, %s *) = %s;" % (t, t, t, f),
                "for (int round = 0; round < 4; round++) {",
                "    for (int k = 0; k < 3; k++) {",
                "        %s s, m;" % t,
                "        if (k == 2)",
                "            fp(buf[k], n, &s, &m);",
                "        else",
                "            %s(buf[k], n, &s, &m);" % f,
                '        printf("%s %%d %%d %s %s\\n", round, k, %s, %s);' % (
                    self.label(), fs, fm, args, argm),
                "    }",
                "    %s *tmp = buf[0];" % t,
                "    buf[0] = buf[1];", "    buf[1] = buf[2];", "    buf[2] = tmp;",
                "    for (long i = round; i < n; i += 3)",
                "        buf[1][i] = %s;" % v,
                "    free(buf[0]);",
                "    buf[0] = malloc((size_t)(n + 1) * sizeof *buf[0]);",
                "    for (long i = 0; i < n + 1; i++)",
                "        buf[0][i] = (%s)((i + round) %% 5);" % t,
                "}",
                "for (int k = 0; k < 3; k++)",
                "    free(buf[k]);"]
        return ["{"] + [indent(l) for l in body] + ["}"]

    def piece_data(self):
        """A data region naming two arrays, an update after a host write,
        host writes after the region."""
        r = self.rng
        arrs = [a for a in self.arrays if a.kind == "small"]
        a, b = (arrs + arrs)[:2] if len(arrs) < 2 else r.sample(arrs, 2)
        if a is b:
            return []
        va, vb = a.safe_value(r), b.safe_value(r)
        lines = ["double sa = 0, sb = 0;",
                 "#pragma reduce data in(%s[0:n], %s[0:n])" % (a.name, b.name), "{",
                 "    for (int round = 0; round < 2; round++) {",
                 "        sa = 0;", "        sb = 0;",
                 "#pragma reduce(+: sa, sb)",
                 "        for (long i = 0; i < n; i++) {",
                 "            sa += (double)%s[i];" % a.name,
                 "            sb += (double)%s[i];" % b.name,
                 "        }",
                 '        printf("%s %%d %%a %%a\\n", round, sa, sb);' % self.label(),
                 "        if (n > 0) {",
                 "            %s[0] = %s;" % (a.name, va),
                 "#pragma reduce update in(%s[0:1])" % a.name,
                 "        }", "    }", "}",
                 "for (long j = 0; j < n; j += 2)",
                 "    %s[j] = %s;" % (b.name, vb),
                 "sa = 0;", "sb = 0;",
                 "#pragma reduce(+: sa, sb)",
                 "for (long i = 0; i < n; i++) {",
                 "    sa += (double)%s[i];" % a.name,
                 "    sb += (double)%s[i];" % b.name,
                 "}",
                 '%s' % self.printf(["%a", "%a"], ["sa", "sb"])]
        return self.block(lines)

    # ---------------------------------------------------------- launch set-up from kernel outputs
    def setup_writer(self, c, need):
        """Statements that make c[0..n+8) on the GPU side: a parallel loop, a
        marked loop's element accumulator or its array section; and an
        index k whose value E (text) is of the kind 'need': a count in
        [0, n], a step >= 2 or an extent >= n. The host copy holds 1s
        before: a launch that reads it stale sees 1 (valid, but wrong)."""
        r = self.rng
        writers = ["par"] + [w for w in ("elem", "section") if "setup-by" + w not in AVOID]
        if need == "csr":
            writers = ["par"]
        w = r.choice(writers)
        k = r.randrange(8)
        lines = ["for (long i = 0; i < n + 8; i++)", "    %s[i] = 1;" % c]
        if w == "par":
            f = {"count": r.choice(["n - n / (i %% 3 + 2)", "(n > i %% 5 ? n - i %% 5 : 0)",
                                    "(i * 7 + n) %% (n + 1)"]),
                 "step": "i %% 3 + 2", "extent": "n + i %% 3",
                 "csr": r.choice(["2 * i - i %% 2", "(i / 2) * 3", "i"])}[need] % ()
            lines += ["#pragma reduce parallel", "for (long i = 0; i < n + 8; i++)",
                      "    %s[i] = %s;" % (c, f)]
            e = "%s[%d]" % (c, k)
        elif w == "elem":
            init, upd = {"count": ("0", "(i %% 3 != 1)"), "step": ("2", "(i == 0)"),
                         "extent": ("n", "(i %% 2)")}[need]
            lines += ["%s[%d] = %s;" % (c, k, init), "#pragma reduce(+: %s[%d])" % (c, k),
                      "for (long i = 0; i < n; i++)", "    %s[%d] += %s;" % (c, k, upd % ())]
            e = "%s[%d]" % (c, k)
        else:
            lines += ["for (long i = 0; i < 8; i++)", "    %s[i] = 0;" % c,
                      "#pragma reduce(+: %s[0:8])" % c,
                      "for (long i = 0; i < n; i++)", "    %s[i %% 8] += 1;" % c]
            e = {"count": "%s[%d]", "step": "(%s[%d] + 2)", "extent": "(%s[%d] * 8 + 8)"}[need] % (c, k)
        # the value read the ways a program reads it: an element, through a
        # pointer into the array, through a helper of the file
        how = r.randrange(3)
        if how == 1 and w != "section":
            pc = self.fresh("pc")
            lines = ["long *%s;" % pc] + lines + ["%s = %s + %d;" % (pc, c, k)]
            e = "*%s" % pc
        elif how == 2:
            f = self.fresh("nof")
            self.funcs.append("static long %s(const long *c, int k)\n{\n    return c[k];\n}\n" % f)
            e = e.replace("%s[%d]" % (c, k), "%s(%s, %d)" % (f, c, k))
            # the loop's reads of c, as its pragma must name them
            return lines, e, " in(%s[0:n + 8])" % c
        return lines, e, ""

    def piece_setup(self):
        """Launch set-up from a kernel's output (issue 40): a loop writes an
        array on the GPU side and a later marked loop's bound, step, in()
        extent, data-region extent, CSR row bounds, segmented outer bound,
        call argument or the if around it reads that array on the host."""
        r = self.rng
        forms = [f for f in ("bound", "step", "in", "data", "csr", "seg", "arg", "if")
                 if "setup-" + f not in AVOID]
        if not forms:
            return self.piece_loop()
        form = r.choice(forms)
        a = r.choice(self.arrays_of(lambda x: x.kind == "small"))
        b = r.choice(self.arrays_of(lambda x: x.kind == "small"))
        ix = self.arrays_of(lambda x: x.kind == "idx")[0]
        c, s = self.fresh("cnt"), self.fresh("ss")
        need = {"step": "step", "in": "extent", "data": "extent", "csr": "csr"}.get(form, "count")
        wl, e, inc = self.setup_writer(c, need)
        lines = ["long *%s = malloc((size_t)(n + 8) * sizeof *%s);" % (c, c),
                 "double %s = 0;" % s] + wl
        lab = self.label()
        red = "#pragma reduce(+: %s)%s" % (s, inc)
        acc = "    %s += (double)%s[i];" % (s, a.name)
        if form == "bound":
            if r.random() < 0.3:
                # a parallel loop bounded by it
                y = self.fresh("py")
                lines = ["double *%s = calloc((size_t)n + 8, sizeof *%s);" % (y, y)] + lines
                lines += ["#pragma reduce parallel" + inc, "for (long i = 0; i < %s; i++)" % e,
                          "    %s[i] = (double)%s[i] * 2;" % (y, a.name),
                          "for (long i = 0; i < n + 8; i++)", "    %s += %s[i] * (double)(i %% 5 + 1);" % (s, y),
                          "free(%s);" % y]
            else:
                lines += [red, "for (long i = 0; i < %s; i++)" % e, acc]
        elif form == "step":
            # a step the host reads must be unsigned (README): size_t
            lines += [red, "for (size_t i = 0; i < (size_t)n; i += (size_t)%s)" % e, acc]
        elif form == "in":
            lines += [red + " in(%s[0:%s])" % (a.name, e), "for (long i = 0; i < n; i++)",
                      "    %s += (double)%s[%s[i]];" % (s, a.name, ix.name)]
        elif form == "data":
            lines += ["#pragma reduce data in(%s[0:%s])%s" % (a.name, e, inc), "{",
                      red, "    for (long i = 0; i < n; i++)", "    " + acc, "}"]
        elif form in ("csr", "seg"):
            y = self.fresh("y")
            lines = ["double *%s = calloc((size_t)n + 8, sizeof *%s);" % (y, y)] + lines
            if form == "csr":
                # at most 3000 rows: one launch a row when forced on the GPU,
                # and the GPU bundle runs n = 300007 in four modes
                outer = "for (long r = 0; r < (n / 2 < 3000 ? n / 2 : 3000); r++) {"
                inner = ["#pragma reduce(+: t)", "    for (long j = %s[r]; j < %s[r + 1]; j++)" % (c, c),
                         "        t += (double)%s[j] * (double)%s[j];" % (a.name, b.name)]
            else:
                outer = "for (long r = 0; r < %s; r++) {" % e
                inner = ["#pragma reduce(+: t)" + inc, "    for (long j = 0; j < 2; j++)",
                         "        t += (double)%s[r * 2 + j] * (double)%s[j];" % (a.name, b.name)]
            lines += [outer, "    double t = 0;"] + inner + ["    %s[r] = t;" % y, "}",
                      "for (long i = 0; i < n + 8; i++)", "    %s += %s[i] * (double)(i %% 7 + 1);" % (s, y),
                      "free(%s);" % y]
        elif form == "arg":
            f = self.fresh("sum")
            self.funcs.append("static double %s(const %s *x, long m)\n{\n    double t = 0;\n"
                              "#pragma reduce(+: t)\n    for (long i = 0; i < m; i++)\n"
                              "        t += (double)x[i];\n    return t;\n}\n" % (f, a.ctype))
            lines += ["%s = %s(%s, %s);" % (s, f, a.name, e)]
        else:
            lines += ["if (%s > n / 2) {" % e, red, "    for (long i = 0; i < n; i++)", "    " + acc,
                      "} else {", "    %s = -1;" % s, "}"]
        lines += ['printf("%s setup %%a\\n", %s);' % (lab, s), "free(%s);" % c]
        return self.block(lines)

    # ---------------------------------------------------------- shapes of issue 40, items 2 4 7
    def piece_splice_fused(self):
        """symm's shape: a marked loop inside host loops that also writes a
        fused output C[k][j] += ..., a row other iterations do not touch."""
        r = self.rng
        cols = r.choice([1, 3, 8])
        C, A, B = self.fresh("sC"), self.fresh("sA"), self.fresh("sB")
        lines = ["long m = n < 24 ? n : 24;",
                 "double (*%s)[%d] = calloc((size_t)m + 1, sizeof *%s);" % (C, cols, C),
                 "double (*%s)[24] = calloc((size_t)m + 1, sizeof *%s);" % (A, A),
                 "double (*%s)[%d] = calloc((size_t)m + 1, sizeof *%s);" % (B, cols, B),
                 "unsigned long long h = 0;",
                 "for (long i = 0; i < m; i++) {",
                 "    for (long k = 0; k < 24; k++)",
                 "        %s[i][k] = (double)((i * 5 + k * 3) %% 7 - 3);" % A,
                 "    for (long j = 0; j < %d; j++) {" % cols,
                 "        %s[i][j] = (double)((i + j * 2) %% 5 - 2);" % B,
                 "        %s[i][j] = (double)((i * 3 + j) %% 4);" % C,
                 "    }", "}",
                 "for (long i = 0; i < m; i++)",
                 "    for (long j = 0; j < %d; j++) {" % cols,
                 "        double t2 = 0;",
                 "#pragma reduce(+: t2)",
                 "        for (long k = 0; k < i; k++) {",
                 "            %s[k][j] += 0.5 * %s[i][j] * %s[i][k];" % (C, B, A),
                 "            t2 += %s[k][j] * %s[i][k];" % (B, A),
                 "        }",
                 "        %s[i][j] = 2 * %s[i][j] + %s[i][j] * %s[i][i] + t2;" % (C, C, B, A),
                 "    }",
                 "for (long i = 0; i < m; i++)",
                 "    for (long j = 0; j < %d; j++)" % cols,
                 "        h = h * 1000003u + gen_bits(%s[i][j]);" % C,
                 'printf("%s symm %%llu\\n", h);' % self.label(),
                 "free(%s);" % C, "free(%s);" % A, "free(%s);" % B]
        return self.block(lines)

    def piece_splice_nest(self):
        """correlation's shape: a parallel loop nested in a parallel loop
        whose body has no braces."""
        r = self.rng
        cols = r.choice([1, 5, 32])
        g = self.fresh("ng")
        a = r.choice(self.arrays_of(lambda x: x.kind == "small"))
        lines = ["long rows = n / %d;" % cols,
                 "double *%s = calloc((size_t)(rows + 1) * %d, sizeof *%s);" % (g, cols, g),
                 "unsigned long long h = 0;",
                 "#pragma reduce parallel",
                 "for (long i = 0; i < rows; i++)",
                 "#pragma reduce parallel",
                 "    for (long j = 0; j < %d; j++)" % cols,
                 "        %s[i * %d + j] = (double)%s[i * %d + j] * 2 + (double)j;" % (g, cols, a.name, cols),
                 "for (long i = 0; i < rows * %d; i++)" % cols,
                 "    h = h * 1000003u + gen_bits(%s[i]);" % g,
                 'printf("%s nest %%llu\\n", h);' % self.label(),
                 "free(%s);" % g]
        return self.block(lines)

    def piece_implicit(self):
        """gnu89: library functions called with no declaration in scope
        (<ctype.h> is not included), in a function with a marked loop."""
        r = self.rng
        a = r.choice(self.arrays_of(lambda x: x.kind == "small"))
        fn = r.choice(["toupper", "tolower", "isdigit", "isalpha"])
        lines = ["double s = 0;", "int u = %s(97 + (int)(n %% 26));" % fn,
                 "#pragma reduce(+: s)", "for (long i = 0; i < n; i++)",
                 "    s += (double)%s[i];" % a.name,
                 'printf("%s implicit %%d %%d %%a\\n", u, isspace(32 + (int)(n %% 2)) != 0, s);'
                 % self.label()]
        return self.block(lines)

    def piece_kr(self):
        """K&R definitions after an empty-parentheses declaration, one with a
        parameter left implicit int (krint), a marked loop in each."""
        r = self.rng
        a = r.choice(self.arrays_of(lambda x: x.kind == "small"))
        f = self.fresh("kr")
        t = a.ctype
        self.protos.append("static double %s();" % f)
        implicit = "krint" not in AVOID and r.random() < 0.5
        self.funcs.append("static double %s(x, m)\n    %s *x;%s\n{\n    double t = 0;\n"
                          "#pragma reduce(+: t)\n    for (long i = 0; i < m; i++)\n"
                          "        t += (double)x[i];\n    return t;\n}\n"
                          % (f, t, "" if implicit else "\n    int m;"))
        return ['printf("%s kr %%a\\n", %s(%s, (int)n));' % (self.label(), f, a.name)]

    def piece_in_nonconst(self):
        """in(x[...]) on an array the loop passes to a helper whose
        parameter is a pointer to non-const (it only reads)."""
        r = self.rng
        a = r.choice(self.arrays_of(lambda x: x.kind == "small"))
        ix = self.arrays_of(lambda x: x.kind == "idx")[0]
        f = self.fresh("get")
        self.funcs.append("static double %s(%s *p, long k)\n{\n    return (double)p[k];\n}\n" % (f, a.ctype))
        lines = ["double s = 0;", "#pragma reduce(+: s) in(%s[0:2 * n + 64])" % a.name,
                 "for (long i = 0; i < n; i++)", "    s += %s(%s, (long)%s[i]);" % (f, a.name, ix.name),
                 'printf("%s nonconst %%a\\n", s);' % self.label()]
        return self.block(lines)

    def piece_elem_dp(self):
        """Dynamic programming in place: an element accumulator t[i][j] of
        the table the marked loop reads, at elements that miss it (k below
        j, k + 1 above i) or may be it (k up to j, k from i)."""
        r = self.rng
        w = 24
        ranges = [("i + 1", "<", "j"), ("0", "<=", "j"), ("i", "<", "%d" % w), ("j + 1", "<", "%d" % w),
                  ("0", "<", "i")]
        lo, cmp, hi = r.choice(ranges)
        reads = r.sample(["t[i][k]", "t[k][j]", "t[k][k]", "t[i][j - 1 < 0 ? 0 : j - 1]"], 2)
        if lo == "i + 1" and cmp == "<" and r.random() < 0.5:
            reads = ["t[i][k]", "t[k + 1][j]"]  # nussinov's
        seed = r.randrange(1, 11)
        op = r.choice(["max", "+"])
        if op == "max":
            upd = "t[i][j] = t[i][j] >= %s + %s ? t[i][j] : %s + %s;" % (reads[0], reads[1], reads[0], reads[1])
        else:
            upd = "t[i][j] += (%s + %s) %% 3;" % (reads[0], reads[1])
        outer = r.choice([("for (i = 0; i < m; i++)", "for (j = 0; j < m; j++)"),
                          ("for (i = m - 1; i >= 0; i--)", "for (j = i + 1; j < m; j++)")])
        lines = ["long (*t)[%d] = calloc(%d, sizeof *t);" % (w, w), "long m = n < %d ? n : %d;" % (w, w),
                 "long i, j, k;", "unsigned long long h = 0;",
                 "for (i = 0; i < %d; i++)" % w,
                 "    for (j = 0; j < %d; j++)" % w,
                 "        t[i][j] = (i * 7 + j * 3 + %d) %% 11;" % seed,
                 outer[0], "    " + outer[1] + " {",
                 "#pragma reduce(%s: t[i][j])" % op,
                 "        for (k = %s; k %s %s; k++)" % (lo, cmp, hi),
                 "            " + upd, "    }",
                 "for (i = 0; i < %d; i++)" % w,
                 "    for (j = 0; j < %d; j++)" % w,
                 "        h = h * 1000003u + (unsigned long long)t[i][j];",
                 'printf("%s dp %%llu\\n", h);' % self.label(), "free(t);"]
        return self.block(lines)

    def piece_helper_global(self):
        """A helper reading a global table and a global size, called from a
        marked loop, with a host write to the table between two calls."""
        r = self.rng
        g, sz, f = self.fresh("gtab"), self.fresh("gsize"), self.fresh("gread")
        a = r.choice(self.arrays_of(lambda x: x.kind == "small"))
        self.funcs.append("static double %s[16];\nstatic long %s = 16;\n"
                          "static double %s(long k)\n{\n    return %s[k %% %s] * 0.5;\n}\n" % (g, sz, f, g, sz))
        lines = ["long q;", "double s = 0, u = 0;", "for (q = 0; q < 16; q++)", "    %s[q] = (double)(q %% 5);" % g]
        loop = ["#pragma reduce(+: %s)", "for (long i = 0; i < n; i++)",
                "    %s += %s(i) * (double)" + a.name + "[i];"]
        if self.c89:
            lines.append("long i;")
            loop[1] = "for (i = 0; i < n; i++)"
        lines += [loop[0] % "s", loop[1], loop[2] % ("s", f)]
        lines += ["%s[%d] = %d.0;" % (g, r.randrange(16), r.randrange(2, 9)), "%s = %d;" % (sz, r.choice([7, 16]))]
        lines += [loop[0] % "u", loop[1], loop[2] % ("u", f)]
        lines.append('printf("%s global %%a %%a\\n", s, u);' % self.label())
        return self.block(lines)

    def piece_nested_mark(self):
        """Marked loops inside a marked reduction (XSBench's maxloc inside
        its lookups): each runs as written in each outer iteration. The
        inner accumulator declared in the body, or before the outer loop
        (C89) and set before the inner loop; one or two inner levels; the
        inner loop a sum, a max or a maxloc over a small table and the
        outer loop's element; the outer one a sum or a max of integers."""
        r = self.rng
        a = r.choice(self.arrays_of(lambda x: x.kind == "small"))
        tab = self.fresh("ntab")
        w = r.randint(1, 7)
        inner_op = r.choice(["+", "max", "maxloc"])
        outer_op = r.choice(["+", "max"])
        c89 = self.c89 or r.random() < 0.3
        two = r.random() < 0.3 and inner_op != "maxloc"
        elem = "(long)%s[i]" % a.name
        lines = ["long %s[%d];" % (tab, w), "long t, acc = %s;" % ("0" if outer_op == "+" else "-1")]
        if c89:
            lines.append("long v, vi, i, j, k;")
        lines += ["for (t = 0; t < %d; t++)" % w, "    %s[t] = (t * %d + 3) %% 17;" % (tab, r.randrange(1, 9))]
        if c89:
            decl_v, decl_vi, loop_i, loop_j, loop_k = "v = ", "vi = ", "for (i = 0; i < n; i++) {", \
                "for (j = 0; j < %d; j++)" % w, "for (k = 0; k <= 2; k++)"
        else:
            decl_v, decl_vi, loop_i, loop_j, loop_k = "long v = ", "long vi = ", "for (long i = 0; i < n; i++) {", \
                "for (long j = 0; j < %d; j++)" % w, "for (long k = 0; k <= 2; k++)"
        term = "(%s[j] + %s %% 5)" % (tab, elem)
        lines += ["#pragma reduce(%s: acc)" % outer_op, loop_i]
        if inner_op == "maxloc":
            lines += ["    %s-1;" % decl_v, "    %s0;" % decl_vi, "#pragma reduce(maxloc: v, vi)", "    " + loop_j,
                      "        if (%s > v) { v = %s; vi = j; }" % (term, term)]
            val = "vi + 1"
        elif two:
            lines += ["    %s0;" % decl_v, "#pragma reduce(+: v)", "    " + loop_j + " {",
                      "        long cell = 0;", "#pragma reduce(+: cell)", "        " + loop_k,
                      "            cell += %s * (k + 1);" % term, "        v += cell;", "    }"]
            val = "v"
        elif inner_op == "+":
            lines += ["    %s0;" % decl_v, "#pragma reduce(+: v)", "    " + loop_j, "        v += %s;" % term]
            val = "v"
        else:
            lines += ["    %s-1;" % decl_v, "#pragma reduce(max: v)", "    " + loop_j,
                      "        v = %s > v ? %s : v;" % (term, term)]
            val = "v"
        if outer_op == "+":
            lines.append("    acc += %s;" % val)
        else:
            lines.append("    acc = %s > acc ? %s : acc;" % (val, val))
        lines += ["}", 'printf("%s nested %%ld\\n", acc);' % self.label()]
        return self.block(lines)

    def piece_team(self):
        """NPB CG's solver shape: time steps of an `omp parallel` block whose
        marked loops run under `omp for` (a parallel update, a sum into a
        shared variable, `omp single` on a variable between, an update of
        the input with nowait), the host writing the input between steps in
        place or in a parallel block of its own: the copies kept across the
        block's loops and steps must follow every write."""
        r = self.rng
        smalls = [a for a in self.arrays if a.kind == "small" and a.ctype != "_Bool"]
        if not smalls:
            return self.piece_loop()
        src = r.choice(smalls)
        u, v, d, tot, w = (self.fresh(x) for x in ("tu", "tv", "td", "tt", "tw"))
        c89 = self.c89 or r.random() < 0.3
        decl = "" if c89 else "long "
        k = r.choice([1, 2, 3, 5])
        lines = ["long *%s = malloc((size_t)(n + 1) * sizeof *%s);" % (u, u),
                 "long *%s = malloc((size_t)(n + 1) * sizeof *%s);" % (v, v),
                 "long %s = 0, %s = 0, %s = 0;" % (d, tot, w)]
        if c89:
            lines.append("long i, t;")
        lines += ["for (%si = 0; i < n; i++) {" % decl,
                  "    %s[i] = ((long)%s[i] %% 11 + 11) %% 11;" % (u, src.name),
                  "    %s[i] = 0;" % v, "}"]
        lines += ["for (%st = 0; t < %d; t++) {" % (decl, r.randint(2, 4)),
                  "    %s = 0;" % d,
                  "#pragma omp parallel shared(%s, %s)" % (d, w), "    {",
                  "#pragma omp for", "#pragma reduce parallel",
                  "        for (%si = 0; i < n; i++)" % decl,
                  "            %s[i] = %s[i] * %d + t;" % (v, u, k),
                  "#pragma omp for reduction(+: %s)" % d, "#pragma reduce(+: %s)" % d,
                  "        for (%si = 0; i < n; i++)" % decl,
                  "            %s += %s[i] %% 7 + %s[i];" % (d, v, u)]
        if r.random() < 0.6:
            lines += ["#pragma omp single", "        %s = %s + %s %% 5;" % (w, w, d)]
        if r.random() < 0.6:
            lines += ["#pragma omp for nowait", "#pragma reduce parallel",
                      "        for (%si = 0; i < n; i++)" % decl,
                      "            %s[i] = (%s[i] + %s[i]) %% 13;" % (u, u, v)]
        lines.append("    }")
        host = r.randrange(3)
        if host == 1:
            lines += ["    if (n > 0)", "        %s[t %% n] = %s[t %% n] + 1;" % (u, u)]
        elif host == 2:
            lines += ["#pragma omp parallel", "    {", "#pragma omp for",
                      "        for (%si = 0; i < n; i++)" % decl,
                      "            %s[i] = (%s[i] + i) %% 9;" % (u, u), "    }"]
        lines += ["    %s += %s;" % (tot, d), "}"]
        lines.append("{\n    unsigned long long h = 0;\n    for (long q = 0; q < n; q++)\n"
                     "        h = h * 1000003u + (unsigned long long)(%s[q] * 31 + %s[q]);\n"
                     '    printf("%s team %%llu %%ld %%ld\\n", h, %s, %s);\n}'
                     % (u, v, self.label(), tot, w))
        lines += ["free(%s);" % u, "free(%s);" % v]
        return self.block(lines)

    def piece_own_names(self):
        """Names C11 leaves to the program (defined in the file: OWN_NAMES),
        on the host and in a marked loop's body."""
        lines = ["double s = 0;", "struct stat sb;", "struct tm tb;",
                 "sb.st_a = n;", "tb.tm_a = 2;",
                 "#pragma reduce(+: s)", "for (long i = 0; i < n; i++)",
                 "    s += (double)(read(i) + clock(i) + time(i % 3));",
                 'printf("%s own %%a %%ld %%ld %%ld %%ld %%ld %%ld\\n", s, write(sb.st_a), close(n), '
                 'sleep(n), pipe(n), environ + optarg, (long)tb.tm_a);' % self.label()]
        return self.block(lines)

    def pieces(self):
        r = self.rng
        out = []
        count = r.randint(2, 6)
        self.owner = []          # the piece each function of self.funcs belongs to
        for k in range(count):
            nf = len(self.funcs)
            kinds = ["loop", "seg", "collapse", "write", "buffers", "data", "minmax", "section", "parallel", "grid"]
            weights = [0 if k in AVOID else w for k, w in zip(kinds, [10, 4, 2, 4, 1, 1, 1, 2, 2, 2])]
            # issue 40's forms, last so that avoiding them all leaves the
            # earlier programs as they were
            kinds += NEW_KINDS
            weights += [0 if k in AVOID or (k == "setup" and all("setup-" + f in AVOID for f in SETUP_FORMS))
                        else w for k, w in zip(NEW_KINDS, [3, 1, 1, 1, 1, 1, 1, 1, 1, 1])]
            kind = r.choices(kinds, weights)[0]
            if k == 0 and FORCE in NEW_KINDS:
                kind = FORCE
            if kind == "loop":
                p = self.piece_loop()
            elif kind == "seg":
                p = self.piece_segmented()
            elif kind == "collapse":
                p = self.piece_collapse()
            elif kind == "write":
                p = self.piece_host_write()
            elif kind == "buffers":
                p = self.piece_buffers()
            elif kind == "minmax":
                p = self.piece_minmax_pair()
            elif kind == "section":
                p = self.piece_section()
            elif kind == "parallel":
                p = self.piece_parallel()
            elif kind == "grid":
                p = self.piece_grid()
            elif kind == "setup":
                p = self.piece_setup()
            elif kind == "splice-fused":
                p = self.piece_splice_fused()
            elif kind == "splice-nest":
                p = self.piece_splice_nest()
            elif kind == "implicit":
                p = self.piece_implicit()
            elif kind == "kr":
                p = self.piece_kr()
            elif kind == "in-nonconst":
                p = self.piece_in_nonconst()
            elif kind == "elem-dp":
                p = self.piece_elem_dp()
            elif kind == "helper-global":
                p = self.piece_helper_global()
            elif kind == "nested-mark":
                p = self.piece_nested_mark()
            elif kind == "team":
                p = self.piece_team()
            else:
                p = self.piece_data()
            # some loops in a function of their own (chained residency)
            if kind in ("loop", "seg", "section", "parallel") and r.random() < 0.3 and not self.c89:
                f = self.fresh("part")
                params = ", ".join("%s *%s" % (a.ctype, a.name) for a in self.arrays)
                self.funcs.append("static void %s(long n, %s)\n%s\n" % (f, params, "\n".join(p)))
                p = ["%s(n, %s);" % (f, ", ".join(a.name for a in self.arrays))]
            out.append(p)
            self.owner += [k] * (len(self.funcs) - nf)
        return out

    def text(self):
        self.make_arrays()
        ps = self.pieces()
        self.npieces = len(ps)
        if self.keep is not None:
            ps = [p for k, p in enumerate(ps) if k in self.keep]
            self.funcs = [f for f, k in zip(self.funcs, self.owner) if k in self.keep]
        if "ownnames" in self.file_forms:
            ps.append(self.piece_own_names())
        mx = ("#define %sMAX(a, b) ((a) > (b) ? (a) : (b))\n#define %sMIN(a, b) ((a) < (b) ? (a) : (b))\n"
              "#define %sLEN(n) (n)\n" % (self.p, self.p, self.p))
        run = ["static void %srun(long n)\n{" % self.p,
               "    unsigned long long st = %du;" % (self.seed * 2654435761 % (1 << 32))]
        for a in self.arrays:
            run.append("    %s *%s = malloc((size_t)(2 * n + 64) * sizeof *%s);" % (a.ctype, a.name, a.name))
        for a in self.arrays:
            run += ["    for (long i = 0; i < 2 * n + 64; i++) {",
                    "        unsigned long long r = gen_next(&st);",
                    "        %s[i] = %s;" % (a.name, a.fill()), "    }"]
        for p in ps:
            run += [indent(l) for l in p]
        for a in self.arrays:
            run.append("    free(%s);" % a.name)
        run.append("    (void)st;")
        run.append("}\n")
        protos = "".join(d + "\n" for d in self.protos)
        return "/* program %d */\n%s\n%s%s\n%s" % (self.seed, mx, protos, "\n".join(self.funcs), "\n".join(run))


def fingerprint(t, expr):
    if is_float(t):
        return "gen_bits((double)%s)" % expr
    return "(unsigned long long)%s" % expr


def is_decl(line):
    return any(line.startswith(t + " ") for t in list(TYPES) + ["unsigned long long"]) \
        and "(" not in line.split("=")[0] or line.startswith("long r, c;")


def indent(s, pad="    "):
    return "\n".join((pad + l if l and not l.startswith("#") else l) for l in s.split("\n"))


PRELUDE = """/* generated by tests/gen/gen.py: gcc's build of this file is the oracle */
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* an exact fingerprint of a value of any type */
static unsigned long long gen_bits(double d)
{
    unsigned long long b;
    memcpy(&b, &d, sizeof b);
    return b;
}

/* splitmix64: the programs' data, the same on every build */
static unsigned long long gen_next(unsigned long long *st)
{
    unsigned long long z = (*st += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}
"""


# names C11 leaves to the program that the output's system headers declare
OWN_NAMES = """/* the program's own names (issue 40): C11 leaves them to it */
struct stat { long st_a; };
struct tm { int tm_a, tm_b; };
static long read(long x) { return x + 1; }
static long write(long x) { return x * 2; }
static long close(long x) { return x - 3; }
static long sleep(long x) { return x % 7; }
static long pipe(long x) { return x / 2; }
static long time(long x) { return -x; }
static long clock(long x) { return x ^ 5; }
static long environ = 11;
static long optarg = 13;
"""
GUARD_OPEN = '#ifdef __cplusplus\nextern "C" {\n#endif\n'
GUARD_CLOSE = '#ifdef __cplusplus\n}\n#endif\n'


def batch(seeds, pieces=None):
    progs = [Program(s, pieces) for s in seeds]
    texts = [p.text() for p in progs]
    forms = set().union(*(p.file_forms for p in progs))
    head, rest = PRELUDE.split("\n/* an exact", 1)
    parts = [head]
    if "cguard" in forms:
        parts.append(GUARD_OPEN)
    if "ownnames" in forms:
        parts.append(OWN_NAMES)
    parts.append("/* an exact" + rest)
    parts += texts
    parts.append("int main(int argc, char **argv)\n{\n    for (int k = 1; k < argc; k++) {\n"
                 "        long n = strtol(argv[k], NULL, 10);\n"
                 '        printf("== n=%ld\\n", n);\n')
    for s in seeds:
        parts.append("        g%d_run(n);\n" % s)
    parts.append("    }\n    return 0;\n}\n")
    if "cguard" in forms:
        parts.append(GUARD_CLOSE)
    return ("\ufeff" if "bom" in forms else "") + "\n".join(parts)


# ---------------------------------------------------------------- rejects
REJECTS = [
    ("break", "if (a[i] > 50) break;\ns += a[i];"),
    ("return", "if (a[i] > 50) return;\ns += a[i];"),
    ("other element", "b[i] = a[i];\ns += b[i + 1];"),
    ("read outside update", "s += a[i];\nb[i] = s;"),
    ("wrong operator", "s *= a[i];"),
    ("external call", "s += gen_ext(a[i]);"),
    ("global write", "gen_g = a[i];\ns += a[i];"),
    ("goto", "if (a[i] > 50) goto out;\ns += a[i];"),
    ("iv written", "s += a[i];\ni += 0;"),
    ("outer scalar written", "u = a[i];\ns += u;"),
    ("max update under a + pragma", "s = a[i] > s ? a[i] : s;"),
    ("two operators", "s += a[i];\ns *= 2;"),
    ("helper writing a global", "s += gen_set(a[i]);"),
    ("fused output read elsewhere", "b[2 * i] = a[i];\ns += b[i];"),
    ("private read before written", "s += u;\nu = a[i];", "private(u)"),
    ("loop-carried dependence", "b[i] = b[i] + a[i];\nb[i + 1] = 0;\ns += a[i];"),
]


def reject(seed):
    """A program with one form the README says is rejected."""
    r = random.Random(seed)
    form = r.choice(REJECTS)
    what, body = form[0], form[1]
    extra = (" " + form[2]) if len(form) > 2 else ""
    t = r.choice(["int", "long", "double", "unsigned"])
    return ("/* reject %d: %s */\n#include <stdio.h>\n#include <stdlib.h>\n"
            "int gen_ext(int);\nint gen_g;\n"
            "static int gen_set(int x) { gen_g = x; return x; }\n"
            "void f(%s *a, %s *b, long n)\n{\n    %s s = 0, u = 0;\n"
            "#pragma reduce(+: s)%s\n    for (long i = 0; i < n; i++) {\n%s\n    }\n"
            "out:\n    printf(\"%%g %%g\\n\", (double)s, (double)u);\n}\n"
            "int main(void) { return 0; }\n" % (seed, what, t, t, t, extra, indent(body, "        ")))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    g = ap.add_mutually_exclusive_group(required=True)
    g.add_argument("--batch", type=int, nargs="+", metavar="SEED")
    g.add_argument("--seed", type=int)
    g.add_argument("--reject", type=int)
    ap.add_argument("--pieces", help="comma-separated piece indices to keep (the reducer)")
    ap.add_argument("--count-pieces", action="store_true", help="print the number of pieces of --seed")
    ap.add_argument("-o", default="-")
    args = ap.parse_args()
    pieces = None
    if args.pieces is not None:
        pieces = set(int(x) for x in args.pieces.split(",") if x != "")
    if args.count_pieces:
        p = Program(args.seed)
        p.text()
        print(p.npieces)
        return
    if args.batch:
        text = batch(args.batch)
    elif args.seed is not None:
        text = batch([args.seed], pieces)
    else:
        text = reject(args.reject)
    if args.o == "-":
        sys.stdout.buffer.write(text.encode("utf-8"))
    else:
        with open(args.o, "w", encoding="utf-8") as f:
            f.write(text)


if __name__ == "__main__":
    main()
