"""The IR evidence `kernelfuzz localize --evidence ir_evidence.py` judges each codegen dump with (docs/localize.md): does
one thread write workgroup memory that the others then read, with no barrier?

`python3 ir_evidence.py --ir FILE`, FILE one dispatch function's IR after a codegen pass: exit 1 (shown) when a write
to `#gpu.address_space<workgroup>` memory sits inside an `scf.if` (a guarded write: one lane of the subgroup) and the
function has no `gpu.barrier`, 0 otherwise, 2 when FILE is missing. Before `LLVMGPUVectorDistributePass` every thread
writes the replicated value into the workgroup buffer itself (unguarded, so each reads what it wrote); the pass
guards the write to lane 0 (`DistributeTransferWrite`, iree-org/iree#22198) and adds no barrier before the other
threads' non-vectorized `linalg.generic` reads it."""
import sys
from pathlib import Path

import verdict

WRITES = ("vector.transfer_write", "vector.store", "memref.store", "linalg.copy")


def guarded_workgroup_writes(text: str) -> int:
    """Writes into workgroup memory under an open scf.if (braces counted line by line)."""
    blocks, count = [], 0
    for line in text.splitlines():
        s = line.strip()
        if any(s.startswith(w) or f"= {w}" in s for w in WRITES) and "#gpu.address_space<workgroup>" in s \
                and "scf.if" in blocks:
            count += 1
        for ch in s:
            if ch == "{":
                blocks.append("scf.if" if "scf.if" in s else "other")
            elif ch == "}" and blocks:
                blocks.pop()
    return count


def main():
    if "--ir" not in sys.argv or sys.argv.index("--ir") + 1 >= len(sys.argv):
        raise verdict.CannotJudge("usage: python3 ir_evidence.py --ir FILE (one dispatch function's IR)")
    path = Path(sys.argv[sys.argv.index("--ir") + 1])
    if not path.is_file():
        raise verdict.CannotJudge(f"{path}: no such file")
    text = path.read_text()
    guarded, barriers = guarded_workgroup_writes(text), text.count("gpu.barrier")
    print(f"guarded writes to workgroup memory: {guarded}; gpu.barrier: {barriers}")
    return verdict.claim("a guarded write to workgroup memory and no barrier in the function",
                         guarded > 0 and barriers == 0)


if __name__ == "__main__":
    verdict.run(main)
