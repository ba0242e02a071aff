/*
 * Stand-in for Rodinia's srad_v1 (OpenMP version): speckle reducing
 * anisotropic diffusion of an Nr x Nc image stored column by column
 * (element (i, j) at i + Nr*j), as the benchmark's main.c lays it out.
 *
 * Written for pragreduce's public-code checks; the structure follows the
 * benchmark (C89-style declarations at the top of main, neighbour index
 * arrays iN/iS/jW/jE, a serial ROI statistics loop, two OpenMP loops per
 * iteration) but the code is our own. Rodinia reads a PGM and resizes it;
 * here the image is synthesized with a hash so that runs are reproducible.
 *
 * usage: srad [niter lambda Nr Nc]      (default 100 0.5 502 458)
 *
 * Only the ROI statistics loop is a reduction: it is marked
 * #pragma reduce(+: sum, sum2). Rodinia runs it serially (no OpenMP line).
 * Build with -DMARK_INNER to mark the inner (column) loop instead of the
 * outer (row) loop.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#define fp float

/* own integer hash (a xorshift-multiply mix), no rand() */
static unsigned int mix32(unsigned int x)
{
	x ^= x >> 16;
	x *= 0x7feb352du;
	x ^= x >> 15;
	x *= 0x846ca68bu;
	x ^= x >> 16;
	return x;
}

/* uniform in (0, 1] from the pixel position and a salt */
static double unit_hash(long i, long j, unsigned int salt)
{
	unsigned int h = mix32((unsigned int)i * 0x9e3779b9u ^ mix32((unsigned int)j + salt));
	return ((double)(h >> 8) + 1.0) / 16777216.0;
}

/* a speckled "ultrasound" picture with values in [1, 255] */
static void make_image(fp *image, long Nr, long Nc)
{
	long i, j;
	double ci = 0.45 * Nr, cj = 0.55 * Nc;      /* a bright ellipse      */
	double ai = 0.30 * Nr, aj = 0.25 * Nc;
	double di, dj, base, speckle, v;

	for (j = 0; j < Nc; j++) {
		for (i = 0; i < Nr; i++) {
			di = (i - ci) / ai;
			dj = (j - cj) / aj;
			base = (di * di + dj * dj < 1.0) ? 150.0 : 60.0;
			base += 30.0 * (double)((i / 37 + j / 29) % 3);   /* coarse bands */
			/* multiplicative speckle: exponential intensity, mean 1 */
			speckle = -log(unit_hash(i, j, 12345u));
			v = base * (0.35 + 0.65 * speckle);
			if (v < 1.0)
				v = 1.0;
			if (v > 255.0)
				v = 255.0;
			image[i + Nr * j] = (fp)v;
		}
	}
}

static double seconds_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

int main(int argc, char *argv[])
{
	/* inputs */
	int niter;
	fp lambda;
	long Nr, Nc;
	long Ne;

	/* region of interest */
	int r1, r2, c1, c2;
	long NeROI;

	/* neighbour indices */
	int *iN, *iS, *jE, *jW;

	/* counters and scratch, declared up front as in the original */
	int iter;
	long i, j;
	int k;
	fp tmp, sum, sum2;
	fp meanROI, varROI, q0sqr;
	fp Jc, G2, L, num, den, qsqr;
	fp cN, cS, cW, cE, D;

	fp *image;
	fp *dN, *dS, *dW, *dE;
	fp *c;

	double t0, t1;
	double cks, cks2;

	niter = 100;
	lambda = 0.5f;
	Nr = 502;
	Nc = 458;
	if (argc == 5) {
		niter = atoi(argv[1]);
		lambda = (fp)atof(argv[2]);
		Nr = atol(argv[3]);
		Nc = atol(argv[4]);
	} else if (argc != 1) {
		fprintf(stderr, "usage: %s [niter lambda Nr Nc]\n", argv[0]);
		return 1;
	}
	if (niter < 0 || Nr < 2 || Nc < 2) {
		fprintf(stderr, "bad sizes\n");
		return 1;
	}
	Ne = Nr * Nc;

	/* whole image as the ROI, as the benchmark's driver sets it */
	r1 = 0;
	r2 = (int)Nr - 1;
	c1 = 0;
	c2 = (int)Nc - 1;
	NeROI = (long)(r2 - r1 + 1) * (c2 - c1 + 1);

	image = (fp *)malloc(sizeof(fp) * Ne);
	iN = (int *)malloc(sizeof(int) * Nr);
	iS = (int *)malloc(sizeof(int) * Nr);
	jW = (int *)malloc(sizeof(int) * Nc);
	jE = (int *)malloc(sizeof(int) * Nc);
	dN = (fp *)malloc(sizeof(fp) * Ne);
	dS = (fp *)malloc(sizeof(fp) * Ne);
	dW = (fp *)malloc(sizeof(fp) * Ne);
	dE = (fp *)malloc(sizeof(fp) * Ne);
	c = (fp *)malloc(sizeof(fp) * Ne);
	if (!image || !iN || !iS || !jW || !jE || !dN || !dS || !dW || !dE || !c) {
		fprintf(stderr, "out of memory\n");
		return 1;
	}

	make_image(image, Nr, Nc);

	/* neighbour index arrays, clamped at the borders */
	for (i = 0; i < Nr; i++) {
		iN[i] = (int)i - 1;
		iS[i] = (int)i + 1;
	}
	for (j = 0; j < Nc; j++) {
		jW[j] = (int)j - 1;
		jE[j] = (int)j + 1;
	}
	iN[0] = 0;
	iS[Nr - 1] = (int)Nr - 1;
	jW[0] = 0;
	jE[Nc - 1] = (int)Nc - 1;

	/* extract: scale to [0,1] and take the exponential */
	for (i = 0; i < Ne; i++)
		image[i] = exp(image[i] / 255);

	q0sqr = 0;
	t0 = seconds_now();

	for (iter = 0; iter < niter; iter++) {

		/* ROI statistics (serial in the original) */
		sum = 0;
		sum2 = 0;
		/* pragreduce: rejected: the first form, one loop nest with the
		   mark chosen by '#ifndef MARK_INNER / #pragma reduce(+: sum, sum2)
		   / #endif' right above each 'for':
		   "error: '#pragma reduce(+: sum, sum2)' must be followed by a
		   'for' loop, not '#'" (the #endif); so the nest is written twice. */
#ifdef MARK_INNER
		for (i = r1; i <= r2; i++) {
#pragma reduce(+: sum, sum2)
			for (j = c1; j <= c2; j++) {
				tmp = image[i + Nr * j];
				sum += tmp;
				sum2 += tmp * tmp;
			}
		}
#else
#pragma reduce(+: sum, sum2)
		for (i = r1; i <= r2; i++) {
			for (j = c1; j <= c2; j++) {
				tmp = image[i + Nr * j];
				sum += tmp;
				sum2 += tmp * tmp;
			}
		}
#endif
		meanROI = sum / NeROI;
		varROI = (sum2 / NeROI) - meanROI * meanROI;
		q0sqr = varROI / (meanROI * meanROI);

		/* directional derivatives and diffusion coefficient */
#pragma omp parallel for shared(image, dN, dS, dW, dE, c, Nr, Nc, iN, iS, jW, jE) private(i, k, Jc, G2, L, num, den, qsqr)
		for (j = 0; j < Nc; j++) {
			for (i = 0; i < Nr; i++) {
				k = i + Nr * j;
				Jc = image[k];

				dN[k] = image[iN[i] + Nr * j] - Jc;
				dS[k] = image[iS[i] + Nr * j] - Jc;
				dW[k] = image[i + Nr * jW[j]] - Jc;
				dE[k] = image[i + Nr * jE[j]] - Jc;

				G2 = (dN[k] * dN[k] + dS[k] * dS[k]
				      + dW[k] * dW[k] + dE[k] * dE[k]) / (Jc * Jc);
				L = (dN[k] + dS[k] + dW[k] + dE[k]) / Jc;

				num = (0.5 * G2) - ((1.0 / 16.0) * (L * L));
				den = 1 + (.25 * L);
				qsqr = num / (den * den);

				den = (qsqr - q0sqr) / (q0sqr * (1 + q0sqr));
				c[k] = 1.0 / (1.0 + den);

				if (c[k] < 0)
					c[k] = 0;
				else if (c[k] > 1)
					c[k] = 1;
			}
		}

		/* divergence and image update */
#pragma omp parallel for shared(image, c, Nr, Nc, lambda, iS, jE, dN, dS, dW, dE) private(i, k, D, cS, cN, cW, cE)
		for (j = 0; j < Nc; j++) {
			for (i = 0; i < Nr; i++) {
				k = i + Nr * j;
				cN = c[k];
				cS = c[iS[i] + Nr * j];
				cW = c[k];
				cE = c[i + Nr * jE[j]];

				D = cN * dN[k] + cS * dS[k] + cW * dW[k] + cE * dE[k];
				image[k] = image[k] + 0.25 * lambda * D;
			}
		}
	}

	t1 = seconds_now();

	/* compress: back to the [0, 255] scale */
	for (i = 0; i < Ne; i++)
		image[i] = log(image[i]) * 255;

	/* checksum of the result (verification harness, not part of the
	   benchmark: kept serial and in double so builds can be compared) */
	cks = 0.0;
	cks2 = 0.0;
	for (i = 0; i < Ne; i++) {
		cks += image[i];
		cks2 += (double)image[i] * image[i];
	}

	printf("srad: niter %d lambda %.3f image %ld x %ld\n", niter, (double)lambda, Nr, Nc);
	printf("last q0sqr = %.6e\n", (double)q0sqr);
	printf("image sum = %.6e\n", cks);
	printf("image sum of squares = %.6e\n", cks2);
	printf("time = %.3f s\n", t1 - t0);

	free(image);
	free(iN);
	free(iS);
	free(jW);
	free(jE);
	free(dN);
	free(dS);
	free(dW);
	free(dE);
	free(c);
	return 0;
}
