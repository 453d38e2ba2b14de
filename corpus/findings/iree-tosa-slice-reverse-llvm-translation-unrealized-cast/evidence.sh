#!/bin/sh
# Evidence for FINDING.md (iree-compile from iree-base-compiler 3.13.0 only).
# PATH=/path/to/venv/bin:$PATH sh evidence.sh > evidence.txt 2>&1
cd "$(dirname "$0")"
. ./verdict.sh
need iree-compile iree-opt
CPU="--iree-hal-target-device=local --iree-hal-local-target-device-backends=llvm-cpu --iree-llvmcpu-target-cpu=host"
GFX942="--iree-hal-target-device=hip --iree-rocm-target=gfx942"
TOSA="--iree-input-type=tosa"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
EXTRA='^-none-$'

# show TITLE COMMAND...: the command, the lines of its output that matter and its exit status.
show() {
  printf '\n## %s\n$ ' "$1"; shift; echo "$*" | sed "s|$T|\$TMP|g"
  "$@" > "$T/out" 2>&1
  rc=$?
  grep -E "error: |$EXTRA" "$T/out" | cut -c1-260 | sed "s|$T|\$TMP|g"
  echo "exit status $rc"
}
ok() { [ "$rc" -eq 0 ]; }  # the last show's command succeeded
crashed() { [ "$rc" -gt 128 ]; }  # it died of a signal
fails() { [ "$rc" -ne 0 ] && [ "$rc" -le 128 ] && { [ -z "$1" ] || grep -qF -- "$1" "$T/out"; }; }  # an error, not a crash

show "the minimal TOSA module: slice then reverse of a 6x1x3 tensor, llvm-cpu" \
  iree-compile tosa_minimal.mlir -o /dev/null $CPU $TOSA
claim "the minimal TOSA module: slice then reverse of a 6x1x3 tensor, llvm-cpu [an error]" fails "LLVM Translation failed for operation: builtin.unrealized_conversion_c"
show "the same at O0" iree-compile tosa_minimal.mlir -o /dev/null $CPU $TOSA --iree-opt-level=O0
claim "the same at O0 [an error]" fails "LLVM Translation failed for operation: builtin.unrealized_conversion_c"
show "the same on HIP gfx942 compiles" iree-compile tosa_minimal.mlir -o /dev/null $GFX942 $TOSA
claim "the same on HIP gfx942 compiles [exit 0]" ok

printf '\n## %s\n$ %s\n' "the dispatch just before LLVM conversion: a vector.gather from the rank-reducing, stride-3 subview" \
  "iree-compile tosa_minimal.mlir $CPU $TOSA --mlir-print-ir-after-all --mlir-disable-threading (last subview and gather)"
iree-compile tosa_minimal.mlir -o /dev/null $CPU $TOSA --mlir-print-ir-after-all --mlir-disable-threading 2>&1 |
  grep -E "memref.subview|vector.gather" | tail -2 | sed 's/^ *//' | cut -c1-260

grep -v '"tosa.reverse"' tosa_minimal.mlir | sed 's/%t4 :/%t3 :/' > "$T/no_reverse.mlir"
show "control: without the reverse it compiles" iree-compile "$T/no_reverse.mlir" -o /dev/null $CPU $TOSA
claim "control: without the reverse it compiles [exit 0]" ok
sed 's/tensor<6x1x3xf32>/tensor<6x3xf32>/g; s/tensor<2x1x1xf32>/tensor<2x1xf32>/g; s/\[4, 0, 2\]/[4, 2]/; s/\[2, 1, 1\]/[2, 1]/;
     s/tensor<3xindex>/tensor<2xindex>/g; s/tosa.shape<3>/tosa.shape<2>/g' tosa_minimal.mlir > "$T/rank2.mlir"
show "control: the same slice and reverse of a 6x3 tensor (rank 2) compiles" iree-compile "$T/rank2.mlir" -o /dev/null $CPU $TOSA
claim "control: the same slice and reverse of a 6x3 tensor (rank 2) compiles [exit 0]" ok
show "control: the kernelfuzz case as linalg (iree_cpu-O2.mlir) compiles" \
  iree-compile iree_cpu-O2.mlir -o /dev/null $CPU --iree-opt-level=O2
claim "control: the kernelfuzz case as linalg (iree_cpu-O2.mlir) compiles [exit 0]" ok
verdict
