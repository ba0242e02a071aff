/*
 * Stand-in for Rodinia's particlefilter (OpenMP, ex_particle_OPENMP_seq
 * style), written for pragreduce's public-benchmark check.
 *
 *   ./particlefilter -x IMGX -y IMGY -z NFRAMES -np NPARTICLES
 *
 * A synthetic video of a moving disk (dilated, then noised) is tracked by a
 * particle filter: per frame a motion step, a likelihood over the disk's
 * pixels for each particle, the weight update, the normalisation, the
 * estimate and a systematic resampling.  Deterministic: its own LCG with a
 * seed per particle.  The find-index search of the resampling is a binary
 * search (a linear one is O(N^2) per frame at 400000 particles); it returns
 * the same index as the linear search (the first CDF entry >= u).
 */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <limits.h>
#include <time.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#define PI 3.1415926535897932

/* LCG parameters (the ones glibc's rand_r family made famous) */
#define LCG_M 2147483647L
#define LCG_A 1103515245L
#define LCG_C 12345L

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static double roundDouble(double value)
{
    int whole = (int)value;
    double frac = value - whole;
    if (frac >= 0.5)
        return ceil(value);
    return floor(value);
}

/* uniform in [0, 1): advances the seed of particle 'index' */
static double randu(long *seed, int index)
{
    seed[index] = (LCG_A * seed[index] + LCG_C) % LCG_M;
    return fabs(seed[index] / ((double)LCG_M));
}

/* standard normal by Box-Muller from two uniforms of the same seed */
static double randn(long *seed, int index)
{
    double u = randu(seed, index);
    double v = randu(seed, index);
    double cosine = cos(2.0 * PI * v);
    double rt = -2.0 * log(u > 0.0 ? u : 1e-300);
    return sqrt(rt) * cosine;
}

static void setIf(int testValue, int newValue, int *array3D, int dimX, int dimY, int dimZ)
{
    int x, y, z;
    for (x = 0; x < dimX; x++)
        for (y = 0; y < dimY; y++)
            for (z = 0; z < dimZ; z++)
                if (array3D[x * dimY * dimZ + y * dimZ + z] == testValue)
                    array3D[x * dimY * dimZ + y * dimZ + z] = newValue;
}

static void addNoise(int *array3D, int dimX, int dimY, int dimZ, long *seed)
{
    int x, y, z;
    for (x = 0; x < dimX; x++)
        for (y = 0; y < dimY; y++)
            for (z = 0; z < dimZ; z++)
                array3D[x * dimY * dimZ + y * dimZ + z] += (int)(5 * randn(seed, 0));
}

/* a disk of the given radius in a (2 radius - 1)^2 square */
static void strelDisk(int *disk, int radius)
{
    int diameter = radius * 2 - 1;
    int x, y;
    for (x = 0; x < diameter; x++)
        for (y = 0; y < diameter; y++) {
            double distance = sqrt(pow((double)(x - radius + 1), 2) + pow((double)(y - radius + 1), 2));
            disk[x * diameter + y] = distance < radius ? 1 : 0;
        }
}

static void dilate_matrix(int *matrix, int posX, int posY, int posZ, int dimX, int dimY, int dimZ, int error)
{
    int startX = posX - error, startY = posY - error;
    int endX = posX + error, endY = posY + error;
    int x, y;
    if (startX < 0) startX = 0;
    if (startY < 0) startY = 0;
    if (endX > dimX) endX = dimX;
    if (endY > dimY) endY = dimY;
    for (x = startX; x < endX; x++)
        for (y = startY; y < endY; y++) {
            double distance = sqrt(pow((double)(x - posX), 2) + pow((double)(y - posY), 2));
            if (distance < error)
                matrix[x * dimY * dimZ + y * dimZ + posZ] = 1;
        }
}

static void imdilate_disk(int *matrix, int dimX, int dimY, int dimZ, int error, int *imageOut)
{
    int x, y, z;
    for (z = 0; z < dimZ; z++)
        for (x = 0; x < dimX; x++)
            for (y = 0; y < dimY; y++)
                if (matrix[x * dimY * dimZ + y * dimZ + z] == 1)
                    dilate_matrix(imageOut, x, y, z, dimX, dimY, dimZ, error);
}

/* the (dy, dx) offsets of the disk's pixels from its centre */
static void getneighbors(int *se, int numOnes, double *neighbors, int radius)
{
    int x, y, n = 0;
    int diameter = radius * 2 - 1;
    int center = radius - 1;
    for (x = 0; x < diameter; x++)
        for (y = 0; y < diameter; y++)
            if (se[x * diameter + y] && n < numOnes) {
                neighbors[n * 2] = (double)(y - center);
                neighbors[n * 2 + 1] = (double)(x - center);
                n++;
            }
}

/* the disk moves right and up one step a frame; background 100, disk 228, noise */
static void videoSequence(int *I, int IszX, int IszY, int Nfr, long *seed)
{
    int k, xk, yk, pos;
    int max_size = IszX * IszY * Nfr;
    int x0 = (int)roundDouble(IszY / 2.0);
    int y0 = (int)roundDouble(IszX / 2.0);
    int *newMatrix;

    I[x0 * IszY * Nfr + y0 * Nfr + 0] = 1;
    for (k = 1; k < Nfr; k++) {
        xk = abs(x0 + (k - 1));
        yk = abs(y0 - 2 * (k - 1));
        pos = xk * IszY * Nfr + yk * Nfr + k;
        if (pos >= max_size)
            pos = 0;
        I[pos] = 1;
    }
    newMatrix = (int *)calloc((size_t)max_size, sizeof(int));
    imdilate_disk(I, IszX, IszY, Nfr, 5, newMatrix);
    memcpy(I, newMatrix, sizeof(int) * (size_t)max_size);
    free(newMatrix);
    setIf(0, 100, I, IszX, IszY, Nfr);
    setIf(1, 228, I, IszX, IszY, Nfr);
    addNoise(I, IszX, IszY, Nfr, seed);
}

static double particleFilter(int *I, int IszX, int IszY, int Nfr, long *seed, int Nparticles)
{
    int max_size = IszX * IszY * Nfr;
    double xe = roundDouble(IszY / 2.0);
    double ye = roundDouble(IszX / 2.0);
    double distance = 0.0;
    int radius = 5;
    int diameter = radius * 2 - 1;
    int *disk = (int *)malloc(sizeof(int) * diameter * diameter);
    int countOnes = 0;
    double *objxy, *weights, *likelihood, *arrayX, *arrayY, *xj, *yj, *CDF, *u;
    int *ind;
    int x, y, k, i, j, lo, hi, mid, indX, indY;
    double u1, sumWeights;

    strelDisk(disk, radius);
    for (x = 0; x < diameter; x++)
        for (y = 0; y < diameter; y++)
            if (disk[x * diameter + y] == 1)
                countOnes++;
    objxy = (double *)malloc(sizeof(double) * countOnes * 2);
    getneighbors(disk, countOnes, objxy, radius);

    weights = (double *)malloc(sizeof(double) * Nparticles);
    likelihood = (double *)malloc(sizeof(double) * Nparticles);
    arrayX = (double *)malloc(sizeof(double) * Nparticles);
    arrayY = (double *)malloc(sizeof(double) * Nparticles);
    xj = (double *)malloc(sizeof(double) * Nparticles);
    yj = (double *)malloc(sizeof(double) * Nparticles);
    CDF = (double *)malloc(sizeof(double) * Nparticles);
    u = (double *)malloc(sizeof(double) * Nparticles);
    ind = (int *)malloc(sizeof(int) * countOnes * (size_t)Nparticles);

#pragma omp parallel for shared(weights, Nparticles) private(x)
    for (x = 0; x < Nparticles; x++)
        weights[x] = 1 / ((double)(Nparticles));
#pragma omp parallel for shared(arrayX, arrayY, xe, ye) private(x)
    for (x = 0; x < Nparticles; x++) {
        arrayX[x] = xe;
        arrayY[x] = ye;
    }

    for (k = 1; k < Nfr; k++) {
        /* motion model */
#pragma omp parallel for shared(arrayX, arrayY, Nparticles, seed) private(x)
        for (x = 0; x < Nparticles; x++) {
            arrayX[x] += 1 + 5 * randn(seed, x);
            arrayY[x] += -2 + 2 * randn(seed, x);
        }

        /* likelihood of each particle over the disk's pixels */
#pragma omp parallel for shared(likelihood, I, arrayX, arrayY, objxy, ind) private(x, y, indX, indY)
        for (x = 0; x < Nparticles; x++) {
            for (y = 0; y < countOnes; y++) {
                indX = (int)(roundDouble(arrayX[x]) + objxy[y * 2 + 1]);
                indY = (int)(roundDouble(arrayY[x]) + objxy[y * 2]);
                ind[x * countOnes + y] = (int)fabs((double)indX * IszY * Nfr + (double)indY * Nfr + k);
                if (ind[x * countOnes + y] >= max_size)
                    ind[x * countOnes + y] = 0;
            }
            likelihood[x] = 0;
            /* in(): without it pragreduce asks for it ("cannot tell which elements of 'I'
             * the loop reads: the subscript 'ind[x * countOnes + y]' is not an affine
             * function of 'y'; add 'in(I[FIRST:COUNT])' to the pragma") */
#pragma reduce(+: likelihood[x]) in(I[0:max_size])
            for (y = 0; y < countOnes; y++)
                likelihood[x] += (pow((I[ind[x * countOnes + y]] - 100), 2)
                                  - pow((I[ind[x * countOnes + y]] - 228), 2)) / 50.0;
            likelihood[x] = likelihood[x] / ((double)countOnes);
        }

        /* weights */
#pragma omp parallel for shared(Nparticles, weights, likelihood) private(x)
        for (x = 0; x < Nparticles; x++)
            weights[x] = weights[x] * exp(likelihood[x]);

        sumWeights = 0;
#pragma omp parallel for private(x) reduction(+: sumWeights)
#pragma reduce(+: sumWeights)
        for (x = 0; x < Nparticles; x++)
            sumWeights += weights[x];

#pragma omp parallel for shared(sumWeights, weights) private(x)
        for (x = 0; x < Nparticles; x++)
            weights[x] = weights[x] / sumWeights;

        /* estimate */
        xe = 0;
        ye = 0;
#pragma omp parallel for private(x) reduction(+: xe, ye)
#pragma reduce(+: xe, ye)
        for (x = 0; x < Nparticles; x++) {
            xe += arrayX[x] * weights[x];
            ye += arrayY[x] * weights[x];
        }
        printf("frame %d xe %.6f ye %.6f\n", k, xe, ye);
        distance = sqrt(pow((double)(xe - (int)roundDouble(IszY / 2.0)), 2)
                        + pow((double)(ye - (int)roundDouble(IszX / 2.0)), 2));

        /* systematic resampling */
        CDF[0] = weights[0];
        for (x = 1; x < Nparticles; x++)
            CDF[x] = weights[x] + CDF[x - 1];
        u1 = (1 / ((double)(Nparticles))) * randu(seed, 0);
#pragma omp parallel for shared(u, u1, Nparticles) private(x)
        for (x = 0; x < Nparticles; x++)
            u[x] = u1 + x / ((double)(Nparticles));
#pragma omp parallel for shared(CDF, Nparticles, xj, yj, u, arrayX, arrayY) private(i, j, lo, hi, mid)
        for (j = 0; j < Nparticles; j++) {
            lo = 0;
            hi = Nparticles;
            while (lo < hi) {       /* first index with CDF >= u[j] */
                mid = lo + (hi - lo) / 2;
                if (CDF[mid] >= u[j])
                    hi = mid;
                else
                    lo = mid + 1;
            }
            i = lo;
            if (i >= Nparticles)
                i = Nparticles - 1;
            xj[j] = arrayX[i];
            yj[j] = arrayY[i];
        }
#pragma omp parallel for shared(weights, Nparticles) private(x)
        for (x = 0; x < Nparticles; x++) {
            arrayX[x] = xj[x];
            arrayY[x] = yj[x];
            weights[x] = 1 / ((double)(Nparticles));
        }
    }

    free(disk);
    free(objxy);
    free(weights);
    free(likelihood);
    free(arrayX);
    free(arrayY);
    free(xj);
    free(yj);
    free(CDF);
    free(u);
    free(ind);
    return distance;
}

int main(int argc, char *argv[])
{
    int IszX = 128, IszY = 128, Nfr = 10, Nparticles = 10000;
    int a, i;
    long *seed;
    int *I;
    double t0, t1, distance;

    for (a = 1; a + 1 < argc; a += 2) {
        if (strcmp(argv[a], "-x") == 0)
            IszX = atoi(argv[a + 1]);
        else if (strcmp(argv[a], "-y") == 0)
            IszY = atoi(argv[a + 1]);
        else if (strcmp(argv[a], "-z") == 0)
            Nfr = atoi(argv[a + 1]);
        else if (strcmp(argv[a], "-np") == 0)
            Nparticles = atoi(argv[a + 1]);
        else {
            fprintf(stderr, "usage: %s -x IMGX -y IMGY -z NFRAMES -np NPARTICLES\n", argv[0]);
            return 1;
        }
    }
    if (IszX <= 0 || IszY <= 0 || Nfr <= 0 || Nparticles <= 0) {
        fprintf(stderr, "sizes must be positive\n");
        return 1;
    }

    seed = (long *)malloc(sizeof(long) * Nparticles);
    for (i = 0; i < Nparticles; i++)
        seed[i] = (1 + 7919L * i) % LCG_M;
    I = (int *)calloc((size_t)IszX * IszY * Nfr, sizeof(int));

    videoSequence(I, IszX, IszY, Nfr, seed);
    t0 = now_seconds();
    distance = particleFilter(I, IszX, IszY, Nfr, seed, Nparticles);
    t1 = now_seconds();
    printf("distance %.6f\n", distance);
    printf("time = %.3f s\n", t1 - t0);

    free(seed);
    free(I);
    return 0;
}
