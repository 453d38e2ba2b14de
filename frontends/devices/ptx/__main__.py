"""``python -m frontends.devices.ptx ET.mlir PTX_DIR in0.npy ...``: the outputs of the simulated program."""
import sys

import numpy as np

from frontends.devices.ptx import run_module

if __name__ == "__main__":
    if len(sys.argv) < 3:
        sys.exit("usage: python -m frontends.devices.ptx ET.mlir PTX_DIR [in0.npy ...]")
    et, ptx, *ins = sys.argv[1:]
    for out in run_module(et, ptx, [np.load(p) for p in ins]):
        print(out.dtype, out.shape, out.ravel().tolist())
