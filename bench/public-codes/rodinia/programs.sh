# Sourced by rodinia.sh (here) and by the bundle's run.sh (GPU machine): how
# each Rodinia program is built, fed and checked.
#   spec NAME: sets dir (its folder in the tree), marked (the file with marks,
#     transpiled), others (the files gcc builds), check_defs / timed_defs
#     (-D flags of the check and the timed builds), preload (1: time() fixed,
#     fixtime.so), result (what is compared: a file the run writes, or
#     stdout / stderr), tol (same_numbers.py's options)
#   inputs NAME SIZE DIR: writes SIZE's (small, large) input files into DIR
#     ($GEN is gen_inputs built)
#   args NAME SIZE THREADS DIR: the command line's arguments
# Runs are in DIR/a/b/VARIANT (srad_v1 reads ../../../data/srad/image.pgm).
RODINIA_PROGRAMS="kmeans nn srad_v1 srad_v2 particlefilter bfs hotspot3D lavaMD backprop"

spec() {
    check_defs="" timed_defs="" preload=0 tol="" others=""
    case $1 in
    kmeans) dir=kmeans/kmeans_openmp marked=kmeans_clustering.c others="cluster.c getopt.c kmeans.c" result=dump.txt tol="--rel 1e-3" ;;
    nn) dir=nn marked=nn_openmp.c result=stderr ;;
    srad_v1) dir=srad/srad_v1 marked=main.c result=image_out.pgm tol="--abs 1.01" ;;
    srad_v2) dir=srad/srad_v2 marked=srad.cpp check_defs=-DOUTPUT result=stdout tol="--rel 1e-3" ;;
    particlefilter) dir=particlefilter marked=ex_particle_OPENMP_seq.c preload=1 result=stdout-values tol="--rel 1e-3 --abs 1e-4" ;;
    bfs) dir=bfs marked=bfs.cpp result=result.txt ;;
    hotspot3D) dir=hotspot3D marked=3D.c result=out.txt ;;
    lavaMD) dir=lavaMD marked=kernel/kernel_cpu.c others="main.c util/num/num.c util/timer/timer.c" check_defs=-DOUTPUT preload=1 result=result.txt tol="--rel 1e-3" ;;
    backprop) dir=backprop marked=backprop.c others="facetrain.c imagenet.c backprop_kernel.c" result=dump.txt tol="--rel 1e-3 --abs 1e-5" ;;
    *) echo "unknown program $1" >&2; return 1 ;;
    esac
}

inputs() {
    local p=$1 size=$2 d=$3
    mkdir -p "$d"
    case $p.$size in
    kmeans.small) "$GEN" kmeans 2000 "$d/points.txt" ;;
    kmeans.large) "$GEN" kmeans 494020 "$d/points.txt" ;;
    nn.small) "$GEN" nn 20000 2 "$d/list" ;;
    nn.large) "$GEN" nn 10000000 10 "$d/list" ;;
    srad_v1.*) mkdir -p "$d/data/srad" && "$GEN" pgm 502 458 "$d/data/srad/image.pgm" ;;
    bfs.small) "$GEN" bfs 20000 6 "$d/graph.txt" ;;
    bfs.large) "$GEN" bfs 4000000 6 "$d/graph.txt" ;;
    hotspot3D.small) "$GEN" hotspot3d 64 8 "$d/power" "$d/temp" ;;
    hotspot3D.large) "$GEN" hotspot3d 512 8 "$d/power" "$d/temp" ;;
    *) : ;;
    esac
}

args() {
    local p=$1 size=$2 t=$3 d=$4
    case $p.$size in
    kmeans.*) echo "-i $d/points.txt -n $t" ;;
    nn.*) echo "$d/list 5 30 90" ;;
    srad_v1.small) echo "4 0.5 64 64 $t" ;;
    srad_v1.large) echo "200 0.5 2048 2048 $t" ;;
    srad_v2.small) echo "64 64 0 31 0 31 $t 0.5 4" ;;
    srad_v2.large) echo "2048 2048 0 127 0 127 $t 0.5 200" ;;
    particlefilter.small) echo "-x 128 -y 128 -z 10 -np 1000" ;;
    particlefilter.large) echo "-x 128 -y 128 -z 10 -np 60000" ;;
    bfs.*) echo "$t $d/graph.txt" ;;
    hotspot3D.small) echo "64 8 5 $d/power $d/temp out.txt" ;;
    hotspot3D.large) echo "512 8 200 $d/power $d/temp out.txt" ;;
    lavaMD.small) echo "-cores $t -boxes1d 2" ;;
    lavaMD.large) echo "-cores $t -boxes1d 20" ;;
    backprop.small) echo "4096" ;;
    backprop.large) echo "8388608" ;;
    esac
}

# run_one BIN NAME SIZE THREADS DIR VARIANT [env...]: runs in DIR/a/b/VARIANT,
# leaves the compared output in that folder's 'compared'; status of the run
run_one() {
    local bin=$1 p=$2 size=$3 t=$4 d=$5 v=$6
    shift 6
    local w="$d/a/b/$v" rc=0 pre=""
    rm -rf "$w" && mkdir -p "$w"
    spec "$p"
    [ "$preload" = 1 ] && pre="LD_PRELOAD=$FIXTIME"
    (cd "$w" && env OMP_NUM_THREADS="$t" RODINIA_DUMP="$w/dump.txt" $pre "$@" "$bin" $(args "$p" "$size" "$t" "$d") \
        >stdout 2>stderr) || rc=$?
    case $result in
    stdout-values) grep -v 'TOOK\|TIME' "$w/stdout" >"$w/compared" ;;
    stdout | stderr) grep -v '^pragreduce' "$w/$result" >"$w/compared" ;;
    *) cp "$w/$result" "$w/compared" 2>/dev/null || : >"$w/compared" ;;
    esac
    return $rc
}
