"""The bug without a GPU or a simulator: the im2col that IREE's gfx942 codegen builds for `cube_conv.mlir`, run on
the CPU.

1. `iree-compile cube_conv.mlir` for gfx942 (O2) prints the dispatch after `iree-codegen-convolution-to-igemm`; this
   script takes the `iree_linalg_ext.im2col` op it built, attributes unchanged.
2. That op and the GEMM the pass built around it (same indexing maps) go into a plain function, the im2col is
   decomposed with IREE's own `iree-linalg-ext-decompose-im2col` (the pass the gfx942 pipeline runs on it), and the
   result is compiled for llvm-cpu and run with `iree-run-module`.
3. The same, with only `input_k_perm` set to the identity.

Shown (exit 1) when the compiler's op computes a different function than the convolution (here: it reads the image
channel from the kernel-column coordinate, the row offset from the channel and the column offset from the kernel
row; C = KH = KW = 4 keeps every read in bounds) while the identity permutation gives the convolution. 0 when the
compiler's op gives the convolution; 2 when a tool is missing.  Usage: `python3 im2col_cpu.py` (iree-compile,
iree-opt and iree-run-module on PATH, numpy)."""
import re
import subprocess
import sys
import tempfile
from pathlib import Path

import verdict

HERE = Path(__file__).resolve().parent
GFX942 = ["--iree-hal-target-device=hip", "--iree-rocm-target=gfx942", "--iree-opt-level=O2"]
CPU = ["--iree-hal-target-device=local", "--iree-hal-local-target-device-backends=llvm-cpu",
       "--iree-llvmcpu-target-cpu=generic"]
# image (group, channel, H, W), filter collapsed as the pass collapses it: (KH*KW, channel, group, filter)
FUNC = """func.func @main(%img: tensor<2x4x10x10xf32>, %w: tensor<16x4x2x2xf32>) -> tensor<2x2x7x7xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x2x7x7xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<2x2x7x7xf32>) -> tensor<2x2x7x7xf32>
  %ce = tensor.empty() : tensor<2x4x16x7x7xf32>
  %col = IM2COL ins(%img : tensor<2x4x10x10xf32>) outs(%ce : tensor<2x4x16x7x7xf32>) -> tensor<2x4x16x7x7xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5) -> (d5, d4, d0, d1)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d4, d5, d2, d3)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%w, %col : tensor<16x4x2x2xf32>, tensor<2x4x16x7x7xf32>) outs(%init : tensor<2x2x7x7xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %m = arith.mulf %a, %b : f32
    %s = arith.addf %m, %acc : f32
    linalg.yield %s : f32
  } -> tensor<2x2x7x7xf32>
  return %r : tensor<2x2x7x7xf32>
}
"""


def sh(*cmd) -> subprocess.CompletedProcess:
    return subprocess.run([str(c) for c in cmd], capture_output=True, text=True)


def built_im2col(tmp: Path) -> str:
    """The im2col op the gfx942 pipeline built (attributes only), read from the IR after the pass."""
    r = sh("iree-compile", HERE / "cube_conv.mlir", *GFX942, "--compile-to=executable-targets",
           "--mlir-disable-threading", "-o", tmp / "et.mlir",
           "--mlir-print-ir-after=iree-codegen-convolution-to-igemm")
    m = re.search(r"(iree_linalg_ext\.im2col .*?) ins\(", r.stderr)
    if r.returncode != 0 or not m:
        raise verdict.CannotJudge(f"no im2col after iree-codegen-convolution-to-igemm (exit {r.returncode})")
    return m.group(1)


def run_on_cpu(tmp: Path, name: str, op: str, img, flt):
    import numpy as np
    src, dec, vmfb, out = (tmp / f"{name}{s}" for s in (".mlir", ".dec.mlir", ".vmfb", ".npy"))
    src.write_text(FUNC.replace("IM2COL", op))
    for cmd in (("iree-opt", src, "--pass-pipeline=builtin.module(func.func(iree-linalg-ext-decompose-im2col{unroll=false}))",
                 "-o", dec), ("iree-compile", dec, *CPU, "-o", vmfb),
                ("iree-run-module", f"--module={vmfb}", "--device=local-task", "--function=main",
                 f"--input=@{tmp / 'img.npy'}", f"--input=@{tmp / 'w.npy'}", f"--output=@{out}")):
        r = sh(*cmd)
        if r.returncode != 0:
            raise verdict.CannotJudge(f"{cmd[0]} failed on {name}: {r.stderr.strip()[-300:]}")
    return np.load(out)


def main():
    import numpy as np
    for tool in ("iree-compile", "iree-opt", "iree-run-module"):
        verdict.need_tool(tool)
    rng = np.random.default_rng(0)
    img = rng.uniform(-1, 1, (2, 4, 10, 10)).astype(np.float32)
    flt = rng.uniform(-1, 1, (4, 4, 4, 2, 2)).astype(np.float32)  # (KH, KW, channel, group, filter)
    ref = np.zeros((2, 2, 7, 7))
    for kh in range(4):
        for kw in range(4):
            win = img[:, :, kh:kh + 7, kw:kw + 7].astype(np.float64)  # (group, channel, 7, 7)
            ref += np.einsum("gchw,cgf->gfhw", win, flt[kh, kw].astype(np.float64))
    with tempfile.TemporaryDirectory() as t:
        tmp = Path(t)
        np.save(tmp / "img.npy", img)
        np.save(tmp / "w.npy", flt.reshape(16, 4, 2, 2))
        op = built_im2col(tmp)
        print(f"built by iree-codegen-convolution-to-igemm:\n  {op}")
        ident = re.sub(r"input_k_perm = \[[0-9, ]*\]", "input_k_perm = [0, 1, 2]", op)
        got = run_on_cpu(tmp, "built", op, img, flt)
        fixed = run_on_cpu(tmp, "identity", ident, img, flt)
    err, err_fixed = float(np.abs(got - ref).max()), float(np.abs(fixed - ref).max())
    print(f"max |error| vs the convolution: built op {err:.4g}, input_k_perm = [0, 1, 2] {err_fixed:.4g}")
    return all([verdict.claim("the built im2col + GEMM is not the convolution (error > 1e-3)", err > 1e-3),
                verdict.claim("with input_k_perm = [0, 1, 2] it is (error <= 1e-4)", err_fixed <= 1e-4)])


if __name__ == "__main__":
    verdict.run(main)
