/* The runtime a test in tests/runtime checks: libpragreduce's header (the
 * test links the library: make runtime-test builds the tests that use only
 * its exports so, with -DPRAGREDUCE_TEST_LIBRARY), else the runtime's own
 * text, inside and all. */
#ifdef PRAGREDUCE_TEST_LIBRARY
#include <thread>
#include <vector>
#include <pragreduce/runtime.cuh>
#else
#include "../../runtime/pragreduce_rt.cuh"
#endif
