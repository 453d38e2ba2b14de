#!/bin/sh
# LLVM alone, on three inputs: sroa_repro.ll (15 lines, reduced by llvm-reduce from the IR before the failing pass);
# kernel_O0.ll, the LLVM IR TVM 0.27 emits for tvm_llvm.py's kernel (a 1x3 depthwise conv plus a bias) before its
# O3 pipeline (the target's opt-level 0); avgpool_O0.ll, the same for apache/tvm#20015's avg_pool2d ([1, 4, 6, 3],
# 2x2 window), the crash reported there.
# Needs LLVM 22's opt: opt-22 on PATH (Debian/Ubuntu package llvm-22), or OPT=/path/to/opt.
# Claims: the three inputs are valid IR; `sroa<preserve-cfg>` alone turns sroa_repro.ll into IR that fails verification
# ("Instruction does not dominate all uses": the merged shufflevector is placed before the stored value it reads);
# `opt -O3` on each TVM kernel fails the same way, and -opt-bisect-limit names `sroa` as the first pass after which
# the output is broken. The shell prints "Aborted" for each opt that aborts on a broken module.
# Exit 1 when every claim holds, 0 when one fails (an LLVM with the fix), 2 without opt.
cd "$(dirname "$0")"
. ./verdict.sh
OPT="${OPT:-opt-22}"
need "$OPT"
"$OPT" --version | grep -i "llvm version"
broken() { grep -q "Instruction does not dominate all uses"; }
echo "== sroa_repro.ll"
cat sroa_repro.ll
claim "sroa_repro.ll is valid IR (opt -passes=verify)" "$OPT" -passes=verify sroa_repro.ll -o /dev/null
("$OPT" -passes='sroa<preserve-cfg>' sroa_repro.ll -o /dev/null) > sroa.out 2>&1
head -3 sroa.out
claim "opt -passes='sroa<preserve-cfg>' sroa_repro.ll: the result fails verification" broken < sroa.out
echo "== the same pass with -disable-verify: the shuffle that widens %1 is inserted before %1"
"$OPT" -passes='sroa<preserve-cfg>' -disable-verify -S sroa_repro.ll 2>&1 | sed -n '/^define/,/^}/p'
first_bad() {  # the first pass of -O3 after which the output of $1 is broken (opt-bisect-limit, bisected)
  total=$( ("$OPT" -O3 -opt-bisect-limit=-1 "$1" -o /dev/null) 2>&1 | grep -c "^BISECT: running pass")
  lo=0; hi=$total
  while [ $((hi - lo)) -gt 1 ]; do
    mid=$(((lo + hi) / 2))
    if ("$OPT" -O3 -opt-bisect-limit=$mid "$1" -o /dev/null) > /dev/null 2>&1; then lo=$mid; else hi=$mid; fi
  done
  echo "$1: $total passes; last good limit $lo; first bad:" \
    "$( ("$OPT" -O3 -opt-bisect-limit=$hi "$1" -o /dev/null) 2>&1 | grep "^BISECT: running pass ($hi)")"
}
for k in kernel_O0.ll avgpool_O0.ll; do
  echo "== $k (TVM's kernel) through opt -O3"
  claim "$k is valid IR (opt -passes=verify)" "$OPT" -passes=verify "$k" -o /dev/null
  ("$OPT" -O3 "$k" -o /dev/null) > o3.out 2>&1
  head -3 o3.out
  claim "opt -O3 $k: the result fails verification" broken < o3.out
  line=$(first_bad "$k")
  echo "$line"
  case "$line" in *") sroa on "*) ok=true ;; *) ok=false ;; esac
  claim "the first bad pass of -O3 on $k is sroa" $ok
done
rm -f sroa.out o3.out
verdict
