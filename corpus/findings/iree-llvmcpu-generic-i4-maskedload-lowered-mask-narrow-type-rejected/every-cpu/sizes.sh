#!/bin/sh
# The same rejection on every x86 target CPU, decided by the tensor's size, not by the CPU's masked vector ops.
# A 1-D i4 -> f16 `arith.sitofp` generic of N elements (N even: a whole number of bytes) is compiled by iree-compile
# (llvm-cpu, O2) for three CPUs of three vector widths: generic (SSE), haswell (AVX2), skylake-avx512 (AVX-512).
# Claims: N = 18 and N = 34 (not a multiple of any of their vector widths) are rejected on all three with
# "failed to legalize operation 'vector.maskedload'" (the error of kernel.mlir in the folder above); N = 32 (a
# multiple of every width) compiles on all three (the control: i4 itself is supported). The whole table is printed. Exit 1 when every claim holds, 0 when one fails, 2 without iree-compile.
cd "$(dirname "$0")"
. ./verdict.sh
need iree-compile
iree-compile --version | head -2
kernel() {  # $1: N
  cat <<MLIR
func.func @main(%a: tensor<$1xi4>) -> tensor<$1xf16> {
  %e = tensor.empty() : tensor<$1xf16>
  %g = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%a : tensor<$1xi4>) outs(%e : tensor<$1xf16>) {
  ^bb0(%x: i4, %o: f16):
    %v = arith.sitofp %x : i4 to f16
    linalg.yield %v : f16
  } -> tensor<$1xf16>
  return %g : tensor<$1xf16>
}
MLIR
}
outcome() {  # $1: N, $2: CPU -> ok | maskedload | other
  kernel "$1" > sizes_k.mlir
  if iree-compile sizes_k.mlir -o /dev/null --iree-hal-target-device=local \
      --iree-hal-local-target-device-backends=llvm-cpu --iree-opt-level=O2 --iree-llvmcpu-target-cpu="$2" \
      > sizes_err.txt 2>&1; then echo ok
  elif grep -q "failed to legalize operation 'vector.maskedload'" sizes_err.txt; then echo maskedload
  else echo other; fi
}
CPUS="generic haswell skylake-avx512"
echo "N: $CPUS"
: > sizes_seen.txt
for n in 6 10 12 18 20 24 32 34; do
  line="$n:"
  for c in $CPUS; do
    o=$(outcome "$n" "$c")
    line="$line $o"
    echo "$n $c $o" >> sizes_seen.txt
  done
  echo "$line"
done
seen() { grep -qx "$1 $2 $3" sizes_seen.txt; }  # N CPU outcome
for c in $CPUS; do
  for n in 18 34; do claim "N = $n on $c is rejected (vector.maskedload)" seen "$n" "$c" maskedload; done
  claim "N = 32 on $c compiles (control)" seen 32 "$c" ok
done
rm -f sizes_k.mlir sizes_err.txt sizes_seen.txt
verdict
