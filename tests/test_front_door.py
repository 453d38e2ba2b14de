"""Fuzzing kernelfuzz's own front door: mutated case files load or fail in one line, never a traceback,
never a write outside the output folder, and the valid cases beside them still replay.

The mutants start from valid case files (corpus seeds and findings, generated cases) and get byte
flips, truncation, wrong types, huge and negative numbers, hostile names, unknown keys, missing
keys and deep nesting.  Every outcome is counted by kind; `pytest -s` prints the counts.  More
examples: KERNELFUZZ_FRONT_DOOR_EXAMPLES=5000 python -m pytest -s tests/test_front_door.py
"""
import copy
import json
import os
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fuzz.campaign import driver as campaign
from fuzz.case import untrusted
from fuzz.case.values import with_digests
from fuzz.case.workload import CaseFileError, WorkloadError, dumps
from fuzz.casefile import load
from fuzz.execute.isolate import Lane
from fuzz.execute.runner import run_case
from fuzz.generate.generator import SPACES, generate
from fuzz.publish import bundle
from fuzz.replay.replay import Outcome, replay
from fuzz.store import inside
from tests import fake_frontend as fake
from tests import ROOT
from tests import small

EXAMPLES = int(os.environ.get("KERNELFUZZ_FRONT_DOOR_EXAMPLES", "150"))
BASES = [Path(f"{ROOT}/corpus/seeds/iree-sdxl-int8-conv-requant.json").read_text(),
         Path(f"{ROOT}/corpus/findings/tvm-reverse-compute-at-drops-pad-border/metaschedule-sampled/case.json").read_text(),
         Path(f"{ROOT}/corpus/findings/iree-fast-minmax-f16-max-reduction-fmaxf-undefined/case.json").read_text(),
         Path(f"{ROOT}/corpus/seeds/wrong-code-matmuls.json").read_text(),  # named ops, zero points, transposes
         Path(f"{ROOT}/corpus/seeds/wrong-code-quasi-affine-compound.json").read_text(),  # floordiv / mod map text
         dumps(with_digests(generate(3, swarm=small()))),
         dumps(with_digests(generate(11, SPACES["wide"], swarm=small())))]
HOSTILE_NAMES = ["../../escaped", "../../../pwn_input", "in 0", "for", "..", ".hidden", "/etc/passwd", "a" * 300,
                 "%v1", "[red]x[/]", "x\ny", "", "acc", "é", "nul\x00"]
WRONG_TYPES = [None, True, "abc", [], {}, 1.5, -1, 0, [1, "2"], {"a": 1}]
NUMBERS = [10**30, -10**30, 2**63, -(2**63), 10**400, 1e308, -1e308, float("nan"), float("inf"), -1, 0, 100000]
TRIED: Counter = Counter()  # outcome kind -> mutants


@pytest.fixture(scope="module", autouse=True)
def _report_counts():
    yield
    if TRIED:
        total = sum(TRIED.values())
        rejected = total - TRIED["loaded"]
        print(f"\nfront door: {total} mutated case files, {TRIED['loaded']} loaded as valid cases, {rejected} "
              f"rejected in one line: " + ", ".join(f"{k} {n}" for k, n in TRIED.most_common() if k != "loaded"))


def _paths(obj, prefix=()):
    """Every path into a JSON value (keys and indices), the value's own path included."""
    yield prefix
    items = obj.items() if isinstance(obj, dict) else enumerate(obj) if isinstance(obj, list) else ()
    for k, v in items:
        yield from _paths(v, prefix + (k,))


def _set(obj, path, value):
    if not path:
        return value
    parent = obj
    for k in path[:-1]:
        parent = parent[k]
    if value is KeyError:
        del parent[path[-1]]
    else:
        parent[path[-1]] = value
    return obj


NEST = "@@nest@@"  # replaced in the text by thousands of nested brackets: json.dumps itself would recurse too deep


@st.composite
def json_mutation(draw, obj):
    path = draw(st.sampled_from(list(_paths(obj))))
    kind = draw(st.sampled_from(["type", "number", "name", "nest", "delete", "unknown-key"]))
    objects = [p for p in _paths(obj) if isinstance(_at(obj, p), dict)]
    if kind == "unknown-key" and objects:
        value = copy.deepcopy(draw(st.sampled_from(WRONG_TYPES)))
        return _set(obj, draw(st.sampled_from(objects)) + ("frobnicate",), value)
    if kind == "delete" and path:
        return _set(obj, path, KeyError)
    pool = {"type": WRONG_TYPES, "number": NUMBERS, "name": HOSTILE_NAMES, "delete": WRONG_TYPES, "nest": [NEST],
            "unknown-key": WRONG_TYPES}
    return _set(obj, path, copy.deepcopy(draw(st.sampled_from(pool[kind]))))  # a copy: later edits must not reach the pool


def _text(obj, depth: int) -> str:
    nested = "[" * depth + "0" + "]" * depth
    return json.dumps(obj).replace(json.dumps(NEST), nested)


def _at(obj, path):
    for k in path:
        obj = obj[k]
    return obj


@st.composite
def mutants(draw, bases=tuple(BASES)) -> bytes:
    """A valid case file, mutated at the JSON level (1-3 edits) and/or at the byte level."""
    obj = json.loads(draw(st.sampled_from(bases)))
    for _ in range(draw(st.integers(0, 3))):
        obj = draw(json_mutation(obj))
    data = _text(obj, draw(st.sampled_from([30, 70, 900, 5000]))).encode()
    how = draw(st.sampled_from(["as is", "as is", "flip", "truncate"]))
    if how == "flip":
        data = bytearray(data)
        for _ in range(draw(st.integers(1, 8))):
            data[draw(st.integers(0, len(data) - 1))] = draw(st.integers(0, 255))
        data = bytes(data)
    elif how == "truncate":
        data = data[:draw(st.integers(0, len(data) - 1))]
    return data


def _load_one_line(path: Path) -> str:
    """Load a mutant: 'loaded', or the kind of its one-line CaseFileError (anything else fails the test)."""
    try:
        load(path)
    except CaseFileError as e:
        message = str(e)
        assert "\n" not in message and message.startswith(f"{path}: "), message
        assert e.kind in untrusted.KINDS and e.kind != "malformed", message  # malformed: a check the loader lacks
        return e.kind
    return "loaded"


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))
@given(mutants())
def test_a_mutated_case_file_loads_or_fails_in_one_line(tmp_path_factory, data):
    path = tmp_path_factory.mktemp("m") / "case.json"
    path.write_bytes(data)
    TRIED[_load_one_line(path)] += 1


def test_the_listed_hostile_files_are_each_one_line(tmp_path):
    """The issue's examples, one by one: PNG bytes, a bogus verdict, a wrong sha256, a string seed, a 74.5 GiB shape,
    names that escape or break the emitters, deep nesting."""
    seed = json.loads(BASES[0])
    edits = {"png": None, "verdict": (("expect", "iree:cpu-O2"), "bogus-verdict"),
             "sha": (("inputs", 0, "values", "sha256"), "0123456789abcdef"),
             "seed": (("inputs", 0, "values", "seed"), "abc"), "shape": (("inputs", 0, "shape"), [100000, 100000]),
             "case-name": (("name",), "../../escaped"), "input-name": (("inputs", 0, "name"), "../../../pwn_input"),
             "space": (("inputs", 0, "name"), "in 0"), "keyword": (("ops", 0, "name"), "lambda"),
             "nesting": (("ops", 1, "body"), NEST), "nesting-70": (("ops", 1, "body"), NEST)}
    kinds = {}
    for name, edit in edits.items():
        path = tmp_path / f"{name}.json"
        if edit is None:
            path.write_bytes(Path(f"{ROOT}/corpus/findings/tvm-reverse-compute-at-drops-pad-border/error_heatmap.png")
                             .read_bytes())
        else:
            path.write_text(_text(_set(json.loads(json.dumps(seed)), *edit), 70 if name == "nesting-70" else 3000))
        kinds[name] = _load_one_line(path)
    assert kinds == {"png": "encoding", "verdict": "verdict", "sha": "hash", "seed": "type", "shape": "limit",
                     "case-name": "name", "input-name": "name", "space": "name", "keyword": "name",
                     "nesting": "nesting", "nesting-70": "nesting"}


def test_every_case_the_generator_draws_and_every_corpus_case_loads(tmp_path):
    """The limits are generous: both spaces' own bounds sit well inside them, and their cases load."""
    for space in SPACES.values():
        assert space.elements * 4 <= untrusted.MAX_TENSOR_ELEMENTS and space.work * 2 <= untrusted.MAX_LOOP_POINTS
    for k, seed in enumerate([*range(40), *range(1000, 1040)]):
        path = tmp_path / f"{k}.json"
        path.write_text(dumps(with_digests(generate(seed, SPACES["wide" if k % 2 else "default"], swarm=small()))))
        assert _load_one_line(path) == "loaded"
    corpus = [p for p in Path(f"{ROOT}/corpus").rglob("case.json")] + list(Path(f"{ROOT}/corpus/seeds").glob("*.json"))
    assert len(corpus) >= 10 and all(_load_one_line(p) == "loaded" for p in corpus)


# ------------------------------------------------------------------ replay of a folder of mutants

REPLAYABLE = tuple(dumps(with_digests(replace(generate(s, swarm=small()), expect=(("fake:exact", "exact"),))))
                   for s in (3, 4))


@pytest.fixture(scope="module")
def lane():
    lane = Lane(("tests.fake_frontend",))
    yield lane
    lane.close()


def _tree(root: Path) -> set[str]:
    return {str(p.relative_to(root)) for p in root.rglob("*")}


@settings(max_examples=max(EXAMPLES // 6, 10), deadline=None, suppress_health_check=list(HealthCheck))
@given(st.lists(mutants(REPLAYABLE), min_size=1, max_size=4))
def test_replay_of_a_folder_of_mutants_reports_each_and_still_replays_the_valid(tmp_path_factory, lane, files):
    root = tmp_path_factory.mktemp("replay")
    folder, out = root / "corpus", root / "out"
    for k, text in enumerate(REPLAYABLE):
        (folder / "valid").mkdir(parents=True, exist_ok=True)
        (folder / "valid" / f"v{k}.json").write_text(text)
    for k, data in enumerate(files):
        (folder / f"m{k}.json").write_bytes(data)
    configs = {c.name: c for c in (fake.EXACT, fake.REJECT)}
    rows = replay(folder, lane, configs, frozenset(), ("fake:exact",), on_error=lambda msg: None)
    assert {(Path(r.path).name, r.outcome) for r in rows if "/valid/" in r.path} == \
        {("v0.json", Outcome.OK), ("v1.json", Outcome.OK)}
    assert {Path(r.path).name for r in rows} >= {f"m{k}.json" for k in range(len(files))}  # each reported
    before = _tree(root)
    for k in range(len(files)):  # a mutant that loads is saved as a finding and bundled: only under out/
        try:
            case = load(folder / f"m{k}.json")
        except CaseFileError:
            continue
        try:
            report = run_case(lane, case, [fake.REJECT])
        except WorkloadError:  # undefined semantics (integer overflow, ...): replay calls it invalid
            continue
        campaign.save_finding(out, report)
        bundle.write(inside(out, "bundle", str(k)), report)
    assert all(p.startswith("out") for p in _tree(root) - before)
