"""Ablation for the mask-fold bug: re-run IREE's own LLVMGPU TileAndFuse pass sequence for a dispatch in iree-opt with
MLIR's ShapeCastCreateMaskFolderBoundaryUnitDim patterns disabled in every `canonicalize`, then patch the result into
iree-compile (--iree-llvmgpu-debug-patch-func-ops) so that everything else (LLVM lowering, PTX) is IREE's.
usage: python ablate_maskfold.py KERNEL.mlir OUTDIR   -> OUTDIR/{k.vmfb, et.mlir, dump/*.ptx}
The pass list is read from iree-compile's own --mlir-print-ir-after-all headers for this kernel (per dispatch)."""
import verdict  # the exit rule, beside this script: an uncaught error exits 2 or 3, never 1
verdict.install()
import os, re, subprocess, sys

IREE = os.environ.get("IREE_COMPILE", "iree-compile")  # on PATH: the environment holding IREE 3.13
OPT = os.environ.get("IREE_OPT", "iree-opt")
CUDA = ["--iree-hal-target-device=cuda", "--iree-cuda-target=sm_80", "--iree-opt-level=O2"]
DISABLE = ("disable-patterns={(anonymous namespace)::ShapeCastCreateMaskFolderBoundaryUnitDim<(anonymous namespace)"
           "::UnitDimSide::Leading>,(anonymous namespace)::ShapeCastCreateMaskFolderBoundaryUnitDim<(anonymous "
           "namespace)::UnitDimSide::Trailing>}")


def pass_lists(kernel):
    """Per dispatch function: the passes LLVMGPULowerExecutableTarget ran (from the after-all headers)."""
    r = subprocess.run([IREE, kernel, "-o", "/dev/null", *CUDA, "--mlir-print-ir-after-all", "--mlir-disable-threading"],
                       capture_output=True, text=True)
    out, cur, fn = {}, None, None
    lines = r.stderr.splitlines()
    for i, ln in enumerate(lines):
        m = re.match(r"// -----// IR Dump After \S+ (\S+?)(\{.*\})? //----- //", ln)
        if not m:
            continue
        name, opts = m.group(1), m.group(2) or ""
        nxt = lines[i + 1] if i + 1 < len(lines) else ""
        fm = re.match(r"func\.func @(\w+)", nxt)
        if name == "iree-codegen-lower-executable-using-transform-dialect":
            cur = []
            continue
        if cur is not None and name == "iree-llvmgpu-lower-executable-target":
            out[fn] = cur
            cur = None
            continue
        if cur is not None:
            if fm:
                fn = fm.group(1)
            cur.append(name + re.sub(r"\s+", " ", opts))
    return out


def rewrite_masks(text):
    """create_mask(u0.., n..) : vector<1x..x1xN..> + shape_cast dropping the unit dims  ->  create_mask of the kept dims,
    with each kept size replaced by select(all dropped operands > 0, size, 0): the mask the shape_cast means,
    in a form the later canonicalizers cannot fold wrongly (no unit dims left)."""
    lines = text.splitlines()
    masks = {}
    for i, l in enumerate(lines):
        m = re.match(r"(\s*)(%[\w]+) = vector\.create_mask ([^:]+) : vector<([\dx]+)xi1>", l)
        if m:
            masks[m.group(2)] = (i, m.group(1), [o.strip() for o in m.group(3).split(",")], [int(x) for x in m.group(4).split("x")])
    out = list(lines)
    k = 0
    for i, l in enumerate(lines):
        m = re.match(r"(\s*)(%[\w]+) = vector\.shape_cast (%[\w]+) : vector<([\dx]+)xi1> to vector<([\dx]+)xi1>", l)
        if not m or m.group(3) not in masks:
            continue
        _, ind, ops, shape = masks[m.group(3)]
        dst = [int(x) for x in m.group(5).split("x")]
        nd = len(shape) - len(dst)
        if nd <= 0:
            continue
        if shape[nd:] == dst and all(d == 1 for d in shape[:nd]):
            dropped, kept = ops[:nd], ops[nd:]
        elif shape[:len(dst)] == dst and all(d == 1 for d in shape[len(dst):]):
            dropped, kept = ops[len(dst):], ops[:len(dst)]
        else:
            continue
        k += 1
        new = [f"{ind}%mfz{k} = arith.constant 0 : index"]
        cond = None
        for j, o in enumerate(dropped):
            new.append(f"{ind}%mfp{k}_{j} = arith.cmpi sgt, {o}, %mfz{k} : index")
            if cond is None:
                cond = f"%mfp{k}_{j}"
            else:
                new.append(f"{ind}%mfa{k}_{j} = arith.andi {cond}, %mfp{k}_{j} : i1")
                cond = f"%mfa{k}_{j}"
        sel = []
        for j, o in enumerate(kept):
            new.append(f"{ind}%mfs{k}_{j} = arith.select {cond}, {o}, %mfz{k} : index")
            sel.append(f"%mfs{k}_{j}")
        new.append(f"{ind}{m.group(2)} = vector.create_mask {', '.join(sel)} : vector<{m.group(5)}xi1>")
        out[i] = "\n".join(new)
    return "\n".join(out) + "\n"


def run(kernel, outdir, fix=True):
    os.makedirs(outdir, exist_ok=True)
    lists = pass_lists(kernel)
    ref = f"{outdir}/ref_dump"
    subprocess.run([IREE, kernel, "-o", "/dev/null", *CUDA, f"--iree-hal-dump-executable-files-to={ref}"], check=True)
    funcs = []
    for fn, passes in lists.items():
        pl = []
        for p in passes:
            if fix and p.startswith("canonicalize{"):
                p = p[:-1] + " " + DISABLE + "}"
            pl.append(p)
        pl += ["iree-codegen-verify-workgroup-distribution", "iree-codegen-remove-index-hints"]
        disp = fn.rsplit("_", 0)[0]
        src = [f for f in os.listdir(ref) if f.startswith("configured_") and open(f"{ref}/{f}").read().count(f"@{fn}(")]
        pipeline = "builtin.module(hal.executable(hal.executable.variant(builtin.module(func.func(" + ",".join(pl) + ")))))"
        inp = f"{outdir}/in_{fn}.mlir"
        # parsing an nvgpu type loads the dialect that the unrolling to intrinsics creates ops of
        open(inp, "w").write(open(f"{ref}/{src[0]}").read() + "\nfunc.func private @__load_nvgpu(!nvgpu.device.async.token)\n")
        r = subprocess.run([OPT, inp, "--mlir-print-local-scope", f"--pass-pipeline={pipeline}"], capture_output=True, text=True)
        if r.returncode:
            raise RuntimeError(r.stderr[-3000:])
        lines = r.stdout.splitlines()
        start = next(i for i, l in enumerate(lines) if re.match(r"\s*func\.func @" + fn + r"\(", l))
        indent = lines[start][:len(lines[start]) - len(lines[start].lstrip())]
        end = next(i for i in range(start + 1, len(lines)) if lines[i] == indent + "}")
        funcs.append("\n".join(lines[start:end + 1]) + "\n")
    if fix:
        funcs = [rewrite_masks(f) for f in funcs]
    patch = f"{outdir}/patch.mlir"
    open(patch, "w").write("module {\n" + "\n".join(funcs) + "}\n")
    flags = [*CUDA, "--iree-llvmgpu-debug-patch-func-ops", f"--iree-codegen-debug-patched-func-ops-file-name={os.path.abspath(patch)}"]
    subprocess.run([IREE, kernel, "-o", f"{outdir}/k.vmfb", *flags, f"--iree-hal-dump-executable-files-to={outdir}/dump"], check=True)
    subprocess.run([IREE, kernel, "-o", f"{outdir}/et.mlir", *flags, "--compile-to=executable-targets"], check=True)
    return lists


if __name__ == "__main__":
    ls = run(sys.argv[1], sys.argv[2], fix="--no-fix" not in sys.argv)
    for k, v in ls.items():
        print(k, len(v), "passes")
