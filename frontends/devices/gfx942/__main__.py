"""Run an IREE HIP module on the gfx942 simulator from the command line.

usage: python -m frontends.devices.gfx942 ET.mlir DUMP_DIR in0.npy in1.npy ... [-o OUT_DIR | --save out0.npy ...]

ET.mlir is ``iree-compile --compile-to=executable-targets`` output, DUMP_DIR the ``.rocmasm`` files of
``--iree-hal-dump-executable-files-to``.  Prints each output's dtype, shape and values (or saves out<k>.npy under
OUT_DIR, or each output to the ``--save`` path of its position, as ``python -m frontends.devices.ptx`` does), then
the report; exits 2 on anything the simulator does not model.  No AMD hardware checked it.
"""
from __future__ import annotations

import argparse
import sys

import numpy as np

from frontends.devices.gfx942.errors import Report, SimError
from frontends.devices.gfx942.stream import run_module
from frontends.devices.ptx.errors import CannotSimulate


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m frontends.devices.gfx942", description=__doc__.splitlines()[0])
    ap.add_argument("et"), ap.add_argument("dump"), ap.add_argument("inputs", nargs="*")
    ap.add_argument("-o", "--out", help="save out<k>.npy here instead of printing")
    ap.add_argument("--save", nargs="+", default=[], help="save output k to the k-th path instead of printing")
    args = ap.parse_args(argv)
    report = Report()
    try:
        outs = run_module(args.et, args.dump, [np.load(p) for p in args.inputs], report)
    except (SimError, CannotSimulate) as e:
        print(e, file=sys.stderr)
        return 2
    for k, o in enumerate(outs):
        if k < len(args.save):
            np.save(args.save[k], o)
        elif args.out:
            np.save(f"{args.out}/out{k}.npy", o)
        else:
            print(o.dtype, o.shape, o.ravel().tolist())
    print(f"gfx942 simulator (no AMD hardware checked it): {report.summary()}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
