/* fill.c - C89 functions of implicit int that return nothing (Rodinia
 * backprop's bpnn_randomize_weights): C lets control reach their end when
 * the caller ignores the value; in C++ that is undefined, and g++ -O2
 * compiles the end as unreachable. Called from main.c (gcc) and here.
 * The values are multiples of 1/8, so that knr.c's sums (with a float 0.1
 * and 1/(1+x) in float) are exact in double in any order: the CPU path
 * splits large loops over threads. */
fill(a, n, step)
    double *a;
    long n;
    int step;
{
    long i;
    for (i = 0; i < n; i++)
        a[i] = (double)((i * step) % 19) * 0.125;
}

static scale_all(a, n)
    double *a;
    long n;
{
    long i;
    for (i = 0; i < n; i++)
        a[i] *= 2.0;
}

double fill_sum(a, n)
    double *a;
    long n;
{
    double s = 0;
    long i;
    scale_all(a, n);
#pragma reduce(+: s)
    for (i = 0; i < n; i++)
        s += a[i];
    return s;
}
