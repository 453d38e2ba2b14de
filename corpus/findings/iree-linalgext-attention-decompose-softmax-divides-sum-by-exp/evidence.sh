#!/bin/sh
# The decomposition alone, then the whole compile, with the IREE tools on PATH (any release 3.10-3.13).
# Part 1: `iree-opt` runs only `iree-linalg-ext-decompose-aggregated-ops{filter-ops=iree_linalg_ext.attention}`
#   on the kernel and prints the softmax's normalization generic: ins(%sum) outs(%p) with `divf %in, %out`,
#   i.e. P = sum / P.
# Part 2: `iree-compile` with that pass as the preprocessing pipeline, and without it (the default online
#   attention), both run on the kernel's inputs: Q = 1, K = [0, 0], V = [1, 1], so softmax = [1/2, 1/2] and
#   the exact result is 1; the decomposed build returns 2/1 + 2/1 = 4.
# Part 3: the same pipeline stopped after the `abi` phase (before preprocessing) and after `preprocessing`, each
#   finished by a plain iree-compile (no preprocessing flag): right after abi, wrong after preprocessing.
# Releases before 3.13 print the op's maps as an attribute dict: kernel_attr.mlir is the same kernel so spelled.
# Exit status: 1 when part 1 shows the inverted division or part 2 a wrong value, 0 otherwise, 2 when a tool
# is missing or a compile fails (nothing to judge).
cd "$(dirname "$0")"
for t in iree-opt iree-compile iree-run-module; do
  command -v "$t" >/dev/null 2>&1 || { echo "evidence.sh: $t is not on PATH: pip install iree-base-compiler iree-base-runtime" >&2; exit 2; }
done
PY="${PYTHON:-python3}"
PASS='iree-linalg-ext-decompose-aggregated-ops{filter-ops=iree_linalg_ext.attention}'
K=kernel.mlir
iree-opt --pass-pipeline="builtin.module(func.func($PASS))" "$K" >/dev/null 2>&1 || K=kernel_attr.mlir
iree-compile --version | head -2
echo "== part 1: iree-opt, the pass alone on $K (the normalization generic)"
status=0
iree-opt --pass-pipeline="builtin.module(func.func($PASS))" "$K" > decomposed.out.mlir || { echo "iree-opt could not run the pass: could not judge (exit 2)"; exit 2; }
grep -B3 -A3 "arith.divf" decomposed.out.mlir
# the generic whose input is the row sum (1x1) and whose output is P (1x1x2) divides its input by its output
grep -B2 "arith.divf %in, %out" decomposed.out.mlir | grep -q "ins(%[0-9]* : tensor<1x1xf32>) outs(%[0-9]* : tensor<1x1x2xf32>)" \
  && { echo "part 1: P = sum / P (inverted)"; status=1; }
echo "== part 2: iree-compile and run, decomposed and default"
mkdir -p outputs
for mode in decomposed default; do
  if [ "$mode" = decomposed ]; then F="--iree-preprocessing-pass-pipeline=builtin.module(util.func($PASS))"; else F=""; fi
  iree-compile "$K" -o "evidence_$mode.vmfb" --iree-hal-target-device=local \
    --iree-hal-local-target-device-backends=llvm-cpu --iree-llvmcpu-target-cpu=host $F || { echo "iree-compile failed: could not judge (exit 2)"; exit 2; }
  iree-run-module --module="evidence_$mode.vmfb" --device=local-task --function=main --input=@inputs/in0.npy \
    --input=@inputs/in1.npy --input=@inputs/in2.npy --output="@outputs/evidence_$mode.op0.npy" >/dev/null
  echo "$mode: $("$PY" -c "import numpy; print(numpy.load('outputs/evidence_$mode.op0.npy').ravel().tolist())")"
  "$PY" check.py "outputs/evidence_$mode.op0.npy" || status=1
done
echo "== part 3: the phase boundary: compiled with the pass to a phase, finished without it"
DEC="--iree-preprocessing-pass-pipeline=builtin.module(util.func($PASS))"
for phase in abi preprocessing; do
  iree-compile "$K" --compile-to=$phase "$DEC" -o "evidence_$phase.mlir" --iree-hal-target-device=local \
    --iree-hal-local-target-device-backends=llvm-cpu --iree-llvmcpu-target-cpu=host || { echo "iree-compile failed: could not judge (exit 2)"; exit 2; }
  iree-compile "evidence_$phase.mlir" --compile-from=$phase -o "evidence_$phase.vmfb" --iree-hal-target-device=local \
    --iree-hal-local-target-device-backends=llvm-cpu --iree-llvmcpu-target-cpu=host || { echo "iree-compile failed: could not judge (exit 2)"; exit 2; }
  iree-run-module --module="evidence_$phase.vmfb" --device=local-task --function=main --input=@inputs/in0.npy \
    --input=@inputs/in1.npy --input=@inputs/in2.npy --output="@outputs/evidence_$phase.op0.npy" >/dev/null
  echo "after $phase: $("$PY" -c "import numpy; print(numpy.load('outputs/evidence_$phase.op0.npy').ravel().tolist())")"
  "$PY" check.py "outputs/evidence_$phase.op0.npy" || status=1
done
rm -f evidence_*.vmfb evidence_*.mlir decomposed.out.mlir
exit "$status"
