"""Standalone repro (TVM only): a row sum whose consumer reads the sum through an index that is always 0 but written
as `(i1 * 2 + i2) // 4` (the unsimplified flat-to-4-D index a collapse/reshape kernel computes) dies in dlight's
GPU `Reduction` rule: its `reverse_compute_at(epilogue, bx)` raises the C++ check "TensorRegion pattern match
failed: v0 * 2 + v1" (`SolveBlockVarDomain`, src/s_tir/schedule/primitive/compute_at.cc) instead of a
ScheduleError the rule could decline on.  The same module compiles for llvm; with `i1` for the first index it
compiles for cuda too.  `tvm.compile` for cuda: the failure comes in dlight, before any CUDA code generation.
Exit 1: the check failed as reported; 0: it compiled (fixed); 2/3: see verdict.py."""
import verdict  # the exit rule, beside this script: an uncaught error exits 2 or 3, never 1
verdict.install()
import sys

import tvm
import tvm.s_tir.dlight as dl
from tvm import te

CUDA = tvm.target.Target({"kind": "cuda", "arch": "sm_80"})


def module(first_index):
    x = te.placeholder((1, 3, 2, 2), "int8", name="x")
    r = te.reduce_axis((0, 3), name="r")
    s = te.compute((1, 1, 2, 2), lambda n, h, w, c: te.sum(x[n, h + r, w, c].astype("int32"), axis=r), name="s")
    out = te.compute((1, 2, 2), lambda i0, i1, i2: s[first_index(i0, i1, i2), 0, i1, i2], name="out")
    return tvm.IRModule({"main": te.create_prim_func([x, out])})


def cuda_failure(mod, rules):
    """The error text of dlight + tvm.compile for cuda, or None when it compiles."""
    try:
        with CUDA:
            mod = dl.ApplyDefaultSchedule(*rules)(mod)
        tvm.compile(mod, target=CUDA)
    except Exception as e:  # noqa: BLE001  TVM's own failure, whatever it raises
        return f"{type(e).__name__}: {str(e).strip().splitlines()[-1]}"
    return None


def main():
    bad = module(lambda i0, i1, i2: (i1 * 2 + i2) // 4)
    tvm.compile(bad, target=tvm.target.Target({"kind": "llvm"}))
    print("llvm, index (i1*2 + i2) // 4: compiles")
    control = cuda_failure(module(lambda i0, i1, i2: i0), [dl.gpu.Reduction(), dl.gpu.Fallback()])
    print(f"cuda, index i0: {control or 'compiles'}")
    alone = cuda_failure(bad, [dl.gpu.Reduction()])
    print(f"cuda, index (i1*2 + i2) // 4, dlight Reduction alone: {alone or 'compiles'}")
    default = cuda_failure(bad, [dl.gpu.Matmul(), dl.gpu.GEMV(), dl.gpu.Reduction(), dl.gpu.GeneralReduction(),
                                 dl.gpu.Fallback()])
    print(f"cuda, index (i1*2 + i2) // 4, dlight default rules: {default or 'compiles'}")
    no_reduction = cuda_failure(bad, [dl.gpu.GeneralReduction(), dl.gpu.Fallback()])
    # information only: 0.25 and 0.26 fail here for another reason (an int64/int32 mismatch in GeneralReduction)
    print(f"cuda, default rules without Reduction: {no_reduction or 'compiles'}")
    if control is not None:
        print("the control (index i0) failed to compile: cannot judge")
        sys.exit(2)
    # 0.27 names the region TensorRegion, 0.25 and 0.26 BufferRegion: the same check of SolveBlockVarDomain
    shown = default is not None and "Region pattern match failed" in default
    print("bug shown" if shown else "not shown")
    sys.exit(1 if shown else 0)


main()
