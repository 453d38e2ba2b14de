"""TVM only: the scheduled module kernelfuzz compiled for tvm:cuda-dlight (tvm_cuda-dlight.py's SOURCE), built for
CUDA sm_80 with a pass instrument. Prints the predicate of the final reduction block before
s_tir.LowerCrossThreadReduction, the predicates of the blocks that pass makes (in-thread, cross-thread, write-back),
and the generated CUDA store to op0. Exit 1 when the write-back block lost the spatial clause (`... < 2`) that the
original block had and the CUDA store to op0 is guarded only by threadIdx.x == 0 (the bug shown), 0 otherwise."""
import verdict  # the exit rule, beside this script: an uncaught error exits 2 or 3, never 1
verdict.install()
import re
import sys

import tvm

SOURCE = eval(open("tvm_cuda-dlight.py").read().split("SOURCE = ", 1)[1].split("\n", 1)[0])  # noqa: S307 (our file)
after = {}


@tvm.ir.instrument.pass_instrument
class Keep:
    def run_after_pass(self, mod, info):
        if info.name.endswith(("CanonicalizeLoop", "LowerCrossThreadReduction")) and info.name not in after:
            after[info.name] = mod.script()


with tvm.transform.PassContext(instruments=[Keep()]):
    lib = tvm.compile(tvm.script.from_source(SOURCE), target=tvm.target.Target({"kind": "cuda", "arch": "sm_80"}))


def block(text, name, lines=8):
    i = text.index(f'T.sblock("{name}")')
    return [ln.strip() for ln in text[i:].splitlines()[:lines] if "T.where" in ln]


before = next(v for k, v in after.items() if k.endswith("CanonicalizeLoop"))
lowered = next(v for k, v in after.items() if k.endswith("LowerCrossThreadReduction"))
print("tvm", tvm.__version__)
print('before LowerCrossThreadReduction, block "op0":', block(before, "op0"))
for name in ("op0_in_thread", "op0_write_back"):
    print(f'after, block "{name}":', block(lowered, name))
cuda = "\n".join(m.inspect_source() for m in lib.mod.imports) if hasattr(lib, "mod") else ""
stores = [ln.strip() for ln in cuda.splitlines() if re.search(r"\bop0(_ptr)?\[", ln) and "=" in ln]
guards = [cuda.splitlines()[i - 1].strip() for i, ln in enumerate(cuda.splitlines()) if ln.strip() in stores]
print("CUDA store to op0:", stores, "under", guards)
lost = block(lowered, "op0_write_back") and "< 2" not in " ".join(block(lowered, "op0_write_back"))
sys.exit(1 if lost and guards and all("< 2" not in g for g in guards) else 0)
