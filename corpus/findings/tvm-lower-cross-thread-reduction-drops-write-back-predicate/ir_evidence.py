"""The IR evidence `kernelfuzz localize --evidence ir_evidence.py` judges each TIR dump with (docs/localize.md): is a
store to the 2-element output `op0` left without the spatial bound `... < 2`?

`python3 ir_evidence.py --ir FILE`, FILE the module (TVMScript) after one TIR pass of tvm:cuda-dlight's compile:
exit 1 (shown) when some store `op0[...] = ...` has no guard mentioning `< 2` among the lines that enclose it (its
`if`s, its `with T.sblock` and that block's `T.where`), 0 when every store to `op0` has one, 2 when FILE is missing
or stores nothing to `op0`. Before `s_tir.LowerCrossThreadReduction` the reduction block `op0` writes under
`T.where(... < 2)`; after it the write-back block `op0_write_back` has `T.where(ax0 == 0)` alone (later passes turn
that into `if threadIdx_x == 0:`), so every `threadIdx.y` stores."""
import re
import sys
from pathlib import Path

import verdict

STORE = re.compile(r"^(\s*)op0(_\d+)?\[[^\]]*\]\s*=[^=]")


def guards(lines: list[str], at: int) -> list[str]:
    """The lines that enclose line ``at`` (less indented, walking up) and the `T.where`s of its own and enclosing
    blocks (as indented as the block's body)."""
    out, depth = [], len(lines[at]) - len(lines[at].lstrip())
    for line in reversed(lines[:at]):
        indent = len(line) - len(line.lstrip())
        if not line.strip():
            continue
        if indent < depth:
            out.append(line.strip())
            depth = indent
        elif indent == depth and line.strip().startswith("T.where("):
            out.append(line.strip())
        if line.lstrip().startswith("def "):
            break
    return out


def main():
    if "--ir" not in sys.argv or sys.argv.index("--ir") + 1 >= len(sys.argv):
        raise verdict.CannotJudge("usage: python3 ir_evidence.py --ir FILE (the module after one TIR pass)")
    path = Path(sys.argv[sys.argv.index("--ir") + 1])
    if not path.is_file():
        raise verdict.CannotJudge(f"{path}: no such file")
    lines = path.read_text().splitlines()
    stores = [i for i, line in enumerate(lines) if STORE.match(line)]
    if not stores:
        raise verdict.CannotJudge("no store to op0 in this module")
    unguarded = [lines[i].strip() for i in stores if not any("< 2" in g for g in guards(lines, i))]
    return verdict.claim(f"{len(unguarded)} of {len(stores)} stores to op0 lack the bound `< 2`"
                         + (f": {unguarded[0]}" if unguarded else ""), bool(unguarded))


if __name__ == "__main__":
    verdict.run(main)
