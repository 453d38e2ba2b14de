#!/bin/sh
# IREE 3.13 on kernel.mlir (a 1x1 f16 conv with an f32 accumulator plus a residual add; kernelfuzz's stored case
# tests/cases/residual-exact-seed6.json) for gfx942.
# Claims: the default instruction selector (SelectionDAG) compiles it; AMDGPU's GlobalISel, switched on by IREE's
# flag or by LLVM's own -global-isel option, dies in the legalizer on G_STEP_VECTOR; the LLVM IR IREE hands the
# backend (--iree-hal-dump-executable-intermediates-to) calls llvm.stepvector on a fixed-width <4 x i64> vector.
# Exit 1 when every claim holds, 0 when one fails, 2 without iree-compile (pip install iree-base-compiler).
cd "$(dirname "$0")"
. ./verdict.sh
need iree-compile
iree-compile --version | grep -E "IREE compiler version|LLVM version"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
GFX942="--iree-hal-target-device=hip --iree-rocm-target=gfx942 --iree-opt-level=O2"
compile() { iree-compile kernel.mlir -o "$T/k.vmfb" $GFX942 "$@" > "$T/out" 2>&1; rc=$?; grep -m1 "LLVM ERROR" "$T/out"; }
says() { [ "$rc" -ne 0 ] && grep -qF -- "$1" "$T/out"; }
compile
claim "gfx942 O2, SelectionDAG: compiles [exit 0]" [ "$rc" -eq 0 ]
compile --iree-rocm-llvm-global-isel --iree-hal-dump-executable-intermediates-to="$T/dump"
claim "gfx942 O2 --iree-rocm-llvm-global-isel: unable to legalize G_STEP_VECTOR" says "G_STEP_VECTOR"
compile --global-isel --global-isel-abort=1
claim "gfx942 O2 with LLVM's --global-isel --global-isel-abort=1: the same failure" says "G_STEP_VECTOR"
grep -h "llvm.stepvector" "$T"/dump/*.optimized.ll | head -3
claim "the LLVM IR IREE hands the backend calls llvm.stepvector on a fixed <4 x i64>" \
  grep -q "call <4 x i64> @llvm.stepvector.v4i64()" "$T"/dump/*.optimized.ll
verdict
