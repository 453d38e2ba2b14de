"""Run LLVM's AMDGPU codegen (llc's pipeline) on an .ll file with the LLVM 22.1 bundled in TVM (no llc here).

python llvm22_codegen.py FILE.ll OUT.o [--print-before-all]

IREE 3.13's LLVM is newer than 22.1, so IREE's dumped IR is first rewritten to 22.1's spelling: the
triple `amdgpu9.42-amd-amdhsa` becomes `amdgcn-amd-amdhsa` with "target-cpu"="gfx942" on each kernel,
and `llvm.amdgcn.make.buffer.rsrc.p7.p1.i32` (num_records overloaded, i32) becomes 22.1's
`...p7.p1` (num_records i64). Nothing else changes. TVM reads the LLVM target of a loaded module
from its "tvm_target" module flag, which is how --print-before-all reaches LLVM's cl options.
"""
import verdict  # the exit rule, beside this script: an uncaught error exits 2 or 3, never 1
verdict.install()
import re
import sys
import tempfile

import tvm  # noqa: F401  (loads the LLVM-enabled TVM runtime)
import tvm_ffi
from tvm.target import codegen

RSRC_CALL = re.compile(r"make\.buffer\.rsrc\.p7\.p1\.i32\((ptr addrspace\(1\)[^,]*), i16( \d+)?, i32")


def to_llvm22(text, print_before_all):
    text = text.replace("amdgpu9.42-amd-amdhsa", "amdgcn-amd-amdhsa")
    text = RSRC_CALL.sub(lambda m: f"make.buffer.rsrc.p7.p1({m.group(1)}, i16{m.group(2) or ''}, i64", text)
    text = text.replace("make.buffer.rsrc.p7.p1.i32", "make.buffer.rsrc.p7.p1")
    text = re.sub(r'^(attributes #\d+ = \{ (?!.*target-cpu).*amdgpu-flat-work-group-size.*) \}$',
                  r'\1 "target-cpu"="gfx942" }', text, flags=re.M)
    if print_before_all:
        target = ('{\\22kind\\22: \\22llvm\\22, \\22mtriple\\22: \\22amdgcn-amd-amdhsa\\22, \\22mcpu\\22: '
                  '\\22gfx942\\22, \\22cl-opt\\22: [\\22-print-before-all:bool=1\\22]}')
        text += f'\n!99999 = !{{i32 2, !"tvm_target", !"{target}"}}\n'
        if "!llvm.module.flags = !{" in text:
            text = text.replace("!llvm.module.flags = !{", "!llvm.module.flags = !{!99999, ", 1)
        else:
            text += "!llvm.module.flags = !{!99999}\n"
    return text


def main(src, out, print_before_all=False):
    print(f"LLVM {codegen.llvm_version_major()} (bundled in TVM {tvm.__version__})", flush=True)
    with open(src) as f:
        text = to_llvm22(f.read(), print_before_all)
    with tempfile.NamedTemporaryFile("w", suffix=".ll") as tmp:
        tmp.write(text)
        tmp.flush()
        mod = tvm_ffi.get_global_func("ffi.Module.load_from_file.ll")(tmp.name, "ll")
        mod.write_to_file(out)
    print(f"codegen finished: wrote {out}", flush=True)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], "--print-before-all" in sys.argv[3:])
