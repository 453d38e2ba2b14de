#!/bin/sh
# Evidence for FINDING.md (iree-compile from iree-base-compiler 3.13.0 only).
# sh evidence.sh > evidence.txt 2>&1
cd "$(dirname "$0")"
. ./verdict.sh
need iree-compile iree-opt
CPU="--iree-hal-target-device=local --iree-hal-local-target-device-backends=llvm-cpu --iree-llvmcpu-target-cpu=host"
GFX942="--iree-hal-target-device=hip --iree-rocm-target=gfx942"
CUDA="--iree-hal-target-device=cuda --iree-cuda-target=sm_80"
NO_VD="--iree-codegen-llvmgpu-use-vector-distribution=false"
NO_RVD="--iree-codegen-llvmgpu-use-reduction-vector-distribution=false"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
EXTRA='^-none-$'

# show TITLE COMMAND...: print the command, the lines of its output that matter (diagnostics, the
# first crash frames, the pass running at the crash, and lines matching $EXTRA) and its exit status.
show() {
  printf '\n## %s\n$ ' "$1"; shift; echo "$*" | sed "s|$T|\$TMP|g"
  "$@" > "$T/out" 2>&1
  rc=$?
  grep -E "error: |^ *#[4-7] |GPUApplyTilingLevelPass::runOnOperation|$EXTRA" "$T/out" \
    | cut -c1-240 | sed "s|$T|\$TMP|g; s|0x[0-9a-f]* ||"
  echo "exit status $rc"
}
ok() { [ "$rc" -eq 0 ]; }  # the last show's command succeeded
crashed() { [ "$rc" -gt 128 ]; }  # it died of a signal
fails() { [ "$rc" -ne 0 ] && [ "$rc" -le 128 ] && { [ -z "$1" ] || grep -qF -- "$1" "$T/out"; }; }  # an error, not a crash

show "gfx942 O2: SIGSEGV in computeTileSizes, tiling a linalg.copy (GPUApplyTilingLevelPass, partial_reduction level)" \
  iree-compile kernel.mlir -o /dev/null $GFX942 --iree-opt-level=O2
claim "gfx942 O2: SIGSEGV in computeTileSizes, tiling a linalg.copy (GPUApplyTilingLevelPass, partial_reduction level [a crash]" crashed

EXTRA='lowering_config|IR Dump|floordiv 2\)>|tensor.pad %extracted_slice |\} : tensor<1x1x\?x1xi8> to'
show "gfx942 O2, the IR before and after GPUApplyPaddingLevelPass{partial_reduction}: in0's tile (d0, d2, d3, d1 floordiv 2) is 1x1x?x1; it is 'padded' to 1x1x?x0 with high padding -1" \
  iree-compile kernel.mlir -o /dev/null $GFX942 --iree-opt-level=O2 --mlir-disable-threading \
  --mlir-print-ir-before=iree-codegen-gpu-apply-padding-level --mlir-print-ir-after=iree-codegen-gpu-apply-padding-level
claim "gfx942 O2, the IR before and after GPUApplyPaddingLevelPass{partial_reduction}: in0's tile (d0, d2, d3, d1 flo [a crash]" crashed
EXTRA='^-none-$'

show "gfx942, aggressive fusion off: the same" \
  iree-compile kernel.mlir -o /dev/null $GFX942 --iree-opt-level=O2 --iree-dispatch-creation-enable-aggressive-fusion=false
claim "gfx942, aggressive fusion off: the same [a crash]" crashed
show "gfx942, implicit GEMM off: the same" \
  iree-compile kernel.mlir -o /dev/null $GFX942 --iree-opt-level=O2 --iree-codegen-llvmgpu-use-igemm=false
claim "gfx942, implicit GEMM off: the same [a crash]" crashed
show "gfx942, reduction vector distribution off: compiles" \
  iree-compile kernel.mlir -o /dev/null $GFX942 --iree-opt-level=O2 $NO_RVD
claim "gfx942, reduction vector distribution off: compiles [exit 0]" ok
show "gfx942, vector distribution and reduction vector distribution off (iree:gfx942-no-vecdist): compiles" \
  iree-compile kernel.mlir -o /dev/null $GFX942 --iree-opt-level=O2 $NO_VD $NO_RVD
claim "gfx942, vector distribution and reduction vector distribution off (iree:gfx942-no-vecdist): compiles [exit 0]" ok
show "gfx1100 O2: the same crash" iree-compile kernel.mlir -o /dev/null --iree-hal-target-device=hip --iree-rocm-target=gfx1100 --iree-opt-level=O2
claim "gfx1100 O2: the same crash [a crash]" crashed
show "cuda sm_80 O2: the same crash" iree-compile kernel.mlir -o /dev/null $CUDA --iree-opt-level=O2
claim "cuda sm_80 O2: the same crash [a crash]" crashed
show "llvm-cpu O2: compiles" iree-compile kernel.mlir -o /dev/null $CPU --iree-opt-level=O2
claim "llvm-cpu O2: compiles [exit 0]" ok

sed -e 's/tensor<?x1x?x?xi8>/tensor<1x1x3x2xi8>/g; s/tensor<?x3x1x?xi8>/tensor<1x3x1x4xi8>/g' \
    -e 's/tensor<?x1x1x?xi32>/tensor<1x1x1x4xi32>/g; s/tensor.empty(%dim2, %dim4)/tensor.empty()/' kernel.mlir \
  | grep -v 'tensor.dim\|arith.constant [03] : index' > "$T/static.mlir"
show "variant: the same kernel with static shapes (the sizes of case.json): compiles on gfx942" \
  iree-compile "$T/static.mlir" -o /dev/null $GFX942 --iree-opt-level=O2
claim "variant: the same kernel with static shapes (the sizes of case.json): compiles on gfx942 [exit 0]" ok
sed 's/(d3 floordiv 2) \* 1 + d6/d6/' kernel.mlir > "$T/no_floordiv.mlir"
show "variant: in0 read at d6 instead of (d3 floordiv 2) + d6 (no semi-affine term): compiles on gfx942" \
  iree-compile "$T/no_floordiv.mlir" -o /dev/null $GFX942 --iree-opt-level=O2
claim "variant: in0 read at d6 instead of (d3 floordiv 2) + d6 (no semi-affine term): compiles on gfx942 [exit 0]" ok

EXTRA='tensor.pad|\} : tensor<'
show "the padding pass alone on the dispatch as it reaches it (pad_input.mlir, printed by --mlir-print-ir-before=iree-codegen-gpu-apply-padding-level): the 1x1x?x1 tile of in0 becomes 1x1x?x0 (high -1)" \
  iree-opt pad_input.mlir --pass-pipeline='builtin.module(func.func(iree-codegen-gpu-apply-padding-level{tiling-level=partial_reduction}))'
claim "the padding pass alone on the dispatch as it reaches it (pad_input.mlir, printed by --mlir-print-ir-before=ire [exit 0]" ok
verdict
