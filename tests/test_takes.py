"""The capability question (``fuzz/execute/backend.takes``): every configuration answers whether it takes a case,
from its own frontend, and the engine asks it once and never hands a refused case to a compiler.

A sample of cases (the stored test cases, the corpus's seeds and findings, hand-written shapes, each generated case
of a small seed range retyped to bf16 and float8, an odd int4 weight-only matmul) goes to every configuration.  The
engine side runs with ``Gate``, a lane that stands where a worker would and records every case a compile reaches:
the frontends' real ``takes`` decide, nothing compiles, and the test asserts what reached the gate."""
from __future__ import annotations

import dataclasses
import importlib
import math
import time

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
from tests import ROOT
from tests import handwritten as H
from tests.test_int4 import _weight_only

CONFIGS = frontends.all_configs()


def _stored() -> list[W.Case]:
    paths = sorted((ROOT / "tests/cases").glob("*.json")) + sorted((ROOT / "corpus/seeds").glob("*.json")) \
        + sorted((ROOT / "corpus/findings").glob("*/case.json"))
    return [load(p) for p in paths]


def _sample() -> list[W.Case]:
    drawn = [generate(s, swarm=FULL) for s in range(12)]
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


DECISIONS = ("refusal", "odd_int4", "static_only", "outside_dlight_contract", "_int4", "declines", "refused_type")


def test_every_capability_decision_is_reached_only_through_a_frontends_takes():
    """What decides that a configuration cannot take a case is called from ``takes`` (or the helper it shares,
    ``refused_type``) and nowhere else in ``frontends/``: the engine's one question is the only way in."""
    import ast
    callers = set()
    for path in sorted((ROOT / "frontends").rglob("*.py")):
        if "devices" in path.relative_to(ROOT / "frontends").parts:  # the simulators decide no configuration's
            continue  # cases (their own "refusal" names a kernel they cannot simulate)
        for fn in ast.walk(ast.parse(path.read_text())):
            if isinstance(fn, ast.FunctionDef):
                for call in ast.walk(fn):
                    name = getattr(getattr(call, "func", None), "attr", None) or getattr(getattr(call, "func", None),
                                                                                         "id", None)
                    if isinstance(call, ast.Call) and name in DECISIONS:
                        callers.add((path.relative_to(ROOT).as_posix(), fn.name))
    assert callers and {fn for _, fn in callers} <= {"takes", "refused_type"}, sorted(callers)
