#!/bin/sh
# IREE 3.7 to 3.13 (kernelfuzz's side environments) on the store narrow-type emulation gets for this case:
# 1. emulate_store.mlir through iree-amdgpu-emulate-narrow-type alone (iree-opt): 3.7-3.10 turn the store of one i4
#    element at index 0 of a 1-byte buffer into a read-modify-write (memref.generic_atomic_rmw) of index 1, past the
#    buffer, and read the element back from index 0, which nothing wrote; 3.11-3.13 reject the store instead.
# 2. kernel.mlir (the campaign case seed752449196) compiled with iree:gfx942-O2's flags, its LLVM IR dumped: the same
#    in the whole kernel (3.7-3.10): `alloca i8`, a cmpxchg loop on byte 1 of it, `load <1 x i4>` from byte 0.
# RELEASES: folder holding one iree-<version>/bin/iree-compile per release. sh evidence.sh > evidence.txt 2>&1
# Exit status (verdict.sh): 1 when 3.7-3.10 write index 1 and read index 0 (both parts) and 3.11-3.13 reject the
# store, 0 otherwise, 2 when a release's side environment is missing.
cd "$(dirname "$0")"
. ./verdict.sh
W=$(mktemp -d) || exit 2
trap 'rm -rf "$W"' EXIT
R=${RELEASES:-${KERNELFUZZ_RELEASES:-${XDG_CACHE_HOME:-$HOME/.cache}/kernelfuzz/releases}}
for v in 3.7 3.8 3.9 3.10 3.11 3.12 3.13; do
  [ -x "$R/iree-$v/bin/iree-opt" ] || unable "no iree-$v side environment (kernelfuzz run case.json --releases iree==$v builds it)"
done
for v in 3.7 3.8 3.9 3.10 3.11 3.12 3.13; do
  B="$R/iree-$v/bin"
  echo "== iree $v: $("$B/iree-compile" --version 2>&1 | sed -n 2p | sed 's/^ *//')"
  "$B/iree-opt" --pass-pipeline='builtin.module(func.func(iree-amdgpu-emulate-narrow-type))' emulate_store.mlir \
    > "$W/opt" 2>&1
  echo "  1. iree-opt exit $?"
  grep -E "memref.alloca|generic_atomic_rmw|vector.load|error:" "$W/opt" | sed 's/^ */     /' | cut -c1-200
  case $v in
    3.7|3.8|3.9|3.10)
      claim "iree $v: the store is a read-modify-write of index 1 of the 1-byte buffer; the load reads index 0" \
        sh -c "grep -q 'alloca() : memref<1xi8' '$W/opt' && grep -q 'generic_atomic_rmw %alloca\[%c1\]' '$W/opt' \
               && grep -q 'vector.load %alloca\[%c0\]' '$W/opt'"
      target=--iree-hip-target=gfx942
      "$B/iree-compile" kernel.mlir -o "$W/k.vmfb" --iree-hal-target-device=hip $target --iree-opt-level=O2 \
        --iree-hal-dump-executable-intermediates-to="$W/$v" > "$W/log" 2>&1
      echo "  2. iree-compile kernel.mlir exit $?"
      LL=$(ls "$W/$v"/*.optimized.ll | head -n1)
      grep -E "= alloca i8|addrspace\(5\) %[0-9]+, i32 1$|cmpxchg ptr addrspace\(5\)|load <1 x i4>, ptr addrspace\(5\)" "$LL" \
        | sed 's/^ */     /'
      A=$(grep -m1 -oE "%[0-9]+ = alloca i8" "$LL" | cut -d' ' -f1)
      P=$(grep -m1 -oE "%[0-9]+ = getelementptr inbounds nuw i8, ptr addrspace\(5\) $A, i32 1" "$LL" | cut -d' ' -f1)
      claim "iree $v gfx942-O2: cmpxchg on byte 1 ($P) of the 1-byte alloca $A, then load <1 x i4> of byte 0 ($A)" \
        sh -c "[ -n '$P' ] && grep -q 'cmpxchg ptr addrspace(5) $P,' '$LL' && grep -q 'load <1 x i4>, ptr addrspace(5) $A,' '$LL'" ;;
    *) claim "iree $v: the store is rejected (failed to legalize vector.store)" \
         grep -q "failed to legalize operation 'vector.store'" "$W/opt" ;;
  esac
done
verdict
