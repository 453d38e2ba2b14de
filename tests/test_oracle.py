"""The oracle's per-element verdicts and their evidence."""
import numpy as np

from fuzz.judge.oracle import Verdict, judge, ulp_distance
from fuzz.judge.reference import Value


def value(data, lo=None, hi=None, dtype="f16"):
    data = np.asarray(data, np.float64 if dtype.startswith("f") else np.int64)
    lo = data if lo is None else np.asarray(lo, data.dtype)
    hi = data if hi is None else np.asarray(hi, data.dtype)
    return Value(data, dtype, np.abs(data).astype(np.float64), lo, hi)


def test_bit_identical_output_is_exact():
    ref = value([1.0, 2.5, -3.0])
    j = judge(ref, ref.as_declared())
    assert j.verdict is Verdict.EXACT and j.evidence.max_abs_err == 0 and j.evidence.bad == 0


def test_difference_inside_the_bound_is_rounding_with_its_ratio():
    ref = value([10.0, 20.0], lo=[9.5, 19.0], hi=[10.5, 21.0])
    j = judge(ref, np.array([10.25, 20.0], np.float16))
    assert j.verdict is Verdict.WITHIN_BOUND
    assert j.evidence.max_abs_err == 0.25 and j.evidence.max_ratio == 0.5 and j.evidence.max_bound == 1.0
    assert j.evidence.max_ulps == 32  # f16 ulp at 10 is 2^-7


def test_difference_outside_the_bound_is_a_miscompile_located_per_element():
    ref = value([[1.0, 2.0], [3.0, 4.0]], lo=[[1, 2], [3, 3.5]], hi=[[1, 2], [3, 4.5]])
    out = np.array([[1.0, 2.0], [3.0, 5.0]], np.float16)
    j = judge(ref, out)
    assert j.verdict is Verdict.OUT_OF_BOUND
    assert j.evidence.first_bad == ((1, 1),) and j.evidence.bad == 1 and j.evidence.max_ratio == 2.0
    assert "expected 4 in [3.5, 4.5], got 5" in j.evidence.detail


def test_any_difference_where_the_bound_is_zero_has_infinite_ratio():
    ref = value([7, 8], dtype="i32")
    j = judge(ref, np.array([7, 9], np.int32))
    assert j.verdict is Verdict.OUT_OF_BOUND and j.evidence.max_ratio == float("inf") and j.evidence.max_ulps == 1


def test_nan_in_output_is_a_nonfinite_mismatch():
    ref = value([1.0, 2.0], lo=[0, 1], hi=[2, 3])
    j = judge(ref, np.array([1.0, np.nan], np.float16))
    assert j.verdict is Verdict.NONFINITE_MISMATCH and j.evidence.nonfinite


def test_inf_is_allowed_only_where_the_bound_may_overflow_f16():
    ref = value([60000.0, 100.0], lo=[59000.0, 99.0], hi=[70000.0, 101.0])
    ok = judge(ref, np.array([np.inf, 100.0], np.float16))
    assert ok.verdict is Verdict.WITHIN_BOUND and ok.evidence.overflow
    bad = judge(ref, np.array([60000.0, np.inf], np.float16))
    assert bad.verdict is Verdict.NONFINITE_MISMATCH


def test_wrong_shape_is_out_of_bound():
    j = judge(value([1.0, 2.0]), np.zeros(3, np.float16))
    assert j.verdict is Verdict.OUT_OF_BOUND and "expected float16[2]" in j.evidence.detail


def test_ulp_distance_counts_representable_values_across_zero():
    a = np.array([np.float16(0.0)], np.float16)
    b = np.array([-np.finfo(np.float16).smallest_subnormal], np.float16)
    assert ulp_distance(a, b)[0] == 1
    assert ulp_distance(np.array([1.0], np.float16), np.array([np.nextafter(np.float16(1), np.float16(2))]))[0] == 1


def test_an_element_still_holding_the_poison_is_unwritten_whatever_the_dtype():
    """The reverse_compute_at border bug read the NaN poison on an f16 case (a new `nan/inf-mismatch` bucket) and
    0xA5 bytes on an int one (`wrong value`): one bug, one symptom, one verdict."""
    from fuzz.judge.poison import poisoned
    f16 = np.array([1.0, 2.0], np.float16)
    f16[1:] = poisoned((1,), np.float16)
    i32 = np.array([7, 8], np.int32)
    i32[1:] = poisoned((1,), np.int32)
    hexagon_f32 = np.array([1.0, 0.0], np.float32)  # the Hexagon harness fills float outputs with 0xA5 too
    hexagon_f32[1:] = poisoned((1,), np.int32).view(np.float32)
    for ref, out in ((value([1.0, 2.0]), f16), (value([7, 8], dtype="i32"), i32),
                     (value([1.0, 0.0], dtype="f32"), hexagon_f32)):
        j = judge(ref, out)
        assert (j.verdict, j.evidence.symptom) == (Verdict.OUT_OF_BOUND, "unwritten"), (out.dtype, j)
        assert "hold the poison: never written" in j.evidence.detail
    computed_nan = judge(value([1.0, 2.0]), np.array([1.0, np.nan], np.float16))  # a NaN the program made
    assert (computed_nan.verdict, computed_nan.evidence.symptom) == (Verdict.NONFINITE_MISMATCH, "got non-finite")


def test_an_integer_result_a_few_units_off_is_a_wrong_value_not_a_rounding_slip():
    """A GPU campaign's int8 -> int32 reduction gave 9 for 6 and was bucketed `within 4 ulps`, the class of
    rounding and contraction slips, which integers never have."""
    ref = value([6, 1], dtype="i32")
    j = judge(ref, np.array([9, 1], np.int32))
    assert (j.verdict, j.evidence.symptom) == (Verdict.OUT_OF_BOUND, "wrong value")
    slip = judge(value([1.0, 2.0], dtype="f32"), np.array([1.0, np.nextafter(np.float32(2), 3)], np.float32))
    assert slip.evidence.symptom == "within 4 ulps"
