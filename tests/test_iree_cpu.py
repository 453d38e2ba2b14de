"""frontends/iree/cpu.py: a verdict recorded on one CPU is replayed for that CPU where this machine can run its code."""
from frontends.iree import cpu
from frontends.iree.frontend import CONFIGS

O2 = next(c for c in CONFIGS if c.name == "iree:cpu-O2")


def test_a_cpu_with_every_recorded_feature_replays_the_recorded_cpu_by_name():
    config, why = cpu.retarget(O2, {"name": "znver4", "features": "+avx512f,+x87"},
                               {"name": "sapphirerapids", "features": "+avx512f,+x87,+amx-tile"})
    assert why == "" and "--iree-llvmcpu-target-cpu=znver4" in config.flags


def test_a_feature_this_machine_has_off_makes_it_another_cpu():
    config, why = cpu.retarget(O2, {"name": "znver4", "features": "+avx512f,+x87"},
                               {"name": "znver3", "features": "-avx512f,+x87"})
    assert config is None and why == "recorded on znver4; this machine's CPU (znver3) lacks avx512f"


def test_a_feature_an_older_llvm_does_not_name_is_not_missing():
    """IREE 3.10's LLVM lists a znver4 host without x87 (neither +x87 nor -x87); 3.13's recorded +x87: the same
    machine, not another CPU (the issue-40 replay of the wrong-code seeds on a znver4 said it 'lacks x87')."""
    config, why = cpu.retarget(O2, {"name": "znver4", "features": "+avx512f,+x87"},
                               {"name": "znver4", "features": "+avx512f"})
    assert why == "" and config is not None


def test_a_feature_no_x86_64_baseline_holds_and_this_machine_does_not_name_is_missing():
    config, why = cpu.retarget(O2, {"name": "imaginary", "features": "+avx2,+kernelfuzz-absent"},
                               {"name": "znver4", "features": "+avx2"})
    assert config is None and "kernelfuzz-absent" in why
