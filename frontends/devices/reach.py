"""What compiled GPU code reached, read from its text: which of a GPU backend's real paths a case exercised.

Code generation for a GPU does its real work only at real sizes: matrix instructions (gfx942 ``v_mfma_*``, CUDA
``mma.sync``/``wmma``/``ldmatrix``), shared memory (LDS, ``.shared``), barriers, wide vector accesses, lanes
switched off for partial tiles.  These readers take the text a compile left (gfx942 assembly with its kernel
descriptors, PTX, or TVM's CUDA C) and return a small JSON-able record of what it contains; the frontends add it to a
result's facts as ``reached`` (one record per kernel, merged by ``merge``; ``gfx942_kernels`` and ``ptx_kernels``
read a code object that links several kernels, as IREE's does, kernel by kernel), and the campaign statistics
tally the share of cases that reached each per configuration (``fuzz/campaign/reach.py``).

Each field is a fact of the text, never a guess about what ran:

* ``matrix``: the matrix instructions the code holds (mnemonics, sorted);
* ``shared``: the code touches shared memory (LDS on gfx942, the ``.shared`` state space in PTX, ``__shared__`` in
  CUDA C); ``shared_bytes``: its static size where the text declares one (dynamic shared memory counts 0 here);
* ``barriers``: the workgroup barrier instructions in the code (``s_barrier``, ``bar.sync``/``barrier.sync``,
  ``__syncthreads()``), counted in the text, not as executed;
* ``vector_bytes``: the widest global-memory access, in bytes per lane;
* ``masked``: the code switches lanes off: on gfx942 it saves and narrows the EXEC mask (``s_and_saveexec_b64``,
  ``v_cmpx_*``: any divergent branch, a partial tile's guard among them); in PTX a global-memory access is under a
  ``@%p`` predicate.  Not read from CUDA C (``None`` there).

The number of workgroups a launch used is a fact of the run, not of the text: the frontends add ``workgroups``
where they know the launch (TVM's launch plan; IREE's from the host program at run time)."""
from __future__ import annotations

import re

_MFMA = re.compile(r"^\s*(v_mfma_[a-z0-9_]+|v_smfmac_[a-z0-9_]+)", re.M)
_LDS_SIZE = re.compile(r"^\s*\.amdhsa_group_segment_fixed_size\s+(\d+)", re.M)
_LDS_OP = re.compile(r"^\s*ds_(read|write|load|store|add|swizzle|bpermute|permute)", re.M)
_S_BARRIER = re.compile(r"^\s*s_barrier\b", re.M)
_GFX_GLOBAL = re.compile(r"^\s*(?:global|buffer|flat)_(?:load|store)_(?:dword(x[234])?|b(?:32|64|96|128)|"
                         r"(?:u|s)?(?:byte|short)(?:_d16(?:_hi)?)?)\b", re.M)
_GFX_MASK = re.compile(r"^\s*(s_and_saveexec_b64|s_andn2_saveexec_b64|s_or_saveexec_b64|v_cmpx_[a-z0-9_]+|"
                       r"s_and_b64\s+exec|s_mov_b64\s+exec)", re.M)
_DWORDS = {None: 4, "x2": 8, "x3": 12, "x4": 16}

_PTX_MMA = re.compile(r"^\s*(?:@!?%p\d+\s+)?((?:mma|wmma\.mma|ldmatrix|wgmma\.mma_async)\.[a-z0-9._]+)", re.M)
_PTX_SHARED_DECL = re.compile(r"^\s*(?:\.extern\s+)?\.shared\s+\.align\s+\d+\s+\.b8\s+[\w$]+\[(\d*)\]", re.M)
_PTX_SHARED_OP = re.compile(r"^\s*(?:@!?%p\d+\s+)?(?:ld|st|atom|red|cp\.async[.a-z0-9]*)\.shared", re.M)
_PTX_BAR = re.compile(r"^\s*(?:@!?%p\d+\s+)?(?:bar\.sync|barrier\.sync|bar\.arrive|barrier\.arrive)\b", re.M)
_PTX_GLOBAL = re.compile(r"^\s*(@!?%p\d+\s+)?(?:ld|st)\.global(?:\.[a-z]+)*?(?:\.v(\d))?\.([busf])(\d+)\b", re.M)

_CU_MMA = re.compile(r"\b(mma\.sync\.aligned\.[a-z0-9._]+|ldmatrix\.sync\.aligned\.[a-z0-9._]+|wmma::mma_sync|"
                     r"nvcuda::wmma::mma_sync)")
_CU_SHARED = re.compile(r"__shared__\s+(?:(?:__align__|alignas)\(\d+\)\s+)?([\w:]+)\s+\w+\[(\d+)\]")
_CU_EXTERN_SHARED = re.compile(r"extern\s+__shared__")
_CU_BAR = re.compile(r"__syncthreads\(\)")
_C_BYTES = {"half": 2, "__half": 2, "nv_bfloat16": 2, "__nv_bfloat16": 2, "float": 4, "int": 4, "uint": 4,
            "signed char": 1, "char": 1, "unsigned char": 1, "int8_t": 1, "uint8_t": 1, "double": 8, "int64_t": 8,
            "short": 2, "uchar": 1}


def gfx942(asm: str) -> dict:
    """What one gfx942 code object's assembly (its text and kernel descriptors) holds."""
    widths = [_DWORDS[m.group(1)] if "dword" in m.group(0) else _bytes_of(m.group(0)) for m in _GFX_GLOBAL.finditer(asm)]
    lds = sum(int(n) for n in _LDS_SIZE.findall(asm))
    return {"matrix": sorted(set(_MFMA.findall(asm))), "shared": bool(lds or _LDS_OP.search(asm)), "shared_bytes": lds,
            "barriers": len(_S_BARRIER.findall(asm)), "vector_bytes": max(widths, default=0),
            "masked": bool(_GFX_MASK.search(asm))}


def _bytes_of(op: str) -> int:
    """The bytes per lane of a gfx942 global access spelled by element (``_b128``, ``_ubyte``, ``_short_d16``)."""
    if m := re.search(r"_b(\d+)\b", op):
        return int(m.group(1)) // 8
    return 1 if "byte" in op else 2


def ptx(text: str) -> dict:
    """What one PTX module holds."""
    decl = [int(n) for n in _PTX_SHARED_DECL.findall(text) if n]
    widths, masked = [], False
    for m in _PTX_GLOBAL.finditer(text):
        widths.append(int(m.group(2) or 1) * int(m.group(4)) // 8)
        masked |= bool(m.group(1))
    return {"matrix": sorted(set(_PTX_MMA.findall(text))),
            "shared": bool(decl or _PTX_SHARED_OP.search(text) or _PTX_SHARED_DECL.search(text)),
            "shared_bytes": sum(decl), "barriers": len(_PTX_BAR.findall(text)), "vector_bytes": max(widths, default=0),
            "masked": masked}


def cuda_c(source: str) -> dict:
    """What TVM's CUDA C holds (before NVRTC: ``masked`` and ``vector_bytes`` are not read from C); the
    preprocessor lines (TVM's own helper macros) are not the kernel's code."""
    source = "\n".join(ln for ln in source.splitlines() if not ln.lstrip().startswith("#"))
    static = [int(n) * _C_BYTES.get(t.split("::")[-1], 0) for t, n in _CU_SHARED.findall(source)]
    return {"matrix": sorted(set(_CU_MMA.findall(source))),
            "shared": bool(static or _CU_EXTERN_SHARED.search(source)), "shared_bytes": sum(static),
            "barriers": len(_CU_BAR.findall(source)), "vector_bytes": None, "masked": None}


_GFX_DESCRIPTOR = re.compile(r"^\s*\.amdhsa_kernel\s+(\S+)\s*$.*?^\s*\.end_amdhsa_kernel\b", re.M | re.S)
_PTX_SHARED_LINE = re.compile(r"^[ \t]*(?:\.extern\s+|\.visible\s+)?\.shared\b[^\n;]*?([\w$]+)\[\d*\];", re.M)
_PTX_ENTRY = re.compile(r"^(?:\.visible\s+|\.weak\s+)?\.entry\s+([\w$]+)\s*\(.*?^\}", re.M | re.S)


def gfx942_kernels(asm: str) -> dict[str, dict]:
    """``gfx942`` per kernel of an assembly that may hold several (IREE links a module's dispatches into one code
    object): each kernel's instructions (its symbol to its ``.size``) with its own descriptor, never its neighbours'."""
    found = {}
    for d in _GFX_DESCRIPTOR.finditer(asm):
        name = re.escape(d.group(1))
        body = re.search(rf"^{name}:\s*$.*?^\s*\.size\s+{name},", asm, re.M | re.S)
        found[d.group(1)] = gfx942((body.group(0) if body else "") + "\n" + d.group(0))
    return found


def ptx_kernels(text: str) -> dict[str, dict]:
    """``ptx`` per ``.entry`` of a PTX module that may hold several: each entry's body with the module-scope
    shared-memory declarations that entry names (a neighbour's are not its own)."""
    entries = list(_PTX_ENTRY.finditer(text))
    scope = [m for m in _PTX_SHARED_LINE.finditer(text) if not any(e.start() <= m.start() < e.end() for e in entries)]
    found = {}
    for e in entries:
        named = [m.group(0) for m in scope if re.search(rf"(?<![\w$]){re.escape(m.group(1))}(?![\w$])", e.group(0))]
        found[e.group(1)] = ptx("\n".join([*named, e.group(0)]))
    return found


def merge(records: list[dict]) -> dict:
    """One record for a case's kernels: what any of them reached, counts summed, widths at their widest."""
    if not records:
        return {}
    out = {"kernels": len(records), "matrix": sorted({m for r in records for m in r["matrix"]}),
           "shared": any(r["shared"] for r in records), "shared_bytes": max(r["shared_bytes"] for r in records),
           "barriers": sum(r["barriers"] for r in records)}
    widths = [r["vector_bytes"] for r in records if r["vector_bytes"] is not None]
    masks = [r["masked"] for r in records if r["masked"] is not None]
    out["vector_bytes"] = max(widths) if widths else None
    out["masked"] = any(masks) if masks else None
    return out

