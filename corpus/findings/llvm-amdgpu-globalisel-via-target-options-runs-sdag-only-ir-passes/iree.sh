#!/bin/sh
# IREE 3.13 on two small kernels for gfx942: kernel_insert_subvector.mlir (an int4 weight dequantized to f16, then a
# 6x2x8 matmul; kernelfuzz campaign case seed1277163926) and kernel_end_cf.mlir (an i8 matmul and a max over its
# rows; the stored case tests/cases/matmul-exact-seed22.json).
# IREE turns GlobalISel on through the TargetMachine's options (TargetOptions::EnableGlobalISel); LLVM's own
# --global-isel sets a command-line option, which is all AMDGPU's pass pipeline asks about. The claims: each kernel
# compiles with SelectionDAG and with --global-isel --global-isel-abort=1 (GlobalISel, aborting on failure), and dies
# with --iree-rocm-llvm-global-isel; the IR differs exactly where AMDGPU asks the command-line option:
# AMDGPUCodeGenPrepare splits a <4 x half> phi with llvm.vector.insert (GlobalISel cannot legalize the
# G_INSERT_SUBVECTOR it becomes), and an LCSSA pass runs after the control-flow annotation, so llvm.amdgcn.end.cf
# reads a loop-exit phi of the lane mask (divergent, so RegBankLegalize finds no rule for a VGPR mask).
# Exit 1 when every claim holds, 0 when one fails, 2 without iree-compile (pip install iree-base-compiler).
cd "$(dirname "$0")"
. ./verdict.sh
need iree-compile
iree-compile --version | grep -E "IREE compiler version|LLVM version"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
GFX942="--iree-hal-target-device=hip --iree-rocm-target=gfx942 --iree-opt-level=O2"
API="--iree-rocm-llvm-global-isel"
CL="--global-isel --global-isel-abort=1"
compile() { k=$1; shift; iree-compile "$k" -o "$T/k.vmfb" $GFX942 "$@" > "$T/out" 2>&1; rc=$?; grep -m1 "LLVM ERROR" "$T/out" | cut -c1-220; }
says() { [ "$rc" -ne 0 ] && grep -qF -- "$1" "$T/out"; }
ok() { [ "$rc" -eq 0 ]; }
count() { grep -c -- "$1" "$T/out"; }
only_api() { [ "$n_api" -gt 0 ] && [ "$n_cl" -eq 0 ]; }  # seen under IREE's flag, not under LLVM's option

echo "== kernel_insert_subvector.mlir"
compile kernel_insert_subvector.mlir
claim "SelectionDAG compiles it [exit 0]" ok
compile kernel_insert_subvector.mlir $API
claim "$API: unable to legalize G_INSERT_SUBVECTOR of <4 x f16>" says "G_INSERT_SUBVECTOR"
compile kernel_insert_subvector.mlir $CL
claim "$CL: compiles [exit 0]" ok
compile kernel_insert_subvector.mlir $API --print-after=amdgpu-codegenprepare
n_api=$(count "= call <4 x half> @llvm.vector.insert")
compile kernel_insert_subvector.mlir $CL --print-after=amdgpu-codegenprepare
n_cl=$(count "= call <4 x half> @llvm.vector.insert")
echo "llvm.vector.insert calls after AMDGPUCodeGenPrepare: $n_api with $API, $n_cl with $CL"
claim "AMDGPUCodeGenPrepare splits the phi with llvm.vector.insert only under $API" only_api
compile kernel_insert_subvector.mlir $API --amdgpu-codegenprepare-break-large-phis=false
claim "$API with --amdgpu-codegenprepare-break-large-phis=false: no G_INSERT_SUBVECTOR, the end.cf failure instead" \
  says "llvm.amdgcn.end.cf"

echo "== kernel_end_cf.mlir"
compile kernel_end_cf.mlir
claim "SelectionDAG compiles it [exit 0]" ok
compile kernel_end_cf.mlir $API
claim "$API: AMDGPU RegBankLegalize finds no rule for llvm.amdgcn.end.cf of a VGPR mask" \
  says "RegBankLegalize: none of the rules defined with 'Any' for MI's opcode matched MI: G_INTRINSIC_W_SIDE_EFFECTS intrinsic(@llvm.amdgcn.end.cf), %"
compile kernel_end_cf.mlir $CL
claim "$CL: compiles [exit 0]" ok
compile kernel_end_cf.mlir $API --print-after=lcssa
grep -m1 "amdgcn.end.cf.i64(i64 %.lcssa)" "$T/out"
n_api=$(count "amdgcn.end.cf.i64(i64 %.lcssa)")
compile kernel_end_cf.mlir $CL --print-after=lcssa
n_cl=$(count "amdgcn.end.cf.i64(i64 %.lcssa)")
echo "end.cf of an LCSSA phi after the LCSSA passes: $n_api with $API, $n_cl with $CL"
claim "only under $API does an LCSSA pass make end.cf read a loop-exit phi" only_api
verdict
