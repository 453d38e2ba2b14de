#!/bin/sh
# The upstream-MLIR-only repro: transform.structured.pad_tiling_interface on a linalg.generic that reads an operand
# through `d1 floordiv 2` (no IREE op, no IREE pass). Any mlir-opt with the transform dialect runs it, as does
# iree-opt (it registers the upstream transform ops): OPT=mlir-opt sh upstream.sh
# Exit status: 1 when a tensor.pad with high padding -1 is printed (the bug shown), 0 when none is, 2 when the tool
# is missing, 3 on this script's own error.
cd "$(dirname "$0")" || exit 3
OPT="${OPT:-iree-opt}"
command -v "$OPT" >/dev/null 2>&1 || {
  echo "upstream.sh: $OPT is not on PATH: pip install iree-base-compiler, or OPT=mlir-opt with LLVM's tools" >&2
  exit 2
}
T=$(mktemp -d) || exit 3
trap 'rm -rf "$T"' EXIT
status=0
for f in upstream_pad_floordiv_extent1.mlir upstream_pad_floordiv_extent3.mlir; do
  printf '\n## %s\n$ %s %s --transform-interpreter --verify-each=false\n' "$f" "$OPT" "$f"
  "$OPT" "$f" --transform-interpreter --verify-each=false > "$T/out" 2>&1
  echo "exit status $?"
  grep -E "tensor.pad|static_high|-> tensor<4x[0-9]xf32>$|ins\(%padded" "$T/out"
  grep -qE "high\[0, -1\]|static_high = array<i64: 0, -1>" "$T/out" && status=1
  printf '$ %s %s --transform-interpreter   (with the verifier)\n' "$OPT" "$f"
  "$OPT" "$f" --transform-interpreter > "$T/out" 2>&1
  echo "exit status $?"
  grep -E "error: " "$T/out"
done
exit "$status"
