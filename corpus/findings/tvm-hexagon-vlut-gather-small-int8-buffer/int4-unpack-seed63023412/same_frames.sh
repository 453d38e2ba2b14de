#!/bin/sh
# Runs this case's script and the finding's own crash script under gdb and prints the innermost frames of each
# SIGSEGV: the same program counters inside libtvm_compiler.so (the wheel has no symbols) = the same crash site.
# Each compiles in-process (--compile-only): without it the scripts compile in a child process gdb does not follow.
# Exit 1 when both crash at the same innermost frame (this case is the finding's bug), 0 otherwise.
cd "$(dirname "$0")"
for t in gdb; do command -v "$t" > /dev/null 2>&1 || { echo "could not run: $t is not on PATH (exit 2)"; exit 2; }; done
PY=${PYTHON:-python}
frames() { gdb -q -batch -ex run -ex bt --args "$PY" "$1" --compile-only 2>&1 | grep -E '^#[0-2] ' | sed 's/ in ?? () from .*libtvm_compiler.so/ in libtvm_compiler.so/'; }
a=$(frames tvm_hexagon-hvx-fuse-vectorize.py)
b=$(cd .. && frames tvm_hexagon-hvx-fuse-vectorize.py)
echo "int4-unpack-seed63023412/tvm_hexagon-hvx-fuse-vectorize.py:"; echo "$a"
echo "../tvm_hexagon-hvx-fuse-vectorize.py (the finding's 2-byte table):"; echo "$b"
[ -n "$a" ] && [ "$(echo "$a" | head -1 | awk '{print $2}')" = "$(echo "$b" | head -1 | awk '{print $2}')" ] && { echo "same innermost frame"; exit 1; }
echo "different crash sites"; exit 0
