#!/bin/sh
# simulate.sh with IREE 3.11 (the last release whose GlobalISel runs the old RegBankSelect by default) first on PATH,
# from kernelfuzz's side environment (~/.cache/kernelfuzz/releases/iree-3.11, made by `kernelfuzz replay --releases`,
# or RELEASES=...): the reduced case through iree:gfx942-O2-global-isel on kernelfuzz's gfx942 simulator.  The
# installed IREE (3.12 and later) computes it right, so simulate.sh alone exits 0 there.
# Exit status: simulate.sh's (1 the bug shown, 0 not, 2 could not run or judge).
cd "$(dirname "$0")"
R="${RELEASES:-$HOME/.cache/kernelfuzz/releases}"
[ -x "$R/iree-3.11/bin/iree-compile" ] || { echo "simulate311.sh: no IREE 3.11 side environment under $R (exit 2)"; exit 2; }
PATH="$R/iree-3.11/bin:$PATH" exec sh simulate.sh
