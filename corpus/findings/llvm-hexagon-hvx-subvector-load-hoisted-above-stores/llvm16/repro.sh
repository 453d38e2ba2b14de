#!/bin/sh
# TVM-free reproduction with Debian's LLVM 16: clang-16, ld.lld-16, qemu-hexagon (apt-get install clang-16 lld-16
# qemu-user). The driver's exit status is the number of wrong elements of out (0: right). This script exits 1 when
# a run shows the bug (any wrong element), 0 when none does.
set -u
cd "$(dirname "$0")"
for t in clang-16 ld.lld-16 qemu-hexagon; do command -v "$t" > /dev/null 2>&1 || { echo "could not run: $t is not on PATH (exit 2)"; exit 2; }; done
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
status=0
clang-16 --version | head -1
clang-16 --target=hexagon-unknown-linux-musl -mcpu=hexagonv68 -O2 -ffreestanding -fno-builtin -nostdlib -c driver.c \
  -o "$T/driver.o"
run() {  # run LABEL CLANG-FLAGS...: compile load_after_stores.ll, link, run under qemu-hexagon
  label=$1; shift
  clang-16 --target=hexagon -mcpu=hexagonv68 -c load_after_stores.ll -o "$T/k.o" "$@" 2> "$T/bisect.log"
  ld.lld-16 -static -o "$T/prog" "$T/driver.o" "$T/k.o"
  qemu-hexagon -cpu v67 "$T/prog"
  wrong=$?
  echo "$label: $wrong of 16 elements wrong"
  [ "$wrong" -eq 0 ] || status=1
}
for O in -O0 -O1 -O2 -O3; do run "$O" "$O"; done
echo "-- the first bad pass, by -opt-bisect-limit at -O2:"
run "-O2 -opt-bisect-limit=135" -O2 -mllvm -opt-bisect-limit=135
grep -F 'running pass (135)' "$T/bisect.log"
run "-O2 -opt-bisect-limit=136" -O2 -mllvm -opt-bisect-limit=136
grep -F 'running pass (136)' "$T/bisect.log"
echo "-- -O2 assembly of @kernel: the vector load (vmem/vmemu) and the stores to the stack buffer, in order"
clang-16 --target=hexagon -mcpu=hexagonv68 -O2 -S load_after_stores.ll -o - \
  | awk '/^kernel:/,/jumpr r31/' | grep -nE 'vmem|memw\(r29|memw\(r[0-9]+\+#' | head -40
echo "-- before machine-scheduler: the widened load's memory operand is 128 bytes (s1024) of the 64-byte buf"
clang-16 --target=hexagon -mcpu=hexagonv68 -O2 -c load_after_stores.ll -o "$T/k.o" -mllvm -print-before=machine-scheduler \
  -mllvm -filter-print-funcs=kernel 2>&1 | grep -E 'V6_vL32Ub|S2_storeri_io %stack' | sed -n '1p;$p'
echo "   (and 15 more stores between them; after the scheduler the load sits before the stores of offsets 32..60)"
echo "-- control: the same program with a 128-byte buf (alloca [32 x i32]), so the 128-byte access fits the object"
sed 's/alloca \[16 x i32\], align 64/alloca [32 x i32], align 64/' load_after_stores.ll > "$T/big.ll"
clang-16 --target=hexagon -mcpu=hexagonv68 -O2 -c "$T/big.ll" -o "$T/k.o"
ld.lld-16 -static -o "$T/prog" "$T/driver.o" "$T/k.o"
qemu-hexagon -cpu v67 "$T/prog"
echo "-O2, 128-byte buf: $? of 16 elements wrong"
exit "$status"
