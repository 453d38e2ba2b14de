"""LLVM IR from a newer LLVM, rewritten for Debian's clang-16: upstream tools reproduce what TVM's LLVM compiled.

TVM 0.27 bundles LLVM 22; the LLVM tools installed here are clang-16 / lld-16 (and llc-14).  Textual IR moved on
between them in ways that carry no semantics for code generation, or only optimization hints, so ``llvm16``
drops or respells them: debug records and debug metadata, ``captures(none)`` (``nocapture``), the flags LLVM
added to ``getelementptr`` (``nuw``, ``nusw``), ``trunc`` (``nuw``, ``nsw``), ``zext``/``uitofp`` (``nneg``),
``icmp`` (``samesign``) and ``or`` (``disjoint``), the attributes ``range``, ``initializes``, ``dead_on_unwind``,
``writable`` and ``nocreateundeforpoison``, the memory locations ``errnomem`` and ``target_mem<N>``, and
``splat (...)`` constants (spelled out).  Each dropped item only weakens what the optimizer may assume, so the
program compiles to the same semantics; whether it compiles to the same *bug* is what the caller checks by
running it (``kernelfuzz localize`` does).
"""
from __future__ import annotations

import re

_DI = re.compile(r"^(!\d+) = (?:distinct )?!DI")
_REWRITES = (
    (re.compile(r",? !dbg !\d+"), ""),
    (re.compile(r"\bcaptures\(none\)"), "nocapture"),
    (re.compile(r"\s?\bcaptures\([^)]*\)"), ""),
    (re.compile(r"\bgetelementptr((?: inbounds)?)(?: (?:nuw|nusw))+"), r"getelementptr\1"),
    (re.compile(r"\btrunc(?: (?:nuw|nsw))+"), "trunc"),
    (re.compile(r"\b(zext|uitofp) nneg\b"), r"\1"),
    (re.compile(r"\bicmp samesign\b"), "icmp"),
    (re.compile(r"\bor disjoint\b"), "or"),
    (re.compile(r"\s?\brange\([^)]*\)"), ""),
    (re.compile(r"\s?\b(?:nocreateundeforpoison|dead_on_unwind|writable)\b"), ""),
    (re.compile(r"\s?\binitializes\(\([^)]*\)(?:, \([^)]*\))*\)"), ""),
    (re.compile(r",?\s*(?:errnomem|target_mem\d+): \w+"), ""),
)
_SPLAT = re.compile(r"<(\d+) x ([^>]+)> splat \(([^()]*)\)")


def _splat(m: re.Match) -> str:
    return f"<{m[1]} x {m[2]}> <" + ", ".join([m[3]] * int(m[1])) + ">"


def llvm16(text: str) -> str:
    """``text`` (LLVM IR from LLVM 17-22) as IR clang-16 parses."""
    lines = text.splitlines()
    dropped = {m.group(1) for ln in lines if (m := _DI.match(ln))}
    out = []
    for ln in lines:
        if ln.strip().startswith("#dbg_") or _DI.match(ln) or ln.startswith("!llvm.dbg.cu"):
            continue
        for pattern, replacement in _REWRITES:
            ln = pattern.sub(replacement, ln)
        ln = _SPLAT.sub(_splat, ln)
        if ln.startswith("!") and dropped:  # a node that listed a dropped debug node lists the rest
            ln = re.sub(r"!\d+", lambda m: "" if m[0] in dropped else m[0], ln)
            ln = re.sub(r",\s*(?=[,}])", "", re.sub(r"\{\s*,\s*", "{", ln))
        out.append(ln)
    return "\n".join(out) + "\n"
