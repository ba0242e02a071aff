/* Several members of one array element as accumulators (lavaMD's
 * `fA[i].v += ...; fA[i].x += ...`): different members of one struct never
 * overlap, whatever the subscript, so each is its own reduction; the
 * subscript may be any expression the loop does not change (`first + i`,
 * the same text in each). A row loop around them runs them per element. */
#include <stdio.h>
#include <stdlib.h>

typedef struct {
    double v, x, y, z;
} four_vector;

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 1000;
    int boxes = 8, per = n / boxes + 1;
    double *q = malloc((size_t)per * sizeof *q);
    four_vector *fv = calloc((size_t)boxes * 4, sizeof *fv);
    for (int j = 0; j < per; j++)
        q[j] = (j % 11) * 0.5;
    for (int b = 0; b < boxes; b++) {
        int first = b * 4;
        for (int i = 0; i < 4; i++) {
            fv[first + i].v = i;
#pragma reduce(+: fv[first + i].v, fv[first + i].x, fv[first + i].y) reduce(max: fv[first + i].z)
            for (int j = 0; j < per; j++) {
                fv[first + i].v += q[j];
                fv[first + i].x += q[j] * (i + 1);
                fv[first + i].y -= q[j] * b;
                if (q[j] * (b + 1) > fv[first + i].z)
                    fv[first + i].z = q[j] * (b + 1);
            }
        }
    }
    double s = 0;
    for (int k = 0; k < boxes * 4; k++)
        s += fv[k].v + 2 * fv[k].x + 3 * fv[k].y + 4 * fv[k].z;
    printf("per %d v %.2f x %.2f y %.2f z %.2f all %.2f\n", per, fv[5].v, fv[5].x, fv[30].y, fv[31].z, s);
    free(q);
    free(fv);
    return 0;
}
