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
GENERIC="--iree-hal-target-device=local --iree-hal-local-target-device-backends=llvm-cpu --iree-llvmcpu-target-cpu=generic"

EXTRA='lowering_config = #iree_cpu.lowering_config'
show "llvm-cpu, generic CPU, O2: vector tile 16 on d2 (the channel dim in the dispatch), read as d2 floordiv 3" \
  iree-compile kernel.mlir -o /dev/null $GENERIC --iree-opt-level=O2 $FAILED_PASS
claim "llvm-cpu, generic CPU, O2: vector tile 16 on d2 (the channel dim in the dispatch), read as d2 floordiv 3 [an error]" fails "'linalg.generic' op tiling is not supported for the semi-affine indexi"
EXTRA='^-none-$'
show "llvm-cpu, host CPU, vector width 16 bytes: the same" \
  iree-compile kernel.mlir -o /dev/null $CPU --iree-opt-level=O2 --iree-llvmcpu-target-vector-width-in-bytes=16
claim "llvm-cpu, host CPU, vector width 16 bytes: the same [an error]" fails "'linalg.generic' op tiling is not supported for the semi-affine indexi"
show "llvm-cpu, host CPU, O2: compiles (iree.sh runs it; bit-exact)" iree-compile kernel.mlir -o /dev/null $CPU --iree-opt-level=O2
claim "llvm-cpu, host CPU, O2: compiles (iree.sh runs it; bit-exact) [exit 0]" ok
verdict
