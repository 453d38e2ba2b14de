"""Standalone repro (TVM only): an i32 floor division or floor modulo by the constant INT_MIN (-2147483648) fails
TVM's LLVM code generation (the `llvm` CPU target and `rocm`) with 'Literal value 2147483648 exceeds range of
int32'.  `tirx.LowerIntrin` lowers `floordiv(x, c)` with a divisor it cannot prove non-negative to
`let rmod = truncmod(x, c); let rdiv = truncdiv(x, c); select(...)`; LLVM codegen binds each `let` in its arithmetic
analyzer, whose interval rule for a constant divisor negates it in its own type (`abs(divisor) - 1` for `%`,
`-divisor` for `/`, `src/arith/int_set.cc` `Combine<Mod|FloorMod|Div|FloorDiv>`), and -INT_MIN is no int32.
Part 1 shows that rule alone (the analyzer's `int_set` of `x % INT_MIN`, `x // INT_MIN`, ...); part 2 the compile,
with the divisor INT_MIN + 1 as the control (it compiles and its results are checked on the CPU); part 3 (information)
the same from Relax's `floor_divide`.
Exit 1: the INT_MIN compile fails with that message while the control compiles; 0: it compiles; 2/3: verdict.py."""
import verdict  # the exit rule, beside this script: an uncaught error exits 2 or 3, never 1
import re

import numpy as np
import tvm
from tvm import te

tirx = tvm.tirx
arith = getattr(tvm, "sym", None) or getattr(tvm, "arith")  # tvm.sym from 0.27, tvm.arith before
INT_MIN = -2**31
MESSAGE = re.compile(r"Literal value 2147483648 exceeds")


def last_line(e: Exception) -> str:
    """The error's last line, from TVM's own words where it names the literal ('Literal value ...')."""
    line = str(e).strip().splitlines()[-1]
    found = re.search(r"Literal value.*", line)
    return (found.group(0) if found else line)[:160]


def interval_rule() -> dict:
    """The analyzer's interval of each division and modulo of x (every int32) by the constant INT_MIN."""
    ana = arith.Analyzer()
    x = tirx.Var("x", "int32")
    dom = {x: arith.IntervalSet(tirx.const(INT_MIN, "int32"), tirx.const(2**31 - 1, "int32"))}
    out = {}
    for op in ("truncdiv", "truncmod", "floordiv", "floormod"):
        try:
            out[op] = str(ana.int_set(getattr(tirx, op)(x, tirx.const(INT_MIN, "int32")), dom))
        except Exception as e:  # noqa: BLE001  TVM's own failure, whatever it raises
            out[op] = f"{type(e).__name__}: {last_line(e)}"
    return out


def compile_div(op: str, divisor: int, target: dict):
    """B[i] = op(A[i], divisor) for 4 int32 elements, compiled by tvm.compile: (the executable, None) or (None, error)."""
    A = te.placeholder((4,), "int32", name="A")
    B = te.compute((4,), lambda i: getattr(tirx, op)(A[i], tirx.const(divisor, "int32")), name="B")
    func = te.create_prim_func([A, B])
    try:
        if target["kind"] != "llvm":
            import tvm.s_tir.dlight as dl
            with tvm.target.Target(target):
                func = dl.ApplyDefaultSchedule(dl.gpu.Fallback())(tvm.IRModule({"main": func}))
        return tvm.compile(func, target=tvm.target.Target(target)), None
    except Exception as e:  # noqa: BLE001
        return None, f"{type(e).__name__}: {last_line(e)}"


def run_cpu(executable, op: str, divisor: int) -> bool:
    """Runs the CPU build on INT_MIN, -1, 0, INT_MAX and compares with Python's integers."""
    a = np.array([INT_MIN, -1, 0, 2**31 - 1], dtype="int32")
    b = tvm.runtime.tensor(np.zeros(4, "int32")) if hasattr(tvm.runtime, "tensor") else tvm.nd.array(np.zeros(4, "int32"))
    executable(tvm.runtime.tensor(a) if hasattr(tvm.runtime, "tensor") else tvm.nd.array(a), b)
    f = {"floordiv": lambda p: p // divisor, "floormod": lambda p: p % divisor}[op]
    want = [f(int(v)) for v in a]
    got = [int(v) for v in b.numpy()]
    print(f"    ran on the CPU: {got}, expected {want}")
    return got == want


def relax_floor_divide() -> str:
    """Relax's `floor_divide(x, const(INT_MIN))`, x int32[4], through tvm.compile's default pipeline for llvm (an
    information line: the same failure reached from a model; Relax's `TensorType` takes a shape from 0.26)."""
    from tvm import relax
    try:
        x = relax.Var("x", relax.TensorType([4], "int32"))
        bb = relax.BlockBuilder()
        with bb.function("main", [x]):
            with bb.dataflow():
                out = bb.emit_output(bb.emit(relax.op.floor_divide(x, relax.const(INT_MIN, "int32"))))
            bb.emit_func_output(out)
        mod = bb.get()
    except Exception as e:  # noqa: BLE001  an older Relax API: not this bug
        return f"not built here ({type(e).__name__}: {last_line(e)})"
    try:
        tvm.compile(mod, target=tvm.target.Target({"kind": "llvm"}))
        return "compiled"
    except Exception as e:  # noqa: BLE001
        return f"{type(e).__name__}: {last_line(e)}"


def main():
    print(f"TVM {tvm.__version__}")
    print("1. the analyzer's interval of each op of x (any int32) by the constant INT_MIN:")
    for op, text in interval_rule().items():
        print(f"    {op}(x, -2147483648): {text}")
    print("2. tvm.compile of B[i] = op(A[i], c), A and B int32[4]:")
    shown = []
    for op in ("floordiv", "floormod"):
        for target in ({"kind": "llvm"}, {"kind": "rocm", "mcpu": "gfx942"}, {"kind": "cuda", "arch": "sm_80"}):
            _, err = compile_div(op, INT_MIN, target)
            print(f"  {op}(A, INT_MIN) on {target['kind']}: {err or 'compiled'}")
            if target["kind"] != "cuda":
                shown.append(verdict.claim(f"{target['kind']} rejects {op} by INT_MIN with the literal check",
                                           bool(err and MESSAGE.search(err))))
        exe, err = compile_div(op, INT_MIN + 1, {"kind": "llvm"})
        print(f"  control {op}(A, INT_MIN + 1) on llvm: {err or 'compiled'}")
        if exe is None or not run_cpu(exe, op, INT_MIN + 1):
            return None  # the control itself fails: cannot judge
    print(f"3. Relax floor_divide(x, const(INT_MIN)) on llvm (information): {relax_floor_divide()}")
    return all(shown)


verdict.run(main)
