"""Standalone repro for tvm:onnx-relax-cpu (compiler-crash): TVM, numpy and (for bf16, float8) ml_dtypes only.

Rebuilds the Relax module kernelfuzz built, as it built it: Relax's default pipeline for the target in its two
halves (legalization: LegalizeOps, FuseOps, FuseTIR, dlight on GPUs; then lowering inside relax.build), with
the stored MetaSchedule trace of each PrimFunc applied in between, or relax.build's own pipeline ("unfused").
Runs it with relax.VirtualMachine on inputs/*.npy on the device DEVICE names and judges the outputs against
reference/ with check.py.
Exit status (check.py): 0 the bug not shown, 1 shown, 2 could not run or judge (no such device here, no TVM),
3 this script's own error."""
import importlib
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))  # check.py sits beside this script
import check  # noqa: E402

CONFIG = {'target': {'kind': 'llvm', 'num-cores': 2}, 'pipeline': 'default', 'schedules': {}}  # target, pipeline, one schedule trace per PrimFunc
DEVICE = 'cpu'  # where the inputs are allocated and the program runs
INPUTS = [('in0', 'float16'), ('in1', 'float16')]  # (name, dtype)
VERDICT = 'compiler-crash'  # kernelfuzz's: where it names a failure of the compile or the run, failing again shows the bug
SOURCE = '# from typing import TypeVar\n# from tvm.script import ir as I\n# from tvm.script import relax as R\n\nin1_d0 = TypeVar("in1_d0")\n@I.ir_module\nclass Module:\n    @R.function\n    def main(in0: R.Tensor((3,), dtype="float16"), in1: R.Tensor((in1_d0,), dtype="float16")) -> R.Tensor(dtype="float16", ndim=1):\n        R.func_attr({"num_input": 2})\n        with R.dataflow():\n            lv: R.Tensor((2,), dtype="float16") = R.strided_slice(in0, (0,), (1,), (3,), (1,), assume_inbound=False)\n            lv1: R.Tensor((in1_d0,), dtype="float32") = R.astype(in1, dtype="float32")\n            lv2: R.Tensor((2,), dtype="float32") = R.astype(lv, dtype="float32")\n            lv3: R.Tensor(dtype="float32", ndim=1) = R.multiply(lv1, lv2)\n            gv: R.Tensor(dtype="float16", ndim=1) = R.astype(lv3, dtype="float16")\n            R.output(gv)\n        return gv'


def build(tvm, relax, s_tir, target, mod):
    if CONFIG["pipeline"] == "unfused":
        return relax.build(mod, target)
    backend = {"llvm": "cpu_generic", "cuda": "cuda", "rocm": "rocm"}[target.kind.name]
    pipeline = importlib.import_module(f"tvm.relax.backend.{backend}.pipeline")
    with target:
        mod = tvm.transform.Sequential(pipeline.library_dispatch_passes(target) + pipeline.legalize_passes(target))(mod)
        for name, trace in CONFIG["schedules"].items():
            sch = s_tir.Schedule(tvm.IRModule({"main": mod[name]}))
            s_tir.Trace.apply_json_to_schedule(trace, sch)
            mod.update_func(mod.get_global_var(name), sch.mod["main"])
        return relax.build(mod, target, relax_pipeline=tvm.transform.Sequential(
            pipeline.dataflow_lower_passes(target) + pipeline.finalize_passes(target)))


def compiled(tvm):
    """The executable; TVM's failure on the module is check.compile_failure's (exit 1 or 2, by the verdict)."""
    from tvm import relax, s_tir
    target = tvm.target.Target(CONFIG["target"])
    try:
        mod = tvm.script.from_source(SOURCE)
    except Exception as e:  # noqa: BLE001  TVM's own failure, whatever it raises
        raise check.compile_failure(e, f"parsing the module kernelfuzz printed (TVM {tvm.__version__})",
                                    VERDICT) from None
    try:
        return build(tvm, relax, s_tir, target, mod)
    except Exception as e:  # noqa: BLE001  TVM's own failure, whatever it raises
        raise check.compile_failure(e, "compiling the module", VERDICT) from None


def main():
    crashed = check.compile_in_child(__file__, VERDICT)  # a crash kills the process that compiles
    if crashed is not None:
        return crashed
    try:
        import tvm
        from tvm import relax
    except ImportError as e:
        raise check.CannotRun(f"{e}: pip install apache-tvm") from None
    executable = compiled(tvm)
    if "--compile-only" in sys.argv:  # the child of compile_in_child: it compiled
        return 0
    if "mtriple" in CONFIG["target"]:
        raise check.CannotRun(f"compiled for {CONFIG['target']['mtriple']}; it does not run on this host")
    dev = tvm.device(DEVICE, 0)
    if not dev.exist:
        raise check.CannotRun(f"compiled for {DEVICE}; there is no {DEVICE} device here to run it")
    args = [tvm.runtime.tensor(check.load_input(n, t), device=dev) for n, t in INPUTS]
    try:
        out = relax.VirtualMachine(executable, dev)["main"](*args)
    except Exception as e:  # noqa: BLE001  the compiled program's failure
        if VERDICT != "runtime-error":
            raise check.CannotRun(f"the compiled program failed: {type(e).__name__}: {e}") from None
        raise check.Reproduced(f"the compiled program failed ({type(e).__name__}: {e}), as kernelfuzz saw") from None
    outs = [out] if isinstance(out, tvm.runtime.Tensor) else list(out)
    return check.main_arrays([o.numpy() for o in outs])


check.exit_with(main)
