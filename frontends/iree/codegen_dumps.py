"""The dispatch functions of an IREE program at ``executable-configurations`` after each codegen pass, as
``--mlir-print-ir-after-all`` prints them (with each pass's options), the configured program with a dispatch replaced
by one of those dumps, and a program with its ``lowering_config``s dropped: the ``codegen`` points of ``kernelfuzz
localize`` (``frontends/iree/localize.py``)."""
from __future__ import annotations

import re

from fuzz.execute.backend import CompilerFailure

_DUMP = re.compile(r"(?m)^// -----// IR Dump After (.*?) //----- //\n")
_FUNC = re.compile(r"^(\s*)func\.func @([\w$.-]+)\(", re.M)


def dispatch_functions(configured: str) -> set[str]:
    """The dispatch functions of a configured program (the host program is ``util.func``)."""
    return {m.group(2) for m in _FUNC.finditer(configured)}


def func_span(text: str, name: str) -> tuple[int, int] | None:
    """Where ``func.func @name`` is in MLIR text: from its first line to its closing brace, which the printer
    puts on a line of its own at the function's indentation."""
    m = re.search(rf"^(\s*)func\.func @{re.escape(name)}\(", text, re.M)
    if m is None:
        return None
    end = text.find("\n" + m.group(1) + "}", m.end())
    return (m.start(), end + len(m.group(1)) + 2) if end >= 0 else None


def codegen_dumps(stderr: str, funcs: set[str], every: bool = False) -> list[dict]:
    """Each dispatch function's IR after each codegen pass that changed it, while it still carries its codegen
    pipeline (``translation_info``: the inner pipeline, up to LLVMCPULowerExecutableTargetPass), so a dump can stand
    in for the function (``substituted``); with ``every``, for as long as it is a ``func.func`` (to judge, not to
    substitute: the GPU pipelines' late vector lowering runs after the pipeline attribute is gone)."""
    parts = _DUMP.split(stderr)
    last: dict[str, str] = {}
    out = []
    for number, (header, body) in enumerate(zip(parts[1::2], parts[2::2]), start=1):
        m = _FUNC.match(body.lstrip("\n"))
        if m is None or m.group(2) not in funcs or not (every or "translation_info =" in body.split("\n", 1)[0]):
            continue
        span = func_span(body, m.group(2))
        text = body[span[0]:span[1]] if span else body
        if last.get(m.group(2)) == text:
            continue
        last[m.group(2)] = text
        out.append({"number": number, "pass": header.split(":", 1)[0], "arg": header.split(":", 1)[-1].strip(),
                    "func": m.group(2), "text": text})
    return out


def substituted(configured: str, dumps: list[dict], upto: int) -> str:
    """The configured program with each dispatch function replaced by its latest dump at or before ``upto``."""
    latest = {d["func"]: d["text"] for d in dumps[:upto + 1]}
    for func, text in latest.items():
        span = func_span(configured, func)
        if span is None:
            raise CompilerFailure(f"@{func} is not in the configured program")
        configured = configured[:span[0]] + text + configured[span[1]:]
    return configured


def pass_options(dump: dict) -> str:
    """A codegen pass's options as the dump's header prints them (``{tiling-level=vector_reduction}``), or ''."""
    arg = dump.get("arg", "")
    return arg[arg.index("{"):] if "{" in arg else ""


_CONFIG = re.compile(r"(attrs =\s*\{\s*)?(,\s*|\{\s*)?lowering_config = #iree_(?:cpu|codegen)\.lowering_config<")


def without_lowering_configs(text: str) -> str:
    """The program with every op's ``lowering_config`` dropped (an ``attrs = {...}`` or ``{...}`` left empty goes
    too): IREE's Default pipeline then tiles nothing a codegen pass already tiled, and lowers the dump as it is."""
    out, i = [], 0
    for m in _CONFIG.finditer(text):
        if m.start() < i:
            continue
        end = _closing(text, m.end() - 1)
        if m.group(1) or (m.group(2) or "").startswith("{"):
            brace = text.index("}", end)  # the dictionary held only the config: drop it whole
            if text[end:brace].strip():
                out.append(text[i:m.start()] + (m.group(1) or "") + (m.group(2) or ""))
                i = end + (1 if text[end:end + 1] == "," else 0)
                continue
            end = brace + 1
        out.append(text[i:m.start()])
        i = end
    return "".join(out) + text[i:]


def _closing(text: str, start: int) -> int:
    """The index after the ``>`` closing the ``<`` at ``text[start]`` (``->`` is not a bracket)."""
    depth = 0
    for j in range(start, len(text)):
        if text[j] == "<":
            depth += 1
        elif text[j] == ">" and text[j - 1] != "-":
            depth -= 1
            if depth == 0:
                return j + 1
    raise CompilerFailure(f"unbalanced lowering_config at offset {start}")
