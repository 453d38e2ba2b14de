"""Reduction passes for the wrong-code constructs, each read as a specification: the edit a pass names is
among its valid candidates (a pass may also propose invalid ones: the reducer's consider() drops those)."""

from fuzz.case import workload as W
from fuzz.reduce.passes import cut_uses, generic_twin, shrink_named, simplify_maps, simplify_named, simplify_ops
from fuzz.reduce.reducer import size, valid
from tests import handwritten as H


def _all_valid(cands):
    cands = [c for c in cands if valid(c)]
    assert cands
    return cands


def test_cut_uses_drops_an_output_or_gives_one_consumer_a_fresh_input():
    case = H.softmax()  # m is read by e; e is read by s and y; s by y
    cands = _all_valid(cut_uses.candidates(case))
    cut = [c for c in cands if any(op.name == "y" and op.inputs[0] == "e_y_in" for op in c.ops)]
    assert cut and [t.name for t in cut[0].inputs] == ["x", "e_y_in"]
    assert all(size(c) < size(case) for c in cands)
    residual = H.residual_and_two_consumers()
    dropped = [c.outputs for c in cut_uses.candidates(residual) if len(c.outputs) == 2]
    assert sorted(dropped) == [("relu", "chsum"), ("res", "chsum"), ("res", "relu")]


def test_generic_twin_spells_each_named_op_as_its_generic_one_at_a_time():
    case = H.matmuls()
    cands = _all_valid(generic_twin.candidates(case))
    assert len(cands) == len(case.ops)
    assert all(sum(op.form == "generic" for op in c.ops) == 1 for c in cands)
    assert all(size(c) < size(case) for c in cands)
    assert not list(generic_twin.candidates(H.integer_division()))  # generics have no twin


def test_shrink_named_shrinks_matmul_m_n_k_and_batch_together_with_both_operands():
    case = W.Case((H.ints("a", (2, 8, 6), -3, 3, "i8"), H.ints("b", (2, 5, 6), -3, 3, "i8")),
                  (W.Matmul("mm", ("a", "b"), "i32", "b"),), ("mm",))
    shapes = {(c.tensor_types()["a"][0], c.tensor_types()["b"][0]) for c in _all_valid(shrink_named.candidates(case))}
    assert ((1, 8, 6), (1, 5, 6)) in shapes  # batch
    assert ((2, 1, 6), (2, 5, 6)) in shapes and ((2, 8, 6), (2, 1, 6)) in shapes  # M, N
    assert ((2, 8, 3), (2, 5, 3)) in shapes  # K, in both operands


def test_shrink_named_shrinks_pool_windows_images_and_pad_amounts():
    cands = _all_valid(shrink_named.candidates(H.pools_and_pad()))
    windows = {op.window for c in cands for op in c.ops if op.name == "maxp"}
    assert (1, 3) in windows and (3, 1) in windows
    assert any(op.low == (0, 0, 2, 0) for c in cands for op in c.ops if op.name == "xp")


def test_simplify_named_drops_zero_points_transposes_and_pad_values():
    cands = _all_valid(simplify_named.candidates(H.matmuls()))
    assert any(op.name == "qbmm" and op.zero_points is None for c in cands for op in c.ops)
    plain = [c for c in cands if any(op.name == "mm_tb" and op.transpose == "none" for op in c.ops)]
    assert plain and plain[0].tensor_types()["bt"][0] == (8, 5)
    pads = _all_valid(simplify_named.candidates(H.pools_and_pad()))
    assert any(op.name == "xp" and op.value == 0 for c in pads for op in c.ops)
    convs = _all_valid(simplify_named.candidates(H.quantized_convs()))
    assert sum(op.zero_points is None for c in convs for op in c.ops) == len(convs)


def test_simplify_ops_turns_floor_forms_into_truncating_ones_and_constant_shifts_into_products():
    case = H.integer_division()
    cands = _all_valid(simplify_ops.candidates(case))
    ops = {op.body.op for c in cands for op in c.ops if op.name == "floordiv_t"}
    assert "truncdiv" in ops and all(size(c) < size(case) for c in cands)
    shl = H.elementwise("s", ("a",), (4,), H.e("shl", H.IN0, H.c("i32", 3)), "i32")
    shifted = W.Case((H.ints("a", (4,), -9, 9),), (shl,), ("s",))
    (cand,) = _all_valid(simplify_ops.candidates(shifted))
    assert W.expr_to_json(cand.ops[0].body) == ["mul", ["in", 0], ["const", "i32", 8]]


def test_simplify_maps_makes_quasi_affine_reads_affine():
    case = H.quasi_affine()
    cands = _all_valid(simplify_maps.candidates(case))
    texts = {str(a) for c in cands for op in c.ops if op.name == "gather" for a in op.maps[0]}
    assert {"0", "d0", "d1"} <= texts  # a broadcast read, and floordiv / mod replaced by what they divide
    broadcast = [c for c in cands if str(next(o for o in c.ops if o.name == "gather").maps[0][0]) == "0"]
    assert broadcast[0].tensor_types()["a"][0][0] == 1 and size(broadcast[0]) < size(case)
    gathered = [c for c in cands if str(next(o for o in c.ops if o.name == "gather").maps[0][0]) == "d0"]
    assert gathered[0].tensor_types()["a"][0][0] == 6  # the input refit to the affine read's extent


def test_shrink_dims_shrinks_an_input_that_several_generics_read():
    """Softmax reads x in the max and again in the exp: the second reader used to re-grow x, so every
    candidate was invalid and a softmax case stayed at its row length."""
    from fuzz.reduce.passes import shrink_dims
    case = H.softmax()
    x = next(t for t in case.inputs if t.name == "x")
    smaller = [c for c in shrink_dims.candidates(case) if valid(c)
               and next(t for t in c.inputs if t.name == "x").shape[-1] < x.shape[-1]]
    assert smaller and all(size(c) < size(case) for c in smaller)


def test_simplify_values_ends_with_a_splat_of_either_end_of_the_range():
    """A splat of the largest value keeps an overflow (exp of a large input) that small values lose."""
    from fuzz.reduce.passes import simplify_values
    case = H.softmax()
    x = next(t for t in case.inputs if t.name == "x")
    splats = {(c.inputs[0].values.low, c.inputs[0].values.high) for c in simplify_values.candidates(case)}
    assert {(x.values.high, x.values.high), (x.values.low, x.values.low)} <= splats
