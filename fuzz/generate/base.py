"""What every generator family shares: spaces, choosers, and the ``Builder`` a case is drawn into.

Every random decision goes through a ``Chooser`` (``RandomChooser`` for seeded campaigns,
``HypothesisChooser`` for property tests with shrinking).  A ``Builder`` accumulates one case's
inputs and ops, knows its ``Space`` (how big and deep) and which features its swarm draw switched
off (``on``, ``pick``), and collects the extra outputs a DAG pattern returns.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Protocol, Sequence

from fuzz.case.workload import Affine, Case, Tensor, ValueSpec, WorkloadError, infer_types
from fuzz.generate.swarm import BY_NAME

DYNAMIC_SIZES = (1, 3, 5, 7, 9, 13, 15, 17)  # extents a dynamic-shape case also draws: 1, primes, just off 4, 8, 16
EXACT_LIMIT = {"f16": 2048, "f32": 2**24, "i32": 2**20}  # |partial sums| kept exact / in range


@dataclass(frozen=True)
class Space:
    """The ranges a generator draws from (``default`` or ``wide``)."""

    name: str
    spatial: int = 12  # largest conv input height / width
    per_group: int = 4  # most channels and filters per conv group
    groups: int = 4  # most conv groups (depthwise: 2 * groups)
    kernels: tuple[int, ...] = (1, 2, 3, 3, 5)
    strides: int = 2  # largest stride, and dilation
    pads: tuple[int, ...] = (0, 0, 1, 2)
    extent: int = 6  # largest parallel loop extent of a generic
    reduce_extent: int = 8
    edges: tuple[int, ...] = ()  # extents also drawn, a third of the time: just off vector widths
    consumers: int = 0  # most extra ops chained after the first workload
    int8_reads: bool = False  # elementwise int8 -> int8 generics (layout transforms, broadcast zero points)
    work: int = 300_000  # multiply-adds per case, and elements per tensor (below)
    elements: int = 100_000


DEFAULT = Space("default")
WIDE = Space("wide", spatial=40, per_group=8, groups=8, kernels=(1, 2, 3, 3, 5, 7), strides=3,
             pads=(0, 0, 1, 2, 3), extent=12, reduce_extent=16, edges=(15, 16, 17, 31, 32, 33, 64, 65),
             consumers=4, int8_reads=True, work=4_000_000, elements=600_000)
SPACES = {s.name: s for s in (DEFAULT, WIDE)}


class Chooser(Protocol):
    def int(self, lo: int, hi: int) -> int: ...
    def choice(self, options: Sequence): ...


@dataclass
class RandomChooser:
    rng: object  # random.Random

    def int(self, lo: int, hi: int) -> int:
        return self.rng.randint(lo, hi)

    def choice(self, options: Sequence):
        return options[self.rng.randrange(len(options))]


@dataclass
class HypothesisChooser:
    draw: object

    def int(self, lo: int, hi: int) -> int:
        from hypothesis import strategies as st
        return self.draw(st.integers(lo, hi))

    def choice(self, options: Sequence):
        from hypothesis import strategies as st
        return self.draw(st.sampled_from(list(options)))


@dataclass
class Builder:
    """Accumulates inputs and ops of one case under construction."""

    ch: Chooser
    exact: bool
    space: Space = DEFAULT
    off: frozenset[str] = frozenset()  # features switched off for this case (fuzz/generate/swarm.py)
    inputs: list[Tensor] = field(default_factory=list)
    ops: list = field(default_factory=list)
    types: dict = field(default_factory=dict)
    extra_outputs: list[str] = field(default_factory=list)  # a DAG pattern's values returned beside its result
    dynamic: bool = False  # the case will mark input dims dynamic: extents also drawn from DYNAMIC_SIZES
    dyn: Chooser | None = None  # the dynamic-dims stream (None: ``ch``); a static case never draws from it

    def on(self, feature: str) -> bool:
        """Whether the case may use ``feature`` (a name in fuzz/swarm.FEATURES)."""
        if feature not in BY_NAME:
            raise KeyError(f"generator asked about unregistered feature {feature!r}: add it to fuzz/swarm.FEATURES")
        return feature not in self.off

    def pick(self, options: Sequence, allowed=lambda option: True, default=None):
        """A choice among the ``options`` still ``allowed``; with nothing switched off, exactly ``ch.choice``.
        With a ``default`` (the plain option: unit stride, a plain read, a dense conv), a switched-off option
        drawn becomes the default, so the options left keep the odds they have in the full stream: switching
        off reversed maps leaves offsets as rare as they were."""
        if not self.off:
            return self.ch.choice(options)
        if default is not None and allowed(default):
            choice = self.ch.choice(options)
            return choice if allowed(choice) else default
        left = [o for o in options if allowed(o)]
        if not left:
            raise WorkloadError("every option of this choice is switched off")  # the draw is redrawn
        return self.ch.choice(left)

    def coin(self, feature: str, odds: int = 2) -> bool:
        """True one time in ``odds`` when ``feature`` is on (no draw when it is off)."""
        return self.on(feature) and self.ch.int(1, odds) == 1

    def typed(self, dtype: str) -> bool:
        return self.on(f"dtype:{dtype}")

    def tensor(self, shape: tuple[int, ...], dtype: str, bound: int = 8, values: ValueSpec | None = None) -> str:
        """A fresh input; its values drawn by ``values`` (default: ``self.values(dtype, bound)``)."""
        name = f"in{len(self.inputs)}"
        self.inputs.append(Tensor(name, tuple(shape), dtype, values or self.values(dtype, bound)))
        self.types[name] = (tuple(shape), dtype)
        return name

    def values(self, dtype: str, bound: int) -> ValueSpec:
        seed = self.ch.int(0, 2**31 - 1)
        if dtype == "i8":
            b = min(bound, 127) if self.exact else self.ch.choice((127, 16, 3))
            return ValueSpec("int", seed, low=-b - (b == 127), high=b)
        if dtype == "i32":
            return ValueSpec("int", seed, low=-bound, high=bound)
        if self.exact:
            b = min(bound, 64 if dtype == "f16" else 4096)
            return ValueSpec("int", seed, low=-b, high=b)
        dist = self.ch.choice(("normal", "positive", "wide"))
        return ValueSpec(dist, seed, scale=self.ch.choice((3.0, 4.0)) if dist == "wide" else 1.0)

    def add(self, op) -> str:
        self.ops.append(op)
        types = infer_types(Case(tuple(self.inputs), tuple(self.ops), (op.name,)))
        self.types[op.name] = types[op.name]
        return op.name

    def output(self, name: str) -> None:
        """Return ``name`` beside the case's result (a pattern's intermediate: softmax's maximum, both consumers)."""
        if self.on("dag:multi-output") and name not in self.extra_outputs:
            self.extra_outputs.append(name)

    def name(self) -> str:
        return f"op{len(self.ops)}"

    def extent(self, lo: int, hi: int) -> int:
        """A loop extent in [lo, hi], or one of the space's edge sizes."""
        if self.space.edges and self.ch.int(0, 2) == 0:
            return self.ch.choice(self.space.edges)
        sizes = [n for n in DYNAMIC_SIZES if lo <= n <= max(hi, 9)] if self.dynamic else []
        if sizes and self.side.int(0, 1) == 0:
            return self.side.choice(sizes)
        return self.ch.int(lo, hi)

    @property
    def side(self) -> Chooser:
        """The dynamic-dims stream: every draw only a dynamic case makes comes from it."""
        return self.dyn or self.ch

    def mark_dynamic(self) -> None:
        """Mark dims of the inputs dynamic: each with odds 1/2, at least one (``shape:dynamic``)."""
        marks = [tuple(d for d in range(len(t.shape)) if self.side.int(0, 1)) for t in self.inputs]
        if not any(marks):
            k = self.side.int(0, len(self.inputs) - 1)
            marks[k] = (self.side.int(0, len(self.inputs[k].shape) - 1),)
        self.inputs = [replace(t, dynamic=m) for t, m in zip(self.inputs, marks)]


def exact_bound(terms: int, acc: str, factors: int = 2) -> int:
    """Largest integer input magnitude keeping sums of ``terms`` products exact in ``acc``."""
    per_term = max(1, EXACT_LIMIT.get(acc, 2**20) // max(terms, 1))
    return max(1, int(per_term ** (1 / factors)) if factors > 1 else per_term)


def identity(d: int, ndims: int) -> Affine:
    """The plain read ``dK`` of loop dim ``d``."""
    return Affine(tuple(int(i == d) for i in range(ndims)))
