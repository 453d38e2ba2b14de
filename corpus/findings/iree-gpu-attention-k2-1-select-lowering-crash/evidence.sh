#!/bin/sh
# Evidence for FINDING.md (iree-compile from iree-base-compiler 3.13.0 on PATH): sh evidence.sh > evidence.txt 2>&1
cd "$(dirname "$0")"
. ./verdict.sh
need iree-compile iree-opt iree-run-module
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
evidence() {
GFX942="--iree-hal-target-device=hip --iree-rocm-target=gfx942"
CUDA="--iree-hal-target-device=cuda --iree-cuda-target=sm_80"
iree-compile --version 2>&1 | sed -n 2,3p

printf '\n## the input verifies\n'; iree-opt kernel.mlir -o /dev/null; echo "exit status $?"
for t in "$GFX942" "$CUDA"; do
  printf '\n## O2 %s: the crash (frames 4-6 of the backtrace)\n' "$t"
  # shellcheck disable=SC2086
  iree-compile kernel.mlir -o /dev/null $t --iree-opt-level=O2 > "$W/out" 2>&1
  rc=$?
  grep -E "^ *#[4-6] " "$W/out" | sed -E 's/0x[0-9a-f]+ //' | cut -c1-150
  echo "exit status $rc"
done

printf '\n## the online_attention the GPU strategy selection gets: 3 loops (m, n, k1), no K2 loop left\n'
# shellcheck disable=SC2086
iree-compile kernel.mlir -o /dev/null $GFX942 --iree-opt-level=O2 \
  --mlir-print-ir-before=iree-llvmgpu-select-lowering-strategy 2>&1 | grep -m1 -o "online_attention <indexing_maps = [^>]*>[^>]*>[^>]*>[^>]*>[^>]*>[^>]*>[^>]*>"

printf '\n## which pass drops the K2 loop: every pass after which the attention op changes its number of loops\n'
# shellcheck disable=SC2086
iree-compile kernel.mlir -o /dev/null $GFX942 --iree-opt-level=O2 --mlir-print-ir-after-all --mlir-print-local-scope \
  > "$W/all" 2>&1
${PYTHON:-python3} - "$W/all" <<'PYEOF'
import re, sys
text = open(sys.argv[1]).read()
parts = re.split(r"^// -----// IR Dump After (.*?) //----- //$", text, flags=re.M)
prev = None
for name, body in zip(parts[1::2], parts[2::2]):
    m = re.search(r"iree_linalg_ext\.(attention|online_attention) \{?<?indexing_maps = \[affine_map<\(([^)]*)\)", body)
    if not m:
        continue
    loops = m.group(2).count(",") + 1
    if prev is None:
        print(f"first dump with the op: after {name}: {m.group(1)}, {loops} loops")
    elif loops != prev:
        print(f"after {name}: {m.group(1)}, {prev} -> {loops} loops")
    prev = loops
PYEOF

printf '\n## which shapes crash (dtype M K1 K2 N mask: iree-compile exit status, gfx942 O2)\n'
gen() { # dt M K1 K2 N mask
  dt=$1; M=$2; K1=$3; K2=$4; N=$5
  if [ "$6" = yes ]; then MI=", %m"; MT=", tensor<1x${M}x${K2}x$dt>"; MA="affine_map<(b, m, n, k1, k2) -> (b, m, k2)>,"; MARG=", %m: tensor<1x${M}x${K2}x$dt>"
  else MI=""; MT=""; MA=""; MARG=""; fi
  cat <<M
func.func @main(%q: tensor<1x${M}x${K1}x$dt>, %k: tensor<1x${K2}x${K1}x$dt>, %v: tensor<1x${K2}x${N}x$dt>$MARG) -> tensor<1x${M}x${N}x$dt> {
  %s = arith.constant 0.25 : $dt
  %e = tensor.empty() : tensor<1x${M}x${N}x$dt>
  %r = iree_linalg_ext.attention <indexing_maps = [affine_map<(b, m, n, k1, k2) -> (b, m, k1)>, affine_map<(b, m, n, k1, k2) -> (b, k2, k1)>, affine_map<(b, m, n, k1, k2) -> (b, k2, n)>, affine_map<(b, m, n, k1, k2) -> ()>, $MA affine_map<(b, m, n, k1, k2) -> (b, m, n)>]> ins(%q, %k, %v, %s$MI : tensor<1x${M}x${K1}x$dt>, tensor<1x${K2}x${K1}x$dt>, tensor<1x${K2}x${N}x$dt>, $dt$MT) outs(%e : tensor<1x${M}x${N}x$dt>) {
  ^bb0(%x: f32):
    iree_linalg_ext.yield %x : f32
  } -> tensor<1x${M}x${N}x$dt>
  return %r : tensor<1x${M}x${N}x$dt>
}
M
}
for v in "f32 16 16 1 3 no" "f32 16 16 1 3 yes" "f16 16 16 1 3 no" "f32 16 8 1 3 no" "f32 8 16 1 3 no" \
         "f32 32 16 1 3 no" "f32 5 16 1 3 no" "f32 4 16 1 3 no" "f32 4 8 1 4 no" "f32 16 16 2 3 no" "f32 16 16 4 3 no"; do
  # shellcheck disable=SC2086
  gen $v > "$W/v.mlir"
  # shellcheck disable=SC2086
  iree-compile "$W/v.mlir" -o /dev/null $GFX942 --iree-opt-level=O2 > /dev/null 2>&1
  echo "$v: exit $?"
done

printf '\n## the control: llvm-cpu O2 compiles kernel.mlir and gives V[0, 0, :] in every row\n'
iree-compile kernel.mlir -o "$W/cpu.vmfb" --iree-hal-target-device=local --iree-hal-local-target-device-backends=llvm-cpu \
  --iree-llvmcpu-target-cpu=host --iree-opt-level=O2
iree-run-module --module="$W/cpu.vmfb" --device=local-task --function=main --input="1x16x16xf32=0.5" \
  --input="1x1x16xf32=0.3" --input="1x1x3xf32=[[[1.5,-2,7]]]" | tail -1
}
evidence "$@" > "$W/log" 2>&1
cat "$W/log"
logged() { grep -qE -- "$1" "$W/log"; }  # the evidence printed a line matching it
echo "== the claims of FINDING.md"
claim "gfx942 and CUDA O2 both crash in setVectorDistributionConfig" [ "$(grep -c '#4 mlir::iree_compiler::setVectorDistributionConfig' "$W/log")" -eq 2 ]
claim "FoldUnitExtentDimsPass folds the unit K2 loop away (5 -> 3 loops)" logged 'after FoldUnitExtentDimsPass.*5 -> 3 loops'
claim "K2 = 1 crashes, K2 = 2 and 4 compile (gfx942 O2)" eval "logged 'f32 16 16 1 3 no: exit [1-9]' && logged 'f32 16 16 2 3 no: exit 0' && logged 'f32 16 16 4 3 no: exit 0'"
verdict
