# pragreduce - see README.md.
#
#   make            build build/pragreduce
#   make demo       transpile samples/dot.c, build it with nvcc, run it
#   make test       unit tests (Check), golden diagnostics and the command line
#                   (tests/cli.sh), the man page and docs/ against --help and the runtime's
#                   settings (tests/docs.sh), the runtime's residency table (faked device),
#                   end-to-end tests (also on a faked device), multi-file projects
#                   (tests/projects), MPI programs (tests/mpi), random programs, build-all,
#                   the unit tests and every transpile again under AddressSanitizer + UBSan;
#                   two tiers at a time (TEST_JOBS), each timed, logs in build/tiers/,
#                   ending with "N passed, N failed" over all tiers
#   make projects   multi-file programs linked from transpiled and gcc-built files
#   make build-all  outputs no other test builds (explain, reject --keep-invalid): nvcc -c, C linkage
#   make mpi        MPI programs with comm(...) on 1-4 ranks (Open MPI)
#   make check      the fast tier: unit, golden, docs, runtime tests, 8 e2e programs (also faked device),
#                   timed and totalled as make test is
#   make gen-test   200 random programs (tests/gen) through pragreduce, gcc as the oracle
#   make gpu-bundle transpile the GPU tests into gpu-bundle/ (carried to the GPU machine)
#   make gen-bundle 5000 random programs transpiled into gen-bundle/ (bash gen-bundle/run.sh there)
#   make bench      transpile the benchmarks into bench-bundle/ (run on the GPU machine)
#   make fuzz       run the libFuzzer target for 60 s
#   make deps       install missing Debian packages (as root)
#   make lib        the runtime built once (--runtime=library): build/lib/libpragreduce.a
#                   and build/include/pragreduce/runtime.cuh
#   make install    bin/pragreduce, bin/pragreduce-cc, the man page, the
#                   runtime library and its header, the
#                   pkg-config file and the CMake package under PREFIX
#                   (default /usr/local; DESTDIR is honoured); make uninstall
#   make install-test  install into a temporary PREFIX and build
#                   examples/make-project and examples/cmake-project with it

# libclang 17 or newer: it names the operators of expressions.
# Deferred (=): on a fresh machine `deps-ok` installs libclang during this
# very make run, before the first compile reads these.
LLVM_CONFIG ?= $(shell ls /usr/bin/llvm-config-* 2>/dev/null | sort -V | tail -n 1)
LLVM_LIBDIR = $(shell $(LLVM_CONFIG) --libdir 2>/dev/null)
LLVM_INCDIR = $(shell $(LLVM_CONFIG) --includedir 2>/dev/null)
CLANG_RESOURCE_DIR = $(lastword $(sort $(wildcard $(LLVM_LIBDIR)/clang/*)))

CC ?= cc
NVCC ?= nvcc
NVCCFLAGS ?= -O3 -arch=sm_90
CFLAGS ?= -O2 -g
WARN := -std=c11 -Wall -Wextra -Werror -Wno-unused-parameter
CPPFLAGS_PR = -I$(LLVM_INCDIR) -Itranspiler -D_GNU_SOURCE \
	-DPR_CLANG_RESOURCE_DIR='"$(CLANG_RESOURCE_DIR)"'
LDLIBS_PR = -L$(LLVM_LIBDIR) -Wl,-rpath,$(LLVM_LIBDIR) -lclang -ldl

B := build
SRCS := $(filter-out transpiler/main.c,$(wildcard transpiler/*.c))
OBJS := $(SRCS:transpiler/%.c=$(B)/obj/%.o) $(B)/obj/runtime_text.o
ASAN_OBJS := $(SRCS:transpiler/%.c=$(B)/asan/%.o) $(B)/asan/runtime_text.o
SAN := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all

ifeq ($(V),1)
Q :=
else
Q := @
endif

.PHONY: all lib install uninstall install-test test check unit golden docs runtime-test runtime-layers e2e e2e-fake e2e-all e2e-check projects mpi gen-test build-all asan demo deps gpu-bundle gen-bundle bench fuzz clean golden-update

all: $(B)/pragreduce

$(B)/obj/%.o: transpiler/%.c transpiler/pragreduce.h | deps-ok
	@mkdir -p $(@D)
	@echo "  CC    $<"
	$(Q)$(CC) $(WARN) $(CFLAGS) $(CPPFLAGS_PR) -MMD -MP -c $< -o $@

$(B)/asan/%.o: transpiler/%.c transpiler/pragreduce.h | deps-ok
	@mkdir -p $(@D)
	@echo "  CC    $< (asan)"
	$(Q)$(CC) $(WARN) -O1 -g $(SAN) $(CPPFLAGS_PR) -MMD -MP -c $< -o $@

$(B)/runtime_text.c: runtime/pragreduce_rt.cuh $(wildcard runtime/pragreduce/*.cuh) runtime/embed.sh
	@mkdir -p $(@D)
	$(Q)sh runtime/embed.sh $< > $@

$(B)/obj/runtime_text.o: $(B)/runtime_text.c
	@mkdir -p $(@D)
	$(Q)$(CC) $(WARN) -c $< -o $@

$(B)/asan/runtime_text.o: $(B)/runtime_text.c
	@mkdir -p $(@D)
	$(Q)$(CC) $(WARN) -c $< -o $@

# the runtime compiled once, for files transpiled with --runtime=library:
# its header (the functions declared only) and libpragreduce: one object
# for a GPU, so that any use brings the warm-up before main along, one for
# the fake device (-DPRAGREDUCE_FAKE_DEVICE; names of its own, config.cuh)
RT_SRCS := runtime/pragreduce_rt.cuh $(wildcard runtime/pragreduce/*.cuh)
RT_NVCCFLAGS ?= -O2 -w -Xcompiler -fPIC
RT_LIBS := $(B)/include/pragreduce/runtime.cuh $(B)/lib/libpragreduce.a

lib: $(RT_LIBS)

$(B)/include/pragreduce/runtime.cuh: $(RT_SRCS) runtime/embed.sh
	@mkdir -p $(@D)
	$(Q)sh runtime/embed.sh --header $< > $@

$(B)/lib/pragreduce.o: runtime/library.cu $(RT_SRCS)
	@mkdir -p $(@D)
	@echo "  NVCC  $<"
	$(Q)$(NVCC) $(RT_NVCCFLAGS) -c $< -o $@

$(B)/lib/pragreduce-fake.o: runtime/library.cu $(RT_SRCS)
	@mkdir -p $(@D)
	@echo "  NVCC  $< (fake device)"
	$(Q)$(NVCC) $(RT_NVCCFLAGS) -DPRAGREDUCE_FAKE_DEVICE -c $< -o $@

$(B)/lib/libpragreduce.a: $(B)/lib/pragreduce.o $(B)/lib/pragreduce-fake.o
	$(Q)rm -f $@ && ar rcs $@ $^

$(B)/pragreduce: $(OBJS) $(B)/obj/main.o
	@echo "  LD    $@"
	$(Q)$(CC) $(CFLAGS) $^ -o $@ $(LDLIBS_PR)

$(B)/pragreduce-asan: $(ASAN_OBJS) $(B)/asan/main.o
	@echo "  LD    $@"
	$(Q)$(CC) $(SAN) $^ -o $@ $(LDLIBS_PR)

# ---------------------------------------------------------------- tests

UNIT_SRCS := $(wildcard tests/unit/*.c)
CHECK_LIBS = $(shell pkg-config --libs check 2>/dev/null || echo -lcheck -lsubunit -lm -lrt -lpthread)

$(B)/unit-tests: $(UNIT_SRCS) $(OBJS) transpiler/pragreduce.h
	@echo "  LD    $@"
	$(Q)$(CC) $(WARN) $(CFLAGS) $(CPPFLAGS_PR) $(UNIT_SRCS) $(OBJS) -o $@ $(LDLIBS_PR) $(CHECK_LIBS)

$(B)/unit-tests-asan: $(UNIT_SRCS) $(ASAN_OBJS) transpiler/pragreduce.h
	@echo "  LD    $@"
	$(Q)$(CC) $(WARN) -O1 -g $(SAN) $(CPPFLAGS_PR) $(UNIT_SRCS) $(ASAN_OBJS) -o $@ $(LDLIBS_PR) $(CHECK_LIBS)

unit: $(B)/unit-tests
	$(B)/unit-tests

golden: $(B)/pragreduce
	tests/run-golden.sh $(B)/pragreduce
	tests/cli.sh $(B)/pragreduce

# the man page and docs/ against --help and the runtime's settings table
docs: $(B)/pragreduce
	tests/docs.sh $(B)/pragreduce

golden-update: $(B)/pragreduce
	tests/run-golden.sh $(B)/pragreduce --update

e2e: $(B)/pragreduce lib
	tests/run-e2e.sh $(B)/pragreduce

# the same programs on a device faked by host memory (-DPRAGREDUCE_FAKE_DEVICE):
# residency and copies as on a GPU, so a stale device copy is a wrong answer here
e2e-fake: $(B)/pragreduce lib
	PR_E2E_FAKE_DEVICE=1 tests/run-e2e.sh $(B)/pragreduce

# both: one transpile, one gcc build and one reference run per size for the
# two configurations (what make test runs)
e2e-all: $(B)/pragreduce lib
	PR_E2E_FAKE_DEVICE=both tests/run-e2e.sh $(B)/pragreduce

# multi-file programs: transpiled files linked with each other and with gcc-built ones
projects: $(B)/pragreduce lib
	@sh tools/deps.sh check tests
	tests/run-projects.sh $(B)/pragreduce
	tests/driver.sh $(B)/pragreduce

# MPI programs with comm(...) (tests/mpi, samples/mpi_*.c): 1-4 ranks of
# Open MPI, oversubscribed, against the mpicc build on one rank
mpi: $(B)/pragreduce
	@sh tools/deps.sh check tests
	tests/run-mpi.sh $(B)/pragreduce

asan: $(B)/unit-tests-asan $(B)/pragreduce-asan
	@# the unit tests send stderr (diagnostics) to /dev/null: on a failure, again with it,
	@# so that the sanitizer's report shows
	ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 CK_FORK=no $(B)/unit-tests-asan || \
		{ UNIT_SHOW_DIAGNOSTICS=1 ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 CK_FORK=no \
		  $(B)/unit-tests-asan 2>&1 | grep -A30 "runtime error\|ERROR: \(Address\|Leak\)Sanitizer"; exit 1; }
	ASAN_OPTIONS=detect_leaks=1 tests/run-golden.sh $(B)/pragreduce-asan
	ASAN_OPTIONS=detect_leaks=1 PR_E2E_TRANSPILE_ONLY=1 tests/run-e2e.sh $(B)/pragreduce-asan

# the runtime's own tests (tests/runtime, the device faked by host memory
# where a GPU would be needed) and each layer building alone with the layers
# below it; the programs build in parallel (one make rule each), then run
# in order
RT_TESTS := resident_table minmax_combine logical_combine settings profile_reasons mapped_part \
	trial warm_hint hint_accounting device_binding no_cuda_on_cpu context_warming rewritten_arrays \
	first_staged_copy scaled_threshold
RT_LAYERS := $(notdir $(basename $(wildcard runtime/pragreduce/*.cuh)))
$(B)/rt/minmax_combine: RT_TEST_FLAGS = -Xcompiler -fsanitize=undefined -Xlinker -lubsan
$(B)/rt/hint_accounting $(B)/rt/no_cuda_on_cpu $(B)/rt/context_warming: RT_TEST_FLAGS = -DPRAGREDUCE_FAKE_DEVICE
$(B)/rt/rewritten_arrays: RT_TEST_FLAGS = -DPRAGREDUCE_FAKE_DEVICE -Xcompiler -fopenmp
# ThreadSanitizer sees a race between staging threads whenever the code has
# one, not only when the threads happen to collide
$(B)/rt/first_staged_copy: RT_TEST_FLAGS = -Xcompiler -fsanitize=thread -Xlinker -ltsan
# nothing of them needs optimizing: host and device code at -O0
RT_TEST_NVCCFLAGS := -O0 -Xcicc -O0 -Xptxas -O0 -w
$(B)/rt/%: tests/runtime/%.cu tests/runtime/under_test.cuh $(RT_SRCS)
	@mkdir -p $(@D)
	@echo "  NVCC  $<"
	$(Q)$(NVCC) $(RT_TEST_NVCCFLAGS) $(RT_TEST_FLAGS) $< -o $@
# the tests that use only what libpragreduce exports link it (the runtime
# compiled once: 1.9 s a program instead of 5.2); the others see its inside
RT_LIB_TESTS := device_binding hint_accounting logical_combine minmax_combine no_cuda_on_cpu \
	rewritten_arrays settings mapped_part scaled_threshold
$(RT_LIB_TESTS:%=$(B)/rt/%): $(B)/rt/%: tests/runtime/%.cu tests/runtime/under_test.cuh $(RT_LIBS)
	@mkdir -p $(@D)
	@echo "  NVCC  $< (libpragreduce)"
	$(Q)$(NVCC) $(RT_TEST_NVCCFLAGS) -DPRAGREDUCE_TEST_LIBRARY -I$(B)/include $(RT_TEST_FLAGS) $< \
		-L$(B)/lib -lpragreduce -o $@
# nvcc's front end (--cuda: cudafe++ over host and device code) is what
# finds a declaration a layer uses from a layer above it
$(B)/rt/layer-%.ok: runtime/pragreduce/%.cuh $(RT_SRCS)
	@mkdir -p $(@D)
	@echo '#include "$(CURDIR)/$<"' >$(B)/rt/layer-$*.cu
	$(Q)$(NVCC) -w --cuda $(B)/rt/layer-$*.cu -o $(B)/rt/layer-$*.ii || \
		{ echo "runtime layer $< does not build alone"; exit 1; }
	@touch $@
# each layer building alone: in make test (runtime-layers), not in make
# check (45 s of nvcc's front end on two cores; they change with the runtime)
runtime-layers: $(RT_LAYERS:%=$(B)/rt/layer-%.ok)
	@echo "runtime layers: each builds alone: $(words $(RT_LAYERS)) passed, 0 failed"
runtime-test: $(RT_TESTS:%=$(B)/rt/%)
	tests/runtime/hot_path.sh runtime/pragreduce
	$(B)/rt/resident_table 2>/dev/null
	UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 $(B)/rt/minmax_combine
	$(B)/rt/logical_combine
	$(B)/rt/settings
	$(B)/rt/profile_reasons
	$(B)/rt/mapped_part
	$(B)/rt/trial && $(B)/rt/trial stop && $(B)/rt/trial slow && $(B)/rt/trial hint && PRAGREDUCE_ADAPT=0 $(B)/rt/trial off
	$(B)/rt/warm_hint
	$(B)/rt/hint_accounting
	$(B)/rt/device_binding
	$(B)/rt/no_cuda_on_cpu
	$(B)/rt/context_warming
	$(B)/rt/rewritten_arrays
	TSAN_OPTIONS=halt_on_error=1:exitcode=66 $(B)/rt/first_staged_copy
	@echo "runtime tests ($(words $(RT_TESTS)) programs): $(words $(RT_TESTS)) passed, 0 failed"

# random programs with marked loops (tests/gen): the generator's own check
# (50 programs under UBSan + ASan), then GEN_CPU_COUNT programs on the CPU path
# and a tenth as many rejected forms; GEN_FIRST picks another seed range,
# GEN_AVOID leaves out a kind of piece (tests/gen/gen.py).
GEN_FIRST ?= 1
GEN_CPU_COUNT ?= 200
# issue 40's forms (tests/gen/README.md) that fail on main until their
# fixes land: drop a name once its fix is merged
GEN_AVOID ?=
gen-test: $(B)/pragreduce lib
	tests/gen/selftest.sh $(GEN_FIRST) 50
	PRAGREDUCE=$(B)/pragreduce GEN_AVOID=$(GEN_AVOID) tests/gen/run.sh $(GEN_FIRST) $(GEN_CPU_COUNT)

# outputs no other test builds (tests/explain, tests/reject under
# --keep-invalid): nvcc -c and their C linkage against gcc's objects
build-all: $(B)/pragreduce lib
	tests/run-build-all.sh $(B)/pragreduce

# make test: the tiers side by side (TEST_JOBS at a time, the longest
# first; each runner also spreads its own programs over the cores), each
# with its output in build/tiers/NAME.log and its own wall and CPU time;
# the end sums the counts of all tiers (tests/tier-summary.sh). The
# binaries are built first, so that no two tiers build the same one.
TEST_TIERS := e2e-all gen-test projects asan mpi build-all runtime-test runtime-layers install-test golden unit docs
TEST_JOBS ?= 2
test:
	@rm -rf $(B)/tiers
	$(MAKE) --no-print-directory -j$(TEST_JOBS) $(B)/pragreduce $(B)/pragreduce-asan $(B)/unit-tests $(B)/unit-tests-asan lib
	@start=$$(date +%s); $(MAKE) --no-print-directory -k -j$(TEST_JOBS) $(TEST_TIERS:%=tier-%); rc=$$?; \
		tests/tier-summary.sh $(B)/tiers $$start 'make test' $(TEST_TIERS) && exit $$rc

# one tier through tests/tier.sh: its log, its counts, its time
tier-%:
	@tests/tier.sh $(B)/tiers $* $(MAKE) --no-print-directory $*

# the fast tier for development: unit, golden, the runtime's tests and a
# sample of the end-to-end programs (also on the fake device); make test is
# the whole suite (what CI runs)
CHECK_E2E = samples/dot.c tests/e2e/segmented.c tests/e2e/logical_filtered.c \
	tests/e2e/resid_repeat.c tests/e2e/cxx_math_promotion.c tests/e2e/struct_members.c \
	tests/e2e/mixed_collapse_segments.c tests/e2e/helper_chains.c
CHECK_TIERS := runtime-test e2e-check golden unit docs
check:
	@rm -rf $(B)/tiers
	$(MAKE) --no-print-directory -j$(TEST_JOBS) $(B)/pragreduce $(B)/unit-tests lib
	@start=$$(date +%s); $(MAKE) --no-print-directory -k -j$(TEST_JOBS) $(CHECK_TIERS:%=tier-%); rc=$$?; \
		tests/tier-summary.sh $(B)/tiers $$start 'make check' $(CHECK_TIERS) && [ $$rc = 0 ] && \
		echo "check passed (make test runs everything)"

e2e-check: $(B)/pragreduce lib
	PR_E2E_FAKE_DEVICE=both tests/run-e2e.sh $(B)/pragreduce $(CHECK_E2E)

# ---------------------------------------------------------------- user-facing

demo: $(B)/pragreduce
	$(B)/pragreduce samples/dot.c -o $(B)/dot.cu
	$(NVCC) $(NVCCFLAGS) $(B)/dot.cu -o $(B)/dot
	@if nvidia-smi -L >/dev/null 2>&1; then echo "GPU found: PRAGREDUCE_DEVICE=gpu"; \
	    PRAGREDUCE_DEVICE=gpu $(B)/dot 1000000; \
	else echo "no GPU: the marked loops run on the CPU"; $(B)/dot 1000000; fi

deps-ok:
	@sh tools/deps.sh check

deps:
	@sh tools/deps.sh install

gpu-bundle: $(B)/pragreduce
	tests/make-gpu-bundle.sh $(B)/pragreduce gpu-bundle

GEN_COUNT ?= 5000
gen-bundle: $(B)/pragreduce
	tests/gen/make-gpu-gen-bundle.sh $(B)/pragreduce gen-bundle $(GEN_COUNT)

bench: $(B)/pragreduce
	bench/make-bench-bundle.sh $(B)/pragreduce bench-bundle

fuzz:
	tests/fuzz/run-fuzz.sh 60

clean:
	rm -rf $(B) gpu-bundle gen-bundle bench-bundle

# ---------------------------------------------------------------- install

PREFIX ?= /usr/local
BINDIR = $(PREFIX)/bin
MANDIR = $(PREFIX)/share/man
LIBDIR = $(PREFIX)/lib
PKGCONFIGDIR = $(LIBDIR)/pkgconfig
CMAKEDIR = $(LIBDIR)/cmake/pragreduce
INCLUDEDIR = $(PREFIX)/include
VERSION = $(shell sed -n 's/^\#define PRAGREDUCE_VERSION "\(.*\)"/\1/p' transpiler/pragreduce.h)
# the CUDA runtime's folder, for the pkg-config file: lib64 beside nvcc's bin
CUDA_LIBDIR ?= $(shell d=$$(dirname "$$(command -v $(NVCC))" 2>/dev/null)/..; \
	if [ -d "$$d/lib64" ]; then cd "$$d/lib64"; else cd "$$d/targets/x86_64-linux/lib" 2>/dev/null || cd /usr/local/cuda/lib64; fi && pwd)
INSTALLED = $(BINDIR)/pragreduce $(BINDIR)/pragreduce-cc $(MANDIR)/man1/pragreduce.1 \
	$(MANDIR)/man1/pragreduce-cc.1 $(PKGCONFIGDIR)/pragreduce.pc \
	$(CMAKEDIR)/pragreduceConfig.cmake $(CMAKEDIR)/pragreduceConfigVersion.cmake \
	$(INCLUDEDIR)/pragreduce/runtime.cuh $(LIBDIR)/libpragreduce.a

$(B)/pragreduce.pc: packaging/pragreduce.pc.in transpiler/pragreduce.h FORCE
	@mkdir -p $(@D)
	$(Q)sed -e 's|@PREFIX@|$(PREFIX)|g' -e 's|@VERSION@|$(VERSION)|g' -e 's|@CUDA_LIBDIR@|$(CUDA_LIBDIR)|g' $< > $@

$(B)/pragreduceConfigVersion.cmake: packaging/pragreduceConfigVersion.cmake.in transpiler/pragreduce.h
	@mkdir -p $(@D)
	$(Q)sed -e 's|@VERSION@|$(VERSION)|g' $< > $@

FORCE:

install: $(B)/pragreduce $(B)/pragreduce.pc $(B)/pragreduceConfigVersion.cmake $(RT_LIBS)
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(PKGCONFIGDIR) $(DESTDIR)$(CMAKEDIR) \
		$(DESTDIR)$(INCLUDEDIR)/pragreduce
	install -m 644 $(B)/include/pragreduce/runtime.cuh $(DESTDIR)$(INCLUDEDIR)/pragreduce/runtime.cuh
	install -m 644 $(B)/lib/libpragreduce.a $(DESTDIR)$(LIBDIR)/libpragreduce.a
	install -m 755 $(B)/pragreduce tools/pragreduce-cc $(DESTDIR)$(BINDIR)/
	install -m 644 man/pragreduce.1 $(DESTDIR)$(MANDIR)/man1/pragreduce.1
	echo '.so man1/pragreduce.1' > $(DESTDIR)$(MANDIR)/man1/pragreduce-cc.1
	install -m 644 $(B)/pragreduce.pc $(DESTDIR)$(PKGCONFIGDIR)/pragreduce.pc
	install -m 644 packaging/pragreduceConfig.cmake $(B)/pragreduceConfigVersion.cmake $(DESTDIR)$(CMAKEDIR)/

uninstall:
	rm -f $(addprefix $(DESTDIR),$(INSTALLED))
	-rmdir $(DESTDIR)$(CMAKEDIR) $(DESTDIR)$(INCLUDEDIR)/pragreduce 2>/dev/null

# install into a temporary PREFIX (and DESTDIR), then build the examples with
# the installed driver, CMake package and pkg-config file, against gcc
install-test: $(B)/pragreduce
	@sh tools/deps.sh check tests
	tests/run-install.sh

-include $(wildcard $(B)/obj/*.d $(B)/asan/*.d)
