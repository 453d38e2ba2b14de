"""Whether a model reaches the float16 erf polynomial through Relax: ``R.nn.gelu`` and ``R.erf`` on a float16 tensor,
legalized by ``LegalizeOps`` (what Relax's default ROCm pipeline runs), then lowered by LowerIntrin for the rocm
target.  In TVM 0.25-0.27 they do not: both legalizations cast a float16 argument to float32 before ``topi.erf``
(relax/transform/legalize_ops/nn.py ``_nn_gelu``, unary.py ``_erf``), so the rocm lowering is the float32 polynomial
(accurate) and the result is cast back.  The float16 polynomial is reached by TIR or TE written directly
(``topi.erf`` of a float16 tensor, as ``erf_repro.py`` and kernelfuzz's case do).

The script counts the ``llvm.fmuladd`` calls of each result dtype the rocm lowering leaves: the polynomial's
dtype is the erf's.  (Its first version counted ``T.erf(`` in the text alone and took a float32 erf for a float16
one.)

Needs only apache-tvm and numpy.  Exit 1: a rocm-lowered function evaluates the erf polynomial in float16 (shown);
0: in float32 only (not shown); 2: TVM or numpy missing.
"""
import sys

try:
    import numpy as np  # noqa: F401  the lowering's constants
    import tvm
    from tvm import relax
    from tvm.script import relax as R
except ImportError as e:
    print(f"cannot run: {e}")
    sys.exit(2)


def _fmuladd(script: str, dtype: str) -> int:
    """How many ``llvm.fmuladd`` calls of result ``dtype`` a lowered function's TVMScript holds (the script prints a
    call's result dtype first: ``T.call_llvm_pure_intrin("float16", "llvm.fmuladd", ...)``)."""
    return script.count(f'T.call_llvm_pure_intrin("{dtype}", "llvm.fmuladd"')


def main() -> int:
    tir = getattr(tvm, "tirx", None) or tvm.tir  # 0.27 names the TIR namespace tirx, 0.25/0.26 tir
    print("tvm", tvm.__version__)
    bb = relax.BlockBuilder()
    x = relax.Var("x", R.Tensor((8,), "float16"))
    with bb.function("main", [x]):
        with bb.dataflow():
            gelu = bb.emit(relax.op.nn.gelu(x))
            erf = bb.emit(relax.op.erf(x))
            out = bb.emit_output(relax.Tuple([gelu, erf]))
        bb.emit_func_output(out)
    mod = relax.transform.LegalizeOps()(bb.get())
    target = tvm.target.Target({"kind": "rocm", "mcpu": "gfx942"})
    shown = False
    for gv, func in sorted(mod.functions.items(), key=lambda kv: kv[0].name_hint):
        if not isinstance(func, tir.PrimFunc):
            continue
        rocm = tir.transform.LowerIntrin()(tvm.IRModule({"main": func.with_attr("target", target)}))["main"]
        text = rocm.script()
        half, single = _fmuladd(text, "float16"), _fmuladd(text, "float32")
        casts = func.script().count('T.Cast("float32"')
        print(f"legalized {gv.name_hint}: erf calls {func.script().count('T.erf(')}, casts to float32 {casts}; "
              f"after LowerIntrin for rocm: erf calls {text.count('T.erf(')}, float16 fmuladd {half}, "
              f"float32 fmuladd {single}")
        shown |= half > 0 and "T.erf(" not in text
    return 1 if shown else 0


if __name__ == "__main__":
    try:
        status = main()
    except Exception as e:  # TVM failed before the lowering could be read: cannot judge
        print(f"could not run: {type(e).__name__}: {str(e).strip().splitlines()[-1] if str(e).strip() else ''}")
        status = 2
    print(f"exit status {status}")
    sys.exit(status)
