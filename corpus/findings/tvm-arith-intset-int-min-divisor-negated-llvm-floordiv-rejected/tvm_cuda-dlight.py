"""Standalone repro for tvm:cuda-dlight (exact): TVM, numpy and (for bf16, float8, int4) ml_dtypes only.

Compiles the exact scheduled module kernelfuzz compiled, runs it on inputs/*.npy on the device DEVICE names and
judges the outputs against reference/ with check.py. As in kernelfuzz, every output and every intermediate buffer
starts poisoned (all bits set in a float: a NaN; 0xA5 in every byte of an integer), so an element the kernel never
writes is seen rather than read back from whatever the memory held.
Exit status (check.py): 0 the bug not shown, 1 shown, 2 could not run or judge (no such device here, no TVM),
3 this script's own error."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))  # check.py and poison.py sit beside this script
import check  # noqa: E402

TARGET = {'kind': 'cuda', 'arch': 'sm_80'}
DEVICE = 'cuda'  # where the inputs and outputs are allocated: the device the compiled code runs on
INPUTS = [('in0', 'int32')]  # (name, dtype)
OUTPUTS = [('op0', [2], 'int32')]  # (name, shape, dtype)
VERDICT = 'exact'  # kernelfuzz's: where it names a failure of the compile or the run, failing again shows the bug
SOURCE = '# from tvm.script import ir as I\n# from tvm.script import tirx as T\n# from tvm.tirx.layout import Axis\n\n@I.ir_module\nclass Module:\n    @T.prim_func(s_tir=True)\n    def main(in0: T.Buffer((2,), "int32"), op0: T.Buffer((2,), "int32")):\n        T.func_attr({"tirx.is_scheduled": True, "tirx.noalias": True})\n        # with T.sblock("root"):\n        for ax0_fused_0 in T.thread_binding(1, thread="blockIdx.x"):\n            for ax0_fused_1 in T.thread_binding(1024, thread="threadIdx.x"):\n                with T.sblock("op0"):\n                    v0 = T.axis.spatial(2, ax0_fused_0 * 1024 + ax0_fused_1)\n                    T.where(ax0_fused_0 * 1024 + ax0_fused_1 < 2)\n                    T.reads(in0[v0])\n                    T.writes(op0[v0])\n                    op0[v0] = in0[v0] // -2147483648'


def _pack_last(a: np.ndarray) -> np.ndarray:
    """Two nibbles a byte along the last axis (low nibble first), the last axis padded to even."""
    v = np.asarray(a).astype(np.int8).astype(np.uint8) & 0x0F
    if v.shape[-1] % 2:
        v = np.concatenate([v, np.zeros(v.shape[:-1] + (1,), np.uint8)], axis=-1)
    return (v[..., 0::2] | (v[..., 1::2] << 4)).astype(np.uint8)


def compiled(tvm):
    """The executable; TVM's failure on the module is check.compile_failure's (exit 1 or 2, by the verdict)."""
    from poison import PIPELINE as POISONED
    try:
        mod = tvm.script.from_source(SOURCE)
    except Exception as e:  # noqa: BLE001  TVM's own failure, whatever it raises
        raise check.compile_failure(e, f"parsing the module kernelfuzz printed (TVM {tvm.__version__})",
                                    VERDICT) from None
    if not isinstance(mod, tvm.IRModule):
        mod = tvm.IRModule({"main": mod})
    try:
        return tvm.compile(mod, target=tvm.target.Target(TARGET), tir_pipeline=POISONED)
    except Exception as e:  # noqa: BLE001  TVM's own failure, whatever it raises
        raise check.compile_failure(e, "compiling the module", VERDICT) from None


def main():
    crashed = check.compile_in_child(__file__, VERDICT)  # a crash kills the process that compiles
    if crashed is not None:
        return crashed
    try:
        import tvm
    except ImportError as e:
        raise check.CannotRun(f"{e}: pip install apache-tvm") from None
    executable = compiled(tvm)
    if "--compile-only" in sys.argv:  # the child of compile_in_child: it compiled
        return 0
    if "mtriple" in TARGET:  # a Hexagon object: kernelfuzz runs it under QEMU with its own harness
        raise check.CannotRun(f"compiled for {TARGET['mtriple']}; it does not run on this host "
                              "(kernelfuzz run case.json runs it)")
    dev = tvm.device(DEVICE, 0)
    if not dev.exist:
        raise check.CannotRun(f"compiled for {DEVICE}; there is no {DEVICE} device here to run it")
    inputs = [check.load_input(n, t) for n, t in INPUTS]
    args = [tvm.runtime.tensor(_pack_last(a) if t == "int4" else a, device=dev) for a, (_, t) in zip(inputs, INPUTS)]
    from poison import poisoned
    results = [tvm.runtime.tensor(poisoned(shape, check.dtype(t)), device=dev) for _, shape, t in OUTPUTS]
    try:
        executable(*args, *results)
    except Exception as e:  # noqa: BLE001  the compiled program's failure
        if VERDICT != "runtime-error":
            raise check.CannotRun(f"the compiled program failed: {type(e).__name__}: {e}") from None
        raise check.Reproduced(f"the compiled program failed ({type(e).__name__}: {e}), as kernelfuzz saw") from None
    return check.main_arrays([r.numpy() for r in results])


check.exit_with(main)
