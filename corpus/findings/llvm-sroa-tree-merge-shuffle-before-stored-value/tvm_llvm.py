"""TVM 0.27 alone (pip install apache-tvm): a 1x3 depthwise conv plus a per-channel bias, written in TE, fails to
compile for the plain `llvm` target: "LLVM module verification failed ... Instruction does not dominate all uses".

TVM emits valid LLVM IR (it verifies the module before optimizing, CodeGenLLVM::Finish) and runs LLVM's default<O3>
pipeline on it; the module that comes out is broken (the bug is LLVM's SROA: llvm_sroa.sh). Controls: the same
kernel at the target's opt-level 2 compiles and its result on inputs/ equals reference/op0.npy exactly (integer
inputs: the result is exact in any order). The same failure through Relax: apache/tvm#20015's avg_pool2d
([1, 4, 6, 3], 2x2 window, relax.build for "llvm"), the crash reported there. kernel_O0.ll, the input of llvm_sroa.sh's `opt -O3`, is this kernel's IR
before LLVM's pipeline: `build(**{"opt-level": 0}).mod.inspect_source("ll")`.
Exit status: 1 the verification failure is shown, 0 the kernel compiles, 2 the control cannot be run or is wrong
(nothing to judge), 3 this script's own error."""
import verdict  # the exit rule, beside this script: an uncaught error exits 2 or 3, never 1
verdict.install()
import os

import numpy as np
import tvm
from tvm import te

HERE = os.path.dirname(os.path.abspath(__file__))


def kernel():
    """out[0, c, h, i] = b[c] + sum_r x[0, c, h, i + r] * w[c, 0, 0, r]: conv2d, groups = channels = 4, 1x3 filter."""
    x = te.placeholder((1, 4, 7, 4), "float32", name="x")
    w = te.placeholder((4, 1, 1, 3), "float32", name="w")
    b = te.placeholder((4,), "float32", name="b")
    r = te.reduce_axis((0, 3), name="r")
    conv = te.compute((1, 4, 7, 2), lambda n, c, h, i: te.sum(x[n, c, h, i + r] * w[c, 0, 0, r], axis=r), name="conv")
    out = te.compute(conv.shape, lambda n, c, h, i: conv[n, c, h, i] + b[c], name="add")
    return te.create_prim_func([x, w, b, out])


def avg_pool2d_module():
    """apache/tvm#20015's module, as written there (0.27 renamed relax.TensorStructInfo to relax.TensorType)."""
    from tvm import relax
    bb = relax.BlockBuilder()
    tensor = relax.TensorStructInfo if hasattr(relax, "TensorStructInfo") else relax.TensorType
    x = relax.Var("x", tensor([1, 4, 6, 3], "float32"))
    with bb.function("f", [x]):
        bb.emit_func_output(bb.emit(relax.op.nn.avg_pool2d(x, pool_size=[2, 2], strides=[1, 1], padding=[0, 0])))
    return bb.get()


def failure(build_it) -> str:
    """TVM's error text, or "" when it compiles."""
    try:
        build_it()
        return ""
    except Exception as e:  # noqa: BLE001  TVM's own failure, whatever it raises
        return str(e)


def broken(error: str) -> bool:
    return "LLVM module verification failed" in error and "does not dominate all uses" in error


def build(**target):
    return tvm.compile(kernel(), target=tvm.target.Target({"kind": "llvm", **target}))


def control() -> bool:
    """opt-level 2 compiles it, and its result on inputs/ equals the reference."""
    ex = build(**{"opt-level": 2})
    dev = tvm.cpu()
    tensor = tvm.runtime.tensor if hasattr(tvm.runtime, "tensor") else tvm.nd.array  # tvm.nd before 0.27
    args = [tensor(np.load(os.path.join(HERE, "inputs", f"{n}.npy")), device=dev) for n in ("in0", "in1", "init0")]
    out = tensor(np.zeros((1, 4, 7, 2), "float32"), device=dev)
    ex["main"](*args, out)
    want = np.load(os.path.join(HERE, "reference", "op0.npy"))
    print(f"opt-level 2: compiled; max |out - reference| = {np.abs(out.numpy() - want).max()}")
    return bool(np.array_equal(out.numpy(), want))


def main():
    print(f"apache-tvm {tvm.__version__}, its LLVM {tvm.target.codegen.llvm_version_major()}")
    error = failure(build)
    print("default target (opt-level 3): " + ("\n  ".join(error.strip().splitlines()[:4]) or "compiled"))
    from tvm import relax
    pool_error = failure(lambda: relax.build(avg_pool2d_module(), target="llvm"))
    print("apache/tvm#20015's avg_pool2d, relax.build: " + ("\n  ".join(pool_error.strip().splitlines()[:4])
                                                           or "compiled"))
    if not verdict.claim("the same kernel at opt-level 2 compiles and is exact (the control)", control()):
        return None
    return all([verdict.claim("the default llvm target (opt-level 3) fails: LLVM module verification, an "
                              "instruction that does not dominate its uses", broken(error)),
                verdict.claim("apache/tvm#20015's avg_pool2d fails the same way", broken(pool_error))])


verdict.run(main)
