"""The configuration matrix: selection, capabilities, and what each pipeline really did."""
import importlib.util
import re
from pathlib import Path

import pytest

import frontends
from tests import ROOT
from frontends.devices import hexagon, hip_sim
from frontends.iree import frontend as iree_frontend
from frontends.tvm import frontend as tvm_frontend
from fuzz import settings
from fuzz.case import workload as W
from fuzz.execute.isolate import Lane
from fuzz.execute.runner import run_case
from fuzz.judge import signature
from fuzz.judge.oracle import Verdict

SEED_INT8 = f"{ROOT}/corpus/seeds/iree-sdxl-int8-conv-requant.json"
SEED_FP16 = f"{ROOT}/corpus/seeds/tvm-hexagon-conv2d-fp16.json"


def by_name(name):
    return next(c for c in frontends.all_configs() if c.name == name)


def test_wildcards_select_everything_but_opt_in_tuning():
    names = {c.name for c in frontends.select("tvm:*").configs}
    assert "tvm:cpu" in names and "tvm:cpu-sampled" in names and "tvm:cpu-tuned" not in names
    assert "tvm:cpu-tuned" in {c.name for c in frontends.select("tvm:cpu-tuned").configs}


def test_selection_separates_compile_only_configurations():
    sel = frontends.select("iree:gfx942-*,iree:cpu-O0")
    assert "iree:cpu-O0" not in sel.compile_only
    # gfx942 runs: on a HIP device where IREE's driver lists one, else on the gfx942 simulator
    assert not {c.name for c in sel.configs if c.target == "gfx942"} & sel.compile_only


def test_configs_tell_the_truth_on_a_bare_machine(monkeypatch):
    """No MetaSchedule extras, no qemu/clang, no ROCm bitcode or lld, no GPU driver: each says so, with the fix."""
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda n, *a: None if n in ("psutil", "cloudpickle") else real(n, *a))
    monkeypatch.setattr(settings, "ROCM_LLD", "/nonexistent")
    monkeypatch.setattr(iree_frontend, "device_count", lambda driver: 0)
    monkeypatch.setattr(hip_sim, "device_count", lambda: (0, "IREE's hip driver lists no device"))
    monkeypatch.setattr(hexagon, "missing_tools", lambda: ["clang-16", "ld.lld-16", "qemu-hexagon"])
    hx = frontends.availability(by_name("tvm:hexagon"))
    assert hx.status == "compile-only" and "apt-get install qemu-user clang-16 lld-16" in hx.why
    sampled = frontends.availability(by_name("tvm:cpu-sampled"))
    assert sampled.status == "unavailable" and "pip install psutil cloudpickle" in sampled.why
    rocm = frontends.availability(by_name("tvm:rocm-dlight"))
    assert rocm.status == "unavailable" and "apt-get install rocm-device-libs lld-19" in rocm.why
    hip = frontends.availability(by_name("iree:gfx942-O2"))
    assert hip.status == "runs" and hip.simulated and "no HIP device" in hip.why and "no AMD hardware" in hip.why
    assert frontends.availability(by_name("tvm:cpu")).status == "runs"


def test_without_tvm_every_tvm_configuration_is_unavailable(monkeypatch):
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda n, *a: None if n == "tvm" else real(n, *a))
    for c in tvm_frontend.CONFIGS:
        a = frontends.availability(c)
        assert a.status == "unavailable" and "make venv" in a.why


def test_dispatch_facts_read_pipelines_from_a_dump(tmp_path):
    (tmp_path / "configured_module_main_dispatch_0.mlir").write_text(
        "func.func @main_dispatch_0() attributes {translation_info = #iree_codegen.translation_info<"
        "pipeline = #iree_gpu.pipeline<VectorDistribute> workgroup_size = [256, 1, 1]>} {")
    (tmp_path / "configured_module_main_dispatch_1.mlir").write_text(
        "translation_info = #iree_codegen.translation_info<pipeline = CPUDoubleTilingExpert>")
    facts = iree_frontend.dispatch_facts(str(tmp_path))
    assert facts == {"dispatches": 2, "pipelines": {"module_main_dispatch_0": ["VectorDistribute"],
                                                    "module_main_dispatch_1": ["CPUDoubleTilingExpert"]}}


# ---------------------------------------------------------------- real compilers

@pytest.fixture(scope="module")
def lane():
    lane = Lane(("frontends.tvm.frontend", "frontends.iree.frontend"))
    yield lane
    lane.close()


def _pipelines(result):
    return {p for ps in result.facts["pipelines"].values() for p in ps}


@pytest.mark.compilers
def test_vector_distribution_off_flips_the_int8_conv_dispatch_off_vector_distribute(lane):
    """The SDXL shape: with igemm off, the int8 conv reaches VectorDistribute; vector distribution off
    moves it to another pipeline. Read from the executable dump, not inferred from the flag."""
    sel = [by_name("iree:gfx942-no-igemm"), by_name("iree:gfx942-no-igemm-no-vecdist")]
    on, off = run_case(lane, W.load(SEED_INT8), sel, compile_only=frozenset(c.name for c in sel)).results
    assert on.verdict is off.verdict is Verdict.COMPILED
    assert "VectorDistribute" in _pipelines(on)
    assert "VectorDistribute" not in _pipelines(off) and _pipelines(off)


def _softmax_like():
    """max-reduce, subtract and exp, sum-reduce, scale: a reduction/broadcast chain of four generics."""
    i2 = (W.Affine((1, 0)), W.Affine((0, 1)))
    row = (W.Affine((1, 0)),)
    x = W.Tensor("x", (8, 64), "f32", W.ValueSpec("normal", 5))
    in0, in1 = W.Expr("in", index=0), W.Expr("in", index=1)
    red = ("parallel", "reduction")
    ops = (W.Generic("m", ("x",), (8, 64), red, (i2,), in0, "f32", "max"),
           W.Generic("e", ("x", "m"), (8, 64), ("parallel", "parallel"), (i2, row),
                     W.Expr("exp", (W.Expr("sub", (in0, in1)),)), "f32"),
           W.Generic("s", ("e",), (8, 64), red, (i2,), in0, "f32", "add"),
           W.Generic("y", ("e", "s"), (8, 64), ("parallel", "parallel"), (i2, row), W.Expr("mul", (in0, in1)), "f32"))
    return W.Case((x,), ops, ("y",), "softmax-like")


@pytest.mark.compilers
def test_aggressive_fusion_changes_the_dispatch_count(lane):
    fused, unfused = run_case(lane, _softmax_like(), [by_name("iree:cpu-O2"), by_name("iree:cpu-O2-no-fusion")]).results
    assert fused.verdict in (Verdict.EXACT, Verdict.WITHIN_BOUND), fused.summary()
    assert unfused.verdict in (Verdict.EXACT, Verdict.WITHIN_BOUND), unfused.summary()
    assert fused.facts["dispatches"] < unfused.facts["dispatches"]


@pytest.mark.compilers
def test_sampled_schedule_replays_identically_in_a_new_process(lane):
    config = by_name("tvm:cpu-sampled")
    case = W.load(SEED_INT8)
    first = run_case(lane, case, [config])
    trace = first.case.schedule_for(config.name)
    assert trace and "SamplePerfectTile" in trace
    saved = W.from_json(W.to_json(first.case))  # what a finding file holds
    fresh = Lane(("frontends.tvm.frontend",))
    try:
        again = run_case(fresh, saved, [config])
    finally:
        fresh.close()
    assert again.results[0].source == first.results[0].source
    assert again.case.schedule_for(config.name) == trace


SEEDS_TESTED_ELSEWHERE = {"frontends.tvm.relax_frontend", "frontends.iree.tosa_frontend",  # tests/test_relax.py, test_tosa.py
                          "frontends.iree.onnx_frontend", "frontends.tvm.onnx_frontend"}  # tests/test_onnx_compilers.py


@pytest.mark.compilers
@pytest.mark.parametrize("seed", [SEED_INT8, SEED_FP16])
def test_every_configuration_compiles_and_where_it_can_runs_both_seeds(lane, seed):
    sel = frontends.select("*")
    case = W.load(seed)
    compile_only = sel.compile_only
    # The seeds are real-size layers: simulating their 131,000 and 800,000 outputs on the PTX simulator (about
    # 0.5 ms each) takes minutes per CUDA configuration, so they are compiled here and simulated in make bench and
    # by the simulators' own tests (tests/test_ptx_*.py, tests/test_simulated_verdicts.py)
    compile_only |= {c.name for c in sel.configs if frontends.availability(c).simulated}
    if seed == SEED_FP16:  # emulating its 118M fp16 MACs takes a minute per Hexagon configuration
        compile_only |= {c.name for c in sel.configs if c.target == "hexagon"}
    configs = [c for c in sel.configs if c.module not in SEEDS_TESTED_ELSEWHERE]
    report = run_case(lane, case, configs, compile_only=compile_only)
    known = signature.known(ROOT / "corpus")  # real bugs on the seed shapes (iree:cpu-im2col's int8 conv rejection)
    for r in report.results:
        if r.verdict.is_finding and signature.is_known(r, known, signature.op_kinds(case)):
            continue
        if r.config in compile_only:
            assert r.verdict is Verdict.COMPILED, r.summary()
        else:
            assert r.verdict in (Verdict.EXACT, Verdict.WITHIN_BOUND), r.summary()


NO_INTRINSICS = """
import sys
import frontends
from frontends.tvm import frontend as tvm_frontend
from tests import stored
configs = [c for c in frontends.all_configs() if c.module == tvm_frontend.MODULE
           and c.flags[0] not in tvm_frontend.INTRINSICS and frontends.availability(c).compiles]
tvm_frontend.warm_up(configs)
for name in ("mixed-exact-seed0", "wide-conv-realistic-seed1", "elementwise-realistic-seed2"):
    case = stored(name + ".json")
    for c in configs:
        tvm_frontend.compile(case, c, sys.argv[1])
print(len(configs), "tvm.s_tir.tensor_intrin" in sys.modules)
"""


@pytest.mark.compilers
def test_configurations_without_metaschedule_compile_without_its_tensor_intrinsics(tmp_path):
    """The ~30 s intrinsics import is paid only for sampled, tuned and dlight: every other TVM configuration
    compiles with plain `import tvm` (a lowering error here would raise, not return a verdict)."""
    import subprocess
    import sys
    p = subprocess.run([sys.executable, "-c", NO_INTRINSICS, str(tmp_path)], capture_output=True, text=True,
                       cwd=Path(__file__).resolve().parents[1])
    assert p.returncode == 0, p.stderr[-2000:]
    count, loaded = p.stdout.split()
    assert int(count) >= 8 and loaded == "False", p.stdout


def test_a_lane_warms_up_metaschedule_only_for_configurations_that_need_it():
    plain = [by_name("tvm:cpu"), by_name("tvm:cpu-compute-at"), by_name("tvm:hexagon")]
    assert tvm_frontend.warm_up_note(plain) == "TVM (a few seconds)"
    for name in ("tvm:cpu-sampled", "tvm:hexagon-sampled", "tvm:cuda-dlight"):
        assert "tensor intrinsics" in tvm_frontend.warm_up_note(plain + [by_name(name)])


def test_dlight_is_given_only_primfuncs_relax_could_hand_it():
    """TE dlight configurations skip (not-expressible, never a finding) what Relax never hands dlight: a
    PrimFunc exporting an intermediate or chaining two convs; a legalized softmax (four reductions, one
    result) is dlight's own contract and stays."""
    from tests import handwritten as H
    assert tvm_frontend.outside_dlight_contract(H.softmax()) is None
    assert "returns 3" in tvm_frontend.outside_dlight_contract(H.residual_and_two_consumers())
    from fuzz.generate.generator import SPACES, generate
    from fuzz.generate.swarm import FULL
    from tests import small
    chains = [c for c in (generate(s, SPACES["wide"], small(FULL)) for s in range(50))
              if len(c.outputs) == 1 and sum(op.kind == "conv2d" for op in c.ops) > 1]
    assert chains and all("chains" in tvm_frontend.outside_dlight_contract(c) for c in chains)


@pytest.mark.compilers
def test_a_case_outside_dlights_contract_is_not_expressible_on_te_dlight(lane):
    from tests import handwritten as H
    configs = [by_name("tvm:cuda-dlight")]
    outside = run_case(lane, H.residual_and_two_consumers(), configs, compile_only={"tvm:cuda-dlight"})
    inside = run_case(lane, H.softmax(), configs, compile_only={"tvm:cuda-dlight"})
    assert outside.results[0].verdict is Verdict.NOT_EXPRESSIBLE, outside.results[0].summary()
    assert inside.results[0].verdict is Verdict.COMPILED, inside.results[0].summary()


# ---------------------------------------------------------------- backend options (a backend fuzzer's variants)

BACKEND_CASE = "matmul-exact-seed16.json"  # every backend option changes this case's device code (measured)
# an instruction line of gfx942 assembly or of PTX: comments, directives, labels and the kernel metadata left out
_INSTRUCTION = re.compile(r"^\s+(?:(?:[sv]|ds|buffer|global|flat|scratch)_\w+|(?:@!?%\w+\s+)?[a-z][\w.]*\b[^;:]*;)")
_BASE_CODE: dict = {}


def _backend_variants() -> dict:
    from frontends.iree import backend_options as iree_options
    from frontends.tvm import backend_options as tvm_options
    return {**iree_options.BASE, **tvm_options.BASE}


def test_each_backend_variant_is_its_base_plus_one_backend_option():
    for name, base in _backend_variants().items():
        variant, of = by_name(name), by_name(base)
        assert (variant.target, variant.module, variant.profile) == (of.target, of.module, of.profile), name
        assert variant.flags[:-1] == of.flags and variant.flags[-1] not in of.flags, name


_DEVICE_CODE = {"gfx942": "*.rocmasm", "cuda": "*.ptx", "rocm": "kernel.rocm.s"}  # IREE's dump, TVM's own file


def _emitted(lane, config) -> list[str]:
    """The instructions of the device code the lane's last compile (of ``config``) left in its folder."""
    files = sorted(lane.workdir.rglob(_DEVICE_CODE[config.target]))
    assert files, f"no device code in {lane.workdir}"
    return [line.strip() for f in files for line in f.read_text().splitlines() if _INSTRUCTION.match(line)]


@pytest.mark.compilers
@pytest.mark.parametrize("name", sorted(_backend_variants()))
def test_each_backend_option_changes_the_device_code_and_the_variant_runs_as_its_base(lane, name):
    """A variant that emitted its base's code would cost campaign time and test nothing; one that ran differently
    on this exact matmul would be a backend bug (or the simulator's)."""
    from tests import stored
    case, base = stored(BACKEND_CASE), _backend_variants()[name]
    if base not in _BASE_CODE:
        assert lane.compile(by_name(base), W.to_json(case), 300).status == "ok"
        _BASE_CODE[base] = _emitted(lane, by_name(base))
    result = run_case(lane, case, [by_name(name)]).results[0]  # compiles, then runs (simulated here) and judges
    assert result.verdict is Verdict.EXACT, result.summary()
    variant = _emitted(lane, by_name(name))
    assert variant and _BASE_CODE[base] and variant != _BASE_CODE[base]


@pytest.mark.compilers
def test_an_llvm_error_in_the_backend_stage_of_a_simulated_compile_is_a_crash_named_by_its_message(tmp_path):
    """The simulated GPU configurations run LLVM's backends in a second iree-compile; its "LLVM ERROR" (exit
    status 1, no stack) is a crash as in one compile, bucketed by that message, not by the stage's notice."""
    from fuzz.execute.backend import CompilerFailure, Config
    from fuzz.judge.results import crash_line
    from tests import stored
    refused = Config("iree:gfx942-O2-regalloc-fast", iree_frontend.MODULE, "gfx942",
                     iree_frontend.GFX942 + (iree_frontend.O[2], "--regalloc=fast"), "AMDGPU refuses --regalloc", "gpu")
    with pytest.raises(CompilerFailure) as failure:
        iree_frontend.compile(stored(BACKEND_CASE), refused, str(tmp_path))
    assert failure.value.crashed and "died (status 1)" in str(failure.value)  # the second stage, where simulated
    assert crash_line(str(failure.value).splitlines()) == "LLVM ERROR: -regalloc not supported with amdgcn. Use " \
                                                          "-sgpr-regalloc, -wwm-regalloc, and -vgpr-regalloc"


@pytest.mark.compilers
def test_a_scheduler_variant_compiles_a_case_iree_evaluates_at_compile_time(tmp_path):
    """A case whose result is a constant is JIT-compiled for the host by IREE's constant evaluation in the same
    iree-compile; LLVM's ``--misched=gcn-max-ilp`` picked a GCN scheduler for that x86 code too and segfaulted, so
    the scheduler variants name AMDGPU's own strategy switch, which the host's code generator never reads."""
    from tests import stored
    for name in ("iree:gfx942-O2-max-ilp", "iree:gfx942-O2-iterative-ilp"):
        iree_frontend.compile(stored("const-eval-wide7014.json"), by_name(name), str(tmp_path))
