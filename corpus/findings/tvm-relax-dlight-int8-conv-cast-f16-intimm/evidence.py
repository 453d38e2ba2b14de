"""Evidence for FINDING.md (TVM only): which pass fails, and which variants of the module compile.

python evidence.py > evidence.txt 2>&1"""
import verdict  # the exit rule, beside this script: an uncaught error exits 2 or 3, never 1
verdict.install()
import re

import tvm
from tvm import relax

names = []


@tvm.instrument.pass_instrument
class Last:
    def run_before_pass(self, mod, info):
        names.append(info.name)


def module(groups: int, via_f32: bool, target_dtype: str | None = "float16"):
    bb = relax.BlockBuilder()
    x = relax.Var("x", relax.TensorType([1, 1, 1, 3], "int8"))
    w = relax.Var("w", relax.TensorType([1, 1, 3 // groups, 3], "int8"))
    with bb.function("main", [x, w]):
        with bb.dataflow():
            c = bb.emit(relax.op.nn.conv2d(x, w, groups=groups, data_layout="NHWC", kernel_layout="HWIO",
                                           out_dtype="int32"))
            if via_f32:
                c = bb.emit(relax.op.astype(c, "float32"))
            out = bb.emit_output(relax.op.astype(c, target_dtype) if target_dtype else c)
        bb.emit_func_output(out)
    return bb.get()


def build(title: str, mod, target) -> str:
    """'compiles', or the IntImm error's float type where TVM raised it ('' for any other error)."""
    names.clear()
    try:
        with tvm.transform.PassContext(instruments=[Last()]), target:
            relax.build(mod, target, relax_pipeline=relax.get_default_pipeline(target))
        print(f"{title}: compiles")
        return "compiles"
    except Exception as e:  # noqa: BLE001 (the evidence is the message)
        print(f"{title}: {type(e).__name__} in pass {names[-1]}: ...{str(e).splitlines()[-1][-80:]}")
        m = re.search(r"IntImm supports only int or uint or bool type, but (\w+) was supplied", str(e))
        return m.group(1) if m else ""


CUDA = tvm.target.Target({"kind": "cuda", "arch": "sm_80"})
LLVM = tvm.target.Target({"kind": "llvm", "num-cores": 2})
got = [build("depthwise i8 conv -> f32 -> f16, CUDA", module(3, True), CUDA),
       build("depthwise i8 conv -> f16 directly, CUDA", module(3, False), CUDA),
       build("dense i8 conv (groups 1) -> f32 -> f16, CUDA", module(1, True), CUDA),
       build("depthwise i8 conv -> f32 -> f32, CUDA", module(3, True, "float32"), CUDA),
       build("depthwise i8 conv, no cast (int32 out), CUDA", module(3, False, None), CUDA),
       build("depthwise i8 conv -> f32 -> f16, CPU", module(3, True), LLVM)]
shown = all([verdict.claim("a depthwise i8 conv cast to a float fails on CUDA with the IntImm float error",
                           got[0] == got[1] == "float16" and got[3] == "float32"),
             verdict.claim("the dense conv, the uncast one and the CPU build compile",
                           got[2] == got[4] == got[5] == "compiles")])
verdict.run(lambda: shown)
