/* own_system_names_c11.c - own_system_names.c under -std=c11 with
 * <stdlib.h> and <string.h> included first: in gnu17 <stdlib.h> declares
 * struct timeval (through <sys/types.h>), in c11 it leaves the name to the
 * program, so pragreduce must analyze the file in the dialect it is built
 * with, and the output (C++, where the header declares it) must rename it.
 * The program comes in as a project header, whose names get the renames too.
 * pragreduce-flags: -std=c11
 *   ./own_system_names_c11 [n] */
#include <stdlib.h>
#include <string.h>

#include "own_system_names.c"
