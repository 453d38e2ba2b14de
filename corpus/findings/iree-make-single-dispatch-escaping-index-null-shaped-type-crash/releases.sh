#!/bin/sh
# kernel.mlir, repro_pad.mlir and repro_static.mlir compiled for llvm-cpu under the single-dispatch preprocessing
# pipeline by each IREE release's iree-compile (kernelfuzz's side environments).
# RELEASES: folder holding one iree-<version>/bin/iree-compile per release. sh releases.sh > releases.txt 2>&1
# Exit status (verdict.sh): 1 when every release crashes in MakeSingleDispatchForFunctionPass on repro_static.mlir,
# 0 otherwise, 2 when a release's side environment is missing.
cd "$(dirname "$0")"
. ./verdict.sh
LOG=$(mktemp) || exit 2
trap 'rm -f "$LOG"' EXIT
R=${RELEASES:-${KERNELFUZZ_RELEASES:-${XDG_CACHE_HOME:-$HOME/.cache}/kernelfuzz/releases}}
SINGLE="--iree-preprocessing-pass-pipeline=builtin.module(util.func(iree-preprocessing-make-single-dispatch))"
for v in 3.3 3.7 3.8 3.9 3.10 3.11 3.12 3.13; do
  C="$R/iree-$v/bin/iree-compile"
  [ -x "$C" ] || { echo "releases.sh: no iree-$v side environment (kernelfuzz run case.json --releases iree==$v builds it)" >&2; exit 2; }
  echo "== iree $v: $("$C" --version 2>&1 | sed -n 2p | sed 's/^ *//')"
  for f in kernel.mlir repro_pad.mlir repro_static.mlir; do
    "$C" "$f" -o /dev/null --iree-hal-target-device=local --iree-hal-local-target-device-backends=llvm-cpu \
      --iree-llvmcpu-target-cpu=generic "$SINGLE" > "$LOG" 2>&1
    rc=$?
    what=$(grep -m1 -oE "MakeSingleDispatchForFunctionPass|error: .{0,80}" "$LOG")
    echo "$f: exit $rc ${what:+($what)}"
    [ "$f" = repro_static.mlir ] && claim "iree $v: repro_static.mlir crashes in MakeSingleDispatchForFunctionPass" \
      [ "$what" = MakeSingleDispatchForFunctionPass ]
  done
done
verdict
