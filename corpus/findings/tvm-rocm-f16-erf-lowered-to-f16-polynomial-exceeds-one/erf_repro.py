"""TVM's ROCm lowering of a float16 ``erf``: the intrinsic rule (LowerIntrin, the rocm target) replaces it by the
``fast_erf`` rational polynomial evaluated in float16, whose two highest coefficients round to 0 in float16.  This
script lowers ``B[i] = erf(A[i])`` for rocm (gfx942), CUDA and llvm, prints what each target makes of the call, then
compiles the rocm-lowered expression for this CPU and evaluates it on every non-negative float16 up to 8.

Needs only apache-tvm and numpy (no GPU, no ROCm).  Exit 1: the rocm expression gives erf(x) > 1 (shown);
0: it stays within [0, 1] and within 2 ulps of the correctly rounded erf; 2: TVM or numpy missing.
"""
import math
import sys

try:
    import numpy as np
    import tvm
    from tvm import te
except ImportError as e:
    print(f"cannot run: {e}")
    sys.exit(2)


def main() -> int:

    tir = getattr(tvm, "tirx", None) or tvm.tir  # 0.27 names the TIR namespace tirx, 0.25/0.26 tir
    print("tvm", tvm.__version__)
    A = te.placeholder((8,), "float16", name="A")
    B = te.compute((8,), lambda i: te.erf(A[i]), name="B")
    func = te.create_prim_func([A, B])


    def lowered(target):
        mod = tvm.IRModule({"main": func.with_attr("target", tvm.target.Target(target))})
        return tir.transform.LowerIntrin()(mod)


    for target in ({"kind": "rocm", "mcpu": "gfx942"}, "cuda", "llvm"):
        store = [line.strip() for line in lowered(target).script().splitlines() if "B[v_i] =" in line][0]
        kind = target["kind"] if isinstance(target, dict) else target
        print(f"{kind}: {store[:160]}{' ...' if len(store) > 160 else ''}")

    # Evaluate the rocm-lowered expression on this CPU: retarget the lowered function to llvm (its erf is gone, only
    # float16 min/max/fmuladd/div remain, which the CPU computes as IEEE float16 operations)
    rocm = lowered({"kind": "rocm", "mcpu": "gfx942"})["main"]
    x = np.arange(0, 0x4800, dtype=np.uint16).view(np.float16)  # every non-negative float16 below 8
    n = len(x)
    A2 = te.placeholder((n,), "float16", name="A")
    B2 = te.compute((n,), lambda i: te.erf(A2[i]), name="B")
    f2 = te.create_prim_func([A2, B2]).with_attr("target", tvm.target.Target({"kind": "rocm", "mcpu": "gfx942"}))
    f2 = tir.transform.LowerIntrin()(tvm.IRModule({"main": f2}))["main"].without_attr("target")
    lib = tvm.compile(tvm.IRModule({"main": f2}), target="llvm") if hasattr(tvm, "compile") else tvm.build(f2, target="llvm")
    dev = tvm.cpu()
    a = tvm.runtime.tensor(x, dev) if hasattr(tvm.runtime, "tensor") else tvm.nd.array(x, dev)
    b = tvm.runtime.tensor(np.zeros(n, "float16"), dev) if hasattr(tvm.runtime, "tensor") else tvm.nd.array(np.zeros(n, "float16"), dev)
    lib(a, b)
    got = b.numpy().astype(np.float64)
    ref = np.array([math.erf(v) for v in x.astype(np.float64)])
    ulps = np.abs(got - ref) / np.spacing(ref.astype(np.float16)).astype(np.float64)
    for v in (0.5, 1.0, 2.0, 3.0, 4.0, 7.996):
        j = int(np.argmin(np.abs(x.astype(np.float64) - v)))
        print(f"erf({float(x[j])}) rocm-lowered float16: {got[j]:.4f}   correctly rounded: {float(np.float16(ref[j])):.4f}")
    over = got > 1
    print(f"{int(over.sum())} of {n} inputs give erf(x) > 1 (first at x = {float(x[np.argmax(over)]) if over.any() else None}); "
          f"largest error {ulps.max():.0f} float16 ulps at x = {float(x[int(np.argmax(ulps))])}")
    return 1 if over.any() else 0


if __name__ == "__main__":
    try:
        status = main()
    except Exception as e:  # TVM failed before the lowering could be read: cannot judge
        print(f"could not run: {type(e).__name__}: {str(e).strip().splitlines()[-1] if str(e).strip() else ''}")
        status = 2
    print(f"exit status {status}")
    sys.exit(status)
