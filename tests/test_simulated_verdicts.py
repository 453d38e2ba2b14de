"""Simulated verdicts are marked wherever they go (frontends/devices/cuda_sim.py, fuzz/judge/signature.py,
frontends/iree/repro_sim.py): a bucket of a simulated result never equals the device's, and a bundle of one carries
the simulator's commands next to iree.sh's ``--device=cuda`` lines."""
import json
from dataclasses import replace
from pathlib import Path

from frontends.devices import cuda_sim
from fuzz.case.workload import from_json
from fuzz.judge.oracle import Evidence, Verdict
from fuzz.judge.results import CaseReport, ConfigResult
from fuzz.judge.signature import error_class
from frontends.iree import repro_sim as simulated

CASE = Path(__file__).parent / "data" / "gpu" / "reduced-nchw-f16-conv-wrong-value" / "case.json"
SOURCE = "// iree-compile kernel.mlir -o kernel.vmfb --iree-hal-target-device=cuda --iree-cuda-target=sm_80\nmodule {}"


def _result(facts: dict) -> ConfigResult:
    return ConfigResult("iree:cuda-sm80-O2", Verdict.OUT_OF_BOUND, "compare", evidence=Evidence(symptom="wrong value"),
                        source=SOURCE, profile="gpu", facts=facts)


def test_a_simulated_result_never_shares_an_error_class_with_a_device_result():
    sim, dev = _result(dict(cuda_sim.FACTS)), _result({"executor": "device"})
    assert sim.simulated and not dev.simulated
    assert error_class(sim) == "wrong value [simulated]" and error_class(dev) == "wrong value"


def test_a_bundle_of_a_simulated_verdict_gets_the_simulator_commands_and_says_so(tmp_path):
    report = CaseReport(from_json(json.loads(CASE.read_text())), (_result(dict(cuda_sim.FACTS)),))
    assert simulated.write(tmp_path, report) == ["simulate.sh"]
    script = (tmp_path / "simulate.sh").read_text()
    assert "--compile-to=executable-targets -o sim_iree_cuda-sm80-O2/et.mlir" in script
    assert "-m frontends.iree.simulated ptx sim_iree_cuda-sm80-O2/et.mlir sim_iree_cuda-sm80-O2/ptx inputs/in0.npy" in script
    assert "--iree-cuda-target=sm_80" in script and "-o kernel.vmfb" not in script
    readme = "\n".join(simulated.readme_lines(report, ["simulate.sh"]))
    assert "iree:cuda-sm80-O2 were simulated" in readme and "--device=cuda" in readme


def test_a_device_verdict_gets_no_simulator_script(tmp_path):
    report = CaseReport(from_json(json.loads(CASE.read_text())), (_result({"executor": "device"}),))
    assert simulated.write(tmp_path, report) == [] and simulated.readme_lines(report, []) == []


def test_the_simulator_can_be_forced_where_a_gpu_is(monkeypatch):
    monkeypatch.setenv(cuda_sim.SIM_ENV, "1")
    a = cuda_sim.availability("sm_80")
    assert a.status == "runs" and a.simulated and cuda_sim.SIM_ENV in a.why
    assert cuda_sim.facts("sm_80") == cuda_sim.FACTS


def test_a_simulated_bucket_is_known_by_the_corpus_record_of_the_same_failure_on_a_device():
    from fuzz.judge.signature import standing
    kept = {("iree:cuda-sm80-O2", "out-of-bound", "compare", "wrong value"): ["iree-cuda-mma-finding"]}
    simulated_entry = ("iree:cuda-sm80-O2", "out-of-bound", "compare", "wrong value [simulated]")
    assert standing((simulated_entry,), kept) == ("known", ["iree-cuda-mma-finding"])
    other = ("iree:cuda-sm80-O2", "out-of-bound", "compare", "got zero [simulated]")
    assert standing((other,), kept)[0] == "new"


def test_a_bundle_of_a_simulated_gfx942_verdict_runs_the_gfx942_simulator_and_says_no_amd_hardware_checked_it(
        tmp_path):
    from frontends.devices import hip_sim
    source = ("// iree-compile kernel.mlir -o kernel.vmfb --iree-hal-target-device=hip --iree-rocm-target=gfx942 "
              "--iree-opt-level=O2\nmodule {}")
    r = ConfigResult("iree:gfx942-O2", Verdict.OUT_OF_BOUND, "compare", evidence=Evidence(symptom="wrong value"),
                     source=source, profile="gpu", facts=dict(hip_sim.FACTS))
    report = CaseReport(from_json(json.loads(CASE.read_text())), (r,))
    assert simulated.write(tmp_path, report) == ["simulate.sh"]
    script = (tmp_path / "simulate.sh").read_text()
    assert "-m frontends.iree.simulated gfx942 sim_iree_gfx942-O2/et.mlir sim_iree_gfx942-O2/gfx942 inputs/in0.npy" in script
    assert "--iree-hal-dump-executable-files-to=sim_iree_gfx942-O2/gfx942" in script and "--device=hip" in script
    assert "no AMD hardware has checked" in script
    readme = "\n".join(simulated.readme_lines(report, ["simulate.sh"]))
    assert "no AMD hardware has checked" in readme and "--device=hip" in readme
    assert error_class(r) == "wrong value [simulated]"


def test_each_simulated_configuration_is_simulated_from_the_mlir_it_compiled(tmp_path):
    """An ONNX configuration compiles the importer's MLIR (kernel.mlir) and a linalg one its own file: simulate.sh
    must give each its own, as iree.sh does (a control block built from the ONNX import hid seed847421075's)."""
    from frontends.devices import hip_sim
    from frontends.iree import repro
    flags = "--iree-hal-target-device=hip --iree-rocm-target=gfx942 --iree-opt-level=O2"
    results = tuple(ConfigResult(config, Verdict.OUT_OF_BOUND, "compare", evidence=Evidence(symptom="wrong value"),
                                 source=f"// iree-compile kernel.mlir -o kernel.vmfb {flags}\n{text}", profile="gpu",
                                 facts=dict(hip_sim.FACTS))
                    for config, text in (("iree:onnx-gfx942-O2", "module {} // onnx"),
                                         ("iree:gfx942-O2", "module {} // linalg")))
    bundle = repro.repro(results, from_json(json.loads(CASE.read_text())))
    files = dict(bundle.files)
    assert files["kernel.mlir"] == "module {} // onnx\n" and files["iree_gfx942-O2.mlir"] == "module {} // linalg\n"
    sim = files["simulate.sh"]
    assert f"iree-compile kernel.mlir {flags} --compile-to=executable-targets -o sim_iree_onnx-gfx942-O2/et.mlir" in sim
    assert f"iree-compile iree_gfx942-O2.mlir {flags} --compile-to=executable-targets -o sim_iree_gfx942-O2/et.mlir" in sim


def test_the_campaign_table_marks_a_configuration_that_ran_simulated():
    from io import StringIO

    from rich.console import Console

    from fuzz.campaign.stats import Stats, row_of
    from fuzz.cli.tables import summary
    report = CaseReport(from_json(json.loads(CASE.read_text())),
                        (_result(dict(cuda_sim.FACTS)), replace(_result({"executor": "device"}), config="iree:cpu-O2")))
    stats = Stats()
    stats.add(row_of(0, 0, report))
    assert {r["config"]: r["simulated"] for r in stats.table()} == {"iree:cuda-sm80-O2": True, "iree:cpu-O2": False}
    out = StringIO()
    summary(Console(file=out, width=200), stats, "out", None)
    text = out.getvalue()
    assert "iree:cuda-sm80-O2 (simulated)" in text and "iree:cpu-O2 (simulated)" not in text
