"""``python -m frontends.devices.ptx ET.mlir PTX_DIR in0.npy ... [--save out0.npy ...]``: run the simulated program
and print its outputs (or save them, one file per output, in order)."""
import sys

import numpy as np

from frontends.devices.ptx import run_module


def main(argv: list[str]) -> int:
    args, saves = (argv[:argv.index("--save")], argv[argv.index("--save") + 1:]) if "--save" in argv else (argv, [])
    if len(args) < 2:
        print("usage: python -m frontends.devices.ptx ET.mlir PTX_DIR [in0.npy ...] [--save out0.npy ...]",
              file=sys.stderr)
        return 2
    et, ptx, *ins = args
    outs = run_module(et, ptx, [np.load(p) for p in ins])
    for i, out in enumerate(outs):
        if i < len(saves):
            np.save(saves[i], out)
        else:
            print(out.dtype, out.shape, out.ravel().tolist())
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
