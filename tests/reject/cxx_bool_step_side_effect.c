/* expect-error-at: 9:5: ++ on a _Bool with side effects */
/* ++ on a _Bool whose operand has side effects cannot be spelled out
 * (it would be evaluated twice): an error, not output nvcc rejects. */
#include <stdbool.h>
int main(void)
{
    bool flags[4] = {0};
    int k = 0;
    flags[k++]++;
    double s = 0, a[4] = {1, 2, 3, 4};
#pragma reduce(+: s)
    for (int i = 0; i < 4; i++)
        s += a[i];
    return (int)s + flags[0];
}
