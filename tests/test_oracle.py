"""Interim comparison: integers exact, floats within a reduction-scaled tolerance."""
import numpy as np

from fuzz.oracle import Verdict, compare, tolerance


def test_identical_outputs_are_exact():
    a = np.arange(6, dtype=np.int32)
    assert compare(a, a.copy(), 1).verdict is Verdict.EXACT


def test_any_integer_difference_is_a_mismatch_with_its_location():
    a = np.zeros((2, 3), np.int8)
    b = a.copy()
    b[1, 2] = 1
    c = compare(a, b, 100)
    assert c.verdict is Verdict.MISMATCH and c.first_bad == (1, 2) and c.bad == 1 and c.max_abs_err == 1


def test_float_rounding_noise_is_within_tolerance():
    ref = np.full(4, 100.0, np.float16)
    out = ref + np.float16(0.0625)  # one f16 ulp at 100
    assert compare(ref, out, 10).verdict is Verdict.WITHIN_TOLERANCE


def test_tolerance_scales_with_reduction_length_and_magnitude():
    ref = np.array([1.0, -8.0], np.float32)
    assert tolerance(ref, 100) > tolerance(ref, 10) > 0
    assert tolerance(ref * 4, 10) == 4 * tolerance(ref, 10)


def test_large_float_error_is_a_mismatch():
    ref = np.ones(8, np.float32)
    out = ref.copy()
    out[3] = 2.0
    c = compare(ref, out, 4)
    assert c.verdict is Verdict.MISMATCH and c.first_bad == (3,)


def test_nan_where_reference_is_finite_is_a_nonfinite_mismatch():
    ref = np.ones(3, np.float16)
    out = ref.copy()
    out[1] = np.nan
    assert compare(ref, out, 1).verdict is Verdict.NONFINITE_MISMATCH


def test_matching_infinities_are_not_a_mismatch():
    ref = np.array([np.inf, 1.0], np.float16)
    assert compare(ref, ref.copy(), 1).verdict is Verdict.EXACT


def test_wrong_shape_is_a_mismatch():
    assert compare(np.zeros(3, np.float32), np.zeros(4, np.float32), 1).verdict is Verdict.MISMATCH
