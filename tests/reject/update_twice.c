/* expect-error-at: 13:1: first update as an if body; 14:1: second update after the if; 19:1: update as an else body; 20:1: second one after the else; 23:26: second update names an array no region holds */
/* `#pragma reduce update` lines in a row: each is placed like one alone.
 * As the body of an if or else (no braces) both are errors, with the
 * message about braces (the first would be the body, the second not);
 * a second update naming an array that no data directive holds is that
 * error, not a placement one. */
double f(double *a, double *b, long n)
{
    double s = 0;
#pragma reduce data in(a[0:n])
    {
        if (n > 2)
#pragma reduce update in(a[0:1])
#pragma reduce update in(a[1:1])
            s = 1;
        if (n > 3)
            s = 2;
        else
#pragma reduce update in(a[0:1])
#pragma reduce update in(a[1:1])
            a[0] = 3;
#pragma reduce update in(a[0:1])
#pragma reduce update in(b[0:1])
#pragma reduce(+: s)
        for (long i = 0; i < n; i++)
            s += a[i];
    }
    return s;
}
