# Sourced by tests/run-mpi.sh and the MPI GPU bundle (tests/make-mpi-gpu-bundle.sh).
# compare REF GOT: each line `name tolerance value` of GOT against REF
compare() {
    awk 'NR == FNR { tol[$1] = $2; want[$1] = $3; n++; next }
         {
             seen++
             if (!($1 in want)) { print "unexpected line: " $0; bad = 1; next }
             w = want[$1]; g = $3
             if (tol[$1] == "exact") { if (w != g) { print $1 ": " g ", want " w; bad = 1 } ; next }
             rel = tol[$1] == "f32" ? 1e-4 : 1e-9
             d = w - g; if (d < 0) d = -d
             s = w < 0 ? -w : w; if (s < 1) s = 1
             if (d > rel * s) { print $1 ": " g ", want " w " (" tol[$1] ")"; bad = 1 }
         }
         END { if (seen != n) { print seen " lines, want " n; bad = 1 }; exit bad }' "$1" "$2"
}
