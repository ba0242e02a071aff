/* montecarlo.c - Monte Carlo estimates with a counter-based generator.
 *
 *   ./montecarlo [n]      (default n = 1000000 samples)
 *
 * Three experiments, each a marked loop over the sample index i:
 *   1. pi from the fraction of random points of the unit square that
 *      fall inside the quarter circle (and the point closest to the
 *      centre);
 *   2. the integrals of 3x^2 over [0,1] and of x^2 + y^2 over the unit
 *      square (both exactly known), by averaging samples of the integrand;
 *   3. the volumes of the unit balls in 3 and 4 dimensions, from the
 *      points of the cube [-1,1]^4 whose first 3 or all 4 coordinates
 *      are inside;
 *   4. n one-dimensional random walks of STEPS steps: the mean and mean
 *      square of the end point, how many walks end where they started,
 *      and the walk that strays farthest (maxloc).
 *
 * There is no generator state: the k-th random number of sample i is a
 * hash of (seed, i, k) - splitmix64's finaliser - so a sample does not
 * depend on which thread draws it or in which order, and the marked loops
 * may call the generator (a pure function of this file).
 *
 * The numbers are chosen so that every floating-point sum is exact:
 * coordinates for the hit test have 26 bits, so x*x + y*y is exact in
 * double (an FMA gives the same answer), in 4 dimensions they have 24
 * bits, so a sum of four squares is exact, and the integrands are
 * evaluated at the midpoints of a 4096-cell grid, so each value is a
 * multiple of 2^-26 and the sums stay exact up to n = 2^25.  The output
 * is the same on the CPU and the GPU.
 *
 * Build and run:
 *   pragreduce montecarlo.c -o montecarlo.cu && nvcc -O3 -arch=sm_90 montecarlo.cu -o montecarlo
 *   ./montecarlo 10000000
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define STEPS 96 /* steps of each random walk */

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

static const uint64_t SEED_PI = 0x853c49e6748fea9bULL;
static const uint64_t SEED_INTEGRAL = 0xda3e39cb94b95bdbULL;
static const uint64_t SEED_BALL = 0x9fb21c651e98df25ULL;
static const uint64_t SEED_WALK = 0x2545f4914f6cdd1dULL;

/* splitmix64's output function: a bijective 64-bit mixer. */
static uint64_t mix64(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/* The k-th random 64-bit word of sample i of a stream. */
static uint64_t random64(uint64_t seed, uint64_t i, unsigned k)
{
    return mix64(mix64(seed + i * 0x9e3779b97f4a7c15ULL) ^ (uint64_t)k);
}

/* A uniform number in [0, 1) with 26 random bits. */
static double uniform26(uint64_t r)
{
    return (double)(r >> 38) * (1.0 / 67108864.0);
}

/* A uniform number in [-1, 1) with 24 random bits. */
static double signed24(uint64_t r)
{
    return (double)(int64_t)(r >> 40) * (1.0 / 8388608.0) - 1.0;
}

/* The midpoint of one of 4096 equal cells of [0, 1), chosen at random:
 * (2c + 1) / 8192, a multiple of 2^-13. */
static double midpoint12(uint64_t r)
{
    return (double)(2 * (r >> 52) + 1) * (1.0 / 8192.0);
}

static double cube_density(double x)
{
    return 3.0 * x * x;
}

static double bowl(double x, double y)
{
    return x * x + y * y;
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? strtol(argv[1], NULL, 10) : 1000000;
    if (n < 0) {
        fprintf(stderr, "usage: %s [n >= 0]\n", argv[0]);
        return 1;
    }
    printf("%ld samples\n", n);

    /* 1. pi: hits inside the quarter circle x^2 + y^2 <= 1. */
    long hits = 0;
    double closest = 2.0;
#pragma reduce(+: hits) reduce(min: closest)
    for (long i = 0; i < n; i++) {
        double x = uniform26(random64(SEED_PI, (uint64_t)i, 0));
        double y = uniform26(random64(SEED_PI, (uint64_t)i, 1));
        double r2 = x * x + y * y;
        if (r2 <= 1.0)
            hits++;
        closest = fmin(closest, r2);
    }
    printf("\n1. pi from points in the quarter circle\n");
    if (n > 0) {
        double p = (double)hits / (double)n;
        double pi_est = 4.0 * p;
        double stderr_est = 4.0 * sqrt(p * (1.0 - p) / (double)n);
        printf("   hits            %ld of %ld\n", hits, n);
        printf("   estimate        %.6f\n", pi_est);
        printf("   standard error  %.6f\n", stderr_est);
        printf("   error           %+.6f\n", pi_est - M_PI);
        printf("   closest to 0    r^2 = %.10f\n", closest);
    } else {
        printf("   no samples, no estimate\n");
    }

    /* 2. Integrals by the sample mean of the integrand. */
    double sum_cube = 0.0, sum_bowl = 0.0;
    double cube_max = 0.0;
#pragma reduce(+: sum_cube, sum_bowl) reduce(max: cube_max)
    for (long i = 0; i < n; i++) {
        uint64_t r = random64(SEED_INTEGRAL, (uint64_t)i, 0);
        double x = midpoint12(r);
        double y = midpoint12(r << 12); /* the next 12 bits */
        double f = cube_density(x);
        sum_cube += f;
        sum_bowl += bowl(x, y);
        if (f > cube_max)
            cube_max = f;
    }
    printf("\n2. integrals as sample means\n");
    if (n > 0) {
        double i1 = sum_cube / (double)n, i2 = sum_bowl / (double)n;
        printf("   int 3x^2 dx over [0,1]         %.6f (exact 1, error %+.6f)\n", i1, i1 - 1.0);
        printf("   int x^2+y^2 over unit square   %.6f (exact 2/3, error %+.6f)\n", i2,
               i2 - 2.0 / 3.0);
        printf("   largest sample of 3x^2         %.8f\n", cube_max);
    } else {
        printf("   no samples, no estimate\n");
    }

    /* 3. Unit balls: hits in 3 and in 4 dimensions from the same points. */
    long in3 = 0, in4 = 0;
#pragma reduce(+: in3, in4)
    for (long i = 0; i < n; i++) {
        double r2 = 0.0;
        for (unsigned k = 0; k < 4; k++) {
            double c = signed24(random64(SEED_BALL, (uint64_t)i, k));
            r2 += c * c;
            if (k == 2 && r2 <= 1.0)
                in3++;
        }
        if (r2 <= 1.0)
            in4++;
    }
    printf("\n3. volumes of unit balls\n");
    if (n > 0) {
        double v3 = 8.0 * (double)in3 / (double)n, v4 = 16.0 * (double)in4 / (double)n;
        printf("   3 dimensions    %.6f (exact 4 pi / 3 = %.6f)\n", v3, 4.0 * M_PI / 3.0);
        printf("   4 dimensions    %.6f (exact pi^2 / 2 = %.6f)\n", v4, M_PI * M_PI / 2.0);
    } else {
        printf("   no samples, no estimate\n");
    }

    /* 4. Random walks: STEPS steps of +1 or -1 each. */
    long sum_end = 0, sum_end2 = 0, home = 0;
    int widest = -1;
    long widest_walk = -1;
#pragma reduce(+: sum_end, sum_end2, home) reduce(maxloc: widest, widest_walk)
    for (long i = 0; i < n; i++) {
        int pos = 0, excursion = 0;
        uint64_t bits = 0;
        for (int t = 0; t < STEPS; t++) {
            if (t % 64 == 0)
                bits = random64(SEED_WALK, (uint64_t)i, (unsigned)(t / 64));
            pos += (bits & 1) ? 1 : -1;
            bits >>= 1;
            int a = pos < 0 ? -pos : pos;
            if (a > excursion)
                excursion = a;
        }
        sum_end += pos;
        sum_end2 += (long)pos * pos;
        if (pos == 0)
            home++;
        if (excursion > widest) {
            widest = excursion;
            widest_walk = i;
        }
    }
    printf("\n4. random walks of %d steps\n", STEPS);
    if (n > 0) {
        printf("   mean end point        %+.6f (expected 0)\n", (double)sum_end / (double)n);
        printf("   mean squared end      %.6f (expected %d)\n", (double)sum_end2 / (double)n,
               STEPS);
        printf("   back at the origin    %ld (%.4f%%)\n", home, 100.0 * (double)home / (double)n);
        printf("   widest excursion      %d, walk %ld\n", widest, widest_walk);
    } else {
        printf("   no walks\n");
    }

    /* A quick check of the generator over the walks' first words: their
     * xor, and the mean number of one bits in a word (32 expected). */
    uint64_t parity = 0;
    unsigned long long ones = 0;
#pragma reduce(^: parity) reduce(+: ones)
    for (long i = 0; i < n; i++) {
        uint64_t w = random64(SEED_WALK, (uint64_t)i, 0);
        parity ^= w;
        unsigned c = 0;
        for (int b = 0; b < 64; b++)
            c += (unsigned)((w >> b) & 1);
        ones += c;
    }
    printf("\ngenerator check: xor of words %016llx, ones per word %.4f (expected 32)\n",
           (unsigned long long)parity, n > 0 ? (double)ones / (double)n : 0.0);
    return 0;
}
