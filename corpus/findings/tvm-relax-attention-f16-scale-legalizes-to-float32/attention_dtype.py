"""R.nn.attention on float16 Q/K/V with an explicit scale: Relax's own struct info (InferStructInfoAttention: the
query's dtype) says float16; LegalizeOps (TOPI `_te_attention`) and the built module give float32.

TVM and numpy only; runs on TVM 0.25-0.27. Prints the declared result, the result after LegalizeOps, the legalized
PrimFunc's lines that mix float32 into the scores, and the returned array's dtype and values next to a float64
numpy attention (the values are right: only the type is wrong). Without a scale (1/sqrt(head_dim), computed in the
scores' dtype) the result stays float16: shown as the control.
Part 2: the same attention followed by `R.add(o, q)` (both float16 as Relax declares them) fails to compile:
after legalization the add's operands are float32 and float16.
Exit status: 1 when the scaled attention's result is not float16 or part 2 fails to compile (the bug shows), 0
when neither."""
import verdict  # the exit rule, beside this script: an uncaught error exits 2 or 3, never 1
verdict.install()
import sys

import numpy as np
import tvm
from tvm import relax
from tvm.script import relax as R

SHAPES = {"q": (1, 2, 1, 4), "k": (1, 3, 1, 4), "v": (1, 3, 1, 4)}


@tvm.script.ir_module
class Scaled:
    @R.function
    def main(q: R.Tensor((1, 2, 1, 4), "float16"), k: R.Tensor((1, 3, 1, 4), "float16"),
             v: R.Tensor((1, 3, 1, 4), "float16")):
        with R.dataflow():
            o = R.nn.attention(q, k, v, scale=0.5)
            R.output(o)
        return o


@tvm.script.ir_module
class Unscaled:
    @R.function
    def main(q: R.Tensor((1, 2, 1, 4), "float16"), k: R.Tensor((1, 3, 1, 4), "float16"),
             v: R.Tensor((1, 3, 1, 4), "float16")):
        with R.dataflow():
            o = R.nn.attention(q, k, v)
            R.output(o)
        return o


@tvm.script.ir_module
class Consumed:
    @R.function
    def main(q: R.Tensor((1, 2, 1, 4), "float16"), k: R.Tensor((1, 3, 1, 4), "float16"),
             v: R.Tensor((1, 3, 1, 4), "float16")):
        with R.dataflow():
            o = R.nn.attention(q, k, v, scale=0.5)
            r = R.add(o, q)  # float16 + float16 as Relax declares it
            R.output(r)
        return r


def module(scale):
    """main(q, k, v) = R.nn.attention(q, k, v, scale) on float16, BSNH layout (TVMScript: the same text in every
    release)."""
    return {None: Unscaled, 0.5: Scaled}[scale]


def declared(mod):
    """The result type main declares: ret_struct_info from TVM 0.26 on, ret_ty before."""
    f = mod["main"]
    return f.ret_struct_info if hasattr(f, "ret_struct_info") else f.ret_ty


def reference(q, k, v, scale):
    q, k, v = (a.astype(np.float64)[:, :, 0, :] for a in (q, k, v))
    s = np.einsum("bmd,bnd->bmn", q, k) * scale
    p = np.exp(s - s.max(-1, keepdims=True))
    return np.einsum("bmn,bnd->bmd", p / p.sum(-1, keepdims=True), v)[:, :, None, :]


def run(scale):
    mod = module(scale)
    print(f"== scale={scale}")
    print("declared by Relax:", declared(mod))
    leg = relax.transform.LegalizeOps()(mod)
    print("after LegalizeOps: ", declared(leg))
    prim = [gv for gv in leg.get_global_vars() if gv.name_hint != "main"][0]
    mixed = [ln.strip() for ln in leg[prim].script().splitlines() if "float32" in ln and "=" in ln]
    print("legalized PrimFunc, lines with float32:", *(mixed[:4] or ["(none)"]), sep="\n  ")
    ex = tvm.compile(mod, target="llvm") if hasattr(tvm, "compile") else relax.build(mod, target="llvm")
    rng = np.random.default_rng(0)
    args = {n: rng.integers(-2, 3, s).astype("float16") for n, s in SHAPES.items()}
    make = tvm.runtime.tensor if hasattr(tvm.runtime, "tensor") else tvm.nd.array
    out = relax.VirtualMachine(ex, tvm.cpu())["main"](*[make(a) for a in args.values()]).numpy()
    ref = reference(*args.values(), 1 / np.sqrt(4) if scale is None else scale)
    print(f"returned: {out.dtype}{list(out.shape)}, max |out - float64 reference| = "
          f"{np.abs(out.astype(np.float64) - ref).max():.3g}")
    return out.dtype


def consumed():
    """Part 2: the scaled attention followed by `R.add(o, q)`, a well-typed float16 program. Returns whether its
    compile fails."""
    print("== part 2: R.add(R.nn.attention(q, k, v, scale=0.5), q), all float16")
    build = tvm.compile if hasattr(tvm, "compile") else relax.build
    try:
        build(Consumed, target="llvm")
    except Exception as err:  # noqa: BLE001 - the compiler's own error is the evidence, printed whole
        print("compile failed:", str(err).strip().splitlines()[-1])
        return True
    print("compiled")
    return False


print("TVM", tvm.__version__)
print("== part 1: the result type, without and with a scale")
run(None)
wrong_type = run(0.5) != np.float16
print("BUG: the scaled float16 attention returns float32" if wrong_type else "ok: float16 in, float16 out")
rejected = consumed()
sys.exit(1 if wrong_type or rejected else 0)
