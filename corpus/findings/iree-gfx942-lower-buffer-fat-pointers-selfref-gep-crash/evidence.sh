#!/bin/sh
# Evidence for FINDING.md: iree-compile from iree-base-compiler 3.13.0, and the LLVM 22.1 bundled in TVM
# 0.27 (llvm22_codegen.py) for the LLVM-only runs. sh evidence.sh > evidence.txt 2>&1
cd "$(dirname "$0")"
. ./verdict.sh
need iree-compile iree-opt
PY=${PYTHON:-python}
GFX942="--iree-hal-target-device=hip --iree-rocm-target=gfx942"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

# show TITLE COMMAND...: the command, the lines of its output that matter and its exit status.
show() {
  printf '\n## %s\n$ ' "$1"; shift; echo "$*" | sed "s|$T|\$TMP|g"
  "$@" > "$T/out" 2>&1
  rc=$?
  grep -E "error: |^1\.|^ *#[4-7] |^LLVM |codegen finished" "$T/out" | cut -c1-200 | sed "s|$T|\$TMP|g"
  echo "frames in the crash backtrace: $(grep -c -E '^ *#[0-9]+ ' "$T/out")"
  echo "exit status $rc"
}
ok() { [ "$rc" -eq 0 ]; }  # the last show's command succeeded
crashed() { [ "$rc" -gt 128 ]; }  # it died of a signal
fails() { [ "$rc" -ne 0 ] && [ "$rc" -le 128 ] && { [ -z "$1" ] || grep -qF -- "$1" "$T/out"; }; }  # an error, not a crash

# batch_matmul B M N K ELT: a named linalg.batch_matmul (f32 accumulator) to $T/bmm.mlir.
batch_matmul() {
  cat > "$T/bmm.mlir" <<MLIR
func.func @main(%a: tensor<$1x$2x$4x$5>, %b: tensor<$1x$4x$3x$5>) -> tensor<$1x$2x$3xf32> {
  %e = tensor.empty() : tensor<$1x$2x$3xf32>
  %z = arith.constant 0.0 : f32
  %i = linalg.fill ins(%z : f32) outs(%e : tensor<$1x$2x$3xf32>) -> tensor<$1x$2x$3xf32>
  %r = linalg.batch_matmul ins(%a, %b : tensor<$1x$2x$4x$5>, tensor<$1x$4x$3x$5>) outs(%i : tensor<$1x$2x$3xf32>) -> tensor<$1x$2x$3xf32>
  return %r : tensor<$1x$2x$3xf32>
}
MLIR
}

show "the input verifies" iree-opt kernel.mlir -o /dev/null
claim "the input verifies [exit 0]" ok
show "gfx942 O2: SIGSEGV in LLVM's AMDGPU codegen (pass 'Lower buffer fat pointer operations to buffer resources')" \
  iree-compile kernel.mlir -o /dev/null $GFX942 --iree-opt-level=O2
claim "gfx942 O2: SIGSEGV in LLVM's AMDGPU codegen (pass 'Lower buffer fat pointer operations to buffer resources') [a crash]" crashed
printf '\n## every gfx942 configuration of kernelfuzz, CUDA and llvm-cpu\n'
for flags in "--iree-dispatch-creation-enable-aggressive-fusion=false" \
  "--iree-codegen-llvmgpu-use-vector-distribution=false --iree-codegen-llvmgpu-use-reduction-vector-distribution=false" \
  "--iree-codegen-llvmgpu-use-igemm=false" \
  "--iree-codegen-llvmgpu-use-igemm=false --iree-codegen-llvmgpu-use-vector-distribution=false --iree-codegen-llvmgpu-use-reduction-vector-distribution=false"; do
  iree-compile kernel.mlir -o /dev/null $GFX942 --iree-opt-level=O2 $flags > "$T/out" 2>&1
  echo "gfx942 O2 $flags: exit $? $(grep -m1 '^1\.' "$T/out" | cut -c1-100)"
done
iree-compile kernel.mlir -o /dev/null --iree-hal-target-device=cuda --iree-cuda-target=sm_80 --iree-opt-level=O2 > "$T/out" 2>&1
echo "cuda sm_80 O2: exit $?"
iree-compile kernel.mlir -o /dev/null --iree-hal-target-device=local --iree-hal-local-target-device-backends=llvm-cpu --iree-llvmcpu-target-cpu=host --iree-opt-level=O2 > "$T/out" 2>&1
echo "llvm-cpu O2: exit $?"

printf '\n## the named linalg.batch_matmul crashes the same way; which shapes (B M N K element type: exit status)\n'
for shape in "2 10 2 2 f16" "2 10 2 2 f32" "2 10 6 10 f16" "4 10 2 2 f16" "2 6 2 2 f16" "2 10 8 8 f16" \
  "1 10 2 2 f16" "3 10 2 2 f16" "2 8 2 2 f16" "2 12 2 2 f16" "2 16 16 16 f16" "2 10 16 16 f16"; do
  batch_matmul $shape
  iree-compile "$T/bmm.mlir" -o /dev/null $GFX942 --iree-opt-level=O2 > "$T/out" 2>&1
  echo "$shape: exit $? $(grep -m1 '^1\.' "$T/out" | cut -c1-90)"
done

printf '\n## the LLVM IR IREE hands to LLVM codegen (--iree-hal-dump-executable-intermediates-to)\n'
iree-compile kernel.mlir -o /dev/null $GFX942 --iree-opt-level=O2 --iree-hal-dump-executable-intermediates-to="$T/dump" > /dev/null 2>&1
OPT=$(ls "$T"/dump/*.optimized.ll)
echo "$(basename "$OPT"): $(wc -l < "$OPT") lines, $(grep -c 'ptr addrspace(7)' "$OPT") lines with a buffer fat pointer"

show "LLVM 22.1 alone (TVM's, via llvm22_codegen.py): the same IR crashes llc's AMDGPU pipeline too" \
  $PY llvm22_codegen.py "$OPT" "$T/k.o"
claim "LLVM 22.1 alone (TVM's, via llvm22_codegen.py): the same IR crashes llc's AMDGPU pipeline too [a crash]" crashed
$PY llvm22_codegen.py "$OPT" "$T/k.o" --print-before-all > "$T/pba" 2>&1
echo "exit status $? (with -print-before-all)"
printf '\n## which LLVM pass makes the self-referencing GEP (from the -print-before-all dumps)\n'
$PY - "$T/pba" <<'PYEOF'
import re, sys
SELF = re.compile(r"^\s*(%[\w.]+) = getelementptr [^,]*, ptr addrspace\(7\) (%[\w.]+),", re.M)
dumps = re.split(r"^\*\*\* IR Dump Before (.*) \*\*\*$", open(sys.argv[1]).read(), flags=re.M)[1:]
prev = None
for name, body in zip(dumps[::2], dumps[1::2]):
    selfref = [m for m in SELF.finditer(body) if m.group(1) == m.group(2)]
    if selfref:
        print(f"first dump with a self-referencing fat-pointer GEP: before {name}; the pass before it: {prev}")
        print("  " + selfref[0].group(0).strip())
        print("  in block: " + re.findall(r"^\S+:.*$", body[:selfref[0].start()], re.M)[-1])
        break
    prev = name
print(f"last dump printed before the crash: before {dumps[-2]}")
PYEOF

show "minimal LLVM IR (llc_repro.ll): a fat-pointer loop behind br i1 false crashes LLVM 22.1" \
  $PY llvm22_codegen.py llc_repro.ll "$T/r.o"
claim "minimal LLVM IR (llc_repro.ll): a fat-pointer loop behind br i1 false crashes LLVM 22.1 [a crash]" crashed
sed 's/br i1 false, label %loop/%nz = icmp ne i32 %n, 0\n  br i1 %nz, label %loop/' llc_repro.ll > "$T/ctrl.ll"
show "control: the same IR with a runtime branch condition compiles" $PY llvm22_codegen.py "$T/ctrl.ll" "$T/c.o"
claim "control: the same IR with a runtime branch condition compiles [exit 0]" ok
verdict
