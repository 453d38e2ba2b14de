"""Hexagon under qemu-hexagon: kernels run and match the reference; every failure is classified.

Needs qemu-user, clang-16 and lld-16 (`make system-deps`); CI installs them, so these run there."""
import struct
from collections import Counter

import numpy as np
import pytest

import frontends
from frontends.devices import hexagon
from fuzz.case import workload as W
from fuzz.execute.isolate import Lane
from fuzz.execute.runner import run_case
from tests import stored, stored_sweep
from fuzz.judge.oracle import Verdict
from tests import handwritten as H

needs_tools = pytest.mark.skipif(bool(hexagon.missing_tools()),
                                 reason=f"missing {hexagon.missing_tools()}: {hexagon.INSTALL}")


def test_args_file_carries_shapes_dtypes_and_input_bytes(tmp_path):
    a = np.arange(6, dtype=np.int8).reshape(2, 3)
    hexagon.write_args(tmp_path / "args.bin", [a], [((3,), np.dtype("float16"))])
    data = (tmp_path / "args.bin").read_bytes()
    assert data[:4] == b"KFH1" and struct.unpack("<i", data[4:8]) == (2,)
    assert struct.unpack("<iiii", data[8:24]) == (2, 0, 8, 0)
    assert data.endswith(a.tobytes())


@pytest.mark.parametrize("rc,stderr,kind", [
    (0, "", "ran"), (2, "kernel error: ValueError: ...", "arg-check"), (3, "out-of-bounds write", "out-of-bounds"),
    (-11, "qemu: uncaught target signal 11 (Segmentation fault)", "guest-crash"),
    (-11, "ERROR:../../target/hexagon/decode.c:904:decode_packet: assertion failed: (new_insns > 0)", "emulator"),
])
def test_outcomes_are_classified(rc, stderr, kind):
    assert hexagon.classify(rc, stderr) == kind


def _compile(func, target="hexagon", tmp=None):
    import tvm

    from frontends.tvm.frontend import TARGETS
    ex = tvm.compile(tvm.IRModule({"main": func}) if not isinstance(func, tvm.IRModule) else func,
                     target=TARGETS[target])
    obj, prog = tmp / f"{target}.o", tmp / f"{target}.prog"
    ex.mod.write_to_file(str(obj))
    hexagon.link(obj, prog)
    return prog


OOB = '''
@T.prim_func(s_tir=True)
def main(A: T.Buffer((8,), "int32"), B: T.Buffer((8,), "int32")):
    for i in range(8):
        B[i + 2] = A[i]
'''


@needs_tools
@pytest.mark.compilers
def test_a_kernel_that_writes_out_of_bounds_is_reported(tmp_path):
    import tvm
    prog = _compile(tvm.script.from_source(OOB), tmp=tmp_path)
    with pytest.raises(hexagon.ProgramFailure) as e:
        hexagon.run(prog, [np.arange(8, dtype=np.int32)], [((8,), np.dtype("int32"))])
    assert e.value.kind == "out-of-bounds"


@needs_tools
@pytest.mark.compilers
def test_wrong_argument_shapes_fail_the_kernels_own_checks(tmp_path):
    import tvm
    prog = _compile(tvm.script.from_source(OOB.replace("B[i + 2]", "B[i]")), tmp=tmp_path)
    with pytest.raises(hexagon.ProgramFailure) as e:
        hexagon.run(prog, [np.arange(5, dtype=np.int32)], [((8,), np.dtype("int32"))])
    assert e.value.kind == "arg-check"


@needs_tools
@pytest.mark.compilers
def test_hvx_qfloat_code_is_emulator_unsupported_never_a_compiler_bug(tmp_path):
    import tvm
    from tvm import s_tir

    from frontends.tvm.lower import lower
    i2 = (W.Affine((1, 0)), W.Affine((0, 1)))
    case = W.Case(tuple(W.Tensor(n, (4, 128), "f16", W.ValueSpec("normal", k)) for k, n in enumerate("ab")),
                  (W.Generic("g", ("a", "b"), (4, 128), ("parallel", "parallel"), (i2, i2),
                             W.Expr("mul", (W.Expr("in", index=0), W.Expr("in", index=1))), "f16"),), ("g",))
    sch = s_tir.Schedule(tvm.IRModule({"main": lower(case)}))
    _, inner = sch.split(sch.get_loops(sch.get_sblock("g"))[1], [None, 64])
    sch.vectorize(inner)
    prog = _compile(sch.mod, "hexagon-qfloat", tmp_path)
    with pytest.raises(hexagon.ProgramFailure) as e:
        hexagon.run(prog, [np.ones((4, 128), np.float16)] * 2, [((4, 128), np.dtype("float16"))])
    assert e.value.kind == "emulator"


@pytest.fixture(scope="module")
def lane():
    lane = Lane(("frontends.tvm.frontend",))
    yield lane
    lane.close()


@needs_tools
@pytest.mark.compilers
def test_generated_int8_requant_and_fp16_workloads_match_the_reference_under_qemu(lane):
    configs = [c for c in frontends.all_configs() if c.name in ("tvm:hexagon", "tvm:hexagon-hvx-vectorize")]
    picked = Counter()
    for case in stored_sweep("hexagon"):  # the first six of each among the full stream's seeds 0-299 when stored
        types = {t for _, t in case.tensor_types().values()}
        picked["conv_requant" if "kind=conv_requant" in case.note else "fp16" if "f16" in types else "other"] += 1
        for r in run_case(lane, case, configs).results:
            assert r.verdict in (Verdict.EXACT, Verdict.WITHIN_BOUND), (case.name, r.summary())
    assert picked == {"conv_requant": 6, "fp16": 6}


@needs_tools
@pytest.mark.compilers
@pytest.mark.parametrize("name", ["fanout-realistic-seed1773880732", "fanout-exact-seed490477931",
                                  "fanout-exact-seed648919014"])
def test_harness_provides_the_helpers_llvm_calls(lane, name):
    """Cases whose kernels call __hexagon_memcpy_likely_aligned_min32bytes_mult8bytes (found by a campaign)."""
    config = next(c for c in frontends.all_configs() if c.name == "tvm:hexagon")
    (r,) = run_case(lane, stored(f"{name}.json"), [config]).results
    assert r.verdict in (Verdict.EXACT, Verdict.WITHIN_BOUND), r.summary()


def _elementwise_i8(shape, in_map):
    return W.from_json({
        "format": W.FORMAT, "name": "elementwise", "outputs": ["op0"],
        "inputs": [{"name": "in0", "shape": shape, "dtype": "i8",
                    "values": {"dist": "int", "seed": 7, "low": -100, "high": 100, "scale": 1.0}}],
        "ops": [{"kind": "generic", "name": "op0", "inputs": ["in0"], "dims": shape, "iterators": ["parallel"] * 2,
                 "maps": [in_map], "body": ["in", 0], "out": "i8"}]})


@needs_tools
@pytest.mark.compilers
def test_fuse_vectorize_is_topis_hexagon_injective_schedule(lane):
    """Loops fused, split by one 128-byte register, inner part vectorized; contiguous reads stay exact."""
    import tvm

    from frontends.tvm.frontend import TARGETS
    from frontends.tvm.lower import lower
    from frontends.tvm.schedules import schedule
    case = _elementwise_i8([3, 100], ["d0", "d1"])
    mod, trace = schedule(tvm.IRModule({"main": lower(case)}), "hvx-fuse-vectorize",
                          tvm.target.Target(TARGETS["hexagon"]), 1)
    script = mod.script()
    assert "T.vectorized(128)" in script and "fused" in script and trace, script
    config = next(c for c in frontends.all_configs() if c.name == "tvm:hexagon-hvx-fuse-vectorize")
    (r,) = run_case(lane, case, [config]).results
    assert r.verdict is Verdict.EXACT, r.summary()


HEXAGON = ("tvm:hexagon", "tvm:hexagon-hvx-vectorize")


@needs_tools
@pytest.mark.compilers
def test_hexagon_fuses_a_product_into_its_add_and_the_profile_declares_it(lane):
    """TVM's Hexagon code computes a*b + c as `r += sfmpy(a, b)`, rounded once: a campaign called that 1-ulp
    difference out-of-bound until the hexagon-harness profile declared contraction (seed1555951367)."""
    a, b, c = (W.Tensor(n, (64,), "f32", W.ValueSpec("int", s, 2049, 8191)) for n, s in (("a", 1), ("b", 2), ("c", 3)))
    fma = H.elementwise("fma", ("a", "b", "c"), (64,), H.e("add", H.e("mul", H.IN0, H.IN1), H.IN2), "f32")
    config = next(c for c in frontends.all_configs() if c.name == "tvm:hexagon")
    (r,) = run_case(lane, W.Case((a, b, c), (fma,), ("fma",)), [config]).results
    assert r.verdict is Verdict.WITHIN_BOUND and r.evidence.max_abs_err > 0, r.summary()


@needs_tools
@pytest.mark.compilers
@pytest.mark.parametrize("build", [H.integer_division, H.int8_ops, H.matmuls, H.pools_and_pad, H.quantized_convs,
                                   H.quasi_affine, H.residual_and_two_consumers], ids=lambda b: b.__name__)
def test_wrong_code_constructs_run_exactly_under_qemu(lane, build):
    configs = [c for c in frontends.all_configs() if c.name in HEXAGON]
    for r in run_case(lane, build(), configs).results:
        assert r.verdict is Verdict.EXACT, r.summary()


@needs_tools
@pytest.mark.compilers
def test_harness_sqrt_is_correctly_rounded_and_tanh_sigmoid_stay_in_the_hexagon_budget(lane):
    """Kernels call the harness's __hexagon_sqrtf: over 2^-127..2^127 (subnormals included) it must match IEEE."""
    x = W.Tensor("x", (64, 64), "f32", W.ValueSpec("wide", 5, scale=127.0))
    sqrt = H.elementwise("sqrt", ("x",), (64, 64), H.e("sqrt", H.e("abs", H.IN0)), "f32")
    case = W.Case((x,), (sqrt,), ("sqrt",))
    configs = [c for c in frontends.all_configs() if c.name in HEXAGON]
    for r in run_case(lane, case, configs).results:
        assert r.verdict is Verdict.EXACT, r.summary()
    for r in run_case(lane, H.float_ops("f32"), configs).results:
        assert r.verdict in (Verdict.EXACT, Verdict.WITHIN_BOUND), r.summary()
