"""The gfx942 lockstep machine's own forms of lane-wise instructions against the wave-by-wave handlers they replace:
``gvalu`` (integer VALU in 32-bit lanes: each instruction on edge values, register, scalar, constant and SDWA
operands, EXEC patterns with no, one and every lane, some waves of the batch left out) and ``gmem`` (buffer loads
read as rows: a kernel whose loads take each of its paths, a lane pattern shared by the waves, one address per wave,
lanes spread differently in each wave, part of EXEC, unaligned, out of range, run on both machines) and the MFMA
forms (i8, and f16, bf16 and f32 on random bits, cancelling integers and normal values, all waves multiplied as
one stack)."""
from __future__ import annotations

import copy

import numpy as np
import pytest

from frontends.devices.gfx942 import gmem, gops, gvalu
from frontends.devices.gfx942.asm import assemble
from frontends.devices.gfx942.group import Batch, Group
from tests.test_gfx942_lockstep import _lane_waves, _launch, _scalar_state, _wave_state

TWO = ("{op}_e32 v1, v2, v3", "{op}_e64 v1, s3, v2", "{op}_e64 v1, 0x12345678, v3", "{op}_e64 v1, v2, -3",
       "{op}_e64 v1, vcc_hi, v3",
       "{op}_sdwa v1, v2, v3 dst_sel:WORD_1 dst_unused:UNUSED_PRESERVE src0_sel:BYTE_1 src1_sel:WORD_0",
       "{op}_sdwa v1, v3, v2 dst_sel:BYTE_2 dst_unused:UNUSED_SEXT src0_sel:WORD_1 src1_sel:DWORD",
       "{op}_sdwa v1, v2, v3 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:BYTE_3",
       "{op}_sdwa v1, v2, v1 dst_sel:WORD_1 dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:BYTE_2")
ONE = ("{op}_e32 v1, v2", "{op}_e32 v1, s4", "{op}_e32 v1, -3",
       "{op}_sdwa v1, v3 dst_sel:WORD_0 dst_unused:UNUSED_PRESERVE src0_sel:BYTE_2",
       "{op}_sdwa v1, v1 dst_sel:BYTE_1 dst_unused:UNUSED_PAD src0_sel:WORD_1")
THREE = ("{op} v1, v2, v3, v1", "{op} v1, s3, v2, 31", "{op} v1, v3, 5, s5", "{op} v1, -3, v2, m0")
LINES = {op: [ln.format(op=op) for ln in {1: ONE, 2: TWO, 3: THREE}[len(gvalu.ops_vint.ROWS[op][1])]]
         for op in gvalu.MODULAR}
LINES["v_dot4c_i32_i8"] = ["v_dot4c_i32_i8_e32 v1, v2, v3", "v_dot4c_i32_i8_e32 v1, s3, v2",
                           "v_dot4c_i32_i8_e32 v1, -3, v3", "v_dot4c_i32_i8_e32 v3, v1, v3"]
LINES["v_perm_b32"] = [f"v_perm_b32 v1, v2, v3, {sel}" for sel in
                       ("0x5040100", "0x3020706", "0xc0d0e01", "0x7060b0a", "s3", "0x1000504", "v2")]


def _run(line: str, handler_of=gops.handler) -> None:
    from frontends.devices.gfx942.machine import bind
    k = assemble(line)
    bind(k)
    ins = k.code[0]
    handler = handler_of(ins.fn, ins)
    assert handler is not None, line
    waves = _lane_waves(np.random.default_rng(3))
    copies = copy.deepcopy(waves)
    batch = Batch(waves, np.zeros(len(waves), np.int64), 0)
    group = np.array([0, 2, 3, 5, 6, 7, 8, 10, 11, 13, 14, 17, 20])
    for idx in (group, np.arange(len(waves)), None):
        if idx is None:  # then every lane of every wave (the forms that write straight into the register)
            idx = np.arange(len(waves))
            batch.exec[:] = np.uint64(2**64 - 1)
            for c in copies:
                c.exec = 2**64 - 1
        with np.errstate(all="ignore"):
            assert handler(Group(batch, idx), ins, None) is True
            for i, c in enumerate(copies):
                if i in idx:
                    ins.fn(c, ins, None)
                assert _scalar_state(batch, i) == _wave_state(c), (line, i)
                assert (batch.v[:, i * 64:(i + 1) * 64] == c.v).all(), (line, i)


@pytest.mark.parametrize("op", sorted(LINES))
def test_each_integer_vector_instruction_in_32_bit_lanes_equals_it_wave_by_wave(op):
    for line in LINES[op]:
        _run(line)


def test_the_32_bit_forms_take_the_plain_and_sdwa_instructions_and_leave_the_rest_to_their_handlers():
    from frontends.devices.gfx942.machine import bind
    for line, own in (("v_add_u32_e32 v1, v2, v3", True), ("v_or_b32_sdwa v1, v2, v3 dst_sel:WORD_1 "
                      "dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD", True),
                      ("v_add_u32_e64 v1, v2, v3 clamp", False), ("v_add_u32_dpp v1, v2, v3 row_shr:1 row_mask:0xf "
                      "bank_mask:0xf", False), ("v_max_i32_e32 v1, v2, v3", False),
                      ("v_or_b32_sdwa v1, sext(v2), v3 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:BYTE_0 "
                       "src1_sel:DWORD", False)):
        k = assemble(line)
        bind(k)
        assert (gvalu.handler(k.code[0], k.code[0].fn) is not None) == own, line


# every load of out[k * 384 + flat] = load_k(flat): 3 workgroups of 2 waves over a buffer of 8190 bytes (in range:
# 8000; the second V#: 1534, so that the last lane's dword straddles its end; the third: 4096 bytes on, its last lane
# reading 2 bytes past the allocation), lanes in each of gmem's patterns; the loads under part of EXEC leave the
# other lanes' -1
LOADS = """s_load_dwordx4 s[4:7], s[0:1], 0x0
\ts_waitcnt lgkmcnt(0)
\ts_mov_b32 s8, s4
\ts_and_b32 s9, s5, 0xffff
\ts_mov_b32 s10, 8000
\ts_mov_b32 s11, 0
\ts_mov_b64 s[16:17], s[8:9]
\ts_mov_b32 s18, 1534
\ts_add_u32 s28, s8, 0x1000
\ts_addc_u32 s29, s9, 0
\ts_mov_b32 s30, -1
\ts_mov_b32 s31, 0
\ts_mov_b32 s19, 0
\ts_mov_b32 s24, 5
\tv_and_b32_e32 v1, 0x3ff, v0
\ts_lshl_b32 s12, s2, 7
\ts_lshl_b32 s13, s2, 3
\tv_add_u32_e32 v2, s12, v1
\tv_lshlrev_b32_e32 v3, 1, v2
\tv_lshlrev_b32_e32 v4, 2, v2
\tv_lshlrev_b32_e32 v5, 4, v2
\tv_mov_b32_e32 v6, s13
\tv_mul_lo_u32 v7, v1, 37
\tv_and_b32_e32 v7, 63, v7
\tv_lshlrev_b32_e32 v7, 2, v7
\tv_xor_b32_e32 v8, s13, v7
\tbuffer_load_ubyte v10, v2, s[8:11], 0 offen offset:3
\tbuffer_load_sbyte v11, v2, s[8:11], 0 offen offset:100
\tbuffer_load_ushort v12, v3, s[8:11], 0 offen
\tbuffer_load_sshort v13, v3, s[8:11], 0 offen offset:2
\tbuffer_load_dwordx4 v[14:17], v5, s[8:11], 0 offen
\tbuffer_load_dwordx3 v[18:20], v4, s[8:11], 0 offen
\tbuffer_load_dword v21, v6, s[8:11], 0 offen offset:4
\tbuffer_load_dwordx2 v[22:23], v7, s[8:11], 0 offen
\tbuffer_load_dword v24, v8, s[8:11], 0 offen
\tbuffer_load_dword v25, v2, s[8:11], 0 offen offset:1
\tbuffer_load_dword v26, v4, s[16:19], 0 offen
\tbuffer_load_ubyte v27, v2, s[8:11], s24 offen
\tbuffer_load_dword v28, off, s[8:11], 0 offset:12
\tbuffer_load_dword v31, v4, s[28:31], 0 offen offset:2560
\tv_mov_b32_e32 v29, -1
\tv_mov_b32_e32 v30, -1
\tv_cmp_gt_u32_e32 vcc, 50, v1
\ts_and_saveexec_b64 s[20:21], vcc
\tbuffer_load_ubyte v29, v2, s[8:11], 0 offen
\tbuffer_load_dword v30, v7, s[8:11], 0 offen
\ts_or_b64 exec, exec, s[20:21]
\ts_waitcnt vmcnt(0)
\tv_mov_b32_e32 v9, v4""" + "".join(f"\n\tglobal_store_dword v9, v{r}, s[6:7]\n\tv_add_u32_e32 v9, 0x600, v9"
                                     for r in range(10, 32))


def test_buffer_loads_read_as_rows_give_the_reference_s_registers_and_records(monkeypatch):
    taken = {"_pattern": 0, "_lanes": 0}
    for name in taken:
        def counted(*args, _f=getattr(gmem, name), _n=name):
            done = _f(*args)
            taken[_n] += done
            return done
        monkeypatch.setattr(gmem, name, counted)
    args = (LOADS, (3, 1, 1), (128, 1, 1), 0, 8190, 22 * 1536)
    got, report, handed = _launch("lockstep", monkeypatch, *args)
    want, ref_report, _ = _launch("reference", monkeypatch, *args)
    assert handed == 0 and got == want and report == ref_report
    assert taken["_pattern"] >= 8 and taken["_lanes"] >= 3  # each path ran (and the others fell back)
    assert [(lanes, at) for _, _, lanes, at in report.oob_buffer] == [(1, 1532)]
    assert [o[2:] for o in report.overreads] == [(8188, 4, 8190, 1)]  # (offset, bytes, size, lanes)
    words = np.frombuffer(got, np.uint32).reshape(22, 384)
    flat = np.arange(384)
    memory = np.arange(2048, dtype=np.uint32).view(np.uint8)
    assert words[0].tolist() == memory[flat + 3].tolist()  # by the ISA's definition: zero-extended bytes
    assert words[1].tolist() == (memory[flat + 100].astype(np.int8).astype(np.int32).view(np.uint32)).tolist()
    assert words[19].tolist() == np.where(flat % 128 < 50, memory[flat].astype(np.int64), 2**32 - 1).tolist()


MFMA = ["v_mfma_i32_16x16x32_i8 v[4:7], v[0:1], v[2:3], v[4:7]", "v_mfma_i32_16x16x32_i8 a[0:3], v[2:3], v[0:1], a[0:3]",
        "v_mfma_i32_32x32x16_i8 v[4:19], v[0:1], v[2:3], v[4:19]", "v_mfma_i32_32x32x16_i8 v[4:19], v[0:1], v[0:1], 0"]


# the float forms: waves of random bits (nan, inf, subnormals), of small integers whose sums cancel (the exact f64
# sum), of normal values (the interval, the rationals)
FLOAT_MFMA = ["v_mfma_f32_16x16x16_f16 v[4:7], v[0:1], v[2:3], v[4:7]", "v_mfma_f32_32x32x8_f16 a[0:15], v[0:1], v[2:3], 0",
              "v_mfma_f32_16x16x16bf16_1k v[4:7], v[0:1], v[2:3], v[4:7]",
              "v_mfma_f32_32x32x2_f32 v[4:19], v0, v2, v[4:19]", "v_mfma_f32_16x16x4_f32 a[0:3], v0, v1, a[0:3]"]


def _mfma_waves(rng, line: str) -> list:
    from frontends.devices.gfx942.state import Wave
    waves = []
    for i in range(9):
        w = Wave(20, 16, i)
        w.sw = [True] * len(w.sw)  # its SGPRs hold the values given (0 unless set), as if written
        w.v[:] = rng.integers(0, 2**32, w.v.shape, dtype=np.uint64).astype(np.uint32)
        w.v[0, :8] = [0x80808080, 0x7F7F7F7F, 0xFFFFFFFF, 0, 0x80808080, 0x80808080, 0x7FFFFFFF, 1]  # edge bytes
        w.a[:] = rng.integers(0, 2**32, w.a.shape, dtype=np.uint64).astype(np.uint32)
        if i % 3 and line.split()[0].endswith("_f32"):  # f32 sources and accumulators: integers or normal values
            vals = rng.integers(-2, 3, w.v.shape) if i % 3 == 1 else rng.normal(size=w.v.shape) * 2.0**-20
            w.v[:] = vals.astype(np.float32).view(np.uint32)
            w.a[:] = w.v[:16]
        elif i % 3:  # 16-bit sources packed in pairs (f16 or bf16 by the instruction), f32 accumulators of integers
            vals = rng.integers(-2, 3, (20, 128)) if i % 3 == 1 else rng.normal(size=(20, 128))
            half = (vals.astype(np.float16).view(np.uint16) if "_f16" in line else
                    (vals.astype(np.float32).view(np.uint32) >> 16).astype(np.uint16))
            w.v[:4] = half.view(np.uint32)[:4]
            w.v[4:] = rng.integers(-9, 10, (16, 64)).astype(np.float32).view(np.uint32)
        w.exec = 2**64 - 1
        waves.append(w)
    return waves


@pytest.mark.parametrize("line", MFMA + FLOAT_MFMA)
def test_the_matrix_instructions_on_a_group_equal_them_wave_by_wave(line):
    from frontends.devices.gfx942.machine import bind
    k = assemble(line)
    bind(k)
    ins = k.code[0]
    waves = _mfma_waves(np.random.default_rng(4), line)
    copies = copy.deepcopy(waves)
    batch = Batch(waves, np.zeros(len(waves), np.int64), 0)
    for idx in (np.array([0, 3, 4, 8]), np.arange(len(waves))):
        with np.errstate(all="ignore"):  # the random bits' nan and inf
            assert gops.handler(ins.fn, ins)(Group(batch, idx), ins, None) is True
            for i, c in (ic for ic in enumerate(copies) if ic[0] in idx):
                ins.fn(c, ins, None)
        for i, c in enumerate(copies):
            assert (batch.v[:, i * 64:(i + 1) * 64] == c.v).all() and (batch.a[:, i * 64:(i + 1) * 64] == c.a).all()


# stores through a V# of the output (range 15000 bytes), each at its own bytes (stores of one instruction by other
# workgroups never meet: they would race): each lane pattern, one address in every lane (lanes writing one byte:
# the lane order decides, the highest lane of the last workgroup in both machines), dwords straddling the range,
# part of EXEC
STORES = """s_load_dwordx4 s[4:7], s[0:1], 0x0
\ts_waitcnt lgkmcnt(0)
\ts_mov_b32 s8, s6
\ts_and_b32 s9, s7, 0xffff
\ts_mov_b32 s10, 15000
\ts_mov_b32 s11, 0
\tv_and_b32_e32 v1, 0x3ff, v0
\ts_lshl_b32 s12, s2, 7
\tv_add_u32_e32 v2, s12, v1
\tv_mul_lo_u32 v3, v2, 0x01010101
\tv_lshlrev_b32_e32 v4, 1, v2
\tv_lshlrev_b32_e32 v5, 2, v2
\tv_lshlrev_b32_e32 v6, 4, v2
\tv_lshlrev_b32_e32 v10, 3, v2
\tv_add_u32_e32 v7, 1, v3
\tv_add_u32_e32 v8, 2, v3
\tv_add_u32_e32 v9, 3, v3
\tbuffer_store_byte v3, v2, s[8:11], 0 offen
\tbuffer_store_short v3, v4, s[8:11], 0 offen offset:400
\tbuffer_store_dword v3, v5, s[8:11], 0 offen offset:1200
\tbuffer_store_dwordx4 v[6:9], v6, s[8:11], 0 offen offset:2800
\tbuffer_store_dwordx2 v[7:8], v10, s[8:11], 0 offen offset:9000
\tbuffer_store_dword v2, off, s[8:11], 0 offset:12100
\tbuffer_store_dword v9, v5, s[8:11], 0 offen offset:14500
\tv_cmp_gt_u32_e32 vcc, 50, v1
\ts_and_saveexec_b64 s[20:21], vcc
\tbuffer_store_byte v9, v2, s[8:11], 0 offen offset:12200
\ts_or_b64 exec, exec, s[20:21]"""


def test_buffer_stores_written_as_rows_give_the_reference_s_memory_and_records(monkeypatch):
    taken = []

    def counted(*args, _f=gmem.buffer_store):
        taken.append(_f(*args))
        return taken[-1]
    monkeypatch.setattr(gmem, "buffer_store", counted)
    args = (STORES, (3, 1, 1), (128, 1, 1), 0, 16, 16000)
    got, report, handed = _launch("lockstep", monkeypatch, *args)
    want, ref_report, _ = _launch("reference", monkeypatch, *args)
    assert handed == 0 and got == want and report == ref_report
    assert taken == [True] * 5 + [False] * 3  # the five patterns as rows (one batch); the others fell back
    assert report.oob_buffer  # the dwords past 15000 bytes, recorded wave by wave
    flat = np.arange(384)
    assert np.frombuffer(got, np.uint8)[:384].tolist() == (flat % 256).tolist()  # by the ISA: the low byte


# consecutive buffer loads share their lane patterns and V# (gmem.remember): the second load replaces its own
# address register, so the third, through the same register, must read at the new addresses
RELOAD = """s_load_dwordx4 s[4:7], s[0:1], 0x0
\ts_waitcnt lgkmcnt(0)
\ts_mov_b32 s8, s4
\ts_and_b32 s9, s5, 0xffff
\ts_mov_b32 s10, 8000
\ts_mov_b32 s11, 0
\tv_and_b32_e32 v1, 0x3ff, v0
\ts_lshl_b32 s12, s2, 7
\tv_add_u32_e32 v2, s12, v1
\tv_lshlrev_b32_e32 v4, 2, v2
\tbuffer_load_dword v5, v4, s[8:11], 0 offen
\tbuffer_load_dword v4, v4, s[8:11], 0 offen offset:8
\ts_waitcnt vmcnt(0)
\tbuffer_load_ubyte v6, v4, s[8:11], 0 offen
\tbuffer_load_ubyte v7, v4, s[8:11], 0 offen offset:4
\ts_waitcnt vmcnt(0)
\tv_lshlrev_b32_e32 v9, 2, v2
\tglobal_store_dword v9, v5, s[6:7]
\tv_add_u32_e32 v9, 0x600, v9
\tglobal_store_dword v9, v6, s[6:7]
\tv_add_u32_e32 v9, 0x600, v9
\tglobal_store_dword v9, v7, s[6:7]"""


def test_a_load_into_its_own_address_register_moves_the_loads_after_it(monkeypatch):
    args = (RELOAD, (3, 1, 1), (128, 1, 1), 0, 8000, 3 * 1536)
    got, report, handed = _launch("lockstep", monkeypatch, *args)
    want, ref_report, _ = _launch("reference", monkeypatch, *args)
    assert handed == 0 and got == want and report == ref_report
    flat = np.arange(384)
    memory = np.arange(2000, dtype=np.uint32).view(np.uint8)
    words = np.frombuffer(got, np.uint32).reshape(3, 384)
    assert words[0].tolist() == flat.tolist()  # by the ISA's definition: v4 = word flat + 2, its bytes then
    assert words[1].tolist() == memory[flat + 2].tolist() and words[2].tolist() == memory[flat + 6].tolist()


def test_dot4c_on_a_group_sums_the_extreme_bytes_and_wraps_as_its_definition_says():
    """v_dot4c_i32_i8: D = D + sum of the four signed byte products, modulo 2**32 (CDNA3 ISA)."""
    from frontends.devices.gfx942.machine import bind
    from frontends.devices.gfx942.state import Wave
    k = assemble("v_dot4c_i32_i8_e32 v1, v2, v3")
    bind(k)
    w = Wave(4, 1, 0)
    w.v[2], w.v[3] = 0x80808080, np.tile(np.array([0x80808080, 0x7F7F7F7F, 0x01FF80FF], np.uint32), 22)[:64]
    w.v[1] = 0x7FFFFFFF
    w.exec = 2**64 - 1
    batch = Batch([w], np.zeros(1, np.int64), 0)
    assert gops.handler(k.code[0].fn, k.code[0])(Group(batch, np.arange(1)), k.code[0], None) is True
    sums = [4 * 16384, 4 * -16256, 1 * -128 + -1 * -128 + -128 * -128 + -1 * -128]
    want = [(0x7FFFFFFF + sums[i % 3]) % 2**32 for i in range(64)]
    assert batch.v[1].tolist() == want


# a few lanes of each workgroup enabled (lanes 0..2 of wave 0, none of wave 1): loads and a store through the
# sparse form, which works on those lanes alone; the other lanes keep -1 and write nothing
SPARSE = """s_load_dwordx4 s[4:7], s[0:1], 0x0
\ts_waitcnt lgkmcnt(0)
\ts_mov_b32 s8, s4
\ts_and_b32 s9, s5, 0xffff
\ts_mov_b32 s10, 8000
\ts_mov_b32 s11, 0
\tv_and_b32_e32 v1, 0x3ff, v0
\ts_lshl_b32 s12, s2, 7
\tv_add_u32_e32 v2, s12, v1
\tv_lshlrev_b32_e32 v4, 2, v2
\tv_mov_b32_e32 v5, -1
\tv_mov_b32_e32 v6, -1
\tv_mov_b32_e32 v7, -1
\tv_mov_b32_e32 v8, -1
\tv_cmp_gt_u32_e32 vcc, 3, v1
\ts_and_saveexec_b64 s[20:21], vcc
\tbuffer_load_dword v5, v4, s[8:11], 0 offen offset:16
\tbuffer_load_ubyte v6, v2, s[8:11], 0 offen offset:3
\tbuffer_load_dwordx2 v[7:8], v4, s[8:11], 0 offen offset:4
\tbuffer_store_dword v2, v4, s[8:11], 0 offen offset:4000
\ts_or_b64 exec, exec, s[20:21]
\ts_waitcnt vmcnt(0)
\tv_lshlrev_b32_e32 v9, 2, v2""" + "".join(f"\n\tglobal_store_dword v9, v{r}, s[6:7]\n\tv_add_u32_e32 v9, 0x600, v9"
                                     for r in range(5, 9))


def test_loads_and_stores_of_a_few_lanes_work_on_those_lanes_alone(monkeypatch):
    from frontends.devices.gfx942 import gops
    ran = []
    sparse = gops._sparse
    monkeypatch.setattr(gops, "_sparse", lambda *a: ran.append(1) or sparse(*a))
    args = (SPARSE, (3, 1, 1), (128, 1, 1), 0, 8000, 4 * 1536)
    got, report, handed = _launch("lockstep", monkeypatch, *args)
    assert len(ran) == 4
    want, ref_report, _ = _launch("reference", monkeypatch, *args)
    assert handed == 0 and got == want and report == ref_report
    flat = np.arange(384)
    on = flat % 128 < 3
    memory = np.arange(2000, dtype=np.uint32)
    words = np.frombuffer(got, np.uint32).reshape(4, 384).astype(np.int64)
    assert words[0].tolist() == np.where(on, memory[flat + 4], 2**32 - 1).tolist()  # by the ISA's definition
    assert words[1].tolist() == np.where(on, memory.view(np.uint8)[flat + 3].astype(np.int64), 2**32 - 1).tolist()
    assert words[2].tolist() == np.where(on, memory[flat + 1], 2**32 - 1).tolist()
    assert words[3].tolist() == np.where(on, memory[flat + 2], 2**32 - 1).tolist()
