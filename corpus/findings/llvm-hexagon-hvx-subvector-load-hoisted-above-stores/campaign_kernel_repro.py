"""The campaign kernel itself (tvm_hexagon-sampled.py's SOURCE: MetaSchedule's sampled schedule) on x86 `llvm`,
Hexagon v68 +hvx and Hexagon v68 -hvx, run under qemu-hexagon through kernelfuzz's harness, against reference/op1.npy.
Run from a kernelfuzz checkout's root: python corpus/findings/<this>/campaign_kernel_repro.py"""
import verdict  # the exit rule, beside this script: an uncaught error exits 2 or 3, never 1
verdict.install()
import ast
import os
import sys
import tempfile
from pathlib import Path

import numpy as np
import tvm

sys.path.insert(0, os.getcwd())
from frontends.devices import hexagon  # noqa: E402

HERE = Path(__file__).resolve().parent
SOURCE = [ast.literal_eval(n.value) for n in ast.parse((HERE / "tvm_hexagon-sampled.py").read_text()).body
          if isinstance(n, ast.Assign) and getattr(n.targets[0], "id", "") == "SOURCE"][0]
HEX = {"kind": "llvm", "mtriple": "hexagon", "mcpu": "hexagonv68", "num-cores": 1}
TARGETS = {"x86 llvm": "llvm",
           "hexagon v68 +hvx": dict(HEX, mattr=["+hvxv68", "+hvx-length128b", "-hvx-qfloat", "-hvx-ieee-fp"]),
           "hexagon v68 -hvx": dict(HEX, mattr=["-hvx"])}
INS = [np.load(HERE / "inputs/in0.npy"), np.load(HERE / "inputs/in1.npy")]
REF = np.load(HERE / "reference/op1.npy")


def main():
    mod = tvm.script.from_source(SOURCE)
    work = Path(tempfile.gettempdir()) / "kernelfuzz-hexagon-load-order"
    work.mkdir(exist_ok=True)
    wrong = {}
    for i, (name, target) in enumerate(TARGETS.items()):
        ex = tvm.compile(mod, target=tvm.target.Target(target))
        if target == "llvm":
            out = tvm.runtime.tensor(np.zeros(REF.shape, "int32"))
            ex(*[tvm.runtime.tensor(a) for a in INS], out)
            res = out.numpy()
        else:
            ex.mod.write_to_file(str(work / f"k{i}.o"))
            hexagon.link(work / f"k{i}.o", work / f"k{i}.prog")
            (res,), _ = hexagon.run(work / f"k{i}.prog", INS, [(REF.shape, np.dtype("int32"))])
        bad = np.argwhere(res != REF)
        wrong[name] = len(bad)
        print(f"{name}: {len(bad)} of {REF.size} wrong",
              [(tuple(map(int, b)), int(REF[tuple(b)]), int(res[tuple(b)])) for b in bad])


    return all([verdict.claim("x86 and Hexagon without HVX are right", wrong["x86 llvm"] == wrong["hexagon v68 -hvx"] == 0),
                verdict.claim("Hexagon with HVX gets elements wrong", wrong["hexagon v68 +hvx"] > 0)])


if __name__ == "__main__":
    verdict.run(main)
