"""Evidence for FINDING.md (TVM only): which pass and rule fail, why, and which variants of the kernel compile.

Each module is what a Relax user builds with `BlockBuilder.emit_te` (a TE reduction turned into a PrimFunc called
with R.call_tir): python evidence.py > evidence.txt 2>&1"""
import verdict  # the exit rule, beside this script: an uncaught error exits 2 or 3, never 1
verdict.install()
import traceback

import tvm
from tvm import relax, s_tir, sym, te
from tvm.s_tir import dlight as dl
from tvm.s_tir.dlight.analysis import normalize_prim_func
from tvm.s_tir.dlight.analysis.common_analysis import detect_dominant_read

names = []


@tvm.instrument.pass_instrument
class Last:
    def run_before_pass(self, mod, info):
        names.append(info.name)


def module(shape, out_len, extent, index, dtype="int8"):
    """out[i] = sum_{r < extent} int32(x[index(i, r)]), emitted with emit_te."""
    bb = relax.BlockBuilder()
    x = relax.Var("x", relax.TensorType(shape, dtype))

    def kernel(xt):
        r = te.reduce_axis((0, extent), name="r")
        return te.compute((out_len,), lambda i: te.sum(xt[index(i, r)].astype("int32"), axis=r), name="out")

    with bb.function("main", [x]):
        with bb.dataflow():
            out = bb.emit_output(bb.emit_te(kernel, x))
        bb.emit_func_output(out)
    return bb.get()


def where(e: Exception) -> str:
    frame = traceback.extract_tb(e.__traceback__)[-1]
    return f"{frame.filename.split('site-packages/')[-1]}:{frame.lineno} ({frame.name}): {frame.line} {e!s:.40}"


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


def without_reduction(target):
    """Relax's CUDA pipeline with dlight's default rules in their order, minus Reduction."""
    from tvm.relax.backend.cuda import pipeline as p

    rules = dl.ApplyDefaultSchedule(dl.gpu.Matmul(), dl.gpu.GEMV(), dl.gpu.GeneralReduction(), dl.gpu.Fallback())
    return tvm.transform.Sequential(p.library_dispatch_passes(target) + p.legalize_passes(target)[:-1] + [rules]
                                    + p.dataflow_lower_passes(target) + p.finalize_passes(target))


def access(mod):
    """The dominant read's offset and the IterSumExpr Reduction._normalize walks (one entry per split)."""
    func = [mod[g] for g in mod.get_global_vars() if isinstance(mod[g], tvm.tirx.PrimFunc)][0]
    sch = s_tir.Schedule(func)
    block = sch.get(normalize_prim_func(sch)[0].block_rv)
    offset = detect_dominant_read(block)
    summed = sym.normalize_to_iter_sum(offset, input_iters={i.var: i.dom for i in block.iter_vars})
    print(func.script(show_meta=False))
    print(f"dominant read offset: {offset}")
    for split in summed.args:
        print(f"  split of {split.source.source}: lower_factor {split.lower_factor}, extent {split.extent}, "
              f"scale {split.scale}")


CUDA = tvm.target.Target({"kind": "cuda", "arch": "sm_80"})
ROCM = tvm.target.Target({"kind": "rocm", "mcpu": "gfx942"})
LLVM = tvm.target.Target({"kind": "llvm", "num-cores": 2})
REDUCED = module([1, 2], 1, 2, lambda i, r: (i + r // 3, r))
build("out[i] = sum_r x[i + r // 3, r] (x: i8[1,2], r < 2; kernelfuzz's reduced case), CUDA", REDUCED, CUDA)
build("the same, ROCm", REDUCED, ROCM)
build("the same, CPU", REDUCED, LLVM)
build("the same, CUDA, dlight's default rules without Reduction", REDUCED, CUDA, without_reduction(CUDA))
build("out[0] = sum_r x[r // 2, r] (x: i8[2,4], r < 4; r read through two different splits), CUDA",
      module([2, 4], 1, 4, lambda i, r: (r // 2, r)), CUDA)
build("out[0] = sum_r x[r % 3, r // 3] (x: i8[3,4], r < 12: the sum of a transposed, flattened matrix), CUDA",
      module([3, 4], 1, 12, lambda i, r: (r % 3, r // 3)), CUDA)
build("out[0] = sum_r x[r // 2, r % 2] (x: i8[2,2], r < 4: the two splits fuse back into r), CUDA",
      module([2, 2], 1, 4, lambda i, r: (r // 2, r % 2)), CUDA)
build("out[i] = sum_r x[i, r] (x: i8[1,2], a plain row sum), CUDA", module([1, 2], 1, 2, lambda i, r: (i, r)), CUDA)
print("\nThe PrimFunc dlight's Reduction rule takes (kernelfuzz's reduced case), and what _normalize iterates:")
access(REDUCED)
print("\nThe transposed-flatten variant:")
access(module([3, 4], 1, 12, lambda i, r: (r % 3, r // 3)))
shown = all([verdict.claim("the reduced case fails dlight's Reduction rule (KeyError in _normalize) on CUDA and ROCm",
                           all(o.startswith("KeyError") and "_normalize" in o for o in OUTCOMES[:2])),
             verdict.claim("the CPU build and the rules without Reduction compile", OUTCOMES[2:4] == ["compiles"] * 2),
             verdict.claim("r read through two different splits fails the same way; fused splits and a row sum compile",
                           OUTCOMES[4].startswith("KeyError") and OUTCOMES[6:8] == ["compiles"] * 2)])
verdict.run(lambda: shown)
