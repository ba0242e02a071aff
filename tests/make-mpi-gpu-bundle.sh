#!/usr/bin/env bash
# The comm() programs for the GPU machine (no libclang there): transpiled
# here, built there by nvcc against its Open MPI, run with 1 and 2 ranks
# sharing its GPU in gpu and auto mode, every rank against the mpicc build
# on one rank (tests/mpi/compare.sh), then memcheck on 2 ranks.
#   tests/make-mpi-gpu-bundle.sh PRAGREDUCE OUTDIR
# Then, on the GPU machine: bash OUTDIR/run.sh
set -eu
[ $# = 2 ] || { echo "usage: tests/make-mpi-gpu-bundle.sh PRAGREDUCE OUTDIR" >&2; exit 2; }
pragreduce=$(realpath "$1")
out=$2
cd "$(dirname "$0")/.."
rm -rf "$out" && mkdir -p "$out/cu" "$out/src"
for f in tests/mpi/*.c samples/mpi_*.c; do
    # shellcheck disable=SC2046
    "$pragreduce" $(mpicc --showme:compile) -Itests/mpi "$f" -o "$out/cu/$(basename "$f" .c).cu"
    cp "$f" "$out/src/"
done
cp tests/mpi/common.h tests/mpi/compare.sh "$out/src/"
cat >"$out/run.sh" <<'RUN'
#!/usr/bin/env bash
set -u
cd "$(dirname "$0")"
work=work; mkdir -p "$work" bin
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
mpirun=(mpirun --oversubscribe --bind-to none --mca btl self,vader --mca btl_vader_single_copy_mechanism none)
source src/compare.sh
inc=$(mpicc --showme:compile) lib=$(mpicc --showme:link)
for f in src/*.c; do
    n=$(basename "$f" .c)
    mpicc -std=gnu11 -O1 -w -Isrc "$f" -o "bin/$n.ref" -lm &
    # shellcheck disable=SC2086
    { nvcc -O3 -arch=sm_90 -w $inc -Isrc "cu/$n.cu" -o "bin/$n" $lib 2>"bin/$n.err" || echo "FAIL $n: nvcc"; } &
done
wait
pass=0 fail=0
for f in src/*.c; do
    n=$(basename "$f" .c)
    case $n in mpi_*) sizes="4 1001 40001 1000003" ;; *) sizes="0 3 40001 1000003" ;; esac
    for s in $sizes; do
        "${mpirun[@]}" -np 1 "bin/$n.ref" "$s" "$work/$n.ref.$s" >/dev/null 2>&1
        for np in 1 2; do
            for m in gpu auto; do
                o=$work/$n.$m.$np.$s ok=1
                if ! PRAGREDUCE_DEVICE=$m "${mpirun[@]}" -x PRAGREDUCE_DEVICE -np "$np" "bin/$n" "$s" "$o" >"$o.log" 2>&1; then
                    echo "FAIL $n $m, $np ranks, n=$s: exit status"; head -5 "$o.log"; ok=0
                fi
                for ((r = 0; r < np && ok; r++)); do
                    compare "$work/$n.ref.$s.0" "$o.$r" >"$o.diff" || { echo "FAIL $n $m, $np ranks, n=$s, rank $r"; head -5 "$o.diff"; ok=0; }
                done
                if [ $ok = 1 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); fi
            done
        done
    done
done
echo "mpi on the GPU: $pass passed, $fail failed"
r=$(PRAGREDUCE_DEVICE=gpu "${mpirun[@]}" -x PRAGREDUCE_DEVICE -np 2 compute-sanitizer --tool memcheck bin/mpi_cg 40001 "$work/san" 2>&1 | grep SUMMARY | tr '\n' ' ')
echo "memcheck, mpi_cg on 2 ranks: $r"
RUN
chmod +x "$out/run.sh"
echo "mpi gpu bundle: $(ls "$out/cu" | wc -l) programs in $out"
