"""conv_variants.py's 252 rows (63 single convs x 4 flag sets) in kernelfuzz's PTX simulator, row by row beside the
H200's (conv_variants_h200.txt, measured with iree-run-module by the issue-27 GPU session).

usage (IREE 3.13's iree-compile on PATH; numpy):  python results/cv_sim.py OUT_DIR  -> OUT_DIR/cv_sim.txt
The inputs are conv_variants.py's own (numpy default_rng(0), drawn in its order), so each row is the H200's case.
A row is `same` when the simulator's line (exact, or WRONG bad/size with the first 12 values got and wanted) is the
H200's character for character.  Nothing here needs a GPU; the simulator is not a GPU.
"""
import verdict  # the exit rule, beside this script: an uncaught error exits 2 or 3, never 1
verdict.install()
import importlib.util
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
BUNDLE = HERE.parent
ROOT = BUNDLE.parents[2]  # the kernelfuzz checkout: its PTX simulator is the package frontends.devices.ptx


def load(name: str, path: Path):
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def h200_rows(path: Path) -> dict:
    rows = {}
    for ln in path.read_text().splitlines():
        parts = ln.split(None, 2)
        if len(parts) == 3 and "://" not in ln:
            rows[(parts[0], parts[1])] = parts[2]
    return rows


def verdict(got: np.ndarray, ref: np.ndarray) -> str:  # conv_variants.py's run() wording
    got = got.astype(np.float64)
    bad = int((got != ref).sum())
    return "exact" if bad == 0 else \
        f"WRONG {bad}/{ref.size}: got {got.ravel()[:12].tolist()} want {ref.ravel()[:12].tolist()}"


def simulate(cv, ptxsim, text: str, extra: list, x, k, work: Path) -> str:
    (work / "k.mlir").write_text(text)
    flags = [*cv.BASE, *extra]
    r = subprocess.run(["iree-compile", str(work / "k.mlir"), *flags, "--compile-to=executable-targets",
                        "-o", str(work / "et.mlir")], capture_output=True, text=True)
    if r.returncode:
        return "compile failed"
    subprocess.run(["iree-compile", str(work / "et.mlir"), *flags, "--compile-from=executable-targets",
                    f"--iree-hal-dump-executable-files-to={work / 'ptx'}", "-o", str(work / "k.vmfb")],
                   check=True, capture_output=True)
    try:
        return ptxsim.run_module(str(work / "et.mlir"), str(work / "ptx"), [x, k],
                                 memory=ptxsim.Memory(outside="zero"))[0]  # zeros where the H200 read them
    except Exception as e:  # the simulator raises on what it does not model
        return f"sim error: {type(e).__name__}: {str(e)[:150]}"


def main(out: Path) -> int:
    cv = load("conv_variants", BUNDLE / "conv_variants.py")
    sys.path.insert(0, str(ROOT))
    from frontends.devices import ptx as ptxsim
    measured = h200_rows(BUNDLE / "conv_variants_h200.txt")
    rng, lines, agree = np.random.default_rng(0), [], 0
    for name, layout, n, c, h, w, f, kh, kw, dt, acc, s in cv.variants():
        text, (xs, ks, _) = cv.mlir(layout, n, c, h, w, f, kh, kw, dt, acc, s)
        x = rng.integers(-3, 4, xs).astype(cv.NP[dt])
        k = rng.integers(-3, 4, ks).astype(cv.NP[dt])
        ref = cv.reference(layout, x, k, s)
        for fl, extra in cv.FLAGS.items():
            with tempfile.TemporaryDirectory(prefix="kf-cvsim-") as tmp:
                got = simulate(cv, ptxsim, text, extra, x, k, Path(tmp))
            sim = got if isinstance(got, str) else verdict(got, ref)
            h2 = measured.get((name, fl), "(no H200 row)")
            agree += sim == h2
            lines.append(f"{name:22s} {fl:9s} {'same' if sim == h2 else 'DIFFERENT'} | H200: {h2} | sim: {sim}")
            print(lines[-1], flush=True)
    out.mkdir(parents=True, exist_ok=True)
    head = f"conv_variants.py in the simulator beside conv_variants_h200.txt: {agree} of {len(lines)} rows the same\n"
    (out / "cv_sim.txt").write_text(head + "\n".join(lines) + "\n")
    shown = all([verdict.claim("the simulator gives the H200's line on every row", agree == len(lines)),
                 verdict.claim("and rows are wrong (the fragment bug)", any("WRONG" in ln for ln in lines))])
    return 1 if shown else 0  # the exit rule


if __name__ == "__main__":
    if len(sys.argv) != 2:
        print(__doc__)
        sys.exit(2)  # no arguments: nothing to judge (the exit rule's 2)
    sys.exit(main(Path(sys.argv[1])))
