#!/bin/sh
# Evidence for FINDING.md (iree-compile from iree-base-compiler 3.13.0 only).
# sh evidence.sh > evidence.txt 2>&1
cd "$(dirname "$0")"
. ./verdict.sh
need iree-compile iree-opt
CPU="--iree-hal-target-device=local --iree-hal-local-target-device-backends=llvm-cpu --iree-llvmcpu-target-cpu=host"
GFX942="--iree-hal-target-device=hip --iree-rocm-target=gfx942"
FUSION="--iree-dispatch-creation-enable-aggressive-fusion"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
EXTRA='^-none-$'

# show TITLE COMMAND...: the command, the diagnostics of its output (and lines matching $EXTRA), its exit status.
show() {
  printf '\n## %s\n$ ' "$1"; shift; echo "$*" | sed "s|$T|\$TMP|g"
  "$@" > "$T/out" 2>&1
  rc=$?
  grep -E "error: |$EXTRA" "$T/out" | cut -c1-200 | sed "s|$T|\$TMP|g"
  echo "exit status $rc"
}
ok() { [ "$rc" -eq 0 ]; }  # the last show's command succeeded
crashed() { [ "$rc" -gt 128 ]; }  # it died of a signal
fails() { [ "$rc" -ne 0 ] && [ "$rc" -le 128 ] && { [ -z "$1" ] || grep -qF -- "$1" "$T/out"; }; }  # an error, not a crash

show "kernel.mlir (kernelfuzz's reduced case): O2 with aggressive fusion is rejected" \
  iree-compile kernel.mlir -o /dev/null $CPU --iree-opt-level=O2 $FUSION=true
claim "kernel.mlir (kernelfuzz's reduced case): O2 with aggressive fusion is rejected [an error]" fails "'vector.store' op write affecting operations on global resources are r"
show "minimal.mlir (no pad, input zero point 0, weight zero point -2): rejected the same way" \
  iree-compile minimal.mlir -o /dev/null $CPU --iree-opt-level=O2
claim "minimal.mlir (no pad, input zero point 0, weight zero point -2): rejected the same way [an error]" fails "'vector.store' op write affecting operations on global resources are r"
show "minimal.mlir at O3: rejected" iree-compile minimal.mlir -o /dev/null $CPU --iree-opt-level=O3
claim "minimal.mlir at O3: rejected [an error]" fails "'vector.store' op write affecting operations on global resources are r"
show "minimal.mlir with target-cpu=generic: rejected" \
  iree-compile minimal.mlir -o /dev/null --iree-hal-target-device=local \
  --iree-hal-local-target-device-backends=llvm-cpu --iree-llvmcpu-target-cpu=generic --iree-opt-level=O2
claim "minimal.mlir with target-cpu=generic: rejected [an error]" fails "'vector.store' op write affecting operations on global resources are r"
show "minimal.mlir with aggressive fusion off: compiles" \
  iree-compile minimal.mlir -o /dev/null $CPU --iree-opt-level=O2 $FUSION=false
claim "minimal.mlir with aggressive fusion off: compiles [exit 0]" ok
show "minimal.mlir with workgroup distribution off: compiles" \
  iree-compile minimal.mlir -o /dev/null $CPU --iree-opt-level=O2 --iree-llvmcpu-disable-distribution
claim "minimal.mlir with workgroup distribution off: compiles [exit 0]" ok
show "minimal_wzp0.mlir (weight zero point 0: no input-window sum to fuse): compiles" \
  iree-compile minimal_wzp0.mlir -o /dev/null $CPU --iree-opt-level=O2
claim "minimal_wzp0.mlir (weight zero point 0: no input-window sum to fuse): compiles [exit 0]" ok
show "minimal.mlir for gfx942: compiles" iree-compile minimal.mlir -o /dev/null $GFX942 --iree-opt-level=O2
claim "minimal.mlir for gfx942: compiles [exit 0]" ok
show "tosa.mlir (the same through TOSA: conv2d with weight zero point -2, then reduce_sum): rejected" \
  iree-compile tosa.mlir -o /dev/null $CPU --iree-opt-level=O2 --iree-input-type=tosa
claim "tosa.mlir (the same through TOSA: conv2d with weight zero point -2, then reduce_sum): rejected [an error]" fails "'vector.store' op write affecting operations on global resources are r"

# The dispatch before and after workgroup distribution: the reduction's init fill reaches it through a
# tensor.expand_shape and stays outside the scf.forall (as its shared_outs init).
DIST=iree-codegen-tile-and-distribute-to-workgroups-using-forall-op
iree-compile minimal.mlir -o /dev/null $CPU --iree-opt-level=O2 --mlir-disable-threading \
  --mlir-print-ir-before=$DIST --mlir-print-ir-after=$DIST > "$T/dist" 2>&1
printf '\n## the reduction dispatch around TileAndDistributeToWorkgroupsUsingForallOpPass (minimal.mlir)\n'
awk '/IR Dump (Before|After) TileAndDistribute/{keep = 0} /IR Dump (Before|After) TileAndDistribute/{hdr = $0}
     /^(<unknown>|minimal.mlir)/{keep = 0} /func.func @main_dispatch_1_reduction/{keep = 1; print hdr}
     keep && /(linalg.fill|expand_shape|scf.forall|shared_outs|extract_slice %arg2|parallel_insert_slice|^})/{print}' \
  "$T/dist" | cut -c1-200
verdict
