#!/bin/sh
# iree-compile only (no GPU needed): kernel.mlir for gfx942 at O2 with three-stage shared-memory prefetching.
# Exit 1: iree-compile crashes (a signal, "Stack dump:"); 0: it compiles or fails without crashing (not this bug);
# 2: iree-compile is not on PATH.  NUM_STAGES=N sh repro.sh tries another depth (default 3, the crashing one).
cd "$(dirname "$0")"
command -v iree-compile > /dev/null 2>&1 || { echo "could not run: iree-compile is not on PATH (pip install iree-base-compiler) (exit 2)"; exit 2; }
out=$(iree-compile kernel.mlir -o /dev/null --iree-hal-target-device=hip --iree-rocm-target=gfx942 --iree-opt-level=O2 \
  --iree-llvmgpu-prefetch-num-stages="${NUM_STAGES:-3}" 2>&1)
rc=$?
echo "iree-compile exit status $rc"
if [ "$rc" -ne 0 ] && echo "$out" | grep -q "Stack dump:"; then
  echo "$out" | grep -E "^ *#[0-9]+ " | sed -n '4,8p;/TranslateAllExecutablesPass/p' | sed 's/^ *#[0-9]* 0x[0-9a-f]* //' | cut -c1-120
  echo "crashed (exit 1)"; exit 1
fi
echo "$out" | grep -m1 "error:" | cut -c1-200
echo "no crash (exit 0)"; exit 0
