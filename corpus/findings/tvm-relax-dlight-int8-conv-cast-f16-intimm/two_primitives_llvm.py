"""TVM only, on x86 `llvm`: two schedule primitives alone make the ill-typed TIR that StmtSimplify then dies on.

The PrimFunc is TE's for the case (`case.json`): a depthwise int8 conv with 1x1 kernel (its three reduction loops have
extent 1) into an int32 buffer, then a cast to f32 and f16. dlight's `Fallback` rule does, in this order:
1. `normalize_prim_func` (the C++ analysis `s_tir.schedule.NormalizePrimFunc`, called here directly, no dlight): it
   drops the unit reduction loops and the reduction block iterators, but keeps the block's `T.init()`;
2. `reverse_compute_inline` of the cast block into it (dlight's `try_inline`). The block now looks complete (no
   reduction iterators), so the primitive accepts it, and folds the cast into the init and into the update:
   `op1 = f16(f32(op1 + int32 product))`, an f16 buffer value added to an int32 product.
Building that for `llvm` fails in `tvm.compile` with the same IntImm check as the GPU configurations. Controls: the
primitive alone, without step 1, refuses (the producer is a reduction block); step 1 alone compiles and is exact."""
import verdict  # the exit rule, beside this script: an uncaught error exits 2 or 3, never 1
verdict.install()
import numpy as np
import tvm
import tvm_ffi
from tvm import s_tir, tirx

SOURCE = '''
# from tvm.script import tirx as T
@T.prim_func(s_tir=True)
def main(in0: T.Buffer((1, 1, 1, 3), "int8"), in1: T.Buffer((1, 1, 1, 3), "int8"), op1: T.Buffer((1, 1, 1, 3), "float16")):
    T.func_attr({"tirx.noalias": True})
    op0 = T.sblock_alloc_buffer((1, 1, 1, 3), "int32")
    for b, i, j, k, ry, rx, rc in T.grid(1, 1, 1, 3, 1, 1, 1):
        with T.sblock("op0"):
            v_b, v_i, v_j, v_k, v_ry, v_rx, v_rc = T.axis.remap("SSSSRRR", [b, i, j, k, ry, rx, rc])
            T.reads(in0[v_b, v_i + v_ry, v_j + v_rx, v_k + v_rc], in1[v_ry, v_rx, v_rc, v_k])
            T.writes(op0[v_b, v_i, v_j, v_k])
            with T.init():
                op0[v_b, v_i, v_j, v_k] = 0
            op0[v_b, v_i, v_j, v_k] = op0[v_b, v_i, v_j, v_k] + T.Cast("int32", in0[v_b, v_i + v_ry, v_j + v_rx, v_k + v_rc]) * T.Cast("int32", in1[v_ry, v_rx, v_rc, v_k])
    for i0, i1, i2, i3 in T.grid(1, 1, 1, 3):
        with T.sblock("op1"):
            v_i0, v_i1, v_i2, v_i3 = T.axis.remap("SSSS", [i0, i1, i2, i3])
            T.reads(op0[v_i0, v_i1, v_i2, v_i3])
            T.writes(op1[v_i0, v_i1, v_i2, v_i3])
            op1[v_i0, v_i1, v_i2, v_i3] = T.Cast("float16", T.Cast("float32", op0[v_i0, v_i1, v_i2, v_i3]))
'''
NORMALIZE = tvm.get_global_func("s_tir.schedule.NormalizePrimFunc")


def _dtype(e) -> str:
    return str(e.ty)


def mixed_adds(mod) -> list[str]:
    """Every Add whose operands have different dtypes (TIR requires them equal)."""
    found = []

    def visit(node):
        if _dtype(node.a) != _dtype(node.b):
            found.append(f"Add({_dtype(node.a)} operand, {_dtype(node.b)} operand)")
    tvm_ffi.structural_walk(mod["main"].body, [(tirx.Add, visit)], order="post")
    return found


def build(mod, label):
    failed = []

    @tvm.ir.instrument.pass_instrument
    class LastPass:
        def run_before_pass(self, _mod, info):
            failed[:] = [info.name]

    try:
        with tvm.transform.PassContext(instruments=[LastPass()]):
            ex = tvm.compile(mod, target="llvm")
    except Exception as e:  # noqa: BLE001  (the repro prints whatever TVM raises)
        print(f"{label}: tvm.compile(target='llvm') failed in pass {failed[0]}: {type(e).__name__}: "
              f"{str(e).strip().splitlines()[-1]}")
        return False
    x = np.array([[[[3, -2, 1]]]], "int8")
    w = np.array([[[[2, 5, -7]]]], "int8")
    out = tvm.runtime.tensor(np.zeros((1, 1, 1, 3), "float16"))
    ex(tvm.runtime.tensor(x), tvm.runtime.tensor(w), out)
    print(f"{label}: compiled for llvm; output {out.numpy().ravel().tolist()}, expected "
          f"{(x.astype(np.int32) * w).astype(np.float16).ravel().tolist()}")
    return (out.numpy() == (x.astype(np.int32) * w).astype(np.float16)).all()


def main():
    print("TVM", tvm.__version__)
    func = tvm.script.from_source(SOURCE)
    sch = s_tir.Schedule(func)
    try:
        sch.reverse_compute_inline(sch.get_sblock("op1"))
    except s_tir.ScheduleError as e:
        print("control: reverse_compute_inline without normalization refuses:",
              str(e).split("Error message: ")[-1].strip().splitlines()[0])
    sch = s_tir.Schedule(func)
    NORMALIZE(sch)
    print("\n== 1. after normalize_prim_func: op0 has one spatial iterator and still a T.init()")
    print(sch.mod.script())
    control = build(sch.mod, "control: normalize_prim_func alone")
    sch.reverse_compute_inline(sch.get_sblock("op1"))
    print("\n== 2. after reverse_compute_inline(op1): the cast is folded into the reduction's init and update")
    print(sch.mod.script())
    mixed = mixed_adds(sch.mod)
    print("ill-typed adds:", mixed)
    both = build(sch.mod, "normalize_prim_func + reverse_compute_inline")
    return all([verdict.claim("normalize_prim_func alone builds and computes right", control),
                verdict.claim("reverse_compute_inline after it folds the cast into an ill-typed add", bool(mixed)),
                verdict.claim("which does not build for llvm", not both)])


if __name__ == "__main__":
    verdict.run(main)
