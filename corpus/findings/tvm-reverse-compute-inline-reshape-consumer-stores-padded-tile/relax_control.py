"""Relax's own lowering of the same model, a control: `R.reshape(R.matmul(x, R.permute_dims(w)), (28,))` with
`x: f16[7, 6]`, `w: f16[4, 6]` through `relax.get_default_pipeline(cuda)`. FuseOps keeps the reshape out of the
matmul's function, so dlight's Matmul rule writes the matmul's own 7 x 4 output with a per-dimension predicate and
nothing is inlined into the padded tile's write-back. The script prints each scheduled function's stores and
predicates. Needs apache-tvm. Exit 1 when a scheduled matmul function stores the collapsed output (the bug's
shape), 0 when the reshape stays a function of its own (the bug not reached this way)."""
import verdict  # the exit rule, beside this script: an uncaught error exits 2 or 3, never 1
import re

import tvm
from tvm import relax
from tvm.script import ir as I
from tvm.script import relax as R


@I.ir_module
class Model:
    @R.function
    def main(x: R.Tensor((7, 6), "float16"), w: R.Tensor((4, 6), "float16")):
        with R.dataflow():
            y = R.reshape(R.matmul(x, R.permute_dims(w)), (28,))
            R.output(y)
        return y


def main() -> bool:
    print("tvm", tvm.__version__)
    target = tvm.target.Target({"kind": "cuda", "arch": "sm_80"})
    with target:
        mod = relax.get_default_pipeline(target)(Model)
    inlined = False
    for gv, f in mod.functions.items():
        if not isinstance(f, tvm.tirx.PrimFunc):
            continue
        text = f.script()
        lines = [ln.strip() for ln in text.splitlines() if "T.where" in ln or re.match(r"\s*\w+\[.*\] = ", ln)]
        print(f"{gv.name_hint}:")
        for ln in lines:
            print("   ", ln)
        if "reindex_pad" in text and "T_reshape" in text:
            inlined = True
    return verdict.claim("a padded matmul tile's write-back stores the reshaped output", inlined)


if __name__ == "__main__":
    verdict.run(main)
