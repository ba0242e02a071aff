/* LD_PRELOAD'ed by the checks: particlefilter seeds with time(0) * i and
 * lavaMD with srand(time(NULL)), so two builds' runs would differ; with this
 * time() answers one fixed value and every build sees the same inputs. */
#include <time.h>
time_t time(time_t *t)
{
    if (t)
        *t = 1700000000;
    return 1700000000;
}
