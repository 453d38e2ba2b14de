"""Judge an output of mod/kernel.mlir, out[b] = sum_{r<4, j<8} x[b, r, j mod 3, j] (f32[2] of integer-valued inputs:
exact in any order), against reference/op0.npy.  usage: python check_mod.py OUT.npy   (exit 1: wrong; check.py beside
it judges the campaign case of case.json, another kernel)."""
import os
import sys

import verdict  # the exit rule, beside this script

HERE = os.path.dirname(os.path.abspath(__file__))


def main():
    if len(sys.argv) != 2:
        print(__doc__)
        return None
    import numpy as np
    if not os.path.exists(sys.argv[1]):
        raise verdict.CannotJudge(f"{sys.argv[1]} is missing (the run before this did not write it)")
    out, want = np.load(sys.argv[1]), np.load(os.path.join(HERE, "reference", "op0.npy"))
    if out.shape != want.shape or out.dtype != want.dtype:
        raise verdict.CannotJudge(f"{sys.argv[1]} holds {out.dtype}{list(out.shape)}, not this kernel's "
                                  f"{want.dtype}{list(want.shape)}")
    bad = int((out != want).sum())
    print(f"{out.tolist()} against the reference {want.tolist()}: {bad} of {out.size} elements wrong")
    return bad > 0


verdict.run(main)
