"""Bug buckets: one compiler error on one target is one bucket, whichever workload or flag
variant reached it; a wrong result is bucketed per configuration."""
from fuzz import signature as sig
from fuzz.generator import generate
from fuzz.oracle import Verdict
from fuzz.runner import CaseReport, ConfigResult

REJECT = "error: 'func.func' op failed to distribute 0x55d0 tensor<4x8xf16> at kernel.mlir:12:3"


def _report(seed: int, *results: ConfigResult) -> CaseReport:
    return CaseReport(generate(seed), results)


def _reject(config: str, message: str = REJECT) -> ConfigResult:
    return ConfigResult(config, Verdict.REJECTED, "compile", message=message)


def test_one_compile_error_on_one_target_is_one_bucket_across_workloads_and_flags():
    a = sig.of(_report(1, _reject("iree:gfx942-O2"), _reject("iree:gfx942-no-fusion")))
    b = sig.of(_report(2, _reject("iree:gfx942-no-vecdist", REJECT.replace("4x8", "16x2").replace("12:3", "40:7"))))
    assert a.key != b.key  # the reducer's signature stays exact
    assert a.bucket_key == b.bucket_key
    assert a.describe_bucket().startswith("iree:gfx942 rejected at compile")


def test_other_targets_errors_and_miscompiled_configurations_are_separate_buckets():
    base = sig.of(_report(1, _reject("iree:gfx942-O2"))).bucket_key
    assert sig.of(_report(1, _reject("iree:cuda-sm80-O2"))).bucket_key != base
    assert sig.of(_report(1, _reject("iree:gfx942-O2", "error: unsupported op"))).bucket_key != base
    wrong = [sig.of(_report(1, ConfigResult(c, Verdict.OUT_OF_BOUND, "compare"))).bucket_key
             for c in ("iree:cpu-O2", "iree:cpu-O3")]
    assert wrong[0] != wrong[1]
