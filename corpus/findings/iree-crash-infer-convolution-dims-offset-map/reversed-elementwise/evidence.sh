#!/bin/sh
# The second trigger: an elementwise generic reading in0 reversed (d1 * -1 + 8), dims dynamic or static.
# Exit status 1 when either crashes in inferConvolutionDims (the bug shows), 0 when neither does.
cd "$(dirname "$0")"
command -v iree-compile >/dev/null 2>&1 || { echo "evidence.sh: iree-compile is not on PATH: pip install iree-base-compiler" >&2; exit 2; }
status=0
for k in kernel kernel_static; do
  out=$(iree-compile $k.mlir --iree-hal-target-device=local --iree-hal-local-target-device-backends=llvm-cpu \
    --iree-llvmcpu-target-cpu=host --iree-opt-level=O2 -o /dev/null 2>&1); rc=$?
  echo "== $k.mlir: exit status $rc; frames: $(echo "$out" | grep -o 'AffineExpr::getKind\|getConstantsFromExprList\|inferConvolutionDimsImpl\|summarizeDispatchRegion' | sort -u | tr '\n' ' ')"
  echo "$out" | grep -q getConstantsFromExprList && status=1
done
exit "$status"
