#define MAX(a, b) ((a) > (b) ? (a) : (b))
double f(const double *a, int n) { double v = 0;
#pragma reduce(max: v)
 for (int i = 0; i < n; i++) v = MAX(v, a[i]);
 return v; }
