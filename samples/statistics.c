/* statistics.c - descriptive statistics of a batch of sensor readings.
 *
 *   ./statistics [n]      (default n = 1000000)
 *
 * Generates n readings from a deterministic "sensor" (a sawtooth drift,
 * a periodic signal, a few spikes and some readings flagged invalid),
 * then computes, with marked loops: the number of valid readings, their
 * mean and variance (sum and sum of squares in one pass), the minimum,
 * the maximum and where they occur, the number of outliers, the readings
 * per channel and a shifted second-moment check.  A summary table is
 * printed at the end.
 *
 * Every reading is a multiple of 1/4 between -128 and 128, so every sum
 * below is exact in double whatever order its terms are added in: the
 * program prints the same on the CPU and on the GPU.
 *
 * Build and run:
 *   pragreduce statistics.c -o statistics.cu && nvcc -O3 -arch=sm_90 statistics.cu -o stats
 *   ./stats 100000
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define NCHANNELS 4

enum { FLAG_OK = 0, FLAG_SATURATED = 1, FLAG_DROPOUT = 2 };

typedef struct {
    double value; /* reading, in sensor units */
    int flag;     /* FLAG_OK or why the reading is not to be trusted */
    int channel;  /* 0 .. NCHANNELS-1 */
} sample_t;

typedef struct {
    long count;
    double sum, sumsq;
    double min, max;
    long argmin, argmax;
} moments_t;

static const char *const channel_names[NCHANNELS] = {"north", "east", "south", "west"};

/* Per-channel calibration offsets (multiples of 1/4, so corrected values
 * stay exact). */
static const double channel_offset[NCHANNELS] = {0.0, -0.25, 0.5, 1.0};

/* The "sensor": a slow sawtooth, a periodic signal and rare spikes. */
static void generate(sample_t *s, long n)
{
    for (long i = 0; i < n; i++) {
        long saw = i % 400;                      /* 0 .. 399 */
        long wave = (i * 37) % 29 - 14;          /* -14 .. 14 */
        double v = (double)saw * 0.25 - 50.0 + (double)wave * 0.5;
        if (i % 997 == 13)
            v += 60.0; /* a spike */
        if (i % 1201 == 600)
            v -= 55.5; /* a dip */
        s[i].value = v;
        s[i].channel = (int)(i % NCHANNELS);
        if (i % 53 == 7)
            s[i].flag = FLAG_DROPOUT;
        else if (v > 45.0)
            s[i].flag = FLAG_SATURATED;
        else
            s[i].flag = FLAG_OK;
    }
}

/* The calibrated value of a reading. */
static double calibrated(double raw, double offset)
{
    return raw + offset;
}

static int is_valid(int flag)
{
    return flag == FLAG_OK;
}

/* One pass for count, sum, sum of squares, min, max and their places. */
static moments_t moments(const sample_t *s, long n)
{
    long count = 0;
    double sum = 0.0, sumsq = 0.0;
#pragma reduce(+: count, sum, sumsq) in(channel_offset[0:NCHANNELS])
    for (long i = 0; i < n; i++) {
        if (!is_valid(s[i].flag))
            continue;
        double v = calibrated(s[i].value, channel_offset[s[i].channel]);
        count++;
        sum += v;
        sumsq += v * v;
    }

    double mx = -HUGE_VAL;
    long argmax = -1;
#pragma reduce(maxloc: mx, argmax) in(channel_offset[0:NCHANNELS])
    for (long i = 0; i < n; i++) {
        double v = calibrated(s[i].value, channel_offset[s[i].channel]);
        if (is_valid(s[i].flag) && v > mx) {
            mx = v;
            argmax = i;
        }
    }

    double mn = HUGE_VAL;
    long argmin = -1;
#pragma reduce(minloc: mn, argmin) in(channel_offset[0:NCHANNELS])
    for (long i = 0; i < n; i++) {
        double v = calibrated(s[i].value, channel_offset[s[i].channel]);
        if (is_valid(s[i].flag) && v < mn) {
            mn = v;
            argmin = i;
        }
    }

    moments_t m = {count, sum, sumsq, mn, mx, argmin, argmax};
    return m;
}

/* How many valid readings lie more than k standard deviations from the
 * mean.  mean and sd come from exact sums, so the comparison is the same
 * everywhere. */
static long count_outliers(const sample_t *s, long n, double mean, double sd, double k)
{
    long outliers = 0;
#pragma reduce(+: outliers) in(channel_offset[0:NCHANNELS])
    for (long i = 0; i < n; i++) {
        if (s[i].flag != FLAG_OK)
            continue;
        double v = calibrated(s[i].value, channel_offset[s[i].channel]);
        if (fabs(v - mean) > k * sd)
            outliers++;
    }
    return outliers;
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? strtol(argv[1], NULL, 10) : 1000000;
    if (n < 0) {
        fprintf(stderr, "usage: %s [n >= 0]\n", argv[0]);
        return 1;
    }

    sample_t *s = malloc((size_t)(n > 0 ? n : 1) * sizeof *s);
    if (s == NULL) {
        fprintf(stderr, "cannot allocate %ld samples\n", n);
        return 1;
    }
    generate(s, n);

    /* Why readings were rejected: one pass, three counters. */
    long n_ok = 0, n_saturated = 0, n_dropout = 0;
#pragma reduce(+: n_ok, n_saturated, n_dropout)
    for (long i = 0; i < n; i++) {
        switch (s[i].flag) {
        case FLAG_OK:
            n_ok++;
            break;
        case FLAG_SATURATED:
            n_saturated++;
            break;
        default:
            n_dropout++;
            break;
        }
    }

    moments_t m = moments(s, n);

    double mean = 0.0, var = 0.0, sd = 0.0;
    if (m.count > 0) {
        mean = m.sum / (double)m.count;
        var = m.sumsq / (double)m.count - mean * mean;
        if (var < 0.0)
            var = 0.0;
        sd = sqrt(var);
    }

    /* The same variance from moments about a shift close to the mean
     * (the textbook remedy for cancellation).  The shift is rounded to a
     * multiple of 1/4, so the shifted sums stay exact too. */
    double shift = floor(mean * 4.0) / 4.0;
    double d1 = 0.0, d2 = 0.0;
#pragma reduce(+: d1, d2) in(channel_offset[0:NCHANNELS])
    for (long i = 0; i < n; i++) {
        if (s[i].flag == FLAG_OK) {
            double d = calibrated(s[i].value, channel_offset[s[i].channel]) - shift;
            d1 += d;
            d2 += d * d;
        }
    }
    double var_shifted = 0.0;
    if (m.count > 0) {
        double md = d1 / (double)m.count;
        var_shifted = d2 / (double)m.count - md * md;
        if (var_shifted < 0.0)
            var_shifted = 0.0;
    }

    /* Valid readings per channel, and the largest absolute reading of
     * any kind. */
    long per_channel[NCHANNELS];
    long c0 = 0, c1 = 0, c2 = 0, c3 = 0;
    double peak = 0.0;
#pragma reduce(+: c0, c1, c2, c3) reduce(max: peak)
    for (long i = 0; i < n; i++) {
        double a = fabs(s[i].value);
        peak = a > peak ? a : peak;
        if (s[i].flag != FLAG_OK)
            continue;
        if (s[i].channel == 0)
            c0++;
        else if (s[i].channel == 1)
            c1++;
        else if (s[i].channel == 2)
            c2++;
        else
            c3++;
    }
    per_channel[0] = c0;
    per_channel[1] = c1;
    per_channel[2] = c2;
    per_channel[3] = c3;

    /* Are all valid readings inside the calibrated range? */
    int in_range = 1;
#pragma reduce(&&: in_range) in(channel_offset[0:NCHANNELS])
    for (long i = 0; i < n; i++)
        in_range = in_range && (s[i].flag != FLAG_OK ||
                                fabs(calibrated(s[i].value, channel_offset[s[i].channel])) <= 128.0);

    long outliers2 = count_outliers(s, n, mean, sd, 2.0);
    long outliers3 = count_outliers(s, n, mean, sd, 3.0);

    printf("readings            %10ld\n", n);
    printf("  valid             %10ld\n", n_ok);
    printf("  saturated         %10ld\n", n_saturated);
    printf("  dropout           %10ld\n", n_dropout);
    printf("  largest |raw|     %10.2f\n", peak);
    printf("  all in range      %10s\n", in_range ? "yes" : "no");
    if (m.count == 0) {
        printf("no valid readings: no statistics\n");
        free(s);
        return 0;
    }
    printf("\n%-8s %10s\n", "channel", "valid");
    for (int c = 0; c < NCHANNELS; c++)
        printf("%-8s %10ld\n", channel_names[c], per_channel[c]);

    printf("\n%-22s %16s\n", "statistic", "value");
    printf("%-22s %16ld\n", "count", m.count);
    printf("%-22s %16.2f\n", "sum", m.sum);
    printf("%-22s %16.4f\n", "sum of squares", m.sumsq);
    printf("%-22s %16.6f\n", "mean", mean);
    printf("%-22s %16.6f\n", "variance", var);
    printf("%-22s %16.6f\n", "variance (shifted)", var_shifted);
    printf("%-22s %16.6f\n", "standard deviation", sd);
    printf("%-22s %16.2f   at %ld (%s)\n", "minimum", m.min, m.argmin,
           channel_names[s[m.argmin].channel]);
    printf("%-22s %16.2f   at %ld (%s)\n", "maximum", m.max, m.argmax,
           channel_names[s[m.argmax].channel]);
    printf("%-22s %16.2f\n", "range", m.max - m.min);
    printf("%-22s %16ld\n", "beyond 2 sd", outliers2);
    printf("%-22s %16ld\n", "beyond 3 sd", outliers3);

    free(s);
    return 0;
}
