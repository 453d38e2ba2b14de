#!/bin/sh
# The vectorizer alone on one linalg.generic: out[i] = sum over j of 3.0 (the body never reads its input).
# sh vectorize.sh > vectorize.txt 2>&1. Needs only iree-opt (iree-base-compiler). Exit 1 when the vectorized IR
# has no reduction over the 7-element dim left (the bug), 0 when it keeps one.
cd "$(dirname "$0")"
command -v iree-opt >/dev/null 2>&1 || { echo "vectorize.sh: iree-opt is not on PATH: pip install iree-base-compiler" >&2; exit 2; }
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
echo '$ iree-opt vectorize_iree_pass.mlir --pass-pipeline=builtin.module(func.func(iree-codegen-generic-vectorization))'
iree-opt vectorize_iree_pass.mlir --pass-pipeline='builtin.module(func.func(iree-codegen-generic-vectorization))' | tee "$T/iree.txt"
echo
echo '$ iree-opt vectorize_upstream.mlir --transform-interpreter   # upstream transform.structured.vectorize = mlir::linalg::vectorize'
iree-opt vectorize_upstream.mlir --transform-interpreter | tee "$T/upstream.txt"
echo
status=0
for f in iree upstream; do
  # Right: a vector.multi_reduction over the reduction dim (or 7 * 3 folded in). Wrong: only %init + 3.
  if grep -q 'multi_reduction\|vector.reduction' "$T/$f.txt"; then echo "$f: reduction kept"
  else echo "$f: no reduction left: out = init + 3 (expected init + 7 * 3 = 21)"; status=1; fi
done
exit "$status"
