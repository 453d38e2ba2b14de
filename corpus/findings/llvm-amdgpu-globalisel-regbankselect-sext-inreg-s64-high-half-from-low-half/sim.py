"""repro.ll and srem24.ll built by llc-22 for gfx942 with SelectionDAG and with GlobalISel, each run on kernelfuzz's
gfx942 simulator (not an AMD GPU) over 64 values of x, against (x << 16) >> 16 and the i24 remainder x srem 7
computed with Python integers.

Exit 1 when both GlobalISel builds are wrong and both SelectionDAG builds right (the bug shown), 0 otherwise,
2 when it cannot run (no llc-22, or not inside a kernelfuzz checkout: the simulator is the checkout's
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
N = 64
MASK = (1 << 64) - 1


def signed(v: int, bits: int) -> int:
    v &= (1 << bits) - 1
    return v - (1 << bits) if v >> (bits - 1) else v


def sext48(x: int) -> int:  # repro.ll: (x << 16) >> 16
    return signed(x, 48) & MASK


def srem24(x: int) -> int:  # srem24.ll: srem i24 x, 7 (the sign of x), zero-extended
    a = signed(x, 24)
    r = abs(a) % 7
    return (-r if a < 0 else r) & 0xFFFFFF


KERNELS = (("repro.ll", sext48), ("srem24.ll", srem24))


def run(asm: str, xs: list[int]) -> list[int]:
    d = Device([asm])
    px, po = d.alloc(8 * N, 0), d.alloc(8 * N, 0)
    mv, off = d.view(px, 8 * N)
    mv[off:off + 8 * N] = np.array(xs, dtype=np.uint64).tobytes()
    d.launch("k", [px, po], (1, 1, 1), (N, 1, 1))
    d.check()
    mv, off = d.view(po, 8 * N)
    return [int(v) for v in np.frombuffer(bytes(mv[off:off + 8 * N]), dtype=np.uint64)]


def main() -> int:
    if shutil.which(LLC) is None:
        print(f"could not run: {LLC} is not on PATH (exit 2)")
        return 2
    xs = [0x0000123480005678, 0x00007fff0000ffff, 0x0000800000000001, 0xffff000000008000, 0x1234567890abcdef,
          0x0000000000008000, 0x0000000100000000, 0xffffffffffffffff]
    xs += [(0x9e3779b97f4a7c15 * (i + 1)) & MASK for i in range(N - len(xs))]
    wrong = {}
    with tempfile.TemporaryDirectory() as t:
        for ll, model in KERNELS:
            want = [model(x) for x in xs]
            for name, flags in (("SelectionDAG", []), ("GlobalISel", ["-global-isel", "-global-isel-abort=1"])):
                out = Path(t) / f"{ll}.{name}.s"
                subprocess.run([LLC, "-mtriple=amdgcn-amd-amdhsa", "-mcpu=gfx942", "-O2", "-asm-verbose=0", *flags,
                                str(HERE / ll), "-o", str(out)], check=True)
                got = run(out.read_text(), xs)
                bad = [i for i in range(N) if got[i] != want[i]]
                wrong[ll, name] = bad
                print(f"{ll}, {name} (simulated): {N - len(bad)} of {N} right")
                for i in bad[:3]:
                    print(f"  x = {xs[i]:#018x}: got {got[i]:#018x}, want {want[i]:#018x}")
    shown = all(wrong[ll, "GlobalISel"] and not wrong[ll, "SelectionDAG"] for ll, _ in KERNELS)
    print(f"verdict: the bug is {'shown' if shown else 'NOT shown'} (exit {1 if shown else 0})")
    return 1 if shown else 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except Exception as e:  # the script's own error, never 1
        print(f"error: {type(e).__name__}: {e} (exit 3)")
        sys.exit(3)
