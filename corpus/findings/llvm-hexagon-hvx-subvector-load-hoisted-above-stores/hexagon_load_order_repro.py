"""Standalone evidence: TVM, numpy, clang-16/lld-16 and qemu-hexagon (kernelfuzz's harness links and runs the kernel).

A 16-element int32 local buffer is written by unrolled scalar stores, copied out by one vectorized 16-lane load
(a 64-byte vector: half an HVX register in 128-byte mode) and also read by a parallel loop (so the buffer escapes into
the parallel closure and stays in memory). The same TIR is compiled for x86 `llvm`, Hexagon v68 with HVX and Hexagon
v68 with `-hvx`; each runs and is compared with numpy. Then the HVX assembly of the copy is printed: the vector load
`vmemu` is issued before the scalar stores of the last elements. Run from a kernelfuzz checkout's root:
python corpus/findings/llvm-hexagon-hvx-subvector-load-hoisted-above-stores/hexagon_load_order_repro.py"""
import verdict  # the exit rule, beside this script: an uncaught error exits 2 or 3, never 1
verdict.install()
import os
import re
import sys
import tempfile
from pathlib import Path

import numpy as np
import tvm

sys.path.insert(0, os.getcwd())
from frontends.devices import hexagon  # noqa: E402  (kernelfuzz's harness: link + qemu-hexagon)

N = 16
SOURCE = f'''
# from tvm.script import ir as I
# from tvm.script import tirx as T
@I.ir_module
class Module:
    @T.prim_func(s_tir=True)
    def main(a: T.Buffer(({N},), "int32"), out: T.Buffer(({N},), "int32"), out2: T.Buffer(({N},), "int32")):
        T.func_attr({{"tirx.noalias": True}})
        buf = T.sblock_alloc_buffer(({N},), "int32")
        for i in T.unroll({N}):
            with T.sblock("fill"):
                vi = T.axis.spatial({N}, i)
                buf[vi] = a[vi] * 3 + 1
        for i in T.vectorized({N}):
            with T.sblock("copy"):
                vi = T.axis.spatial({N}, i)
                out[vi] = buf[vi]
        for i in T.parallel({N}):
            with T.sblock("use"):
                vi = T.axis.spatial({N}, i)
                out2[vi] = buf[vi] + 1
'''
HEX = {"kind": "llvm", "mtriple": "hexagon", "mcpu": "hexagonv68", "num-cores": 1}
TARGETS = {"x86 llvm": "llvm",
           "hexagon v68 +hvx (128B)": dict(HEX, mattr=["+hvxv68", "+hvx-length128b", "-hvx-qfloat", "-hvx-ieee-fp"]),
           "hexagon v68 -hvx": dict(HEX, mattr=["-hvx"])}


def main():
    print("TVM", tvm.__version__, "LLVM", tvm.target.codegen.llvm_version_major())
    mod = tvm.script.from_source(SOURCE)
    a = np.arange(1, N + 1, dtype="int32")
    ref = a * 3 + 1
    work = Path(tempfile.mkdtemp())
    wrong = {}
    for name, target in TARGETS.items():
        ex = tvm.compile(mod, target=tvm.target.Target(target))
        if target == "llvm":
            outs = [tvm.runtime.tensor(np.zeros(N, "int32")) for _ in range(2)]
            ex(tvm.runtime.tensor(a), *outs)
            out, out2 = (o.numpy() for o in outs)
        else:
            tag = name.split()[2]
            (work / f"{tag}.s").write_text(ex.mod.inspect_source("asm"))
            (work / f"{tag}.ll").write_text(ex.mod.inspect_source("ll"))
            ex.mod.write_to_file(str(work / f"{tag}.o"))
            hexagon.link(work / f"{tag}.o", work / f"{tag}.prog")
            (out, out2), _ = hexagon.run(work / f"{tag}.prog", [a], [((N,), np.dtype("int32"))] * 2)
        bad = np.flatnonzero(out != ref)
        wrong[name.split(" (")[0]] = len(bad)
        print(f"{name}: out {len(bad)} of {N} wrong" + (f" at {bad.tolist()}: got {out[bad].tolist()}, "
                                                         f"expected {ref[bad].tolist()}" if len(bad) else "")
              + f"; out2 {'right' if (out2 == ref + 1).all() else 'WRONG'}")
    ll = (work / "+hvx.ll").read_text()
    body = ll[ll.index("define internal fastcc i32 @main_compute_"):]
    body = body[:body.index("\n}\n")]
    load = re.search(r"load <16 x i32>, ptr %buf", body)
    before, after = (len(re.findall(r"store i32 ", part)) for part in (body[:load.start()], body[load.start():]))
    print(f"LLVM IR (+hvx), main_compute_: {before} scalar stores, then `{load.group(0)}`, then {after} scalar stores")
    asm = (work / "+hvx.s").read_text()
    asm = asm[asm.index("main_compute_:"):]
    lines = [ln.strip() for ln in asm.splitlines() if re.search(r"vmemu|memw\(r29\+#\d+\) = |^\{|^\}", ln.strip())]
    body = [ln for ln in lines if ln not in ("{", "}")]
    first_load = next(i for i, ln in enumerate(body) if "vmemu" in ln)
    late = [ln for ln in body[first_load + 1:] if ln.startswith("memw(r29")]
    print(f"HVX assembly: {body[first_load]!r} is issued before {len(late)} scalar stores to the stack: {late}")
    print("listings in", work)
    return all([verdict.claim("x86 and Hexagon without HVX are right", wrong["x86 llvm"] == wrong["hexagon v68 -hvx"] == 0),
                verdict.claim("Hexagon with HVX is wrong", wrong["hexagon v68 +hvx"] > 0),
                verdict.claim("its vector load is issued before stores to the buffer it reads", len(late) > 0)])


if __name__ == "__main__":
    verdict.run(main)
