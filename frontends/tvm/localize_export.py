"""The files and commands that rebuild one TVM localization point without kernelfuzz (TVM, numpy, clang-16, lld-16,
qemu-hexagon): what ``kernelfuzz localize`` writes for each side of a boundary.

``schedule`` and ``tir`` points become ``point.py``: the module at the point as TVMScript, built for x86 by TVM's
default TIR pipeline with intermediates poisoned (``poison.py``, the standalone copy of ``frontends/tvm/poison.py``),
outputs poisoned too, saved to ``out/``.  Hexagon ``llvm`` points become ``kernel.ll`` (the IR as clang-16 reads it), the
harness source and its argument file, and the clang-16 / ld.lld-16 / qemu-hexagon lines.  Every script reads the
inputs from ``../inputs/`` and ends with ``../check.py`` judging ``out/``.
"""
from __future__ import annotations

import json
import shlex
from pathlib import Path

import numpy as np

from frontends.devices import hexagon
from frontends.tvm.frontend import target_of
from frontends.tvm.lower import TVM_DTYPE
from frontends.tvm.poison_copy import standalone
from frontends.tvm.points import REFERENCE, Pipeline, _untargeted, clang_command, without_hvx
from fuzz.publish import shared_copies
from fuzz.store import atomic_write

POINT_PY = '''"""{title}

TVM and numpy only: builds the module below for x86 and saves its outputs to out/ (judged by ../check.py)."""
import os
import sys

import numpy as np
import tvm

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import poison  # noqa: E402  registers TVM's default TIR pipeline with intermediates poisoned

INPUTS = {inputs!r}  # (name, dtype)
OUTPUTS = {outputs!r}  # (name, shape, dtype)
SKIP = {skip}  # lowering passes this module has already been through (0: none)
SOURCE = {source!r}


def load(name, dtype):
    """An input as TVM takes it: bf16 and float8 are kept as raw bytes (numpy has no name for them), read as
    ml_dtypes' type of that name."""
    a = np.load(os.path.join(HERE, "..", "inputs", f"{{name}}.npy"))
    if a.dtype.kind == "V":
        import ml_dtypes
        a = a.view(getattr(ml_dtypes, dtype))
    return a


@tvm.ir.instrument.pass_instrument
class Skip:
    """Skips the first SKIP passes of the lowering pipeline (those directly inside TVM's default `_pipeline`)."""

    def __init__(self):
        self.depth, self.pipe, self.count = 0, None, 0

    def should_run(self, mod, info):
        leaf = (self.pipe is not None and self.depth == self.pipe + 2) or info.name == "kernelfuzz.PoisonAllocations"
        if leaf and self.count < SKIP:
            self.count += 1
            return False
        return True

    def run_before_pass(self, mod, info):
        if info.name == "_pipeline":
            self.pipe = self.depth
        self.depth += 1

    def run_after_pass(self, mod, info):
        self.depth -= 1
        if info.name == "_pipeline":
            self.pipe = None


def main():
    mod = tvm.script.from_source(SOURCE)
    with tvm.transform.PassContext(instruments=[Skip()]):
        ex = tvm.compile(mod, target=tvm.target.Target({target!r}), tir_pipeline=poison.PIPELINE)
    outs = [tvm.runtime.tensor(poison.poisoned(shape, dtype)) for _, shape, dtype in OUTPUTS]
    ex(*[tvm.runtime.tensor(load(n, t)) for n, t in INPUTS], *outs)
    os.makedirs(os.path.join(HERE, "out"), exist_ok=True)
    for (name, _, _), o in zip(OUTPUTS, outs):
        np.save(os.path.join(HERE, "out", f"{{name}}.npy"), o.numpy())


if __name__ == "__main__":
    main()
'''

SPLIT_PY = '''"""Split the harness's out.bin into out/<output>.npy (numpy only)."""
import os

import numpy as np

OUTPUTS = {outputs!r}  # (name, shape, dtype)
data, at = open("out.bin", "rb").read(), 0
os.makedirs("out", exist_ok=True)
for name, shape, dtype in OUTPUTS:
    n = int(np.prod(shape)) * np.dtype(dtype).itemsize
    np.save(f"out/{{name}}.npy", np.frombuffer(data[at:at + n], dtype=dtype).reshape(shape))
    at += n
'''


def _inputs(p: Pipeline) -> list:
    return [(t.name, TVM_DTYPE.get(t.dtype, t.dtype)) for t in p.case.inputs]  # int4: its own name


def _outputs(p: Pipeline) -> list:
    return [(n, list(shape), TVM_DTYPE[dtype]) for n, (shape, dtype) in zip(p.case.outputs, p.outputs)]


def _point_py(p: Pipeline, point: dict, mod, skip: int, dest: Path, side: str) -> list[str]:
    shared_copies.write(dest, "poison.py", standalone())  # a stub in a corpus
    atomic_write(dest / "point.py", POINT_PY.format(
        title=f"{point['stage']}: {point['name']}", inputs=_inputs(p), outputs=_outputs(p),
        skip=skip, source=mod.script(), target=REFERENCE))
    return ["python point.py", _check(p, side)]


def _check(p: Pipeline, side: str) -> str:
    return f"cd .. && exec python3 check.py {' '.join(f'{side}/out/{n}.npy' for n in p.case.outputs)}"


def _hexagon_lines(p: Pipeline, dest: Path, inputs: list, side: str, kernel: list[str]) -> list[str]:
    """Link a kernel object to the harness and run it under qemu-hexagon (the commands kernelfuzz runs)."""
    shared_copies.write(dest, "hexagon_harness.c", hexagon.HARNESS.read_text())  # a stub in a corpus
    shapes = [(shape, np.dtype(TVM_DTYPE[dtype])) for shape, dtype in p.outputs]
    hexagon.write_args(dest / "args.bin", inputs, shapes)
    atomic_write(dest / "split_outputs.py", SPLIT_PY.format(outputs=_outputs(p)))
    harness = [hexagon.CLANG, "--target=hexagon-unknown-linux-musl", f"-mcpu={hexagon.CPU}", "-O2", "-ffreestanding",
               "-fno-builtin", "-nostdlib", "-c", "hexagon_harness.c", "-o", "harness.o"]
    return ["# args.bin: the inputs in the harness's format (hexagon_harness.c, header comment)",
            shlex.join(harness), *kernel,
            shlex.join([hexagon.LLD, "-static", "-o", "kernel.hexagon", "harness.o", "kernel.o",
                        "--defsym=kernel_entry=__tvm_ffi_main"]),
            shlex.join([hexagon.QEMU, "-cpu", "v67", "kernel.hexagon", "args.bin", "out.bin"]),
            "python split_outputs.py", _check(p, side)]


GPU_PY = '''"""{title}

TVM and numpy only: builds the dlight-scheduled module below for {target} and runs it on that device, saving its
outputs to out/ (judged by ../check.py). Without such a device it exits 2 (could not run); kernelfuzz ran it {where}."""
import os
import sys

import numpy as np
import tvm

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import poison  # noqa: E402  registers TVM's default TIR pipeline with intermediates poisoned

INPUTS = {inputs!r}  # (name, dtype)
OUTPUTS = {outputs!r}  # (name, shape, dtype)
SKIP = {skip}  # lowering passes this module has already been through (0: none)
SOURCE = {source!r}


def load(name, dtype):
    """An input as TVM takes it: bf16 and float8 are kept as raw bytes (numpy has no name for them), read as
    ml_dtypes' type of that name."""
    a = np.load(os.path.join(HERE, "..", "inputs", f"{{name}}.npy"))
    if a.dtype.kind == "V":
        import ml_dtypes
        a = a.view(getattr(ml_dtypes, dtype))
    return a
{skip_class}

def main():
    dev = tvm.device({device!r}, 0)
    if not dev.exist:
        print("could not run: no {device} device here", file=sys.stderr)
        return 2
    with tvm.transform.PassContext(instruments=[Skip()]):
        ex = tvm.compile(tvm.script.from_source(SOURCE), target=tvm.target.Target({target!r}),
                         tir_pipeline=poison.PIPELINE)
    outs = [tvm.runtime.tensor(poison.poisoned(shape, dtype), device=dev) for _, shape, dtype in OUTPUTS]
    ex(*[tvm.runtime.tensor(load(n, t), device=dev) for n, t in INPUTS], *outs)
    os.makedirs(os.path.join(HERE, "out"), exist_ok=True)
    for (name, _, _), o in zip(OUTPUTS, outs):
        np.save(os.path.join(HERE, "out", f"{{name}}.npy"), o.numpy())
    return 0


if __name__ == "__main__":
    sys.exit(main())
'''


def _gpu_lines(p: Pipeline, dest: Path, side: str, point: dict) -> list[str]:
    """A dlight GPU configuration's own compile, for its device (``SKIP``: none of its lowering passes skipped)."""
    from frontends.tvm.frontend import cuda_availability
    where = "on " + cuda_availability().why if p.config.target == "cuda" else "in its gfx942 simulator"
    skip, mod = 0, p.scheduled()
    skip_class = POINT_PY[POINT_PY.index("@tvm.ir.instrument"):POINT_PY.index("def main")]  # the same Skip, no braces
    shared_copies.write(dest, "poison.py", standalone())  # a stub in a corpus
    atomic_write(dest / "point.py", GPU_PY.format(
        title=f"{point['stage']}: {point['name']}", target=target_of(p.config), device=p.config.target,
        where=where, inputs=_inputs(p), outputs=_outputs(p), skip=skip,
        skip_class="\n\n" + skip_class.rstrip() + "\n\n", source=mod.script()))
    return ["python point.py", _check(p, side)]


def export_point(p: Pipeline, point: dict, dest: Path, inputs: list) -> str:
    key, side = point["key"], dest.name
    dest.mkdir(parents=True, exist_ok=True)
    lines = [f"# {point['stage']}: {point['name']}", f"# finisher: {point['finisher']}"]
    if "schedule" in key:
        lines += _point_py(p, point, p.scheduled(key["schedule"]), 0, dest, side)
    elif "serial" in key:  # a dlight GPU schedule's prefix, thread loops serial (frontends/tvm/gpu_points.py)
        lines += ["# point.py: the schedule prefix with thread loops serial and GPU scopes global"]
        lines += _point_py(p, point, p.serial(key["serial"]), 0, dest, side)
    elif p.config.target in ("cuda", "rocm"):
        lines += _gpu_lines(p, dest, side, point)
    elif "tir" in key:
        _, ran, snapshot = p.snapshots()[key["tir"]]
        lines += _point_py(p, point, _untargeted(snapshot), ran, dest, side)
    elif "llvm" in key:
        ll = p.ll() if key["llvm"] != "no-hvx" else without_hvx(p.ll())
        atomic_write(dest / "kernel.ll", ll)
        extra = [] if key["llvm"] == "no-hvx" else ["-mllvm", f"-opt-bisect-limit={key['llvm']}"]
        lines += ["# kernel.ll: the LLVM IR TVM emitted for the kernel, rewritten for clang-16 (frontends/tvm/llvm16.py)"
                  + ("; HVX off in every function" if key["llvm"] == "no-hvx" else "")]
        clang = shlex.join(clang_command("kernel.ll", "kernel.o", extra))
        if extra:  # LLVM lists every pass it runs or skips on stderr: keep it, show the last one run
            clang += f" 2> bisect.log\ngrep -F 'running pass ({key['llvm']})' bisect.log || true"
        lines += _hexagon_lines(p, dest, inputs, side, [clang])
    elif p.config.target == "hexagon":
        atomic_write(dest / "scheduled.py", f"SOURCE = {p.scheduled().script()!r}\n")
        build = ("python -c 'import tvm, scheduled; tvm.compile(tvm.script.from_source(scheduled.SOURCE), target="
                 f"tvm.target.Target({json.dumps(target_of(p.config))})).mod.write_to_file(\"kernel.o\")'")
        lines += ["# TVM's own LLVM (the configuration; no poisoning of intermediates: the harness's scratch is "
                  "not cleared)"] + _hexagon_lines(p, dest, inputs, side, [build])
    else:
        lines += _point_py(p, point, p.scheduled(), 0, dest, side)
    return "\n".join(lines) + "\n"
