#!/bin/sh
# Compiles this case's sampled Hexagon schedule (tvm_hexagon-sampled.py, the module kernelfuzz compiled) and the
# finding's 32-byte table (hexagon_vlut_gather_repro.py's int8[4, 8] -> int32 shape) under gdb and prints the innermost
# frames of each SIGSEGV: the same program counters inside libtvm_compiler.so (the wheel has no symbols) = the same
# crash site. Exit 1 when both crash at the same innermost frame (this case is the finding's bug), 0 otherwise.
cd "$(dirname "$0")"
for t in gdb; do command -v "$t" > /dev/null 2>&1 || { echo "could not run: $t is not on PATH (exit 2)"; exit 2; }; done
PY=${PYTHON:-python}
frames() { gdb -q -batch -ex run -ex bt --args "$PY" "$@" 2>&1 | grep -E '^#[0-2] ' | sed 's/ in ?? () from .*libtvm_compiler.so/ in libtvm_compiler.so/'; }
a=$(frames tvm_hexagon-sampled.py --compile-only)
b=$(cd .. && frames hexagon_vlut_gather_repro.py 4 8 int32 hexagon)
echo "sampled-pool-seed1154692800/tvm_hexagon-sampled.py:"; echo "$a"
echo "../hexagon_vlut_gather_repro.py 4 8 int32 hexagon (the finding's 32-byte table):"; echo "$b"
off() { echo "$1" | head -1 | awk '{print substr($2, length($2) - 4)}'; }  # the low 20 bits: the library's base moves
[ -n "$a" ] && [ "$(off "$a")" = "$(off "$b")" ] && { echo "same innermost frame"; exit 1; }
echo "different crash sites"; exit 0
