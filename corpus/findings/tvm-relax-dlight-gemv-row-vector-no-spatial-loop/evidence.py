"""Evidence for FINDING.md (TVM only): which pass and rule fail, and which variants of the module compile.

python evidence.py > evidence.txt 2>&1"""
import verdict  # the exit rule, beside this script: an uncaught error exits 2 or 3, never 1
verdict.install()
import traceback

import tvm
from tvm import relax
from tvm.s_tir import dlight as dl

names = []


@tvm.instrument.pass_instrument
class Last:
    def run_before_pass(self, mod, info):
        names.append(info.name)


def module(x_shape, v_shape, axis, op="multiply", dtype="float32"):
    """out = sum(op(x, v), axis): v broadcast against x, the way an importer spells `(x * v).sum(axis)`."""
    bb = relax.BlockBuilder()
    x = relax.Var("x", relax.TensorType(x_shape, dtype))
    v = relax.Var("v", relax.TensorType(v_shape, dtype))
    with bb.function("main", [x, v]):
        with bb.dataflow():
            y = bb.emit(getattr(relax.op, op)(x, v))
            out = bb.emit_output(relax.op.sum(y, axis=[axis]))
        bb.emit_func_output(out)
    return bb.get()


def where(e: Exception) -> str:
    frame = traceback.extract_tb(e.__traceback__)[-1]
    return f"{frame.filename.split('site-packages/')[-1]}:{frame.lineno} ({frame.name}): {frame.line}"


OUTCOMES = []  # each build's outcome, in order: what the claims below judge


def build(title: str, mod, target, pipeline=None):
    names.clear()
    try:
        with tvm.transform.PassContext(instruments=[Last()]), target:
            relax.build(mod, target, relax_pipeline=pipeline or relax.get_default_pipeline(target))
        print(f"{title}: compiles")
        OUTCOMES.append("compiles")
    except Exception as e:  # noqa: BLE001 (the evidence is the message)
        print(f"{title}: {type(e).__name__} in pass {names[-1]} at {where(e)}")
        OUTCOMES.append(f"{type(e).__name__} at {where(e)}")


def without_gemv(target):
    """Relax's CUDA pipeline (tvm.relax.backend.cuda.pipeline) with dlight's default rules in their order, minus GEMV."""
    from tvm.relax.backend.cuda import pipeline as p

    rules = dl.ApplyDefaultSchedule(dl.gpu.Matmul(), dl.gpu.Reduction(), dl.gpu.GeneralReduction(), dl.gpu.Fallback())
    return tvm.transform.Sequential(p.library_dispatch_passes(target) + p.legalize_passes(target)[:-1] + [rules]
                                    + p.dataflow_lower_passes(target) + p.finalize_passes(target))


def fused(mod, target):
    """The PrimFunc FuseOps/FuseTIR hand to dlight (the legalization half of the pipeline, dlight left out)."""
    from tvm.relax.backend.cuda import pipeline as p

    with target:
        mod = tvm.transform.Sequential(p.legalize_passes(target)[:-1])(mod)
    return [mod[g] for g in mod.get_global_vars() if isinstance(mod[g], tvm.tirx.PrimFunc)][0]


CUDA = tvm.target.Target({"kind": "cuda", "arch": "sm_80"})
ROCM = tvm.target.Target({"kind": "rocm", "mcpu": "gfx942"})
LLVM = tvm.target.Target({"kind": "llvm", "num-cores": 2})
build("sum(x[2,8] * v[2,1], axis=1), CUDA", module([2, 8], [2, 1], 1), CUDA)
build("sum(x[2,8] - v[2,1], axis=1), CUDA", module([2, 8], [2, 1], 1, "subtract"), CUDA)
build("sum(x[4,16,64] * v[4,16,1], axis=2), f16, CUDA", module([4, 16, 64], [4, 16, 1], 2, dtype="float16"), CUDA)
build("sum(x[2,8] * v[2,1], axis=1), ROCm", module([2, 8], [2, 1], 1), ROCM)
build("sum(x[2,8] * v[2,1], axis=1), CPU", module([2, 8], [2, 1], 1), LLVM)
build("sum(x[2,8] * v[8], axis=1) (v on the reduced axis: a GEMV), CUDA", module([2, 8], [8], 1), CUDA)
build("sum(x[4,16,64] * v[4,1,1], axis=2) (one spatial axis free of v), CUDA", module([4, 16, 64], [4, 1, 1], 2), CUDA)
build("sum(x[2,8] * w[2,8], axis=1) (no vector operand), CUDA", module([2, 8], [2, 8], 1), CUDA)
build("sum(x[2,8] * v[2,1], axis=1), CUDA, dlight's default rules without GEMV",
      module([2, 8], [2, 1], 1), CUDA, without_gemv(CUDA))
print("\nThe fused PrimFunc dlight's GEMV rule takes (sum(x[2,8] * v[2,1], axis=1)):")
print(fused(module([2, 8], [2, 1], 1), CUDA).script(show_meta=False))
shown = all([verdict.claim("a row vector v[2,1] (no spatial loop left to GEMV) fails dlight's GEMV rule: assert s_loops, "
                           "CUDA and ROCm", all("AssertionError" in o and "assert s_loops" in o for o in OUTCOMES[:4])),
             verdict.claim("the CPU build, the true GEMV, the free spatial axis, no vector, and the rules without GEMV "
                           "compile", all(o == "compiles" for o in OUTCOMES[4:9]))])
verdict.run(lambda: shown)
