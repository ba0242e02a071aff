/* threads.c - marked loops called from several host threads at once: the
 * calls take turns on the GPU (they share its scratch and staging memory),
 * each gets its own result.
 *   ./threads [n] */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define THREADS 4

typedef struct {
    const long *data;
    long n;
    long scale;
    long long sum;
    long max;
} Job;

static long long weighted_sum(const long *a, long n, long scale)
{
    long long s = 0;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += a[i] * scale;
    return s;
}

static long largest(const long *a, long n)
{
    long m = -1;
#pragma reduce(max: m)
    for (long i = 0; i < n; i++)
        m = a[i] > m ? a[i] : m;
    return m;
}

static void *work(void *arg)
{
    Job *job = arg;
    for (int round = 0; round < 3; round++) {
        job->sum = weighted_sum(job->data, job->n, job->scale);
        job->max = largest(job->data, job->n);
    }
    return NULL;
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1000;
    if (n < 0)
        n = 0;
    long *data = malloc((n > 0 ? (size_t)n : 1) * sizeof *data);
    if (!data)
        return 1;
    for (long i = 0; i < n; i++)
        data[i] = (i * 37) % 1001;
    pthread_t tid[THREADS];
    Job jobs[THREADS];
    for (int t = 0; t < THREADS; t++) {
        jobs[t] = (Job){data + t * (n / THREADS), n - t * (n / THREADS), t + 1, 0, 0};
        if (pthread_create(&tid[t], NULL, work, &jobs[t]) != 0)
            return 1;
    }
    for (int t = 0; t < THREADS; t++)
        pthread_join(tid[t], NULL);
    for (int t = 0; t < THREADS; t++)
        printf("thread %d: sum %lld max %ld\n", t, jobs[t].sum, jobs[t].max);
    free(data);
    return 0;
}
