/* Particle interactions in a time loop (the shape of Rodinia's lavaMD or an
 * n-body step): N particles in a box, each step every particle sums a
 * softened inverse-square pull from every other one (`#pragma reduce
 * parallel` over particles around `#pragma reduce(+: fx, fy, fz)` over the
 * others), velocities and positions are updated (`#pragma reduce
 * parallel`), and the kinetic energy is reduced (`#pragma reduce(+: e)`).
 * Every loop keeps its OpenMP line: the same file is the OpenMP build.
 *   particles_whole [N] [STEPS]     (default 32768 8)
 * Prints the final energy, a checksum and the time loop's wall time. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* the pull on each particle from all the others */
static void forces(const double *x, const double *y, const double *z, const double *m, double *ax,
                   double *ay, double *az, long n)
{
#pragma omp parallel for
#pragma reduce parallel
    for (long i = 0; i < n; i++) {
        const double xi = x[i], yi = y[i], zi = z[i];
        double fx = 0, fy = 0, fz = 0;
#pragma reduce(+: fx, fy, fz)
        for (long j = 0; j < n; j++) {
            const double dx = x[j] - xi, dy = y[j] - yi, dz = z[j] - zi;
            const double d2 = dx * dx + dy * dy + dz * dz + 1e-3;
            const double inv = m[j] / (d2 * sqrt(d2));
            fx += dx * inv;
            fy += dy * inv;
            fz += dz * inv;
        }
        ax[i] = fx;
        ay[i] = fy;
        az[i] = fz;
    }
}

static void move(double *x, double *y, double *z, double *vx, double *vy, double *vz, const double *ax,
                 const double *ay, const double *az, double dt, long n)
{
#pragma omp parallel for
#pragma reduce parallel
    for (long i = 0; i < n; i++) {
        vx[i] += dt * ax[i];
        vy[i] += dt * ay[i];
        vz[i] += dt * az[i];
        x[i] += dt * vx[i];
        y[i] += dt * vy[i];
        z[i] += dt * vz[i];
    }
}

static double kinetic(const double *vx, const double *vy, const double *vz, const double *m, long n)
{
    double e = 0;
#pragma omp parallel for reduction(+: e)
#pragma reduce(+: e)
    for (long i = 0; i < n; i++)
        e += 0.5 * m[i] * (vx[i] * vx[i] + vy[i] * vy[i] + vz[i] * vz[i]);
    return e;
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 32768;
    int steps = argc > 2 ? atoi(argv[2]) : 8;
    if (n < 2 || steps < 1)
        return 2;
    double *x = malloc((size_t)n * sizeof *x), *y = malloc((size_t)n * sizeof *y);
    double *z = malloc((size_t)n * sizeof *z), *m = malloc((size_t)n * sizeof *m);
    double *vx = calloc((size_t)n, sizeof *vx), *vy = calloc((size_t)n, sizeof *vy);
    double *vz = calloc((size_t)n, sizeof *vz);
    double *ax = malloc((size_t)n * sizeof *ax), *ay = malloc((size_t)n * sizeof *ay);
    double *az = malloc((size_t)n * sizeof *az);
    if (!x || !y || !z || !m || !vx || !vy || !vz || !ax || !ay || !az)
        return 1;
    unsigned long long seed = 12345;
    for (long i = 0; i < n; i++) {
        seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
        x[i] = (double)(seed >> 11) / 9007199254740992.0;
        seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
        y[i] = (double)(seed >> 11) / 9007199254740992.0;
        seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
        z[i] = (double)(seed >> 11) / 9007199254740992.0;
        m[i] = 1.0 / (double)n;
    }
    double e = 0;
    const double t0 = now_s();
    for (int s = 0; s < steps; s++) {
        forces(x, y, z, m, ax, ay, az, n);
        move(x, y, z, vx, vy, vz, ax, ay, az, 1e-4, n);
        e = kinetic(vx, vy, vz, m, n);
    }
    const double t1 = now_s();
    double check = 0;
    for (long i = 0; i < n; i += 61)
        check += x[i] + y[i] + z[i];
    printf("particles: %ld, %d steps, energy %.9e, check %.9f, loop %.3f s\n", n, steps, e, check, t1 - t0);
    free(x), free(y), free(z), free(m), free(vx), free(vy), free(vz), free(ax), free(ay), free(az);
    return 0;
}
