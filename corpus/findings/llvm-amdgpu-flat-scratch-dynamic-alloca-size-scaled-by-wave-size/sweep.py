"""The release sweep's 15 out-of-segment reports (`make bench`, section releases: 4 cases on IREE 3.8, one of them on
3.9, each on iree:gfx942-O2, -no-vecdist and -no-fusion), checked one by one against the assembly of the release that
built them: each case's kernel (sweep/<case>.mlir, kernelfuzz's lowering of sweep/<case>.case) is compiled by that
release's iree-compile with the configuration's flags and the executable's LLVM IR and assembly dumped; in the kernel
with `.amdhsa_uses_dynamic_stack 1` the script follows the stack pointer `s32` from its first value through each
dynamic alloca's bump (`s_mov_b32 sB, s32` then `s_add_i32 s32, sB, IMM`, and the copies and offsets of sB), finds
the store the simulator stopped at, and prints the byte of the lane's private segment it writes, against the segment
the HIP runtime gives such a kernel: max(1,024, .amdhsa_private_segment_fixed_size) bytes per lane (ROCm/clr,
rocvirtual.cpp).  Each report is then one of two causes, both in the assembly:

- scaled: the bumps are 64 x the allocas' sizes (this finding); laid out unscaled, the store would be inside;
- no room: the fixed frame is already 1 KiB or more, so HIP's segment ends where the first dynamic alloca starts
  (the store is outside however the bump is sized; the bump is scaled too, latently).

RELEASES: folder holding one iree-<version>/bin/iree-compile per release (kernelfuzz's side environments).
python3 sweep.py > sweep.txt.  Exit (verdict.py): 1 when every report's store lies at or past the segment's end in
its release's assembly, 0 when one does not, 2 when a side environment is missing."""
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

import verdict

HERE = Path(__file__).resolve().parent
FLAGS = {"O2": [], "no-fusion": ["--iree-dispatch-creation-enable-aggressive-fusion=false"],
         "no-vecdist": ["--iree-codegen-llvmgpu-use-vector-distribution=false",
                        "--iree-codegen-llvmgpu-use-reduction-vector-distribution=false"]}
# (release, sweep index, case, the store the simulator reported "(a stack overflow)", the same on all three configs)
REPORTS = [("3.8", 65, "seed1789325641", "scratch_store_dword off, v0, s6"),
           ("3.8", 101, "seed1307286380", "scratch_store_short off, v2, s29"),
           ("3.8", 107, "wide332944623", "scratch_store_dword off, v11, s11"),
           ("3.8", 160, "seed1951905229", "scratch_store_short off, v0, s6"),
           ("3.9", 101, "seed1307286380", "scratch_store_short off, v2, s21")]
HIP_STACK = 1024
BYTES = {"half": 2, "bfloat": 2, "i16": 2, "float": 4, "i32": 4, "double": 8, "i64": 8, "i8": 1}


def releases() -> Path:
    cache = os.environ.get("XDG_CACHE_HOME", str(Path.home() / ".cache"))
    return Path(os.environ.get("RELEASES") or os.environ.get("KERNELFUZZ_RELEASES")
                or Path(cache) / "kernelfuzz" / "releases")


def compile_dump(version: str, case: str, config: str, work: Path) -> tuple[str, str]:
    tool = releases() / f"iree-{version}" / "bin" / "iree-compile"
    if not tool.exists():
        raise verdict.CannotJudge(f"no iree-{version} side environment ({tool})")
    dump = work / f"{version}-{case}-{config}"
    subprocess.run([str(tool), str(HERE / "sweep" / f"{case}.mlir"), "-o", str(work / "k.vmfb"),
                    "--iree-hal-target-device=hip", "--iree-hip-target=gfx942", "--iree-opt-level=O2",
                    *FLAGS[config], f"--iree-hal-dump-executable-intermediates-to={dump}"],
                   check=True, capture_output=True)
    return (next(dump.glob("*.optimized.ll")).read_text(), next(dump.glob("*.rocmasm")).read_text())


def dynamic_kernel(asm: str) -> tuple[str, str]:
    """The name and text of the kernel whose descriptor says .amdhsa_uses_dynamic_stack 1."""
    for m in re.finditer(r"^(\w+):\n(.*?)\.end_amdhsa_kernel", asm, re.S | re.M):
        if ".amdhsa_uses_dynamic_stack 1" in m.group(2):
            return m.group(1), m.group(2)
    raise AssertionError("no kernel with a dynamic stack")


def late_allocas(ll: str, kernel: str) -> list[int]:
    """The bytes, rounded to the 16-byte stack alignment, of each alloca after the kernel's entry block."""
    body = ll.split(f"@{kernel}(", 1)[1].split("\n}\n", 1)[0]
    after_entry = body.split("\n\n", 1)[1] if "\n\n" in body else ""
    sizes = []
    for n, t in re.findall(r"= alloca \[(\d+) x (\w+)\]", after_entry):
        sizes.append((int(n) * BYTES[t] + 15) // 16 * 16)
    return sizes


def sgprs(operand: str) -> list[str]:
    m = re.fullmatch(r"s\[(\d+):(\d+)\]", operand)
    return [f"s{i}" for i in range(int(m[1]), int(m[2]) + 1)] if m else [operand] if re.fullmatch(r"s\d+", operand) else []


def follow(text: str, store: str) -> tuple[int | None, list[int], list[int]]:
    """Scan the kernel in text order, keeping the SGPRs whose value is known: constants, s32 and each alloca base
    (`s_mov_b32 sB, s32`), their copies and sums (`s_mov_b32`, `s_add_i32`); any other write forgets a register.
    A loop's counter keeps its first value, so a store inside a loop is placed at its first iteration's byte.
    Returns the byte the store's address register holds where the store first appears, the bumps, the bases."""
    known, bumps, bases = {}, [], []
    for line in text.splitlines():
        line = line.strip()
        if line == store:
            return known.get(store.rsplit(", ", 1)[1]), bumps, bases
        parts = re.split(r"[\s,]+", line)
        op, args = parts[0], parts[1:]
        if not args or not op.startswith(("s_", "v_")):
            continue
        imm = lambda a: int(a, 0) if re.fullmatch(r"-?(0x[0-9a-f]+|\d+)", a) else None  # noqa: E731
        value = lambda a: known.get(a, imm(a))  # noqa: E731
        if op in ("s_mov_b32", "s_movk_i32") and value(args[1]) is not None:
            known[args[0]] = value(args[1])
            if args[1] == "s32":
                bases.append(known["s32"])
        elif op == "s_add_i32" and value(args[1]) is not None and value(args[2]) is not None:
            if args[0] == "s32":
                bumps.append(value(args[2]))
            known[args[0]] = value(args[1]) + value(args[2])
        else:
            for r in sgprs(args[0]):
                known.pop(r, None)
    return None, bumps, bases


def one(version: str, index: int, case: str, store: str, config: str, work: Path) -> bool:
    ll, asm = compile_dump(version, case, config, work)
    kernel, text = dynamic_kernel(asm)
    fixed = int(re.search(r"\.amdhsa_private_segment_fixed_size (\d+)", text)[1])
    segment = max(HIP_STACK, fixed)
    byte, bumps, bases = follow(text, store)
    sizes = late_allocas(ll, kernel)
    scaled = bool(bumps) and [64 * s for s in sizes[:len(bumps)]] == bumps
    k = bases.index(max(b for b in bases if byte is not None and b <= byte)) if bases and byte is not None else 0
    unscaled = fixed + sum(sizes[:k]) + (byte - bases[k] if byte is not None and bases else 0)
    cause = "no room" if fixed >= HIP_STACK else "scaled" if scaled and unscaled < segment else "other"
    print(f"-- iree {version} #{index} {case} iree:gfx942-{config}: {kernel}\n"
          f"   fixed {fixed} B, HIP segment {segment} B per lane; allocas after the entry block (rounded) {sizes}; "
          f"s32 bumps {bumps}; alloca bases at bytes {bases}\n"
          f"   `{store}` writes byte {byte} (unscaled layout: byte {unscaled}) -> {cause}")
    return verdict.claim(f"iree {version} #{index} {config}: the reported store writes at or past byte {segment}, "
                         f"the end of the lane's segment ({cause})", byte is not None and byte >= segment)


def main():
    with tempfile.TemporaryDirectory() as tmp:
        held = [one(v, i, c, s, cfg, Path(tmp)) for v, i, c, s in REPORTS for cfg in ("O2", "no-vecdist", "no-fusion")]
    return all(held)


if __name__ == "__main__":
    verdict.run(main)
