"""The GPU codegen dumps go on into LLVM's backend (frontends/iree/llvm_dumps.py): LLVM IR and machine IR after each
LLVM pass, parsed from LLVM's --print-after-all as iree-compile prints it; and the GlobalISel RegBankSelect finding's
IR evidence script (a real subprocess) judging machine IR before and after the pass that breaks it."""
import shutil
import subprocess
import sys

import pytest

from frontends.iree.llvm_dumps import dump_name, llvm_dumps
from tests import ROOT

F = "main_dispatch_0"
DEFINE = f"define amdgpu_kernel void @{F}(ptr addrspace(1) %0) #0 {{\n"
IR = DEFINE + "  %2 = load i64, ptr addrspace(1) %0\n  %3 = ashr i64 %2, 16\n  ret void\n}\n"
IR2 = DEFINE + "  %2 = load i64, ptr addrspace(1) %0, align 8\n  %3 = ashr i64 %2, 16\n  ret void\n}\n"
MIR = (f"# Machine code for function {F}: IsSSA, TracksLiveness\n\nbb.1 (%ir-block.1):\n"
       "  %25:_(s64) = G_SEXT_INREG %20:_, 48\n  S_ENDPGM 0\n\n# End machine code for function " + F + ".\n")
MIR2 = MIR.replace("%25:_(s64)", "%25:vgpr(s64)")
OTHER = "define void @helper() {\n  ret void\n}\n"
# the shapes of iree-compile 3.11's stderr with --opt-bisect-limit=0 --print-after-all
STDERR = (
    f"; *** IR Dump After CoroEarlyPass on [module] ***\n; ModuleID = 'main_dispatch_0'\n\n{IR}\n{OTHER}"
    f"; *** IR Dump After EntryExitInstrumenterPass on {F} ***\n{IR}"  # unchanged: no dump
    f"*** IR Dump After Expand IR instructions (expand-ir-insts) ***\n{IR2}"
    f"BISECT: NOT running pass (12) gvn on function ({F})\n"
    f"*** IR Dump After Global Value Numbering (gvn) ***\n{IR2}"
    f"*** IR Dump After DummyCGSCCPass (DummyCGSCCPass) ***; Function Attrs: nounwind\n{IR2}"
    f"# *** IR Dump After Legalizer (legalizer) ***:\n{MIR}\n"
    f"BISECT: NOT running pass (84) amdgpu-postlegalizer-combiner on function ({F})\n"
    "# *** IR Dump After AMDGPUPostLegalizerCombiner (amdgpu-postlegalizer-combiner) ***:\n"  # skipped: empty
    f"# *** IR Dump After RegBankSelect (regbankselect) ***:\n{MIR2}\n"
    f"# *** IR Dump After Slot index numbering (slotindexes) ***:\n{MIR2}\n")


def test_each_llvm_pass_that_changes_the_function_adds_a_numbered_dump_named_by_pass_and_arg():
    dumps = llvm_dumps(STDERR, {F}, first=40)
    assert [(d["number"], d["pass"], d["arg"], d["suffix"]) for d in dumps] == [
        (40, "CoroEarlyPass", "", ".ll"),  # numbered by the headers, on from the MLIR dumps
        (42, "Expand IR instructions", "expand-ir-insts", ".ll"),
        (45, "Legalizer", "legalizer", ".mir"),
        (47, "RegBankSelect", "regbankselect", ".mir")]
    assert dumps[0]["text"] == IR.rstrip("\n") and "helper" not in dumps[0]["text"]  # the dispatch function alone
    assert dumps[2]["text"] == MIR.rstrip("\n") and "BISECT" not in "".join(d["text"] for d in dumps)
    assert dump_name(dumps[3]) == f"LLVM: RegBankSelect (regbankselect) on @{F}"
    assert dump_name(dumps[0]) == f"LLVM: CoroEarlyPass on @{F}"
    assert llvm_dumps(STDERR, {"absent"}) == []


def test_the_dumps_stop_at_the_cap_and_the_last_one_says_so():
    dumps = llvm_dumps(STDERR, {F}, cap=len(IR) + 10)
    assert len(dumps) == 2 and "stop here" in dump_name(dumps[-1]) and "capped" not in dumps[0]


SCRIPT = ROOT / "corpus/findings/llvm-amdgpu-globalisel-regbankselect-sext-inreg-s64-high-half-from-low-half" \
    / "ir_evidence.py"
LEGALIZED = """  %20:_(s64) = G_AMDGPU_BUFFER_LOAD %36:_(<4 x s32>), %21:_(s32), %21:_, %21:_, 0, 0, 0
  %25:_(s64) = G_SEXT_INREG %20:_, 48
"""
REGBANK = """  %20:vgpr(s64) = G_AMDGPU_BUFFER_LOAD %36:sgpr(<4 x s32>), %50:vgpr(s32), %51:vgpr, %21:sgpr, 0, 0, 0
  %54:vgpr(s32), %55:vgpr(s32) = G_UNMERGE_VALUES %20:vgpr(s64)
  %52:vgpr(s32) = COPY %54:vgpr(s32)
  %53:vgpr(s32) = G_SEXT_INREG %52:vgpr, 16
  %25:vgpr(s64) = G_MERGE_VALUES %52:vgpr(s32), %53:vgpr(s32)
"""
SELECTED = """  %54:vgpr_32 = COPY %20.sub0:vreg_64_align2
  %55:vgpr_32 = COPY %20.sub1:vreg_64_align2
  %53:vgpr_32 = V_BFE_I32_e64 %54:vgpr_32, 0, 16, implicit $exec
  %25:vreg_64_align2 = REG_SEQUENCE %54:vgpr_32, %subreg.sub0, %53:vgpr_32, %subreg.sub1
"""
ALLOCATED = """336B	  renamable $vgpr1 = V_BFE_I32_e64 $vgpr0, 0, 16, implicit $exec
448B	  BUFFER_STORE_DWORDX2_OFFSET_exact killed renamable $vgpr0_vgpr1, killed renamable $sgpr4_sgpr5_sgpr6_sgpr7
"""


def _judge(tmp_path, text: str, suffix: str = ".mir") -> tuple[int, str]:
    path = tmp_path / f"dump{suffix}"
    path.write_text(text)
    r = subprocess.run([sys.executable, str(SCRIPT), "--ir", str(path)], capture_output=True, text=True, timeout=60)
    return r.returncode, r.stdout


@pytest.mark.parametrize("text, status", [
    (REGBANK, 1),  # the high dword is G_SEXT_INREG of a copy of the LOW half of the unmerge
    (REGBANK.replace("COPY %54:vgpr(s32)", "COPY %55:vgpr(s32)").replace("G_MERGE_VALUES %52", "G_MERGE_VALUES %54"),
     0),  # the same split with the high half extended: right
    (LEGALIZED, 0),  # before regbankselect: the 64-bit G_SEXT_INREG is whole
    (LEGALIZED.replace("(s64) = G_SEXT", "(i64) = G_SEXT"), 0),  # LLVM 22's printer
    (SELECTED, 1),  # after instruction selection: V_BFE_I32 of sub0 into sub1
    (SELECTED.replace("V_BFE_I32_e64 %54", "V_BFE_I32_e64 %55"), 0),
    ("  %25.sub1:vreg_64_align2 = V_BFE_I32_e64 %25.sub0:vreg_64_align2, 0, 16, implicit $exec\n", 1),  # coalesced
    ("  %27.sub1:vreg_64_align2 = V_BFE_I32_e64 %27.sub1:vreg_64_align2, 0, 16, implicit $exec\n", 0),
    (ALLOCATED, 1),
    (ALLOCATED.replace("V_BFE_I32_e64 $vgpr0", "V_BFE_I32_e64 $vgpr1"), 0),
    ("  %5:vgpr_32 = V_ADD_U32_e64 %3, %4, 0, implicit $exec\n", 2),  # nothing to judge
])
def test_the_finding_script_shows_the_high_dword_built_from_the_low_one_in_machine_ir(tmp_path, text, status):
    assert _judge(tmp_path, text)[0] == status


def test_the_finding_script_sees_the_whole_sign_extension_in_llvm_ir_and_mlir_and_cannot_judge_no_file(tmp_path):
    assert _judge(tmp_path, IR, ".ll")[0] == 0
    assert _judge(tmp_path, "    %8 = arith.shrsi %7, %c16_i64 : i64\n", ".mlir")[0] == 0
    r = subprocess.run([sys.executable, str(SCRIPT), "--ir", str(tmp_path / "none.mir")], capture_output=True,
                       text=True, timeout=60)
    assert r.returncode == 2 and "no such file" in r.stdout


@pytest.mark.skipif(shutil.which("llc-22") is None, reason="needs LLVM 22's llc-22")
def test_on_llc_22s_own_dumps_regbankselect_is_the_first_pass_shown_and_the_new_passes_never_show_it(tmp_path):
    """The finding's repro.ll through llc-22 -global-isel: with the old RegBankSelect the first dump shown is the
    pass's own; with -new-reg-bank-select (right) none is."""
    repro = SCRIPT.parent / "repro.ll"
    base = ["llc-22", "-mtriple=amdgcn-amd-amdhsa", "-mcpu=gfx942", "-O2", "-global-isel", str(repro), "-o",
            "/dev/null", "-print-after-all"]
    for extra, first in (([], "regbankselect"), (["-new-reg-bank-select"], None)):
        err = subprocess.run(base + extra, capture_output=True, text=True, timeout=120).stderr
        dumps = llvm_dumps(err, {"k"})
        statuses = [_judge(tmp_path, d["text"], d["suffix"])[0] for d in dumps]
        if first:
            shown = statuses.index(1)  # ValueError: never shown
            assert dumps[shown]["arg"] == first and set(statuses[:shown]) == {0}
        else:
            assert 1 not in statuses and 0 in statuses


@pytest.mark.compilers
def test_ireess_gpu_dumps_go_on_from_the_mlir_passes_into_llvm_ir_and_machine_ir(tmp_path):
    """IREE's real gfx942 compile: after the MLIR codegen dumps come the dispatch's LLVM IR and MIR dumps, numbered
    on from them, instruction selection and register allocation (required passes) among them.  This kernel does not
    link without LLVM's optional passes (the device library): the dumps its passes printed stand, up to the cap."""
    from frontends.iree import frontend as iree_frontend, gpu_localize
    from fuzz.casefile import load
    finding = ROOT / "corpus/findings/iree-gfx942-vecdist-dynamic-reduction-conv-tile-left-whole-per-thread"
    config = next(c for c in iree_frontend.CONFIGS if c.name == "iree:gfx942-O2")
    dumps = gpu_localize.dumps(load(str(finding / "case.json")), config, str(tmp_path))
    llvm = [d for d in dumps if d["name"].startswith("LLVM: ")]
    assert llvm and dumps[-len(llvm):] == llvm and {d["suffix"] for d in dumps[:-len(llvm)]} == {".mlir"}
    assert llvm[0]["number"] > max(d["number"] for d in dumps[:-len(llvm)])
    names = " ".join(d["name"] for d in llvm)
    assert "(amdgpu-isel)" in names or "(instruction-select)" in names
    assert "(greedy)" in names and {d["suffix"] for d in llvm} == {".ll", ".mir"}
