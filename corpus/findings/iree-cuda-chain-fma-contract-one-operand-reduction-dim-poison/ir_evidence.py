"""The IR evidence `kernelfuzz localize --evidence ir_evidence.py` judges each codegen dump with (docs/localize.md): is
a result vector built from `ub.poison` with some of its elements never inserted?

`python3 ir_evidence.py --ir FILE`, FILE one dispatch function's IR after a codegen pass: exit 1 (shown) when a chain
of `vector.insert`s that starts from a `ub.poison : vector<N x ...>` (N >= 2) fills fewer than N of its leading
positions and its last value is used other than by the chain, 0 otherwise, 2 when FILE is missing. Before
`LLVMGPUVectorLoweringPass` the dispatch's `vector.contract` makes its `vector<2xf32>` result whole; after it
(`ContractToChainFMA`) the one FMA chain's sum is inserted at position 0 of a `ub.poison : vector<2xf32>` and position
1 is never written (evidence.txt part 1)."""
import re
import sys
from pathlib import Path

import verdict

POISON = re.compile(r"(%[\w.]+) = ub\.poison : vector<(\d+)x")
INSERT = re.compile(r"(%[\w.]+) = vector\.insert %[\w.]+, (%[\w.]+) \[(\d+)")


def partial_chains(text: str) -> list[str]:
    """The poison vectors whose insert chains leave leading positions unwritten and escape the chain."""
    inserts = {m.group(2): (m.group(1), int(m.group(3))) for m in INSERT.finditer(text)}  # base -> (result, pos)
    out = []
    for m in POISON.finditer(text):
        size = int(m.group(2))
        if size < 2:
            continue
        for start, (value, pos) in [(b, r) for b, r in inserts.items() if b == m.group(1)]:
            filled = {pos}
            while value in inserts:  # the chain goes on through the next insert into this value
                value, pos = inserts[value]
                filled.add(pos)
            if len(filled) < size:
                out.append(f"{m.group(1)} (vector<{size}x...>): positions {sorted(filled)} written, last {value}")
    return out


def main():
    if "--ir" not in sys.argv or sys.argv.index("--ir") + 1 >= len(sys.argv):
        raise verdict.CannotJudge("usage: python3 ir_evidence.py --ir FILE (one dispatch function's IR)")
    path = Path(sys.argv[sys.argv.index("--ir") + 1])
    if not path.is_file():
        raise verdict.CannotJudge(f"{path}: no such file")
    found = partial_chains(path.read_text())
    return verdict.claim("a poison vector leaves the chain of inserts with elements never written"
                         + (f": {found[0]}" if found else ""), bool(found))


if __name__ == "__main__":
    verdict.run(main)
