"""Judge output .npy files against kernelfuzz's reference bounds (numpy only).

usage: python3 check.py OUTPUT.npy [OUTPUT.npy ...]   (one per case output, in order; from any folder)
Exit status 1 when any element lies outside [lo, hi]: a miscompile, not rounding."""
import os
import sys

import numpy as np

OUTPUTS = ['op2']
REFERENCE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "reference")  # beside this file


def poison(out):
    """Elements still holding the poison kernelfuzz fills buffers with: 0xA5 bytes, or in a float the NaN with all
    bits set of any float width, converted to this one (fuzz/judge/poison.py)."""
    fills = set([bytes([0xA5]) * out.dtype.itemsize])
    if out.dtype.kind == "f":
        fills |= set(np.frombuffer(bytes([0xFF]) * np.dtype(t).itemsize, t).astype(out.dtype).tobytes()
                     for t in (np.float16, np.float32, np.float64))
    b = np.ascontiguousarray(out).reshape(-1).view(np.uint8).reshape(out.size, -1)
    hit = [np.all(b == np.frombuffer(f, np.uint8), axis=1) for f in fills]
    return np.any(hit, axis=0).reshape(out.shape)


def judge(name, out):
    ref = np.load(os.path.join(REFERENCE, f"{name}.npy"))
    if out.shape != ref.shape or (out.dtype.kind == ref.dtype.kind == "f" and out.dtype != ref.dtype):
        # kernelfuzz's oracle holds a result to the declared type too (float16 returned as float32 is a bug even
        # where the values are right); newer floats and packed ints are left to the values (no numpy dtype here)
        print(f"{name}: got {out.dtype}{list(out.shape)}, expected {ref.dtype}{list(ref.shape)}")
        return True
    lo, hi = (np.load(os.path.join(REFERENCE, f"{name}.{end}.npy")) for end in ("lo", "hi"))
    o = out.astype(np.float64)
    with np.errstate(invalid="ignore"):
        bad = ~((o >= lo) & (o <= hi)) & ~(np.isnan(o) & np.isnan(ref.astype(np.float64)))
    if out.dtype.kind == "f":  # +-inf is a correct result only where the bound passes the finite range
        top = float(np.finfo(out.dtype).max)
        bad &= ~(((o == np.inf) & (hi > top)) | ((o == -np.inf) & (lo < -top)))
    err = np.abs(o - ref.astype(np.float64))
    finite = np.isfinite(err)
    unwritten = int((bad & poison(out)).sum())
    print(f"{name}: max |error| {err[finite].max(initial=0):.6g}"
          + (f" (+{int((~finite).sum())} NaN/Inf)" if not finite.all() else "")
          + f", {int(bad.sum())} of {bad.size} elements outside the certified bound"
          + (f", first at {tuple(int(i) for i in np.argwhere(bad)[0])}" if bad.any() else "")
          + (f"; {unwritten} hold the poison: never written" if unwritten else ""))
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
