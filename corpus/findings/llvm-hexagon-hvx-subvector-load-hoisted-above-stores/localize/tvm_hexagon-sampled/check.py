"""Judge output .npy files against kernelfuzz's reference bounds (numpy only).

usage: python check.py OUTPUT.npy [OUTPUT.npy ...]   (one per case output, in order)
Exit status 1 when any element lies outside [lo, hi]: a miscompile, not rounding."""
import sys

import numpy as np

OUTPUTS = ['op1']


def judge(name, out):
    ref = np.load(f"reference/{name}.npy")
    lo, hi = np.load(f"reference/{name}.lo.npy"), np.load(f"reference/{name}.hi.npy")
    o = out.astype(np.float64)
    bad = ~((o >= lo) & (o <= hi))
    if out.dtype.kind == "f":  # +-inf is a correct result only where the bound passes the finite range
        top = float(np.finfo(out.dtype).max)
        bad &= ~(((o == np.inf) & (hi > top)) | ((o == -np.inf) & (lo < -top)))
    err = np.abs(o - ref.astype(np.float64))
    print(f"{name}: max |error| {np.nanmax(err):.6g}, {int(bad.sum())} of {bad.size} elements outside the "
          f"certified bound" + (f", first at {tuple(int(i) for i in np.argwhere(bad)[0])}" if bad.any() else ""))
    return bool(bad.any())


def main(paths):
    outs = [np.load(p) for p in paths]
    return main_arrays(outs)


def main_arrays(outs):
    bad = [judge(n, o) for n, o in zip(OUTPUTS, outs)]
    print("MISCOMPILE: outside the bound" if any(bad) else "ok: within the certified bound")
    return 1 if any(bad) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
