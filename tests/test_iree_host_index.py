"""The index arithmetic of IREE's stream programs (frontends/iree/host_index.py), checked against the semantics
MLIR's arith, affine and IREE's util dialects define (the op documentation), on the forms IREE 3.13 prints."""
import pytest

from frontends.iree.host_index import Index, affine_map
from frontends.devices.errors import NotModelled as CannotSimulate


def evaluate(*lines: str, text: str = "", **given: int) -> Index:
    index = Index(text)
    for name, value in given.items():
        index.set(f"%{name}", value)
    for ln in lines:
        assert index.step(ln), ln
    return index


def test_signed_division_truncates_floor_and_ceil_round_and_unsigned_reads_the_bit_pattern():
    ix = evaluate("%m7 = arith.constant -7 : index", "%c2 = arith.constant 2 : index",
                  "%a = arith.divsi %m7, %c2 : index", "%b = arith.floordivsi %m7, %c2 : index",
                  "%c = arith.ceildivsi %m7, %c2 : index", "%d = arith.remsi %m7, %c2 : index",
                  "%e = arith.ceildivui %c2, %c2 : index", "%f = arith.divui %m7, %c2 : index")
    signed = {k: ix.get(k) - (1 << 64) if ix.get(k) >> 63 else ix.get(k) for k in ("%a", "%b", "%c", "%d")}
    assert signed == {"%a": -3, "%b": -4, "%c": -3, "%d": -1}
    assert ix.get("%e") == 1 and ix.get("%f") == ((1 << 64) - 7) // 2  # divui: the unsigned bit pattern


def test_casts_truncate_and_extend_as_their_signedness_says():
    ix = evaluate("%big = arith.constant 4294967301 : index", "%t = arith.trunci %big : index to i32",
                  "%s = arith.constant 32 : i64", "%i = arith.index_castui %big : index to i64",
                  "%hi = arith.shrui %i, %s : i64", "%h32 = arith.trunci %hi : i64 to i32",
                  "%m1 = arith.constant -1 : i32", "%z = arith.extui %m1 : i32 to i64",
                  "%x = arith.index_cast %m1 : i32 to index")
    assert (ix.get("%t"), ix.get("%h32")) == (5, 1)  # the low and the high word of a push constant pair
    assert ix.get("%z") == 0xFFFFFFFF and ix.get("%x") == (1 << 64) - 1


def test_compare_select_min_and_max_read_signed_or_unsigned():
    ix = evaluate("%c = arith.cmpi slt, %a, %b : index", "%s = arith.select %c, %a, %b : index",
                  "%u = arith.cmpi ult, %a, %b : index", "%mx = arith.maxsi %a, %b : index",
                  "%mu = arith.maxui %a, %b : index", a=(1 << 64) - 2, b=65)  # a is -2
    assert (ix.get("%c"), ix.get("%s"), ix.get("%u")) == (1, (1 << 64) - 2, 0)
    assert (ix.get("%mx"), ix.get("%mu")) == (65, (1 << 64) - 2)


def test_util_align_rounds_up_to_the_alignment():
    ix = evaluate("%c64 = arith.constant 64 : index", "%a = util.align %n, %c64 : index",
                  "%b = util.align %m, %c64 : index", n=65, m=128)
    assert (ix.get("%a"), ix.get("%b")) == (128, 128)


def test_affine_expressions_follow_the_affine_dialect():
    assert affine_map("affine_map<()[s0, s1] -> ((s1 * (s0 ceildiv 64)) * 32, 2147483647)>", [], [65, 3]) == \
        [192, 2147483647]
    assert affine_map("affine_map<(d0)[s0] -> (d0 floordiv 4 - s0, d0 mod 4, -d0 + 1)>", [-5], [1]) == [-3, 3, 6]


def test_affine_min_apply_and_map_aliases():
    text = "#map = affine_map<()[s0] -> (s0 * 3, 10)>\n"
    ix = evaluate("%m = affine.min #map()[%n]", "%a = affine.apply affine_map<(d0) -> (d0 ceildiv 2)>(%n)",
                  "%x = affine.max affine_map<()[s0] -> (2147483647, s0)>()[%n]", text=text, n=5)
    assert (ix.get("%m"), ix.get("%a"), ix.get("%x")) == (10, 3, 2147483647)


@pytest.mark.parametrize("line,what", [
    ("%x = arith.addf %a, %a : f32", "f32"),
    ("%x = arith.divui %a, %zero : index", "by zero"),
    ("%x = arith.addi %a, %undefined : index", "never defined"),
    ("%x = affine.delinearize_index %a into (2, 3) : index, index", "affine.delinearize_index"),
    ("%x = affine.apply affine_map<(d0) -> (d0 floordiv 0)>(%a)", "division by 0"),
])
def test_what_is_outside_the_model_raises_naming_it(line, what):
    with pytest.raises(CannotSimulate, match=what):
        evaluate(line, a=3, zero=0)


def test_lines_that_are_not_index_arithmetic_are_left_to_the_caller():
    assert not Index().step("%0 = hal.buffer_view.dim<%arg0 : !hal.buffer_view>[0] : index")
    assert not Index().step("stream.cmd.fill %c0_i8, %arg4[%c0 for %5] : i8 -> !stream.resource<external>{%5}")


def test_overflow_flags_are_read_past():
    ix = evaluate("%c14 = arith.constant 14 : index", "%1 = arith.muli %n, %c14 overflow<nsw> : index",
                  "%2 = arith.addi %1, %c14 overflow<nsw, nuw> : index", n=7)
    assert (ix.get("%1"), ix.get("%2")) == (98, 112)
