#!/bin/sh
# Every claim of FINDING.md with IREE's own tool (iree-compile on PATH). Compile-only: the target CPUs are named
# (skylake-avx512, x86-64-v4, x86-64-v3), so it shows the same on any machine.
# Exit status (verdict.sh): 1 when the AVX-512 compiles with a 16-byte vector width are rejected while the same
# compiles without the override and on AVX2 with it succeed (the bug shows), 0 otherwise, 2 without iree-compile.
cd "$(dirname "$0")"
. ./verdict.sh
need iree-compile
BASE="--iree-hal-target-device=local --iree-hal-local-target-device-backends=llvm-cpu --iree-opt-level=O2"
VW16="--iree-llvmcpu-target-vector-width-in-bytes=16"
W=$(mktemp -d)
run() {  # run NAME FILE CPU [FLAGS...]: compile, print the exit status and the error line; $rc, $out for the claim
  name=$1; file=$2; cpu=$3; shift 3
  out=$(iree-compile "$file" $BASE --iree-llvmcpu-target-cpu="$cpu" "$@" -o "$W/$name.vmfb" 2>&1); rc=$?
  echo "== $name: $file, target CPU $cpu $*: exit status $rc"
  echo "$out" | grep "error:" | head -1 | cut -c1-200
}
run avx512-vw16 kernel.mlir skylake-avx512 $VW16
claim "kernel.mlir on skylake-avx512 with a 16-byte vector width is rejected for a large vector (limit 8192 bytes)" \
  eval 'echo "$out" | grep -q "large vector sizes (8192 bytes)"'
run avx512 kernel.mlir skylake-avx512
claim "kernel.mlir on skylake-avx512 without the override compiles" [ "$rc" -eq 0 ]
run avx2-vw16 kernel.mlir x86-64-v3 $VW16
claim "kernel.mlir on x86-64-v3 (AVX2) with the same 16-byte vector width compiles" [ "$rc" -eq 0 ]
run f32-avx512-vw16 kernel_f32_static.mlir x86-64-v4 $VW16
claim "a static 64x64x64 f32 matmul on x86-64-v4 (AVX-512) with a 16-byte vector width is rejected the same way" \
  eval 'echo "$out" | grep -q "large vector sizes (8192 bytes)"'
run f32-avx2-vw16 kernel_f32_static.mlir x86-64-v3 $VW16
claim "the same f32 matmul on x86-64-v3 (AVX2) with a 16-byte vector width compiles" [ "$rc" -eq 0 ]
echo "== the matmul's lowering config (iree-compile --compile-to=executable-configurations), skylake-avx512:"
for flags in "" "$VW16" "--iree-llvmcpu-target-vector-width-in-bytes=64"; do
  iree-compile kernel.mlir $BASE --iree-llvmcpu-target-cpu=skylake-avx512 $flags \
    --compile-to=executable-configurations -o "$W/cfg.mlir" 2>/dev/null
  cfg=$(grep -o "distribution = [^>]*>" "$W/cfg.mlir" | head -1)
  echo "  ${flags:-(no override)}: $cfg"
  [ -n "$flags" ] && [ "$flags" = "$VW16" ] && vw16cfg=$cfg
  [ -z "$flags" ] && defcfg=$cfg
done
claim "the vector tile sizes with the 16-byte override are the AVX-512 defaults [8, 32, K] unchanged" \
  eval '[ -n "$vw16cfg" ] && [ "$vw16cfg" = "$defcfg" ] && echo "$vw16cfg" | grep -q "vector_common_parallel = \[8, 32, 0\]"'
echo "== the failing pass (--mlir-print-ir-after-failure), skylake-avx512 with the 16-byte override:"
iree-compile kernel.mlir $BASE --iree-llvmcpu-target-cpu=skylake-avx512 $VW16 -o "$W/x.vmfb" \
  --mlir-print-ir-after-failure 2>&1 | grep "IR Dump After.*Failed" | head -1 | cut -c1-160
iree-compile kernel.mlir $BASE --iree-llvmcpu-target-cpu=skylake-avx512 $VW16 -o "$W/x.vmfb" 2>&1 \
  | grep -o "vector.contract {[^}]*}.*into vector<[^>]*>" | sed 's/indexing_maps = \[[^]]*\], //' | head -1 | cut -c1-200
rm -rf "$W"
verdict
