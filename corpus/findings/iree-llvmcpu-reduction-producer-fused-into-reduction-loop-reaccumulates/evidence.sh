#!/bin/sh
# Every claim of FINDING.md, with IREE's own tools (iree-compile and iree-run-module on PATH).
# Exit status 1 when the bug shows (the dynamic kernel is wrong with aggressive fusion), 0 when it does not.
cd "$(dirname "$0")"
for t in iree-compile iree-run-module; do
  command -v "$t" >/dev/null 2>&1 || { echo "evidence.sh: $t is not on PATH: pip install iree-base-compiler iree-base-runtime" >&2; exit 2; }
done
W=$(mktemp -d)
CPU="--iree-hal-target-device=local --iree-hal-local-target-device-backends=llvm-cpu --iree-llvmcpu-target-cpu=host --iree-opt-level=O2"
status=0
echo "== input: in0 = $(python3 -c 'import numpy as n; print(n.load("inputs/in0.npy").tolist())' 2>/dev/null || echo '[[1.0], [1.0]]') (f16[2, ?]); expected op0 = [2], op2 = [[4]]"
for fusion in true false; do
  for k in kernel kernel_static; do
    iree-compile $k.mlir $CPU --iree-dispatch-creation-enable-aggressive-fusion=$fusion -o "$W/$k-$fusion.vmfb" || exit 2
    out=$(iree-run-module --module="$W/$k-$fusion.vmfb" --device=local-task --function=main --input=@inputs/in0.npy | grep -v "^EXEC\|hal.buffer_view" | tr '\n' ' ')
    echo "== $k.mlir, aggressive fusion $fusion: $out"
    if [ "$k" = kernel ] && [ "$fusion" = true ] && echo "$out" | grep -q "=\[6\]"; then status=1; fi
  done
done
echo "== other sizes of the dynamic kernel (in0 all ones, R x 3): expected op0 = R, op2 = R*R"
for r in 2 8; do
  sed "s/tensor<2x?xf16>/tensor<${r}x?xf16>/g" kernel.mlir > "$W/k$r.mlir"
  python3 -c "import numpy as n; n.save('$W/in$r.npy', n.ones(($r, 3), n.float16))" || exit 2
  iree-compile "$W/k$r.mlir" $CPU --iree-dispatch-creation-enable-aggressive-fusion=true -o "$W/k$r.vmfb" || exit 2
  echo "R=$r: $(iree-run-module --module="$W/k$r.vmfb" --device=local-task --function=main --input=@"$W/in$r.npy" | grep "=" | tr '\n' ' ')"
done
echo "== the pass: dispatch IR after LLVMCPUSplitReductionPass and after the vector_reduction LLVMCPUTileAndFuseProducerConsumerPass"
iree-compile kernel.mlir $CPU --iree-dispatch-creation-enable-aggressive-fusion=true --compile-to=executable-configurations \
  -o "$W/configured.mlir"
iree-compile "$W/configured.mlir" $CPU --iree-dispatch-creation-enable-aggressive-fusion=true \
  --compile-from=executable-configurations --mlir-print-ir-after-all --mlir-disable-threading -o "$W/k.vmfb" 2> "$W/all.txt"
awk '/IR Dump After LLVMCPUSplitReductionPass/{p=1} /IR Dump After LLVMCPUTilePass/{p=0} p' "$W/all.txt" |
  grep -v "hal.interface.constant.load\|arith.extui\|arith.shli\|arith.ori\|index_castui" |
  sed 's/layout(<constants[^)]*)>)//g' | cut -c1-200
rm -rf "$W"
exit "$status"
