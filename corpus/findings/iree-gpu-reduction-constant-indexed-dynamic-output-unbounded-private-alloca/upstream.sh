#!/bin/sh
# The upstream-MLIR-only repro: `tensor.dim` of a linalg.generic result whose output map is `(d0) -> (0)` (a dynamic
# output dim written at index 0 only) is resolved by LinalgOp::reifyResultShapes to the constant 0, where the result
# has the init's size. No IREE op or pass: OPT=mlir-opt sh upstream.sh runs it with LLVM's own tool.
# Exit status: 1 when the dim folds to the constant 0 (the bug shown), 0 when it does not, 2 when the tool is
# missing, 3 on this script's own error.
cd "$(dirname "$0")" || exit 3
. ./verdict.sh
OPT="${OPT:-iree-opt}"
need "$OPT"
T=$(mktemp -d) || exit 3
trap 'rm -rf "$T"' EXIT
echo "\$ $OPT upstream_reify.mlir --resolve-ranked-shaped-type-result-dims"
"$OPT" upstream_reify.mlir --resolve-ranked-shaped-type-result-dims > "$T/out" 2>&1
echo "exit status $?"
cat "$T/out"
claim "the function returns the constant 0 for tensor.dim of the result" grep -q "return %c0 : index" "$T/out"
claim "no tensor.dim of the init (%arg1) is left to give the size" sh -c "! grep -q 'tensor.dim %arg1' '$T/out'"
verdict
