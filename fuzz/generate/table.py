"""The feature table: one row per generator feature, the one place each feature's rules are written.

A row (``Feature``) says what the feature is and every rule about it; everything else reads the row:

* ``kernelfuzz features`` lists the rows; ``--only`` and ``--without`` take their names (``fuzz/generate/swarm.py``);
* how a case comes to have it (``rule``): *swarm* rows are switched off per case with odds 1/2 by the swarm draw;
  *pinned* rows (the dtypes: they cut across every choice) only by ``--only`` and ``--without``; *seeded* rows
  (``odds``) are decided once per seed from the seed's own random stream (``stream``: rows that share one make one
  decision), never from its case stream, so adding one leaves every other seed's case as it was;
* one rule decides every seeded row, under every pin (``fuzz/generate/seeded.py``): never where it is switched off
  (``--without``, a group mate pinned by ``--only``, a requirement off, none of ``one_of`` left on) or where
  ``--only`` pins a feature it excludes; always where ``--only`` pins it; else ``odds`` (hits in so many seeds)
  from its stream.  The generator (``fuzz/generate/generator.py``) and the property tests' strategy ``cases()``
  both ask that rule;
* ``excludes``: features no case combines with it (globs); the command line refuses to pin both (``apart`` says
  why), and a pinned one keeps the other from being drawn.  Where both are drawn unpinned the generator's order
  decides: int4 weights, then attention, then the rest (a real size combines with either: a real int4 weight-only
  layer, a real attention);
* ``rewrite`` (optional): the generation code of a feature that rewrites a drawn case (``rewrite(case, exact,
  stream) -> Case | None``, None: nothing to rewrite), applied last by the generator and the strategy; ``shows``
  (optional): how ``fuzz/generate/features.py`` sees the feature in a case when its structure does not say, so a
  campaign's per-feature tallies, the masking statistics and ``make bench``'s per-feature yield count it.

``extended(row)`` adds a row for as long as a ``with`` block lasts (tests add a dummy feature with it).
"""
from __future__ import annotations

import contextlib
import importlib
from dataclasses import dataclass
from fnmatch import fnmatchcase
from typing import Callable

from fuzz.case.workload import FP8_DTYPES
from fuzz.generate import erf, units


@dataclass(frozen=True)
class Feature:
    name: str  # "prefix:value", as fuzz/generate/features.py reports it
    controls: str
    requires: tuple[str, ...] = ()  # features it cannot do without
    within: str = ""  # its group, where that is not the name's prefix
    drawn: bool = True  # switched off by swarm draws; if not, only by --without / --only (or decided per seed)
    odds: tuple[int, int] = (0, 0)  # seeded: on in hits of out_of seeds, from its own stream; (0, 0): not seeded
    stream: str = ""  # the seed's stream deciding it (rows sharing one decide once); default: its name
    excludes: tuple[str, ...] = ()  # globs of the features no case combines with it
    apart: str = ""  # why (the command line's refusal of a pin of both)
    one_of: tuple[str, ...] = ()  # it needs one of these on
    strategy: bool = True  # drawn by the property tests' strategy (fuzz/generate/generator.py cases())
    rewrite: Callable | None = None  # generation code of a feature that rewrites a drawn case
    shows: Callable | None = None  # case -> whether the case exercises it, where its structure does not say

    @property
    def group(self) -> str:
        return self.within or self.name.split(":", 1)[0]

    @property
    def seeded(self) -> bool:
        return self.odds[1] > 0

    @property
    def key(self) -> str:
        """The name of the seed's stream that decides it."""
        return self.stream or self.name

    @property
    def switchable(self) -> bool:
        """Whether something other than a hand-written pin switches it (a swarm draw, or its seed's odds)."""
        return self.drawn or self.odds[0] > 0

    @property
    def rule(self) -> str:
        if self.seeded and not self.odds[0]:  # opt-in: a seeded rule that takes no seed unless pinned
            return "pins only (seeded)"
        if self.seeded:
            return f"{self.odds[0]}/{self.odds[1]} of seeds"
        return "swarm" if self.drawn else "pins only"


_F = Feature


def _wideint():
    """fuzz/generate/wideint.py, imported when first asked (it imports the generator's base, which imports this)."""
    return importlib.import_module("fuzz.generate.wideint")


def _int64():
    """fuzz/generate/int64.py, imported when first asked (as wideint)."""
    return importlib.import_module("fuzz.generate.int64")


FEATURES: list[Feature] = [
    _F("kind:conv", "a lone conv2d with every attribute drawn"),
    _F("kind:conv_requant", "an int8 conv with a requantize (round, clamp, narrow to int8: when both are on) or "
                            "dequantize (to f16) epilogue", ("conv:acc-i32",),
       excludes=("dtype:bf16", "dtype:f8*"),
       apart="a requantized conv is int8 end to end: it has no f16 for a newer float type to retype"),
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
                     "accumulated in f32 (fuzz/generate/floats.py)", (), "float-type", drawn=False, odds=(1, 6),
       stream="dtype:float"),
    *(_F(f"dtype:{t}", f"{t} inputs in place of f16 ones, only ever widened: matmul and conv operands "
                       "accumulated in f32, generic reads cast to f16 (fuzz/generate/floats.py)", (), "float-type",
         drawn=False, odds=(1, 6), stream="dtype:float") for t in FP8_DTYPES),
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
                         "matmuls around a softmax) where form:generic is on (fuzz/generate/attention.py)",
       within="attention", drawn=False, odds=(1, 8), one_of=("dtype:f16", "dtype:f32", "dtype:bf16"),
       excludes=("kind:*", "shape:dynamic", "dtype:f8*"),
       apart="an attention case is static, of its own kind, and has no float8 input"),
    _F("shape:dynamic", "input dims the compilers see as dynamic (`?` in IREE, symbolic extents in TVM), with loop "
                        "extents drawn to stress them (1, primes, just off vector widths)", drawn=False, odds=(1, 3)),
]
FEATURES += [  # int4 weights (issue 39): one decision for both rows, from the seed's dtype:i4 stream
    _F("dtype:i4", "int4 weights (`i4` inputs, values in [-8, 7]) read through a dequantizing cast",
       ("dtype:f16", "dtype:f32"), "int4", drawn=False, odds=(1, 8),
       excludes=("kind:*", "shape:dynamic", "dtype:bf16", "dtype:f8*", "conv:f32", "init:accumulate", "op:reshape"),
       apart="an int4 case is a static weight-only matmul or conv that keeps its types and takes no importer form"),
    _F("kind:weight_only", "a weight-only quantized matmul or conv: int4 weights dequantized (scale per tensor, "
                           "channel or group) then accumulated in f32, the f16 result (fuzz/generate/quant.py)",
       ("dtype:i4",), "weight-only", drawn=False, odds=(1, 8), stream="dtype:i4"),
]
FEATURES += [  # the size axis (issue 47)
    _F("size:real", "a case of real size: a layer of a real model (SDXL, Llama, ResNet-50, MobileNetV2, BERT) scaled "
                    "down along batch or spatial dims only, or tile-boundary sizes (multiples of 16 to 128, +-1, "
                    "primes near them), within 2 M result elements and 200 M multiply-adds (fuzz/generate/sizes.py), in "
                    "two seeds of five (a third of the cases: some swarms admit no real layer), an int4 weight-only "
                    "or attention layer where the seed's own streams take those; not drawn by the property tests' "
                    "strategy (too slow there); a campaign runs one on --real-configs of its configurations",
       drawn=False, odds=(2, 5), strategy=False,
       excludes=("shape:dynamic", "dtype:bf16", "dtype:f8*", "conv:f32", "init:accumulate", "op:reshape"),
       apart="a real-size case is static, keeps its layer's types and takes no importer form"),
]
FEATURES += [  # unit extents (issue 47: IREE's BaseLowering strategy): a rewrite of a drawn case of generics
    _F("shape:unit", "every loop extent 1 in a case of static generics (elementwise, reduction, softmax, norm, "
                     "mixed without a conv): one-element results, a 1x1x1 dispatch (IREE's BaseLowering), inputs "
                     "shrunk to what their maps read (fuzz/generate/units.py)", drawn=False, odds=(1, 3),
       excludes=("kind:conv", "kind:conv_requant", "kind:residual", "kind:fanout", "kind:matmul", "kind:pool",
                 "kind:attention", "kind:weight_only", "dtype:i4", "size:real", "shape:dynamic", "conv:*",
                 "init:accumulate", "op:reshape"),
       apart="a unit case is static, small and made of generics only",
       rewrite=lambda case, exact, ch: units.unit(case, exact, ch), shows=lambda case: units.is_unit(case)),
]
FEATURES += [  # erf (issue 50): a rewrite of a drawn case's tanh, so the case streams stay as they were; it names no
    # requirement: a seeded row requiring a drawn one would join every swarm list that switched body:tanh off (the
    # draw's settling adds it), changing those seeds' cases; without a tanh the rewrite has nothing to do
    _F("body:erf", "erf, to each profile's declared budget: in place of a drawn tanh, the erf GELU in place of "
                   "tanh-GELU (fuzz/generate/erf.py)", (), "erf", drawn=False, odds=(1, 2),
       rewrite=lambda case, exact, ch: erf.tanh_to_erf(case, exact, ch)),
]
FEATURES += [  # wide-range integers (issue 50): the seed's case replaced by one drawn from its own stream
    _F("int:wide", "an i32 elementwise generic (or max / min reduction) over inputs across the whole int32 range and "
                   "windows around 2^23, 2^24, 2^31 - 1, INT_MIN and powers of two, its body (bitwise ops, shifts, "
                   "min / max, selects, divisions by constants and never-zero values, narrowed sums and 24-bit-wide "
                   "products) defined for every such value by construction (fuzz/generate/wideint.py)",
       ("dtype:i32",), drawn=False, odds=(1, 10),
       excludes=("kind:conv", "kind:conv_requant", "kind:mixed", "kind:softmax", "kind:norm", "kind:residual",
                 "kind:fanout", "kind:matmul", "kind:pool", "kind:attention", "kind:weight_only", "dtype:i4",
                 "size:real", "shape:dynamic", "shape:unit", "dtype:bf16", "dtype:f8*", "conv:f32", "init:accumulate",
                 "op:reshape"),
       apart="a wide-integer case is one static i32 elementwise or reduction generic of its own",
       rewrite=lambda case, exact, ch: _wideint().wide(case, exact, ch),
       shows=lambda case: _wideint().is_wide(case)),
]
FEATURES += [  # i64 integers: opt-in (odds 0: only --only int:i64 takes it, so no seed's case changed)
    _F("int:i64", "an i64 elementwise generic (or max / min reduction) over i64 inputs across the whole int64 range, "
                  "33- to 63-bit widths and windows around 2^31, 2^32, 2^47, 2^53, 2^62 and the int64 limits, and "
                  "i32 inputs read widened; its body (sign extensions in register (x << k) >> k, high halves x >> 32, "
                  "carries across bit 32, products of widened i32, bitwise ops, compares and selects, divisions by "
                  "constants and never-zero values, i64 -> i32 wraps: none of those with dtype:i32 off) defined for every such value by construction "
                  "(fuzz/generate/int64.py); only where --only pins it", (), "int64", drawn=False, odds=(0, 1),
       strategy=False,  # a group of its own and no requirement: either would enter the swarm draw recorded in every
       # case of a group mate's --only (int:wide) or of a pin switching dtype:i32 off, changing those cases
       excludes=("kind:conv", "kind:conv_requant", "kind:mixed", "kind:softmax", "kind:norm", "kind:residual",
                 "kind:fanout", "kind:matmul", "kind:pool", "kind:attention", "kind:weight_only", "dtype:i4",
                 "size:real", "shape:dynamic", "shape:unit", "dtype:bf16", "dtype:f8*", "conv:f32", "init:accumulate",
                 "op:reshape", "int:wide", "body:erf"),
       apart="an i64 case is one static i64 elementwise or reduction generic of its own",
       rewrite=lambda case, exact, ch: _int64().i64(case, exact, ch),
       shows=lambda case: _int64().is_i64(case)),
]
FORM = dict(drawn=False, odds=(1, 10), excludes=("kind:attention", "shape:dynamic"),
            apart="a case pinned to an importer form is static and not attention")
FEATURES += [  # the importer forms (issue 48): rewrites of a drawn case (fuzz/generate/forms.py)
    _F("conv:f32", "f32 convs: an f16, bf16 or float8 conv on input operands takes them as f32, accumulated in f32 "
                   "(fuzz/generate/forms.py)", within="conv-f32", **FORM),
    _F("init:accumulate", "a conv or matmul accumulating into an init (a broadcast bias, a tensor, a value of the "
                          "case), as importers fill the outs operand (fuzz/generate/forms.py)", **FORM),
    _F("op:reshape", "reshapes between ops and after outputs (collapse and expand back, flatten, transpose, a 1x1 conv "
                     "as a matmul over a collapsed image) (fuzz/generate/forms.py)", **FORM),
]
# groups whose members are choices the generator must make: a swarm draw keeps one of each on
KEEP_ONE = ("kind", "inputs", "dtype", "conv-dtype", "conv-layout", "conv-grouping", "reduce", "pool")
# Indexes of FEATURES, updated in place (``_index``) so that every module holding them sees a row ``extended`` adds.
BY_NAME: dict[str, Feature] = {}
GROUPS: dict[str, tuple[str, ...]] = {}
REQUIRING: list[Feature] = []
DECISIONS: dict[str, tuple[Feature, ...]] = {}  # stream name -> the seeded rows it decides, in table order


_VERSION = [0]  # bumped by every change of the table: caches of what a swarm allows key on it


def version() -> int:
    return _VERSION[0]


def _index() -> None:
    _VERSION[0] += 1
    BY_NAME.clear(), GROUPS.clear(), DECISIONS.clear()
    BY_NAME.update((f.name, f) for f in FEATURES)
    REQUIRING[:] = [f for f in FEATURES if f.requires]
    for f in FEATURES:
        GROUPS[f.group] = GROUPS.get(f.group, ()) + (f.name,)
        if f.seeded:
            DECISIONS[f.key] = DECISIONS.get(f.key, ()) + (f,)


_index()


def seeded() -> tuple[str, ...]:
    """The names of the seeded rows (decided per seed from their own streams)."""
    return tuple(f.name for f in FEATURES if f.seeded)


def partners(name: str) -> tuple[str, ...]:
    """The rows one decision switches together with ``name`` (int4 weights and the weight-only kind), itself
    included: the rows of its stream, unless they are alternatives (one group: the newer float types)."""
    f = BY_NAME[name]
    rows = DECISIONS.get(f.key, (f,)) if f.seeded else (f,)
    return tuple(r.name for r in rows) if len({r.group for r in rows}) > 1 else (name,)


def excludes(name: str) -> tuple[str, ...]:
    """The globs ``name`` excludes, its partners' included (a weight-only case excludes what int4 weights do)."""
    return tuple(g for p in partners(name) for g in BY_NAME[p].excludes)


def apart(a: str, b: str) -> tuple[str, str, str] | None:
    """Where no case combines features ``a`` and ``b``: (the one whose row excludes the other, the other, why)."""
    if b in partners(a):
        return None
    for x, y in ((a, b), (b, a)):
        if any(fnmatchcase(y, g) for g in excludes(x)):
            return x, y, next(BY_NAME[p].apart for p in partners(x) if BY_NAME[p].apart)
    return None


@contextlib.contextmanager
def extended(*rows: Feature):
    """The table with ``rows`` added, for the ``with`` block (a test's dummy feature), then as it was."""
    FEATURES.extend(rows)
    _index()
    try:
        yield
    finally:
        del FEATURES[-len(rows):]
        _index()
