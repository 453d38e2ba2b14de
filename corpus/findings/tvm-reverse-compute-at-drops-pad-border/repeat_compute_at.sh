#!/bin/sh
# The generated case (tvm_cpu-compute-at.py) three times with one TVM thread: wrong every time, differently.
# sh repeat_compute_at.sh > repeat_compute_at.txt 2>&1
cd "$(dirname "$0")"
. ./verdict.sh
need python
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
evidence() {
for run in 1 2 3; do
  printf 'run %s, TVM_NUM_THREADS=1: ' "$run"
  TVM_NUM_THREADS=1 python tvm_cpu-compute-at.py | head -1
done
}
evidence "$@" > "$W/log" 2>&1
cat "$W/log"
logged() { grep -qE -- "$1" "$W/log"; }  # the evidence printed a line matching it
echo "== the claims of FINDING.md"
claim "every run is wrong: all 56 elements outside the certified bound" [ "$(grep -c '56 of 56 elements outside the certified bound' "$W/log")" -eq 3 ]
echo "  distinct max errors over the runs: $(grep -o 'max |error| [0-9]*' "$W/log" | sort -u | wc -l) (the border reads memory nothing wrote)"
verdict
