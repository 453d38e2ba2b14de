"""A real-size case's budget (fuzz/execute/budget.py): the configurations it runs on, and a campaign that keeps to
them (batched or not) while small cases run on every configuration."""
from __future__ import annotations

from collections import Counter
from dataclasses import replace

import frontends
from fuzz.campaign import driver as campaign
from fuzz.execute import budget
from fuzz.execute.batch import run_batch
from fuzz.execute.isolate import DEVICE_TARGETS, Lane
from fuzz.execute.runner import Timeouts, run_case
from fuzz.judge.oracle import Verdict
from fuzz.generate.generator import generate
from fuzz.generate.swarm import parse
from tests import fake_frontend as fake
from tests import small

REAL = parse(True, "", "size:real")
EVERY = [c for c in frontends.all_configs() if not c.opt_in]


def _real(seed: int):
    """A small case that says it is real-size: the budget reads the note, as features.of does."""
    case = generate(seed, swarm=small())
    return replace(case, note=f"{case.note} size=real boundary m=17 (16+1)")


def test_a_real_size_case_runs_on_the_cpu_control_and_gpu_configurations_of_its_own_draw():
    compile_only = frozenset({"tvm:relax-cuda-dlight", "tvm:relax-rocm-dlight"})  # no device here: compiled only
    gpu_sets = set()
    for seed in (1, 5, 6):  # generated only (a second each): no reference is prepared here
        case = generate(seed, swarm=REAL)
        assert budget.real_size(case)
        chosen = budget.chosen(case, EVERY, 3, compile_only)
        gpu = [c.name for c in chosen if c.target in DEVICE_TARGETS]
        control = next(c for name in budget.CONTROLS for c in EVERY if c.name == name and budget.taken(case, c))
        assert len(chosen) == 3 and control in chosen and len(gpu) == 2, chosen
        assert compile_only.isdisjoint(gpu) and all(budget.taken(case, c) for c in chosen)
        assert budget.outside(case, EVERY, 3, compile_only) == {c.name for c in EVERY} - {c.name for c in chosen}
        assert budget.chosen(generate(seed, swarm=REAL), EVERY, 3, compile_only) == chosen  # the case's own draw
        gpu_sets.add(tuple(gpu))
    assert len(gpu_sets) > 1  # each case draws its own


def test_small_cases_a_limit_of_0_and_campaigns_within_the_limit_skip_nothing():
    case = generate(3, swarm=small())
    assert not budget.real_size(case) and budget.outside(case, EVERY, 3) == frozenset()
    real = _real(1)
    assert budget.outside(real, EVERY, 0) == frozenset()
    assert budget.outside(real, EVERY[:3], 3) == frozenset()


def test_the_budget_is_spent_on_configurations_that_take_the_case():
    real, configs = _real(0), [fake.INEXPRESSIBLE, fake.EXACT, fake.SLOW, fake.OFF_BY_ONE]  # the first takes none
    for seed in range(6):
        real = replace(real, name=f"seed{seed}")  # each name draws its own
        assert fake.INEXPRESSIBLE not in budget.chosen(real, configs, 3)
        assert budget.outside(real, configs, 3) == {fake.INEXPRESSIBLE.name}


def test_without_the_preferred_control_or_gpu_configurations_the_rest_fill_the_budget():
    real = _real(0)
    cpu = [c for c in EVERY if c.target == "cpu" and c.name not in budget.CONTROLS and budget.taken(real, c)]
    chosen = budget.chosen(real, cpu, 3)
    assert len(chosen) == 3 and chosen[0] == cpu[0]  # the first CPU configuration that takes it is the control
    tvm = [c for c in EVERY if c.name == "tvm:cpu" or c.target in DEVICE_TARGETS]
    assert budget.chosen(real, tvm, 2)[0].name == "tvm:cpu"


class _Marked(campaign.Settings):
    """Small cases, every odd index marked real-size: the campaign's plumbing, not the sizes, is under test."""

    def case(self, index, swarm=None):
        return _real(index) if index % 2 else generate(index, swarm=small(swarm))


def test_a_campaign_runs_a_real_size_case_on_its_budget_only_batched_or_not(tmp_path):
    configs = (fake.EXACT, fake.OFF_BY_ONE, fake.REJECT, fake.SLOW, fake.GPU_PROFILE)
    runs = {}
    for batch in (1, 3):
        settings = _Marked(6, 3, tmp_path / f"b{batch}", configs, batch=batch, real_configs=2)
        stats = campaign.run(settings)
        runs[batch] = {c: dict(v) for c, v in stats.verdicts.items()}
        assert campaign.resume_settings(settings.out).real_configs == 2
    assert runs[1] == runs[3]
    ran = Counter({c: sum(v.values()) for c, v in runs[1].items()})
    assert ran["fake:exact"] == 6  # the control: every case
    assert sum(ran.values()) == 3 * 5 + 3 * 2  # three small cases on all five, three real-size ones on two


def test_the_command_line_names_the_budget_and_its_default_is_the_modules():
    from fuzz.cli.campaign import fuzz_cmd, real_line
    option = next(p for p in fuzz_cmd.params if p.name == "real_configs")
    assert option.default == budget.DEFAULT and "--real-configs" in option.opts
    assert real_line(3, 55) == ", real-size cases on 3 of the 55 configurations each (a CPU control and GPU ones)"
    assert real_line(0, 55) == real_line(3, 3) == ""  # no budget, or none needed
    sim = next(p for p in fuzz_cmd.params if p.name == "real_sim_timeout")
    assert sim.default == budget.SIM_SECONDS


def test_a_real_size_case_s_simulated_run_stops_at_its_budget_and_is_not_a_finding():
    """fake:simulated runs 1.5 s under a 5 s simulated limit: a small case finishes, a real-size one stops at the
    0.5 s budget (batched or alone: recorded, never re-run), and without a budget (kernelfuzz run) it finishes too."""
    budgeted, plain = Timeouts(compile=30, run=1, real_sim=0.5), Timeouts(compile=30, run=1)
    small_case, real = generate(2, swarm=small()), _real(3)
    lane = Lane((fake.M,))
    try:
        batched = run_batch(lane, [real, small_case], [fake.SIMULATED], budgeted)
        alone = run_case(lane, real, [fake.SIMULATED], budgeted)
        unbudgeted = run_case(lane, real, [fake.SIMULATED], plain)
    finally:
        lane.close()
    for report in (batched[0], alone):
        (r,) = report.results
        assert r.verdict is Verdict.UNSUPPORTED and not r.verdict.is_finding and not report.findings
        assert "not simulated to the end" in r.message and r.facts["real_sim_budget"] == 0.5
    assert batched[1].results[0].verdict is Verdict.EXACT
    assert unbudgeted.results[0].verdict is Verdict.EXACT
