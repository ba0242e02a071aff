/* Particles on an integer lattice: for each particle, the number of
 * neighbours within a radius and the summed displacement to them (a
 * neighbour loop per particle, a static helper for the distance), written
 * into the particle's struct. */
#include <stdio.h>
#include <stdlib.h>

typedef struct {
    double x, y;
    double fx, fy;
    int nb;
} Particle;

static double dist2(double ax, double ay, double bx, double by)
{
    double dx = ax - bx, dy = ay - by;
    return dx * dx + dy * dy;
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 100;
    int np = (int)(n < 1500 ? n : 1500 + n % 17);
    Particle *p = malloc((np + 1) * sizeof *p);
    if (!p)
        return 1;
    for (int i = 0; i < np; i++) {
        p[i].x = (double)((i * 37) % 61) * 0.5;
        p[i].y = (double)((i * 53) % 47) * 0.5;
        p[i].fx = p[i].fy = 0;
        p[i].nb = 0;
    }
    const double r2 = 16.0;
    for (int i = 0; i < np; i++) {
        double fx = 0, fy = 0;
        int cnt = 0;
#pragma reduce(+: fx, fy, cnt)
        for (int j = 0; j < np; j++) {
            if (j == i)
                continue;
            double d = dist2(p[i].x, p[i].y, p[j].x, p[j].y);
            if (d < r2) {
                fx += p[j].x - p[i].x;
                fy += p[j].y - p[i].y;
                cnt++;
            }
        }
        p[i].fx = fx;
        p[i].fy = fy;
        p[i].nb = cnt;
    }
    /* the same with separate outputs: segmented */
    int *deg = malloc((np + 1) * sizeof *deg);
    for (int i = 0; i < np; i++) {
        int cnt = 0;
#pragma reduce(+: cnt)
        for (int j = 0; j < np; j++)
            cnt += j != i && dist2(p[i].x, p[i].y, p[j].x, p[j].y) < 2 * r2;
        deg[i] = cnt;
    }
    long hd = 0;
    for (int i = 0; i < np; i++)
        hd = hd * 3 + deg[i];
    printf("degrees %ld\n", hd);
    free(deg);
    double hx = 0, hy = 0;
    long hn = 0;
    for (int i = 0; i < np; i++) {
        hx += p[i].fx * (i % 3 + 1);
        hy += p[i].fy * (i % 5 + 1);
        hn += p[i].nb * (long)(i % 7 + 1);
    }
    printf("%d particles: %.6g %.6g %ld\n", np, hx, hy, hn);
    free(p);
    return 0;
}
