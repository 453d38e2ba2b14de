"""The IR evidence `kernelfuzz localize --evidence ir_evidence.py` judges each codegen dump with (docs/localize.md): does
a tiled operand slice start at a negative offset?

`python3 ir_evidence.py --ir FILE`, FILE one dispatch function's IR (as configured, or after a codegen pass): exit 1
(shown) when a `tensor.extract_slice` takes an offset made by `affine.apply affine_map<(...) -> (-dN)>` (the slice
offset `m(iv) - m(0)` of the reversed map `-d0 + 4`: `-iv`, out of bounds for every workgroup but the first), 0
otherwise, 2 when FILE is missing. As configured the dispatch's `linalg.generic` reads `x` through `-d0 + 4` whole;
after `TileAndDistributeToWorkgroupsUsingForallOpPass` it reads `tensor.extract_slice %x[-iv] [5] [1]` (the
finding's evidence.txt part 1)."""
import re
import sys
from pathlib import Path

import verdict

NEGATED = re.compile(r"(%[\w.]+) = affine\.apply affine_map<\([^)]*\) -> \(-[ds]\d+\)>")
SLICE = re.compile(r"tensor\.extract_slice %[\w.]+\[([^\]]*)\]")


def negative_offsets(text: str) -> list[str]:
    """The extract_slice lines whose offsets include a value that is minus a loop index."""
    negated = {m.group(1) for m in NEGATED.finditer(text)}
    return [line.strip() for line in text.splitlines()
            if (m := SLICE.search(line)) and negated & set(re.findall(r"%[\w.]+", m.group(1)))]


def main():
    if "--ir" not in sys.argv or sys.argv.index("--ir") + 1 >= len(sys.argv):
        raise verdict.CannotJudge("usage: python3 ir_evidence.py --ir FILE (one dispatch function's IR)")
    path = Path(sys.argv[sys.argv.index("--ir") + 1])
    if not path.is_file():
        raise verdict.CannotJudge(f"{path}: no such file")
    found = negative_offsets(path.read_text())
    return verdict.claim("an operand slice starts at minus the tile's index" + (f": {found[0]}" if found else ""),
                         bool(found))


if __name__ == "__main__":
    verdict.run(main)
