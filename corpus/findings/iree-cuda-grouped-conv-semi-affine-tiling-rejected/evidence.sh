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

EXTRA='lowering_config = #iree_gpu.lowering_config'
show "cuda sm_80 O2: workgroup tile 2 on the channel dim (d0 in the dispatch), which the map reads as d0 floordiv 3" \
  iree-compile kernel.mlir -o /dev/null $CUDA --iree-opt-level=O2 $FAILED_PASS
claim "cuda sm_80 O2: workgroup tile 2 on the channel dim (d0 in the dispatch), which the map reads as d0 floordiv 3 [an error]" fails "'linalg.generic' op tiling is not supported for the semi-affine indexi"
EXTRA='^-none-$'
show "gfx942 O2: compiles" iree-compile kernel.mlir -o /dev/null $GFX942 --iree-opt-level=O2
claim "gfx942 O2: compiles [exit 0]" ok
show "llvm-cpu O2: compiles (iree.sh runs it; bit-exact)" iree-compile kernel.mlir -o /dev/null $CPU --iree-opt-level=O2
claim "llvm-cpu O2: compiles (iree.sh runs it; bit-exact) [exit 0]" ok

EXTRA='lowering_config = #iree_gpu.lowering_config'
show "gfx942-grouped-conv/: gfx942 O2 fails the same way (tile size 16, step 3)" \
  iree-compile gfx942-grouped-conv/kernel.mlir -o /dev/null $GFX942 --iree-opt-level=O2 $FAILED_PASS
claim "gfx942-grouped-conv/: gfx942 O2 fails the same way (tile size 16, step 3) [an error]" fails "'linalg.generic' op tiling is not supported for the semi-affine indexi"
EXTRA='lowering_config = #iree_cpu.lowering_config'
show "gfx942-grouped-conv/: llvm-cpu O2 fails the same way (tile size 4, step 3)" \
  iree-compile gfx942-grouped-conv/kernel.mlir -o /dev/null $CPU --iree-opt-level=O2 $FAILED_PASS
claim "gfx942-grouped-conv/: llvm-cpu O2 fails the same way (tile size 4, step 3) [an error]" fails "'linalg.generic' op tiling is not supported for the semi-affine indexi"
EXTRA='^-none-$'
show "gfx942-grouped-conv/: cuda sm_80 O2" \
  iree-compile gfx942-grouped-conv/kernel.mlir -o /dev/null $CUDA --iree-opt-level=O2
claim "gfx942-grouped-conv/: cuda sm_80 O2 [an error]" fails "'linalg.generic' op tiling is not supported for the semi-affine indexi"
verdict
