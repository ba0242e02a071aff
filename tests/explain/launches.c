/* --explain for marked loops launched from host loops that cannot become
 * one launch: the loops around them and their ranges (launches per call). */
void smooth(double *x, long n, int steps)
{
    for (int t = 0; t < steps; t++) {
        for (long r = 1; r < n; r += 2) {
            double s = 0;
#pragma reduce(+: s)
            for (long c = 0; c < 64; c++)
                s += x[(r - 1) * 64 + c];
            x[r * 64] = s; /* row r reads row r - 1, which the iteration before wrote */
        }
    }
}
