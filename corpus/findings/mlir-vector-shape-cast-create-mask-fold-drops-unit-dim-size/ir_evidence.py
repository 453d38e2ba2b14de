"""The IR evidence `kernelfuzz localize --evidence ir_evidence.py` judges each codegen dump with (docs/localize.md): have
the masks of the promoted transposed LHS's loads lost their K bound?

`python3 ir_evidence.py --ir FILE`, FILE one dispatch function's IR after a codegen pass: exit 1 (shown) when the
dispatch masks its 8-wide loads with 1-D `vector.create_mask %n : vector<8xi1>` (one bound) and no
`vector<1x1x8xi1>` mask (three bounds: 1, the K bound, the N bound) is left, 0 otherwise, 2 when FILE is missing or
is not the dispatch. Every dump from vectorization on carries the three-bound masks `create_mask %c1, %k, %n`; the
fold `ShapeCastCreateMaskFolderBoundaryUnitDim` (in the `CanonicalizerPass` after `OptimizeVectorTransferPass`)
turns `shape_cast(create_mask(%c1, %k, %n))` into `create_mask(%n)`, dropping `%k`, so the K padding is read from
memory (the finding's `mask.mlir` shows the fold alone)."""
import re
import sys
from pathlib import Path

import verdict

ONE_BOUND = re.compile(r"vector\.create_mask %\w+ : vector<8xi1>")
THREE_BOUNDS = re.compile(r"vector\.create_mask [^:\n]*: vector<1x1x8xi1>")


def main():
    if "--ir" not in sys.argv or sys.argv.index("--ir") + 1 >= len(sys.argv):
        raise verdict.CannotJudge("usage: python3 ir_evidence.py --ir FILE (one dispatch function's IR)")
    path = Path(sys.argv[sys.argv.index("--ir") + 1])
    if not path.is_file():
        raise verdict.CannotJudge(f"{path}: no such file")
    text = path.read_text()
    if "func.func @main_dispatch_0" not in text:
        raise verdict.CannotJudge(f"{path}: not the dispatch (@main_dispatch_0...)")
    one, three = len(ONE_BOUND.findall(text)), len(THREE_BOUNDS.findall(text))
    print(f"1-D one-bound masks: {one}; vector<1x1x8xi1> three-bound masks: {three}")
    return verdict.claim("the 8-wide masks keep only one bound (the K bound dropped)", one > 0 and three == 0)


if __name__ == "__main__":
    verdict.run(main)
