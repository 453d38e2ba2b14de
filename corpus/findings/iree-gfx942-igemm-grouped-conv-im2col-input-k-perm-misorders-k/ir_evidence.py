"""The IR evidence `kernelfuzz localize --evidence ir_evidence.py` judges each codegen dump with (docs/localize.md): does
the grouped conv's `iree_linalg_ext.im2col` permute its K dims?

`python3 ir_evidence.py --ir FILE`, FILE one dispatch function's IR after a codegen pass: exit 1 (shown) when an
im2col in it has a non-identity `input_k_perm`, 0 when it has no im2col (another dispatch, a pass before
`ConvolutionToIGEMMPass`, or after the im2col is lowered) or only identity ones, 2 when FILE is missing. For this
finding's conv the im2col's K output sizes are already in the image's order (channel, then the kernel window), so
the identity is the right permutation: `im2col_cpu.py` runs the built im2col on llvm-cpu wrong with the pass's
`input_k_perm` and right with the identity."""
import re
import sys
from pathlib import Path

import verdict

PERM = re.compile(r"iree_linalg_ext\.im2col[^\n]*?input_k_perm = \[([0-9, ]*)\]")


def main():
    if "--ir" not in sys.argv or sys.argv.index("--ir") + 1 >= len(sys.argv):
        raise verdict.CannotJudge("usage: python3 ir_evidence.py --ir FILE (one dispatch function's IR)")
    path = Path(sys.argv[sys.argv.index("--ir") + 1])
    if not path.is_file():
        raise verdict.CannotJudge(f"{path}: no such file")
    perms = [[int(x) for x in p.split(",")] for p in PERM.findall(path.read_text())]
    print(f"im2col input_k_perm: {perms or 'no im2col'}")
    return verdict.claim("an im2col permutes its K dims (input_k_perm not the identity)",
                         any(p != sorted(p) for p in perms))


if __name__ == "__main__":
    verdict.run(main)
