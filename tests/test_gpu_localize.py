"""kernelfuzz localize on IREE's CUDA configurations where no GPU is (frontends/iree/gpu_localize.py): the phases
are finished on the CPU, the CUDA compile runs in the PTX simulator (frontends/devices/ptx), which must return what
an NVIDIA H200 returned for the same PTX (outputs saved in the MMA finding by the GPU session)."""
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from tests import ROOT
from click.testing import CliRunner

from frontends.iree.simulated import run_module
from frontends.iree import gpu_localize as L
from frontends.iree import frontend as iree_frontend
from fuzz.cli import main

MMA = ROOT / "corpus/findings/iree-cuda-mma-sync-transposed-acc-lane-fragment-order"
CUDA = ["--iree-hal-target-device=cuda", "--iree-cuda-target=sm_80", "--iree-opt-level=O2"]

CUDA_PROGRAM = """module attributes {stream.affinity.default = #hal.device.affinity<@__device_0>} {
  util.global private @__device_0 = #hal.device.target<"cuda", [#hal.executable.target<"cuda", "cuda-nvptx-fb", \
{iree_codegen.target_info = #iree_gpu.target<arch = "sm_80", features = "+ptx76", wgp = <compute = fp32|int8, \
subgroup_size_choices = [32], max_load_instruction_bits = 128>>}>]> : !hal.device
  hal.executable private @main_dispatch_0 {
    hal.executable.variant public @cuda_nvptx_fb target(<"cuda", "cuda-nvptx-fb", {iree_codegen.target_info = \
#iree_gpu.target<arch = "sm_80", features = "+ptx76", wgp = <compute = fp32>>}>) {
      hal.executable.export public @main_dispatch_0_generic ordinal(0) layout(#hal.pipeline.layout<bindings = \
[#hal.pipeline.binding<storage_buffer>]>) count(%arg0: !hal.device) -> (index, index, index) {
"""
CPU_PROGRAM = """  util.global private @__device_0 = #hal.device.target<"local", [#hal.executable.target<"llvm-cpu", \
"embedded-elf-x86_64", {cpu = "x86-64-v3", data_layout = "e-m:e-i64:64", native_vector_size = 32 : i64, \
target_triple = "x86_64-unknown-unknown-eabi-elf"}>]> : !hal.device
"""


def test_a_cuda_intermediate_gets_the_cpus_device_and_variant_targets_and_keeps_the_rest():
    out = L.retarget(CUDA_PROGRAM, CPU_PROGRAM)
    assert '"cuda"' not in out and "sm_80" not in out
    assert out.count('#hal.device.target<"local", [#hal.executable.target<"llvm-cpu"') == 1
    assert 'hal.executable.variant public @cuda_nvptx_fb target(<"llvm-cpu", "embedded-elf-x86_64", {cpu = ' \
           '"x86-64-v3"' in out
    assert out.endswith("count(%arg0: !hal.device) -> (index, index, index) {\n")  # `->` is not a closing `>`
    assert out.splitlines()[0] == CUDA_PROGRAM.splitlines()[0]


def _ptx_outputs(bundle: Path, tmp_path: Path, extra: list[str]) -> list[np.ndarray]:
    tool = iree_frontend._tool()
    for argv in (["--compile-to=executable-targets", "-o", str(tmp_path / "et.mlir")],
                 [f"--iree-hal-dump-executable-files-to={tmp_path / 'ptx'}", "-o", str(tmp_path / "k.vmfb")]):
        subprocess.run([tool, str(bundle / "kernel.mlir"), *CUDA, *extra, *argv], check=True, capture_output=True)
    inputs = [np.load(p) for p in sorted((bundle / "inputs").glob("in*.npy"))]
    return run_module(str(tmp_path / "et.mlir"), str(tmp_path / "ptx"), inputs)


@pytest.mark.compilers
@pytest.mark.parametrize("bundle", [MMA, MMA / "got-zero"], ids=["reduced", "got-zero"])
@pytest.mark.parametrize("extra", [[], ["--opt-bisect-limit=0"]], ids=["O2", "no-optional-llvm-pass"])
def test_the_simulator_returns_bit_for_bit_what_the_h200_returned(bundle, extra, tmp_path):
    """The executor localize uses without a GPU, checked against the GPU (the unoptimized PTX computes the same
    wrong values: the fault is in the MLIR codegen, before LLVM's optional passes)."""
    got = _ptx_outputs(bundle, tmp_path, extra)[0]
    h200 = np.load(bundle / "outputs/iree_cuda-sm80-O2/op0.npy")
    assert got.dtype == h200.dtype and np.array_equal(got.view(np.uint16), h200.view(np.uint16))


@pytest.mark.compilers
def test_localize_puts_the_mma_finding_in_the_cuda_codegen_and_the_cpu_side_reproduces(tmp_path):
    r = CliRunner().invoke(main, ["localize", str(MMA), "--out", str(tmp_path)], catch_exceptions=False)
    assert r.exit_code == 0, r.output
    text = (tmp_path / "localize.txt").read_text()
    assert "First bad pass: IREE's CUDA codegen (executable-configurations and executable-targets" in text
    assert "last right: [8] phase: after --compile-to=executable-sources (on the CPU)" in text
    assert "both sides run twice: same verdicts" in text and "expected -2 in [-2, -2], got 1" in text
    side = tmp_path / "iree_cuda-sm80-O2"
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}:{os.environ['PATH']}"}
    good = subprocess.run(["bash", str(side / "last-good/repro.sh")], env=env, capture_output=True, text=True)
    assert good.returncode == 0 and "ok" in good.stdout, good.stdout + good.stderr
    bad = (side / "first-bad/repro.sh").read_text()
    assert "--opt-bisect-limit=0" in bad and "--device=cuda" in bad
    if not L.on_device(next(c for c in iree_frontend.CONFIGS if c.name == "iree:cuda-sm80-O2")):
        assert "python3 -m frontends.iree.simulated ptx et.mlir ptx" in bad


@pytest.mark.compilers
def test_localize_puts_the_gfx942_zero_point_finding_in_the_gfx942_codegen(tmp_path):
    """gfx942 points run in the gfx942 simulator; the unoptimized code objects of --opt-bisect-limit (hidden kernel
    arguments, the dispatch packet, VGPR indexing mode) must run there, or the boundary would be a wide span."""
    finding = ROOT / "corpus/findings/iree-gfx942-igemm-quantized-conv-drops-zero-points"
    r = CliRunner().invoke(main, ["localize", str(finding), "--configs", "iree:gfx942-O2", "--out", str(tmp_path)],
                           catch_exceptions=False)
    assert r.exit_code == 0, r.output
    text = (tmp_path / "localize.txt").read_text()
    assert "First bad pass: IREE's gfx942 codegen (executable-configurations and executable-targets" in text
    assert "last right: [8] phase: after --compile-to=executable-sources (on the CPU)" in text
    assert "could not be built or run" not in text and "gfx942 simulator" in text


@pytest.mark.compilers
def test_an_onnx_configurations_points_compile_the_importers_mlir(tmp_path):
    """iree:onnx-gfx942-O2 has points (its grouped-conv im2col finding was localized with them), and they build the
    MLIR iree-import-onnx gives, not the case lowered to linalg, which is another program (that configuration's own
    iree:gfx942-O2 is right on it)."""
    from frontends.iree import onnx_frontend
    from fuzz.casefile import load
    configs = {c.name: c for c in (*onnx_frontend.CONFIGS, *iree_frontend.CONFIGS)}
    finding = ROOT / "corpus/findings/iree-gfx942-igemm-grouped-conv-im2col-input-k-perm-misorders-k"
    case = load(str(finding / "case.json"))
    p = L.pipeline(case, configs["iree:onnx-gfx942-O2"], str(tmp_path))
    source = (p.work / "source.mlir").read_text()
    assert 'torch.operator "onnx.Conv"' in source and "linalg.generic" not in source
    lowered = L.pipeline(case, configs["iree:gfx942-O2"], str(tmp_path / "linalg"))
    assert "linalg.generic" in (lowered.work / "source.mlir").read_text()
