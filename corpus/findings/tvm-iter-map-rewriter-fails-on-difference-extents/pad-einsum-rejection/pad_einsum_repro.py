"""TVM only: one Relax conv2d (NHWC x HWIO, out f32) through Relax's CUDA legalization (LegalizeOps ... dlight
ApplyDefaultSchedule for sm_80). dlight's Matmul rule tensorizes f16 convs with symbolic extents ("padding for dynamic
shape kernels") and fails in `pad_einsum` when an output extent is a symbolic difference (`W - 2`: a conv's `W - KW + 1`).

One line per variant; exit 1 when the dynamic-width 1x3 f16 conv fails (the bug shown), 0 when it is scheduled."""
import verdict  # the exit rule, beside this script: an uncaught error exits 2 or 3, never 1
verdict.install()
import importlib
import sys

import tvm
from tvm import relax

target = tvm.target.Target({"kind": "cuda", "arch": "sm_80"})
pipeline = importlib.import_module("tvm.relax.backend.cuda.pipeline")
tensor_type = getattr(relax, "TensorStructInfo", None) or relax.TensorType  # before 0.27 / 0.27


def conv(xshape, wshape, dtype="float16", out_dtype="float32"):
    bb = relax.BlockBuilder()
    x = relax.Var("x", tensor_type(xshape, dtype))
    w = relax.Var("w", tensor_type(wshape, dtype))
    with bb.function("main", [x, w]):
        with bb.dataflow():
            y = bb.emit(relax.op.nn.conv2d(x, w, data_layout="NHWC", kernel_layout="HWIO", out_dtype=out_dtype))
            gv = bb.emit_output(y)
        bb.emit_func_output(gv)
    return bb.get()


def var(name):
    return tvm.tirx.Var(name, "int64")


N, W, KH, F = var("N"), var("W"), var("KH"), var("F")
VARIANTS = {
    "static 2x3x5x1 * 1x3x1x8, f16": conv((2, 3, 5, 1), (1, 3, 1, 8)),
    "dynamic W, 1x1 kernel (out W), f16": conv((2, 3, W, 1), (1, 1, 1, 8)),
    "dynamic N, 1x3 kernel, f16": conv((N, 3, 5, 1), (1, 3, 1, 8)),
    "dynamic F, 1x3 kernel, f16": conv((2, 3, 5, 1), (1, 3, 1, F)),
    "dynamic W, 1x3 kernel (out W - 2), f32": conv((2, 3, W, 1), (1, 3, 1, 8), "float32"),
    "dynamic W, 1x3 kernel (out W - 2), int8": conv((2, 3, W, 1), (1, 3, 1, 8), "int8", "int32"),
    "dynamic KH (out 4 - KH), f16": conv((2, 3, 5, 1), (KH, 1, 1, 8)),
    "dynamic W, 1x3 kernel (out W - 2), f16": conv((2, 3, W, 1), (1, 3, 1, 8)),
}
print("tvm", tvm.__version__)
failed = set()
for name, mod in VARIANTS.items():
    try:
        with target:
            tvm.transform.Sequential(pipeline.library_dispatch_passes(target) + pipeline.legalize_passes(target))(mod)
        print(f"{name:42s} scheduled")
    except Exception as err:  # the failure shown is a ScheduleError; anything else is printed as it is
        failed.add(name)
        lines = [l.strip() for l in str(err).splitlines() if "Error message" in l or "primitive" in l]
        print(f"{name:42s} {type(err).__name__}: {' '.join(lines)[:200] or str(err).splitlines()[-1][:200]}")
sys.exit(1 if "dynamic W, 1x3 kernel (out W - 2), f16" in failed else 0)
