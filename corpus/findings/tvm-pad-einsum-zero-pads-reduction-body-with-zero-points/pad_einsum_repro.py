"""TVM's PadEinsum pads the reduction axis with zeros even when the block's body maps a zero input to a non-zero term.

C[i, j] = sum_k (int32(A[i, k]) + 61) * (int32(B[j, k]) - 61): an int8 matmul with zero points -61 / 61 written in
the reduction body, as a quantized conv's TE compute is.  Padding k from 3 to 16 with A = B = 0 adds
13 * (0 + 61) * (0 - 61) = -48373 to every output.  Part 1 runs pad_einsum alone on the CPU (llvm); part 2 prints
the dlight GPU Matmul schedule for CUDA, which calls pad_einsum the same way (compile-only without a GPU).

Exit status (verdict.py): 1 when the padded matmul is wrong, the unpadded one right, and dlight's update reads the
zero-padded operands through the zero points; 0 when any of that fails; 2 without TVM; 3 on the script's own error."""
from verdict import claim, run

M, N, K = 42, 4, 3


def func():
    from tvm import te
    a = te.placeholder((M, K), "int8", name="A")
    b = te.placeholder((N, K), "int8", name="B")
    k = te.reduce_axis((0, K), name="k")
    c = te.compute((M, N), lambda i, j: te.sum((a[i, k].astype("int32") + 61) * (b[j, k].astype("int32") - 61),
                                                axis=k), name="C")
    return te.create_prim_func([a, b, c])


def main():
    import numpy as np
    import tvm
    rng = np.random.default_rng(0)
    a = rng.integers(-128, 128, (M, K)).astype("int8")
    b = rng.integers(-128, 128, (N, K)).astype("int8")
    want = ((a.astype(np.int64) + 61) @ (b.astype(np.int64) - 61).T).astype(np.int32)
    wrong = {}
    for pad in (None, [1, 1, 16]):
        sch = tvm.s_tir.Schedule(func())
        if pad:
            sch.pad_einsum(sch.get_sblock("C"), pad)
        lib = tvm.compile(sch.mod, target="llvm")
        dev = tvm.cpu()
        out = tvm.runtime.tensor(np.zeros((M, N), "int32"), dev)
        lib(tvm.runtime.tensor(a, dev), tvm.runtime.tensor(b, dev), out)
        got = out.numpy()
        bad = int((got != want).sum())
        wrong[bool(pad)] = bad
        print(f"part 1, llvm, pad_einsum {pad}: {bad} of {want.size} wrong;"
              f" C[0, 0] = {got[0, 0]} (right: {want[0, 0]}; difference {int(got[0, 0]) - int(want[0, 0])})")
    from tvm.s_tir import dlight
    with tvm.target.Target({"kind": "cuda", "arch": "sm_80"}):
        mod = dlight.ApplyDefaultSchedule(dlight.gpu.Matmul())(tvm.IRModule({"main": func()}))
    text = mod.script()
    print("part 2, dlight gpu.Matmul for CUDA: the padded operands and the update block")
    shown = [line.strip() for line in text.splitlines() if "if_then_else" in line or "+ 61" in line or "- 61" in line]
    for line in shown:
        print("   ", line)
    zero_padded = any("if_then_else" in s and "T.int8(0)" in s for s in shown)
    update = any("+ 61" in s and "- 61" in s and "_pad_" in s for s in shown)
    return all([claim("without pad_einsum every element is right", wrong[False] == 0),
                claim("with pad_einsum every element is wrong by the padded terms", wrong[True] == want.size),
                claim("dlight's Matmul pads the operands with zeros", zero_padded),
                claim("and its update block applies the zero points to the padded reads", update)])


if __name__ == "__main__":
    run(main)
