"""The IR evidence `kernelfuzz localize --evidence ir_evidence.py` judges each TIR dump with (docs/localize.md): is the
case's float16 erf evaluated as a float16 polynomial?

`python3 ir_evidence.py --ir FILE`, FILE the module (TVMScript) after one TIR pass of tvm:rocm-dlight's compile:
exit 1 (shown) when it calls `llvm.fmuladd` on float16 (`T.call_llvm_pure_intrin("float16", "llvm.fmuladd", ...)`:
the Horner steps of `fast_erf_float_expr` in the argument's type, which the rocm intrinsic rule gives a float16
`erf`), 0 when it still calls `T.erf` and has no such call, 2 when FILE is missing or holds neither (no erf to
judge).  Before `tirx.LowerIntrin` the store is `y[...] = T.erf(x[...])`; after it only the clamp and the float16
polynomial are left."""
import sys
from pathlib import Path

POLYNOMIAL = 'T.call_llvm_pure_intrin("float16", "llvm.fmuladd"'


def judge(text: str) -> tuple[int, str]:
    if POLYNOMIAL in text:
        return 1, f"{text.count(POLYNOMIAL)} float16 llvm.fmuladd calls: erf evaluated as a float16 polynomial"
    if "T.erf(" in text:
        return 0, "T.erf still called, no float16 polynomial"
    return 2, "could not judge: neither T.erf nor a float16 llvm.fmuladd in this module"


def main(argv: list[str]) -> int:
    if len(argv) != 3 or argv[1] != "--ir":
        print("usage: python3 ir_evidence.py --ir FILE (a TVMScript dump)")
        return 2
    path = Path(argv[2])
    if not path.is_file():
        print(f"could not judge: {path} is not a file")
        return 2
    status, why = judge(path.read_text(errors="replace"))
    print(why)
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv))
