#!/bin/sh
# arith.extf from each float8 type to f16, f32 and bf16 on llvm-cpu (iree-compile on PATH, or IREE_COMPILE=...).
# Exit status: 1 when a float8 -> f16 extf fails to compile while float8 -> f32 compiles (the bug), 0 otherwise,
# 2 when iree-compile is missing.
cd "$(dirname "$0")"
IC="${IREE_COMPILE:-iree-compile}"
command -v "$IC" >/dev/null 2>&1 || { echo "extf_repro.sh: $IC not found: pip install iree-base-compiler" >&2; exit 2; }
"$IC" --version 2>&1 | head -2 | tr "\n" " "; echo
bug=0
tmp=$(mktemp -d)
for t in f8E4M3FN f8E5M2 f8E4M3FNUZ f8E5M2FNUZ; do
  for d in f16 f32 bf16; do
    sed -e "s/f8E4M3FN/$t/g" -e "s/f16/$d/g" extf_f8_to_f16.mlir > "$tmp/k.mlir"
    if "$IC" --iree-hal-target-device=local --iree-hal-local-target-device-backends=llvm-cpu \
        --iree-llvmcpu-target-cpu=host "$tmp/k.mlir" -o "$tmp/k.vmfb" > "$tmp/err.txt" 2>&1; then
      echo "$t -> $d: compiles"; eval "ok_$d=1"
    else
      echo "$t -> $d: FAILS: $(grep -m1 'error:' "$tmp/err.txt" | sed 's/.*error: //' | cut -c1-140)"; eval "ok_$d=0"
    fi
  done
  [ "$ok_f16" = 0 ] && [ "$ok_f32" = 1 ] && bug=1
done
rm -rf "$tmp"
[ $bug = 1 ] && echo "BUG SHOWN: float8 -> f16 extf rejected while float8 -> f32 compiles" || echo "no bug shown"
exit $bug
