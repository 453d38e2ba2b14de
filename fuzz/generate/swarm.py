"""Named generator features and swarm draws: every case switches some of them off.

Known bugs hide new ones: a compiler that rejects every reversed access map never shows
what it would do after that rejection.  Swarm testing (Groce et al., ISSTA 2012) gives each
case its own feature set, each feature switched off with probability 1/2, so many cases
avoid whatever triggers a known bug.  ``FEATURES`` is the one list of what can be switched
off; the names are the ones ``fuzz/generate/features.py`` reports a case exercising, so a campaign's
per-feature statistics talk about the same things the switches control.

Contract:

* ``Swarm`` is how a campaign draws: ``enabled`` (a swarm draw per case, the default) and
  the campaign's pins, ``without`` (always off) and ``only`` (the only members of their
  group left on).  ``Swarm.draw(chooser)`` gives one case's switched-off set; it consumes
  no randomness when ``enabled`` is false, so ``--swarm off`` is the full-feature stream.
* A drawn set is *settled*: a feature drawn on whose requirement is off goes too; a group whose
  members are choices the generator must make (``KEEP_ONE``: kinds, layouts...) keeps one, and
  what is on by necessity (that one, ``--only``) keeps what it requires.  Features that cut
  across every choice (dtypes) are not drawn, only pinned.
* ``parse`` turns command-line names into a validated ``Swarm``, or raises ``SwarmError``
  with a one-line message (unknown or ambiguous name, a pin that empties a group).

Adding a feature: one ``Feature(...)`` line below, and one ``if b.on("group:name")`` (or a
``b.pick`` filter) at the generator's decision point.  If the feature shows in a case's
structure, ``fuzz/generate/features.py`` names it too (body ops, dtypes, combiners and kinds already
are, by pattern); a test checks that a case never exercises a feature it switched off.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass

from fuzz.case.workload import FP8_DTYPES


@dataclass(frozen=True)
class Feature:
    name: str  # "prefix:value", as fuzz/generate/features.py reports it
    controls: str
    requires: tuple[str, ...] = ()  # features it cannot do without
    within: str = ""  # its group, where that is not the name's prefix
    drawn: bool = True  # switched off by swarm draws; if not, only by --without / --only

    @property
    def group(self) -> str:
        return self.within or self.name.split(":", 1)[0]


_F = Feature
FEATURES = (
    _F("kind:conv", "a lone conv2d with every attribute drawn"),
    _F("kind:conv_requant", "an int8 conv with a requantize (round, clamp, narrow to int8: when both are on) or "
                            "dequantize (to f16) epilogue", ("conv:acc-i32",)),
    _F("kind:elementwise", "one or two elementwise generics over fresh inputs"),
    _F("kind:reduction", "a reduction generic over fresh inputs"),
    _F("kind:mixed", "a conv or reduction feeding a reduction, elementwise or (wide) conv consumer"),
    _F("kind:softmax", "softmax along one axis: max-reduce, subtract with broadcast, exp, sum-reduce, divide",
       ("body:exp", "body:div", "reduce:add", "map:broadcast")),
    _F("kind:norm", "normalization along one axis: mean, variance, (x - mean) / sqrt(var + eps)",
       ("reduce:add", "map:broadcast")),
    _F("kind:residual", "a same-padded conv whose input is added back to its output"),
    _F("kind:fanout", "one conv read by two consumers"),
    _F("kind:matmul", "matmul and batch_matmul, with a consumer half the time"),
    _F("kind:pool", "max or sum pooling of an image or a conv's output"),
    _F("inputs:exact", "small integer inputs: every partial sum exact, certified bound zero"),
    _F("inputs:realistic", "normal, positive-only or wide-range inputs (int8: full range)"),
    _F("dtype:f16", "f16 tensors (inputs and op results); dtypes cut across every choice, so only pins "
                    "switch them off", drawn=False),
    _F("dtype:f32", "f32 tensors", drawn=False),
    _F("dtype:i8", "int8 tensors", drawn=False),
    _F("dtype:i32", "int32 tensors", drawn=False),
    _F("dtype:bf16", "bf16 in place of f16: elementwise, reductions, matmuls and convs computed in bf16 or "
                     "accumulated in f32; drawn per seed from its own stream (fuzz/generate/floats.py)", (),
       "float-type", drawn=False),
    *(_F(f"dtype:{t}", f"{t} inputs in place of f16 ones, only ever widened: matmul and conv operands "
                       "accumulated in f32, generic reads cast to f16; drawn per seed from its own stream "
                       "(fuzz/generate/floats.py)", (), "float-type", drawn=False) for t in FP8_DTYPES),
    _F("conv:acc-f16", "f16 convs accumulated in f16", ("dtype:f16",), "conv-dtype"),
    _F("conv:acc-f32", "f16 convs accumulated in f32", ("dtype:f16", "dtype:f32"), "conv-dtype"),
    _F("conv:acc-i32", "int8 convs accumulated in int32", ("dtype:i8", "dtype:i32"), "conv-dtype"),
    _F("conv:NHWC", "conv layout NHWC (filter HWCF)", (), "conv-layout"),
    _F("conv:NCHW", "conv layout NCHW (filter FCHW)", (), "conv-layout"),
    _F("conv:dense", "convs with one group", (), "conv-grouping"),
    _F("conv:depthwise", "depthwise convs (groups = input channels)", (), "conv-grouping"),
    _F("conv:grouped", "grouped convs (several channels per group)", (), "conv-grouping"),
    _F("conv:strided", "conv stride above 1", (), "conv-attribute"),
    _F("conv:dilated", "conv dilation above 1", (), "conv-attribute"),
    _F("conv:padded", "conv zero padding", (), "conv-attribute"),
    _F("conv:quantized", "int8 convs with zero points (padding holds the image zero point)", ("conv:acc-i32",)),
    _F("form:generic", "named ops (conv, matmul, pool) spelled as their linalg.generic twin"),
    _F("matmul:batch", "batch_matmul (3-d operands)"),
    _F("matmul:transposed", "matmuls with A or B stored transposed"),
    _F("matmul:quantized", "int8 matmuls with zero points", ("dtype:i8", "dtype:i32")),
    _F("pool:max", "max pooling"),
    _F("pool:sum", "sum pooling"),
    _F("pad:value", "tensor.pad with a non-zero value before a pool"),
    _F("dag:multi-output", "DAG patterns return their intermediates too (softmax's max and sum, the mean, both "
                           "consumers)"),
    _F("map:transposed", "generic input maps reading dims out of order"),
    _F("map:broadcast", "generic input maps that skip a loop dim (and requantize's per-channel bias)"),
    _F("map:window", "strided windows: a parallel and a reduction dim in one index"),
    _F("map:reversed", "reversed access (extent - 1 - d)"),
    _F("map:offset", "offset access (d + 1, d + 2)"),
    _F("map:floordiv", "quasi-affine access d floordiv k"),
    _F("map:mod", "quasi-affine access d mod k"),
    _F("map:compound", "compound quasi-affine access ((d0*2 + d1) floordiv 3, d mod 2 + d floordiv 3): TVM only, "
                       "IREE rejects them on purpose"),
    _F("body:sub", "sub in elementwise bodies"),
    _F("body:max", "max in elementwise bodies"),
    _F("body:min", "min in elementwise bodies"),
    _F("body:select", "compare-and-select in elementwise bodies"),
    _F("body:clamp", "clamp in bodies (also every narrowing to int8)"),
    _F("body:round", "round half to even in bodies"),
    _F("body:exp", "exp in bodies (of a clamped argument; softmax's exp(x - max))"),
    _F("body:floordiv", "integer floordiv by constants and never-zero tensor values, either sign"),
    _F("body:floormod", "integer floormod (sign of the divisor)"),
    _F("body:truncdiv", "integer division rounding toward zero (C /)"),
    _F("body:truncmod", "integer remainder (sign of the dividend, C %)"),
    _F("body:shl", "left shifts by in-range amounts"),
    _F("body:shr", "arithmetic right shifts by in-range amounts"),
    _F("body:and", "bitwise and"),
    _F("body:or", "bitwise or"),
    _F("body:xor", "bitwise xor"),
    _F("body:abs", "absolute value"),
    _F("body:neg", "negation"),
    _F("body:div", "float division, correctly rounded (by |b| + 0.5 or a constant)"),
    _F("body:sqrt", "square root, correctly rounded (of |a| or max(a, 0))"),
    _F("body:tanh", "tanh, to each profile's declared budget"),
    _F("body:sigmoid", "sigmoid, to each profile's declared budget"),
    _F("reduce:add", "sum reductions"),
    _F("reduce:max", "max reductions"),
    _F("reduce:min", "min reductions"),
    _F("chain:long", "consumers chained after the workload (wide space)"),
    _F("kind:attention", "attention: softmax(scale * Q K^T + mask) V with an optional additive or boolean mask, "
                         "K2 drawn to stress tiles (1, primes, just off tile widths), the generic form (two "
                         "matmuls around a softmax) where form:generic is on; drawn per case from its own "
                         "stream (fuzz/generate/generator.py), so only pins switch it off", within="attention",
       drawn=False),
    _F("shape:dynamic", "input dims the compilers see as dynamic (`?` in IREE, symbolic extents in TVM), with loop "
                        "extents drawn to stress them (1, primes, just off vector widths); drawn per case from its "
                        "own stream (fuzz/generate/generator.py), so only pins switch it off", drawn=False),
)
FEATURES += (  # int4 weights (issue 39): decided per case from its own stream, like shape:dynamic
    _F("dtype:i4", "int4 weights (`i4` inputs, values in [-8, 7]) read through a dequantizing cast; drawn per "
                   "case from its own stream (fuzz/generate/generator.py), so only pins switch it off",
       ("dtype:f16", "dtype:f32"), "int4", drawn=False),
    _F("kind:weight_only", "a weight-only quantized matmul or conv: int4 weights dequantized (scale per tensor, "
                           "channel or group) then accumulated in f32, the f16 result (fuzz/generate/quant.py)",
       ("dtype:i4",), "weight-only", drawn=False),
)
FEATURES += (  # the size axis (issue 47): decided per case from its own stream, like shape:dynamic
    _F("size:real", "a case of real size: a layer of a real model (SDXL, Llama, ResNet-50, MobileNetV2, BERT) scaled "
                    "down along batch or spatial dims only, or tile-boundary sizes (multiples of 16 to 128, +-1, "
                    "primes near them), within 2 M result elements and 200 M multiply-adds; drawn from the seed's "
                    "own stream where --only pins it (fuzz/generate/sizes.py: unpinned seeds draw none yet)",
       drawn=False),
)
FEATURES += (  # the importer forms (issue 48): decided per seed from their own streams (fuzz/generate/forms.py)
    _F("conv:f32", "f32 convs: an f16, bf16 or float8 conv on input operands takes them as f32, accumulated in f32; drawn "
                   "per seed from its own stream (fuzz/generate/forms.py), so only pins switch it off",
       within="conv-f32", drawn=False),
    _F("init:accumulate", "a conv or matmul accumulating into an init (a broadcast bias, a tensor, a value of the "
                          "case), as importers fill the outs operand; drawn per seed from its own stream "
                          "(fuzz/generate/forms.py), so only pins switch it off", drawn=False),
    _F("op:reshape", "reshapes between ops and after outputs (collapse and expand back, flatten, transpose, a 1x1 conv "
                     "as a matmul over a collapsed image); drawn per seed from its own stream "
                     "(fuzz/generate/forms.py), so only pins switch it off", drawn=False),
)
KEEP_ONE = ("kind", "inputs", "dtype", "conv-dtype", "conv-layout", "conv-grouping", "reduce", "pool")  # choices to make
BY_NAME = {f.name: f for f in FEATURES}
_REQUIRING = tuple(f for f in FEATURES if f.requires)
GROUPS: dict[str, tuple[str, ...]] = {}
for _f in FEATURES:
    GROUPS[_f.group] = GROUPS.get(_f.group, ()) + (_f.name,)


class SwarmError(ValueError):
    """Feature names or pins that cannot be used; the message says which and why."""


def resolve(name: str, option: str) -> str:
    """The registry name for ``name``: exact ("map:reversed") or the unique value after a colon ("reversed")."""
    if name in BY_NAME:
        return name
    hits = [f for f in BY_NAME if f.split(":", 1)[1].lower() == name.lower()]
    if len(hits) == 1:
        return hits[0]
    if hits:
        raise SwarmError(f"{option}: {name!r} is ambiguous ({', '.join(hits)}); give the full name")
    raise SwarmError(f"{option}: unknown feature {name!r}; choose from {', '.join(BY_NAME)} (`kernelfuzz features`)")


@dataclass(frozen=True)
class Swarm:
    """How a campaign draws its cases' feature sets (see the module docstring)."""

    enabled: bool = True
    without: tuple[str, ...] = ()
    only: tuple[str, ...] = ()

    @property
    def pinned_on(self) -> frozenset[str]:
        return frozenset(self.only)

    @property
    def pinned_off(self) -> frozenset[str]:
        groups = {BY_NAME[n].group for n in self.only}
        mates = {m for g in groups for m in GROUPS[g]} - set(self.only)
        return frozenset(self.without) | mates

    def feasible(self, name: str) -> bool:
        """Not pinned off, and nothing it needs is."""
        return name in self._feasible

    @functools.cached_property
    def _feasible(self) -> frozenset[str]:
        off = self.pinned_off

        def ok(name: str) -> bool:
            return name not in off and all(ok(r) for r in BY_NAME[name].requires)
        return frozenset(f.name for f in FEATURES if ok(f.name))

    @functools.cached_property
    def _unpinned(self) -> tuple[str, ...]:
        pinned = self.pinned_on | self.pinned_off
        return tuple(f.name for f in FEATURES if f.drawn and f.name not in pinned)

    def draw(self, ch) -> frozenset[str]:
        """One case's switched-off features: each unpinned one off with probability 1/2, then settled."""
        off = set(self.pinned_off)
        if self.enabled and self._unpinned:  # one draw, a bit per feature: cheap, and shrinks to "all on"
            bits = ch.int(0, 2 ** len(self._unpinned) - 1)
            off.update(name for k, name in enumerate(self._unpinned) if bits >> k & 1)
        return self._settle(off, ch)

    def _settle(self, off: set[str], ch) -> frozenset[str]:
        """A drawn feature whose requirement is off goes too (so the requirement is off half the time, not
        less); a feature on by necessity (``--only``, the one a choice group keeps) keeps what it needs."""
        kept = set(self.only)
        changed = bool(off)
        while changed:
            changed = False
            for f in _REQUIRING:
                if f.name in off or off.isdisjoint(f.requires):
                    continue
                changed = True
                if f.name in kept:  # feasible: validated, or chosen so by a group below
                    needed = [r for r in f.requires if r in off]
                    off.difference_update(needed)
                    kept.update(needed)
                else:
                    off.add(f.name)
            for group in KEEP_ONE:
                if off.issuperset(GROUPS[group]):
                    keep = ch.choice([m for m in GROUPS[group] if self.feasible(m)])
                    off.discard(keep)
                    kept.add(keep)
                    changed = True
        return frozenset(off)

    def avoiding(self, name: str) -> "Swarm":
        """This swarm with ``name`` pinned off as well (``SwarmError`` if that empties a group)."""
        return _validated(Swarm(self.enabled, tuple(sorted({*self.without, name})), self.only))

    def describe(self) -> str:
        parts = ["swarm" if self.enabled else "all features"]
        parts += [f"without {', '.join(self.without)}"] if self.without else []
        parts += [f"only {', '.join(self.only)}"] if self.only else []
        return "; ".join(parts)

    def to_json(self) -> dict:
        return {"enabled": self.enabled, "without": list(self.without), "only": list(self.only)}

    @staticmethod
    def from_json(j: dict) -> "Swarm":
        return _validated(Swarm(bool(j["enabled"]), tuple(j.get("without", ())), tuple(j.get("only", ()))))


FULL = Swarm(enabled=False)  # today's full-feature stream
# Issue 39's reach features draw from their own random streams: with them off, a seed draws the case it drew before
# they existed.  Tests pinned to an old seed's case generate it from these (one list, extended as features land).
REACH = ("shape:dynamic", "dtype:bf16", "dtype:f8E4M3FN", "dtype:f8E5M2", "dtype:f8E4M3FNUZ", "dtype:f8E5M2FNUZ",
         "dtype:i4", "kind:weight_only", "kind:attention", "size:real", "conv:f32", "init:accumulate", "op:reshape")
PRE_REACH = Swarm(without=REACH)  # the default (swarm) stream as before the reach features
FULL_PRE_REACH = Swarm(enabled=False, without=REACH)  # FULL as before them


def _validated(s: Swarm) -> Swarm:
    """``s`` with its names in registry form, or ``SwarmError`` naming what cannot work."""
    s = Swarm(s.enabled, *(tuple(sorted({resolve(n, option) for n in names}))
                           for option, names in (("--without", s.without), ("--only", s.only))))
    both = set(s.without) & set(s.only)
    if both:
        raise SwarmError(f"{', '.join(sorted(both))} given to both --without and --only; keep one")
    for n in s.only:
        if not s.feasible(n):
            need = [r for r in BY_NAME[n].requires if not s.feasible(r)]
            raise SwarmError(f"--only {n} needs {', '.join(need)}, which --without or --only switches off")
    for group in KEEP_ONE:
        if not any(s.feasible(m) for m in GROUPS[group]):
            raise SwarmError(f"the pins switch off every {group} feature ({', '.join(GROUPS[group])}); keep one")
    return s


def parse(enabled: bool, without: str = "", only: str = "") -> Swarm:
    """A validated Swarm from comma-separated command-line names (short forms resolved)."""
    def names(text: str) -> tuple[str, ...]:
        return tuple(n.strip() for n in text.split(",") if n.strip())
    return _validated(Swarm(enabled, names(without), names(only)))
