"""The bug without a GPU or a simulator, beyond the campaign's grouped channel-first conv: IREE's
`iree-codegen-convolution-to-igemm` run by itself (iree-opt) on three conv generics whose filter K dims are not in the
im2col's K output order, its im2col decomposed with IREE's own `iree-linalg-ext-decompose-im2col`, compiled for llvm-cpu
and run with `iree-run-module`; the same kernels compiled for llvm-cpu without the pass are the control.

Kernels (f32, small integer inputs, so every right answer is exact):
- `nhwc_kwkhcf.mlir`: NHWC image, filter (KW, KH, C, F), not grouped;
- `nchw_khkwcf.mlir`: NCHW image, filter (KH, KW, C, F), not grouped;
- `nhwgc_khkwgcf.mlir`: grouped channel-last image (N, H, W, G, C), filter (KH, KW, G, C, F) (here the pass's
  `input_k_perm` is the identity: the K output sizes and `output_perm` disagree instead);
- `nhwc_kwkhcf_3x2.mlir`: the first with a 3x2 kernel, where the pass's own output fails the linalg verifier;
- `nhwc_khkwcf.mlir` (the control: `linalg.conv_2d_nhwc_hwcf`'s layout), which the same steps compute exactly.

Shown (exit 1) when every plain build and the control's pass output are exact, every other pass output is wrong and the 3x2 kernel is rejected by the verifier
after the pass alone; 0 when any pass output is right; 2 when a tool is missing.  Usage: `python3 split_k_cpu.py`
(iree-opt, iree-compile and iree-run-module on PATH, numpy)."""
import subprocess
import tempfile
from pathlib import Path

import verdict

HERE = Path(__file__).resolve().parent
CPU = ["--iree-hal-target-device=local", "--iree-hal-local-target-device-backends=llvm-cpu",
       "--iree-llvmcpu-target-cpu=generic"]
PASS = "builtin.module(func.func(iree-codegen-convolution-to-igemm))"
PASS_DECOMPOSED = "builtin.module(func.func(iree-codegen-convolution-to-igemm,iree-linalg-ext-decompose-im2col{unroll=false}))"
# kernel -> (image shape, filter shape, einsum of one kernel tap: image window x filter tap -> output, filter tap)
KERNELS = {
    "nhwc_kwkhcf": ((2, 5, 5, 2), (2, 2, 2, 3), "nhwc,cf->nhwf", lambda f, kh, kw: f[kw, kh]),
    "nchw_khkwcf": ((2, 2, 5, 5), (2, 2, 2, 3), "nchw,cf->nfhw", lambda f, kh, kw: f[kh, kw]),
    "nhwgc_khkwgcf": ((2, 5, 5, 2, 2), (2, 2, 2, 2, 3), "nhwgc,gcf->nhwgf", lambda f, kh, kw: f[kh, kw]),
}
CONTROL = {"nhwc_khkwcf": ((2, 5, 5, 2), (2, 2, 2, 3), "nhwc,cf->nhwf", lambda f, kh, kw: f[kh, kw])}


def sh(*cmd) -> subprocess.CompletedProcess:
    return subprocess.run([str(c) for c in cmd], capture_output=True, text=True)


def convolution(name, img, flt):
    """The generic's own semantics in numpy: a 2x2 window, stride 1, no padding."""
    import numpy as np
    _, _, spec, tap = {**KERNELS, **CONTROL}[name]
    channel_first = name.startswith("nchw")
    out = 0
    for kh in range(2):
        for kw in range(2):
            win = img[:, :, kh:kh + 4, kw:kw + 4] if channel_first else img[:, kh:kh + 4, kw:kw + 4]
            out = out + np.einsum(spec, win.astype(np.float64), tap(flt, kh, kw).astype(np.float64))
    return out


def build_and_run(tmp: Path, name: str, source: Path, pipeline: str | None):
    import numpy as np
    src = source
    if pipeline:
        src = tmp / f"{name}.igemm.mlir"
        r = sh("iree-opt", source, f"--pass-pipeline={pipeline}", "-o", src)
        if r.returncode != 0:
            raise verdict.CannotJudge(f"iree-opt failed on {source.name}: {r.stderr.strip()[-300:]}")
    vmfb, out = tmp / f"{name}.vmfb", tmp / f"{name}.npy"
    for cmd in (("iree-compile", src, *CPU, "-o", vmfb),
                ("iree-run-module", f"--module={vmfb}", "--device=local-task", "--function=main",
                 f"--input=@{tmp / 'img.npy'}", f"--input=@{tmp / 'flt.npy'}", f"--output=@{out}")):
        r = sh(*cmd)
        if r.returncode != 0:
            raise verdict.CannotJudge(f"{cmd[0]} failed on {name}: {r.stderr.strip()[-300:]}")
    return np.load(out)


def check(tmp: Path, name: str) -> list[bool]:
    import numpy as np
    ishape, fshape, _, _ = {**KERNELS, **CONTROL}[name]
    rng = np.random.default_rng(0)
    img = rng.integers(-3, 4, ishape).astype(np.float32)
    flt = rng.integers(-3, 4, fshape).astype(np.float32)
    np.save(tmp / "img.npy", img)
    np.save(tmp / "flt.npy", flt)
    ref = convolution(name, img, flt)
    plain = build_and_run(tmp, f"{name}.plain", HERE / f"{name}.mlir", None)
    igemm = build_and_run(tmp, f"{name}.pass", HERE / f"{name}.mlir", PASS_DECOMPOSED)
    wrong = int((igemm != ref).sum())
    print(f"{name}: llvm-cpu without the pass {int((plain != ref).sum())} of {ref.size} wrong; "
          f"after the pass {wrong} of {ref.size} wrong")
    if name in CONTROL:
        return [verdict.claim(f"{name} (control): the build after the pass is exact", wrong == 0)]
    return [verdict.claim(f"{name}: the plain llvm-cpu build is exact", bool((plain == ref).all())),
            verdict.claim(f"{name}: the build after iree-codegen-convolution-to-igemm is wrong", wrong > 0)]


def main():
    for tool in ("iree-opt", "iree-compile", "iree-run-module"):
        verdict.need_tool(tool)
    claims = []
    with tempfile.TemporaryDirectory() as t:
        for name in [*CONTROL, *KERNELS]:
            claims += check(Path(t), name)
    r = sh("iree-opt", HERE / "nhwc_kwkhcf_3x2.mlir", f"--pass-pipeline={PASS}", "-o", "/dev/null")
    first = next((ln.split("error:", 1)[1] for ln in r.stderr.splitlines() if "error:" in ln), None)
    print(f"nhwc_kwkhcf_3x2: iree-opt exit {r.returncode}" + (f": error:{first[:160]}" if first else ", no error"))
    claims.append(verdict.claim("nhwc_kwkhcf_3x2: the pass's own output fails the verifier (operand sizes)",
                                r.returncode != 0 and "inferred input/output operand" in r.stderr))
    return all(claims)


if __name__ == "__main__":
    verdict.run(main)
