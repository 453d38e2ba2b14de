#!/bin/sh
# Evidence for FINDING.md (iree-compile and iree-opt from iree-base-compiler 3.13 on PATH):
# sh evidence.sh > evidence.txt 2>&1
# Exit status (verdict.sh): 1 when the pass alone crashes on both pass_only files and the ABI form of repro_pad.mlir
# exports a tensor.dim of the pad, 0 otherwise, 2 when a tool is missing.
cd "$(dirname "$0")"
. ./verdict.sh
need iree-compile iree-opt
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
CPU="--iree-hal-target-device=local --iree-hal-local-target-device-backends=llvm-cpu --iree-llvmcpu-target-cpu=generic"
SINGLE="--iree-preprocessing-pass-pipeline=builtin.module(util.func(iree-preprocessing-make-single-dispatch))"
iree-compile --version 2>&1 | sed -n 2,3p

for f in kernel.mlir repro_pad.mlir repro_static.mlir limitation_dynamic.mlir; do
  printf '\n## iree-compile %s, single-dispatch pipeline (frames 4-5, or the error)\n' "$f"
  # shellcheck disable=SC2086
  iree-compile "$f" -o /dev/null $CPU "$SINGLE" > "$W/out" 2>&1
  rc=$?
  grep -E "^ *#[45] |error:" "$W/out" | sed -E 's/0x[0-9a-f]+ //' | cut -c1-150
  echo "exit status $rc"
done

printf '\n## repro_pad.mlir after the ABI phase (what the pipeline gets): the export reads tensor.dim of the pad\n'
iree-compile repro_pad.mlir --compile-to=abi --iree-hal-target-device=local -o "$W/abi.mlir"
grep -E "tensor.pad|tensor.dim|hal.tensor.export" "$W/abi.mlir" | sed 's/^ *//'
exported() { grep -q "%dim = tensor.dim %padded" "$W/abi.mlir" && grep -q "hal.tensor.export %padded.*{%dim}" "$W/abi.mlir"; }
claim "the ABI export of repro_pad.mlir takes its size from tensor.dim %padded" exported

for p in iree-preprocessing-make-single-dispatch-for-function iree-preprocessing-make-single-dispatch; do
  for f in pass_only.mlir pass_only_index.mlir "$W/abi.mlir"; do
    printf '\n## iree-opt --pass-pipeline=builtin.module(util.func(%s)) %s\n' "$p" "$(basename "$f")"
    iree-opt "$f" "--pass-pipeline=builtin.module(util.func($p))" > "$W/out" 2>&1
    rc=$?
    grep -m1 -E "ShapedType::hasRank|error:" "$W/out" | sed -E 's/0x[0-9a-f]+ //' | sed "s#$W/##" | cut -c1-150
    grep -m1 -oE "util.return %[a-z0-9_]+ : index" "$W/out"
    echo "exit status $rc"
    if [ "$p" = iree-preprocessing-make-single-dispatch-for-function ] && [ "$f" != "$W/abi.mlir" ]; then
      claim "the pass alone crashes on $f" grep -q "ShapedType::hasRank" "$W/out"
    fi
  done
done
verdict
