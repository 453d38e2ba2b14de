"""TVM only: the same conv through Relax (R.nn.conv2d NHWC x HWIO, f16 -> f32, in0 [2, 3, 1, 1], in1 [3, 1, 1, 1])
with Relax's default CUDA pipeline (dlight) and relax.build for sm_80; prints the CUDA stores to the conv's output and
the guard above each. Exit 1 when a store indexed by threadIdx.y is guarded only by threadIdx.x == 0 (the bug on the
Relax path too), 0 otherwise."""
import verdict  # the exit rule, beside this script: an uncaught error exits 2 or 3, never 1
verdict.install()
import re
import sys

import tvm
from tvm import relax

tensor_type = getattr(relax, "TensorStructInfo", None) or relax.TensorType  # before 0.27 / 0.27
bb = relax.BlockBuilder()
x = relax.Var("x", tensor_type((2, 3, 1, 1), "float16"))
w = relax.Var("w", tensor_type((3, 1, 1, 1), "float16"))
with bb.function("main", [x, w]):
    with bb.dataflow():
        y = bb.emit(relax.op.nn.conv2d(x, w, data_layout="NHWC", kernel_layout="HWIO", out_dtype="float32"))
        gv = bb.emit_output(y)
    bb.emit_func_output(gv)
target = tvm.target.Target({"kind": "cuda", "arch": "sm_80"})
ex = relax.build(bb.get(), target)


def modules(m):
    yield m
    for sub in m.imports:
        yield from modules(sub)


cuda = "\n".join(m.inspect_source() for m in modules(ex.mod) if m.kind == "cuda")
lines = cuda.splitlines()
hits = [(lines[i - 1].strip(), ln.strip()) for i, ln in enumerate(lines)
        if re.search(r"conv2d\w*\[\(*int\)threadIdx\.y", ln) and "=" in ln]
print("tvm", tvm.__version__)
for guard, store in hits:
    print(f"{store}   under   {guard}")
sys.exit(1 if any("threadIdx.x) == 0" in g and "threadIdx.y" not in g for g, _ in hits) else 0)
