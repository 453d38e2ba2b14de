#!/bin/sh
# Sets this finding beside iree-org/iree#24319 (head_dim = 1 SDPA on gfx942, "fails to determine a tile size"; its
# fix PRs are merged): the head_dim = 1 attentions of that issue's shape (K1 = N = 1, K2 = 3; M = 4 and M = 16)
# compile for gfx942, and this finding's K2 = 1 kernel still crashes, with the same iree-compile.
# Exit status: 1 when kernel.mlir crashes while both head_dim = 1 kernels compile (this bug shown, apart from
# #24319); 0 when kernel.mlir compiles; 2 when a tool is missing or a head_dim = 1 kernel fails too (not judged).
cd "$(dirname "$0")" || exit 3
command -v iree-compile >/dev/null 2>&1 || {
  echo "issue24319.sh: iree-compile is not on PATH: pip install iree-base-compiler" >&2; exit 2; }
T=$(mktemp -d) || exit 3
trap 'rm -rf "$T"' EXIT
GFX942="--iree-hal-target-device=hip --iree-rocm-target=gfx942 --iree-opt-level=O2"
iree-compile --version | grep "compiler version"
others=0
for f in issue24319_head_dim_1_m4.mlir issue24319_head_dim_1_m16.mlir; do
  # shellcheck disable=SC2086
  iree-compile "$f" -o "$T/k.vmfb" $GFX942 > "$T/log" 2>&1
  rc=$?
  echo "$f (gfx942 O2): exit status $rc"
  [ "$rc" -eq 0 ] || { grep -m2 "error: \|setVectorDistributionConfig" "$T/log"; others=1; }
done
# shellcheck disable=SC2086
iree-compile kernel.mlir -o "$T/k.vmfb" $GFX942 > "$T/log" 2>&1
rc=$?
echo "kernel.mlir, K2 = 1 (gfx942 O2): exit status $rc"
grep -m1 "setVectorDistributionConfig" "$T/log"
[ "$rc" -eq 0 ] && exit 0
[ "$others" -eq 0 ] || exit 2
exit 1
