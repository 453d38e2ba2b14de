"""The bug without a GPU or a simulator: what iree-compile emits for `kernel.mlir` on gfx942 (O2).

1. `iree-compile kernel.mlir` for gfx942 (O2, the flags of kernelfuzz's `iree:gfx942-O2`), printing the dispatch
   after `iree-llvmgpu-vector-distribute` and dumping the executable's assembly.
2. In that IR (one function per workgroup of 1,024 threads, `workgroup_size = [1024, 1, 1]`):
   - the conv's packed contraction is a `linalg.generic` on `memref.alloca`s in `#gpu.address_space<private>`
     (1024x8 halves each: the undistributed 8192-wide tile of the dynamic channel dim), so every thread runs it
     over the whole tile;
   - each thread writes into those private arrays only its own 8 loaded elements (a `vector.transfer_write` of a
     `vector<1x1x1x1x8xf16>`), so the generic reads private elements the thread never wrote;
   - the final `vector.transfer_write` to the output `storage_buffer` is under no `scf.if`: all 1,024 threads
     store to the one output element.
3. In the assembly: the private segment (`.private_segment_fixed_size`, over 16 KiB per thread) and the loop that
   runs 1,024 (`0x400`) trips per thread.

Shown (exit 1) when all of 2 holds and the assembly agrees. 0 when the IR distributes the contraction (no private
generic, or a guarded store); 2 when iree-compile is missing or fails.  Usage: `python3 ir_check.py` (iree-compile
on PATH; `pip install iree-base-compiler`); `--keep DIR` keeps the IR and assembly there.

`python3 ir_check.py --ir FILE` judges the claims of 2 alone on one dispatch's IR (no compile, no assembly): what
`kernelfuzz localize --evidence ir_check.py` runs on the dispatch after each codegen pass to name the first pass
after which they hold (`localize/localize.txt`)."""
import re
import subprocess
import sys
import tempfile
from pathlib import Path

import verdict

HERE = Path(__file__).resolve().parent
GFX942 = ["--iree-hal-target-device=hip", "--iree-rocm-target=gfx942", "--iree-opt-level=O2"]
PASS = "iree-llvmgpu-vector-distribute"


def compile_dump(out: Path) -> tuple[str, str]:
    """The IR after the vector-distribute pass and the gfx942 assembly."""
    verdict.need_tool("iree-compile")
    r = subprocess.run(["iree-compile", str(HERE / "kernel.mlir"), *GFX942, "--mlir-disable-threading",
                        f"--mlir-print-ir-after={PASS}", f"--iree-hal-dump-executable-files-to={out}",
                        "-o", str(out / "kernel.vmfb")], capture_output=True, text=True)
    asm = sorted(out.glob("*.rocmasm"))
    if r.returncode != 0 or PASS not in r.stderr or not asm:
        raise verdict.CannotJudge(f"iree-compile exit {r.returncode}, no IR after {PASS} or no assembly: "
                                  f"{r.stderr.strip()[-300:]}")
    ir = r.stderr[r.stderr.index("// -----// IR Dump After"):]
    (out / "after_vector_distribute.mlir").write_text(ir)
    return ir, asm[0].read_text()


def unguarded_output_store(ir: str) -> bool:
    """Whether the last write to a storage buffer sits under no open scf.if (braces counted line by line)."""
    open_blocks, guarded = [], None
    for line in ir.splitlines():
        s = line.strip()
        if s.startswith("// -----// IR Dump") and guarded is not None:
            break  # the first function's dump is enough
        if "vector.transfer_write" in s and "storage_buffer" in s:
            guarded = "scf.if" in open_blocks
        for ch in s:
            if ch == "{":
                open_blocks.append("scf.if" if s.startswith("scf.if") else "other")
            elif ch == "}" and open_blocks:
                open_blocks.pop()
    return guarded is False


def ir_claims(first: str) -> list[bool]:
    """The claims of 2 on one function's IR."""
    private = re.findall(r"memref\.alloca\(\) : memref<([0-9x]+)xf16, #gpu\.address_space<private>>", first)
    big = [p for p in private if "1024" in p.split("x")]
    generic = re.search(r"linalg\.generic .*ins\(%alloca\w*, %alloca\w* : memref<[^>]*private", first)
    own8 = re.search(r"vector\.transfer_write %\w+, %alloca\w*\[.*vector<1x1x1x1x8xf16>, memref<[0-9x]+xf16, "
                     r"#gpu\.address_space<private>>", first)
    wg = re.search(r"workgroup_size = \[(\d+), 1, 1\]", first)
    print(f"workgroup_size {wg.group(1) if wg else '?'}, private allocas {private}")
    return [
        verdict.claim("private arrays of 1024 rows per thread (the undistributed tile)", bool(big)),
        verdict.claim("the contraction is a linalg.generic over those private arrays, run whole by each thread",
                      bool(generic)),
        verdict.claim("each thread writes only its own 8 elements into them", bool(own8)),
        verdict.claim("the output store is under no scf.if (all threads store)", unguarded_output_store(first)),
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
        ir, asm = compile_dump(out)
    first = ir.split("// -----// IR Dump", 2)[1]
    print(f"after {PASS}:", end=" ")
    claims = ir_claims(first)
    seg = re.search(r"\.private_segment_fixed_size:?\s+(\d+)", asm)
    trips = re.search(r"s_cmpk_lg_i32 s\d+, 0x400", asm)
    print(f"assembly: private segment {seg.group(1) if seg else '?'} bytes per thread, "
          f"1,024-trip loop {'present' if trips else 'absent'}")
    return all([
        *claims,
        verdict.claim("the assembly keeps over 16 KiB private per thread", bool(seg) and int(seg.group(1)) > 16384),
        verdict.claim("and loops 1,024 (0x400) trips per thread", bool(trips)),
    ])


if __name__ == "__main__":
    verdict.run(main)
