"""repro.ll, uniload.ll and srem24.ll built by llc-22 for gfx942, each run on kernelfuzz's gfx942 simulator (not an
AMD GPU) against ((a + b) << 16) >> 16, (x << 16) >> 16 and the i24 remainder a srem 7 computed with Python integers:
repro.ll (uniform kernel arguments a, b) with SelectionDAG, GlobalISel (-global-isel) and GlobalISel with
-new-reg-bank-select, over 32 pairs, one launch each; uniload.ll (a uniform i64 from a volatile global load) with
SelectionDAG and -new-reg-bank-select, over 32 values (its -global-isel build is the old RegBankSelect's divergent
path, another bug: left out here); srem24.ll (uniform i32 kernel arguments) with SelectionDAG and -global-isel (its
-new-reg-bank-select build stops in LLVM 22.1.8), over 32 values.

Exit 1 when every GlobalISel build is wrong and every SelectionDAG build right (the bug shown), 0 otherwise, 2 when it
cannot run (no llc-22, or not inside a kernelfuzz checkout: the simulator is the checkout's
frontends/devices/gfx942), 3 on its own error.  Needs LLVM 22 (llc-22, or LLC=...) and the checkout's Python
environment (numpy, PyYAML)."""
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[2]))  # the checkout holding corpus/findings/<this>
try:
    import numpy as np
    from frontends.devices.gfx942.device import Device
except ImportError as e:
    print(f"could not run: the kernelfuzz gfx942 simulator is not importable here ({e}) (exit 2)")
    sys.exit(2)

LLC = os.environ.get("LLC", "llc-22")
N = 32
MASK = (1 << 64) - 1
GISEL = ["-global-isel", "-global-isel-abort=1"]
BUILDS = {"repro.ll": (("SelectionDAG", []), ("GlobalISel", GISEL), ("GlobalISel -new-reg-bank-select",
                                                                       GISEL + ["-new-reg-bank-select"])),
          "uniload.ll": (("SelectionDAG", []), ("GlobalISel -new-reg-bank-select", GISEL + ["-new-reg-bank-select"])),
          "srem24.ll": (("SelectionDAG", []), ("GlobalISel", GISEL))}


def sext48(x: int) -> int:  # (x << 16) >> 16 on an i64
    x &= (1 << 48) - 1
    return (x - (1 << 48) if x >> 47 else x) & MASK


def srem24(x: int) -> int:  # srem24.ll: srem i24 x, 7 (the sign of x), zero-extended
    x &= (1 << 24) - 1
    x = x - (1 << 24) if x >> 23 else x
    r = abs(x) % 7
    return (-r if x < 0 else r) & 0xFFFFFF


def out(d: Device, po: int, size: int = 8) -> int:
    mv, off = d.view(po, size)
    return int.from_bytes(bytes(mv[off:off + size]), "little")


def run_args(asm: str, pairs: list[tuple[int, int]], size: int = 8) -> list[int]:
    """One launch per pair of kernel arguments (a, b), with an output of ``size`` bytes."""
    got = []
    for a, b in pairs:
        d = Device([asm])
        po = d.alloc(size, 0)
        d.launch("k", [a, b, po], (1, 1, 1), (1, 1, 1))
        d.check()
        got.append(out(d, po, size))
    return got


def run_uniload(asm: str, xs: list[int]) -> list[int]:
    got = []
    for x in xs:
        d = Device([asm])
        px, po = d.alloc(8, 0), d.alloc(8, 0)
        mv, off = d.view(px, 8)
        mv[off:off + 8] = np.array([x], dtype=np.uint64).tobytes()
        d.launch("k", [px, po], (1, 1, 1), (1, 1, 1))
        d.check()
        got.append(out(d, po))
    return got


def main() -> int:
    if shutil.which(LLC) is None:
        print(f"could not run: {LLC} is not on PATH (exit 2)")
        return 2
    pairs = [(0xffffffff, 1), (0x0000123480005678, 0), (0, 0x0000800000000001),
             (0x00007fff00000000, 0x0000000100000000)]
    pairs += [((0x9e3779b97f4a7c15 * (i + 1)) & MASK, (0xc2b2ae3d27d4eb4f * (i + 7)) & MASK)
              for i in range(N - len(pairs))]
    xs = [0x0000000000000001, 0x0000123480005678, 0x0000800000000001, 0x00007fff0000ffff]
    xs += [(0x9e3779b97f4a7c15 * (i + 1)) & MASK for i in range(N - len(xs))]
    ys = [0x005678, 7, 100, 0x800000, 0xffffff, 0x123456]
    ys += [(0x9e3779b9 * (i + 1)) & 0xFFFFFFFF for i in range(N - len(ys))]
    cases = {"repro.ll": ([f"a = {a:#018x}, b = {b:#018x}" for a, b in pairs], [sext48(a + b) for a, b in pairs],
                          lambda asm: run_args(asm, pairs)),
             "uniload.ll": ([f"x = {x:#018x}" for x in xs], [sext48(x) for x in xs], lambda asm: run_uniload(asm, xs)),
             "srem24.ll": ([f"a = {y:#010x}, b = 0" for y in ys], [srem24(y) for y in ys],
                           lambda asm: run_args(asm, [(y, 0) for y in ys], 4))}
    shown = True
    with tempfile.TemporaryDirectory() as t:
        for ll, (names, want, runner) in cases.items():
            for name, flags in BUILDS[ll]:
                asm = Path(t) / "k.s"
                subprocess.run([LLC, "-mtriple=amdgcn-amd-amdhsa", "-mcpu=gfx942", "-O2", "-asm-verbose=0", *flags,
                                str(HERE / ll), "-o", str(asm)], check=True)
                got = runner(asm.read_text())
                bad = [i for i in range(N) if got[i] != want[i]]
                print(f"{ll}, {name} (simulated): {N - len(bad)} of {N} right")
                for i in bad[:3]:
                    print(f"  {names[i]}: got {got[i]:#018x}, want {want[i]:#018x}")
                shown = shown and (not bad if name == "SelectionDAG" else bool(bad))
    print(f"verdict: the bug is {'shown' if shown else 'NOT shown'} (exit {1 if shown else 0})")
    return 1 if shown else 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except Exception as e:  # the script's own error, never 1
        print(f"error: {type(e).__name__}: {e} (exit 3)")
        sys.exit(3)
