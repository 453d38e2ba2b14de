"""The device check: relax_matmul_repro.py's `R.matmul(x[8, 1], w[1, 4]) + b` built by Relax's default CUDA pipeline
and run on a CUDA GPU (any NVIDIA GPU; the build targets the device's own architecture). Needs apache-tvm, numpy and
a CUDA device and driver. Exit 1 when the GPU returns x @ w + 2 b (the bias added twice: the bug shown), 0 when it
returns x @ w + b, 2 without a CUDA device
(or for a wrong result of another pattern)."""
import verdict  # the exit rule, beside this script: an uncaught error exits 2 or 3, never 1
verdict.install()
import sys

import numpy as np
import tvm
from tvm import relax

from relax_matmul_repro import Model


def main() -> int:
    dev = tvm.cuda(0)
    if not dev.exist:
        print("no CUDA device: cannot judge (exit 2)")
        return 2
    target = tvm.target.Target.from_device(dev)
    vm = relax.VirtualMachine(tvm.compile(Model, target=target), dev)
    x = np.arange(8, dtype="float32").reshape(8, 1)
    w = np.array([[1, 2, 3, 4]], "float32")
    b = np.array([10, 20, 30, 40], "float32")
    got = vm["main"](*(tvm.runtime.tensor(a, dev) for a in (x, w, b))).numpy()
    print("tvm", tvm.__version__, "on", target)
    print("right, row 1:", (x @ w + b)[1].tolist(), " GPU, row 1:", got[1].tolist())
    if np.array_equal(got, x @ w + b):
        return 0
    if np.array_equal(got, x @ w + 2 * b):
        return 1
    print("wrong, but not by the bias added twice: not this bug's pattern, cannot judge (exit 2)")
    return 2


if __name__ == "__main__":
    sys.exit(main())
