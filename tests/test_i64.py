"""i64 in the case language: exact constants, a reference in Python ints, exact judging, and the compilers.

Each reference test is one an int64-wrapping or a float64 implementation fails: a sum that wraps past INT64_MAX
is seen as undefined only when nothing wraps, and a value above 2^53 keeps its last bit only outside float64.
"""
from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from fuzz.case.ops.expr import Expr, expr_dtype, expr_from_json, expr_to_json
from fuzz.case.values import materialize_all
from fuzz.case.workload import WorkloadError, from_json, load
from fuzz.judge.numerics import UndefinedBehavior
from fuzz.judge.oracle import Verdict, judge
from fuzz.judge.reference import evaluate
from fuzz.judge.value import exact_value

CASE = Path(__file__).parent / "cases" / "i64-sext-inreg.json"
MIN, MAX = -(2**63), 2**63 - 1
BIG = 2**53 + 1  # the first integer float64 cannot hold


def _case(body: list, dtype: str, n: int, out: str = "", reduce: str | None = None):
    shape = [1, n] if reduce else [n]
    return from_json({
        "format": "kernelfuzz.case/2", "name": "t",
        "inputs": [{"name": "x", "shape": shape, "dtype": dtype, "values": {"dist": "int", "seed": 0}}],
        "ops": [{"kind": "generic", "name": "r", "inputs": ["x"], "dims": shape,
                 "iterators": ["parallel", "reduction"] if reduce else ["parallel"],
                 "maps": [["d0", "d1"] if reduce else ["d0"]], "body": body, "out": out or dtype, "reduce": reduce}],
        "outputs": ["r"]})


def _eval(body: list, values, dtype: str = "i64", out: str = "", reduce: str | None = None) -> list:
    """The reference of a one-generic case over ``values`` (an int64 or float array, as a compiler is given)."""
    x = np.array(values, {"i64": np.int64, "i32": np.int32, "f32": np.float32}[dtype])
    case = _case(body, dtype, len(values), out, reduce)
    return evaluate(case, {"x": x.reshape(1, -1) if reduce else x})["r"].data.tolist()


# ------------------------------------------------------------------ parsing


def test_an_i64_constant_beyond_2_53_stays_exact_through_json():
    e = expr_from_json(["const", "i64", BIG], "body")
    assert e.value == BIG and isinstance(e.value, int)
    assert expr_dtype(e, ()) == "i64"
    assert json.loads(json.dumps(expr_to_json(e))) == ["const", "i64", BIG]


@pytest.mark.parametrize("value", [1e17, 0.5, 2**63, -(2**63) - 1])
def test_an_i64_constant_that_is_not_an_exact_i64_is_refused(value):
    """A float beyond 2^53 may be a rounded integer (1e17 is one): i64 takes exact JSON integers there."""
    with pytest.raises(WorkloadError, match="not exactly representable in i64"):
        expr_dtype(expr_from_json(["const", "i64", value], "body"), ())


def test_a_small_integral_float_is_an_i64_constant_and_the_extremes_are_too():
    for v in (16.0, MIN, MAX):
        assert expr_dtype(expr_from_json(["const", "i64", v], "body"), ()) == "i64"


def test_input_values_over_the_48_bit_range_draw_exactly_and_low_high_beyond_2_53_load():
    case = load(CASE)
    x = materialize_all(case)["x"]
    assert x.dtype == np.int64 and x.min() < -(2**46) and x.max() > 2**46
    j = json.loads(CASE.read_text())
    j["inputs"][0]["values"].update(low=BIG, high=BIG + 2, sha256=None)
    del j["inputs"][0]["values"]["sha256"]
    x = materialize_all(from_json(j))["x"]
    assert set(x.tolist()) <= {BIG, BIG + 1, BIG + 2} and BIG + 1 in set(x.tolist())


# ------------------------------------------------------------------ the reference


def test_sign_extension_from_bit_47_is_exact_and_the_case_is_defined():
    case = load(CASE)
    x = materialize_all(case)["x"]
    r = evaluate(case)["r"]
    assert np.array_equal(r.as_declared(), x)  # every value already fits 48 bits
    assert _eval(["shr", ["shl", ["in", 0], ["const", "i64", 16]], ["const", "i64", 16]],
                 [2**47 - 1, -(2**47)]) == [2**47 - 1, -(2**47)]


def test_values_beyond_2_53_keep_their_last_bit():
    assert _eval(["add", ["in", 0], ["const", "i64", 0]], [BIG])[0] == BIG
    assert _eval(["sub", ["in", 0], ["const", "i64", 2**60]], [2**60 + 1])[0] == 1
    assert _eval(["add", ["in", 0], ["const", "i64", 2**62 - 1]], [2**62])[0] == MAX


@pytest.mark.parametrize("body,x", [
    (["add", ["in", 0], ["const", "i64", 1]], MAX),  # int64 arithmetic wraps this to INT64_MIN unseen
    (["sub", ["in", 0], ["const", "i64", 1]], MIN),
    (["mul", ["in", 0], ["const", "i64", 2]], 2**62),
    (["shl", ["in", 0], ["const", "i64", 16]], 2**47),  # 2^63: one past the range
    (["shl", ["in", 0], ["const", "i64", 64]], 1),  # the amount must lie in [0, 64)
    (["shr", ["in", 0], ["const", "i64", -1]], 1),
    (["truncdiv", ["in", 0], ["const", "i64", -1]], MIN),
    (["floordiv", ["in", 0], ["const", "i64", -1]], MIN),
    (["abs", ["in", 0]], MIN),
    (["neg", ["in", 0]], MIN),
])
def test_undefined_near_the_int64_limits(body, x):
    with pytest.raises(UndefinedBehavior):
        _eval(body, [x])


def test_shifts_reach_the_range_ends_exactly():
    assert _eval(["shl", ["in", 0], ["const", "i64", 63]], [-1]) == [MIN]
    assert _eval(["shr", ["in", 0], ["const", "i64", 63]], [MIN, MAX]) == [-1, 0]
    assert _eval(["xor", ["in", 0], ["const", "i64", -1]], [MAX]) == [MIN]


def test_casts_to_and_from_i64():
    assert _eval(["mul", ["cast", "i64", ["in", 0]], ["cast", "i64", ["in", 0]]], [2**31 - 1, -(2**31)],
                 "i32", "i64") == [(2**31 - 1) ** 2, 2**62]
    assert _eval(["cast", "i32", ["in", 0]], [2**32 + 5, -(2**31) - 1, MIN], out="i32") == [5, 2**31 - 1, 0]
    assert _eval(["cast", "i8", ["in", 0]], [BIG], out="i8") == [1]
    # 2^60 + 2^36 + 1 is just above the f32 midpoint: float64 first rounds it to the midpoint, then f32 to even
    # (2^60); rounded once it is 2^60 + 2^37
    assert _eval(["cast", "f32", ["in", 0]], [2**60 + 2**36 + 1, 2**60 + 2**36], out="f32") == [
        2.0**60 + 2.0**37, 2.0**60]
    assert _eval(["cast", "i64", ["in", 0]], [-(2.0**63), 2.0**62 + 2.0**39], "f32", "i64") == [MIN, 2**62 + 2**39]
    with pytest.raises(UndefinedBehavior, match="overflow"):  # int64 would wrap 2^63 to INT64_MIN
        _eval(["cast", "i64", ["in", 0]], [2.0**63], "f32", "i64")


def test_an_i64_sum_is_exact_and_its_overflow_is_seen_near_2_63():
    assert _eval(["add", ["in", 0], ["const", "i64", 0]], [2**62, 2**62 - 1], reduce="add") == [MAX]
    assert _eval(["add", ["in", 0], ["const", "i64", 1]], [BIG, 2**60], reduce="add") == [BIG + 2**60 + 2]
    with pytest.raises(UndefinedBehavior, match="accumulation"):  # float64 holds 2^63 - 1 and 2^63 alike
        _eval(["add", ["in", 0], ["const", "i64", 0]], [2**62, 2**62], reduce="add")
    with pytest.raises(UndefinedBehavior, match="accumulation"):  # |terms| overflow though the sum would not
        _eval(["add", ["in", 0], ["const", "i64", 0]], [MAX, -1, 1], reduce="add")


def test_a_slip_of_one_beyond_2_53_is_out_of_bound():
    ref = exact_value(np.array([BIG, 5], object), "i64")
    assert judge(ref, np.array([BIG, 5], np.int64)).verdict == Verdict.EXACT
    j = judge(ref, np.array([BIG - 1, 5], np.int64))  # equal to BIG in float64
    assert j.verdict == Verdict.OUT_OF_BOUND and str(BIG) in j.evidence.detail
    assert j.evidence.max_ulps == 1
    assert judge(ref, np.array([MIN, 5], np.int64)).evidence.max_ulps == BIG - MIN  # no int64 wrap


def test_tosa_says_it_cannot_express_i64():
    from frontends.iree.tosa_lower import lower
    from fuzz.execute.backend import NotExpressible
    with pytest.raises(NotExpressible, match="i64"):
        lower(load(CASE))


# ------------------------------------------------------------------ the compilers


@pytest.mark.compilers
def test_the_sign_extension_case_is_exact_on_cpu_and_on_simulated_gfx942():
    """IREE's llvm-cpu and TVM's LLVM, and IREE for gfx942 (SelectionDAG: v_lshlrev_b64 / v_ashrrev_i64) on the
    simulator."""
    import frontends
    from fuzz.execute.isolate import Lane
    from fuzz.execute.runner import run_case

    configs = [c for c in frontends.all_configs() if c.name in ("iree:cpu-O2", "tvm:cpu", "iree:gfx942-O2")]
    lane = Lane(("frontends.tvm.frontend", "frontends.iree.frontend"))
    try:
        results = {r.config: r for r in run_case(lane, load(CASE), configs).results}
    finally:
        lane.close()
    assert set(results) == {"iree:cpu-O2", "tvm:cpu", "iree:gfx942-O2"}
    for name, r in results.items():
        assert r.verdict == Verdict.EXACT, (name, r.summary())


def test_a_bundle_check_py_sees_a_slip_of_one_beyond_2_53(tmp_path):
    """The bounds beside an i64 reference are saved as int64 and check.py compares exactly (float64 would not)."""
    import subprocess
    import sys

    from fuzz.publish.localize_files import judging_files

    case = _case(["add", ["in", 0], ["const", "i64", 0]], "i64", 2)
    x = np.array([BIG, -BIG], np.int64)
    judging_files(tmp_path, case, {"x": x}, [evaluate(case, {"x": x})["r"]])
    assert np.load(tmp_path / "reference" / "r.lo.npy").tolist() == [BIG, -BIG]

    def check(out) -> int:
        np.save(tmp_path / "out.npy", np.array(out, np.int64))
        return subprocess.run([sys.executable, "check.py", "out.npy"], cwd=tmp_path, capture_output=True).returncode
    assert check([BIG, -BIG]) == 0
    assert check([BIG - 1, -BIG]) == 1
