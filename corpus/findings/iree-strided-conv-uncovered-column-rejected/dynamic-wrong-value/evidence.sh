#!/bin/sh
# Evidence for the wrong-code form in ../FINDING.md (iree-compile / iree-opt / iree-run-module from
# iree-base-compiler and iree-base-runtime 3.13.0 only). sh evidence.sh > evidence.txt 2>&1
# Exit 1 when every claim holds (the bug is shown), 0 when one fails, 2 when a tool is missing.
cd "$(dirname "$0")"
. ./verdict.sh
need iree-compile iree-opt iree-run-module
PY="${PYTHON:-python3}"  # runs check.py (numpy)
CPU="--iree-hal-target-device=local --iree-hal-local-target-device-backends=llvm-cpu --iree-llvmcpu-target-cpu=host"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
EXTRA='^-none-$'

# show TITLE COMMAND...: print the command, the lines of its output that matter (diagnostics and lines matching
# $EXTRA) and its exit status.
show() {
  printf '\n## %s\n$ ' "$1"; shift; echo "$*" | sed "s|$T|\$TMP|g"
  "$@" > "$T/out" 2>&1
  rc=$?
  grep -E "error: |$EXTRA" "$T/out" | cut -c1-260 | sed "s|$T|\$TMP|g"
  echo "exit status $rc"
}
ok() { [ "$rc" -eq 0 ]; }
fails() { [ "$rc" -ne 0 ] && [ "$rc" -le 128 ] && grep -qF -- "$1" "$T/out"; }
has() { grep -qE -- "$1" "$T/out"; }

show "the input verifies (parse + verify only)" iree-opt pooling_named.mlir -o /dev/null
claim "the input verifies [exit 0]" ok

EXTRA='linalg.generic|^#map'
show "upstream MLIR only: generalize + fold unit dims keeps a generic that reads the 3-row input through a 2-long window, and the verifier lets it pass (it checks loop ranges only when all are static)" \
  iree-opt --linalg-generalize-named-ops --linalg-fold-unit-extent-dims pooling_named.mlir
claim "the folded generic reads tensor<3x?xf16> and the window tensor<2xf16> [exit 0, no diagnostic]" \
  sh -c "[ $rc -eq 0 ] && grep -qF 'tensor<3x?xf16>, tensor<2xf16>' '$T/out'"

sed 's/x?xf16/x1xf16/g; s/tensor.empty(%n)/tensor.empty()/; /tensor.dim/d' pooling_named.mlir > "$T/static.mlir"
show "the same pool with the channel dim static: the same two passes, now rejected by the verifier (the finding's error)" \
  iree-opt --linalg-generalize-named-ops --linalg-fold-unit-extent-dims "$T/static.mlir" -o /dev/null
claim "static: 'inferred input/output operand #1 has shape's dimension #0 to be 3, but found 2' [an error]" \
  fails "inferred input/output operand #1 has shape's dimension #0 to be 3, but found 2"

EXTRA='^-none-$'
for level in O0 O2; do
  show "llvm-cpu $level: compile the dynamic pool" iree-compile pooling_named.mlir -o "$T/k$level.vmfb" $CPU --iree-opt-level=$level
  claim "llvm-cpu $level compiles [exit 0]" ok
  EXTRA='f16='
  show "llvm-cpu $level: run on in0 = [0, 0, 1] over the 3 rows (expected 0 + 0 = 0)" iree-run-module \
    --module="$T/k$level.vmfb" --device=local-task --function=main --input=@inputs/in0.npy --output=@"$T/op0.npy"
  EXTRA='^-none-$'
  claim "llvm-cpu $level: the result is judged wrong against kernelfuzz's reference (check.py exits 1)" \
    judge 1 "$PY" check.py "$T/op0.npy"
done

sed 's/1x3x1x?xf16/1x2x1x?xf16/g' pooling_named.mlir > "$T/covered.mlir"
show "control: 2 rows (the one window covers every row) compiles" iree-compile "$T/covered.mlir" -o "$T/c.vmfb" $CPU --iree-opt-level=O2
claim "control compiles [exit 0]" ok
EXTRA='f16='
show "control: run on [0, 1] (expected 1)" iree-run-module --module="$T/c.vmfb" --device=local-task --function=main \
  --input=1x2x1x1xf16=0,1
claim "control: the one output element is 1 (exact)" has "^1x1x1x1xf16=\\[*1\\]*$"
verdict
