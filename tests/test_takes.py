"""The capability question (``fuzz/execute/backend.takes``): every configuration answers whether it takes a case,
from its own frontend, and the engine asks it once and never hands a refused case to a compiler.

A sample of cases (the stored test cases, the corpus's seeds and findings, hand-written shapes, each generated case
of a small seed range retyped to bf16 and float8, an odd int4 weight-only matmul) goes to every configuration.  The
engine side runs with ``Gate``, a lane that stands where a worker would and records every case a compile reaches:
the frontends' real ``takes`` decide, nothing compiles, and the test asserts what reached the gate."""
from __future__ import annotations

import ast
import dataclasses
import functools
import importlib
import math
import time
from pathlib import Path

import pytest

import frontends
from fuzz.case import workload as W
from fuzz.casefile import load
from fuzz.execute import backend
from fuzz.execute.batch import run_batch
from fuzz.execute.isolate import StageResult
from fuzz.execute.runner import Timeouts, prepare, run_case
from fuzz.generate.floats import NEW_FLOATS, retype
from fuzz.generate.generator import generate
from fuzz.generate.swarm import FULL
from fuzz.judge.oracle import Verdict
from tests import ROOT, small
from tests import handwritten as H
from tests.test_int4 import _weight_only

CONFIGS = frontends.all_configs()


def _stored() -> list[W.Case]:
    paths = sorted((ROOT / "tests/cases").glob("*.json")) + sorted((ROOT / "corpus/seeds").glob("*.json")) \
        + sorted((ROOT / "corpus/findings").glob("*/case.json"))
    return [load(p) for p in paths]


def _sample() -> list[W.Case]:
    drawn = [generate(s, swarm=small(FULL)) for s in range(12)]
    retyped = [r for c in drawn[:6] for t in NEW_FLOATS if (r := retype(c, t)) is not None]
    hand = [H.pools_and_pad(), H.residual_and_two_consumers(), H.softmax(), H.quasi_affine(), H.int8_ops()]
    return _stored() + drawn + retyped + hand + [_weight_only(m=2, k=3, n=3)]


SAMPLE = _sample()


@pytest.fixture(scope="module")
def answers() -> dict[tuple[str, str], str | None]:
    return {(c.name, k): backend.takes(case, c) for c in CONFIGS for k, case in _named(SAMPLE)}


def _named(cases: list[W.Case]) -> list[tuple[str, W.Case]]:
    """Each case under a unique name (generated and retyped cases may share one)."""
    return [(f"{k}-{c.name}", dataclasses.replace(c, name=f"{k}-{c.name}")) for k, c in enumerate(cases)]


def test_every_configuration_answers_takes_with_none_or_a_reason(answers):
    assert all(why is None or (isinstance(why, str) and why.strip()) for why in answers.values())
    for config in CONFIGS:  # every configuration takes most of the sample: a refusal is the exception
        took = sum(answers[(config.name, k)] is None for k, _ in _named(SAMPLE))
        assert took >= len(SAMPLE) // 3, (config.name, took, len(SAMPLE))


def test_each_kind_of_refusal_is_answered_by_the_frontend_that_knows(answers):
    """One example per decision that used to live elsewhere: the element-type tables, IREE's odd int4, MetaSchedule's
    static shapes, dlight's contract, Relax's int4, what TOSA and the ONNX writer cannot say."""
    def refused(config: str, text: str) -> bool:
        return any(name == config and why and text in why for (name, _), why in answers.items())
    assert refused("iree:gfx942-O2", "frontends/iree/frontend.py") and refused("iree:cuda-sm80-O2", "float8")
    assert refused("tvm:hexagon", "Hexagon harness") and refused("tvm:relax-hexagon", "bf16")
    assert refused("iree:cpu-O2", "whole bytes") and refused("tvm:relax-cpu", "int4 weights")
    assert refused("tvm:cpu-sampled", "static shapes only") and refused("tvm:cuda-dlight", "dlight")
    assert refused("iree:cpu-O2-tosa", "TOSA") and refused("iree:onnx-cpu-O2", "ONNX:")
    assert refused("tvm:onnx-relax-cpu", "ONNX:")
    assert not any("float8" in (why or "") for (name, _), why in answers.items()
                   if name in ("iree:cpu-O0", "tvm:cpu"))  # the CPU configurations take every float type


def test_takes_is_cheap_enough_to_ask_for_every_case():
    start = time.perf_counter()
    for config in CONFIGS:
        for case in SAMPLE[:20]:
            backend.takes(case, config)
    assert (time.perf_counter() - start) / (20 * len(CONFIGS)) < 0.05  # seconds per question, under load


class Gate:
    """Stands where a lane's worker would: records each (configuration, case) a compile reaches and compiles
    nothing (every compile "succeeds" with no program: the runs are compile-only), batching where the frontend
    does, so every case a configuration takes joins its batches."""

    def __init__(self):
        self.reached: list[tuple[str, str]] = []

    def batches(self, config) -> bool:
        return hasattr(importlib.import_module(config.module), "compile_batch")

    def compile(self, config, case_json, timeout) -> StageResult:
        self.reached.append((config.name, case_json["name"]))
        return StageResult("ok", payload=("gate", {}))

    def compile_batch(self, config, case_jsons, timeout) -> StageResult:
        self.reached += [(config.name, j["name"]) for j in case_jsons]
        return StageResult("ok", payload=[("gate", {})] * len(case_jsons))


ONLY = frozenset(c.name for c in CONFIGS)  # compile only: the gate runs nothing


def _engine_sample() -> list[W.Case]:
    """The sample without the real-size cases, whose inputs take seconds each: the engine's routing is the same for
    every case."""
    return [c for _, c in _named(SAMPLE) if sum(math.prod(t.shape) for t in c.inputs) < 200_000]


def _check_gate(gate: Gate, reports) -> None:
    refused = {(r.config, rep.case.name): r.message for rep in reports for r in rep.results
               if r.verdict is Verdict.NOT_EXPRESSIBLE}
    reached = set(gate.reached)
    for rep in reports:
        for r in rep.results:
            why = backend.takes(rep.case, next(c for c in CONFIGS if c.name == r.config))
            assert (why is None) == ((r.config, rep.case.name) in reached), (r.config, rep.case.name, why)
            if why:
                assert refused[(r.config, rep.case.name)] == why and r.facts["not_expressible"] == why
    assert refused and reached and not reached & set(refused)


def test_no_single_case_run_reaches_a_compiler_with_a_case_it_declared_it_cannot_take():
    gate = Gate()
    reports = [run_case(gate, case, CONFIGS, Timeouts(5, 5), ONLY) for case in _engine_sample()]
    _check_gate(gate, reports)


def test_no_batch_reaches_a_compiler_with_a_case_it_declared_it_cannot_take():
    gate = Gate()
    cases = _engine_sample()
    reports = [rep for k in range(0, len(cases), 8)
               for rep in run_batch(gate, cases[k:k + 8], CONFIGS, Timeouts(5, 5), ONLY)]
    batched = {c.name for c in CONFIGS if gate.batches(c)}
    assert {n for n, _ in gate.reached} & batched == batched  # IREE's configurations batched
    _check_gate(gate, reports)


def test_prepare_asks_each_configuration_once_per_case(monkeypatch):
    asked: list = []
    real = backend.takes
    monkeypatch.setattr("fuzz.execute.runner.takes", lambda case, config: asked.append(config.name) or real(case, config))
    case = H.softmax()
    p = prepare(case, CONFIGS)
    assert sorted(asked) == sorted(c.name for c in CONFIGS)
    assert p.refused == {c.name: real(case, c) for c in CONFIGS if real(case, c)}


def test_a_frontend_without_the_hook_takes_everything():
    config = backend.Config("fake:exact", "tests.fake_frontend")
    assert backend.takes(H.softmax(), config) is None
    assert backend.takes(H.softmax(), dataclasses.replace(config, name="fake:dialect")) == \
        "the fake dialect has no ops at all"
    assert backend.takes(H.softmax(), backend.Config("x:y", "tests.handwritten")) is None  # a module without the hook


def _path(module: str) -> Path | None:
    """The source of one of our modules (a package: its ``__init__.py``), None for anything else."""
    base = ROOT.joinpath(*module.split("."))
    return next((p for p in (base.with_suffix(".py"), base / "__init__.py") if p.is_file()), None)


@functools.cache
def _tree(module: str) -> ast.Module:
    return ast.parse(_path(module).read_text())


@functools.cache
def _top(module: str) -> dict[str, str]:
    """The names ``module`` binds outside its functions (imports under a module-level ``if`` or ``try`` too)."""
    body = _tree(module).body
    guarded = [n for stmt in body if isinstance(stmt, (ast.If, ast.Try)) for n in ast.walk(stmt)
               if isinstance(n, (ast.Import, ast.ImportFrom))]
    return _binds(module, body + guarded)


def _binds(module: str, nodes) -> dict[str, str]:
    """Each name the statements ``nodes`` bind by ``def``, ``class`` or an import, to the qualified name it means."""
    package = module if _path(module).name == "__init__.py" else module.rpartition(".")[0]
    out = {}
    for node in nodes:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            out[node.name] = f"{module}.{node.name}"
        elif isinstance(node, ast.Import):
            out |= {a.asname or a.name.split(".")[0]: a.name if a.asname else a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            up = package.split(".")[:len(package.split(".")) - max(node.level - 1, 0)]
            base = ".".join([*up, *([node.module] if node.module else [])]) if node.level else node.module
            out |= {a.asname or a.name: f"{base}.{a.name}" for a in node.names}
    return out


def _canonical(name: str, seen: frozenset = frozenset()) -> str:
    """``name`` followed through re-exports to the module that defines it (``fuzz.case.to_onnx.declines`` is
    ``fuzz.case.to_onnx.model.declines``)."""
    module, _, attr = name.rpartition(".")
    if not module or _path(module) is None or _path(name) is not None or name in seen:
        return name
    target = _top(module).get(attr, name)
    return name if target == f"{module}.{attr}" else _canonical(target, seen | {name})


def _callees(module: str, fn: ast.FunctionDef) -> set[str]:
    """What ``fn`` calls, resolved through its module's names and its own imports (``x.f()`` through ``x``)."""
    names = _top(module) | _binds(module, [n for n in ast.walk(fn) if n is not fn])
    out = set()
    for call in (n for n in ast.walk(fn) if isinstance(n, ast.Call)):
        parts, f = [], call.func
        while isinstance(f, ast.Attribute):
            parts, f = [f.attr, *parts], f.value
        if isinstance(f, ast.Name) and f.id in names:
            out.add(_canonical(".".join([names[f.id], *parts])))
    return out


def _functions(module: str):
    """(qualified name, node) of each function and method of ``module``."""
    for node in _tree(module).body:
        if isinstance(node, ast.FunctionDef):
            yield f"{module}.{node.name}", node
        elif isinstance(node, ast.ClassDef):
            yield from ((f"{module}.{node.name}.{fn.name}", fn) for fn in node.body if isinstance(fn, ast.FunctionDef))


def _decisions() -> tuple[set[str], set[str]]:
    """The ``takes`` of every configuration's frontend module, and what decides for them: each function of ours
    they reach (through one another and through deciders) that answers with a reason (``-> str | None``)."""
    hooks = {_canonical(f"{c.module}.takes") for c in CONFIGS if "takes" in _top(c.module)}
    deciders: set[str] = set()
    todo = sorted(hooks)
    while todo:
        module, _, name = todo.pop().rpartition(".")
        fn = dict(_functions(module))[f"{module}.{name}"]
        for callee in _callees(module, fn) - hooks - deciders:
            owner, _, attr = callee.rpartition(".")
            node = dict(_functions(owner)).get(callee) if _path(owner) else None
            if node is not None and node.returns is not None and ast.unparse(node.returns) == "str | None":
                deciders.add(callee)
                todo.append(callee)
    return hooks, deciders


def _our_modules() -> list[str]:
    return [".".join(p.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
            for top in ("fuzz", "frontends") for p in sorted((ROOT / top).rglob("*.py"))]


def test_every_capability_decision_is_reached_only_through_a_frontends_takes():
    """What decides that a configuration cannot take a case is found from the configurations themselves (what
    their frontend's ``takes`` calls, resolved to where it is defined), and no function of ``fuzz/`` or
    ``frontends/`` but a ``takes`` or another decider calls it: the engine's one question is the only way in."""
    hooks, deciders = _decisions()
    assert all("takes" in _top(c.module) for c in CONFIGS)  # every real frontend answers the question itself
    for hook in hooks:  # each through a decider the scan sees: one annotated as answering a reason
        module = hook.rpartition(".")[0]
        assert _callees(module, dict(_functions(module))[hook]) & deciders, f"{hook}: annotate its deciders -> str | None"
    assert {"fuzz.execute.float_types.refusal", "frontends.iree.lower.odd_int4", "frontends.tvm.frontend.static_only",
            "frontends.tvm.frontend.outside_dlight_contract", "frontends.tvm.relax_frontend._int4",
            "fuzz.case.to_onnx.model.declines", "frontends.tvm.frontend.refused_type"} <= deciders
    callers = {(name, callee) for module in _our_modules() for name, fn in _functions(module)
               for callee in _callees(module, fn) & deciders if name not in hooks | deciders}
    assert not callers, sorted(callers)


def test_the_decision_scan_resolves_a_call_by_what_it_names_not_by_its_spelling():
    """A call is followed through imports, aliases and re-exports to the function it names: the ONNX frontend's
    ``declines`` (imported inside ``takes`` from a package that re-exports it) is the ONNX writer's, and the PTX
    simulator's own ``refusal`` of a kernel, a same-named function, is no decider."""
    onnx = dict(_functions("frontends.iree.onnx_frontend"))["frontends.iree.onnx_frontend.takes"]
    assert _callees("frontends.iree.onnx_frontend", onnx) == {"frontends.iree.frontend.takes",
                                                              "fuzz.case.to_onnx.model.declines"}
    simulator = {c for _, fn in _functions("frontends.devices.ptx.vops_wmma")
                 for c in _callees("frontends.devices.ptx.vops_wmma", fn)}
    assert "frontends.devices.ptx.ops_wmma.refusal" in simulator
    assert "frontends.devices.ptx.ops_wmma.refusal" not in _decisions()[1]
