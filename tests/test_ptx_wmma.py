"""The PTX simulator's ``wmma`` family (``frontends/devices/ptx/ops_wmma.py``) against its definition: one warp loads
A (row-major, f16), B (column-major, f16) and C from global memory, multiplies, stores D; D must be numpy's A x B + C
with each element's exact sum rounded as the model states (toward zero for f32, to nearest for f16), on both
machines.  A kernel touching a fragment element with an ordinary instruction is refused."""
from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from frontends.devices.ptx import CannotSimulate, Memory, kernels
from frontends.devices.ptx import machine, reference, vlaunch

HEAD = """.version 7.6
.target sm_80
.address_size 64
.visible .entry k(.param .u64 pa, .param .u64 pb, .param .u64 pc, .param .u64 pd)
{
.reg .b32 %r<40>; .reg .f32 %f<20>; .reg .b64 %rd<10>; .reg .b16 %rs<4>;
ld.param.u64 %rd1, [pa]; ld.param.u64 %rd2, [pb]; ld.param.u64 %rd3, [pc]; ld.param.u64 %rd4, [pd];
"""
A = "{%r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7}"
B = "{%r8, %r9, %r10, %r11, %r12, %r13, %r14, %r15}"
C32, D32 = "{%f0, %f1, %f2, %f3, %f4, %f5, %f6, %f7}", "{%f8, %f9, %f10, %f11, %f12, %f13, %f14, %f15}"
C16, D16 = "{%r16, %r17, %r18, %r19}", "{%r20, %r21, %r22, %r23}"


def body(acc: str, extra: str = "", c_load: str | None = None) -> str:
    c, d = (C32, D32) if acc == "f32" else (C16, D16)
    c_load = c_load or f"wmma.load.c.sync.aligned.row.m16n16k16.global.{acc} {c}, [%rd3], 16;"
    return HEAD + f"""
wmma.load.a.sync.aligned.row.m16n16k16.global.f16 {A}, [%rd1], 24;
wmma.load.b.sync.aligned.col.m16n16k16.global.f16 {B}, [%rd2], 16;
{c_load}
wmma.mma.sync.aligned.row.col.m16n16k16.{acc}.{acc} {d}, {A}, {B}, {c};
{extra}
wmma.store.d.sync.aligned.row.m16n16k16.global.{acc} [%rd4], {d}, 16;
ret;
}}
"""


def simulate(text: str, a, b, c, launch=machine.launch) -> np.ndarray:
    memory = Memory()
    ptrs = []
    for arr in (a, b, c, np.zeros_like(c)):
        p = memory.alloc(arr.nbytes)
        memory.write(p, arr.nbytes, int.from_bytes(arr.tobytes(), "little"))
        ptrs.append(p)
    launch(kernels([text])["k"], memory, ptrs, (1, 1, 1), (32, 1, 1))
    raw = memory.read(ptrs[3], c.nbytes).to_bytes(c.nbytes, "little")
    return np.frombuffer(raw, c.dtype).reshape(c.shape)


def rounded(a, b, c, acc: str) -> np.ndarray:
    """The definition: each element's exact A x B + C, rounded once (f32: toward zero; f16: to nearest even)."""
    out = np.zeros(c.shape, c.dtype)
    for i in range(16):
        for j in range(16):
            x = sum(Fraction(float(a[i, k])) * Fraction(float(b[k, j])) for k in range(16)) + Fraction(float(c[i, j]))
            near = np.array(float(x)).astype(c.dtype)
            if acc == "f32" and abs(Fraction(float(near))) > abs(x):
                near = np.nextafter(near, c.dtype.type(0))
            out[i, j] = near
    return out


def inputs(rng, acc: str, small: bool):
    a16 = (rng.integers(-4, 5, (16, 24)) if small else rng.standard_normal((16, 24))).astype(np.float16)
    b = (rng.integers(-4, 5, (16, 16)) if small else rng.standard_normal((16, 16))).astype(np.float16)
    c = (rng.integers(-8, 9, (16, 16)) if small else rng.standard_normal((16, 16))).astype(
        np.float32 if acc == "f32" else np.float16)
    return a16, b, c  # A: the first 16 columns of a row-major 16x24 array (stride 24); B stored column-major


@pytest.mark.parametrize("launch", [machine.launch, reference.launch])
@pytest.mark.parametrize("acc", ["f32", "f16"])
def test_wmma_matmul_is_numpys(acc, launch):
    rng = np.random.default_rng(3)
    a, b, c = inputs(rng, acc, small=True)
    got = simulate(body(acc), a, b.T.copy(), c, launch)
    want = (a[:, :16].astype(np.float64) @ b.astype(np.float64) + c).astype(c.dtype)  # exact: small integers
    assert np.array_equal(got, want)


@pytest.mark.parametrize("acc", ["f32", "f16"])
def test_wmma_rounds_each_exact_sum_once(acc):
    rng = np.random.default_rng(7)
    a, b, c = inputs(rng, acc, small=False)
    got = simulate(body(acc), a, b.T.copy(), c)
    assert np.array_equal(got.view(np.uint8), rounded(a[:, :16], b, c, acc).view(np.uint8))


def test_wmma_fill_fragment_constant_is_layout_independent():
    rng = np.random.default_rng(1)
    a, b, c = inputs(rng, "f32", small=True)
    fill = "mov.f32 %f16, 0f3F800000;"  # wmma::fill_fragment(c, 1.0): every element one value
    ones = "{" + ", ".join(["%f16"] * 8) + "}"
    text = body("f32", c_load=fill).replace(f"{D32}, {A}, {B}, {C32}", f"{D32}, {A}, {B}, {ones}")
    got = simulate(text, a, b.T.copy(), c)
    assert np.array_equal(got, a[:, :16].astype(np.float32) @ b.astype(np.float32) + 1)


@pytest.mark.parametrize("extra", [
    "add.f32 %f9, %f9, 0f3F800000;",  # a bias on one register: which element it is depends on the layout
    "mov.f32 %f17, %f8; st.global.f32 [%rd4], %f17;",  # an element stored by position, through a copy
    "mov.b32 {%rs0, %rs1}, %r0;",  # the halves of an A fragment register taken apart
])
def test_wmma_fragment_read_by_position_is_refused(extra):
    with pytest.raises(CannotSimulate, match="wmma fragment element accessed by position"):
        kernels([body("f32", extra)])


COPY = " ".join(f"mov.f32 %f{i}, %f{8 + i};" for i in range(8))  # D copied into C's registers, as a loop carries it
AGAIN = f"wmma.mma.sync.aligned.row.col.m16n16k16.f32.f32 {D32}, {A}, {B}, {C32};"


@pytest.mark.parametrize("launch", [machine.launch, reference.launch])
def test_wmma_accumulator_carried_through_copies(launch):
    rng = np.random.default_rng(5)
    a, b, c = inputs(rng, "f32", small=True)
    got = simulate(body("f32", COPY + AGAIN), a, b.T.copy(), c, launch)
    ab = a[:, :16].astype(np.float64) @ b.astype(np.float64)
    assert np.array_equal(got, (2 * ab + c).astype(np.float32))


@pytest.mark.parametrize("launch", [machine.launch, reference.launch])
@pytest.mark.parametrize("extra, c_load", [
    (COPY.replace("%f0, %f8", "%f0, %f9").replace("%f1, %f9", "%f1, %f8") + AGAIN, None),  # two elements swapped
    ("", " ".join(f"mov.f32 %f{i}, 0f{0x3F800000 + i:08X};" for i in range(8))),  # a value per element
])
def test_wmma_fragment_not_whole_is_refused(extra, c_load, launch):
    rng = np.random.default_rng(1)
    a, b, c = inputs(rng, "f32", small=True)
    with pytest.raises(CannotSimulate, match="wmma fragment element accessed by position"):
        simulate(body("f32", extra, c_load), a, b.T.copy(), c, launch)


def test_wmma_outside_the_model_is_refused_by_name():
    text = body("f32").replace("m16n16k16.global.f16 " + A, "m32n8k16.global.f16 " + A)
    with pytest.raises(CannotSimulate, match="wmma.load.a.sync.aligned.row.m32n8k16"):
        kernels([text])


def test_the_vector_machine_runs_wmma_itself(monkeypatch):
    """Its array forms (``vops_wmma``) give the result, not a rerun on the reference machine."""
    def rerun(*_):
        raise AssertionError("the vector machine handed the launch to the reference machine")
    rng = np.random.default_rng(11)
    a, b, c = inputs(rng, "f32", small=False)
    want = simulate(body("f32", COPY + AGAIN), a, b.T.copy(), c, reference.launch)
    monkeypatch.setattr(vlaunch.reference, "launch", rerun)
    assert np.array_equal(simulate(body("f32", COPY + AGAIN), a, b.T.copy(), c, vlaunch.launch), want)
