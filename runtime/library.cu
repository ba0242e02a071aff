/* libpragreduce: the runtime's functions with no template parameter, built
 * once (make lib) for the files transpiled with --runtime=library, which
 * include the declarations only (pragreduce/runtime.cuh, runtime/embed.sh
 * --header). One object, so that linking any of it brings the warm-up
 * before main too. Built twice: libpragreduce.a, and
 * libpragreduce-fake.a with -DPRAGREDUCE_FAKE_DEVICE. */
#define PRAGREDUCE_LIBRARY_BUILD 1
#define PRAGREDUCE_FN
#include "pragreduce_rt.cuh"
