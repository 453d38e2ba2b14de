# Part of evidence.sh and releases.sh (sourced, not run): what one compile's dumped LLVM IR and gfx942 assembly say
# about its private stack. stack DIR: DIR holds iree-compile's --iree-hal-dump-executable-intermediates-to files.
# Prints the allocas, the stack-pointer bumps and the fixed private size, and sets SIZES (each alloca's bytes rounded
# up to the 16-byte stack alignment, in order), BUMPS (each `s_add_i32 s32, sN, IMM`'s IMM, in order), FIXED
# (.amdhsa_private_segment_fixed_size) and LAST (the per-lane byte where the last alloca starts: FIXED plus every
# bump but the last). Under flat scratch s32 counts bytes of one lane, so a right bump is the rounded size and a
# wave-size-scaled one is 64 times it.
stack() {
  ll=$(ls "$1"/*.optimized.ll 2>/dev/null | head -n1)
  asm=$(ls "$1"/*.rocmasm 2>/dev/null | head -n1)
  [ -n "$ll" ] && [ -n "$asm" ] || { echo "  no dumped .optimized.ll / .rocmasm"; SIZES=; BUMPS=; FIXED=; LAST=; return 1; }
  grep -E "= alloca " "$ll" | sed 's/^ */  IR:  /'
  grep -E "s_add_i32 s32, s[0-9]+, |s_mov_b32 s32, " "$asm" | sed 's/^[[:space:]]*/  asm: /'
  # [N x T] or T, iN N or T: the alloca's bytes, rounded up to 16
  SIZES=$(grep -E "= alloca " "$ll" | awk '
    function bytes(t) { return t ~ /^(half|bfloat|i16)$/ ? 2 : t ~ /^(float|i32)$/ ? 4 : t ~ /^(double|i64)$/ ? 8 : t == "i8" ? 1 : 0 }
    { n = 1; t = "";
      if (match($0, /alloca \[[0-9]+ x [a-z0-9]+\]/)) { split(substr($0, RSTART + 8, RLENGTH - 9), p, " x "); n = p[1]; t = p[2] }
      else if (match($0, /alloca [a-z0-9]+, i(32|64) [0-9]+/)) { split(substr($0, RSTART + 7, RLENGTH - 7), p, /, i[0-9]+ /); t = p[1]; n = p[2] }
      else if (match($0, /alloca [a-z0-9]+,/)) { t = substr($0, RSTART + 7, RLENGTH - 8) }
      b = n * bytes(t); printf "%d ", (b == 0 ? -1 : int((b + 15) / 16) * 16) }')
  BUMPS=
  for imm in $(grep -oE "s_add_i32 s32, s[0-9]+, (0x[0-9a-f]+|[0-9]+)" "$asm" | awk '{ print $NF }'); do
    BUMPS="$BUMPS$((imm)) "  # sh arithmetic reads 0x hex
  done
  FIXED=$(grep -m1 -oE "amdhsa_private_segment_fixed_size [0-9]+" "$asm" | awk '{ print $2 }')
  LAST=$(echo "$BUMPS" | awk -v f="${FIXED:-0}" '{ s = f; for (i = 1; i < NF; i++) s += $i; print s }')
  echo "  alloca bytes (rounded to 16): ${SIZES:-none}; s32 bumps: ${BUMPS:-none}; fixed private size: $FIXED;" \
    "the last alloca starts at byte ${LAST:-none} of its lane"
}

# scaled: every bump is 64 times its alloca's rounded size (the wave-size scaling), and there is at least one.
scaled() {
  [ -n "$BUMPS" ] && [ "$(echo "$SIZES" | awk '{ for (i = 1; i <= NF; i++) printf "%d ", $i * 64 }')" = "$BUMPS" ]
}

# overflows: the last alloca starts at or past byte 1024 of its lane, the HIP runtime's default stack (hipLimitStackSize).
overflows() { [ -n "$LAST" ] && [ "$LAST" -ge 1024 ]; }
