/* C programs name their own types and functions like CUDA's: a `float3`
 * struct, a `struct int2` tag, a `double2` typedef, a `half` function.
 * Every .cu file sees CUDA's (vector_types.h, and cuda_fp16.h through the
 * runtime): the file's own are renamed, so nvcc accepts the output. */
#include <stdio.h>
#include <stdlib.h>

typedef struct { float x, y, z; } float3;
struct int2 { int a, b; };
typedef double double2[2];

static double half(double x) { return x / 2; }
static float dot3(float3 p, float3 q) { return p.x * q.x + p.y * q.y + p.z * q.z; }

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1000;
    float3 *v = malloc(sizeof(float3) * (size_t)(n + 1));
    struct int2 w = {3, 4};
    double2 range = {0, 0};
    for (long i = 0; i < n; i++) {
        v[i].x = (float)(i % 3);
        v[i].y = 1;
        v[i].z = (float)(i % 5);
    }
    double s = 0;
#pragma reduce(+: s)
    for (long i = 0; i < n; i++)
        s += half(dot3(v[i], v[i])) + w.a;
    range[1] = s;
    printf("sum %.17g, range %g..%g\n", s, range[0], range[1]);
    free(v);
    return 0;
}
