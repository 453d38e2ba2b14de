#!/bin/sh
# llvm-cpu on the same kernels: `sh cpu_targets.sh > cpu_targets.txt` (IREE 3.13's iree-compile / iree-run-module on
# PATH, python3 with numpy; the CPUs above the host's run only where this machine can run their code: here a znver4).
# Part 1: the operand slices llvm-cpu's workgroup tiling makes (the same out-of-bounds / too-small slices as CUDA's).
# Part 2: each kernel compiled for several target CPUs, run on local-task and judged by its check.py.
cd "$(dirname "$0")"
. ./verdict.sh
need iree-compile iree-run-module python3
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
evidence() {
CPU="--iree-hal-target-device=local --iree-hal-local-target-device-backends=llvm-cpu --iree-opt-level=O2"
echo "## 1. after TileAndDistributeToWorkgroupsUsingForallOpPass on llvm-cpu (x86-64-v3): the slices of the non-monotonic operand"
for k in kernel.mlir campaign-reversed-int8/kernel.mlir mod/kernel.mlir mod/campaign/kernel.mlir; do
  echo "-- $k"
  iree-compile "$k" -o /dev/null $CPU --iree-llvmcpu-target-cpu=x86-64-v3 --mlir-disable-threading \
    --mlir-print-ir-after=iree-codegen-tile-and-distribute-to-workgroups-using-forall-op 2>&1 |
    grep -E "scf.forall \(|affine_map<\(d0\) -> \(-d0\)>|extract_slice %[0-9]+\[" | sed 's/^ *//' | cut -c1-200
done
echo
echo "## 2. verdict per target CPU (check.py: exact or within the certified bound = right)"
for d in . campaign-reversed-int8 mod; do
  n=$(python3 -c "import ast, re; print(len(ast.literal_eval(re.search(r'OUTPUTS = (.*)', open('$d/check.py').read()).group(1))))")
  for cpu in generic x86-64 x86-64-v2 x86-64-v3 x86-64-v4 znver3 znver4; do
    if iree-compile "$d/kernel.mlir" -o "$W/k.vmfb" $CPU --iree-llvmcpu-target-cpu=$cpu 2>"$W/err"; then
      outs=""; files=""
      for i in $(seq 0 $((n - 1))); do outs="$outs --output=@$W/o$i.npy"; files="$files $W/o$i.npy"; done
      iree-run-module --module="$W/k.vmfb" --device=local-task --function=main \
        $(for f in "$d"/inputs/*.npy; do printf -- '--input=@%s ' "$f"; done) $outs >/dev/null
      echo "$d/kernel.mlir $cpu: $(cd "$d" && python3 check.py $files | tail -1)"
    else
      echo "$d/kernel.mlir $cpu: rejected: $(grep -o "error: .*" "$W/err" | head -1 | cut -c1-170)"
    fi
  done
done
echo
echo "## 3. why llvm-cpu is right on kernel.mlir anyway: bufferized, the slice is a subview at offset -iv (out of bounds"
echo "##    for iv > 0) read through the kept map -d0 + 4, i.e. at address -iv + 4: the right element, through an invalid view"
iree-compile kernel.mlir -o /dev/null $CPU --iree-llvmcpu-target-cpu=x86-64-v3 --mlir-disable-threading \
  --mlir-print-ir-after=iree-codegen-iree-comprehensive-bufferize 2>&1 |
  grep -E "affine_map<\(d0\) -> \(-d0\)>|memref.subview %0\[|linalg.generic .*-d0 \+ 4" | sed 's/^ *//' | cut -c1-200
}
evidence "$@" > "$W/log" 2>&1
cat "$W/log"
logged() { grep -qE -- "$1" "$W/log"; }  # the evidence printed a line matching it
echo "== the claims of FINDING.md"
claim "llvm-cpu's workgroup tiling makes the same negative-offset slice of the reversed operand" logged 'affine_map<\(d0\) -> \(-d0\)>'
claim "yet every CPU build of kernel.mlir is right (the out-of-bounds view is read at the right address)" [ "$(grep -c '^\./kernel.mlir [a-z0-9-]*: ok' "$W/log")" -ge 1 ] && ! logged '^\./kernel.mlir .*MISCOMPILE'
verdict
