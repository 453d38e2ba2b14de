"""The PTX simulator against what an NVIDIA H200 returned (tests/data/gpu/, copied from the GPU session of
2026-12-04: IREE 3.13, driver 580.159): the two reduced bundles' outputs bit for bit, the 56 wrong-code campaign
cases' records (verdict, count of wrong elements, first wrong element and its value) and the 252 rows of the conv
variants (count of wrong elements and the first twelve values).

Where a kernel reads past a buffer (the mask-fold bug), the H200 read zeros there; the simulator reports such
reads (padding: fill byte; outside every allocation: out of bounds), so the value checks use ``Memory(outside=
"zero")``, which reads zeros as the H200 did; the bundles need no such help.  Where lanes race on shared memory
(``RACES``), the simulator reports the race instead of one order's values.

The suite checks a dated sample of the campaign cases and conv variants (KERNELFUZZ_H200_SEED picks another draw,
KERNELFUZZ_H200_SAMPLE=0 checks all: about 12 minutes on a loaded 2-core machine); `make bench --only h200` checks
all of them."""
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from frontends.devices import ptx
from frontends.iree.simulated import simulate
from frontends.devices.ptx.errors import SharedRace
from frontends.iree import frontend
from tests import ROOT, dated_sample
from fuzz.case.workload import from_json
from fuzz.execute.runner import judge_all, prepare

DATA = Path(__file__).parent / "data" / "gpu"
VARIANTS = Path(ROOT) / "corpus" / "findings" / "iree-cuda-mma-sync-transposed-acc-lane-fragment-order"  # its script
CUDA = ["--iree-hal-target-device=cuda", "--iree-cuda-target=sm_80", "--iree-opt-level=O2"]
pytestmark = pytest.mark.compilers
SAMPLE = int(os.environ.get("KERNELFUZZ_H200_SAMPLE", "8"))  # of the campaign cases, and of the conv variants


def _sampled(items: list) -> list:
    return dated_sample(sorted(items), SAMPLE, "KERNELFUZZ_H200_SEED")


def _compile(mlir: Path, work: Path, extra=()) -> tuple[str, list[str]]:
    tool = frontend._tool()
    for argv in (["--compile-to=executable-targets", "-o", str(work / "et.mlir")],
                 [f"--iree-hal-dump-executable-files-to={work / 'ptx'}", "-o", str(work / "k.vmfb")]):
        subprocess.run([tool, str(mlir), *CUDA, *extra, *argv], check=True, capture_output=True)
    return (work / "et.mlir").read_text(), [p.read_text() for p in sorted((work / "ptx").glob("*.ptx"))]


@pytest.mark.parametrize("bundle", ["reduced-nchw-f16-conv-wrong-value", "reduced-nchw-f16-conv-got-zero"])
def test_the_reduced_bundles_outputs_are_the_h200s_bit_for_bit(bundle, tmp_path):
    b = DATA / bundle
    host, kernels = _compile(b / "kernel.mlir", tmp_path)
    got = simulate(host, kernels, [np.load(p) for p in sorted((b / "inputs").glob("in*.npy"))])[0]
    h200 = np.load(b / "outputs/iree_cuda-sm80-O2/op0.npy")
    assert got.dtype == h200.dtype and got.tobytes() == h200.tobytes()


CASES = sorted(p.name for p in (DATA / "cases").glob("seed*"))
# Lane 0 stores a value to shared memory that the other lanes of its warp read with no barrier between (IREE's
# int8 reductions): the H200 returned wrong values, the simulator names the race.
RACES = {"seed1289313161"}


def test_all_56_campaign_cases_are_held():
    assert len(CASES) == 56


@pytest.mark.parametrize("name", _sampled(CASES))
def test_a_campaign_case_is_judged_as_the_h200_run_was(name, tmp_path):
    folder = DATA / "cases" / name
    case = from_json(json.loads((folder / "case.json").read_text()))
    h200 = next(r for r in json.loads((folder / "results.json").read_text()) if r["config"] == "iree:cuda-sm80-O2")
    config = next(c for c in frontend.CONFIGS if c.name == "iree:cuda-sm80-O2")
    p = prepare(case, [config])
    from frontends.iree.lower import lower
    (tmp_path / "k.mlir").write_text(lower(case))
    host, kernels = _compile(tmp_path / "k.mlir", tmp_path)
    try:
        outs = simulate(host, kernels, p.inputs, memory=ptx.Memory(outside="zero"))
    except SharedRace:  # a missing barrier: the value depends on the lanes' order, which the H200 got wrong
        assert h200["verdict"] == "out-of-bound" and name in RACES
        return
    assert name not in RACES
    j = judge_all(p.refs["gpu"], outs)
    e = h200["evidence"]
    assert (j.verdict.value, j.evidence.bad, j.evidence.detail) == (h200["verdict"], e["bad"], e["detail"])


def _variant_rows() -> dict:
    rows = {}
    for line in (VARIANTS / "conv_variants_h200.txt").read_text().splitlines():
        m = re.match(r"(\S+)\s+(O2|no-igemm|O0|sm89)\s+(.*)$", line)
        if m:
            rows[(m.group(1), m.group(2))] = m.group(3)
    return rows


def test_all_252_conv_variant_rows_are_held():
    assert len(_variant_rows()) == 252


@pytest.mark.parametrize("name", _sampled({n for n, _ in _variant_rows()}))
def test_a_conv_variant_gives_what_the_h200_gave_under_every_flag_set(name, tmp_path):
    sys.path.insert(0, str(VARIANTS))
    import conv_variants as cv  # the GPU session's own script: same shapes, same inputs (one seeded stream)
    rng, inputs = np.random.default_rng(0), {}
    for v in cv.variants():
        text, (xs, ks, _) = cv.mlir(*v[1:])
        x = rng.integers(-3, 4, xs).astype(cv.NP[v[9]])
        inputs[v[0]] = (text, x, rng.integers(-3, 4, ks).astype(cv.NP[v[9]]), v)
    text, x, k, v = inputs[name]
    ref = cv.reference(v[1], x, k, v[11])
    (tmp_path / "k.mlir").write_text(text)
    rows = _variant_rows()
    for flags, extra in cv.FLAGS.items():
        work = tmp_path / flags
        work.mkdir()
        host, kernels = _compile(tmp_path / "k.mlir", work, extra)
        got = simulate(host, kernels, [x, k])[0].astype(np.float64)
        bad = int((got != ref).sum())
        mine = "exact" if bad == 0 else \
            f"WRONG {bad}/{ref.size}: got {got.ravel()[:12].tolist()} want {ref.ravel()[:12].tolist()}"
        assert mine == rows[(name, flags)], flags
