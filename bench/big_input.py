#!/usr/bin/env python3
"""Writes a C file of N marked loops, each a reduction whose body has TERMS
terms (issue 43's big inputs: 3,000 loops of 90 terms), and a main that
calls them all and prints the total.

    python3 bench/big_input.py N TERMS OUT.c
"""
import sys


def loop(k, terms):
    body = " +\n             ".join(
        f"a[i] * {(k + t) % 13 + 1}.0 - b[i + {t % 7}] * {t % 5 + 1}.0"
        for t in range(terms // 2))
    return (f"static double f{k}(const double *a, const double *b, long n)\n{{\n"
            f"    double s = 0.0;\n    long i;\n#pragma reduce(+: s)\n"
            f"    for (i = 0; i < n; i++)\n        s += {body};\n    return s;\n}}\n\n")


def main():
    n, terms, path = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    with open(path, "w") as f:
        f.write("#include <stdio.h>\n#include <stdlib.h>\n\n")
        for k in range(n):
            f.write(loop(k, terms))
        f.write("int main(int argc, char **argv)\n{\n"
                "    long n = argc > 1 ? atol(argv[1]) : 1000, i;\n"
                "    double *a = malloc((size_t)(n + 1) * sizeof *a);\n"
                "    double *b = malloc((size_t)(n + 8) * sizeof *b);\n"
                "    double t = 0.0;\n"
                "    for (i = 0; i < n + 8; i++) { if (i < n) a[i] = (double)(i % 5); b[i] = (double)(i % 3); }\n")
        for k in range(n):
            f.write(f"    t += f{k}(a, b, n);\n")
        f.write('    printf("%.1f\\n", t);\n    free(a);\n    free(b);\n    return 0;\n}\n')


main()
