#!/usr/bin/env python3
"""Issue 27: single-op variants for the four CUDA bugs found in the H200 campaign, in the style of
corpus/findings/iree-cuda-mma-sync-transposed-acc-lane-fragment-order/conv_variants.py.  Self-contained (numpy + IREE tools on PATH).

  here (iree-compile on PATH):   python gpu_check.py pack DIR [GROUP...]   compile every variant for CUDA sm_80
                                                                          (+ llvm-cpu), save inputs and references
  here, no GPU:                  python gpu_check.py cpu DIR             run the llvm-cpu builds (iree-run-module)
  here, no GPU (optional):       python gpu_check.py sim DIR             predict the CUDA results with the PTX simulator
                                                                          (a PTX interpreter; NOT a GPU)
  on a GPU machine:              python gpu_check.py run DIR [RESULT.json]   iree-run-module --device=cuda, compare

GROUPS: A (MMA accumulator order), B (shape_cast(create_mask) fold), C (non-monotonic index maps).
Every reference is computed in float64/int64 by numpy from integer-valued inputs, so every correct result is
exact and the comparison is `==`.  `run` writes RESULT.json (default DIR/variants_cuda.json), `cpu`
DIR/variants_cpu.json, `sim` DIR/variants_sim.json.
"""
import json, os, subprocess, sys
import numpy as np

CUDA = ["--iree-hal-target-device=cuda", "--iree-cuda-target=sm_80", "--iree-opt-level=O2"]
CPU = ["--iree-hal-target-device=local", "--iree-hal-local-target-device-backends=llvm-cpu",
       "--iree-llvmcpu-target-cpu=host", "--iree-opt-level=O2"]
NOMMA = ["--iree-codegen-llvmgpu-use-tile-and-fuse-matmul=false"]
NP = {"f16": np.float16, "f32": np.float32, "i8": np.int8, "i32": np.int32}
Z = {"f16": "0.0", "f32": "0.0", "i32": "0"}


def t(shape, dt):
    return "tensor<" + "x".join(map(str, shape)) + f"x{dt}>"


def contraction(name, maps, iters, a, b, out, in_dt, acc_dt, ref):
    """A linalg.generic multiply-accumulate: ins(a, b) -> out, maps as affine_map strings."""
    mul = "arith.mulf" if in_dt.startswith("f") else "arith.muli"
    add = "arith.addf" if acc_dt.startswith("f") else "arith.addi"
    ext = "" if in_dt == acc_dt else f"""
    %x = arith.extf %in : {in_dt} to {acc_dt}
    %y = arith.extf %in_0 : {in_dt} to {acc_dt}"""
    xa, xb = ("%x", "%y") if ext else ("%in", "%in_0")
    text = f"""func.func @main(%a: {t(a, in_dt)}, %b: {t(b, in_dt)}) -> {t(out, acc_dt)} {{
  %e = tensor.empty() : {t(out, acc_dt)}
  %z = arith.constant {Z[acc_dt]} : {acc_dt}
  %i = linalg.fill ins(%z : {acc_dt}) outs(%e : {t(out, acc_dt)}) -> {t(out, acc_dt)}
  %r = linalg.generic {{indexing_maps = [{', '.join('affine_map<' + m + '>' for m in maps)}], iterator_types = [{', '.join(f'"{i}"' for i in iters)}]}} ins(%a, %b : {t(a, in_dt)}, {t(b, in_dt)}) outs(%i : {t(out, acc_dt)}) {{
  ^bb0(%in: {in_dt}, %in_0: {in_dt}, %acc: {acc_dt}):{ext}
    %m = {mul} {xa}, {xb} : {acc_dt}
    %s = {add} %acc, %m : {acc_dt}
    linalg.yield %s : {acc_dt}
  }} -> {t(out, acc_dt)}
  return %r : {t(out, acc_dt)}
}}
"""
    return dict(name=name, mlir=text, inputs=[(a, in_dt), (b, in_dt)], out_dt=acc_dt, ref=ref)


def conv_nchw(name, n, c, h, w, f, kh, kw, dt, acc, stride=1, layout="nchw"):
    oh, ow = (h - kh) // stride + 1, (w - kw) // stride + 1
    if layout == "nchw":
        xs, ks, os_, op = (n, c, h, w), (f, c, kh, kw), (n, f, oh, ow), "conv_2d_nchw_fchw"
    else:
        xs, ks, os_, op = (n, h, w, c), (kh, kw, c, f), (n, oh, ow, f), "conv_2d_nhwc_hwcf"
    text = f"""func.func @main(%x: {t(xs, dt)}, %k: {t(ks, dt)}) -> {t(os_, acc)} {{
  %e = tensor.empty() : {t(os_, acc)}
  %z = arith.constant {Z[acc]} : {acc}
  %i = linalg.fill ins(%z : {acc}) outs(%e : {t(os_, acc)}) -> {t(os_, acc)}
  %r = linalg.{op} {{dilations = dense<1> : tensor<2xi64>, strides = dense<{stride}> : tensor<2xi64>}} ins(%x, %k : {t(xs, dt)}, {t(ks, dt)}) outs(%i : {t(os_, acc)}) -> {t(os_, acc)}
  return %r : {t(os_, acc)}
}}
"""

    def ref(x, k):
        x, k = x.astype(np.float64), k.astype(np.float64)
        if layout == "nhwc":
            x, k = x.transpose(0, 3, 1, 2), k.transpose(3, 2, 0, 1)
        out = np.zeros((n, f, oh, ow))
        for i in range(oh):
            for j in range(ow):
                out[:, :, i, j] = np.einsum("nchw,fchw->nf", x[:, :, i * stride:i * stride + kh, j * stride:j * stride + kw], k)
        return out.transpose(0, 2, 3, 1) if layout == "nhwc" else out
    return dict(name=name, mlir=text, inputs=[(xs, dt), (ks, dt)], out_dt=acc, ref=ref)


def elementwise_rev(name, dt, rev="row"):
    """out[i, j] = x[4 - i] + y[i, j] (rev=row), x[3 - j] + y[i, j] (rev=col) or x[i] + y[i, j] (rev=none)."""
    add = "arith.addf" if dt.startswith("f") else "arith.addi"
    if rev == "col":
        xm, xs = "(d0, d1) -> (-d1 + 3)", (4,)
    else:
        xm, xs = ("(d0, d1) -> (-d0 + 4)" if rev == "row" else "(d0, d1) -> (d0)"), (5,)
    text = f"""func.func @main(%x: {t(xs, dt)}, %y: {t((5, 4), dt)}) -> {t((5, 4), dt)} {{
  %e = tensor.empty() : {t((5, 4), dt)}
  %r = linalg.generic {{indexing_maps = [affine_map<{xm}>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}} ins(%x, %y : {t(xs, dt)}, {t((5, 4), dt)}) outs(%e : {t((5, 4), dt)}) {{
  ^bb0(%a: {dt}, %b: {dt}, %o: {dt}):
    %s = {add} %a, %b : {dt}
    linalg.yield %s : {dt}
  }} -> {t((5, 4), dt)}
  return %r : {t((5, 4), dt)}
}}
"""

    def ref(x, y):
        x, y = x.astype(np.float64), y.astype(np.float64)
        if rev == "row":
            return x[::-1][:, None] + y
        if rev == "col":
            return x[::-1][None, :] + y
        return x[:, None] + y
    return dict(name=name, mlir=text, inputs=[(xs, dt), ((5, 4), dt)], out_dt=dt, ref=ref)


def mod_reduction(name, dt, m, n):
    """out[b] = sum_{r < 4, j < n} x[b, r, j mod m, j]   (x: [2, 4, m, n]; seed1289313161's access, without its
    second operand)."""
    add = "arith.addf" if dt.startswith("f") else "arith.addi"
    xs = (2, 4, m, n)
    text = f"""func.func @main(%x: {t(xs, dt)}) -> {t((2,), dt)} {{
  %e = tensor.empty() : {t((2,), dt)}
  %z = arith.constant {Z[dt]} : {dt}
  %i = linalg.fill ins(%z : {dt}) outs(%e : {t((2,), dt)}) -> {t((2,), dt)}
  %r = linalg.generic {{indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2 mod {m}, d2)>, affine_map<(d0, d1, d2) -> (d0)>], iterator_types = ["parallel", "reduction", "reduction"]}} ins(%x : {t(xs, dt)}) outs(%i : {t((2,), dt)}) {{
  ^bb0(%a: {dt}, %o: {dt}):
    %s = {add} %o, %a : {dt}
    linalg.yield %s : {dt}
  }} -> {t((2,), dt)}
  return %r : {t((2,), dt)}
}}
"""

    def ref(x):
        x = x.astype(np.float64)
        return np.array([sum(x[b, r, j % m, j] for r in range(4) for j in range(n)) for b in range(2)])
    return dict(name=name, mlir=text, inputs=[(xs, dt)], out_dt=dt, ref=ref)


BMM_TA = ["(d0, d1, d2, d3) -> (d0, d3, d1)", "(d0, d1, d2, d3) -> (d0, d3, d2)", "(d0, d1, d2, d3) -> (d0, d1, d2)"]
BMM_NT = ["(d0, d1, d2, d3) -> (d0, d1, d3)", "(d0, d1, d2, d3) -> (d0, d3, d2)", "(d0, d1, d2, d3) -> (d0, d1, d2)"]
# out[b, n, m] = sum_k A[b, m, k] * B[b, n, k]: the output's first non-batch dim comes from the second operand
BMM_OUT_T = ["(d0, d1, d2, d3) -> (d0, d2, d3)", "(d0, d1, d2, d3) -> (d0, d1, d3)", "(d0, d1, d2, d3) -> (d0, d1, d2)"]
MM_SWAP = ["(d0, d1, d2) -> (d2, d1)", "(d0, d1, d2) -> (d0, d2)", "(d0, d1, d2) -> (d0, d1)"]   # the NCHW conv's form
MM_PLAIN = ["(d0, d1, d2) -> (d0, d2)", "(d0, d1, d2) -> (d2, d1)", "(d0, d1, d2) -> (d0, d1)"]
MM_TA = ["(d0, d1, d2) -> (d2, d0)", "(d0, d1, d2) -> (d2, d1)", "(d0, d1, d2) -> (d0, d1)"]
P3, P4 = ["parallel", "parallel", "reduction"], ["parallel", "parallel", "parallel", "reduction"]


def variants():
    V = []

    def add(group, v, flags=("O2",), why=""):
        v.update(group=group, flags=list(flags), why=why)
        V.append(v)
    # ---- A: NV_MMA_SYNC with a transposed accumulator (output [N, M] relative to the operand order)
    add("A", conv_nchw("A-conv-nchw-f16-c2-w9-f2", 1, 2, 1, 9, 2, 1, 1, "f16", "f16"), ("O2", "no-mma"),
        "the reduced H200 case (measured wrong on the H200)")
    add("A", conv_nchw("A-conv-nchw-f16-f32acc-f2", 1, 1, 5, 3, 2, 5, 1, "f16", "f32", stride=2),
        why="f16 in, f32 accumulator (NV_MMA_SYNC_F32_16x8x16_F16); measured wrong on the H200 (red2)")
    add("A", conv_nchw("A-conv-nhwc-f16-c2-w9-f2", 1, 2, 1, 9, 2, 1, 1, "f16", "f16", layout="nhwc"),
        why="same conv in NHWC: MMA, accumulator not transposed (measured exact on the H200)")
    add("A", conv_nchw("A-conv-nchw-f32-c2-w9-f2", 1, 2, 1, 9, 2, 1, 1, "f32", "f32"), why="f32: no MMA (measured exact)")
    add("A", conv_nchw("A-conv-nchw-f16-c2-w33-f2", 1, 2, 1, 33, 2, 1, 1, "f16", "f16"), why="N=33: SIMT config, no MMA (measured exact)")
    add("A", conv_nchw("A-conv-nchw-f16-c2-w9-f1", 1, 2, 1, 9, 1, 1, 1, "f16", "f16"), why="one channel: matvec, no MMA (measured exact)")
    add("A", contraction("A-generic-swapped-2x9x2", MM_SWAP, P3, (2, 9), (2, 2), (2, 9), "f16", "f16",
                         lambda x, k: k.astype(np.float64) @ x.astype(np.float64)),
        why="the conv's dispatch as a plain linalg.generic: ins(x[c,w], k[f,c]) -> out[f,w]")
    add("A", contraction("A-generic-plain-2x9x2", MM_PLAIN, P3, (2, 2), (2, 9), (2, 9), "f16", "f16",
                         lambda k, x: k.astype(np.float64) @ x.astype(np.float64)),
        why="same product with the operands in matmul order: accumulator not transposed")
    add("A", contraction("A-bmm-out-transposed-6x3x3x3", BMM_OUT_T, P4, (6, 3, 3), (6, 3, 3), (6, 3, 3), "f16", "f16",
                         lambda a, b: np.einsum("bmk,bnk->bnm", a.astype(np.float64), b.astype(np.float64))),
        why="campaign case seed1047025896's op (a reduction generic, no conv)")
    # ---- B: shape_cast(create_mask) fold drops the K-row mask of the promoted LHS copy
    add("B", contraction("B-bmm-ta-f16-2x4x2x4", BMM_TA, P4, (2, 4, 4), (2, 4, 2), (2, 4, 2), "f16", "f16",
                         lambda a, b: np.einsum("bkm,bkn->bmn", a.astype(np.float64), b.astype(np.float64))),
        ("O2", "no-mma"), "campaign case seed1112477205 (batch_matmul, transposed A)")
    add("B", contraction("B-bmm-ta-f16-f32acc-2x5x8x8", BMM_TA, P4, (2, 8, 5), (2, 8, 8), (2, 5, 8), "f16", "f32",
                         lambda a, b: np.einsum("bkm,bkn->bmn", a.astype(np.float64), b.astype(np.float64))),
        why="f32 accumulator (seed2089026503's matmul)")
    add("B", contraction("B-bmm-nt-f16-2x4x2x4", BMM_NT, P4, (2, 4, 4), (2, 4, 2), (2, 4, 2), "f16", "f16",
                         lambda a, b: np.einsum("bmk,bkn->bmn", a.astype(np.float64), b.astype(np.float64))),
        why="A not transposed: K innermost, the mask keeps its K size")
    add("B", contraction("B-mm-ta-f16-4x2x4", MM_TA, P3, (4, 4), (4, 2), (4, 2), "f16", "f16",
                         lambda a, b: a.astype(np.float64).T @ b.astype(np.float64)),
        why="2-D matmul with transposed A: no leading constant-1 mask dim")
    add("B", contraction("B-bmm-ta-f16-k16-2x4x2x16", BMM_TA, P4, (2, 16, 4), (2, 16, 2), (2, 4, 2), "f16", "f16",
                         lambda a, b: np.einsum("bkm,bkn->bmn", a.astype(np.float64), b.astype(np.float64))),
        why="K = 16: no K padding")
    add("B", contraction("B-bmm-ta-f32-2x4x2x4", BMM_TA, P4, (2, 4, 4), (2, 4, 2), (2, 4, 2), "f32", "f32",
                         lambda a, b: np.einsum("bkm,bkn->bmn", a.astype(np.float64), b.astype(np.float64))),
        why="f32: no MMA")
    # ---- C: non-monotonic index maps (negative coefficient, mod) tiled into wrong slices
    add("C", elementwise_rev("C-rev-row-f32", "f32", "row"), ("O2",), "out[i,j] = x[4-i] + y[i,j] (seed1643070375's access)")
    add("C", elementwise_rev("C-rev-row-i32", "i32", "row"))
    add("C", elementwise_rev("C-identity-f32", "f32", "none"), why="control: x[i]")
    add("C", mod_reduction("C-mod3-n8-f32", "f32", 3, 8), why="sum_{r,j} x[b, r, j mod 3, j], j < 8: 7 mod 3 = 1 < 2 (seed1289313161's access)")
    add("C", mod_reduction("C-mod3-n8-i32", "i32", 3, 8))
    add("C", mod_reduction("C-mod3-n9-f32", "f32", 3, 9), why="j < 9: (9-1) mod 3 = 2, the endpoint is the maximum")
    add("C", mod_reduction("C-mod4-n8-f32", "f32", 4, 8), why="(8-1) mod 4 = 3, the endpoint is the maximum")
    return V


FLAGS = {"O2": [], "no-mma": NOMMA}


def inputs_for(v, rng):
    out = []
    for shape, dt in v["inputs"]:
        lo, hi = (-3, 4) if dt in ("f16", "f32") else (-20, 21)
        out.append(rng.integers(lo, hi, shape).astype(NP[dt]))
    return out


def pack(d, groups):
    os.makedirs(d, exist_ok=True)
    man = []
    for v in variants():
        if groups and v["group"] not in groups:
            continue
        rng = np.random.default_rng(sum(map(ord, v["name"])))
        xs = inputs_for(v, rng)
        ref = np.asarray(v["ref"](*xs), np.float64)
        n = v["name"]
        open(f"{d}/{n}.mlir", "w").write(v["mlir"])
        for i, x in enumerate(xs):
            np.save(f"{d}/{n}.in{i}.npy", x)
        np.save(f"{d}/{n}.ref.npy", ref)
        for fl in v["flags"]:
            r = subprocess.run(["iree-compile", f"{d}/{n}.mlir", "-o", f"{d}/{n}.{fl}.vmfb", *CUDA, *FLAGS[fl],
                                f"--iree-hal-dump-executable-files-to={d}/{n}.{fl}.dump"], capture_output=True, text=True)
            if r.returncode == 0:  # the host program, for `sim`
                subprocess.run(["iree-compile", f"{d}/{n}.mlir", "-o", f"{d}/{n}.{fl}.et.mlir", *CUDA, *FLAGS[fl],
                                "--compile-to=executable-targets"], capture_output=True, text=True)
            cfg = ""
            if r.returncode == 0:
                import re
                for f in sorted(os.listdir(f"{d}/{n}.{fl}.dump")):
                    if f.startswith("configured_"):
                        txt = open(f"{d}/{n}.{fl}.dump/{f}").read()
                        found = [a or b for a, b in re.findall(r"pipeline<(\w+)>|mma_layout<(\w+)>", txt)]
                        cfg += " ".join(sorted(set(found))) + "; "
            man.append({"name": n, "group": v["group"], "flags": fl, "ok": r.returncode == 0, "err": r.stderr[-300:],
                        "ninputs": len(xs), "out_dt": v["out_dt"], "why": v["why"], "config": cfg})
        rc = subprocess.run(["iree-compile", f"{d}/{n}.mlir", "-o", f"{d}/{n}.cpu.vmfb", *CPU], capture_output=True, text=True)
        man.append({"name": n, "group": v["group"], "flags": "cpu", "ok": rc.returncode == 0, "err": rc.stderr[-300:],
                    "ninputs": len(xs), "out_dt": v["out_dt"], "why": v["why"], "config": "llvm-cpu"})
    json.dump(man, open(f"{d}/manifest.json", "w"), indent=1)
    print(sum(m["ok"] for m in man), "of", len(man), "compiled")


def verdict(got, ref):
    got = got.astype(np.float64)
    bad = int((got != ref).sum())
    return "exact" if bad == 0 else f"WRONG {bad}/{ref.size}: got {got.ravel()[:12].tolist()} want {ref.ravel()[:12].tolist()}"


def execute(d, device, which, out_json):
    man = json.load(open(f"{d}/manifest.json"))
    rows = []
    for m in man:
        if (m["flags"] == "cpu") != (device == "local-task"):
            continue
        name, fl = m["name"], m["flags"]
        if not m["ok"]:
            rows.append((name, fl, "compile failed: " + m["err"].strip().splitlines()[-1][:150] if m["err"].strip() else "compile failed"))
            continue
        ref = np.load(f"{d}/{name}.ref.npy")
        if which == "sim":
            sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
            from frontends.devices import ptx
            from frontends.iree.simulated import run_module
            try:
                got = run_module(f"{d}/{name}.{fl}.et.mlir", f"{d}/{name}.{fl}.dump",
                                     [np.load(f"{d}/{name}.in{i}.npy") for i in range(m["ninputs"])],
                                     memory=ptx.Memory(outside="zero"))[0]  # zeros where the H200 read them
                rows.append((name, fl, verdict(got, ref)))
            except Exception as e:  # noqa
                rows.append((name, fl, f"sim error: {type(e).__name__}: {e}"[:200]))
            continue
        out = f"{d}/{name}.{fl}.out.npy"
        r = subprocess.run(["iree-run-module", f"--module={d}/{name}.{fl}.vmfb", f"--device={device}", "--function=main",
                            *[f"--input=@{d}/{name}.in{i}.npy" for i in range(m["ninputs"])], f"--output=@{out}"],
                           capture_output=True, text=True, timeout=120)
        if r.returncode:
            rows.append((name, fl, "run failed: " + r.stderr.strip()[-200:]))
            continue
        rows.append((name, fl, verdict(np.load(out), ref)))
    for r in rows:
        print(f"{r[0]:32s} {r[1]:7s} {r[2]}")
    json.dump(rows, open(out_json, "w"), indent=1)


if __name__ == "__main__":
    mode, d, *groups = sys.argv[1:]
    if mode == "pack":
        pack(d, set(groups))
    elif mode == "run":
        execute(d, "cuda", "run", groups[0] if groups else f"{d}/variants_cuda.json")
    elif mode == "cpu":
        execute(d, "local-task", "run", f"{d}/variants_cpu.json")
    elif mode == "sim":
        execute(d, "cuda", "sim", f"{d}/variants_sim.json")
