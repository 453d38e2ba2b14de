#!/bin/sh
# The bug in IREE's own IR and LLVM IR, no simulator involved; writes nothing but stdout (kept as evidence.txt):
#   sh evidence.sh [IREE_COMPILE] > evidence.txt
# Needs iree-compile (IREE 3.13 by default). Exit 1 when every claim holds (the bug is shown), 0 when one fails.
cd "$(dirname "$0")"
. ./verdict.sh
C=${1:-iree-compile}
need "$C" awk grep
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
T="--iree-hal-target-device=hip --iree-rocm-target=gfx942 --iree-opt-level=O2"
echo "== $($C --version 2>&1 | tr "\n" " " | cut -c1-100)"

echo "== 1. GPUPackToIntrinsicsPass pads the fused epilogue's float8 operand with ub.poison"
$C kernel.mlir $T --compile-to=executable-targets --mlir-disable-threading -o /dev/null \
  --mlir-print-ir-after=iree-codegen-gpu-pack-to-intrinsics 2> "$W/pack.txt"
grep -E "ub.poison : f8|padding_value\(" "$W/pack.txt"
claim "the residual's f8 operand is packed with a poison padding value" \
  grep -qE "linalg.pack .*padding_value\(%[0-9a-z_]+ : f8E4M3FNUZ\)" "$W/pack.txt"

echo "== 2. before iree-convert-to-rocdl: an elementwise arith.extf on vector<4xf8> whose masked lanes are poison"
$C kernel.mlir $T --compile-to=executable-targets --mlir-disable-threading -o /dev/null \
  --mlir-print-ir-before=iree-convert-to-rocdl --mlir-print-ir-after=iree-convert-to-rocdl 2> "$W/rocdl.txt"
awk '/IR Dump Before/{p=1} /IR Dump After/{p=0} p' "$W/rocdl.txt" > "$W/before.txt"
awk '/IR Dump After/{p=1} p' "$W/rocdl.txt" > "$W/after.txt"
grep -nE "ub.poison : f8E4M3FNUZ|cond_br .*\(%[0-9]+ : f8E4M3FNUZ\)|memref.store .*private|arith.extf .*vector<4xf8E4M3FNUZ>" "$W/before.txt"
claim "a masked-off element is stored as ub.poison (the else edge of the guarded load carries the poison value)" \
  sh -c "p=\$(grep -oE '%[0-9]+ = ub.poison : f8E4M3FNUZ' '$W/before.txt' | head -1 | cut -d' ' -f1); \
         [ -n \"\$p\" ] && grep -qE \"cond_br .*\\(\$p : f8E4M3FNUZ\\)\" '$W/before.txt'"
claim "the loaded vector<4xf8E4M3FNUZ> is widened by one elementwise arith.extf" \
  grep -qE "arith.extf %[0-9]+ : vector<4xf8E4M3FNUZ> to vector<4xf32>" "$W/before.txt"
echo "-- after: the extf is one llvm.bitcast of the 4 bytes to i32 and rocdl.cvt.pk.f32.fp8, no llvm.freeze:"
grep -nE "llvm.bitcast .*vector<4xi8> to i32|rocdl.cvt.pk.f32.fp8|llvm.freeze" "$W/after.txt" | head -8
claim "iree-convert-to-rocdl lowers it through a bitcast vector<4xi8> -> i32 into rocdl.cvt.pk.f32.fp8" \
  sh -c "grep -qE 'llvm.bitcast .*vector<4xi8> to i32' '$W/after.txt' && grep -q 'rocdl.cvt.pk.f32.fp8' '$W/after.txt'"
claim "and freezes nothing (a poison lane makes the whole i32 poison)" sh -c "! grep -q 'llvm.freeze' '$W/after.txt'"

echo "== 3. the LLVM IR IREE hands to the AMDGPU backend, and what LLVM's optimizer legally makes of it"
$C kernel.mlir $T -o "$W/k.vmfb" --iree-hal-dump-executable-files-to="$W/dump"
grep -hE "phi i8 .*poison|bitcast <4 x i8> .* to i32|cvt.pk.f32.fp8" "$W"/dump/*.linked.ll | head -8
claim ".linked.ll: a masked byte is phi'd with poison, and the <4 x i8> is bitcast to i32 for cvt.pk.f32.fp8" \
  sh -c "grep -qE 'phi i8 .*\\[ poison,' $W/dump/*.linked.ll && grep -qE 'bitcast <4 x i8> %[0-9]+ to i32' $W/dump/*.linked.ll"
echo "-- .optimized.ll: the packed i32 is a phi of the four bytes OR'ed on the path that loads the group's LAST byte, poison otherwise:"
awk '/= phi i32 .*\[ poison,/{print; split($1, a, " "); n[a[1]]=1} /cvt.pk.f32.fp8\(i32 %/{for (v in n) if (index($0, v ",")) print}' \
  "$W"/dump/*.optimized.ll
claim ".optimized.ll: a phi i32 with a poison edge is the operand of cvt.pk.f32.fp8 (valid bytes lost with the masked one)" \
  sh -c "awk '/= phi i32 .*\\[ poison,/{n[\$1]=1} /cvt.pk.f32.fp8\\(i32 %/{for (v in n) if (index(\$0, v \",\")) f=1} END{exit !f}' \
         $W/dump/*.optimized.ll"
verdict
