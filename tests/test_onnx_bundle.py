"""The ONNX model in a finding's bundle (fuzz/publish/onnx_bundle.py): model.onnx is the model the configurations
imported, and onnx.sh runs their importers on it with the exit statuses every bundle script keeps."""
import os
import subprocess
import sys

import onnx
import pytest

from fuzz.case.to_onnx import IMPORTERS, to_bytes
from fuzz.judge.oracle import Verdict
from fuzz.judge.results import CaseReport, ConfigResult
from fuzz.publish import onnx_bundle
from tests import handwritten as H


def _report(case, *configs):
    results = tuple(ConfigResult(c, Verdict.REJECTED, "compile", facts={"importer": IMPORTERS[c.split(":")[0]]})
                    for c in configs)
    return CaseReport(case, results + (ConfigResult("iree:cpu-O2", Verdict.EXACT, "compare"),))


def test_an_onnx_configurations_result_brings_the_model_and_the_importer_script(tmp_path):
    case = H.residual_and_two_consumers()
    written = onnx_bundle.write(tmp_path, _report(case, "iree:onnx-cpu-O2", "tvm:onnx-relax-cpu"))
    assert written == ["model.onnx", "onnx.sh"]
    assert (tmp_path / "model.onnx").read_bytes() == to_bytes(case)
    onnx.checker.check_model(onnx.load(str(tmp_path / "model.onnx")))
    script = (tmp_path / "onnx.sh").read_text()
    assert "iree-import-onnx model.onnx -o kernel.mlir || exit 1" in script and "from_onnx(" in script
    assert os.access(tmp_path / "onnx.sh", os.X_OK)


def test_a_bundle_without_onnx_configurations_gets_nothing(tmp_path):
    assert onnx_bundle.write(tmp_path, _report(H.matmuls())) == [] and not list(tmp_path.iterdir())


def test_a_case_the_writer_declines_gets_no_model(tmp_path):
    assert onnx_bundle.write(tmp_path, _report(H.pools_and_pad(), "iree:onnx-cpu-O2")) == []


@pytest.mark.compilers
def test_the_script_imports_the_model_with_both_importers_and_exits_0(tmp_path):
    onnx_bundle.write(tmp_path, _report(H.softmax(), "iree:onnx-cpu-O2", "tvm:onnx-relax-cpu"))
    env = {**os.environ, "PATH": os.path.dirname(sys.executable) + os.pathsep + os.environ["PATH"]}
    p = subprocess.run(["sh", str(tmp_path / "onnx.sh")], capture_output=True, text=True, env=env, timeout=300)
    assert p.returncode == 0, p.stdout + p.stderr
    assert "torch.operator \"onnx.ReduceMax\"" in (tmp_path / "kernel.mlir").read_text()
    assert "R.max(" in p.stdout  # the Relax module from_onnx made of it
