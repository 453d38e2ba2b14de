; The gfx942 simulator instruction by instruction: test vectors from the CDNA3 ISA reference's definitions at edge
; values, each expected value worked out by hand from the definition, never by the simulator.  Read and run by
; tests/test_gfx942_isa.py, one test per vector (as LLVM's lit tests and gem5's ISA tests are written).
;
; A vector starts at "; TEST: name" and runs its instruction lines in one wave64 (or WAVES: n waves of one
; workgroup), then s_endpgm.  Before it runs:  SET: register = value (v3, s4, s[0:3] = a list of dwords; a value
; may use LANE, the lane number, and WAVE, the wave's id); EXEC: the mask (default all 64 lanes); LDS: group segment
; bytes; PRIVATE: scratch bytes per lane; ALLOC: name bytes [fill] (a global allocation); PUT: name offset dtype
; [values].  After it:  CHECK: an expression that holds (== compares whole arrays, NaN equal to NaN) over v, s, a,
; scc, vcc, exec (the first wave), waves[k], the report (oob_buffer, oob_local, lds_races) and mem(name, offset, n);
; or ERROR: the message (a regular expression) of the Unmodelled it must raise.
; Helpers: f32(x) (the bits of an f32), as_f32 (bits -> floats), as_i32, lanes(x, y, ..., pad=0) and
; f32s(x, y, ..., pad=0.0) (one value per lane from lane 0, the rest pad), buffer(name, bytes) (a V# over an
; allocation), lo(name), hi(name) (its address's dwords), where, signbit, divide (IEEE f32 division), inf, nan.

; ---------------------------------------------------------------- VALU integer
; TEST: v_add_u32 wraps, and its clamp saturates
; SET: v0 = 0xFFFFFFFF
; SET: v1 = 2
v_add_u32_e32 v2, v0, v1
v_add_u32_e64 v3, v0, v1 clamp
; CHECK: v[2][0] == 1
; CHECK: v[3][0] == 0xFFFFFFFF

; TEST: v_sub_u32 clamp stops at zero
; SET: v0 = 1
; SET: v1 = 2
v_sub_u32_e64 v2, v0, v1 clamp
; CHECK: v[2][0] == 0

; TEST: v_mul_i32_i24 reads the low 24 bits signed (0x800000 = -2**23)
; SET: v0 = 0xFF800000
; SET: v1 = 2
v_mul_i32_i24_e32 v2, v0, v1
; CHECK: v[2][0] == (-(2**24)) & 0xFFFFFFFF

; TEST: v_mad_u32_u24 ignores the high byte
; SET: v0 = 0xFF000003
; SET: v1 = 0xAB000005
; SET: v2 = 7
v_mad_u32_u24 v3, v0, v1, v2
; CHECK: v[3][0] == 22

; TEST: v_perm_b32 selects bytes, signs and constants
; {S0, S1} = 0x80FF7F01_11223344: selector bytes (high to low) 0x0C (0x00), 0x0D (0xFF), 0x08 (sign of byte 1 =
; byte 0x33 -> 0x00), 0x07 (byte 7 = 0x80)
; SET: v0 = 0x80FF7F01
; SET: v1 = 0x11223344
; SET: v2 = 0x0C0D0807
v_perm_b32 v3, v0, v1, v2
; CHECK: v[3][0] == 0x00FF0080

; TEST: v_perm_b32's sign selector spreads a set sign bit (sign of byte 7)
; SET: v0 = 0x80000000
; SET: v1 = 0
; SET: v2 = 0x0B0B0B0B
v_perm_b32 v3, v0, v1, v2
; CHECK: v[3][0] == 0xFFFFFFFF

; TEST: v_dot4c_i32_i8 adds signed byte products to the destination
; SET: v0 = 0x80808080
; SET: v1 = 0x80808001
; SET: v2 = 5
v_dot4c_i32_i8_e32 v2, v0, v1
; CHECK: v[2][0] == 5 + 3 * 128 * 128 + (-128 * 1)

; TEST: v_bfe_i32 sign-extends the field, v_bfe_u32 does not
; SET: v0 = 0x000000F0
v_bfe_i32 v1, v0, 4, 4
v_bfe_u32 v2, v0, 4, 4
; CHECK: v[1][0] == 0xFFFFFFFF
; CHECK: v[2][0] == 0xF

; TEST: v_lshlrev_b16 zeroes the high half on gfx9
; SET: v0 = 0x12348001
; SET: v1 = 0xFFFFFFFF
v_lshlrev_b16_e32 v1, 1, v0
; CHECK: v[1][0] == 0x0002

; TEST: v_mad_u64_u32 carries into its scalar destination
; SET: v0 = 0xFFFFFFFF
; SET: v1 = 0xFFFFFFFF
; SET: v2 = 0xFFFFFFFF
; SET: v3 = 0xFFFFFFFF
v_mad_u64_u32 v[2:3], s[4:5], v0, v1, v[2:3]
; CHECK: (int(v[3][0]) << 32 | int(v[2][0])) == (0xFFFFFFFF * 0xFFFFFFFF + 2**64 - 1) % 2**64
; CHECK: s[4] == 0xFFFFFFFF
; CHECK: s[5] == 0xFFFFFFFF

; TEST: v_add_co_u32 and v_addc_co_u32 chain a 64-bit add
; SET: v0 = 0xFFFFFFFF
; SET: v1 = 1
; SET: v2 = 1
; SET: v3 = 2
v_add_co_u32_e32 v4, vcc, v0, v2
v_addc_co_u32_e32 v5, vcc, v1, v3, vcc
; CHECK: v[4][0] == 0
; CHECK: v[5][0] == 4
; CHECK: vcc == 0

; ---------------------------------------------------------------- VALU float
; TEST: v_fma_f32 rounds once; a separate multiply and add round twice
; SET: v0 = f32(1 + 2**-12)
; SET: v1 = f32(-1.0)
v_fma_f32 v3, v0, v0, v1
v_mul_f32_e32 v4, v0, v0
v_add_f32_e32 v4, v4, v1
; CHECK: as_f32(v[3][0]) == 2**-11 + 2**-24
; CHECK: as_f32(v[4][0]) == 2**-11

; TEST: v_fma_f32 does not round twice through f64
; a*b = 1 + 2**-11 + 2**-24 is a tie in f32; + 2**-80 lifts it above the tie: the exact result rounds up
; SET: v0 = f32(1 + 2**-12)
; SET: v1 = f32(2.0**-80)
v_fma_f32 v3, v0, v0, v1
; CHECK: as_f32(v[3][0]) == 1 + 2**-11 + 2**-23

; TEST: v_cvt_i32_f32 truncates, saturates and maps NaN to zero
; SET: v0 = f32s(-2.7, 3e9, -3e9, nan)
v_cvt_i32_f32_e32 v1, v0
; CHECK: as_i32(v[1][:4]) == [-2, 2**31 - 1, -2**31, 0]

; TEST: v_cvt_f16_f32 rounds a tie to even and zeroes the high half
; SET: v0 = f32(1 + 2**-11)
; SET: v1 = 0xFFFFFFFF
v_cvt_f16_f32_e32 v1, v0
; CHECK: v[1][0] == 0x3C00

; TEST: v_max_f32 returns the number when the other operand is NaN
; SET: v0 = 0x7FC00000
; SET: v1 = f32(-3.0)
v_max_f32_e32 v2, v0, v1
; CHECK: as_f32(v[2][0]) == -3.0

; TEST: input modifiers (neg, abs), the output multiplier and clamp
; SET: v0 = f32(1.5)
; SET: v1 = f32(-4.0)
v_add_f32_e64 v2, -v0, |v1| mul:2
v_add_f32_e64 v3, v0, v1 clamp
; CHECK: as_f32(v[2][0]) == 5.0
; CHECK: as_f32(v[3][0]) == 0.0

; TEST: v_fmac_f16 keeps the high half, v_add_f16 zeroes it (1*2+1 = 3.0; 1+2 = 3.0)
; SET: v0 = 0xAAAA0000 | 0x3C00
; SET: v1 = 0x4000
; SET: v2 = 0xBEEF0000 | 0x3C00
; SET: v3 = 0xFFFF0000
v_fmac_f16_e32 v2, v0, v1
v_add_f16_e32 v3, v0, v1
; CHECK: v[2][0] == 0xBEEF0000 | 0x4200
; CHECK: v[3][0] == 0x4200

; TEST: v_cmp_class_f32 tests the class bits (+inf, -0, a positive denormal, a positive normal)
; SET: v0 = f32s(inf, -0.0, 1e-40, 1.0)
; SET: v1 = (1 << 9) | (1 << 5) | (1 << 7)
v_cmp_class_f32_e64 s[2:3], v0, v1
; CHECK: (s[2] & 0xF) == 0b0111

; TEST: v_trunc_f64 rounds toward zero, keeps the sign, and passes infinities and NaN through
; The reference: "D.d = trunc(S0.d), return integer part of S0.d".  Per lane (high dword, low dword): 2.75 -> 2.0;
; -2.75 -> -2.0; -0.5 -> -0.0; -0.0 -> -0.0; +inf, -inf kept; the smallest denormal and its negative -> +0.0, -0.0;
; 2**52 - 0.5 (0x432FFFFF_FFFFFFFF) -> 2**52 - 1 (0x432FFFFF_FFFFFFFE); -1e300 (already whole) kept; 0.9999... -> +0.0;
; a quiet NaN (lane 11) stays a NaN
; SET: v0 = lanes(0, 0, 0, 0, 0, 0, 1, 1, 0xFFFFFFFF, 0x8800759C, 0xFFFFFFFF, 0)
; SET: v1 = lanes(0x40060000, 0xC0060000, 0xBFE00000, 0x80000000, 0x7FF00000, 0xFFF00000, 0, 0x80000000, 0x432FFFFF, 0xFE37E43C, 0x3FEFFFFF, 0x7FF80000)
v_trunc_f64_e32 v[2:3], v[0:1]
; CHECK: v[2][:11] == [0, 0, 0, 0, 0, 0, 0, 0, 0xFFFFFFFE, 0x8800759C, 0]
; CHECK: v[3][:11] == [0x40000000, 0xC0000000, 0x80000000, 0x80000000, 0x7FF00000, 0xFFF00000, 0, 0x80000000, 0x432FFFFF, 0xFE37E43C, 0]
; CHECK: ((v[3][11] & 0x7FF00000) == 0x7FF00000) and ((v[3][11] & 0xFFFFF) | v[2][11]) != 0

; ---------------------------------------------------------------- SDWA, DPP, packed
; TEST: SDWA selects bytes with sign extension (-1 + 5)
; SET: v0 = 0x0000FF00
; SET: v1 = 0x00050000
v_add_u32_sdwa v2, sext(v0), v1 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:BYTE_1 src1_sel:WORD_1
; CHECK: v[2][0] == 4

; TEST: SDWA sext() makes a 32-bit operand that an unsigned compare reads unsigned (sext of byte 0xC9 is 0xFFFFFFC9)
; LLVM's SDWA peephole writes the i8 test (sext_inreg x, i8) != y of a floor division this way; lane 1's byte is
; positive, lane 2's differs from v8 only above bit 7
; SET: v7 = lanes(0x007FF2C9, 0x00000012, 0x000000C9)
; SET: v8 = lanes(0xFFFFFFC9, 0x00000012, 0x000000C9)
v_cmp_ne_u32_sdwa s[2:3], sext(v7), v8 src0_sel:BYTE_0 src1_sel:DWORD
v_cmp_eq_u32_sdwa s[4:5], sext(v7), v8 src0_sel:BYTE_0 src1_sel:DWORD
; CHECK: (s[2] & 0x7) == 0b100
; CHECK: (s[4] & 0x7) == 0b011

; TEST: SDWA sext() under an unsigned compare and an unsigned max: 0xFFFFFF80 is above 5, not below it
; SET: v0 = 0x00000080
; SET: v1 = 5
v_cmp_gt_u32_sdwa s[2:3], sext(v0), v1 src0_sel:BYTE_0 src1_sel:DWORD
v_max_u32_sdwa v2, sext(v0), v1 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:BYTE_0 src1_sel:DWORD
v_max_u32_sdwa v3, v0, v1 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:BYTE_0 src1_sel:DWORD
; CHECK: (s[2] & 1) == 1
; CHECK: v[2][0] == 0xFFFFFF80
; CHECK: v[3][0] == 0x80

; TEST: v_sub_co_u32_sdwa subtracts the selected fields and borrows from them
; LLVM's SDWA peephole writes this form for the low half of a value.  Lane 0: WORD_0 of v0 is 5, 5 - 7 borrows;
; lane 1: 9 - 7 = 2, no borrow (the whole dword 0x00010009 would give 0x10002); lane 2: 0xFFFF - 0xFFFF = 0
; SET: v0 = lanes(0xABCD0005, 0x00010009, 0x1234FFFF)
; SET: v8 = lanes(7, 7, 0xFFFF)
; SET: v2 = 0x5A5A5A5A
v_sub_co_u32_sdwa v2, vcc, v0, v8 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:WORD_0 src1_sel:DWORD
; CHECK: v[2][:3] == [0xFFFFFFFE, 2, 0]
; CHECK: (vcc & 0x7) == 0b001

; TEST: v_sub_co_u32_sdwa and v_subrev_co_u32_sdwa under sext(): the sign-extended field is an unsigned 32-bit operand
; sext of byte 0xFF is 0xFFFFFFFF: 0xFFFFFFFF - 1 does not borrow; subrev: 1 - 0xFFFFFFFF borrows and gives 2
; SET: v0 = 0x000000FF
; SET: v1 = 1
v_sub_co_u32_sdwa v2, vcc, sext(v0), v1 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:BYTE_0 src1_sel:DWORD
v_cndmask_b32_e64 v3, 0, 1, vcc
v_subrev_co_u32_sdwa v4, vcc, sext(v0), v1 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:BYTE_0 src1_sel:DWORD
v_cndmask_b32_e64 v5, 0, 1, vcc
; CHECK: (v[2][0], v[3][0]) == (0xFFFFFFFE, 0)
; CHECK: (v[4][0], v[5][0]) == (2, 1)

; TEST: v_add_co_u32_sdwa adds the selected fields and carries out of 32 bits
; lane 0: 0xFFFF0001 + WORD_1 of v1 (0xFFFF) = 0x1_0000_0000: carry, 0; lane 1: 3 + WORD_1 of 0 = 3, no carry
; SET: v0 = lanes(0xFFFF0001, 3)
; SET: v1 = lanes(0xFFFF0000, 0x00000000)
v_add_co_u32_sdwa v2, vcc, v0, v1 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:WORD_1
; CHECK: v[2][:2] == [0, 3]
; CHECK: (vcc & 0x3) == 0b01

; TEST: SDWA dst_sel WORD_1 preserves the rest
; SET: v0 = 0x1234ABCD
; SET: v1 = 0x99998888
v_mov_b32_sdwa v1, v0 dst_sel:WORD_1 dst_unused:UNUSED_PRESERVE src0_sel:WORD_0
; CHECK: v[1][0] == 0xABCD8888

; TEST: DPP quad_perm, and row_shr with and without bound_ctrl (without it the invalid lane is not written)
; SET: v0 = LANE + 100
; SET: v3 = 7
v_mov_b32_dpp v1, v0 quad_perm:[3,2,1,0] row_mask:0xf bank_mask:0xf
v_mov_b32_dpp v2, v0 row_shr:1 row_mask:0xf bank_mask:0xf bound_ctrl:1
v_mov_b32_dpp v3, v0 row_shr:1 row_mask:0xf bank_mask:0xf
; CHECK: v[1][:4] == [103, 102, 101, 100]
; CHECK: v[2][0] == 0 and v[2][1] == 100 and v[2][16] == 0
; CHECK: v[3][0] == 7 and v[3][17] == 116

; TEST: v_pk_add_f16 with op_sel (low: hi(v0)+lo(v1) = 3; high: lo(v0)+hi(v1) = 2)
; SET: v0 = (0x4000 << 16) | 0x3C00
; SET: v1 = (0x3C00 << 16) | 0x3C00
v_pk_add_f16 v2, v0, v1 op_sel:[1,0] op_sel_hi:[0,1]
; CHECK: v[2][0] == (0x4000 << 16) | 0x4200

; TEST: v_pk_mul_f32 multiplies both dwords
; SET: v0 = f32(2.0)
; SET: v1 = f32(3.0)
; SET: v2 = f32(5.0)
; SET: v3 = f32(-1.0)
v_pk_mul_f32 v[4:5], v[0:1], v[2:3]
; CHECK: as_f32(v[4][0]) == 10.0
; CHECK: as_f32(v[5][0]) == -3.0

; TEST: a packed f32 op with op_sel_hi 0 reads a float constant's low dword, the f32 itself, for both results
; SelectionDAG's form of a splat <0.5, 0.5>: (2.0, -6.0) * 0.5
; SET: v0 = f32(2.0)
; SET: v1 = f32(-6.0)
v_pk_mul_f32 v[4:5], v[0:1], 0.5 op_sel_hi:[1,0]
; CHECK: as_f32(v[4][0]) == 1.0 and as_f32(v[5][0]) == -3.0

; TEST: v_pk_fma_f32 with two constants read as low dwords (x * 2.0 + 4.0 on both dwords of (3.0, -1.0))
; SET: v0 = f32(3.0)
; SET: v1 = f32(-1.0)
v_pk_fma_f32 v[4:5], v[0:1], 2.0, 4.0 op_sel_hi:[1,0,0]
; CHECK: as_f32(v[4][0]) == 10.0 and as_f32(v[5][0]) == 2.0

; TEST: a zero constant is zero in either dword of a packed f32 source (0 + (2.0, -6.0); (2.0, -6.0) * 0)
; SET: v0 = f32(2.0)
; SET: v1 = f32(-6.0)
v_pk_add_f32 v[4:5], v[0:1], 0
v_pk_mul_f32 v[6:7], v[0:1], 0
; CHECK: as_f32(v[4][0]) == 2.0 and as_f32(v[5][0]) == -6.0
; CHECK: v[6][0] == 0 and v[7][0] == 0x80000000

; ---------------------------------------------------------------- scalar and control flow
; TEST: s_add_u32 and s_addc_u32 carry through SCC
; SET: s[0:3] = [0xFFFFFFFF, 0, 1, 0]
s_add_u32 s4, s0, s2
s_addc_u32 s5, s1, s3
; CHECK: (s[4], s[5], scc) == (0, 1, 0)

; TEST: s_bfe_i32 and s_cselect
; SET: s0 = 0xF0
s_bfe_i32 s2, s0, 0x40004
s_cmp_lt_i32 s2, 0
s_cselect_b32 s3, 11, 22
; CHECK: s[2] == 0xFFFFFFFF
; CHECK: s[3] == 11

; TEST: s_ff1_i32_b32 is the position of the lowest set bit, -1 for 0, and leaves SCC alone
; The reference: "D.i = FindFirstOne(S0.u); If no ones are found, return -1. Returns the bit position of the first one from the
; LSB"; SCC is not named: SCC set before the last, zero, result stays set (s_flbit_i32's vector keeps a clear SCC
; through nonzero results)
; SET: s[0:5] = [0, 0xFFFFFFFF, 0x80000000, 0x10000, 0x80000100, 1]
s_cmp_eq_u32 0, 0
s_ff1_i32_b32 s10, s0
s_ff1_i32_b32 s11, s1
s_ff1_i32_b32 s12, s2
s_ff1_i32_b32 s13, s3
s_ff1_i32_b32 s14, s4
s_ff1_i32_b32 s15, s5
; CHECK: (s[10], s[11], s[12], s[13], s[14], s[15]) == (0xFFFFFFFF, 0, 31, 16, 8, 0)
; CHECK: scc == 1

; TEST: s_flbit_i32_b32 counts the zeros above the highest set bit, -1 for 0, and leaves SCC alone
; The reference: "D.i = FindFirstOne(S0.u); If no ones are found, return -1. Counts how many zeros before the first one
; starting from the MSB"
; SET: s[0:4] = [0, 0xFFFFFFFF, 0x80000000, 1, 0x10000]
s_cmp_eq_u32 0, 0
s_flbit_i32_b32 s10, s0
s_flbit_i32_b32 s11, s1
s_flbit_i32_b32 s12, s2
s_flbit_i32_b32 s13, s3
s_flbit_i32_b32 s14, s4
; CHECK: (s[10], s[11], s[12], s[13], s[14]) == (0xFFFFFFFF, 0, 0, 31, 15)
; CHECK: scc == 1

; TEST: s_flbit_i32 counts the bits from the MSB equal to the sign bit, -1 for 0 and -1, and leaves SCC alone
; The reference: "D.i = FirstOppositeSignBit(S0.i); If S0.i == 0 or S0.i == -1 (all bits are the same), return -1. Counts how
; many bits in a row (from MSB to LSB) are the same as the sign bit": INT_MIN and INT_MAX give 1 (bit 30 differs)
; SET: s[0:7] = [0, 0xFFFFFFFF, 0x80000000, 0x7FFFFFFF, 1, 0xFFFFFFFE, 0x00FF0000, 0xFFF0FFFF]
s_cmp_eq_u32 0, 1
s_flbit_i32 s10, s0
s_flbit_i32 s11, s1
s_flbit_i32 s12, s2
s_flbit_i32 s13, s3
s_flbit_i32 s14, s4
s_flbit_i32 s15, s5
s_flbit_i32 s16, s6
s_flbit_i32 s17, s7
; CHECK: (s[10], s[11], s[12], s[13]) == (0xFFFFFFFF, 0xFFFFFFFF, 1, 1)
; CHECK: (s[14], s[15], s[16], s[17]) == (31, 31, 8, 12)
; CHECK: scc == 0

; TEST: s_ff1_i32_b64 and s_flbit_i32_b64 scan 64 bits into a 32-bit result, -1 for 0, and leave SCC alone
; The reference: "D.i = FindFirstOne(S0.u64)", worded as the 32-bit forms.  2**32: ff1 32, flbit 31; 0x80000000_00000001:
; 0 and 0; 0x100: 8 and 55; the inline constants 0 and -1 read as 64 bits (-1: 0 and 0); one dword written
; SET: s[0:7] = [0, 0, 0, 1, 1, 0x80000000, 0x100, 0]
; SET: s21 = 0x5A5A5A5A
s_cmp_eq_u32 0, 0
s_ff1_i32_b64 s10, s[0:1]
s_ff1_i32_b64 s11, s[2:3]
s_ff1_i32_b64 s12, s[4:5]
s_ff1_i32_b64 s13, s[6:7]
s_flbit_i32_b64 s14, s[0:1]
s_flbit_i32_b64 s15, s[2:3]
s_flbit_i32_b64 s16, s[4:5]
s_flbit_i32_b64 s17, s[6:7]
s_flbit_i32_b64 s18, 0
s_ff1_i32_b64 s19, -1
s_flbit_i32_b64 s20, -1
; CHECK: (s[10], s[11], s[12], s[13]) == (0xFFFFFFFF, 32, 0, 8)
; CHECK: (s[14], s[15], s[16], s[17]) == (0xFFFFFFFF, 31, 0, 55)
; CHECK: (s[18], s[19], s[20], s[21]) == (0xFFFFFFFF, 0, 0, 0x5A5A5A5A)
; CHECK: scc == 1

; TEST: EXEC-mask control flow skips the disabled lanes
; SET: v0 = LANE
v_cmp_gt_u32_e32 vcc, 3, v0
s_and_saveexec_b64 s[2:3], vcc
s_cbranch_execz .LBB0_2
v_mov_b32_e32 v1, 5
.LBB0_2:
s_or_b64 exec, exec, s[2:3]
v_add_u32_e32 v1, 1, v1
; CHECK: v[1][:5] == [6, 6, 6, 1, 1]
; CHECK: exec == 2**64 - 1

; TEST: s_cbranch_execz jumps when no lane is left
; SET: v0 = LANE
; SET: s9 = 0
v_cmp_gt_u32_e32 vcc, 0, v0
s_and_saveexec_b64 s[2:3], vcc
s_cbranch_execz .LBB0_2
s_mov_b32 s9, 1
.LBB0_2:
s_or_b64 exec, exec, s[2:3]
; CHECK: s[9] == 0

; TEST: 64-bit shifts, scalar and vector
; SET: s[0:1] = [1, 0]
; SET: v0 = 0x00000010
; SET: v1 = 0x80000000
s_lshl_b64 s[2:3], s[0:1], 33
v_lshrrev_b64 v[2:3], 4, v[0:1]
v_ashrrev_i64 v[4:5], 63, v[0:1]
; CHECK: (s[2], s[3]) == (0, 2)
; CHECK: (v[2][0], v[3][0]) == (0x00000001, 0x08000000)
; CHECK: (v[4][0], v[5][0]) == (0xFFFFFFFF, 0xFFFFFFFF)

; TEST: v_lshlrev_b64 then v_ashrrev_i64 by 16 sign-extend an i64 from bit 47 (SelectionDAG's (x << 16) >> 16)
; The definitions: D.u64 = S1.u64 << S0.u[5:0]; D.i64 = S1.i64 >> S0.u[5:0] (only the low 6 bits of the amount).
; Lane 0: 0x00008000_12345678 (bit 47 set) -> 0x80001234_56780000 -> 0xFFFF8000_12345678.
; Lane 1: 0x12347FFF_9ABCDEF0 -> 0x7FFF9ABC_DEF00000 -> 0x00007FFF_9ABCDEF0.  v6 = 80: 80 & 63 = 16.
; SET: v0 = lanes(0x12345678, 0x9ABCDEF0)
; SET: v1 = lanes(0x00008000, 0x12347FFF)
; SET: v6 = 80
v_lshlrev_b64 v[2:3], 16, v[0:1]
v_ashrrev_i64 v[4:5], 16, v[2:3]
v_lshlrev_b64 v[8:9], v6, v[0:1]
v_ashrrev_i64 v[10:11], v6, v[8:9]
; CHECK: (v[2][0], v[3][0], v[2][1], v[3][1]) == (0x56780000, 0x80001234, 0xDEF00000, 0x7FFF9ABC)
; CHECK: (v[4][0], v[5][0], v[4][1], v[5][1]) == (0x12345678, 0xFFFF8000, 0x9ABCDEF0, 0x00007FFF)
; CHECK: (v[10][0], v[11][0], v[10][1], v[11][1]) == (0x12345678, 0xFFFF8000, 0x9ABCDEF0, 0x00007FFF)

; TEST: v_cmp_u64 compares register pairs (53 < 54; 54 is not; 2**32 is not)
; SET: v0 = lanes(53, 54)
; SET: v1 = lanes(0, 0, 1)
v_cmp_gt_u64_e64 s[4:5], 54, v[0:1]
; CHECK: s[4] & 0b111 == 0b001

; TEST: bit counting and alignment ops
; SET: v0 = 0x00F00000
; SET: v5 = 0x11223344
v_bcnt_u32_b32 v1, v0, 5
v_ffbh_u32_e32 v2, v0
v_ffbl_b32_e32 v3, v0
v_alignbit_b32 v4, v0, v5, 8
v_bfrev_b32_e32 v6, v0
; CHECK: (v[1][0], v[2][0], v[3][0]) == (9, 8, 20)
; CHECK: v[4][0] == 0x00112233
; CHECK: v[6][0] == 0x00000F00

; TEST: v_ffbh of zero is all ones
; SET: v0 = 0
v_ffbh_u32_e32 v1, v0
; CHECK: v[1][0] == 0xFFFFFFFF

; TEST: v_ffbh_i32 counts the leading bits equal to the sign bit; -1 for 0 and -1
; SET: v0 = lanes(0x00F00000, 0xFF0FFFFF, 0, 0xFFFFFFFF, 1, 0x40000000, 0x80000000, 0xBFFFFFFF)
v_ffbh_i32_e32 v1, v0
; CHECK: (v[1][0], v[1][1], v[1][2], v[1][3]) == (8, 8, 0xFFFFFFFF, 0xFFFFFFFF)
; CHECK: (v[1][4], v[1][5], v[1][6], v[1][7]) == (31, 1, 1, 1)

; TEST: v_cvt_f32_ubyte2 and v_sad_u32
; SET: v0 = 0x00FE0000
; SET: v3 = 3
; SET: v4 = 8
v_cvt_f32_ubyte2_e32 v1, v0
v_sad_u32 v2, v3, v4, 10
; CHECK: as_f32(v[1][0]) == 254.0
; CHECK: v[2][0] == 15

; TEST: v_readlane and v_writelane
; SET: v0 = LANE * 3
; SET: v1 = 0
v_readlane_b32 s4, v0, 5
v_writelane_b32 v1, s4, 60
; CHECK: s[4] == 15
; CHECK: v[1][60] == 15 and v[1][59] == 0

; TEST: v_readfirstlane reads the first enabled lane
; SET: v0 = LANE + 40
; EXEC: 0b1100
v_readfirstlane_b32 s4, v0
; CHECK: s[4] == 42

; TEST: SDWA UNUSED_SEXT sign-extends the written field
; SET: v0 = 0x8000
; SET: v1 = 0
v_mov_b32_sdwa v1, v0 dst_sel:BYTE_0 dst_unused:UNUSED_SEXT src0_sel:BYTE_1
; CHECK: v[1][0] == 0xFFFFFF80

; TEST: DPP row_bcast:15 (rows 1 and 3 only) and row_mirror
; SET: v0 = LANE
; SET: v1 = 999
v_mov_b32_dpp v1, v0 row_bcast:15 row_mask:0xa bank_mask:0xf
v_mov_b32_dpp v2, v0 row_mirror row_mask:0xf bank_mask:0xf
; CHECK: v[1][16] == 15 and v[1][0] == 999 and v[1][40] == 999 and v[1][63] == 47
; CHECK: v[2][0] == 15 and v[2][17] == 30

; ---------------------------------------------------------------- memory
; TEST: buffer_load out of range reads zero and is reported (61 lanes past the 16 bytes)
; ALLOC: buf 16
; PUT: buf 0 uint32 [0, 1, 2, 3]
; SET: v0 = LANE * 4
; SET: s[0:3] = buffer(buf, 16)
buffer_load_dword v1, v0, s[0:3], 0 offen offset:4
; CHECK: v[1][:4] == [1, 2, 3, 0]
; CHECK: len(oob_buffer) == 1 and oob_buffer[0][2] == 61

; TEST: buffer_load straddling the end reads its in-range dwords
; ALLOC: buf 12
; PUT: buf 0 uint32 [7, 8, 9]
; SET: v0 = 8
; SET: s[0:3] = buffer(buf, 12)
; EXEC: 1
buffer_load_dwordx2 v[2:3], v0, s[0:3], 0 offen
; CHECK: (v[2][0], v[3][0]) == (9, 0)

; TEST: buffer_store out of range is dropped
; ALLOC: buf 8 0
; SET: v0 = LANE * 4
; SET: v1 = LANE + 1
; SET: s[0:3] = buffer(buf, 8)
buffer_store_dword v1, v0, s[0:3], 0 offen
; CHECK: as_u32(mem(buf, 0, 8)) == [1, 2]

; TEST: global_load with a scalar base
; ALLOC: buf 256
; PUT: buf 0 uint32 range(64)
; SET: v0 = LANE * 4
; SET: s[0:1] = [lo(buf), hi(buf)]
; EXEC: (1 << 63) - 1
global_load_dword v1, v0, s[0:1] offset:4
; CHECK: v[1][0] == 1 and v[1][62] == 63

; TEST: s_load_dwordx2 reads kernarg memory
; ALLOC: buf 16
; PUT: buf 0 uint32 [0x1111, 0x2222, 0x2222, 0x2222]
; SET: s[0:1] = [lo(buf), hi(buf)]
s_load_dwordx2 s[4:5], s[0:1], 0x4
; CHECK: (s[4], s[5]) == (0x2222, 0x2222)

; TEST: d16 loads fill one half and keep the other
; ALLOC: buf 4
; PUT: buf 0 uint8 [0x34, 0x12, 0xFF, 0x00]
; SET: v0 = 0
; SET: v1 = 0xAAAABBBB
; SET: v2 = 0xCCCCDDDD
; SET: v3 = 2
; SET: s[0:3] = buffer(buf, 4)
; EXEC: 1
buffer_load_short_d16_hi v1, v0, s[0:3], 0 offen
buffer_load_sbyte_d16 v2, v3, s[0:3], 0 offen
; CHECK: v[1][0] == 0x1234BBBB
; CHECK: v[2][0] == 0xCCCCFFFF

; TEST: global_load_sbyte sign-extends, global_store_byte_d16_hi stores the high half
; ALLOC: buf 8 0
; PUT: buf 0 uint8 [0x80]
; SET: v0 = 0
; SET: v2 = 0x00AB0000
; SET: s[0:1] = [lo(buf), hi(buf)]
; EXEC: 1
global_load_sbyte v1, v0, s[0:1]
global_store_byte_d16_hi v0, v2, s[0:1] offset:4
; CHECK: v[1][0] == 0xFFFFFF80
; CHECK: mem(buf, 4, 1) == b"\xab"

; TEST: s_buffer_load reads through a descriptor and zeroes beyond num_records
; ALLOC: buf 16
; PUT: buf 0 uint32 [5, 6, 7, 8]
; SET: s[0:3] = buffer(buf, 12)
s_buffer_load_dwordx2 s[8:9], s[0:3], 0x8
; CHECK: (s[8], s[9]) == (7, 0)

; TEST: the buffer offset wraps at 32 bits (0xffffff80 + 132 = 4 mod 2**32)
; ALLOC: buf 16
; PUT: buf 0 uint32 [9, 8, 7, 6]
; SET: s[0:3] = buffer(buf, 16)
; EXEC: 1
s_movk_i32 s12, 0xff80
v_mov_b32_e32 v0, s12
buffer_load_dword v1, v0, s[0:3], 0 offen offset:132
; CHECK: v[1][0] == 8

; TEST: scratch is private to each lane and bounded by the segment (offset 8: outside the 8 bytes)
; PRIVATE: 8
; SET: v0 = LANE + 10
; SET: v3 = where(LANE == 0, 4, 8)
scratch_store_dword off, v0, off offset:4
scratch_load_dword v1, off, off offset:4
scratch_load_dword v2, v3, off
; CHECK: v[1] == LANE + 10
; CHECK: v[2][0] == 10 and v[2][1] == 0
; CHECK: oob_local[0][2] == 63

; ---------------------------------------------------------------- LDS
; TEST: ds_write then ds_read2 within one wave
; LDS: 260
; SET: v0 = LANE * 4
; SET: v1 = LANE * 10
; SET: v4 = LANE * 4
ds_write_b32 v0, v1
ds_read2_b32 v[2:3], v4 offset1:1
; CHECK: v[2][5] == 50 and v[3][5] == 60

; TEST: ds_swizzle quad_perm and ds_bpermute
; SET: v0 = LANE + 100
; SET: v3 = ((LANE + 1) % 64) * 4
ds_swizzle_b32 v1, v0 offset:swizzle(QUAD_PERM,1,0,3,2)
ds_bpermute_b32 v2, v3, v0
; CHECK: v[1][:4] == [101, 100, 103, 102]
; CHECK: v[2][63] == 100 and v[2][0] == 101

; TEST: ds_swizzle's bit-mask macros as LLVM prints them (and, or, xor within each 32 lanes)
; SET: v0 = LANE + 100
ds_swizzle_b32 v1, v0 offset:swizzle(SWAP,16)
ds_swizzle_b32 v2, v0 offset:swizzle(BROADCAST,32,31)
ds_swizzle_b32 v3, v0 offset:swizzle(REVERSE,8)
ds_swizzle_b32 v4, v0 offset:swizzle(BITMASK_PERM,"pppi0")
; CHECK: v[1][0] == 116 and v[1][16] == 100 and v[1][33] == 149 and v[1][63] == 147
; CHECK: v[2][:32] == [131] * 32
; CHECK: v[2][32:] == [163] * 32
; CHECK: v[3][0] == 107 and v[3][7] == 100 and v[3][9] == 114 and v[3][40] == 147
; CHECK: v[4][5] == 106 and v[4][7] == 104 and v[4][37] == 138

; TEST: ds_swizzle's rotate mode (offset 0xC000 and up) is not modelled
; SET: v0 = LANE
ds_swizzle_b32 v1, v0 offset:49152
; ERROR: ds_swizzle offset 0xc000

; TEST: a swizzle quad-mode offset with stray bits is no quad permutation
; SET: v0 = LANE
ds_swizzle_b32 v1, v0 offset:33024
; ERROR: ds_swizzle offset 0x8100

; TEST: an LDS race between waves is reported (wave 1 writes what wave 0 read, reads what it wrote)
; WAVES: 2
; LDS: 512
; SET: v0 = LANE * 4 + 256 * WAVE
; SET: v1 = LANE + WAVE
; SET: v3 = LANE * 4 + 256 * (1 - WAVE)
ds_write_b32 v0, v1
ds_read_b32 v2, v3
; CHECK: len(lds_races) == 2

; TEST: a barrier removes the race; each wave reads the other's values after it
; WAVES: 2
; LDS: 512
; SET: v0 = LANE * 4 + 256 * WAVE
; SET: v1 = LANE + WAVE
; SET: v3 = LANE * 4 + 256 * (1 - WAVE)
ds_write_b32 v0, v1
s_barrier
ds_read_b32 v2, v3
; CHECK: lds_races == []
; CHECK: waves[0].v[2][3] == 4 and waves[1].v[2][3] == 3

; TEST: ds_permute moves data forward; ds_write2st64 strides by 64 elements
; LDS: 512
; SET: v0 = LANE
; SET: v2 = ((LANE + 1) % 64) * 4
; SET: v3 = 0
; SET: v4 = 77
; SET: v6 = 256
; EXEC: 1
ds_permute_b32 v1, v2, v0
ds_write2st64_b32 v3, v0, v4 offset1:1
ds_read_b32 v5, v6
; CHECK: v[1][1] == 0 and v[5][0] == 77

; TEST: LDS comes in 512-byte granules; accesses beyond read zero and are reported
; byte 500 lies in the 512-byte granule of a 16-byte group segment; inside the granule, never written: the fill
; pattern of unwritten memory; lanes at 512..1008: outside, read 0
; LDS: 16
; SET: v0 = LANE * 16
; SET: v1 = 7
; SET: v2 = 500
ds_write_b32 v2, v1
ds_read_b32 v3, v2
ds_read_b32 v4, v0
; CHECK: v[3][0] == 7
; CHECK: v[4][31] == 0xFFFFFFFF
; CHECK: v[4][32] == 0 and oob_local == [("k", "LDS", 32)]

; ---------------------------------------------------------------- refusals
; TEST: an unmodelled instruction raises, naming it
; ERROR: v_mad_f32
v_mad_f32 v3, v0, v1, v2

; TEST: an unknown modifier raises, naming it
; ERROR: frobnicate
v_add_f32_e64 v2, v0, v1 frobnicate

; TEST: an op whose SDWA form is not modelled refuses it
; ERROR: SDWA
v_addc_co_u32_sdwa v2, vcc, v0, v1, vcc dst_sel:DWORD

; TEST: the carry ops' SDWA form refuses a dst_sel other than DWORD (where the carry-out comes from is not stated)
; ERROR: dst_sel other than DWORD
v_sub_co_u32_sdwa v2, vcc, v0, v1 dst_sel:WORD_0 dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD

; TEST: the carry ops refuse clamp (it was read as if absent)
; ERROR: clamp
v_add_co_u32_e64 v2, s[0:1], v0, v1 clamp

; TEST: op_sel on an op without 16-bit operands raises
; ERROR: op_sel
v_add_u32_e64 v2, v0, v1 op_sel:[1,0,0]

; TEST: a nonzero float constant read as the high dword of a packed f32 source raises
; GlobalISel's form of a splat <0.5, 0.5>; what gfx942 reads there is documented nowhere (ops_vop3p.py says why)
; ERROR: nonzero constant read as the high dword of a packed f32 source
v_pk_mul_f32 v[4:5], v[0:1], 0.5

; TEST: a nonzero integer constant read as the high dword of a packed f32 source raises
; ERROR: nonzero constant read as the high dword of a packed f32 source
v_pk_fma_f32 v[4:5], v[0:1], v[2:3], -1 op_sel_hi:[1,1,1]

; ---------------------------------------------------------------- the f32 division macro as LLVM emits it for gfx942
; TEST: the division macro rounds correctly and fixes up special cases (7/-inf = -0; 0/0 is the NaN 0xffc00000)
; SET: v0 = f32s(1, 2, 0, 5, 0, 7, inf, -6, nan, pad=1)
; SET: v1 = f32s(3, 7, 5, 0, 0, -inf, 2, 0.1, 1, pad=1)
v_div_scale_f32 v3, s[0:1], v1, v1, v0
v_rcp_f32_e32 v6, v3
v_div_scale_f32 v8, vcc, v0, v1, v0
v_fma_f32 v10, -v3, v6, 1.0
v_fmac_f32_e32 v6, v10, v6
v_mul_f32_e32 v10, v8, v6
v_fma_f32 v12, -v3, v10, v8
v_fmac_f32_e32 v10, v12, v6
v_fma_f32 v3, -v3, v10, v8
v_div_fmas_f32 v3, v3, v6, v10
v_div_fixup_f32 v2, v3, v1, v0
; CHECK: as_f32(v[2][:9]) == divide(f32s(1, 2, 0, 5, 0, 7, inf, -6, nan), f32s(3, 7, 5, 0, 0, -inf, 2, 0.1, 1))[:9]
; CHECK: signbit(as_f32(v[2][5])) and v[2][4] == 0xFFC00000

; TEST: v_div_scale_f32 refuses operands that need scaling
; SET: v0 = f32(1e-38)
; SET: v1 = f32(3e38)
; ERROR: v_div_scale_f32
v_div_scale_f32 v3, s[0:1], v1, v1, v0
v_rcp_f32_e32 v6, v3
v_div_scale_f32 v8, vcc, v0, v1, v0
v_fma_f32 v10, -v3, v6, 1.0
v_fmac_f32_e32 v6, v10, v6
v_mul_f32_e32 v10, v8, v6
v_fma_f32 v12, -v3, v10, v8
v_fmac_f32_e32 v10, v12, v6
v_fma_f32 v3, -v3, v10, v8
v_div_fmas_f32 v3, v3, v6, v10
v_div_fixup_f32 v2, v3, v1, v0

; ---------------------------------------------------------------- more definitions at their edges
; TEST: s_waitcnt with two counters decodes and does nothing
; SET: v1 = 0
v_mov_b32_e32 v1, 3
s_waitcnt vmcnt(0) lgkmcnt(0)
; CHECK: v[1][0] == 3

; TEST: a float constant of a packed f16 op is an f16 ((2.0, 4.0) * 0.5)
; SET: v0 = (0x4400 << 16) | 0x4000
v_pk_mul_f16 v1, v0, 0.5 op_sel_hi:[1,0]
; CHECK: v[1][0] == (0x4000 << 16) | 0x3C00

; TEST: v_pack_b32_f16 packs two halves
; SET: v0 = 0x3C000000
; SET: v1 = 0x1234C000
v_pack_b32_f16 v2, v0, v1 op_sel:[1,0,0]
; CHECK: v[2][0] == 0xC0003C00

; TEST: AGPR moves and an MFMA accumulating in AGPRs (A = 1.0, B = 2.0 in f16: every D element is 16 * 2 + C)
; SET: v0 = 0x3C003C00
; SET: v1 = 0x3C003C00
; SET: v2 = 0x40004000
; SET: v3 = 0x40004000
; SET: v4 = f32(0.5)
v_accvgpr_write_b32 a0, v4
v_accvgpr_write_b32 a1, v4
v_accvgpr_write_b32 a2, v4
v_accvgpr_write_b32 a3, v4
v_mfma_f32_16x16x16_f16 a[0:3], v[0:1], v[2:3], a[0:3]
v_accvgpr_read_b32 v5, a3
; CHECK: as_f32(v[5][0]) == 32.5 and as_f32(a[0][17]) == 32.5

; TEST: packed f16 float constants have a zero high half; integer constants are sign-extended
; LLVM AMDGPUBaseInfo getInlineEncodingV216: low max(-8, -4) = -4; high max(-8, +0.0) = +0
; SET: v0 = 0xC800C800
; SET: v3 = 0x00050005
v_pk_max_f16 v1, v0, -4.0
v_pk_add_u16 v2, v3, -1
; CHECK: v[1][0] == (0x0000 << 16) | 0xC400
; CHECK: v[2][0] == 0x00040004
