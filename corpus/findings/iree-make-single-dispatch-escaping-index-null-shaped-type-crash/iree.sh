#!/bin/sh
# Shows the bug: iree-compile dies (SIGSEGV in MakeSingleDispatchForFunctionPass, ShapedType::hasRank on a null
# type) under the single-dispatch preprocessing pipeline on kernel.mlir (the campaign function), repro_pad.mlir and
# repro_static.mlir (a fully static function returning a scalar), while the same files compile and run right without
# that pipeline. The exit rule is verdict.sh's: 1 when every crash and every control holds, 0 when one does not, 2
# when a tool is missing (pip install iree-base-compiler iree-base-runtime).
cd "$(dirname "$0")"
. ./verdict.sh
need iree-compile iree-run-module
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
CPU="--iree-hal-target-device=local --iree-hal-local-target-device-backends=llvm-cpu --iree-llvmcpu-target-cpu=generic"
SINGLE="--iree-preprocessing-pass-pipeline=builtin.module(util.func(iree-preprocessing-make-single-dispatch))"

# kernelfuzz's iree:cpu-O2-single-dispatch configuration, less the O2 (the crash needs neither).
crashes() {
  # shellcheck disable=SC2086
  iree-compile "$1" -o "$T/x.vmfb" $CPU "$SINGLE" > "$T/log" 2>&1
  rc=$?
  echo "iree-compile $1 (single dispatch): exit status $rc"
  [ "$rc" -ne 0 ] && grep -q "MakeSingleDispatchForFunctionPass::runOnOperation" "$T/log" \
    && grep -q "ShapedType::hasRank" "$T/log"
}
for f in kernel.mlir repro_pad.mlir repro_static.mlir; do
  claim "$f: iree-compile crashes in MakeSingleDispatchForFunctionPass (ShapedType::hasRank)" crashes "$f"
done

# The controls: without the pipeline each file compiles, and runs right.
runs() {
  src=$1; want=$2; shift 2
  # shellcheck disable=SC2086
  iree-compile "$src" -o "$T/ok.vmfb" $CPU > "$T/log" 2>&1 || { cat "$T/log"; return 1; }
  iree-run-module --module="$T/ok.vmfb" --device=local-task --function=main "$@" > "$T/out" 2>&1
  grep -q -- "$want" "$T/out" || { cat "$T/out"; return 1; }
}
claim "control: kernel.mlir without the pipeline gives pad(relu(a @ b)) (rows [0 0 0 0 0], [6 6 6 0 0], [0 0 0 0 0])" \
  runs kernel.mlir "3x5xf32=\[0 0 0 0 0\]\[6 6 6 0 0\]\[0 0 0 0 0\]" \
  --input="2x7xf32=[[1,1,1,1,1,1,1],[-1,-1,-1,-1,-1,-1,-1]]" --input="7x3xf32=0.857142857"
claim "control: repro_pad.mlir without the pipeline gives [0 1 2 3]" runs repro_pad.mlir "4xf32=0 1 2 3" \
  --input=3xf32=1,2,3
claim "control: repro_static.mlir without the pipeline gives a[1] = 2" runs repro_static.mlir "f32=2" \
  --input=4xf32=1,2,3,4
verdict
