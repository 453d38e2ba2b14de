"""Dynamic dims, the newer float types, int4 weights, attention and real sizes draw from their own streams: a seed
whose case comes out static, in the old types, without int4 weights, attention or a real size generates, byte for
byte, the case it
generated before dynamic dims existed (tests/data/pre-dynamic-digests.json: digests made by main's generator at 8f52390, under the swarm and
the full-feature stream, in the default and wide spaces)."""
import hashlib
import json
import random

from tests import ROOT, small
from fuzz.case import workload as W
from fuzz.generate.base import RandomChooser
from fuzz.generate import features
from fuzz.generate.floats import NEW_FLOATS
from fuzz.generate import seeded
from fuzz.generate.generator import SPACES, generate
from fuzz.generate.swarm import FULL, Swarm, parse

TABLE = json.loads((ROOT / "tests/data/pre-dynamic-digests.json").read_text())["digests"]
SWARMS = {"swarm": Swarm(), "full": FULL}


def _digest(case: W.Case) -> str:
    return hashlib.sha256(W.dumps(case).encode()).hexdigest()[:16]


def _takes_real(seed: int, swarm: Swarm) -> bool:
    """Whether the seed's own size stream sends it to a real-size case, decided without drawing it (seconds each)."""
    return "size:real" in seeded.decide(swarm, seeded.streams(seed).__getitem__)


def _dynamic(case: W.Case) -> bool:
    return any(t.dynamic for t in case.inputs)


def _int4(case: W.Case) -> bool:
    """Int4 weights of the seed's int4 stream (a real-size weight-only case too: only that stream makes one)."""
    return any(t.dtype == "i4" for t in case.inputs)


def _newer(case: W.Case) -> bool:
    """Dynamic dims, a newer float type (fuzz/generate/floats.py), int4 weights or attention: what a seed drew
    after the digests."""
    return _dynamic(case) or _int4(case) or _attention(case) or _newer_float(case) or _forms(case) or _real(case) \
        or _unit(case) or _erf(case) or _wide(case)


def _erf(case: W.Case) -> bool:
    """A seed its own erf stream rewrote, tanh to erf (fuzz/generate/erf.py): a new case."""
    return "body:erf" in features.of(case)


def _wide(case: W.Case) -> bool:
    """A seed its own int:wide stream gave a wide-integer case (fuzz/generate/wideint.py): a new case."""
    return "int:wide" in features.of(case)


def _unit(case: W.Case) -> bool:
    """A seed its own unit stream rewrote to unit extents (fuzz/generate/units.py): a new case."""
    return "shape:unit" in features.of(case)


def _forms(case: W.Case) -> bool:
    """A seed its own form streams rewrote into an importer form (fuzz/generate/forms.py): a new case."""
    return bool({"conv:f32", "init:accumulate", "op:reshape"} & set(features.of(case)))


def _real(case: W.Case) -> bool:
    """A seed its own size stream sent to a real-size case (fuzz/generate/sizes.py): a new case."""
    return "size=real" in case.note


def _newer_float(case: W.Case) -> bool:
    return any(t in NEW_FLOATS for _, t in case.tensor_types().values()) and not _real(case)


def _attention(case: W.Case) -> bool:
    """A seed its own attention stream sent to the attention kind (fuzz/generate/generator.py): a new case (a
    real-size attention too: only that stream makes one)."""
    return "kind=attention" in case.note


def test_a_static_case_is_the_case_its_seed_drew_before_dynamic_dims():
    """...and before attention: a seed that draws neither is byte for byte its old case."""
    for stream, table in TABLE.items():
        space, swarm = stream.split("/")
        small_seeds = [int(s) for s in table if not _takes_real(int(s), SWARMS[swarm])]  # real ones: new cases
        cases = {s: generate(s, SPACES[space], SWARMS[swarm]) for s in small_seeds}
        static = {s: c for s, c in cases.items() if not _newer(c)}
        assert {s: _digest(c) for s, c in static.items()} == {s: table[str(s)] for s in static}, stream
        # both kinds are sampled (each reach stream, importer form, size:real and int:wide takes its share of seeds:
        # since int:wide took its tenth, 7 of the 73 seeds of default/swarm stay as they were)
        assert 0.08 * len(table) <= len(static) < len(small_seeds) < len(table), (stream, len(static))


def test_the_swarm_draw_is_unchanged_and_takes_nothing_from_the_dynamic_stream():
    """The pre-dynamic swarm draws are recorded in the cases: a dynamic case's draw is its seed's old draw too."""
    for s in (s for s in range(40) if not _takes_real(s, Swarm())):
        old = RandomChooser(random.Random(s))
        assert Swarm().draw(old) == frozenset(generate(s).swarm)
        assert "shape:dynamic" not in generate(s).swarm


def test_whether_a_seed_draws_attention_is_its_own_draw_under_every_swarm():
    attending = {s for s in range(80) if _attention(generate(s, swarm=small()))}
    assert attending == {s for s in range(80) if _attention(generate(s, swarm=small(FULL)))}
    assert 3 <= len(attending) <= 20  # one seed in eight
    assert not any(_attention(generate(s, swarm=small(parse(True, "kind:attention", "")))) for s in sorted(attending))


def test_whether_a_seed_is_dynamic_is_its_own_draw_under_every_swarm():
    dynamic = {s for s in range(60) if _dynamic(generate(s, swarm=small()))}
    assert dynamic == {s for s in range(60) if _dynamic(generate(s, swarm=small(FULL)))}
    assert 6 <= len(dynamic) <= 30  # one seed in three


def test_pins_decide_it_without_a_draw():
    only, without = parse(True, "", "shape:dynamic"), parse(True, "shape:dynamic", "")
    assert all(_dynamic(generate(s, swarm=small(only))) for s in range(8))
    assert not any(_dynamic(generate(s, swarm=small(without))) for s in range(8))
    for swarm, want in ((only, {"shape:dynamic"}), (without, set())):
        stream = seeded.stream(0, "shape:dynamic")
        flows = {**seeded.streams(0), "shape:dynamic": stream}
        assert seeded.decide(swarm, flows.__getitem__) & {"shape:dynamic"} == want
        assert stream.rng.getstate() == seeded.stream(0, "shape:dynamic").rng.getstate()


def test_a_seed_retyped_to_a_newer_float_is_its_old_case_in_that_type():
    """Whether a seed takes a newer float type is its own draw: the same under every swarm, and the case it
    retypes is the one the seed drew before (same ops, shapes and input value seeds)."""
    from fuzz.generate.generator import generate as gen

    drawn = {s: gen(s) for s in range(60) if not _takes_real(s, Swarm())}  # a real-size seed retypes nothing
    newer = [s for s, c in drawn.items() if not _dynamic(c) and _newer_float(c)]
    assert 4 <= len(newer) <= 20  # one seed in six, less those without f16
    table = {int(k): v for k, v in TABLE["default/swarm"].items()}
    for s in newer:
        case = drawn[s]
        assert any(t.dtype in NEW_FLOATS for t in case.inputs), s
        assert len({t.name for t in case.inputs}) == len(case.inputs)
        assert s not in table or _digest(case) != table[s]


def test_whether_a_seed_is_int4_is_its_own_draw_and_pins_decide_it():
    int4 = {s for s in range(80) if _int4(generate(s, swarm=small()))}
    assert int4 == {s for s in range(80) if _int4(generate(s, swarm=small(FULL)))}
    assert 3 <= len(int4) <= 20  # one seed in eight
    assert all(_int4(generate(s, swarm=small(parse(True, "", "dtype:i4")))) for s in range(6))
    assert not any(_int4(generate(s, swarm=small(parse(True, "dtype:i4", "")))) for s in int4)
    assert not any(_int4(generate(s, swarm=small(parse(True, "", "kind:matmul")))) for s in int4)  # --only other kinds
