"""The bug through Relax's default CUDA pipeline, no kernelfuzz and no GPU: `R.matmul(x[8, 1], w[1, 4]) + b` (a matmul
with K = 1 and a bias) is legalized, fused into one TIR function and scheduled by dlight, whose gpu.Fallback rule
puts the bias into the reduction's init and its update. The script prints the scheduled TIR's stores to the output,
then runs that scheduled function on the CPU with its thread loops made serial and its GPU scopes global (the same
schedule, executed one thread after another): x @ w + 2 b where x @ w + b is right. Needs apache-tvm and numpy.
Exit 1 when the scheduled function computes the bias twice (the bug shown), 0 when it is right."""
import verdict  # the exit rule, beside this script: an uncaught error exits 2 or 3, never 1
verdict.install()
import re
import sys

import numpy as np
import tvm
from tvm import relax
from tvm.script import ir as I
from tvm.script import relax as R


@I.ir_module
class Model:
    @R.function
    def main(x: R.Tensor((8, 1), "float32"), w: R.Tensor((1, 4), "float32"), b: R.Tensor((4,), "float32")):
        with R.dataflow():
            y = R.add(R.matmul(x, w), b)
            R.output(y)
        return y


def scheduled() -> tvm.IRModule:
    """Model after Relax's default CUDA pipeline (legalize, fuse, dlight), its device functions only."""
    target = tvm.target.Target({"kind": "cuda", "arch": "sm_80"})
    with target:
        mod = relax.get_default_pipeline(target)(Model)
    return tvm.IRModule({gv: f for gv, f in mod.functions.items() if isinstance(f, tvm.tirx.PrimFunc)})


def serial(mod: tvm.IRModule) -> tvm.IRModule:
    """The same schedule with thread loops serial and GPU scopes global, so x86 runs it one thread at a time."""
    text = re.sub(r"T\.thread_binding\((.*?), thread=\"[^\"]*\"", r"T.serial(\1", mod.script())
    return tvm.script.from_source(re.sub(r",\s*scope=\"(?:shared|shared\.dyn|local|warp)\"", "", text))


def main() -> int:
    mod = scheduled()
    print("tvm", tvm.__version__)
    for gv in mod.functions:
        stores = [ln.strip() for ln in mod[gv].script().splitlines() if re.match(r"\s*\w+\[.*\] = ", ln)]
        print(f"scheduled {gv.name_hint}: {stores}")
    x = np.arange(8, dtype="float32").reshape(8, 1)
    w = np.array([[1, 2, 3, 4]], "float32")
    b = np.array([10, 20, 30, 40], "float32")
    lib = tvm.compile(serial(mod), target="llvm")
    (gv,) = [g for g in mod.functions if "matmul" in g.name_hint]
    out = tvm.runtime.tensor(np.zeros((8, 4), "float32"))
    lib[gv.name_hint](tvm.runtime.tensor(x), tvm.runtime.tensor(w), tvm.runtime.tensor(b), out)
    got, right = out.numpy(), x @ w + b
    print("x @ w + b, row 1, right:", right[1].tolist())
    print("scheduled, serial, row 1:", got[1].tolist(), " (x @ w + 2 b:", (x @ w + 2 * b)[1].tolist(), ")")
    return 1 if np.array_equal(got, x @ w + 2 * b) and not np.array_equal(got, right) else 0


if __name__ == "__main__":
    sys.exit(main())
