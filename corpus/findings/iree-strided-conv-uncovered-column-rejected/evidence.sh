#!/bin/sh
# Evidence for FINDING.md (iree-compile / iree-opt from iree-base-compiler 3.13.0 only).
# sh evidence.sh > evidence.txt 2>&1
cd "$(dirname "$0")"
. ./verdict.sh
need iree-compile iree-opt
CPU="--iree-hal-target-device=local --iree-hal-local-target-device-backends=llvm-cpu --iree-llvmcpu-target-cpu=host"
GFX942="--iree-hal-target-device=hip --iree-rocm-target=gfx942"
CUDA="--iree-hal-target-device=cuda --iree-cuda-target=sm_80"
FAILED_PASS="--mlir-print-ir-after-failure --mlir-disable-threading"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
EXTRA='^-none-$'

# show TITLE COMMAND...: print the command, the lines of its output that matter (diagnostics, the
# passes reported failed, the first crash frames, and lines matching $EXTRA) and its exit status.
show() {
  printf '\n## %s\n$ ' "$1"; shift; echo "$*" | sed "s|$T|\$TMP|g"
  "$@" > "$T/out" 2>&1
  rc=$?
  grep -E "error: |IR Dump After .*Failed|^ *#[4-9] |$EXTRA" "$T/out" | cut -c1-260 | sed "s|$T|\$TMP|g"
  echo "exit status $rc"
}
ok() { [ "$rc" -eq 0 ]; }  # the last show's command succeeded
crashed() { [ "$rc" -gt 128 ]; }  # it died of a signal
fails() { [ "$rc" -ne 0 ] && [ "$rc" -le 128 ] && { [ -z "$1" ] || grep -qF -- "$1" "$T/out"; }; }  # an error, not a crash

# The 17 IREE configurations of kernelfuzz (frontends/iree/frontend.py), one per line: name|flags.
configs() {
  cat <<CONFIGS
cpu-O0|$CPU --iree-opt-level=O0 --iree-dispatch-creation-enable-aggressive-fusion=false
cpu-O0-fusion|$CPU --iree-opt-level=O0 --iree-dispatch-creation-enable-aggressive-fusion=true
cpu-O2|$CPU --iree-opt-level=O2 --iree-dispatch-creation-enable-aggressive-fusion=true
cpu-O2-no-fusion|$CPU --iree-opt-level=O2 --iree-dispatch-creation-enable-aggressive-fusion=false
cpu-O3|$CPU --iree-opt-level=O3
cpu-im2col|$CPU --iree-opt-level=O2 --iree-global-opt-use-im2col-for-convs=true
cpu-ukernels|$CPU --iree-opt-level=O2 --iree-llvmcpu-enable-ukernels=all
cpu-generic|--iree-hal-target-device=local --iree-hal-local-target-device-backends=llvm-cpu --iree-opt-level=O2 --iree-llvmcpu-target-cpu=generic
cpu-vw16|$CPU --iree-opt-level=O2 --iree-llvmcpu-target-vector-width-in-bytes=16
cpu-no-distribution|$CPU --iree-opt-level=O2 --iree-llvmcpu-disable-distribution
cpu-fast|$CPU --iree-opt-level=O2 --iree-llvmcpu-use-fast-min-max-ops --iree-llvmcpu-reassociate-fp-reductions
gfx942-O2|$GFX942 --iree-opt-level=O2
gfx942-no-fusion|$GFX942 --iree-opt-level=O2 --iree-dispatch-creation-enable-aggressive-fusion=false
gfx942-no-vecdist|$GFX942 --iree-opt-level=O2 --iree-codegen-llvmgpu-use-vector-distribution=false --iree-codegen-llvmgpu-use-reduction-vector-distribution=false
gfx942-no-igemm|$GFX942 --iree-opt-level=O2 --iree-codegen-llvmgpu-use-igemm=false
gfx942-no-igemm-no-vecdist|$GFX942 --iree-opt-level=O2 --iree-codegen-llvmgpu-use-igemm=false --iree-codegen-llvmgpu-use-vector-distribution=false --iree-codegen-llvmgpu-use-reduction-vector-distribution=false
cuda-sm80-O2|$CUDA --iree-opt-level=O2
CONFIGS
}

# every_config TITLE FILE: compile FILE under each configuration; print the exit status and first diagnostic.
every_config() {
  printf '\n## %s\n' "$1"
  configs | while IFS='|' read -r name flags; do
    iree-compile "$2" -o /dev/null $flags > "$T/out" 2>&1
    rc=$?
    echo "$name: exit $rc $(grep -m1 -E 'error: |^ *#4 ' "$T/out" | cut -c1-170 | sed "s|$T|\$TMP|g")"
  done
}

show "the input verifies (parse + verify only)" iree-opt kernel.mlir -o /dev/null
claim "the input verifies (parse + verify only) [exit 0]" ok
EXTRA='\(tensor<4xi8>, tensor<3xi8>, tensor<i32>\)'
show "llvm-cpu O0: FoldUnitExtentDimsPass leaves a 1-D generic reading tensor<4xi8> and tensor<3xi8> through (d0) -> (d0)" \
  iree-compile kernel.mlir -o /dev/null $CPU --iree-opt-level=O0 $FAILED_PASS
claim "llvm-cpu O0: FoldUnitExtentDimsPass leaves a 1-D generic reading tensor<4xi8> and tensor<3xi8> through (d0) -> [an error]" fails "'linalg.generic' op inferred input"
show "llvm-cpu O2: the same" iree-compile kernel.mlir -o /dev/null $CPU --iree-opt-level=O2 $FAILED_PASS
claim "llvm-cpu O2: the same [an error]" fails "'linalg.generic' op inferred input"
EXTRA='^#map2 = '
show "upstream MLIR only, step 1: --linalg-generalize-named-ops alone is fine (input map d2 * 2 + d5)" \
  iree-opt --linalg-generalize-named-ops kernel.mlir
claim "upstream MLIR only, step 1: --linalg-generalize-named-ops alone is fine (input map d2 * 2 + d5) [exit 0]" ok
EXTRA='\(tensor<4xi8>, tensor<3xi8>, tensor<i32>\)'
show "upstream MLIR only: --linalg-generalize-named-ops --linalg-fold-unit-extent-dims gives the same error" \
  iree-opt --linalg-generalize-named-ops --linalg-fold-unit-extent-dims kernel.mlir -o /dev/null
claim "upstream MLIR only: --linalg-generalize-named-ops --linalg-fold-unit-extent-dims gives the same error [an error]" fails "'linalg.generic' op inferred input"
EXTRA='^-none-$'

sed 's/1x1x4x1xi8/1x1x3x1xi8/g' kernel.mlir > "$T/width3.mlir"
show "control: input width 3 (the one window covers every column) compiles" \
  iree-compile "$T/width3.mlir" -o /dev/null $CPU --iree-opt-level=O2
claim "control: input width 3 (the one window covers every column) compiles [exit 0]" ok
sed 's/1x1x4x1xi8/1x1x5x1xi8/g; s/1x1x1x1xi32/1x1x2x1xi32/g' kernel.mlir > "$T/width5.mlir"
show "control: input width 5 (two windows, every column covered) compiles" \
  iree-compile "$T/width5.mlir" -o /dev/null $CPU --iree-opt-level=O2
claim "control: input width 5 (two windows, every column covered) compiles [exit 0]" ok

every_config "every IREE configuration of kernelfuzz" kernel.mlir
verdict
