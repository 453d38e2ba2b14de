"""The bug without a GPU or a simulator: what iree-compile emits for `kernel.mlir` on CUDA sm_80 (O2).

`kernel.mlir` sums a dynamic `f16[?, 1, ?]` over its last dim into f32[6, 1], reading row `d0 + 2`. IREE picks
`VectorDistribute`; one workgroup per output row tiles d0 to 1, so the operand's tile is 3 rows (the rows d0 .. d0 + 2),
packed (`linalg.pack ... inner_tiles = [8]`) into a `tensor<3x1024x8xf16>` that the reduction generic reads at row 2.

1. `iree-compile kernel.mlir` for CUDA sm_80 (O2, kernelfuzz's `iree:cuda-sm80-O2`), printing the dispatch after
   `iree-codegen-generic-vectorization` and dumping the PTX.
2. In that IR:
   - the reduction `linalg.generic` reads its packed operand through `d0 + 2` (row 2 of the 3-row tile);
   - the pack of that operand was vectorized one row wide: a `vector.transfer_write` of a vector `1 x S` at the
     origin (every index `%c0`) of a buffer `R x S` with R not 1 (here `vector<1x1024x8xf16>` into
     `tensor<3x1024x8xf16>`: the pack's vector tile sizes `[1, 1024, 8]` cover one row of three), and nothing
     writes a vector of more rows into that buffer, so its other rows are never written.
3. In the PTX: no `ld.global` (the input is never read: LLVM folds the read of the never-written row away) and one
   `st.global` (the output is written): every output is 0 whatever the input.

Shown (exit 1) when 2 and 3 hold. 0 when the pack is vectorized over all its rows (or the input is read); 2 when
iree-compile is missing or fails.  Usage: `python3 ir_check.py` (iree-compile on PATH; `pip install
iree-base-compiler`); `--keep DIR` keeps the IR and PTX there.

`python3 ir_check.py --ir FILE` judges the claims of 2 alone on one dispatch's IR (no compile, no PTX): what
`kernelfuzz localize --evidence ir_check.py` runs on the dispatch after each codegen pass to name the first pass
after which they hold (`localize/localize.txt`)."""
import re
import subprocess
import sys
import tempfile
from pathlib import Path

import verdict

HERE = Path(__file__).resolve().parent
CUDA = ["--iree-hal-target-device=cuda", "--iree-cuda-target=sm_80", "--iree-opt-level=O2"]
PASS = "iree-codegen-generic-vectorization"
# Every vector.transfer_write: its indices, the vector's shape and the destination's (tensor or memref).
WRITE = re.compile(r"vector\.transfer_write %[\w#]+, %[\w#]+\[([^\]]*)\][^:\n]*: vector<([0-9x]+)x\w+>, "
                   r"(?:tensor|memref)<([0-9?x]+)x\w+")
# The generic's first operand row: `d0 + k` (the seed) or, once d0 has one value, the constant k (the reduced case).
OFFSET = re.compile(r"linalg\.generic \{indexing_maps = \[affine_map<\([^)]*\) -> \((?:d0 \+ )?[1-9]\d*, ")


def compile_dump(out: Path) -> tuple[str, str]:
    """The IR after generic vectorization and the PTX."""
    verdict.need_tool("iree-compile")
    r = subprocess.run(["iree-compile", str(HERE / "kernel.mlir"), *CUDA, "--mlir-disable-threading",
                        f"--mlir-print-ir-after={PASS}", f"--iree-hal-dump-executable-files-to={out}",
                        "-o", str(out / "kernel.vmfb")], capture_output=True, text=True)
    ptx = sorted(out.glob("*.ptx"))
    if r.returncode != 0 or "// -----// IR Dump After" not in r.stderr or not ptx:
        raise verdict.CannotJudge(f"iree-compile exit {r.returncode}, no IR after {PASS} or no PTX: "
                                  f"{r.stderr.strip()[-300:]}")
    ir = r.stderr[r.stderr.index("// -----// IR Dump After"):]
    (out / "after_generic_vectorization.mlir").write_text(ir)
    return ir, ptx[0].read_text()


def ir_claims(ir: str) -> list[bool]:
    """The claims of 2 on one function's IR."""
    offset = OFFSET.search(ir)
    writes = [(idx, vec.split("x"), dest.split("x")) for idx, vec, dest in WRITE.findall(ir)]
    # A one-row write: the vector is [1] + the destination's trailing dims, at the origin, into several rows.
    rows = {"x".join(d) for idx, v, d in writes if len(v) == len(d) > 1 and v[0] == "1" and d[0] != "1"
            and v[1:] == d[1:] and set(i.strip() for i in idx.split(",")) == {"%c0"}}
    wider = [d for idx, v, d in writes if "x".join(d) in rows and v[0] != "1"]
    print(f"one-row writes into multi-row packed buffers: {sorted(rows)}")
    return [
        verdict.claim("the reduction generic reads its operand through an offset (d0 + k): a multi-row tile",
                      bool(offset)),
        verdict.claim("the operand's pack is vectorized one row wide: a vector<1x..> written at row 0 of the "
                      "multi-row buffer", bool(rows)),
        verdict.claim("and no wider vector is written into it (its other rows are never written)", not wider),
    ]


def judge_ir(path: str) -> bool:
    """``--ir FILE``: the claims of 2 on that IR alone."""
    if not Path(path).is_file():
        raise verdict.CannotJudge(f"{path}: no such file")
    return all(ir_claims(Path(path).read_text()))


def main():
    if "--ir" in sys.argv:
        return judge_ir(sys.argv[sys.argv.index("--ir") + 1])
    keep = sys.argv[sys.argv.index("--keep") + 1] if "--keep" in sys.argv else None
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(keep or tmp)
        out.mkdir(parents=True, exist_ok=True)
        ir, ptx = compile_dump(out)
    first = ir.split("// -----// IR Dump", 2)[1]
    print(f"after {PASS}:")
    claims = ir_claims(first)
    loads, stores = len(re.findall(r"\bld\.global", ptx)), len(re.findall(r"\bst\.global", ptx))
    print(f"PTX: {loads} ld.global, {stores} st.global")
    return all([
        *claims,
        verdict.claim("the PTX never reads the input (no ld.global)", loads == 0),
        verdict.claim("and writes the output (st.global)", stores > 0),
    ])


if __name__ == "__main__":
    verdict.run(main)
