"""Judge an output of generic_negf_nhwc.mlir: out[h, w, f] = -sum_kw,c x[h, w + kw, c] * w[kw, c, f] (small integers in
f16, f32 accumulation: exact in any order).  usage: python negf_nhwc_check.py OUT.npy   (exit 1: wrong)."""
import verdict  # the exit rule, beside this script: an uncaught error exits 2 or 3, never 1
verdict.install()
import os
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))


def expected():
    x = np.load(os.path.join(HERE, "generic_negf_nhwc.in0.npy")).astype(np.float64)
    w = np.load(os.path.join(HERE, "generic_negf_nhwc.in1.npy")).astype(np.float64)
    return -sum(np.einsum("hwc,cf->hwf", x[:, k:k + 4, :], w[k]) for k in range(w.shape[0]))


def main(path):
    out, want = np.load(path).astype(np.float64), expected()
    bad = int((out != want).sum())
    print(f"{bad} of {out.size} elements wrong" + ("; the output is +conv: the negf was dropped" if (out == -want).all()
                                                  and bad else ""))
    print("MISCOMPILE" if bad else "ok: exact")
    return 1 if bad else 0


if __name__ == "__main__":
    if len(sys.argv) != 2:
        print(__doc__)
        sys.exit(2)  # no output named: nothing to judge (the exit rule's 2)
    sys.exit(main(sys.argv[1]))
