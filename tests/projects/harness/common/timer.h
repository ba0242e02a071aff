#ifndef TIMER_H
#define TIMER_H
/* wall-clock seconds (the harness times each kernel, prints no times) */
double timer_now(void);
#define ALLOC(type, n) ((type *)calloc((size_t)(n) + 1, sizeof(type)))
#endif
