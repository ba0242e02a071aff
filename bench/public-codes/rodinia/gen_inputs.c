/* Inputs for the Rodinia OpenMP programs whose data files are not in the
 * fetched tree (rodinia.sh builds and runs this; the same seed gives the same
 * files on every machine). Fixed seeds, an LCG of our own (not rand()).
 *
 *   gen_inputs kmeans N FILE          N points, "id f1 ... f34" (Rodinia's
 *                                     kdd_cup text layout: 34 features)
 *   gen_inputs nn N FILES LIST        N hurricane records (hurricane_gen.c's
 *                                     49-byte layout) over FILES files
 *                                     LIST.0.db ..., their names in LIST
 *   gen_inputs bfs N DEG FILE         a graph of N nodes, DEG edges a node
 *                                     on average, in graph1MW_6.txt's layout
 *   gen_inputs hotspot3d N L POWER TEMP   N x N x L power and temperature
 *                                     files, one value a line
 *   gen_inputs pgm ROWS COLS FILE     a P2 image (srad_v1 reads 502 x 458)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned long long state = 88172645463325252ULL;
static unsigned next(void) /* xorshift64 */
{
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return (unsigned)(state >> 32);
}
static double unit(void) { return next() / 4294967296.0; }

static FILE *out(const char *path)
{
    FILE *f = fopen(path, "w");
    if (!f) { perror(path); exit(1); }
    return f;
}

static void kmeans(long n, const char *path)
{
    FILE *f = out(path);
    /* five blobs so the clustering has something to find */
    for (long i = 0; i < n; i++) {
        int blob = next() % 5;
        fprintf(f, "%ld", i + 1);
        for (int k = 0; k < 34; k++)
            fprintf(f, " %.4f", blob * 2.0 + (k % 7) * 0.1 + unit());
        fputc('\n', f);
    }
    fclose(f);
}

static void nn(long n, int files, const char *list)
{
    static const char *names[21] = {"ALBERTO", "BERYL", "CHRIS", "DEBBY", "ERNESTO", "FLORENCE", "GORDON",
        "HELENE", "ISAAC", "JOYCE", "KIRK", "LESLIE", "MICHAEL", "NADINE", "OSCAR", "PATTY", "RAFAEL",
        "SANDY", "TONY", "VALERIE", "WILLIAM"};
    static const int hours[4] = {0, 6, 12, 18};
    FILE *l = out(list);
    long per = n / files + 1;
    for (int j = 0; j < files; j++) {
        char name[4096];
        snprintf(name, sizeof name, "%s.%d.db", list, j);
        fprintf(l, "%s\n", name);
        FILE *f = out(name);
        for (long i = 0; i < per; i++) {
            int year = 1950 + next() % 55, month = 1 + next() % 12, date = 1 + next() % 28;
            int hour = hours[next() % 4], num = 1 + next() % 28;
            const char *nm = names[next() % 21];
            float lat = (float)(7 + next() % 63) + (float)unit();
            float lon = (float)(next() % 358) + (float)unit();
            int speed = 10 + next() % 155, press = next() % 900;
            fprintf(f, "%4d %2d %2d %2d %2d %-9s %5.1f %5.1f %4d %4d\n", year, month, date, hour, num, nm,
                    lat, lon, speed, press);
        }
        fclose(f);
    }
    fclose(l);
}

static void bfs(long n, int deg, const char *path)
{
    FILE *f = out(path);
    int *count = malloc(n * sizeof *count);
    long edges = 0;
    for (long i = 0; i < n; i++) {
        count[i] = 1 + next() % (2 * deg - 1); /* 1 .. 2 deg - 1: deg on average */
        edges += count[i];
    }
    fprintf(f, "%ld\n", n);
    long start = 0;
    for (long i = 0; i < n; i++) {
        fprintf(f, "%ld %d\n", start, count[i]);
        start += count[i];
    }
    fprintf(f, "\n0\n\n%ld\n", edges);
    for (long i = 0; i < n; i++)
        for (int e = 0; e < count[i]; e++) {
            /* mostly near neighbours, some long edges: many levels, wide frontiers */
            long to = next() % 4 ? (i + 1 + next() % 64) % n : (long)(next() % n);
            fprintf(f, "%ld %d\n", to, 1 + next() % 10);
        }
    fclose(f);
    free(count);
}

static void hotspot3d(int n, int layers, const char *power, const char *temp)
{
    FILE *p = out(power), *t = out(temp);
    for (long i = 0; i < (long)n * n * layers; i++) {
        fprintf(p, "%f\n", unit() * 0.002);
        fprintf(t, "%f\n", 320.0 + unit() * 20.0);
    }
    fclose(p);
    fclose(t);
}

static void pgm(int rows, int cols, const char *path)
{
    FILE *f = out(path);
    fprintf(f, "P2\n%d %d\n255\n", cols, rows);
    for (int i = 0; i < rows; i++) {
        for (int j = 0; j < cols; j++)
            fprintf(f, "%d ", (int)(64 + 96 * ((i / 32 + j / 32) % 2) + next() % 64));
        fputc('\n', f);
    }
    fclose(f);
}

int main(int argc, char **argv)
{
    const char *what = argc > 1 ? argv[1] : "";
    if (!strcmp(what, "kmeans") && argc == 4) kmeans(atol(argv[2]), argv[3]);
    else if (!strcmp(what, "nn") && argc == 5) nn(atol(argv[2]), atoi(argv[3]), argv[4]);
    else if (!strcmp(what, "bfs") && argc == 5) bfs(atol(argv[2]), atoi(argv[3]), argv[4]);
    else if (!strcmp(what, "hotspot3d") && argc == 6) hotspot3d(atoi(argv[2]), atoi(argv[3]), argv[4], argv[5]);
    else if (!strcmp(what, "pgm") && argc == 5) pgm(atoi(argv[2]), atoi(argv[3]), argv[4]);
    else {
        fprintf(stderr, "usage: see the comment at the top of gen_inputs.c\n");
        return 2;
    }
    return 0;
}
