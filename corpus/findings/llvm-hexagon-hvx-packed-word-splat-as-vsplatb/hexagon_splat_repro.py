"""Standalone evidence for tvm:hexagon-sampled (out-of-bound): TVM, numpy, clang-16/lld-16 and qemu-hexagon.

Compiles the exact scheduled module kernelfuzz compiled (tvm_hexagon-sampled.py's SOURCE) three ways and runs it:
x86 `llvm` (TVM runtime), Hexagon v68 with HVX and Hexagon v68 with `-hvx` (both linked to kernelfuzz's harness,
run under qemu-hexagon). Prints each result against reference/op0.npy and the HVX splat instructions of the
Hexagon assembly. Run from a kernelfuzz checkout's root: python corpus/findings/<this>/hexagon_splat_repro.py"""
import verdict  # the exit rule, beside this script: an uncaught error exits 2 or 3, never 1
verdict.install()
import ast
import os
import re
import sys
import tempfile
from pathlib import Path

import numpy as np
import tvm

sys.path.insert(0, os.getcwd())
from frontends.devices import hexagon  # noqa: E402  (kernelfuzz's harness: link + qemu-hexagon)

HERE = Path(__file__).resolve().parent
SOURCE = [ast.literal_eval(n.value) for n in ast.parse((HERE / "tvm_hexagon-sampled.py").read_text()).body
          if isinstance(n, ast.Assign) and getattr(n.targets[0], "id", "") == "SOURCE"][0]
HEX = {"kind": "llvm", "mtriple": "hexagon", "mcpu": "hexagonv68", "num-cores": 1}
TARGETS = {"hexagon+hvx": dict(HEX, mattr=["+hvxv68", "+hvx-length128b", "-hvx-qfloat", "-hvx-ieee-fp"]),
           "hexagon-hvx": dict(HEX, mattr=["-hvx"])}
IN0 = np.load(HERE / "inputs/in0.npy")
REF = np.load(HERE / "reference/op0.npy")


def show(label, out):
    bad = np.argwhere(out != REF)
    print(f"{label}: {len(bad)} of {REF.size} wrong" + "".join(
        f"\n  at {tuple(map(int, i))}: expected {REF[tuple(i)]}, got {out[tuple(i)]} = {int(out[tuple(i)]) & 0xffffffff:#010x}"
        for i in bad))
    return len(bad)


def main():
    mod = tvm.script.from_source(SOURCE)
    print("TVM", tvm.__version__, "LLVM", tvm.target.codegen.llvm_version_major())
    print("in0", IN0.tolist())
    ex = tvm.compile(mod, target="llvm")
    out = tvm.runtime.tensor(np.zeros(REF.shape, "int32"))
    ex(tvm.runtime.tensor(IN0), out)
    wrong = {"x86": show("x86 llvm (same TIR)", out.numpy())}
    work = Path(tempfile.mkdtemp())
    for name, target in TARGETS.items():
        ex = tvm.compile(mod, target=tvm.target.Target(target))
        asm = ex.mod.inspect_source("asm")
        (work / f"{name}.s").write_text(asm)
        (work / f"{name}.ll").write_text(ex.mod.inspect_source("ll"))
        kernel, prog = work / f"{name}.o", work / f"{name}.prog"
        ex.mod.write_to_file(str(kernel))
        hexagon.link(kernel, prog)
        (res,), _ = hexagon.run(prog, [IN0], [(REF.shape, np.dtype("int32"))])
        wrong[name] = show(f"{name} under qemu-hexagon", res)
        print(f"  HVX splats in its assembly: {re.findall(r'v[0-9]+(?:[.][bhw])? = vsplat[(]r[0-9]+[)]', asm)}")
    strip = [re.sub(r'"target-features"="[^"]*"|!"tvm_target", !".*', "", (work / f"{n}.ll").read_text()) for n in TARGETS]
    print("LLVM IR of +hvx and -hvx identical apart from the target strings:", strip[0] == strip[1])
    print("listings in", work)
    same_ir = strip[0] == strip[1]
    return all([verdict.claim("x86 and Hexagon without HVX compute every element right",
                              wrong["x86"] == 0 and wrong["hexagon-hvx"] == 0),
                verdict.claim("Hexagon with HVX gets elements wrong (a word splatted as bytes)", wrong["hexagon+hvx"] > 0),
                verdict.claim("from the same LLVM IR: the backend's doing", same_ir)])


if __name__ == "__main__":
    verdict.run(main)
