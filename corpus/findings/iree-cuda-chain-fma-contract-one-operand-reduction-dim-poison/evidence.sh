#!/bin/sh
# Compile-only evidence (no GPU needed). usage: sh evidence.sh [IREE_BIN_DIR...] > evidence.txt
#   IREE_BIN_DIR: folders holding other releases' iree-opt for part 4 (e.g. ~/.cache/kernelfuzz/releases/iree-3.10/bin); iree-compile and
#   iree-opt of the release under test must be on PATH.
cd "$(dirname "$0")"
. ./verdict.sh
need iree-compile iree-opt python3
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
evidence() {
CUDA="--iree-hal-target-device=cuda --iree-cuda-target=sm_80 --iree-opt-level=O2"
PASS='builtin.module(func.func(iree-llvmgpu-vector-lowering))'
iree-compile --version | head -2
echo "--- part 1: kernel.mlir, the dispatch's contract before LLVMGPUVectorLoweringPass and the result after it"
iree-compile kernel.mlir $CUDA --compile-to=executable-targets --mlir-disable-threading -o /dev/null \
  --mlir-print-ir-before=iree-llvmgpu-vector-lowering --mlir-print-ir-after=iree-llvmgpu-vector-lowering 2>&1 \
  | grep -E "IR Dump|vector.contract|vector.shape_cast|scf.yield|ub.poison : vector|into vector<2xf32>|into vector<1xf32>" | cut -c1-300
echo "--- part 2: the pass alone on contract.mlir (valid IR: iree-opt verifies it) and on contract_shape_cast.mlir"
for f in contract.mlir contract_shape_cast.mlir; do
  echo "== $f"
  iree-opt "$f" > /dev/null && echo "$f verifies"
  iree-opt "$f" --pass-pipeline="$PASS" > "$W/out.mlir"
  echo "8x1 (all 8 products of both outputs flattened into one column): $(grep -c 'vector<8x1xf32>' "$W/out.mlir") lines"
  grep -E "ub.poison|math.fma|%arg2\[|into vector<2xf32>|return" "$W/out.mlir"
done
echo "--- part 3: the LLVM IR and the PTX for kernel.mlir: one lane of the result vector is set, the other is poison"
iree-compile kernel.mlir $CUDA --iree-hal-dump-executable-files-to="$W/ptx" -o "$W/k.vmfb"
grep -nE "insertelement <[0-9]+ x float> poison|fptrunc|store <" "$W"/ptx/*.optimized.ll
python3 - "$W"/ptx/*.ptx <<'PY'
import re, sys
text = open(sys.argv[1]).read()
body = text[text.index("{", text.index(".entry")):]
written = set()
for line in body.splitlines():
    m = re.match(r"\s*(?:@!?%p\d+\s+)?[a-z][\w.]*\s+(%r\d+)\b", line)
    if m:
        written.add(m.group(1))
for line in body.splitlines():
    if "cvt.rn.f16x2.f32" in line or ("cvt.rn.f16.f32" in line):
        srcs = re.findall(r"%r\d+", line)[1:]
        print(line.strip(), " <- never written:", [s for s in srcs if s not in written] or "none")
PY
for d in "$@"; do
  echo "--- part 4: $d/iree-opt"
  "$d/iree-opt" --version | grep -i version
  for f in contract.mlir contract_shape_cast.mlir; do
    "$d/iree-opt" "$f" --pass-pipeline="$PASS" > "$W/old.mlir"
    echo "$f: 8x1 lines: $(grep -c 'vector<8x1xf32>' "$W/old.mlir"), fma on vector<2xf32> (right): $(grep -c 'math.fma.*vector<2xf32>' "$W/old.mlir"), single inserts into the result (wrong): $(grep -c 'into vector<2xf32>' "$W/old.mlir")"
  done
done
}
evidence "$@" > "$W/log" 2>&1
cat "$W/log"
logged() { grep -qE -- "$1" "$W/log"; }  # the evidence printed a line matching it
echo "== the claims of FINDING.md"
claim "after LLVMGPUVectorLoweringPass the result vector starts as poison" logged 'ub.poison : vector<2xf32>'
claim "and only one of its two lanes is inserted (the other stays poison)" logged 'vector.insert %[0-9]+, %[0-9]+ \[0\] : f32 into vector<2xf32>'
claim "the pass alone flattens both outputs' products into one 8x1 column" logged '8x1 .*: [1-9][0-9]* lines'
claim "the PTX converts a register that is never written" logged "never written: \['%r"
verdict
