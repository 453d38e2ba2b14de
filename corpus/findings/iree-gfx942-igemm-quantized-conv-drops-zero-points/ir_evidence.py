"""The IR evidence `kernelfuzz localize --evidence ir_evidence.py` judges each codegen dump with (docs/localize.md): is
the zero-point arithmetic of `kernel.mlir`'s quantized conv gone from the dispatch?

`python3 ir_evidence.py --ir FILE`, FILE one dispatch function's IR after a codegen pass: exit 1 (shown) when the
conv dispatch `@main_dispatch_0...` holds neither zero point (the image's -4, the filter's 7: no `arith.subi` by them
and no i32 constant -4 or 7 left), 0 when it still subtracts them, 2 when FILE is missing or is not that dispatch.
Before `ConvolutionToIGEMMPass` the conv's generic subtracts both zero points; the pass rebuilds the GEMM body as
`ext * ext + acc` and they are gone from every later dump (evidence.txt part 2 counts them pass by pass)."""
import re
import sys
from pathlib import Path

import verdict

SUBTRACTED = re.compile(r"arith\.subi [^\n]*%c(-4|7)_i32")
CONSTANT = re.compile(r"%c(-4|7)_i32 = arith\.constant|arith\.constant (-4|7) : i32")


def main():
    if "--ir" not in sys.argv or sys.argv.index("--ir") + 1 >= len(sys.argv):
        raise verdict.CannotJudge("usage: python3 ir_evidence.py --ir FILE (one dispatch function's IR)")
    path = Path(sys.argv[sys.argv.index("--ir") + 1])
    if not path.is_file():
        raise verdict.CannotJudge(f"{path}: no such file")
    text = path.read_text()
    if "func.func @main_dispatch_0" not in text:
        raise verdict.CannotJudge(f"{path}: not the conv dispatch (@main_dispatch_0...)")
    subtracted, constants = len(SUBTRACTED.findall(text)), len(CONSTANT.findall(text))
    print(f"zero-point subtractions: {subtracted}; zero-point constants: {constants}")
    return verdict.claim("the conv dispatch no longer holds either zero point (-4, 7)", subtracted == 0 and constants == 0)


if __name__ == "__main__":
    verdict.run(main)
