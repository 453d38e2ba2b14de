"""The size axis (``size:real``): which seeds draw a case of real size, the budget, and the shapes they take.

A real-size case takes its shapes from one of two sources:

* a layer of a real model (``fuzz/generate/layers.py``), scaled down along its batch or spatial (token,
  query-row) dims only, halving them until the case fits ``BUDGET``;
* tile-boundary sizes (``boundary``): multiples of 16, 32, 64 and 128 (up to 4x), each exact, one less, one more,
  or the nearest prime below or above, on every dim, the reduction included; the dim that scales (rows,
  spatial) is drawn among those that fit.

The budget (``BUDGET``) is what the reference and the simulators sustain per case: every op result at most
2,000,000 elements, every input at most 2^22 (a layer's weights; the case-file limit), at most 200,000,000
multiply-adds summed over the ops, and an attention's B x M x K2 x max(K1, N) at most 2^21 (its reference holds
them at once).  The case's note says which layer (and how it was scaled) or which boundary sizes it
took (``Shape.note``).

Whether a seed draws a real-size case is decided by the feature table's rule (``fuzz/generate/table.py``, the
``size:real`` row: its odds, what it excludes; ``fuzz/generate/seeded.py``) from the seed's own ``size:real`` stream;
every draw of a real-size case comes from that stream, so a seed that is not real draws, byte for byte, the case it
drew before this feature existed (tests/test_dynamic_stream.py).
"""
from __future__ import annotations

from dataclasses import dataclass

from fuzz.case.workload import WorkloadError
from fuzz.generate.base import Chooser, Space
from fuzz.generate.layers import ConvLayer, MatmulLayer

BASES = (16, 32, 64, 128)


@dataclass(frozen=True)
class Budget:
    outputs: int = 2_000_000  # elements of any op result
    inputs: int = 2**22  # elements of any input (a layer's weights): a case file's limit (fuzz/case/untrusted.py)
    macs: int = 200_000_000  # multiply-adds over all ops
    attention_points: int = 2**21  # B x M x K2 x max(K1, N): attention's reference holds this many at once


BUDGET = Budget()
# The generator's Space for these cases: acceptable() checks work and tensor size against it (inputs' bound);
# the tighter bound on op results is kept by the scaling below.
REAL = Space("real", work=BUDGET.macs, elements=BUDGET.inputs)


# ------------------------------------------------------------------ shapes and their notes


@dataclass(frozen=True)
class Shape:
    """The sizes one case takes, and where they came from (for the note)."""
    dims: dict
    source: str  # "layer" or "boundary"
    origin: str  # the layer's name, or the boundary sizes' derivations
    scaled: str = ""  # "batch 2->1, spatial 64x64->16x16"

    def note(self) -> str:
        if self.source == "layer":
            return f" size=real layer=\"{self.origin}\"" + (f" scaled: {self.scaled}" if self.scaled else "")
        return f" size=real boundary {self.origin}"


def conv_out(h: int, k: int, stride: int, pad: int) -> int:
    return (h + 2 * pad - k) // stride + 1


def conv_cost(d: dict) -> tuple[int, int]:
    """(output elements, multiply-adds) of a conv with dims n, h, w, c, f, kh, kw, stride, pad, groups."""
    out = d["n"] * conv_out(d["h"], d["kh"], d["stride"], d["pad"]) * conv_out(d["w"], d["kw"], d["stride"], d["pad"])
    out *= d["f"]
    return out, out * d["kh"] * d["kw"] * d["c"] // d["groups"]


def matmul_cost(d: dict) -> tuple[int, int]:
    out = max(d["batch"], 1) * d["m"] * d["n"]
    return out, out * d["k"]


def attention_cost(d: dict) -> tuple[int, int]:
    """(largest intermediate: the scores, or the result; multiply-adds of both products)."""
    scores = d["batch"] * d["m"] * d["k2"]
    return max(scores, d["batch"] * d["m"] * d["n"]), scores * (d["k1"] + d["n"])


def _inputs_fit(d: dict, kind: str) -> bool:
    if kind == "conv":
        return d["kh"] * d["kw"] * d["c"] // d["groups"] * d["f"] <= BUDGET.inputs
    if kind == "matmul":
        return max(d["batch"], 1) * d["k"] * d["n"] <= BUDGET.inputs
    return d["batch"] * d["k2"] * max(d["k1"], d["n"]) <= BUDGET.inputs


COST = {"conv": conv_cost, "matmul": matmul_cost, "attention": attention_cost}
# The dims each kind scales, in order: batch first, then spatial (rows, queries); never channels or reductions.
SCALES = {"conv": (("n",), ("h", "w")), "matmul": (("m",), ("batch",)), "attention": (("batch",), ("m",))}


def _fits(d: dict, kind: str) -> bool:
    out, macs = COST[kind](d)
    points = d["batch"] * d["m"] * d["k2"] * max(d["k1"], d["n"]) if kind == "attention" else 0
    return out <= BUDGET.outputs and macs <= BUDGET.macs and points <= BUDGET.attention_points and \
        _inputs_fit(d, kind)


def _floor(d: dict, kind: str, key: str) -> int:
    """The least a scaled dim may become: a conv's image keeps one output row and column."""
    return max(d["kh"], d["kw"]) if kind == "conv" and key in ("h", "w") else 1


def scale_down(d: dict, kind: str) -> tuple[dict, str] | None:
    """``d`` halved along its batch, then spatial dims until it fits ``BUDGET`` (and what was scaled), or None
    where it cannot fit (its weights alone are over budget)."""
    if not _inputs_fit(d, kind):
        return None
    d, start = dict(d), dict(d)
    for keys in SCALES[kind]:
        while not _fits(d, kind) and all(d[k] > _floor(d, kind, k) for k in keys):
            for k in keys:
                d[k] = max(_floor(d, kind, k), d[k] // 2)
    if not _fits(d, kind):
        return None
    changed = [k for k in d if d[k] != start[k]]
    return d, ", ".join(f"{k} {start[k]}->{d[k]}" for k in changed)


def from_layer(layer, kind: str) -> Shape | None:
    """The layer's dims, scaled to fit (None where it cannot)."""
    dims = {k: v for k, v in vars(layer).items() if k not in ("model", "layer", "int8")}
    scaled = scale_down(dims, kind)
    if scaled is None:
        return None
    return Shape(scaled[0], "layer", layer.name, scaled[1])


def fits(layer) -> bool:
    kind = "conv" if isinstance(layer, ConvLayer) else "matmul" if isinstance(layer, MatmulLayer) else "attention"
    return from_layer(layer, kind) is not None


# ------------------------------------------------------------------ tile-boundary sizes


def _prime(n: int) -> bool:
    return n > 1 and all(n % p for p in range(2, int(n ** 0.5) + 1))


def near_prime(n: int, step: int) -> int:
    """The nearest prime strictly below (step -1) or above (step +1) ``n``."""
    p = n + step
    while p > 2 and not _prime(p):
        p += step
    return max(p, 2)


def boundary_sizes(most: int, least: int = 1) -> list[tuple[int, str]]:
    """Every boundary size in [least, most] and how it derives: multiples of 16/32/64/128 (x1..x4), each exact,
    -1, +1, or the nearest prime below or above."""
    out = {}
    for base in BASES:
        for mult in range(1, 5):
            v = base * mult
            for size, how in ((v, f"{v}"), (v - 1, f"{v}-1"), (v + 1, f"{v}+1"),
                              (near_prime(v, -1), f"prime below {v}"), (near_prime(v, 1), f"prime above {v}")):
                if least <= size <= most:
                    out.setdefault(size, how)
    return sorted(out.items())


def draw_boundary(ch: Chooser, most: int, least: int = 1) -> tuple[int, str]:
    options = boundary_sizes(most, least)
    if not options:
        raise WorkloadError(f"no boundary size in [{least}, {most}]")  # the generator redraws
    return ch.choice(options)


def boundary_shape(ch: Chooser, kind: str, fixed: dict, drawn: dict, last: str) -> Shape | None:
    """``fixed`` dims as given, each of ``drawn`` ({dim: (least, most)}) a boundary size, then ``last`` (the dim
    that scales; a conv's ``h``, with ``w`` the same) a boundary size among those that fit, or None where none
    fits."""
    d, how = dict(fixed), []
    for key, (least, most) in drawn.items():
        d[key], why = draw_boundary(ch, most, least)
        how.append(f"{key}={d[key]} ({why})")
    def at(v: int) -> dict:
        return {**d, last: v, **({"w": v} if last == "h" else {})}  # a conv's image is square
    options = [(v, why) for v, why in boundary_sizes(512) if _fits(at(v), kind)]
    if not options:
        return None
    v, why = ch.choice(options)
    d = at(v)
    how.append(f"{'h=w' if last == 'h' else last}={v} ({why})")
    return Shape(d, "boundary", ", ".join(how))
