"""The real rule's path, no kernelfuzz and no GPU: a Relax module that wraps pad_einsum_repro.py's TE matmul (zero
points -61 / 61 in the reduction body) with `emit_te`, through Relax's default CUDA pipeline. dlight's gpu.Matmul
schedules it, and its pad_einsum pads K = 3 to 16 with zeros that the update block then shifts by the zero points.
The script prints the padded reads and the update, then runs the scheduled function on the CPU with its thread
loops made serial and its GPU scopes global (the same schedule, one thread after another). Needs apache-tvm, numpy.
Exit status (verdict.py): 1 when the scheduled update reads the zero-padded operands through the zero points and
its serial run is wrong by the 13 padded terms; 0 when any of that fails; 2 without TVM; 3 on the script's own error."""
from verdict import claim, run

from pad_einsum_repro import K, M, N


def model():
    """main(A: int8[M, K], B: int8[N, K]) -> int32[M, N], the TE quantized matmul as one Relax call."""
    from tvm import relax, te
    from tvm.script import relax as R

    def qmatmul(a, b):
        k = te.reduce_axis((0, K), name="k")
        return te.compute((M, N), lambda i, j: te.sum((a[i, k].astype("int32") + 61) *
                                                      (b[j, k].astype("int32") - 61), axis=k), name="C")
    bb = relax.BlockBuilder()
    a, b = relax.Var("A", R.Tensor((M, K), "int8")), relax.Var("B", R.Tensor((N, K), "int8"))
    with bb.function("main", [a, b]):
        with bb.dataflow():
            out = bb.emit_output(bb.emit_te(qmatmul, a, b))
        bb.emit_func_output(out)
    return bb.get()


def main():
    import re

    import numpy as np
    import tvm
    from tvm import relax
    target = tvm.target.Target({"kind": "cuda", "arch": "sm_80"})
    with target:
        mod = relax.get_default_pipeline(target)(model())
    (gv,) = [g for g, f in mod.functions.items() if isinstance(f, tvm.tirx.PrimFunc)]
    text = mod[gv].script()
    shown = [ln.strip() for ln in text.splitlines() if "if_then_else" in ln or ("+ 61" in ln and "- 61" in ln)]
    print(f"Relax default CUDA pipeline, {gv.name_hint}: the padded reads and the update")
    for line in shown:
        print("   ", line)
    serial = re.sub(r",\s*scope=\"(?:shared|shared\.dyn|local|warp)\"", "",
                    re.sub(r"T\.thread_binding\((.*?), thread=\"[^\"]*\"", r"T.serial(\1", text))
    lib = tvm.compile(tvm.IRModule({"main": tvm.script.from_source(serial)}), target="llvm")
    rng = np.random.default_rng(0)
    a = rng.integers(-128, 128, (M, K)).astype("int8")
    b = rng.integers(-128, 128, (N, K)).astype("int8")
    want = ((a.astype(np.int64) + 61) @ (b.astype(np.int64) - 61).T).astype(np.int32)
    out = tvm.runtime.tensor(np.zeros((M, N), "int32"))
    lib(tvm.runtime.tensor(a), tvm.runtime.tensor(b), out)
    got = out.numpy()
    print(f"serial run of the schedule: {int((got != want).sum())} of {want.size} wrong; C[0, 0] = {got[0, 0]} "
          f"(right: {want[0, 0]}; difference {int(got[0, 0]) - int(want[0, 0])} = 13 x (0 + 61) x (0 - 61))")
    return all([claim("dlight pads the operands with zeros", any("T.int8(0)" in s for s in shown)),
                claim("and its update applies the zero points to the padded reads",
                      any("+ 61" in s and "- 61" in s and "_pad" in s for s in shown)),
                claim("the scheduled function is wrong by the 13 padded terms everywhere",
                      bool((got - want == 13 * 61 * -61).all()))])


if __name__ == "__main__":
    run(main)
