#!/bin/sh
# kernel.mlir (an i32 division of a value masked to 24 bits by one masked to 4 bits) compiled for gfx942 with
# iree:gfx942-O2's flags by IREE 3.7 to 3.13 from kernelfuzz's side environments: the LLVM IR IREE hands the AMDGPU
# backend (`.optimized.ll`) and the assembly the backend makes of it (`.rocmasm`).  In every release the IR is the
# exact `udiv` of the two masked values.  3.7-3.11 (LLVM before llvm/llvm-project#201186) compute the quotient by
# AMDGPUCodeGenPrepare's 24-bit float expansion (v_rcp_iflag_f32, v_mul_f32, v_trunc_f32 and one +1 correction; no
# v_mul_hi_u32), which model.py shows one too large for numerators of 2^23 and more; 3.12 and 3.13 use the 32-bit
# integer expansion (v_mul_hi_u32 and two refinements), which is exact.
# RELEASES: folder holding one iree-<version>/bin/iree-compile per release. sh evidence.sh > evidence.txt 2>&1
# Exit status (verdict.sh): 1 when 3.7-3.11 use the 24-bit float path, 3.12-3.13 the 32-bit one and model.py shows
# the float path wrong; 0 otherwise; 2 when a release's side environment or python3 with numpy is missing.
cd "$(dirname "$0")"
. ./verdict.sh
need python3
python3 -c "import numpy" 2> /dev/null || unable "python3 has no numpy"
W=$(mktemp -d) || exit 2
trap 'rm -rf "$W"' EXIT
R=${RELEASES:-${KERNELFUZZ_RELEASES:-${XDG_CACHE_HOME:-$HOME/.cache}/kernelfuzz/releases}}
for v in 3.7 3.8 3.9 3.10 3.11 3.12 3.13; do
  [ -x "$R/iree-$v/bin/iree-compile" ] || unable "no iree-$v side environment (kernelfuzz run udiv24.case --releases iree==$v builds it)"
done
for v in 3.7 3.8 3.9 3.10 3.11 3.12 3.13; do
  C="$R/iree-$v/bin/iree-compile"
  case $v in 3.7|3.8|3.9|3.10) target=--iree-hip-target=gfx942 ;; *) target=--iree-rocm-target=gfx942 ;; esac
  echo "== iree $v: $("$C" --version 2>&1 | sed -n 2,3p | sed 's/^ *//' | tr '\n' ' ')"
  rm -rf "$W/d"
  "$C" kernel.mlir -o "$W/k.vmfb" --iree-hal-target-device=hip "$target" --iree-opt-level=O2 \
    --iree-hal-dump-executable-intermediates-to="$W/d" > "$W/log" 2>&1
  echo "  iree-compile exit $?"
  LL=$(ls "$W"/d/*.optimized.ll 2> /dev/null | head -n1)
  S=$(ls "$W"/d/*.rocmasm 2> /dev/null | head -n1)
  [ -n "$LL" ] && [ -n "$S" ] || unable "iree $v wrote no .optimized.ll or .rocmasm"
  echo "  LLVM IR handed to the backend:"
  grep -E "= and <1 x i32>|= udiv|= sdiv" "$LL" | sed 's/^ */    /'
  echo "  assembly from the loads to the store:"
  sed -n '/buffer_load_dword v2/,/buffer_store_dword/p' "$S" | grep -vE "s_nop|s_waitcnt|s_mov|s_and_b32" \
    | sed 's/^[[:space:]]*/    /'
  claim "iree $v: the IR divides (x & 16777215) by (y & 15) with one udiv" \
    sh -c "grep -q 'and <1 x i32> .*16777215' '$LL' && grep -q 'and <1 x i32> .*, splat (i32 15)' '$LL' && grep -q '= udiv <1 x i32>' '$LL'"
  case $v in
    3.7|3.8|3.9|3.10|3.11)
      claim "iree $v: the quotient is the 24-bit float expansion (v_rcp_iflag_f32, v_trunc_f32; no v_mul_hi_u32)" \
        sh -c "grep -q v_rcp_iflag_f32 '$S' && grep -q v_trunc_f32 '$S' && ! grep -q v_mul_hi_u32 '$S'" ;;
    *)
      claim "iree $v: the quotient is the 32-bit integer expansion (v_mul_hi_u32, no v_trunc_f32)" \
        sh -c "grep -q v_mul_hi_u32 '$S' && ! grep -q v_trunc_f32 '$S'" ;;
  esac
done
echo "== model.py: the 24-bit float sequence, correctly rounded"
python3 model.py > "$W/model" 2>&1
r=$?
sed 's/^/  /' "$W/model"
[ "$r" -le 1 ] || unable "model.py exited $r"
claim "the 24-bit float sequence gives 16777214 / 3 = 5592405 (exactly 5592404)" [ "$r" = 1 ]
verdict
