"""Dynamic dims draw from their own stream: a seed whose case comes out static generates, byte for byte, the
case it generated before dynamic dims existed (tests/data/pre-dynamic-digests.json: digests made by main's
generator at 8f52390, under the swarm and the full-feature stream, in the default and wide spaces).  Int4
weights (fuzz/generate/quant.py) keep the same promise: a seed whose case has no i4 input is its old case."""
import hashlib
import json
import random

from tests import ROOT
from fuzz.case import workload as W
from fuzz.generate.base import RandomChooser
from fuzz.generate.generator import SPACES, dynamic_stream, generate, wants_dynamic
from fuzz.generate.swarm import FULL, Swarm, parse

TABLE = json.loads((ROOT / "tests/data/pre-dynamic-digests.json").read_text())["digests"]
SWARMS = {"swarm": Swarm(), "full": FULL}


def _digest(case: W.Case) -> str:
    return hashlib.sha256(W.dumps(case).encode()).hexdigest()[:16]


def _dynamic(case: W.Case) -> bool:
    return any(t.dynamic for t in case.inputs)


def _int4(case: W.Case) -> bool:
    return any(t.dtype == "i4" for t in case.inputs)


def test_a_static_case_is_the_case_its_seed_drew_before_dynamic_dims():
    for stream, table in TABLE.items():
        space, swarm = stream.split("/")
        cases = {int(s): generate(int(s), SPACES[space], SWARMS[swarm]) for s in table}
        static = {s: c for s, c in cases.items() if not _dynamic(c) and not _int4(c)}  # int4: its own stream
        assert {s: _digest(c) for s, c in static.items()} == {s: table[str(s)] for s in static}, stream
        assert 0.5 * len(table) <= len(static) < len(table), (stream, len(static))  # both kinds are sampled


def test_the_swarm_draw_is_unchanged_and_takes_nothing_from_the_dynamic_stream():
    """The pre-dynamic swarm draws are recorded in the cases: a dynamic case's draw is its seed's old draw too."""
    for s in range(40):
        old = RandomChooser(random.Random(s))
        assert Swarm().draw(old) == frozenset(generate(s).swarm)
        assert "shape:dynamic" not in generate(s).swarm


def test_whether_a_seed_is_dynamic_is_its_own_draw_under_every_swarm():
    dynamic = {s for s in range(60) if _dynamic(generate(s))}
    assert dynamic == {s for s in range(60) if _dynamic(generate(s, swarm=FULL))}
    assert 10 <= len(dynamic) <= 30  # one seed in three


def test_pins_decide_it_without_a_draw():
    only, without = parse(True, "", "shape:dynamic"), parse(True, "shape:dynamic", "")
    assert all(_dynamic(generate(s, swarm=only)) for s in range(8))
    assert not any(_dynamic(generate(s, swarm=without)) for s in range(8))
    off = without.draw(RandomChooser(random.Random(0)))
    stream = dynamic_stream(0)
    assert wants_dynamic(without, off, stream) is False and stream.rng.getstate() == dynamic_stream(0).rng.getstate()


def test_whether_a_seed_is_int4_is_its_own_draw_and_pins_decide_it():
    int4 = {s for s in range(80) if _int4(generate(s))}
    assert int4 == {s for s in range(80) if _int4(generate(s, swarm=FULL))}
    assert 3 <= len(int4) <= 20  # one seed in eight
    assert all(_int4(generate(s, swarm=parse(True, "", "dtype:i4"))) for s in range(6))
    assert not any(_int4(generate(s, swarm=parse(True, "dtype:i4", ""))) for s in int4)
    assert not any(_int4(generate(s, swarm=parse(True, "", "kind:matmul"))) for s in int4)  # --only other kinds
