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
show "llvm-cpu O0: SIGSEGV in inferConvolutionDims under AnnotateDispatchesPass" \
  iree-compile kernel.mlir -o /dev/null $CPU --iree-opt-level=O0
claim "llvm-cpu O0: SIGSEGV in inferConvolutionDims under AnnotateDispatchesPass [a crash]" crashed
show "llvm-cpu O2: the same" iree-compile kernel.mlir -o /dev/null $CPU --iree-opt-level=O2
claim "llvm-cpu O2: the same [a crash]" crashed

sed 's/(d2 + 1, d3, d4, d1)/(d2, d3, d4, d1)/; s/3x2x1x2xf16/2x2x1x2xf16/g' kernel.mlir > "$T/no_offset.mlir"
show "control: the same op with d2 instead of d2 + 1 (in0 2x2x1x2) compiles" \
  iree-compile "$T/no_offset.mlir" -o /dev/null $CPU --iree-opt-level=O2
claim "control: the same op with d2 instead of d2 + 1 (in0 2x2x1x2) compiles [exit 0]" ok

show "upstream MLIR only: transform.match.structured.classify_convolution_dims on the same op crashes the same way" \
  iree-opt --transform-interpreter mlir_upstream_repro.mlir -o /dev/null
claim "upstream MLIR only: transform.match.structured.classify_convolution_dims on the same op crashes the same way [a crash]" crashed
sed 's/(d2 + 1, d3, d4, d1)/(d2, d3, d4, d1)/; s/3x2x1x2xf16/2x2x1x2xf16/g' mlir_upstream_repro.mlir > "$T/td_no_offset.mlir"
show "upstream control: classify_convolution_dims on the d2 version does not crash" \
  iree-opt --transform-interpreter "$T/td_no_offset.mlir" -o /dev/null
claim "upstream control: classify_convolution_dims on the d2 version does not crash [exit 0]" ok

every_config "every IREE configuration of kernelfuzz" kernel.mlir
verdict
