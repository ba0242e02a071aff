/* expect-error-at: 15:14: b passed by value */
/* A struct the loop reads by value becomes a kernel parameter, and CUDA
 * limits their size: nvcc would reject the output. The message says how to
 * read it through a pointer instead (tests/e2e/struct_members.c). */
typedef struct {
    double weights[1024];
} Table;

double weigh(Table b, const int *code, long n)
{
    double t = 0.0;
#pragma reduce(+: t)
    for (long i = 0; i < n; i++)
        t += code[i] > 0 ?
             b.weights[code[i] % 1024] : 0.0;
    return t;
}
