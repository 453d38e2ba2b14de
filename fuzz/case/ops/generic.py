"""The generic family: a linalg.generic-style loop nest.

Loop dims have sizes and iterator types; each input is read through a
quasi-affine map (``fuzz.case.ops.affine``: integer coefficients, an offset, and
``floordiv`` / ``mod`` terms, per input dim); the output is indexed by the
parallel dims in order.  The scalar ``body`` (``fuzz.case.ops.expr``) is evaluated
at every point with each op rounded to its own dtype; with reduction dims the
body values are combined by ``reduce`` (add/max/min) in the output dtype,
order unspecified.  linalg derives loop bounds from its operands, so every
reduction dim must be read plainly (``dK``) by some input.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from fuzz.case import untrusted as U
from fuzz.case.ops.affine import Affine, parse_affine
from fuzz.case.ops.base import DTYPES, check, check_points, names, op_name
from fuzz.case.ops.expr import V1_OPS, Expr, expr_dtype, expr_from_json, expr_ops, expr_to_json

REDUCE_OPS = ("add", "max", "min")
_KEYS = ("kind", "name", "inputs", "dims", "iterators", "maps", "body", "out"), ("reduce",)


@dataclass(frozen=True)
class Generic:
    name: str
    inputs: tuple[str, ...]
    dims: tuple[int, ...]
    iterators: tuple[str, ...]  # "parallel" | "reduction" per dim
    maps: tuple[tuple[Affine, ...], ...]  # per input, one (quasi-)affine result per input dim
    body: Expr
    out: str  # output (and accumulator) dtype
    reduce: str | None = None  # combiner when there are reduction dims
    kind: str = field(default="generic", init=False)

    @property
    def parallel(self) -> tuple[int, ...]:
        return tuple(i for i, t in enumerate(self.iterators) if t == "parallel")

    @property
    def reduction(self) -> tuple[int, ...]:
        return tuple(i for i, t in enumerate(self.iterators) if t == "reduction")

    def reduction_length(self, types: dict) -> int:
        n = 1
        for d in self.reduction:
            n *= self.dims[d]
        return n

    def version(self) -> int:
        quasi = any(a.divs for m in self.maps for a in m)
        return 2 if quasi or not expr_ops(self.body) <= set(V1_OPS) else 1

    def to_json(self) -> dict:
        return {"kind": "generic", "name": self.name, "inputs": list(self.inputs), "dims": list(self.dims),
                "iterators": list(self.iterators), "maps": [[str(a) for a in m] for m in self.maps],
                "body": expr_to_json(self.body), "out": self.out, "reduce": self.reduce}

    @staticmethod
    def from_json(j: dict, where: str) -> "Generic":
        U.fields(j, where, *_KEYS)
        inputs = names(j["inputs"], where + ".inputs", U.MAX_INPUTS)
        dims = U.integers(j["dims"], where + ".dims", 1, U.MAX_LOOP_POINTS, most=U.MAX_LOOPS)
        its, maps = j["iterators"], j["maps"]
        check(isinstance(its, list) and len(its) == len(dims),
              f"{where}.iterators: expected one per loop dim ({len(dims)}), got {U.show(its)}", "type")
        check(isinstance(maps, list) and len(maps) == len(inputs) and all(
            isinstance(m, list) and len(m) <= U.MAX_RANK for m in maps),
            f"{where}.maps: expected one list of affine expressions per input ({len(inputs)}), got {U.show(maps)}",
            "type")
        reduce = j.get("reduce")
        return Generic(op_name(j, where), inputs, dims,
                       tuple(U.text(t, f"{where}.iterators", ("parallel", "reduction")) for t in its),
                       tuple(tuple(parse_affine(a, len(dims), f"{where}.maps[{m}]") for a in amap)
                             for m, amap in enumerate(maps)),
                       expr_from_json(j["body"], where + ".body"), U.text(j["out"], where + ".out", DTYPES),
                       None if reduce is None else U.text(reduce, where + ".reduce", REDUCE_OPS))

    def result_type(self, types: dict) -> tuple[tuple[int, ...], str]:
        where = f"op {self.name!r}"
        check(len(self.dims) == len(self.iterators) and self.dims,
              f"{where}: dims and iterators must have the same non-zero length")
        check(all(n >= 1 for n in self.dims), f"{where}: loop sizes must be >= 1")
        check_points(self.dims, where)
        check(all(t in ("parallel", "reduction") for t in self.iterators),
              f"{where}: iterators must be parallel or reduction")
        check(len(self.maps) == len(self.inputs), f"{where}: {len(self.inputs)} inputs but {len(self.maps)} indexing maps")
        check(self.out in DTYPES, f"{where}: out dtype {self.out!r} is not one of {DTYPES}")
        for k, (name, amap) in enumerate(zip(self.inputs, self.maps)):
            _check_map(self, k, amap, types[name][0], name)
        check(self.parallel, f"{where}: needs at least one parallel dim (the output is indexed by them)")
        _check_plain_reads(self, types)
        body_t = expr_dtype(self.body, tuple(types[n][1] for n in self.inputs), f"{where} body")
        check(body_t == self.out, f"{where}: body has dtype {body_t} but out is {self.out}; end the body with a cast")
        if self.reduction:
            check(self.reduce in REDUCE_OPS, f"{where}: reduction dims need reduce in {REDUCE_OPS}, got {self.reduce!r}")
        else:
            check(self.reduce is None, f"{where}: reduce={self.reduce!r} given but no dim is a reduction")
        return tuple(self.dims[i] for i in self.parallel), self.out

    def describe(self) -> str:
        import json
        maps = "; ".join(", ".join(map(str, m)) for m in self.maps)
        return (f"generic dims {list(self.dims)} {''.join(t[0] for t in self.iterators)} maps [{maps}] "
                f"reduce {self.reduce} body {json.dumps(expr_to_json(self.body))}")


def _check_map(op: Generic, k: int, amap: tuple[Affine, ...], shape: tuple[int, ...], name: str) -> None:
    where = f"op {op.name!r}"
    check(len(amap) == len(shape), f"{where}: map {k} has {len(amap)} results but {name!r} has rank {len(shape)}")
    for d, (a, size) in enumerate(zip(amap, shape)):
        check(len(a.coeffs) == len(op.dims) and all(len(t.inner.coeffs) == len(op.dims) for t in a.divs),
              f"{where}: map {k} dim {d} has {len(a.coeffs)} coefficients for {len(op.dims)} loops")
        check(all(t.op in ("floordiv", "mod") and t.divisor >= 2 for t in a.divs),
              f"{where}: map {k} dim {d} ({a}) must divide by constants >= 2 with floordiv or mod")
        lo, hi = a.range(op.dims)
        check(lo >= 0 and hi < size, f"{where}: map {k} dim {d} ({a}) reads [{lo}, {hi}] outside {name!r} extent {size}")


def _check_plain_reads(op: Generic, types: dict) -> None:
    """linalg derives loop bounds from operands: every reduction dim must be read plainly, at its size."""
    where = f"op {op.name!r}"
    plain = {a.plain_dim: types[name][0][k] for name, amap in zip(op.inputs, op.maps) for k, a in enumerate(amap)
             if a.plain_dim is not None}
    for d in op.reduction:
        check(d in plain, f"{where}: reduction dim d{d} is never read as a plain d{d} by an input; linalg cannot bound it")
    for d, size in plain.items():
        check(size == op.dims[d], f"{where}: an input reads plain d{d} with extent {size} but the loop size is {op.dims[d]}")
