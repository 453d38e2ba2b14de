"""What a release without the semi-affine guard (llvm/llvm-project#212240) does with the same tile sizes.

usage: python3 older_release.py BIN [BIN ...] > older_release.txt
  BIN: a folder holding one IREE release's iree-compile and iree-run-module (e.g. a venv's bin/ with
  iree-base-compiler==3.11.* and iree-base-runtime==3.11.* installed).
The bundles' own inputs are all ones (kernelfuzz reduced a compile failure, where values do not matter), so a channel
that reads another group's input is invisible with them.  Here each kernel gets integer inputs that differ per input
channel (seeded; small enough that every f16 sum is exact) and a numpy reference; for each release: the workgroup
tile sizes and the operand slice CUDA's and llvm-cpu's workgroup tiling make, then llvm-cpu (x86-64-v3, generic) compiled and
run here, compared element for element.  The CUDA builds are not run: no GPU here, and kernelfuzz's PTX simulator
does not model the `stream.cmd.fill` these builds contain (it raises).
"""
import verdict  # the exit rule, beside this script: an uncaught error exits 2 or 3, never 1
verdict.install()
import re
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
DEPTHWISE = HERE.parent / "iree-llvmcpu-generic-depthwise-semi-affine-tiling-rejected"  # the second repro


def grouped_conv(x, k, out_shape, sh, sw, wpad):
    """out[0, f, h, w] = sum_{kh, kw} pad(x)[0, f floordiv 3, h + sh * kh, sw * w + kw] * k[f, 0, kh, kw], as the
    kernels' linalg.generic reads it (3 filters per group, one input channel each)."""
    xp = np.pad(x.astype(np.int64), ((0, 0), (0, 0), (0, 0), (0, wpad)))
    kk = k.astype(np.int64)
    out = np.zeros(out_shape, np.int64)
    for f, h, w in np.ndindex(out_shape[1:]):
        out[0, f, h, w] = sum(xp[0, f // 3, h + sh * i, sw * w + j] * kk[f, 0, i, j]
                              for i in range(k.shape[2]) for j in range(k.shape[3]))
    return out


def depthwise(x, k, out_shape):
    """The second repro's NHWC depthwise conv: out[0, h, w, c] = sum_kh pad(x)[0, h, 3 w + 3 kh, c floordiv 3]
    * k[0, kh, 0, c] (channel multiplier 3)."""
    xp = np.pad(x.astype(np.int64), ((0, 0), (0, 2), (0, 3), (0, 0)))
    kk = k.astype(np.int64)
    out = np.zeros(out_shape, np.int64)
    for h, w, c in np.ndindex(out_shape[1:]):
        out[0, h, w, c] = sum(xp[0, h, 3 * w + 3 * i, c // 3] * kk[0, i, 0, c] for i in range(k.shape[1]))
    return out


# kernel: (folder, input dtype, the reference, the axis of x read through `floordiv 3`)
KERNELS = {"kernel.mlir": (HERE, np.int8, lambda x, k, s: grouped_conv(x, k, s, 1, 2, 2), 1),
           "gfx942-grouped-conv/kernel.mlir": (HERE / "gfx942-grouped-conv", np.float16,
                                               lambda x, k, s: grouped_conv(x, k, s, 3, 3, 3), 1),
           "../" + DEPTHWISE.name + "/kernel.mlir": (DEPTHWISE, np.int8, depthwise, 3)}
CUDA = ["--iree-hal-target-device=cuda", "--iree-cuda-target=sm_80", "--iree-opt-level=O2"]
CPU = ["--iree-hal-target-device=local", "--iree-hal-local-target-device-backends=llvm-cpu", "--iree-opt-level=O2"]
CPUS = ("x86-64-v3", "generic")
AFTER = ["--mlir-print-ir-after=iree-codegen-tile-and-distribute-to-workgroups-using-forall-op",
         "--mlir-disable-threading"]


def inputs(folder: Path, dt, axis: int):
    x0, k0 = np.load(folder / "inputs/in0.npy"), np.load(folder / "inputs/in1.npy")
    rng = np.random.default_rng(40)
    per_channel = np.arange(x0.shape[axis]).reshape([-1 if a == axis else 1 for a in range(x0.ndim)])
    return (rng.integers(-3, 4, x0.shape) + per_channel).astype(dt), rng.integers(-2, 3, k0.shape).astype(dt)


def tiling(bin_: Path, kernel: Path, flags: list) -> str:
    r = subprocess.run([str(bin_ / "iree-compile"), str(kernel), "-o", "/dev/null", *flags, *AFTER],
                       capture_output=True, text=True)
    cfg = sorted(set(re.findall(r"workgroup = \[[\d, ]+\]|distribution = \[[\d, ]+\]", r.stderr)))
    sl = [ln.strip() for ln in r.stderr.splitlines() if re.search(r"floordiv 3\)>\(%arg|extract_slice .*tensor<\d+x", ln)]
    err = re.search(r"error: (.*)", r.stderr)
    return "  tiles: " + ", ".join(cfg) + "\n" + "".join(f"    {s[:170]}\n" for s in sl[:3]) + \
        (f"  rejected: {err.group(1)[:150]}\n" if err else "")


def run_cpu(bin_: Path, kernel: Path, cpu: str, x, k, tmp: Path):
    r = subprocess.run([str(bin_ / "iree-compile"), str(kernel), "-o", str(tmp / "k.vmfb"), *CPU,
                        f"--iree-llvmcpu-target-cpu={cpu}"],
                       capture_output=True, text=True)
    if r.returncode:
        return "rejected: " + (re.search(r"error: (.*)", r.stderr) or re.search("(.*)", r.stderr)).group(1)[:150]
    np.save(tmp / "x.npy", x)
    np.save(tmp / "k.npy", k)
    subprocess.run([str(bin_ / "iree-run-module"), f"--module={tmp / 'k.vmfb'}", "--device=local-task",
                    "--function=main", f"--input=@{tmp / 'x.npy'}", f"--input=@{tmp / 'k.npy'}",
                    f"--output=@{tmp / 'o.npy'}"], check=True, capture_output=True)
    return np.load(tmp / "o.npy")


def main(bins: list[Path]) -> int:
    wrong = []
    for name, (folder, dt, reference, axis) in KERNELS.items():
        x, k = inputs(folder, dt, axis)
        bundle = np.load(folder / "reference/op0.npy")
        check = reference(np.load(folder / "inputs/in0.npy"), np.load(folder / "inputs/in1.npy"), bundle.shape)
        ref = reference(x, k, bundle.shape)
        print(f"## {name}: inputs differ per input channel; reference by numpy (int64), which gives the bundle's own "
              f"reference on the bundle's inputs: {bool((check == bundle.astype(np.int64)).all())}")
        for b in bins:
            version = re.search(r"version (\S+)", subprocess.run([str(b / "iree-compile"), "--version"],
                                                                 capture_output=True, text=True).stdout).group(1)
            print(f"== IREE {version}\n- CUDA sm_80 workgroup tiling (compiled, not run):")
            print(tiling(b, HERE / name, CUDA), end="")
            print("- llvm-cpu x86-64-v3 workgroup tiling:")
            print(tiling(b, HERE / name, [*CPU, "--iree-llvmcpu-target-cpu=x86-64-v3"]), end="")
            for cpu in CPUS:
                with tempfile.TemporaryDirectory(prefix="kf-older-") as tmp:
                    got = run_cpu(b, HERE / name, cpu, x, k, Path(tmp))
                said = got if isinstance(got, str) else outcome(got, ref)
                wrong.append(" elements wrong" in said and not said.startswith("0 of"))
                print(f"- llvm-cpu {cpu} run: " + said)
        print()
    shown = verdict.claim("a release without the guard computes wrong elements on llvm-cpu", any(wrong))
    return 1 if shown else 0  # the exit rule


def outcome(got, ref) -> str:
    bad = np.argwhere(got.astype(np.int64) != ref)
    if not len(bad):
        return f"0 of {ref.size} elements wrong (exact)"
    first = [tuple(int(i) for i in ix) for ix in bad[:4]]
    return (f"{len(bad)} of {ref.size} elements wrong; first {first}: got {[float(got[ix]) for ix in first]}, "
            f"want {[int(ref[ix]) for ix in first]}")


if __name__ == "__main__":
    if len(sys.argv) < 2:
        print(__doc__)
        sys.exit(2)  # no arguments: nothing to judge (the exit rule's 2)
    sys.exit(main([Path(a) for a in sys.argv[1:]]))
