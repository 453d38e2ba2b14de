#!/bin/sh
# Compile-only and simulator evidence for this finding; writes evidence.txt. Run from the kernelfuzz checkout root:
#   sh corpus/findings/iree-gfx942-igemm-quantized-conv-drops-zero-points/evidence.sh [IREE_COMPILE] > .../evidence.txt
# Needs iree-compile (IREE 3.13 by default) and, for part 4, kernelfuzz's gfx942 simulator (PYTHONPATH=.).
cd "$(dirname "$0")"
. ./verdict.sh
need iree-compile python3
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
evidence() {
D=$(pwd); C=${1:-iree-compile}
T="--iree-hal-target-device=hip --iree-rocm-target=gfx942 --iree-opt-level=O2"
echo "== 1. the zero-point arithmetic before and after iree-codegen-convolution-to-igemm ($($C --version 2>&1 | head -1))"
$C "$D/kernel.mlir" $T --compile-to=executable-targets --mlir-disable-threading \
  --mlir-print-ir-before=iree-codegen-convolution-to-igemm --mlir-print-ir-after=iree-codegen-convolution-to-igemm \
  -o /dev/null 2>&1 | grep -E "IR Dump|lowering_config|\^bb0|arith\.(extsi|subi|muli|addi)|linalg.yield|im2col|c-4_i32 =|c7_i32 ="
echo "== 2. every pass over the dispatch function (scoped dumps of @main_dispatch_0*): count of subi by a zero point"
echo "   (arith.subi with %c-4_i32 or %c7_i32), printed where it changes"
$C "$D/kernel.mlir" $T --compile-to=executable-targets --mlir-disable-threading --mlir-print-ir-after-all -o /dev/null 2>&1 \
  | awk '/IR Dump After/{if(d)print n"\t"h; h=$0; n=0; d=0} /func.func @main_dispatch_0/{d=1} /arith.subi .*%c(-4|7)_i32/{n++} END{if(d)print n"\t"h}' \
  | awk -F'\t' 'NR==1||$1!=p{print "zero-point subi="$1"  after "$2} {p=$1; l=$2} END{print "(last dump) zero-point subi="p"  after "l}' \
  | sed 's|// -----// IR Dump After ||; s| //----- //||'
echo "== 3. the LLVM IR and assembly: MFMA operands (full compile, --iree-hal-dump-executable-files-to)"
$C "$D/kernel.mlir" $T -o "$W/k.vmfb" --iree-hal-dump-executable-files-to="$W/dump"
grep -h "mfma" "$W"/dump/*.optimized.ll
echo "-- every line of the .optimized.ll with an i8/i32 constant -4, 4, 7 or -7 (a zero point or its negation would be one; these are shuffle masks and metadata):"
grep -hE "(i8|i32) (-?4|-?7)(,|$| )" "$W"/dump/*.optimized.ll
echo "-- the loads and shuffles feeding the MFMA operands (i8 bytes, no arithmetic):"
grep -hE "load <[0-9]+ x i8>|load i8|bitcast <8 x i8>" "$W"/dump/*.optimized.ll | head -12
echo "-- v_mfma in the .rocmasm:"; grep -h "v_mfma" "$W"/dump/*.rocmasm
echo "== 4. the simulator: 3.13 default flags, then implicit GEMM off"
python3 "$D/gfx942_sim.py" "$C" "$W/o2" --iree-rocm-target=gfx942 --iree-opt-level=O2
python3 "$D/gfx942_sim.py" "$C" "$W/noigemm" --iree-rocm-target=gfx942 --iree-opt-level=O2 --iree-codegen-llvmgpu-use-igemm=false
echo "== 5. the same rewrite on an f16 conv-shaped generic whose body negates the input (variants/generic_negf.mlir)"
$C "$D/variants/generic_negf.mlir" $T --compile-to=executable-targets --mlir-disable-threading \
  --mlir-print-ir-before=iree-codegen-convolution-to-igemm --mlir-print-ir-after=iree-codegen-convolution-to-igemm \
  -o /dev/null 2>&1 | grep -E "IR Dump|\^bb0|arith\.(extf|negf|mulf|addf)|linalg.yield"
echo "== 5b. and on an i8 conv-shaped generic with unsigned activations (variants/generic_extui.mlir): extui becomes extsi"
$C "$D/variants/generic_extui.mlir" $T --compile-to=executable-targets --mlir-disable-threading \
  --mlir-print-ir-before=iree-codegen-convolution-to-igemm --mlir-print-ir-after=iree-codegen-convolution-to-igemm \
  -o /dev/null 2>&1 | grep -E "IR Dump|\^bb0|arith\.(extsi|extui|muli|addi)|linalg.yield"
echo "== 6. where the NHWC twin loses its _q before codegen (variants/kernel_nhwc.mlir) and the NCHW one does not"
for k in "$D/variants/kernel_nhwc.mlir" "$D/kernel.mlir"; do
  echo "-- $(basename "$k"): the pass after which no linalg.conv_*_q is left"
  $C "$k" $T --compile-to=dispatch-creation --mlir-print-ir-after-all --mlir-disable-threading -o /dev/null 2>&1 \
    | awk '/IR Dump After/{if(h!=""&&q==0&&p==1)print h; if(h!="")p=q; h=$0; q=0} /linalg\.conv_2d_n[a-z_]*_q /{q=1}' \
    | sed 's|// -----// ||; s| //----- //||' | tail -1   # earlier hits are scoped dumps of the host module's functions
done
echo "== 7. CUDA sm_80: the same pass on the f16 NHWC-shaped negf generic (variants/generic_negf_nhwc.mlir)"
$C "$D/variants/generic_negf_nhwc.mlir" --iree-hal-target-device=cuda --iree-cuda-target=sm_80 --iree-opt-level=O2 \
  --compile-to=executable-targets --mlir-disable-threading -o /dev/null \
  --mlir-print-ir-before=iree-codegen-convolution-to-igemm --mlir-print-ir-after=iree-codegen-convolution-to-igemm 2>&1 \
  | grep -E "IR Dump|\^bb0|arith\.(extf|negf|mulf|addf)|linalg.yield" ; echo "-- its mma_kind:"
$C "$D/variants/generic_negf_nhwc.mlir" --iree-hal-target-device=cuda --iree-cuda-target=sm_80 --iree-opt-level=O2 \
  --compile-to=executable-configurations -o - | grep -o "mma_kind = [^,]*" | sort -u
echo "== 8. CUDA sm_80: kernel.mlir (int8) never reaches the pass: its configuration has no mma_kind"
$C "$D/kernel.mlir" --iree-hal-target-device=cuda --iree-cuda-target=sm_80 --iree-opt-level=O2 \
  --compile-to=executable-configurations -o - | grep -o "pipeline<[A-Za-z]*>\|lowering_config = [^}]*}" | sort -u
$C "$D/kernel.mlir" --iree-hal-target-device=cuda --iree-cuda-target=sm_80 --iree-opt-level=O2 \
  --compile-to=executable-targets --mlir-disable-threading --mlir-print-ir-after-all -o /dev/null 2>&1 \
  | grep -c "IR Dump After ConvolutionToIGEMMPass" | sed 's/^/dumps after ConvolutionToIGEMMPass: /'
}
evidence "$@" > "$W/log" 2>&1
cat "$W/log"
logged() { grep -qE -- "$1" "$W/log"; }  # the evidence printed a line matching it
echo "== the claims of FINDING.md"
claim "ConvolutionToIGEMMPass drops both zero-point subtractions (2 -> 0)" logged 'zero-point subi=0  after ConvolutionToIGEMMPass'
claim "the simulated gfx942 run at O2 is wrong, with implicit GEMM off it is right" eval "logged '32 of 32 elements outside the certified bound' && logged '0 of 32 elements outside the certified bound'"
verdict
