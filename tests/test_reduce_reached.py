"""The reducer keeps the path the failure reached (fuzz/reduce/reached.py): the facts --keep-reached names, read from
the compiled code by frontends/devices/reach.py; a real-size gfx942 failure stays on MFMA only with the rule, and the
reduction says what it kept and what a smaller case lost."""
import json

import pytest
from click.testing import CliRunner

import frontends
from frontends.devices import reach
from fuzz.campaign.reach import PATHS
from fuzz.case.workload import elements, load
from fuzz.cli import main
from fuzz.generate.generator import generate
from fuzz.judge.oracle import Verdict
from fuzz.judge.results import CaseReport, ConfigResult
from fuzz.publish import workflow
from fuzz.reduce import reached
from tests import ROOT, small
from tests import fake_frontend as fake

# gfx942 code as the ISA spells it: a tile of MFMA with LDS and a barrier, and the same kernel without matrix tiles
MFMA = """
	.amdhsa_kernel main_dispatch_0
		.amdhsa_group_segment_fixed_size 4736
	.end_amdhsa_kernel
main_dispatch_0:
	global_load_dwordx2 v[4:5], v[2:3], off
	ds_write_b64 v1, v[4:5]
	s_barrier
	v_mfma_f32_16x16x16_f16 a[0:3], v[8:9], v[10:11], a[0:3]
	global_store_dword v[2:3], v5, off
	s_endpgm
"""
SCALAR = """
main_dispatch_0:
	global_load_ushort v4, v[2:3], off
	v_fma_mix_f32 v5, v4, v6, v5 op_sel_hi:[1,1,0]
	global_store_dword v[2:3], v5, off
	s_endpgm
"""


def _result(config: str, asm: str | None, workgroups: int | None = None, stage: str = "compare") -> ConfigResult:
    facts = {} if asm is None else {"reached": {**reach.merge([reach.gfx942(asm)]),
                                                **({"workgroups": workgroups} if workgroups else {})}}
    return ConfigResult(config, Verdict.OUT_OF_BOUND, stage, facts=facts)


def _report(*results: ConfigResult) -> CaseReport:
    return CaseReport(generate(3, swarm=small()), results)


def test_every_fact_the_option_names_is_a_path_the_campaign_tallies():
    assert set(reached.FACTS.values()) == {name for name, _ in PATHS}
    assert set(reached.ALIASES.values()) <= set(reached.FACTS) and set(reached.DEFAULT) <= set(reached.FACTS)


def test_keep_reached_takes_fact_names_aliases_and_none():
    assert reached.parse("matrix,workgroups>1") == reached.DEFAULT
    assert reached.parse(" MFMA , workgroups > 1, mma ") == ("matrix", "workgroups>1")
    assert reached.parse("shared,masked,vector>=8,barrier") == ("shared", "masked", "vector>=8", "barrier")
    assert reached.parse("none") == ()


@pytest.mark.parametrize("text", ["mfma,tensor-cores", "", "none,matrix"])
def test_keep_reached_refuses_an_unknown_fact_naming_the_ones_to_choose(text):
    with pytest.raises(ValueError, match="name some of matrix, workgroups>1, shared"):
        reached.parse(text)


def test_the_reduce_command_refuses_an_unknown_fact_in_one_line_with_status_2():
    got = CliRunner().invoke(main, ["reduce", f"{ROOT}/tests/cases/f16-matmul-partial-tiles.json",
                                    "--keep-reached", "mfma,tensorcores"])
    assert got.exit_code == 2 and got.output.count("\n") == 1 and "'tensorcores'" in got.output, got.output


def test_the_failure_needs_the_chosen_facts_its_code_reached_on_the_original():
    original = _report(_result("iree:gfx942-O2", MFMA, workgroups=8), _result("iree:cpu-O2", None),
                       _result("tvm:rocm-dlight", None, stage="compile"), _result("iree:gfx942-O0", SCALAR))
    path = reached.path_of(original, ("iree:gfx942-O2", "iree:cpu-O2", "tvm:rocm-dlight"),
                           ("matrix", "workgroups>1", "masked"))
    assert path.needs == (("iree:gfx942-O2", ("matrix", "workgroups>1")),)  # not the passing iree:gfx942-O0
    assert [(c, why) for c, _, why in path.unkept] == [
        ("iree:gfx942-O2", "the original case's code did not reach it"),
        ("iree:cpu-O2", "no GPU code to read them from"), ("tvm:rocm-dlight", "it failed to compile: no code to read "
                                                                              "them from")]
    assert path.missing(original) == ()
    assert path.missing(_report(_result("iree:gfx942-O2", SCALAR, workgroups=8))) == (("iree:gfx942-O2", "matrix"),)
    assert path.missing(_report(_result("iree:gfx942-O2", MFMA, workgroups=1))) == (
        ("iree:gfx942-O2", "workgroups>1"),)
    assert reached.path_of(original, ("iree:gfx942-O2",), ()).needs == ()  # --keep-reached none


def test_a_workgroup_count_the_compile_cannot_tell_is_said_so():
    path = reached.path_of(_report(_result("iree:gfx942-O2", MFMA)), ("iree:gfx942-O2",), reached.DEFAULT)
    assert path.needs == (("iree:gfx942-O2", ("matrix",)),)
    assert "does not tell how many workgroups" in path.unkept[0][2]


def test_the_record_says_what_was_kept_and_what_a_smaller_case_lost():
    original = _report(_result("iree:gfx942-O2", MFMA, workgroups=8))
    kept = reached.Kept(reached.path_of(original, ("iree:gfx942-O2",), reached.DEFAULT))
    kept.best = kept.path.records(original)
    kept.lost(900, (("iree:gfx942-O2", "matrix"),))
    kept.lost(40, (("iree:gfx942-O2", "matrix"), ("iree:gfx942-O2", "workgroups>1")))
    kept.lost(300, (("iree:gfx942-O2", "workgroups>1"),))  # not the smallest: the record keeps the 40
    said = reached.lines(json.loads(json.dumps(kept.record(5000))))  # as reduction.json holds it
    assert said[0] == ("iree:gfx942-O2: kept matrix (v_mfma_f32_16x16x16_f16), workgroups>1 (8 workgroups): the "
                       "reduced case's code still reaches what the original's reached.")
    assert said[1].startswith("A smaller case (40 elements) fails the same way without matrix on iree:gfx942-O2; "
                              "workgroups>1 on iree:gfx942-O2: kept the smallest case found that reaches it (5000 ")
    kept.final_missing = (("iree:gfx942-O2", "matrix"),)
    assert "final run of the reduced case no longer reached it" in reached.lines(kept.record(5000))[1]
    assert reached.lines(reached.Kept(reached.path_of(original, (), ())).record(1))[0].startswith(
        "Reached facts: none kept")


def test_a_reduction_without_gpu_code_says_it_had_no_path_to_keep(tmp_path):
    case = generate(3, swarm=small())
    said = []
    red = workflow.reduce_and_bundle(case, frontends.Selection((fake.EXACT, fake.OFF_BY_ONE), frozenset(), ()),
                                     tmp_path, budget_s=20, log=said.append)
    line = "fake:off-by-one: could not keep matrix, workgroups>1: no GPU code to read them from."
    assert red.summary()["reached"]["kept"] == {} and f"  {line}" in said
    assert f"- {line}" in (tmp_path / "README.md").read_text()


# ---------------------------------------------------------------- a real gfx942 compile


@pytest.mark.compilers
def test_a_real_size_gfx942_failure_stays_on_mfma_only_with_the_rule(tmp_path):
    """A 127 x 135 x 95 f16 matmul compiled by IREE for gfx942 at O2 uses MFMA tiles in 3+ workgroups; the planted
    failure (tests/planted_gpu.py) survives at any size.  Without the rule the reducer leaves MFMA within a few tests;
    with it, every smaller case it keeps still uses MFMA in several workgroups (here the first two candidates
    leave the path: the third is the first it takes), and it says what it refused."""
    from tests import planted_gpu

    case = load(f"{ROOT}/tests/cases/f16-matmul-partial-tiles.json")
    sel = frontends.Selection((planted_gpu.WRONG_AFTER_GFX942,), frozenset(), ())

    def final(folder):  # the bundle's run of the reduced case: what its code reached
        [r] = json.loads((folder / "results.json").read_text())
        return r["facts"]["reached"]

    loose = workflow.reduce_and_bundle(case, sel, tmp_path / "none", budget_s=15, log=lambda m: None, keep_reached=())
    assert not final(tmp_path / "none")["matrix"], loose.summary()  # without the rule: off the MFMA path

    red = workflow.reduce_and_bundle(case, sel, tmp_path / "kept", budget_s=40, log=lambda m: None)
    got = final(tmp_path / "kept")
    assert any(m.startswith("v_mfma_") for m in got["matrix"]) and got["workgroups"] > 1, got
    assert elements(red.best) < elements(case)
    record = red.summary()["reached"]
    assert record["kept"] == {planted_gpu.WRONG_AFTER_GFX942.name: {
        "matrix": ", ".join(got["matrix"]), "workgroups>1": f"{got['workgroups']} workgroups"}}, record
    assert record["final_missing"] == [] and record["smaller_without"]["elements"] < elements(red.best), record
    readme = (tmp_path / "kept" / "README.md").read_text()
    assert "kept matrix (v_mfma_" in readme and "A smaller case (" in readme, readme
