"""Repro: a Relax multiply of a symbolic-length tensor (n,) by a static (2,) one gets a rank-only result type
(shape unknown); LegalizeOps leaves that multiply alone, but FoldConstant, the pass after it in the CPU backend's
legalize_passes, runs the legalization of the cast that consumes it and crashes in emit_te with a Python
AssertionError ("emit_te now only supports Tensor that has ShapeExpr shape").

Part 1 (the bug): LegalizeOps then FoldConstant on the 3-line module.
Controls (printed, not judged): the same module without the cast, and with x static (2,) (the multiply's shape is
then known and both are legalized), pass both passes.
TVM only (TVMScript); runs on TVM 0.25-0.27.
Exit status: 0 the bug not shown (part 1 passed), 1 shown (the AssertionError in FoldConstant), 2 TVM not importable
or another failure that does not judge this bug, 3 this script's own error."""
import sys

SOURCE_CAST = '''
# from tvm.script import ir as I
# from tvm.script import relax as R

@I.ir_module
class Module:
    @R.function
    def main(x: R.Tensor(("n",), "float32"), y: R.Tensor((2,), "float32")):
        with R.dataflow():
            z = R.multiply(x, y)
            w = R.astype(z, "float16")
            R.output(w)
        return w
'''
SOURCE_NO_CAST = SOURCE_CAST.replace('w = R.astype(z, "float16")', 'w = z')
SOURCE_STATIC = SOURCE_CAST.replace('("n",)', '(2,)')


def passes(tvm, source):
    """LegalizeOps then FoldConstant (the order of the CPU backend's legalize_passes); the module after them."""
    from tvm import relax
    mod = tvm.script.from_source(source)
    var = mod["main"].body.blocks[0].bindings[0].var
    # the type's attribute is `ty` in 0.27, `struct_info` before
    print(f"multiply's type: {getattr(var, 'ty', None) or getattr(var, 'struct_info', None)}")
    with tvm.target.Target("llvm"):
        mod = relax.transform.LegalizeOps()(mod)
        return relax.transform.FoldConstant()(mod)


def main() -> int:
    try:
        import tvm
    except ImportError as e:
        print(f"cannot run: TVM not importable ({e}): pip install apache-tvm")
        return 2
    print(f"TVM {tvm.__version__}")
    for name, source in (("no cast", SOURCE_NO_CAST), ("x static (2,)", SOURCE_STATIC)):
        try:
            passes(tvm, source)
            print(f"control ({name}): LegalizeOps + FoldConstant passed")
        except Exception as e:  # noqa: BLE001  a control's failure is printed, not judged
            print(f"control ({name}) failed too: {type(e).__name__}: {e}")
    try:
        passes(tvm, SOURCE_CAST)
    except AssertionError as e:
        if "ShapeExpr" in str(e):
            print(f"reproduced: FoldConstant crashed: AssertionError: {e}")
            return 1
        print(f"cannot judge: another AssertionError: {e}")
        return 2
    except Exception as e:  # noqa: BLE001  TVM's other failures do not show this bug
        print(f"cannot judge: {type(e).__name__}: {e}")
        return 2
    print("not reproduced: LegalizeOps + FoldConstant passed")
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except SystemExit:
        raise
    except BaseException as e:  # noqa: BLE001  the script's own error: exit 3, never 1
        print(f"script error: {type(e).__name__}: {e}")
        sys.exit(3)
