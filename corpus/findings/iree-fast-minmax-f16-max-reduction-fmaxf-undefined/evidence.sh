#!/bin/sh
# Evidence for FINDING.md (iree-compile / iree-opt from iree-base-compiler 3.13.0 only).
# sh evidence.sh > evidence.txt 2>&1
cd "$(dirname "$0")"
. ./verdict.sh
need iree-compile iree-opt
CPU="--iree-hal-target-device=local --iree-hal-local-target-device-backends=llvm-cpu --iree-llvmcpu-target-cpu=host"
GFX942="--iree-hal-target-device=hip --iree-rocm-target=gfx942"
CUDA="--iree-hal-target-device=cuda --iree-cuda-target=sm_80"
FAILED_PASS="--mlir-print-ir-after-failure --mlir-disable-threading"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
EXTRA='^-none-$'

# show TITLE COMMAND...: print the command, the lines of its output that matter (diagnostics, the
# passes reported failed, the first crash frames, and lines matching $EXTRA) and its exit status.
show() {
  printf '\n## %s\n$ ' "$1"; shift; echo "$*" | sed "s|$T|\$TMP|g"
  "$@" > "$T/out" 2>&1
  rc=$?
  grep -E "error: |IR Dump After .*Failed|^ *#[4-9] |$EXTRA" "$T/out" | cut -c1-260 | sed "s|$T|\$TMP|g"
  echo "exit status $rc"
}
ok() { [ "$rc" -eq 0 ]; }  # the last show's command succeeded
crashed() { [ "$rc" -gt 128 ]; }  # it died of a signal
fails() { [ "$rc" -ne 0 ] && [ "$rc" -le 128 ] && { [ -z "$1" ] || grep -qF -- "$1" "$T/out"; }; }  # an error, not a crash
FAST="--iree-llvmcpu-use-fast-min-max-ops"
REASSOC="--iree-llvmcpu-reassociate-fp-reductions"

printf '\n## what the two flags of iree:cpu-fast are documented to do (iree-compile --help)\n'
iree-compile --help 2>&1 | grep -A2 -E -- "$FAST |$REASSOC "

EXTRA='llvm.intr.maxnum|llvm.intr.vector.reduce.fmax'
show "max, f16: fast-min-max alone fails to link; the LLVM dialect IR calls llvm.intr.maxnum on f32" \
  iree-compile kernel.mlir -o /dev/null $CPU --iree-opt-level=O2 $FAST $FAILED_PASS
claim "max, f16: fast-min-max alone fails to link; the LLVM dialect IR calls llvm.intr.maxnum on f32 [an error]" fails "undefined symbol: fmaxf"
EXTRA='^-none-$'
show "max, f16: both flags of iree:cpu-fast (as iree.sh runs it): the same" \
  iree-compile kernel.mlir -o /dev/null $CPU --iree-opt-level=O2 $FAST $REASSOC
claim "max, f16: both flags of iree:cpu-fast (as iree.sh runs it): the same [an error]" fails "undefined symbol: fmaxf"
show "max, f16: reassociation alone compiles" iree-compile kernel.mlir -o /dev/null $CPU --iree-opt-level=O2 $REASSOC
claim "max, f16: reassociation alone compiles [exit 0]" ok
show "max, f16: neither flag compiles" iree-compile kernel.mlir -o /dev/null $CPU --iree-opt-level=O2
claim "max, f16: neither flag compiles [exit 0]" ok

EXTRA='llvm.intr.minnum|llvm.intr.vector.reduce.fmin'
show "min, f16 (fminf-min-reduction/): fast-min-max alone fails with fminf; the IR uses llvm.intr.minnum" \
  iree-compile fminf-min-reduction/kernel.mlir -o /dev/null $CPU --iree-opt-level=O2 $FAST $FAILED_PASS
claim "min, f16 (fminf-min-reduction/): fast-min-max alone fails with fminf; the IR uses llvm.intr.minnum [an error]" fails "undefined symbol: fminf"
EXTRA='^-none-$'
show "min, f16: neither flag compiles" iree-compile fminf-min-reduction/kernel.mlir -o /dev/null $CPU --iree-opt-level=O2
claim "min, f16: neither flag compiles [exit 0]" ok

sed 's/f16/f32/g; s/0xFC00/0xFF800000/' kernel.mlir > "$T/max_f32.mlir"
show "control: the same max reduction on f32 compiles with fast-min-max" \
  iree-compile "$T/max_f32.mlir" -o /dev/null $CPU --iree-opt-level=O2 $FAST
claim "control: the same max reduction on f32 compiles with fast-min-max [exit 0]" ok
verdict
