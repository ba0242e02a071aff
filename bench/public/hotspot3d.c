/*
 * Stand-in for Rodinia's hotspot3D (OpenMP version): transient thermal
 * simulation of a stacked chip, a 7-point stencil on an nx x ny x nz grid
 * (element (x, y, z) at x + y*nx + z*nx*ny), with the chip constants and
 * the coefficient formulas the benchmark uses.
 *
 * Written for pragreduce's public-code checks; the structure follows the
 * benchmark (computeTempOMP's time loop, a serial computeTempCPU run as the
 * reference, an accuracy() comparison of the two) but the code is our own.
 * Rodinia reads the power and temperature grids from files; here they are
 * synthesized with a hash so that runs are reproducible.
 *
 * usage: hotspot3d [rows/cols layers iterations]   (default 512 8 100)
 *
 * Reductions, marked with #pragma reduce:
 *  - accuracy(): sum of squared differences and the largest difference
 *    between the OpenMP result and the serial one;
 *  - an average-temperature check every 10 time steps inside the OpenMP
 *    time loop (a user's addition: the original has no reduction there).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#define MAX_PD (3.0e6)          /* maximum power density possible (say 300W for a 10mm x 10mm chip) */
#define PRECISION 0.001         /* required precision in degrees */
#define SPEC_HEAT_SI 1.75e6
#define K_SI 100
#define FACTOR_CHIP 0.5         /* capacitance fitting factor */

/* chip parameters */
static float t_chip = 0.0005;
static float chip_height = 0.016;
static float chip_width = 0.016;
static float amb_temp = 80.0;   /* ambient temperature, assuming no package at all */

#define CHECK_EVERY 10

/* own integer hash, no rand() */
static unsigned int hash3(unsigned int x, unsigned int y, unsigned int z)
{
	unsigned int h = x * 0x8da6b343u ^ y * 0xd8163841u ^ z * 0xcb1ab31fu;
	h ^= h >> 15;
	h *= 0x2c1b3c6du;
	h ^= h >> 12;
	h *= 0x297a2d39u;
	h ^= h >> 15;
	return h;
}

static double unit3(int x, int y, int z)
{
	return (double)(hash3((unsigned int)x, (unsigned int)y, (unsigned int)z) >> 8) / 16777216.0;
}

/* power: a few hot functional units on each layer plus background noise;
   temperature: around 323 K with small perturbations, as in the inputs */
static void make_inputs(float *pIn, float *tIn, int nx, int ny, int nz)
{
	int x, y, z;
	for (z = 0; z < nz; z++)
		for (y = 0; y < ny; y++)
			for (x = 0; x < nx; x++) {
				long c = x + (long)y * nx + (long)z * nx * ny;
				int unit = ((x * 8 / nx) + 3 * (y * 8 / ny) + z) % 7;
				double p = 0.0002 + 0.0006 * unit3(x, y, z + 1000);
				if (unit == 2 || unit == 5)
					p += 0.004 * (1.0 + 0.5 * unit3(x / 4, y / 4, z));
				pIn[c] = (float)p;
				tIn[c] = (float)(323.0 + 4.0 * unit3(x, y, z) + 2.0 * unit);
			}
}

static double seconds_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* serial reference: the result ends in the buffer returned */
static float *computeTempCPU(float *pIn, float *tIn, float *tOut,
			     int nx, int ny, int nz, float Cap,
			     float Rx, float Ry, float Rz, float dt, int numiter)
{
	float ce, cw, cn, cs, ct, cb, cc;
	float stepDivCap = dt / Cap;
	int c, w, e, n, s, b, t;
	int x, y, z;
	int i = 0;
	float *temp;

	ce = cw = stepDivCap / Rx;
	cn = cs = stepDivCap / Ry;
	ct = cb = stepDivCap / Rz;
	cc = 1.0 - (2.0 * ce + 2.0 * cn + 3.0 * ct);

	while (i < numiter) {
		for (z = 0; z < nz; z++)
			for (y = 0; y < ny; y++)
				for (x = 0; x < nx; x++) {
					c = x + y * nx + z * nx * ny;
					w = (x == 0) ? c : c - 1;
					e = (x == nx - 1) ? c : c + 1;
					n = (y == 0) ? c : c - nx;
					s = (y == ny - 1) ? c : c + nx;
					b = (z == 0) ? c : c - nx * ny;
					t = (z == nz - 1) ? c : c + nx * ny;
					tOut[c] = tIn[c] * cc + tIn[n] * cn + tIn[s] * cs
						+ tIn[e] * ce + tIn[w] * cw + tIn[t] * ct
						+ tIn[b] * cb + (dt / Cap) * pIn[c] + ct * amb_temp;
				}
		temp = tIn;
		tIn = tOut;
		tOut = temp;
		i++;
	}
	return tIn;
}

/* OpenMP version. The original opens one '#pragma omp parallel' region
   around the whole do/while loop and shares the z loop with an orphaned
   '#pragma omp for' (each thread swapping its own copies of the pointers);
   pragreduce rejects a marked loop under an orphaned 'omp for', so here
   each sweep is its own '#pragma omp parallel for' and the pointers are
   swapped once per iteration by the one thread running the time loop. */
static float *computeTempOMP(float *pIn, float *tIn, float *tOut,
			     int nx, int ny, int nz, float Cap,
			     float Rx, float Ry, float Rz, float dt, int numiter,
			     double *tavg_hist)
{
	float ce, cw, cn, cs, ct, cb, cc;
	float stepDivCap = dt / Cap;
	long size = (long)nx * ny * nz;
	int count = 0;
	float *tIn_t = tIn;
	float *tOut_t = tOut;
	float *tmp_t;

	ce = cw = stepDivCap / Rx;
	cn = cs = stepDivCap / Ry;
	ct = cb = stepDivCap / Rz;
	cc = 1.0 - (2.0 * ce + 2.0 * cn + 3.0 * ct);

	do {
		int z;
#pragma omp parallel for
		for (z = 0; z < nz; z++) {
			int y;
			for (y = 0; y < ny; y++) {
				int x;
				for (x = 0; x < nx; x++) {
					int c, w, e, n, s, b, t;
					c = x + y * nx + z * nx * ny;
					w = (x == 0) ? c : c - 1;
					e = (x == nx - 1) ? c : c + 1;
					n = (y == 0) ? c : c - nx;
					s = (y == ny - 1) ? c : c + nx;
					b = (z == 0) ? c : c - nx * ny;
					t = (z == nz - 1) ? c : c + nx * ny;
					tOut_t[c] = cc * tIn_t[c] + cw * tIn_t[w] + ce * tIn_t[e]
						+ cs * tIn_t[s] + cn * tIn_t[n] + cb * tIn_t[b]
						+ ct * tIn_t[t] + (dt / Cap) * pIn[c] + ct * amb_temp;
				}
			}
		}

		/* user's addition: watch the average temperature */
		if ((count + 1) % CHECK_EVERY == 0) {
			double tsum = 0.0;
			long k;
#pragma omp parallel for reduction(+: tsum)
#pragma reduce(+: tsum)
			for (k = 0; k < size; k++)
				tsum += tOut_t[k];
			tavg_hist[(count + 1) / CHECK_EVERY - 1] = tsum / size;
		}

		tmp_t = tIn_t;
		tIn_t = tOut_t;
		tOut_t = tmp_t;
		count++;
	} while (count < numiter);

	return tIn_t;
}

/* root mean square difference, and the largest difference */
static float accuracy(float *arr1, float *arr2, long len, float *maxdiff_out)
{
	float err = 0.0;
	float maxdiff = 0.0;
	long i;

#pragma reduce(+: err) reduce(max: maxdiff)
	for (i = 0; i < len; i++) {
		float d = arr1[i] - arr2[i];
		float ad = fabsf(d);
		err += d * d;
		if (ad > maxdiff)
			maxdiff = ad;
	}
	*maxdiff_out = maxdiff;
	return (float)sqrt(err / len);
}

int main(int argc, char **argv)
{
	int numCols = 512, numRows, layers = 8, iterations = 100;
	long size, i;
	float *powerIn, *tempIn, *tempOut, *tempCopy, *answerBuf, *answer, *result;
	double *tavg;
	float dx, dy, dz, Cap, Rx, Ry, Rz, max_slope, dt;
	float acc, maxdiff;
	double t0, t1, cks, cks2;
	int nchecks;

	if (argc == 4) {
		numCols = atoi(argv[1]);
		layers = atoi(argv[2]);
		iterations = atoi(argv[3]);
	} else if (argc != 1) {
		fprintf(stderr, "usage: %s [rows/cols layers iterations]\n", argv[0]);
		return 1;
	}
	numRows = numCols;
	if (numCols < 2 || layers < 2 || iterations < 1) {
		fprintf(stderr, "bad sizes\n");
		return 1;
	}

	/* as the benchmark computes them from the chip's dimensions */
	dx = chip_height / numRows;
	dy = chip_width / numCols;
	dz = t_chip / layers;

	Cap = FACTOR_CHIP * SPEC_HEAT_SI * t_chip * dx * dy;
	Rx = dy / (2.0 * K_SI * t_chip * dx);
	Ry = dx / (2.0 * K_SI * t_chip * dy);
	Rz = dz / (K_SI * dx * dy);

	max_slope = MAX_PD / (FACTOR_CHIP * t_chip * SPEC_HEAT_SI);
	dt = PRECISION / max_slope;

	size = (long)numCols * numRows * layers;
	nchecks = iterations / CHECK_EVERY;
	powerIn = (float *)calloc(size, sizeof(float));
	tempIn = (float *)calloc(size, sizeof(float));
	tempOut = (float *)calloc(size, sizeof(float));
	tempCopy = (float *)malloc(size * sizeof(float));
	answerBuf = (float *)calloc(size, sizeof(float));
	tavg = (double *)calloc(nchecks + 1, sizeof(double));
	if (!powerIn || !tempIn || !tempOut || !tempCopy || !answerBuf || !tavg) {
		fprintf(stderr, "out of memory\n");
		return 1;
	}

	make_inputs(powerIn, tempIn, numCols, numRows, layers);
	for (i = 0; i < size; i++)
		tempCopy[i] = tempIn[i];

	t0 = seconds_now();
	result = computeTempOMP(powerIn, tempIn, tempOut, numCols, numRows, layers,
				Cap, Rx, Ry, Rz, dt, iterations, tavg);
	t1 = seconds_now();

	answer = computeTempCPU(powerIn, tempCopy, answerBuf, numCols, numRows, layers,
				Cap, Rx, Ry, Rz, dt, iterations);

	acc = accuracy(result, answer, size, &maxdiff);

	/* checksum of the result (verification harness, serial, in double) */
	cks = 0.0;
	cks2 = 0.0;
	for (i = 0; i < size; i++) {
		cks += result[i];
		cks2 += (double)result[i] * result[i];
	}

	printf("hotspot3d: %d x %d x %d, %d iterations\n", numCols, numRows, layers, iterations);
	for (i = 0; i < nchecks; i++)
		printf("step %ld: average temperature = %.6e\n", (i + 1) * CHECK_EVERY, tavg[i]);
	printf("Accuracy: %.6e\n", (double)acc);
	printf("Max difference: %.6e\n", (double)maxdiff);
	printf("temperature sum = %.6e\n", cks);
	printf("temperature sum of squares = %.6e\n", cks2);
	printf("time = %.3f s\n", t1 - t0);

	free(powerIn);
	free(tempIn);
	free(tempOut);
	free(tempCopy);
	free(answerBuf);
	free(tavg);
	return 0;
}
