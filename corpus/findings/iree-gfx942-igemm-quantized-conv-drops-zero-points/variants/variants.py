"""The finding's variants on gfx942 (IREE O2), in kernelfuzz's gfx942 simulator, each beside its numpy value.

usage, from the kernelfuzz checkout root: PYTHONPATH=. python3 corpus/findings/<this>/variants/variants.py [IREE_COMPILE]
- ../kernel.mlir under the configurations' flag sets (igemm on: wrong; igemm off: right);
- kernel_nhwc.mlir: the same quantized conv in NHWC/HWCF (`conv_2d_nhwc_hwcf_q`): IREE's LinalgQuantizedConvToConvPass
  turns it into a plain conv plus zero-point correction terms before codegen, so the igemm rewrite has nothing to drop;
- generic_negf.mlir: an f16 conv-shaped linalg.generic whose body negates the input (no zero points, no int8): the
  same rewrite drops the negf, the result is +conv where -conv is right;
- generic_extui.mlir: an int8 conv-shaped linalg.generic with unsigned activations (`arith.extui` on the input, the form
  of u8 x s8 quantized convs): the rebuilt body sign-extends both operands, so activations >= 128 count as negative;
- generic_negf_nhwc.mlir: the negf generic with an NHWC-shaped output (out[h, w, f]), on gfx942 and on CUDA sm_80
  (NV_MMA_SYNC, whose transposed-accumulator bug, corpus/findings/iree-cuda-mma-sync-transposed-acc-lane-fragment-order,
  this layout avoids), the CUDA build run in kernelfuzz's PTX simulator (frontends/devices/ptx, no GPU): the same
  rewrite drops the negf on both targets; generic_plain_nhwc.mlir (the same without the negf, same inputs) is the
  control: right on both, so the MMA path itself is sound for this layout.
Prints per row: wrong elements, whether the output equals the value without the body's extra arithmetic, MFMA used."""
import verdict  # the exit rule, beside this script: an uncaught error exits 2 or 3, never 1
verdict.install()
import glob
import importlib.util
import os
import subprocess
import sys
import tempfile

import numpy as np

from frontends.devices.gfx942.errors import Report
from frontends.iree.simulated import run_module

HERE = os.path.dirname(os.path.abspath(__file__))
IGEMM_OFF = "--iree-codegen-llvmgpu-use-igemm=false"
NO_VECDIST = ("--iree-codegen-llvmgpu-use-vector-distribution=false",
              "--iree-codegen-llvmgpu-use-reduction-vector-distribution=false")
FLAGS = {"gfx942-O2": (), "gfx942-no-fusion": ("--iree-dispatch-creation-enable-aggressive-fusion=false",),
         "gfx942-no-vecdist": NO_VECDIST, "gfx942-no-igemm": (IGEMM_OFF,),
         "gfx942-no-igemm-no-vecdist": (IGEMM_OFF,) + NO_VECDIST}


def conv_nchw(x, w, xzp, wzp):
    """out[n, f, h, w] = sum_c,kh,kw (x - xzp)(w - wzp), stride 1, no padding, in int64."""
    x, w = x.astype(np.int64) - xzp, w.astype(np.int64) - wzp
    _, _, kh, kw = w.shape
    oh, ow = x.shape[2] - kh + 1, x.shape[3] - kw + 1
    return sum(np.einsum("nchw,fc->nfhw", x[:, :, i:i + oh, j:j + ow], w[:, :, i, j])
               for i in range(kh) for j in range(kw))


def simulate(compiler, kernel, ins, flags):
    with tempfile.TemporaryDirectory() as d:
        base = [compiler, kernel, "--iree-hal-target-device=hip", "--iree-rocm-target=gfx942", "--iree-opt-level=O2",
                *flags]
        subprocess.run([*base, "--compile-to=executable-targets", "-o", f"{d}/et.mlir"], check=True)
        subprocess.run([*base, "-o", f"{d}/k.vmfb", f"--iree-hal-dump-executable-files-to={d}/dump"], check=True)
        mfma = sorted({ln.split()[0] for p in glob.glob(f"{d}/dump/*.rocmasm") for ln in open(p)
                       if ln.strip().startswith("v_mfma")})
        report = Report()
        (out,) = run_module(f"{d}/et.mlir", f"{d}/dump", ins, "gfx942", report=report)
    return out, mfma, report.summary()


def simulate_cuda(compiler, kernel, ins):
    """Build for CUDA sm_80 and run the PTX in kernelfuzz's PTX simulator (frontends/devices/ptx)."""
    sys.path.insert(0, os.path.join(HERE, "..", "..", "..", ".."))
    from frontends.devices import ptx as ptxsim
    with tempfile.TemporaryDirectory() as d:
        base = [compiler, "--iree-hal-target-device=cuda", "--iree-cuda-target=sm_80", "--iree-opt-level=O2"]
        subprocess.run([*base, kernel, "--compile-to=executable-targets", "-o", f"{d}/et.mlir"], check=True)
        subprocess.run([*base, f"{d}/et.mlir", "--compile-from=executable-targets", "-o", f"{d}/k.vmfb",
                        f"--iree-hal-dump-executable-files-to={d}/ptx"], check=True)
        mma = sorted({ln.split()[0] for p in glob.glob(f"{d}/ptx/*.ptx") for ln in open(p) if "mma.sync" in ln})
        (out,) = run_module(f"{d}/et.mlir", f"{d}/ptx", ins, memory=ptxsim.Memory(outside="zero"))
    return out, mma, "PTX simulator"


ROWS = {}  # name -> (wrong elements, equals the value without the body's extra arithmetic)


def row(name, out, right, stripped, mfma, summary):
    ROWS[name] = (int((out != right).sum()), bool((out == stripped).all()))
    print(f"{name}: {int((out != right).sum())} of {out.size} wrong; equals the value without the body's extra "
          f"arithmetic: {bool((out == stripped).all())}; matrix instruction: {', '.join(mfma) or 'none'}; simulator: {summary}")


def main(compiler):
    load = lambda stem: [np.load(os.path.join(HERE, f"{stem}.in{k}.npy")) for k in (0, 1)]
    ins = [np.load(os.path.join(HERE, "..", "inputs", f"in{k}.npy")) for k in (0, 1)]
    right, stripped = conv_nchw(*ins, -4, 7), conv_nchw(*ins, 0, 0)
    for name, flags in FLAGS.items():
        out, mfma, s = simulate(compiler, os.path.join(HERE, "..", "kernel.mlir"), ins, flags)
        row(f"kernel.mlir {name}", out, right, stripped, mfma, s)
    x, w = load("kernel_nhwc")  # NHWC / HWCF: to NCHW / FCHW for the reference
    xn, wn = x.transpose(0, 3, 1, 2), w.transpose(3, 2, 0, 1)
    right, stripped = conv_nchw(xn, wn, -4, 7).transpose(0, 2, 3, 1), conv_nchw(xn, wn, 0, 0).transpose(0, 2, 3, 1)
    out, mfma, s = simulate(compiler, os.path.join(HERE, "kernel_nhwc.mlir"), [x, w], ())
    row("kernel_nhwc.mlir gfx942-O2", out, right, stripped, mfma, s)
    x, w = load("generic_negf")  # x[c, h, w'], w[f, c, kw] -> out[f, h, w]
    plain = conv_nchw(x[None].astype(np.float64).astype(np.int64), w[:, :, None].astype(np.int64), 0, 0)[0]
    out, mfma, s = simulate(compiler, os.path.join(HERE, "generic_negf.mlir"), [x, w], ())
    row("generic_negf.mlir gfx942-O2", out, -plain, plain, mfma, s)
    x, w = load("generic_extui")  # the same maps, i8 data: unsigned activations, signed weights
    unsigned = conv_nchw(x.view(np.uint8)[None], w[:, :, None], 0, 0)[0]
    signed = conv_nchw(x[None], w[:, :, None], 0, 0)[0]
    out, mfma, s = simulate(compiler, os.path.join(HERE, "generic_extui.mlir"), [x, w], ())
    row("generic_extui.mlir gfx942-O2 (stripped = sign-extended activations)", out, unsigned, signed, mfma, s)
    x, w = load("generic_negf_nhwc")  # x[h, w', c], w[kw, c, f] -> out[h, w, f]
    plain = sum(np.einsum("hwc,cf->hwf", x[:, k:k + 4, :].astype(np.float64), w[k].astype(np.float64)) for k in (0, 1))
    kernel = os.path.join(HERE, "generic_negf_nhwc.mlir")
    row("generic_negf_nhwc.mlir gfx942-O2", *_first(simulate(compiler, kernel, [x, w], ()), -plain, plain))
    row("generic_negf_nhwc.mlir cuda-sm80-O2", *_first(simulate_cuda(compiler, kernel, [x, w]), -plain, plain))
    kernel = os.path.join(HERE, "generic_plain_nhwc.mlir")  # control: no negf, right = plain
    row("generic_plain_nhwc.mlir gfx942-O2", *_first(simulate(compiler, kernel, [x, w], ()), plain, -plain))
    row("generic_plain_nhwc.mlir cuda-sm80-O2", *_first(simulate_cuda(compiler, kernel, [x, w]), plain, -plain))


def _first(result, right, stripped):
    out, mma, summary = result
    return out, right, stripped, mma, summary


def judged(compiler) -> bool:
    main(compiler)
    dropped = [n for n in ("kernel.mlir gfx942-O2", "generic_negf.mlir gfx942-O2", "generic_negf_nhwc.mlir cuda-sm80-O2")]
    return all([verdict.claim("the igemm path computes without the body's zero points / negation (gfx942, and CUDA on "
                              "the negf generic)", all(ROWS[n][0] > 0 and ROWS[n][1] for n in dropped)),
                verdict.claim("with implicit GEMM off, and with no extra arithmetic in the body, every element is right",
                              ROWS["kernel.mlir gfx942-no-igemm"][0] == 0
                              and ROWS["generic_plain_nhwc.mlir gfx942-O2"][0] == 0)])


if __name__ == "__main__":
    verdict.run(lambda: judged(sys.argv[1] if len(sys.argv) > 1 else "iree-compile"))
