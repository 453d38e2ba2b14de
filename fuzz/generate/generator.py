"""The generator: random, valid, UB-free workloads.

Every random decision goes through a ``Chooser``, so one generator serves two
drivers: ``generate(seed)`` (a ``random.Random``; campaigns, deterministic per
seed) and the hypothesis strategy ``cases()`` (property tests, with
shrinking).  A drawn case is evaluated by the reference and rejected when its
semantics are undefined (integer overflow, out-of-range casts, a division by
zero) or a float value leaves the finite range: differences on such cases
prove nothing.

Workload kinds (``KINDS``), each drawn by a family module under ``fuzz/generate/``:

* ``fuzz/generate/convs.py``: ``conv`` (every attribute, quantized with zero points)
  and ``conv_requant`` (an int8 conv with a requantize or dequantize epilogue);
* ``fuzz/generate/generics.py``: ``elementwise`` chains and ``reduction``s through
  non-trivial access maps (``fuzz/generate/maps.py``: strided windows, transposed,
  reversed, offset, broadcast and quasi-affine ``floordiv`` / ``mod`` reads)
  with scalar bodies (``fuzz/generate/bodies.py``: integer division, shifts,
  bitwise ops, float division, sqrt, tanh, sigmoid, ...; erf in place of tanh: ``fuzz/generate/erf.py``);
* ``fuzz/generate/chains.py``: ``mixed`` pipelines (a conv or reduction feeding a
  consumer) and the consumers the wide space chains after any kind;
* ``fuzz/generate/dags.py``: ``softmax``, ``norm``, ``residual`` and ``fanout``:
  values read by several ops, several outputs;
* ``fuzz/generate/named.py``: ``matmul`` (batched, transposed, quantized) and
  ``pool`` (max, sum; after a pad with a non-zero value);
* ``fuzz/generate/attention.py``: ``attention`` (Q, K, V, a mask, a scale; or its generic form).  Whether a
  seed draws it is a seeded feature (below), never a pick of the case stream, so the kinds the case stream
  picks among (``KINDS``) and every other seed's case are those of before.

The seeded features (rows of ``fuzz/generate/table.py`` with odds: dynamic dims, the newer float types, int4
weights, attention, the importer forms, real sizes) are decided once per seed, each from the seed's own stream for
it, by one rule under every pin (``fuzz/generate/seeded.py``); ``cases()`` asks the same rule.  Where two that no
case combines are both drawn, the order below decides: a real size, then int4 weights, then attention, then the rest.

With ``shape:dynamic`` on, one case in three (every case where ``--only`` pins it on) marks input dims dynamic
(``Builder.mark_dynamic``) and draws its loop extents also from sizes that stress dynamic-shape paths
(``DYNAMIC_SIZES``).  Every draw about dynamic dims comes from the seed's own dynamic stream
(``shape:dynamic``), never from the case's: a case that comes out static is the case its seed drew before
dynamic dims existed, seed for seed, under every swarm (tests/test_dynamic_stream.py holds the digests).

Inputs are never splat: they are either exact small integers sized so every
partial sum of every reduction is exact in its accumulator, or realistic
(normal, positive-only, wide dynamic range).  An exact-input case is exact end
to end, except past an op whose result its semantics round (exp, tanh,
sigmoid, float div, sqrt: a softmax, a normalization): exact where possible.

How big and how deep cases get is a ``Space`` (``fuzz/generate/base.py``):
``default`` keeps every case around a second per configuration; ``wide``
draws larger convs and loop nests, extents just off vector and tile widths
(15, 17, 33), larger kernels, strides, dilations and paddings, int8 -> int8
elementwise generics (layout transforms, broadcasts), and chains of up to
four consumers after the first workload.

Which features a case may use is a swarm draw (``fuzz/generate/swarm.py``), made first from the
case's own stream and recorded in the case (``swarm``): every decision point asks
``b.on("group:name")`` or filters its options with ``b.pick``, and a draw that still combines
into a switched-off feature (``fuzz/generate/features.py`` sees it) is redrawn.  With nothing switched
off, ``pick`` is exactly ``ch.choice`` and ``on`` draws nothing, so ``Swarm(enabled=False)``
(``--swarm off``) is the plain full-feature stream, seed for seed.  That stream changed when the
wrong-code families were added (kinds, body ops and map styles drawn from longer lists): a seed
of an older campaign no longer regenerates its case, whose saved ``case.json`` replays as ever.
Dynamic dims changed only the seeds whose case they make dynamic.  The newer float types likewise
(``fuzz/generate/floats.py``): a seed's float stream picks one for one seed in six, and the case drawn as ever
has its f16 retyped to it; a case without f16 stays as it was.

With ``dtype:i4`` on, one seed in eight is the ``weight_only`` kind (``fuzz/generate/quant.py``: int4 weights,
dequantized, a matmul or conv accumulated in f32), a seed that is not int4 drawing the case it drew before int4
existed (tests/test_dynamic_stream.py).  Int4 and attention cases are static and keep their types (no newer float
retypes them yet).

The importer forms (``fuzz/generate/forms.py``: ``conv:f32``, ``init:accumulate``, ``op:reshape``) are applied as
rewrites of the case drawn as ever (after a newer float's retype), then the ``rewrite`` of any other seeded row, so
a seed without them draws the case it drew before they existed.
A seed that takes ``size:real`` (the row's odds: two seeds in five) draws a real-size case (``fuzz/generate/real.py``:
a real model's layer or tile-boundary sizes, ``fuzz/generate/sizes.py``), every draw from its size stream; where
the features left on admit none, the seed draws its ordinary case.  Real-size cases are static, keep their types,
and are not drawn by the hypothesis strategy ``cases()`` (the row says so).
"""
from __future__ import annotations

import random
from dataclasses import replace
from math import prod

import numpy as np

from fuzz.case.workload import FLOAT_DTYPES, Attention, Case, Generic, WorkloadError, expr_ops
from fuzz.generate import attention, chains, convs, dags, features, floats, forms, generics, named, quant, real, \
    seeded, sizes, table
from fuzz.generate.base import DEFAULT, SPACES, WIDE, Builder, Chooser, HypothesisChooser, RandomChooser, Space  # noqa: F401
from fuzz.generate.bodies import INEXACT
from fuzz.generate.swarm import Swarm
from fuzz.judge.reference import evaluate_every_profile

FAMILIES = {"conv": convs.lone_conv, "conv_requant": convs.conv_requant, "elementwise": generics.elementwise,
            "reduction": generics.reduction, "mixed": chains.mixed, "softmax": dags.softmax, "norm": dags.norm,
            "residual": dags.residual, "fanout": dags.fanout, "matmul": named.matmul, "pool": named.pool}
KINDS = tuple(FAMILIES)  # the kinds the case stream picks among; attention and int4 are decided apart
WEIGHT_ONLY = "weight_only"  # the int4 kind: chosen by its own stream (``fuzz/generate/seeded.py``), never by the kind pick
F16_SAFE = 16384.0  # rejection threshold keeping f16 values far from 65504


def _too_big(case: Case, space: Space = DEFAULT) -> bool:
    types = case.tensor_types()
    work = sum(prod(types[op.name][0]) * op.reduction_length(types) for op in case.ops)
    return work > space.work or any(prod(s) > space.elements for s, _ in types.values())


def rounds(case: Case) -> bool:
    """Whether the case declares an op whose float result is rounded beyond its dtype's arithmetic (exp,
    tanh, sigmoid, erf, div, sqrt, attention's softmax): past it, even exact inputs give a bound of nonzero width."""
    types = case.tensor_types()
    return any(isinstance(op, Attention) or isinstance(op, Generic) and types[op.name][1] in FLOAT_DTYPES
               and expr_ops(op.body) & set(INEXACT) for op in case.ops)


def acceptable(case: Case, exact: bool = False, space: Space = DEFAULT) -> bool:
    """Defined semantics, finite and f16-safe values, small enough to run in about a second, and, for
    exact-input cases, exact end to end where the case's ops allow (``rounds``): every correct compilation
    gives the reference bit for bit."""
    if _too_big(case, space):
        return False
    try:
        with np.errstate(all="ignore"):  # a value that overflows to inf: the case is rejected below, quietly
            env = evaluate_every_profile(case)["strict"]  # defined under every profile, or redrawn
    except WorkloadError:  # UndefinedBehavior
        return False
    if exact and not rounds(case) and not all(env[n].exact for n in case.outputs):
        return False
    return all((v.data.dtype == object or np.all(np.isfinite(v.data)))  # i64: exact python ints, always finite
               and (v.dtype != "f16" or np.abs(v.data).max(initial=0) < F16_SAFE) for v in env.values())


def build(ch: Chooser, name: str = "case", space: Space = DEFAULT, off: frozenset[str] = frozenset(),
          dynamic: bool = False, dyn: Chooser | None = None, int4: bool = False,
          attend: bool = False) -> tuple[Case, bool]:
    """A random case without the features in ``off``, and whether its inputs are exact-mode integers; with
    ``dynamic``, input dims marked dynamic, every draw for them made from ``dyn`` (None: ``ch``); with ``int4``,
    the weight-only kind (static: int4 cases mark no dims dynamic); else with ``attend``, an attention case (never
    dynamic: its op has no dynamic lowering yet)."""
    b = Builder(ch, False, space, off, dyn=dyn)
    attend = attend and not int4
    kind = WEIGHT_ONLY if int4 else "attention" if attend else b.pick(KINDS, lambda k: b.on(f"kind:{k}"))
    modes = [m for m in ("realistic", "exact") if b.on(f"inputs:{m}")]
    b.exact = bool(ch.int(0, 1)) if len(modes) == 2 else modes == ["exact"]
    b.dynamic = dynamic and b.on("shape:dynamic") and not int4 and not attend
    out = quant.weight_only(b) if int4 else attention.attention(b) if attend else FAMILIES[kind](b)
    chained = ch.int(0, space.consumers) if space.consumers and b.on("chain:long") else 0
    for _ in range(chained):
        out = chains.consumer(b, out)
    note = f"generated: kind={kind} inputs={'exact' if b.exact else 'realistic'}" + \
        ("" if space is DEFAULT else f" space={space.name} chained={chained}") + \
        (" form=generic" if attend and not any(isinstance(op, Attention) for op in b.ops) else "")
    if b.dynamic:
        b.mark_dynamic()
    outputs = (out,) + tuple(o for o in b.extra_outputs if o != out)
    case = Case(tuple(b.inputs), tuple(b.ops), outputs, name, note, swarm=tuple(sorted(off)))
    if off and not off.isdisjoint(features.of(case, b.types)):  # decisions can combine into a switched-off
        raise WorkloadError("the draw exercises a feature switched off")  # feature: a chained conv turns dense
    return case, b.exact


def _newer_float(case: Case, exact: bool, newer: str | None, swarm: Swarm) -> tuple[Case | None, bool]:
    """``case`` retyped to the seed's newer float type (``fuzz/generate/floats.py``).  A case without f16 stays
    as drawn (the case its seed drew before these types), unless ``--only`` pins the type on (None: redraw).
    A retyped case is judged as drawn but not required exact end to end (bf16 and float8 round small integers
    f16 holds)."""
    if newer is None:
        return case, exact
    retyped = floats.retype(case, newer)
    if retyped is None:
        return (None if f"dtype:{newer}" in swarm.pinned_on else case), exact
    return retyped, False


def _with_forms(case: Case | None, exact: bool, wants: dict, swarm: Swarm, off: frozenset[str]) -> Case | None:
    """``case`` rewritten into the seed's importer forms (``fuzz/generate/forms.py``), never into a feature its
    swarm draw switched off (then as drawn, or None where a form is pinned on: redraw)."""
    if case is None or not wants:
        return case
    new = forms.rewrite(case, exact, wants, swarm.pinned_on)
    if new is None or (off and not off.isdisjoint(features.of(new))):
        return None if swarm.pinned_on & set(wants) else case
    return new


def _rewritten(case: Case | None, exact: bool, on: frozenset[str], flows: dict, swarm: Swarm,
               off: frozenset[str]) -> Case | None:
    """``case`` through the ``rewrite`` of each seeded row the seed takes (``fuzz/generate/table.py``), never into a
    feature its swarm draw switched off (then as it was, or None where that row is pinned on: redraw)."""
    for f in table.FEATURES:
        if case is None or f.rewrite is None or f.name not in on:
            continue
        new = f.rewrite(case, exact, flows[f.key])
        if new is None or off and not off.isdisjoint(features.of(new)):
            if f.name in swarm.pinned_on:
                return None
            continue
        case = new
    return case


def _attempt(ch: Chooser, name: str, space: Space, off: frozenset[str], on: frozenset[str], flows: dict,
             swarm: Swarm) -> Case | None:
    """One draw of the case stream with the seeded features ``on`` (``fuzz/generate/seeded.py``), each seeded draw
    from its own stream in ``flows``; None where it is not acceptable."""
    int4, attend = "dtype:i4" in on, "kind:attention" in on and "dtype:i4" not in on
    try:
        case, exact = build(ch, name, space, off, "shape:dynamic" in on, flows["shape:dynamic"], int4, attend)
    except WorkloadError:
        return None
    newer = None if int4 or attend else next((t for t in floats.NEW_FLOATS if f"dtype:{t}" in on), None)
    case, exact = _newer_float(case, exact, newer, swarm)
    case = _with_forms(case, exact, {f: flows[f] for f in forms.FORMS if f in on}, swarm, off)
    case = _rewritten(case, exact, on, flows, swarm, off)
    return case if case is not None and acceptable(case, exact, space) else None


def generate(seed: int, space: Space = DEFAULT, swarm: Swarm = Swarm(), attempts: int = 200) -> Case:
    """The deterministic case for ``seed``: its swarm draw (none with ``swarm.enabled`` false), the seeded features
    it takes (each decided once, from its own stream), then the first acceptable draw of the seeded case stream (a
    draw never exercises a feature switched off)."""
    ch = RandomChooser(random.Random(seed))
    off = forms.settle(swarm.draw(ch), swarm.pinned_on)
    flows = seeded.streams(seed)
    on = seeded.decide(swarm, flows.__getitem__)
    name = f"seed{seed}" if space is DEFAULT else f"{space.name}{seed}"
    if "size:real" in on:  # every draw of a real-size case from its own stream
        case = _real(name, off, on, flows, swarm)
        if case is not None:
            return case
        if "size:real" in swarm.pinned_on and swarm.enabled:  # the swarm's draw left no real layer: as below
            return generate(seed, space, replace(swarm, enabled=False), attempts)
    for _ in range(attempts):
        case = _attempt(ch, name, space, off, on, flows, swarm)
        if case is not None:
            return case
    if swarm.enabled:  # the swarm's draw switched off what the pins need (bf16 convs need conv:acc-f32): draw again
        return generate(seed, space, replace(swarm, enabled=False), attempts)  # with only the pins and --without
    raise RuntimeError(f"generator found no acceptable case for seed {seed} in {attempts} draws "
                       f"with {', '.join(sorted(off)) or 'nothing'} switched off")


def _real(name: str, off: frozenset[str], on: frozenset[str], flows: dict, swarm: Swarm,
          attempts: int = 30) -> Case | None:
    """The first acceptable real-size case of the seed's size stream (``fuzz/generate/real.py``), through the
    seeded rows' rewrites, or None where the features left on admit none: the seed then draws its ordinary case."""
    for _ in range(attempts):
        try:
            case, exact = real.build(flows["size:real"], name, off, swarm.pinned_on, on)
        except WorkloadError:
            continue
        case = _rewritten(case, exact, on, flows, swarm, off)
        if case is not None and acceptable(case, exact, sizes.REAL):
            return case
    return None


def cases(swarm: Swarm = Swarm()):
    """Hypothesis strategy over the same generator: the swarm draw and the seeded features decided by the same rule
    (``fuzz/generate/seeded.py``; not the rows the table keeps out of it: real sizes), every draw from hypothesis's
    chooser (shrinks toward every feature on)."""
    from hypothesis import assume
    from hypothesis import strategies as st

    @st.composite
    def _cases(draw):
        ch = HypothesisChooser(draw)
        off = swarm.draw(ch)
        on = seeded.decide(swarm, lambda key: ch, strategy=True)
        case = _attempt(ch, "case", DEFAULT, off, on, {key: ch for key in table.DECISIONS}, swarm)
        assume(case is not None)
        return case

    return _cases()
