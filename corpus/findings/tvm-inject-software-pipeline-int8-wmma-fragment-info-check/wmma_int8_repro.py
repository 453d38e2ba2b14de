"""TVM's ``s_tir.InjectSoftwarePipeline`` dies in ``GetWmmaFragmentSize`` (``Check failed: (it !=
fragment_info_.end())``) on the schedule dlight's ``gpu.Matmul`` gives an int8 x int8 -> int32 matmul for CUDA
sm_80 (the WMMA int8 tensorization with a two-level software pipeline), from 128 x 128 x 128 up; the same rule's
float16 schedule and smaller int8 matmuls compile.

Needs apache-tvm only; no GPU (the failure is at compile time).  Prints one line per shape and the pass that was
running.  Exit status 1 when the bug shows (an int8 shape fails in that check while the controls compile)."""
import verdict  # the exit rule, beside this script: an uncaught error exits 2 or 3, never 1
from verdict import claim

import tvm
from tvm import te
from tvm.ir.instrument import pass_instrument
from tvm.s_tir import dlight

TARGET = {"kind": "cuda", "arch": "sm_80"}
SHAPES = [  # (M, N, K, input dtype, accumulator dtype, fails?)
    (64, 64, 64, "int8", "int32", False), (128, 128, 128, "float16", "float32", False),
    (128, 128, 128, "int8", "int32", True), (126, 128, 128, "int8", "int32", True),
    (128, 80, 128, "int8", "int32", True), (256, 65, 288, "int8", "int32", True)]


@pass_instrument
class LastPass:
    """Remembers the pass that was running when the compile failed."""

    def __init__(self):
        self.last = None

    def run_before_pass(self, mod, info):
        self.last = info.name


def matmul(m, n, k, dtype, acc):
    a = te.placeholder((m, k), dtype, name="a")
    b = te.placeholder((k, n), dtype, name="b")
    r = te.reduce_axis((0, k), "r")
    c = te.compute((m, n), lambda i, j: te.sum(a[i, r].astype(acc) * b[r, j].astype(acc), axis=r), name="c")
    return te.create_prim_func([a, b, c])


def failure(m, n, k, dtype, acc):
    """(pass, last message line) where the compile fails, else None."""
    target = tvm.target.Target(TARGET)
    with target:
        mod = dlight.ApplyDefaultSchedule(dlight.gpu.Matmul())(tvm.IRModule({"main": matmul(m, n, k, dtype, acc)}))
    last = LastPass()
    try:
        with tvm.transform.PassContext(opt_level=3, instruments=[last]):
            tvm.compile(mod, target=target)
    except Exception as e:  # noqa: BLE001  TVM's own failure, whatever it raises
        return last.last, str(e).strip().splitlines()[-1]
    return None


def main():
    claims = []
    for m, n, k, dtype, acc, fails in SHAPES:
        got = failure(m, n, k, dtype, acc)
        print(f"{dtype} {m}x{n}x{k} -> {acc}: " + ("compiled" if got is None else f"failed in {got[0]}: {got[1]}"))
        if fails:
            claims.append(claim(f"{dtype} {m}x{n}x{k} fails in s_tir.InjectSoftwarePipeline's fragment_info_ check",
                                got is not None and got[0] == "s_tir.InjectSoftwarePipeline" and "fragment_info_" in got[1]))
        else:
            claims.append(claim(f"control {dtype} {m}x{n}x{k} compiles", got is None))
    return all(claims)


if __name__ == "__main__":
    verdict.run(main)
