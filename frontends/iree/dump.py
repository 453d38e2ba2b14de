"""Reading what IREE printed: its executable dumps (each dispatch's pipeline, the CPU it compiled for), a batch's
diagnostics (which cases they name), its flow IR (which entry point calls which dispatch) and whether a rejection
is a documented limitation (``LIMITATIONS``).

In: dump folders and stderr text of ``iree-compile`` (``frontends/iree/frontend.py``).  Out: JSON-able facts."""
from __future__ import annotations

import glob
import os
import re
from pathlib import Path

from frontends.devices import reach
from frontends.iree import cpu as iree_cpu
from frontends.iree.simulated import DUMP as KERNELS  # where a simulated configuration's second stage dumps
from frontends.iree.simulated import clip  # noqa: F401  (the frontend reads it here)

DUMP = "dump"
# one dispatch's code object, or (IREE links a module's dispatches into one: a batch, a case of several dispatches)
# ``module_<name>_linked_...``; either holds kernels named ``<function>_dispatch_<n>_<what it computes>``
_KERNEL_FILE = re.compile(r"^module_\w+_fb\.(rocmasm|ptx)$")
_KERNEL = re.compile(r"^(\w+?_dispatch_\d+)_")
_READ = {"rocmasm": reach.gfx942_kernels, "ptx": reach.ptx_kernels}
_PIPELINE = re.compile(r"translation_info<pipeline = (?:#iree_[a-z]+\.pipeline<)?([A-Za-z0-9_]+)")


def dispatch_facts(dump_dir: str) -> dict:
    """What IREE built, read from its executable dump: dispatch count and each dispatch's pipeline."""
    pipelines, cpu = {}, None
    for path in sorted(glob.glob(os.path.join(dump_dir, "configured_*.mlir"))):
        name = os.path.basename(path)[len("configured_"):-len(".mlir")]
        with open(path) as f:
            text = f.read()
        pipelines[name] = sorted(set(_PIPELINE.findall(text)))
        cpu = cpu or iree_cpu.target_cpu(text)
    return {"dispatches": len(pipelines), "pipelines": pipelines, **({"cpu": cpu} if cpu else {})}


def kernel_reach(workdir: str) -> dict[str, list[dict]]:
    """Per dispatch (named as ``dispatch_facts`` names it), what each of its GPU kernels reached
    (``frontends/devices/reach``): read kernel by kernel from the gfx942 assembly or PTX that IREE dumped, in the
    configuration's dump or its second stage's, so a dispatch's record is its own kernels', never a neighbour's."""
    found: dict[str, list[dict]] = {}
    for folder in (DUMP, KERNELS):
        here: dict[str, list[dict]] = {}
        for path in sorted(glob.glob(os.path.join(workdir, folder, "module_*_fb.*"))):
            if m := _KERNEL_FILE.match(os.path.basename(path)):
                for kernel, record in _READ[m.group(1)](Path(path).read_text()).items():
                    if k := _KERNEL.match(kernel):
                        here.setdefault(f"module_{k.group(1)}", []).append(record)
        for name, records in here.items():  # the configuration's own dump first, as a dispatch's one source
            found.setdefault(name, records)
    return found


def reached(workdir: str, names=None, handle=None) -> dict:
    """The facts ``reached`` of a GPU compile: its dispatches' records merged (``names``: only these dispatches,
    as a batch's case calls them); {} for code that is not a GPU's.  With the host program (``handle``: a simulated
    configuration's ``simulated.Program``), ``workgroups``: the most workgroups one of those dispatches launches, where its count does not
    depend on the run's sizes."""
    every = kernel_reach(workdir)
    names = list(every) if names is None else names
    picked = [r for n in names for r in every.get(n, [])]
    if not picked:
        return {}
    record = reach.merge(picked)
    host = getattr(handle, "host", None)
    if host and (most := _workgroups(host, names)):
        record["workgroups"] = most
    return {"reached": record}


def _workgroups(host: str, names: list[str]) -> int:
    from math import prod

    from frontends.iree.host import CannotSimulate, exports
    try:
        found = exports(host)
    except CannotSimulate:  # a count region the interpreter does not read: the run will say so; no fact here
        return 0
    wanted = tuple(n.removeprefix("module_") + "_" for n in names)
    return max((prod(c) for e, (c, _, _) in found.items() if e.startswith(wanted) and isinstance(c, tuple)),
               default=0)


FLOW_IR = "flow-ir"  # the program after executable deduplication: which entry point calls which dispatch
_ERROR_AT = re.compile(r"^(.*?): error:", re.M)
_LLD_REFERENCE = re.compile(r"^>>> .*\((case\d+)_dispatch_", re.M)  # iree-lld names the dispatch symbol
_CASE = re.compile(r"(?<![A-Za-z0-9])case(\d+)(?=_dispatch_|\b)")
_LINE = re.compile(r"kernel\.mlir:(\d+):\d+")


def entry(k: int) -> str:
    """Case ``k``'s function in a batch; IREE names its dispatches ``case<k>_dispatch_<n>``."""
    return f"case{k}"


def culprits(stderr: str, spans: list[tuple[int, int]]) -> list[int]:
    """The cases a failed batch's diagnostics name: an error located in a case's lines, in its dispatch's
    dumped source, or at its NameLoc, and a dispatch symbol iree-lld names."""
    named = set()
    for where in _ERROR_AT.findall(stderr):
        named |= {int(k) for k in _CASE.findall(where)}
        named |= {k for line in _LINE.findall(where) for k, (a, b) in enumerate(spans) if a <= int(line) <= b}
    named |= {int(name[len("case"):]) for name in _LLD_REFERENCE.findall(stderr)}
    return sorted(k for k in named if k < len(spans))


_FUNC = re.compile(r"util\.func public @(\w+)")
_DISPATCH = re.compile(r"flow\.dispatch @(\w+)::")


def dispatch_sites(flow_ir: str) -> dict[str, list[str]]:
    """Per public function, the executables its dispatch sites call, in order (after deduplication, an
    executable may be another function's)."""
    sites: dict[str, list[str]] = {}
    current = None
    for line in flow_ir.splitlines():
        if m := _FUNC.search(line):
            current = sites.setdefault(m.group(1), [])
        elif (d := _DISPATCH.search(line)) and current is not None:
            current.append(d.group(1))
    return sites


def batch_dispatch_facts(workdir: str, count: int, handle=None) -> list[dict]:
    """``dispatch_facts`` per case, named as its single compile names them (``module_main_dispatch_<n>``), with
    what its kernels reached (``reached``)."""
    batch = dispatch_facts(os.path.join(workdir, DUMP))
    every, cpu = batch["pipelines"], ({"cpu": batch["cpu"]} if "cpu" in batch else {})
    flow = "".join(Path(f).read_text() for f in glob.glob(os.path.join(workdir, FLOW_IR, "**", "*.mlir"), recursive=True))
    sites = dispatch_sites(flow)
    facts = []
    for k in range(count):
        own, called = f"{entry(k)}_dispatch_", sites.get(entry(k), [])
        names = {}
        for i, exe in enumerate(called):  # a deduplicated one is named by its first site, as alone
            names.setdefault(exe, f"main_dispatch_{exe[len(own):] if exe.startswith(own) else i}")
        facts.append({"dispatches": len(names),
                      "pipelines": {f"module_{name}": every.get(f"module_{exe}", []) for exe, name in names.items()},
                      **(cpu if names else {}), **reached(workdir, [f"module_{exe}" for exe in names], handle)})
    return facts


# Rejections IREE makes on purpose, matched on the first error line: (fragment of the message, why and where
# it is documented).  A case stopped by one is a known limitation, not a finding; every other configuration
# still judges it, and should IREE ever compile it, it is judged like any case.
LIMITATIONS = (
    ("only a single iteration dimension divided by a positive constant step can be tiled",
     "linalg tiling rejects compound semi-affine (floordiv/mod) maps on purpose since llvm-project PR #212240; "
     "single-dimension forms compile"),
)


def limitation(stderr: str) -> str:
    """Why a rejection is a documented limitation (``LIMITATIONS``), or "" when it is not one."""
    first = next((ln for ln in stderr.splitlines() if "error:" in ln), "")
    return next((why for fragment, why in LIMITATIONS if fragment in first), "")
