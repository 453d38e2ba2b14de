"""The IR evidence `kernelfuzz localize --evidence ir_evidence.py` judges each codegen dump with (docs/localize.md): is
the high dword of a 64-bit sign extension built from the LOW dword?

`python3 ir_evidence.py --ir FILE`, FILE one dispatch function's IR after a pass (MLIR, LLVM IR or machine IR):
exit 1 (shown) when the machine IR splits a 64-bit value x into dwords and builds the result's HIGH dword by
sign-extending x's LOW dword, its low dword being x's low dword:
  after regbankselect   %lo:vgpr(s32), %hi:vgpr(s32) = G_UNMERGE_VALUES %x:vgpr(s64)   (a COPY of %lo may stand
                        %e:vgpr(s32) = G_SEXT_INREG %lo, N                              in for %lo anywhere)
                        %r:vgpr(s64) = G_MERGE_VALUES %lo, %e
  after instruction     %lo:vgpr_32 = COPY %x.sub0
  selection             %e:vgpr_32 = V_BFE_I32_e64 %lo, 0, N
                        %r:vreg_64 = REG_SEQUENCE %lo, %subreg.sub0, %e, %subreg.sub1
  later                 %r.sub1 = V_BFE_I32_e64 %r.sub0, 0, N   (coalesced)   $vgprK+1 = V_BFE_I32_e64 $vgprK, 0, N
                        with $vgprK_vgprK+1 in use (register-allocated);
exit 0 (not shown) when it does not and the 64-bit sign extension is there to judge: still whole (MLIR `arith.shrsi`
or `llvm.ashr` on i64, LLVM IR `ashr i64` / `sext ... to i64`, machine IR `G_ASHR` / `G_SEXT_INREG` / `G_SEXT` of s64
(i64 in LLVM 22's newer printer) before regbankselect, `S_BFE_I64` / `V_ASHRREV_I64` after selection) or split right
(the high dword from the high one); exit 2 when FILE is missing or holds no 64-bit sign extension to judge; 3 on the script's own error, never 1
through a traceback (kernelfuzz's exit rule, corpus/tools/verdict.py: kept here without the helper)."""
import re
import sys
import traceback
from pathlib import Path

INST = re.compile(r"^\s*(?:\d+B\s+)?(?P<defs>[^=\n]+?) = (?:[a-z]+ )*(?P<op>[A-Z]\w+)(?P<ops>[^\n]*)$", re.M)
REG = re.compile(r"(%\d+|\$\w+)(?:\.(sub\d))?")
PAIR = re.compile(r"(%\d+)(?:\.(sub\d))?(?::[\w()]+)?, %subreg\.(sub\d)")  # REG_SEQUENCE's value, sub-register
BIT0 = re.compile(r"\s*(?:(?:killed|renamable|undef) )*[%$][\w.:]+, 0, \d+")  # V_BFE_I32's source, offset 0
I64 = r"(?:vector<[\dx]*)?i64"  # an i64, or a vector of them (MLIR)
WHOLE = re.compile(rf"arith\.shrsi [^\n]*: {I64}|arith\.extsi [^\n]* to {I64}|llvm\.ashr [^\n]*: {I64}|"
                   rf"llvm\.sext [^\n]* to {I64}|= ashr (?:exact )?(?:<\d+ x )?i64|= sext [^\n]* to (?:<\d+ x )?i64|"
                   r"\([si]64\) = (?:G_ASHR|G_SEXT_INREG|G_SEXT) |"
                   r"= (?:S_BFE_I64|V_ASHRREV_I64\w*|V_ASHR_I64\w*|S_ASHR_I64) ")


def regs(text: str) -> list[tuple[str, str]]:
    return [(r, s or "") for r, s in REG.findall(text)]


def origin(defs: dict, reg: tuple[str, str]) -> tuple[str, str]:
    """(value, dword) a register holds, through COPYs and G_UNMERGE_VALUES: ("%20", "sub0") for x's low dword."""
    for _ in range(64):
        d = defs.get(reg)
        if d is None or reg[1]:
            return reg
        op, ops, index = d
        if op == "COPY" and ops:
            reg = ops[0]
        elif op == "G_UNMERGE_VALUES" and ops and index < 2:
            return ops[0][0], f"sub{index}"
        else:
            return reg
    return reg


def sign_extended(defs: dict, reg: tuple[str, str]) -> tuple[str, str] | None:
    """What a 32-bit in-register sign extension (G_SEXT_INREG, V_BFE_I32 from bit 0) defining ``reg`` extends."""
    d = defs.get(origin(defs, reg)) or defs.get(reg)
    if d and d[0] in ("G_SEXT_INREG", "V_BFE_I32_e64", "V_BFE_I32_e32") and d[1]:
        return origin(defs, d[1][0])
    return None


def judge(text: str) -> tuple[bool | None, str]:
    defs, found, right = {}, [], []
    for m in INST.finditer(text):
        op, ops, raw = m.group("op"), regs(m.group("ops")), m.group("ops")
        if op.startswith("V_BFE_I32") and not BIT0.match(raw):
            continue  # not an extension from bit 0
        for index, reg in enumerate(regs(m.group("defs"))):
            defs[reg] = (op, ops, index)
        out, line = regs(m.group("defs")), m.group(0).strip()
        if not (op.startswith("V_BFE_I32") and out and ops):
            continue
        if out[0][1] == "sub1" and ops[0] == (out[0][0], "sub0"):  # coalesced into one 64-bit register
            found.append(f"{line} (coalesced: the high dword from the same value's low one)")
        elif out[0][1] == "sub1" and ops[0] == out[0]:
            right.append(f"{line} (coalesced: the high dword from itself)")
        k = int(out[0][0][5:]) if out[0][0][:5] == "$vgpr" and out[0][0][5:].isdigit() else -1
        if k > 0 and f"$vgpr{k - 1}_vgpr{k}" in text:  # register-allocated: the pair's high register
            if ops[0] == (f"$vgpr{k - 1}", ""):
                found.append(f"{line} ($vgpr{k - 1}_vgpr{k}'s high dword from its low one)")
            elif ops[0] == out[0]:
                right.append(f"{line} ($vgpr{k - 1}_vgpr{k}'s high dword from itself)")
    pairs = []  # (low, high, the line that builds the 64-bit value from them)
    for m in INST.finditer(text):
        op, raw, line = m.group("op"), m.group("ops"), m.group(0).strip()
        if op == "G_MERGE_VALUES" and re.search(r"\([si]64\)", m.group("defs")):  # LLVM 22 on: i64
            pairs.append((*regs(raw)[:2], line))
        elif op == "REG_SEQUENCE":
            subs = {sub: (r, s or "") for r, s, sub in PAIR.findall(raw)}
            pairs.append((subs.get("sub0"), subs.get("sub1"), line))
    for (r, sub), (op, ops, _) in list(defs.items()):  # after two-address: undef %r.sub0 = COPY ...; %r.sub1 = COPY
        low = defs.get((r, "sub0"))
        if sub == "sub1" and op == "COPY" and ops and low and low[0] == "COPY" and low[1]:
            copies = f"{r}.sub0 = COPY {''.join(low[1][0])}; {r}.sub1 = COPY {''.join(ops[0])}"
            pairs.append((low[1][0], ops[0], copies))
    for low, high, line in pairs:
        if low is None or high is None:
            continue
        low, ext = origin(defs, low), sign_extended(defs, high)
        if ext is not None and ext[1] == "sub0" and low == ext:
            found.append(f"{line}: high dword = sign extension of {ext[0]}'s low dword")
        elif ext is not None and ext[1] == "sub1":
            right.append(line)
    if found:
        return True, found[0]
    whole = WHOLE.search(text)
    if whole or right:
        return False, (f"the 64-bit sign extension is whole: {whole.group(0).strip()}" if whole else
                       f"split right, the high dword from the high one: {right[0]}")
    return None, "no 64-bit sign extension in this IR to judge"


def main() -> int:
    if "--ir" not in sys.argv or sys.argv.index("--ir") + 1 >= len(sys.argv):
        print("could not judge: usage: python3 ir_evidence.py --ir FILE (one dispatch function's IR) (exit 2)")
        return 2
    path = Path(sys.argv[sys.argv.index("--ir") + 1])
    if not path.is_file():
        print(f"could not judge: {path}: no such file (exit 2)")
        return 2
    shown, why = judge(path.read_text())
    if shown is None:
        print(f"could not judge: {why} (exit 2)")
        return 2
    print(f"  {'holds' if shown else 'FAILS'}: the high dword of a 64-bit sign extension is built from the low "
          f"dword: {why}")
    print("verdict: the bug is shown (exit 1)" if shown else "verdict: the bug is NOT shown (exit 0)")
    return 1 if shown else 0


if __name__ == "__main__":
    try:
        status = main()
    except Exception:  # noqa: BLE001  (the script's own error: never "shown")
        traceback.print_exc()
        print("the script's own error (exit 3)")
        status = 3
    sys.exit(status)
