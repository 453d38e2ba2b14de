#!/bin/sh
# The generated case (tvm_cpu-compute-at.py) three times with one TVM thread: wrong every time, differently.
# sh repeat_compute_at.sh > repeat_compute_at.txt 2>&1
cd "$(dirname "$0")"
for run in 1 2 3; do
  printf 'run %s, TVM_NUM_THREADS=1: ' "$run"
  TVM_NUM_THREADS=1 python tvm_cpu-compute-at.py | head -1
done
