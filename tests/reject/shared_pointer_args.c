/* expect-error-at: 22:19: writes through; 31:14: writes through; 43:19: writes through; 14:36: is written here */
/* Helpers that write through pointer parameters (issue 16) must be given
 * storage the iteration owns: not a variable of the function around the
 * loop, an array from outside it, a static local; and a helper that moves
 * its pointer writes memory it does not own. */
static double next(unsigned long *seed)
{
    *seed = *seed * 6364136223846793005UL + 1442695040888963407UL;
    return (double)(*seed >> 11) / 9007199254740992.0;
}

static void bump(double *v) { v[0] += 1.0; }

static void walk(double *p) { p++; *p = 0; }

double shared_seed(long n)
{
    double t = 0;
    unsigned long s2 = 7;
#pragma reduce(+: t)
    for (long i = 0; i < n; i++)
        t += next(&s2);
    return t;
}

double outer_array(long n, double *acc)
{
    double t = 0;
#pragma reduce(+: t)
    for (long i = 0; i < n; i++) {
        bump(acc);
        t += 1.0;
    }
    return t;
}

double static_local(long n)
{
    double t = 0;
#pragma reduce(+: t)
    for (long i = 0; i < n; i++) {
        static unsigned long kept = 3;
        t += next(&kept);
    }
    return t;
}

double moved(long n)
{
    double t = 0;
#pragma reduce(+: t)
    for (long i = 0; i < n; i++) {
        double two[2] = {0, 0};
        walk(two);
        t += two[1];
    }
    return t;
}
