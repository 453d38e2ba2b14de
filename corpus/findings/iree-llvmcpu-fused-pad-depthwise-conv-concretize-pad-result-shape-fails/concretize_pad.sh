#!/bin/sh
# kernel.mlir (a zero-padded depthwise int8 conv written as a linalg.generic) through iree-compile's llvm-cpu
# pipeline for a generic x86-64 CPU with the pad kept in the conv's dispatch (iree-preprocessing-make-single-dispatch):
# the codegen pass ConcretizePadResultShapePass fails with no diagnostic of its own, so iree-compile prints only
# "failed to run translation of source executable". --mlir-print-ir-after-failure names the pass.
# Control (printed, not judged): the same command without make-single-dispatch compiles.
# exit 0: compiled (bug not shown); 1: failed in ConcretizePadResultShapePass (shown); 2: iree-compile missing, or
# it failed elsewhere (cannot judge)
cd "$(dirname "$0")" || exit 2
command -v iree-compile >/dev/null 2>&1 || { echo "iree-compile is not on PATH: pip install iree-base-compiler"; exit 2; }
iree-compile --version 2>/dev/null | head -2
FLAGS="--iree-hal-target-device=local --iree-hal-local-target-device-backends=llvm-cpu --iree-llvmcpu-target-cpu=generic --iree-opt-level=O2"
if iree-compile kernel.mlir -o /dev/null $FLAGS >/dev/null 2>&1; then
  echo "control (no make-single-dispatch): compiled"
else
  echo "control (no make-single-dispatch): failed too"
fi
OUT=$(iree-compile kernel.mlir -o /dev/null $FLAGS \
  '--iree-preprocessing-pass-pipeline=builtin.module(util.func(iree-preprocessing-make-single-dispatch))' \
  --mlir-print-ir-after-failure 2>&1)
rc=$?
if [ "$rc" -eq 0 ]; then echo "NOT reproduced: compiled with make-single-dispatch"; exit 0; fi
echo "$OUT" | grep -o 'error: failed to run translation of source executable' | head -1
if echo "$OUT" | grep -q 'IR Dump After ConcretizePadResultShapePass Failed'; then
  echo "reproduced: iree-compile exit $rc; the failed pass: ConcretizePadResultShapePass (iree-codegen-concretize-pad-result-shape)"
  exit 1
fi
echo "cannot judge: iree-compile exit $rc, but not in ConcretizePadResultShapePass"
exit 2
