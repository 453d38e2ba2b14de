"""Which Relax modules make relax.build die (TVM only; each variant is built in a child process, since it segfaults).

A call_tir whose result is typed with an unsimplified extent (`n - 1 + 1`), then match_cast to `(n,)`: SIGSEGV
(a stack overflow, in the pass KillAfterLastUse: which_pass.py). The same with `n`, `n + 0`, `n * 1`, or without the
match_cast, builds. Exit status 1 when a variant segfaults (the bug shows), 0 when none does."""
import verdict  # the exit rule, beside this script: an uncaught error exits 2 or 3, never 1
verdict.install()
import os, subprocess, sys, tempfile
TEMPLATE = '''
import tvm
from tvm import relax
from tvm.script import ir as I, relax as R, tirx as T
n = T.int64()
@I.ir_module
class Module:
    @T.prim_func(private=True, s_tir=True)
    def copy(x: T.handle, y: T.handle):
        n = T.int64()
        X = T.match_buffer(x, (n,), "int32")
        Y = T.match_buffer(y, (n,), "int32")
        for i in range(n):
            with T.sblock("c"):
                vi = T.axis.remap("S", [i])
                Y[vi] = X[vi]
    @R.function
    def main(x: R.Tensor((n,), dtype="int32")) -> R.Tensor((n,), dtype="int32"):
        cls = Module
        with R.dataflow():
            BODY
            R.output(gv)
        return gv
relax.build(Module, tvm.target.Target("llvm"))
print("built")
'''
VARIANTS = {
 "two match_casts, out_ty n - 1 + 1": '''lv = R.call_tir(cls.copy, (x,), out_ty=R.Tensor((n - 1 + 1,), dtype="int32"))
            lv1: R.Tensor((n,), dtype="int32") = R.match_cast(lv, R.Tensor((n,), dtype="int32"))
            lv2: R.Tensor((n,), dtype="int32") = R.match_cast(lv1, R.Tensor((n,), dtype="int32"))
            gv: R.Tensor((n,), dtype="int32") = lv2''',
 "two match_casts, out_ty n": '''lv = R.call_tir(cls.copy, (x,), out_ty=R.Tensor((n,), dtype="int32"))
            lv1: R.Tensor((n,), dtype="int32") = R.match_cast(lv, R.Tensor((n,), dtype="int32"))
            lv2: R.Tensor((n,), dtype="int32") = R.match_cast(lv1, R.Tensor((n,), dtype="int32"))
            gv: R.Tensor((n,), dtype="int32") = lv2''',
 "one match_cast": '''lv = R.call_tir(cls.copy, (x,), out_ty=R.Tensor((n,), dtype="int32"))
            lv1: R.Tensor((n,), dtype="int32") = R.match_cast(lv, R.Tensor((n,), dtype="int32"))
            gv: R.Tensor((n,), dtype="int32") = lv1''',
 "one match_cast, returned directly": '''lv = R.call_tir(cls.copy, (x,), out_ty=R.Tensor((n,), dtype="int32"))
            gv: R.Tensor((n,), dtype="int32") = R.match_cast(lv, R.Tensor((n,), dtype="int32"))''',
 "no match_cast": '''lv = R.call_tir(cls.copy, (x,), out_ty=R.Tensor((n,), dtype="int32"))
            gv: R.Tensor((n,), dtype="int32") = lv''',
 "match_cast of the input": '''lv1: R.Tensor((n,), dtype="int32") = R.match_cast(x, R.Tensor((n,), dtype="int32"))
            gv: R.Tensor((n,), dtype="int32") = lv1''',
 "one match_cast, out_ty n - 1 + 1": '''lv = R.call_tir(cls.copy, (x,), out_ty=R.Tensor((n - 1 + 1,), dtype="int32"))
            lv1: R.Tensor((n,), dtype="int32") = R.match_cast(lv, R.Tensor((n,), dtype="int32"))
            gv: R.Tensor((n,), dtype="int32") = lv1''',
 "no match_cast, out_ty n - 1 + 1": '''lv = R.call_tir(cls.copy, (x,), out_ty=R.Tensor((n - 1 + 1,), dtype="int32"))
            gv: R.Tensor((n - 1 + 1,), dtype="int32") = lv''',
 "one match_cast, out_ty n + 0": '''lv = R.call_tir(cls.copy, (x,), out_ty=R.Tensor((n + 0,), dtype="int32"))
            lv1: R.Tensor((n,), dtype="int32") = R.match_cast(lv, R.Tensor((n,), dtype="int32"))
            gv: R.Tensor((n,), dtype="int32") = lv1''',
 "one match_cast, out_ty n * 1": '''lv = R.call_tir(cls.copy, (x,), out_ty=R.Tensor((n * 1,), dtype="int32"))
            lv1: R.Tensor((n,), dtype="int32") = R.match_cast(lv, R.Tensor((n,), dtype="int32"))
            gv: R.Tensor((n,), dtype="int32") = lv1''',
}
status = 0
for name, body in VARIANTS.items():
    path = os.path.join(tempfile.mkdtemp(), "variant.py")
    with open(path, "w") as f:
        f.write(TEMPLATE.replace("BODY", body))
    r = subprocess.run([sys.executable, path], capture_output=True, text=True, timeout=300)
    what = "builds" if r.returncode == 0 else f"exit status {r.returncode}" + (" (SIGSEGV)" if r.returncode == -11 else "")
    print(f"{name}: {what}" + ("" if r.returncode in (0, -11) else " " + (r.stderr.strip().splitlines() or [""])[-1][:200]))
    status |= r.returncode == -11
sys.exit(1 if status else 0)
