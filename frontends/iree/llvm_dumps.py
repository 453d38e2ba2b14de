"""The dispatch functions after each LLVM pass of IREE's GPU backend, as LLVM's own ``--print-after-all`` prints
them to iree-compile's stderr (iree-compile takes LLVM's command-line options, as it does ``--opt-bisect-limit``;
``--filter-print-funcs`` keeps the printing to the dispatch functions): LLVM IR after each IR pass (``*** IR Dump
After <name> (<arg>) ***`` for the codegen pipeline's legacy passes, ``; *** IR Dump After <Pass> on <function or
[module]> ***`` for the optimization pipeline's), machine IR after each machine pass (``# *** IR Dump After <name>
(<arg>) ***:``, then ``# Machine code for function <f>: ...`` up to ``# End machine code for function <f>.``).
A pass that opt-bisect skipped prints its header and nothing; a pass that leaves a function's text as it was adds
no dump, as the MLIR codegen dumps do (``frontends/iree/codegen_dumps.py``).  Judged by a finding's IR evidence
(``fuzz/reduce/evidence.py``) after the MLIR dumps, on from their numbers."""
from __future__ import annotations

import re

# the header; what follows " ***" on its line (LLVM prints some bodies without a newline first) belongs to the body
_HEADER = re.compile(r"(?m)^(# |; )?\*\*\* IR Dump After (.*?) \*\*\*:?")
_BISECT = re.compile(r"(?m)^BISECT: .*\n?")
_LEGACY = re.compile(r"^(.*) \(([\w.-]+)\)$")  # "Pre-ISel Intrinsic Lowering (pre-isel-intrinsic-lowering)"
_NEW_PM = re.compile(r"^(\S+) on (.+)$")  # "EntryExitInstrumenterPass on main_dispatch_0" / "... on [module]"
CAP_BYTES = 16 << 20  # the dumps' texts kept, in all: a big kernel's 150-odd passes stop there (the last one says so)


def pass_name(header: str) -> tuple[str, str]:
    """(name, pass-arg) of a header: ``("RegBankSelect", "regbankselect")``; a new-PM pass has no arg."""
    m = _LEGACY.match(header)
    if m:
        return m.group(1), m.group(2)
    m = _NEW_PM.match(header)
    return (m.group(1), "") if m else (header, "")


def _ir_function(body: str, func: str) -> str | None:
    """``define ... @func(...) ... {`` up to its closing ``}`` line, in an LLVM IR dump."""
    m = re.search(rf"(?m)^define [^\n]*@{re.escape(func)}\(", body)
    if m is None:
        return None
    end = body.find("\n}", m.end())
    return body[m.start():end + 2] if end >= 0 else None


def _mir_function(body: str, func: str) -> str | None:
    """``# Machine code for function func: ...`` up to ``# End machine code for function func.``"""
    start = body.find(f"# Machine code for function {func}:")
    if start < 0:
        return None
    tail = f"# End machine code for function {func}."
    end = body.find(tail, start)
    return body[start:end + len(tail)] if end >= 0 else None


def llvm_dumps(stderr: str, funcs: set[str], first: int = 1, cap: int = CAP_BYTES) -> list[dict]:
    """Each function of ``funcs`` after each LLVM pass that changed its text: ``{number, pass, arg, func, text,
    suffix}`` (``.ll`` LLVM IR, ``.mir`` machine IR), numbered from ``first`` by the headers' order; once the texts
    kept pass ``cap`` bytes the dumps stop and the last one's ``capped`` says so."""
    parts = _HEADER.split(_BISECT.sub("", stderr))
    last: dict[str, str] = {}
    out, size = [], 0
    for i, k in enumerate(range(1, len(parts) - 2, 3)):
        mir, header, body = parts[k] == "# ", parts[k + 1], parts[k + 2]
        name, arg = pass_name(header)
        for func in sorted(funcs):
            text = (_mir_function if mir or "# Machine code for function" in body else _ir_function)(body, func)
            if text is None or last.get(func) == text:
                continue
            last[func] = text
            out.append({"number": first + i, "pass": name, "arg": arg, "func": func, "text": text,
                        "suffix": ".mir" if text.startswith("# Machine code") else ".ll"})
            size += len(text)
            if size > cap:
                out[-1]["capped"] = f"the LLVM dumps stop here: their texts passed {cap >> 20} MiB"
                return out
    return out


def dump_name(d: dict) -> str:
    """``LLVM: RegBankSelect (regbankselect) on @f``."""
    arg = f" ({d['arg']})" if d["arg"] else ""
    capped = f" [{d['capped']}]" if d.get("capped") else ""
    return f"LLVM: {d['pass']}{arg} on @{d['func']}{capped}"
