"""end: the configuration's whole compile, run as kernelfuzz runs it (simulated on kernelfuzz's gfx942 simulator (no AMD hardware has checked it): TVM's gfx942 assembly and launch plan (the apache-tvm wheel has no ROCm runtime))

TVM and numpy only: builds the dlight-scheduled module below for {'kind': 'rocm', 'mcpu': 'gfx942'} and runs it on that device, saving its
outputs to out/ (judged by ../check.py). Without such a device it exits 2 (could not run); kernelfuzz ran it in its gfx942 simulator."""
import os
import sys

import numpy as np
import tvm

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import poison  # noqa: E402  registers TVM's default TIR pipeline with intermediates poisoned

INPUTS = [('x', 'float16')]  # (name, dtype)
OUTPUTS = [('y', [1], 'float16')]  # (name, shape, dtype)
SKIP = 0  # lowering passes this module has already been through (0: none)
SOURCE = '# from tvm.script import ir as I\n# from tvm.script import tirx as T\n# from tvm.tirx.layout import Axis\n\n@I.ir_module\nclass Module:\n    @T.prim_func(s_tir=True)\n    def main(x: T.Buffer((1,), "float16"), y: T.Buffer((1,), "float16")):\n        T.func_attr({"tirx.noalias": True})\n        # with T.sblock("root"):\n        for ax0_fused_0 in T.thread_binding(T.int64(1), thread="blockIdx.x"):\n            for ax0_fused_1 in T.thread_binding(T.int64(256), thread="threadIdx.x"):\n                with T.sblock("y"):\n                    v0 = T.axis.spatial(T.int64(1), T.int64(0))\n                    T.where(ax0_fused_0 * T.int64(256) + ax0_fused_1 < T.int64(1))\n                    T.reads(x[0])\n                    T.writes(y[0])\n                    y[0] = T.erf(x[0])'


def load(name, dtype):
    """An input as TVM takes it: bf16 and float8 are kept as raw bytes (numpy has no name for them), read as
    ml_dtypes' type of that name."""
    a = np.load(os.path.join(HERE, "..", "inputs", f"{name}.npy"))
    if a.dtype.kind == "V":
        import ml_dtypes
        a = a.view(getattr(ml_dtypes, dtype))
    return a


@tvm.ir.instrument.pass_instrument
class Skip:
    """Skips the first SKIP passes of the lowering pipeline (those directly inside TVM's default `_pipeline`)."""

    def __init__(self):
        self.depth, self.pipe, self.count = 0, None, 0

    def should_run(self, mod, info):
        leaf = (self.pipe is not None and self.depth == self.pipe + 2) or info.name == "kernelfuzz.PoisonAllocations"
        if leaf and self.count < SKIP:
            self.count += 1
            return False
        return True

    def run_before_pass(self, mod, info):
        if info.name == "_pipeline":
            self.pipe = self.depth
        self.depth += 1

    def run_after_pass(self, mod, info):
        self.depth -= 1
        if info.name == "_pipeline":
            self.pipe = None



def main():
    dev = tvm.device('rocm', 0)
    if not dev.exist:
        print("could not run: no rocm device here", file=sys.stderr)
        return 2
    with tvm.transform.PassContext(instruments=[Skip()]):
        ex = tvm.compile(tvm.script.from_source(SOURCE), target=tvm.target.Target({'kind': 'rocm', 'mcpu': 'gfx942'}),
                         tir_pipeline=poison.PIPELINE)
    outs = [tvm.runtime.tensor(poison.poisoned(shape, dtype), device=dev) for _, shape, dtype in OUTPUTS]
    ex(*[tvm.runtime.tensor(load(n, t), device=dev) for n, t in INPUTS], *outs)
    os.makedirs(os.path.join(HERE, "out"), exist_ok=True)
    for (name, _, _), o in zip(OUTPUTS, outs):
        np.save(os.path.join(HERE, "out", f"{name}.npy"), o.numpy())
    return 0


if __name__ == "__main__":
    sys.exit(main())
