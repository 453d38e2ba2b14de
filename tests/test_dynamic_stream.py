"""Dynamic dims draw from their own stream: a seed whose case comes out static generates, byte for byte, the
case it generated before dynamic dims existed (tests/data/pre-dynamic-digests.json: digests made by main's
generator at 8f52390, under the swarm and the full-feature stream, in the default and wide spaces)."""
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


def _attention(case: W.Case) -> bool:
    """A seed its own attention stream sent to the attention kind (fuzz/generate/generator.py): a new case."""
    return "kind=attention" in case.note


def test_a_static_case_is_the_case_its_seed_drew_before_dynamic_dims():
    """...and before attention: a seed that draws neither is byte for byte its old case."""
    for stream, table in TABLE.items():
        space, swarm = stream.split("/")
        cases = {int(s): generate(int(s), SPACES[space], SWARMS[swarm]) for s in table}
        static = {s: c for s, c in cases.items() if not _dynamic(c) and not _attention(c)}
        assert {s: _digest(c) for s, c in static.items()} == {s: table[str(s)] for s in static}, stream
        assert 0.5 * len(table) <= len(static) < len(table), (stream, len(static))  # both kinds are sampled


def test_the_swarm_draw_is_unchanged_and_takes_nothing_from_the_dynamic_stream():
    """The pre-dynamic swarm draws are recorded in the cases: a dynamic case's draw is its seed's old draw too."""
    for s in range(40):
        old = RandomChooser(random.Random(s))
        assert Swarm().draw(old) == frozenset(generate(s).swarm)
        assert "shape:dynamic" not in generate(s).swarm


def test_whether_a_seed_draws_attention_is_its_own_draw_under_every_swarm():
    attending = {s for s in range(80) if _attention(generate(s))}
    assert attending == {s for s in range(80) if _attention(generate(s, swarm=FULL))}
    assert 3 <= len(attending) <= 20  # one seed in eight
    assert not any(_attention(generate(s, swarm=parse(True, "kind:attention", ""))) for s in sorted(attending))


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
