"""The IR evidence `kernelfuzz localize --evidence ir_evidence.py` judges each codegen dump with (docs/localize.md): has
the `mma.sync` tile of `kernel.mlir`'s dispatch lost its accumulator permutation?

`python3 ir_evidence.py --ir FILE`, FILE one dispatch function's IR after a codegen pass: exit 1 (shown) when an
`iree_codegen.inner_tiled` of kind `NV_MMA_SYNC_*` distributed to lanes (`distributed = true`) carries no
`permutations`, 0 when there is no such op (none yet, or every one still undistributed: this kernel's undistributed
tile carries `permutations = [[0, 1, 2, 3], [2, 0, 1], [2, 0, 1]]`, the accumulator's [2, 0, 1] being the transposed
result `out[b, n, m]`), 2 when FILE is missing or is not the dispatch. `DistributeInnerTiledToLanesPass` is where
the permutation goes (the finding's first bad pass); after it, elements 1 and 2 of each lane's 2x2 accumulator
fragment are read in the untransposed order."""
import re
import sys
from pathlib import Path

import verdict

TILED = re.compile(r"iree_codegen\.inner_tiled [^\n]*")


def lost(line: str) -> bool:
    return "NV_MMA_SYNC" in line and "distributed = true" in line and "permutations" not in line


def main():
    if "--ir" not in sys.argv or sys.argv.index("--ir") + 1 >= len(sys.argv):
        raise verdict.CannotJudge("usage: python3 ir_evidence.py --ir FILE (one dispatch function's IR)")
    path = Path(sys.argv[sys.argv.index("--ir") + 1])
    if not path.is_file():
        raise verdict.CannotJudge(f"{path}: no such file")
    text = path.read_text()
    if "func.func @main_dispatch_0" not in text:
        raise verdict.CannotJudge(f"{path}: not the dispatch (@main_dispatch_0...)")
    tiles = TILED.findall(text)
    print(f"inner_tiled ops: {len(tiles)}; distributed without permutations: {sum(map(lost, tiles))}")
    return verdict.claim("an mma.sync inner_tiled distributed to lanes has dropped its accumulator permutation",
                         any(map(lost, tiles)))


if __name__ == "__main__":
    verdict.run(main)
