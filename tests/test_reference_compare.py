"""The fast reference gives the slow one's values and bounds no looser, on a sample of generated cases.

The full comparison (2,500 cases per space, every profile) is ``python -m tests.reference_compare``."""
from collections import Counter

import numpy as np
import pytest

from fuzz.case import workload as W
from fuzz.judge.value import Value
from tests import reference_compare as C
from tests import ROOT


@pytest.mark.parametrize("space, cases", [("default", 30), ("wide", 6)])
def test_generated_cases_agree_under_every_profile(space, cases):
    tally = Counter()
    for case in C.generated(space, cases, first_seed=500):
        with np.errstate(all="ignore"):
            C.compare_case(case, tally)
    assert tally["cases"] == cases and tally["equal"] > 0
    assert not {k: tally[k] for k in C.FAILURES if tally[k]}, tally


def test_the_handwritten_seeds_agree():
    tally = Counter()
    for name in ("wrong-code-matmuls", "wrong-code-softmax-f16", "wrong-code-integer-division",
                 "wrong-code-quasi-affine-compound"):
        C.compare_case(W.load(f"{ROOT}/corpus/seeds/{name}.json"), tally)
    assert not {k: tally[k] for k in C.FAILURES if tally[k]}, tally


def _value(data, lo, hi, dtype="f32"):
    data, lo, hi = (np.array(a, np.float64) for a in (data, lo, hi))
    return Value(data, dtype, np.abs(data), lo, hi)


def test_the_comparison_counts_a_wrong_value_and_a_looser_bound_as_failures():
    old = _value([1.0, 2.0, 3.0], [0.9, 2.0, 3.0], [1.1, 2.0, 3.0])
    tally = Counter()
    C._values(_value([1.0000001, 2.0, 4.0], [0.9, 2.0, 3.0], [1.1, 2.0, 4.0]), old, tally)
    C._bounds(_value([1.0, 2.0, 3.0], [0.8, 2.0, 3.0], [1.05, 2.0, 3.0]), old, tally)
    assert tally["float64-rounding"] == 1 and tally["value-mismatch"] == 1 and tally["equal"] == 1
    assert tally["looser"] == 1 and tally["same-bound"] == 2
    ints = Counter()
    C._values(_value([1, 2], [1, 2], [1, 2], "i32"), _value([1, 3], [1, 3], [1, 3], "i32"), ints)
    assert ints["value-mismatch"] == 1
