"""[Hexagon] CodeGenHexagon::VectorLookupLoad breaks every vectorized gather from a small int8 buffer.

TVM only (apache-tvm 0.27.0.post1; no Hexagon SDK needed: the failure is in code generation).
Each shape is compiled in a child process because the smallest one kills the compiler (SIGSEGV).
Exit 0: the bug reproduces; exit 1: it is fixed."""
import verdict  # the exit rule, beside this script: an uncaught error exits 2 or 3, never 1
verdict.install()
import subprocess
import sys

TARGET = {"kind": "llvm", "mtriple": "hexagon", "mcpu": "hexagonv68", "num-cores": 1,
          "mattr": ["+hvxv68", "+hvx-length128b", "-hvx-qfloat", "-hvx-ieee-fp"]}


def compile_copy(rows: int, cols: int, out_dtype: str, reverse: bool, target: dict) -> None:
    """B[i, j] = A[i, cols-1-j] (widened to out_dtype), A int8; both loops fused and vectorized by one
    128-byte HVX register, as TOPI's Hexagon injective schedule does.  The fused index is a gather, not a
    ramp, and A is at most 256 bytes, so codegen takes the vlut32 lookup-table path."""
    import tvm
    from tvm import s_tir, te
    a = te.placeholder((rows, cols), "int8", name="A")
    b = te.compute((rows, cols), lambda i, j: a[i, cols - 1 - j if reverse else j].astype(out_dtype), name="B")
    sch = s_tir.Schedule(te.create_prim_func([a, b]))
    fused = sch.fuse(*sch.get_loops(sch.get_sblock("B")))
    lanes = 1024 // tvm.DataType(out_dtype).bits
    if rows * cols > lanes:
        fused = sch.split(fused, [None, lanes])[1]
    sch.vectorize(fused)
    tvm.compile(sch.mod, target=tvm.target.Target(target))


CASES = [  # (rows, cols, out dtype): A's bytes -> symptom
    (2, 64, "int8"),    # 128 bytes: LLVM module verification failed (vshuffb.128B(<1 x i8>))
    (16, 16, "int8"),   # 256 bytes, the largest table taken: the same verification failure
    (2, 8, "int32"),    # 16 bytes, 16-lane gather: SIGSEGV (an empty table is indexed)
    (4, 8, "int32"),    # 32 bytes, 32-lane gather: SIGSEGV
]
CONTROLS = [(2, 64, "int8", "contiguous read, hexagon"), (16, 16, "int8", "reversed read, x86 llvm"),
            (2, 8, "int32", "reversed read, x86 llvm")]


def child(rows, cols, dtype, mode):
    p = subprocess.run([sys.executable, __file__, str(rows), str(cols), dtype, mode], capture_output=True, text=True)
    return p, [ln.strip() for ln in (p.stdout + p.stderr).splitlines()]


if len(sys.argv) == 5:
    rows, cols, dtype, mode = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3], sys.argv[4]
    compile_copy(rows, cols, dtype, reverse=mode != "contiguous", target={"kind": "llvm"} if mode == "x86" else TARGET)
    sys.exit(0)

for rows, cols, dtype, what in CONTROLS:
    p, lines = child(rows, cols, dtype, "contiguous" if what.startswith("contiguous") else "x86")
    print(f"control A int8[{rows}x{cols}] -> {dtype}, {what}: {'compiled' if p.returncode == 0 else 'FAILED'}")
    if p.returncode:
        print(f"control failed: {lines[-1] if lines else p.returncode}: could not judge (exit 2)")
        sys.exit(2)

reproduced = 0
for rows, cols, dtype in CASES:
    p, lines = child(rows, cols, dtype, "hexagon")
    key = next((ln for ln in lines if "vshuffb" in ln or "Check failed" in ln or "Segfault" in ln), None)
    if p.returncode == 0:
        print(f"reversed A int8[{rows}x{cols}] -> {dtype}, hexagon: compiled")
    else:
        reproduced += 1
        why = key or (f"killed by signal {-p.returncode}" if p.returncode < 0 else lines[-1] if lines else "")
        print(f"reversed A int8[{rows}x{cols}] -> {dtype}, hexagon: FAILED (exit {p.returncode}): {why[:160]}")
sys.exit(1 if reproduced == len(CASES) else 0)  # the exit rule: 1 when every case shows the bug
