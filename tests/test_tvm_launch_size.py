"""Symbolic sizes of TVM launch plans (frontends/tvm/launch_size.py): TIR integer expressions encoded as plan
values, evaluated with TIR's own semantics (floordiv/floormod round down, Div/Mod truncate, casts wrap), the
variables bound from the shapes a run is given, and any other expression refused by name."""
import pytest

from frontends.tvm.launch_size import Unplaceable, bind, encode, evaluate, variables


def test_an_extent_of_a_dynamic_dim_encodes_and_evaluates_as_tir_computes_it():
    from tvm import tirx
    d = tirx.Var("in0_d0", "int32")
    grid = encode(tirx.FloorDiv(d + 1023, tirx.IntImm("int32", 1024)), "grid")
    assert grid == ["FloorDiv", ["Add", ["var", "in0_d0"], 1023], 1024] and variables(grid) == {"in0_d0"}
    assert [evaluate(grid, {"in0_d0": n}) for n in (1, 1024, 1025)] == [1, 1, 2]


def test_floor_and_truncating_division_differ_on_negatives_and_casts_wrap():
    m7 = ["Sub", 0, 7]
    assert evaluate(["FloorDiv", m7, 2], {}) == -4 and evaluate(["Div", m7, 2], {}) == -3
    assert evaluate(["FloorMod", m7, 2], {}) == 1 and evaluate(["Mod", m7, 2], {}) == -1
    assert evaluate(["Cast", "int32", 2**31], {}) == -2**31
    assert evaluate(["Min", ["var", "n"], 4], {"n": 9}) == 4 and evaluate(["Max", 2, ["var", "n"]], {"n": 9}) == 9


def test_an_expression_outside_the_model_is_refused_by_name():
    from tvm import tirx
    d = tirx.Var("in0_d0", "int32")
    with pytest.raises(Unplaceable, match="grid computed at run time by a TIR Select"):
        encode(tirx.Select(d > 3, d, tirx.IntImm("int32", 3)), "grid")


def test_variables_bind_from_the_plain_dims_of_the_parameters_shapes():
    shapes = {"a": [["var", "n"], 7], "out": [["Add", ["var", "n"], 1], ["var", "m"]]}
    assert bind(shapes, {"a": (5, 7), "out": (6, 3)}) == {"n": 5, "m": 3}
