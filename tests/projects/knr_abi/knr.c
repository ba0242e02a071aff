/* knr.c - K&R definitions with parameters C passes promoted (a float as a
 * double, a short as an int), transpiled; main.c, built by gcc, calls them
 * without a prototype. The output's definitions must take what a C caller
 * passes (the C ABI: a double in the register a float would not be in). */
float squash(x)
float x;
{
    return 1.0f / (1.0f + x);
}

double total(a, n, scale, step)
    double *a;
    long n;
    float scale;
    short step;
{
    double t = 0;
    long i;
#pragma reduce(+: t)
    for (i = 0; i < n; i++)
        t += a[i] * scale + squash(a[i]) + step;
    return t;
}
