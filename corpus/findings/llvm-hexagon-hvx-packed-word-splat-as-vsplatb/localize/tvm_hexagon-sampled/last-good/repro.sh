#!/usr/bin/env bash
# kernelfuzz localize: the last-good side of the boundary
# exit status: check.py's (0 within the bound, 1 outside it); 2 when a step before it fails
set -eE
trap 'echo "could not run: $BASH_COMMAND failed" >&2; exit 2' ERR
cd "$(dirname "$0")"
# llvm: TVM's LLVM IR compiled by clang-16 without HVX (-hvx)
# finisher: clang-16 -c, linked to kernelfuzz's Hexagon harness with lld-16, run under qemu-hexagon
# kernel.ll: the LLVM IR TVM emitted for the kernel, rewritten for clang-16 (frontends/tvm/llvm16.py); HVX off in every function
# args.bin: the inputs in the harness's format (hexagon_harness.c, header comment)
clang-16 --target=hexagon-unknown-linux-musl -mcpu=hexagonv68 -O2 -ffreestanding -fno-builtin -nostdlib -c hexagon_harness.c -o harness.o
clang-16 --target=hexagon -mcpu=hexagonv68 -O2 -c kernel.ll -o kernel.o
ld.lld-16 -static -o kernel.hexagon harness.o kernel.o --defsym=kernel_entry=__tvm_ffi_main
qemu-hexagon -cpu v67 kernel.hexagon args.bin out.bin
python split_outputs.py
cd .. && exec python3 check.py last-good/out/op0.npy
