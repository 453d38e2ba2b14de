"""The pass relax.build is running when it dies on kernelfuzz's reduced module (TVM only): a pass instrument prints
each pass before it runs; the last line before the crash names it. Run: python which_pass.py (it segfaults)."""
import verdict  # the exit rule, beside this script: an uncaught error exits 2 or 3, never 1
verdict.install()
import os

import tvm
from tvm import relax

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = open(os.path.join(HERE, "tvm_relax-cpu-unfused.py")).read().split("SOURCE = ", 1)[1].split("\n", 1)[0]


@tvm.instrument.pass_instrument
class PrintBefore:
    def run_before_pass(self, mod, info):
        print("before", info.name, flush=True)


mod = tvm.script.from_source(eval(SOURCE))
with tvm.transform.PassContext(instruments=[PrintBefore()]):
    relax.build(mod, tvm.target.Target({"kind": "llvm"}))
print("built")
