"""shrink-groups: a grouped scale read (``K floordiv G``) takes fewer, larger groups, and its scale tensor shrinks."""
from fuzz.case.workload import Generic, load
from fuzz.reduce.passes import shrink_groups
from fuzz.reduce.reducer import size, valid
from tests import ROOT

INT4 = ROOT / "tests" / "cases" / "int4-grouped-matmul-seed122.json"  # w [64,8] i4, scale [2,8]: groups of 32


def _divisors(case) -> list[int]:
    return [t.divisor for op in case.ops if isinstance(op, Generic) for m in op.maps for a in m for t in a.divs]


def test_one_group_over_the_whole_k_comes_first_and_the_scale_shrinks_to_one_row():
    case = load(INT4)
    assert _divisors(case) == [32]
    first = next(shrink_groups.candidates(case))
    assert valid(first) and _divisors(first) == [64]
    assert {t.name: t.shape for t in first.inputs}["in2"] == (1, 8) and size(first) < size(case)


def test_a_read_already_in_one_group_has_no_candidate():
    one = next(shrink_groups.candidates(load(INT4)))
    assert not list(shrink_groups.candidates(one))
