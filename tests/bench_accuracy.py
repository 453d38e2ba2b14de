"""Bench section accuracy: the worst error of exp, tanh, sigmoid, erf, sqrt and div per compiler (TVM llvm, IREE
llvm-cpu, TVM Hexagon under QEMU) and dtype, over every finite f16 input and 1.2 M f32 inputs, against the
accuracy each configuration's numerics profile declares.  It is where the budgets in fuzz/judge/profiles.py
come from; a row marked OUTSIDE means a declared budget no longer holds (a false alarm waiting to happen,
or a compiler whose accuracy changed)."""
from __future__ import annotations

import math

import numpy as np

import frontends
from fuzz.execute.isolate import Lane


def accuracy_inputs(dtype: str, op: str) -> np.ndarray:
    """Every finite f16 value, or 1.2 M f32 values (uniform in [-20, 20], log-uniform magnitudes 2^-30..2^5),
    within the op's domain and its finite range."""
    if dtype == "f16":
        x = np.arange(0x10000, dtype=np.uint32).astype(np.uint16).view(np.float16)
        x = x[np.isfinite(x) & (np.abs(x.astype(np.float64)) < 30)]
    else:
        rng = np.random.default_rng(0)
        mags = np.exp2(rng.uniform(-30, 5, 400_000)) * rng.choice([-1.0, 1.0], 400_000)
        x = np.concatenate([rng.uniform(-20, 20, 800_000), mags]).astype(np.float32)
    limit = {"exp": np.log(float(np.finfo(x.dtype).max)) - 0.5}.get(op)
    return x[np.abs(x.astype(np.float64)) < limit] if limit else x


def _accuracy_case(op: str, dtype: str, n: int):
    from fuzz.case import workload as W
    x = W.Expr("in", index=0)
    body = W.Expr(op, (x, W.Expr("add", (W.Expr("abs", (x,)), W.Expr("const", dtype=dtype, value=0.5))))) \
        if op == "div" else W.Expr(op, (W.Expr("abs", (x,)),) if op == "sqrt" else (x,))
    t = W.Tensor("x", (n,), dtype, W.ValueSpec("normal", 0))
    return W.Case((t,), (W.Generic("y", ("x",), (n,), ("parallel",), ((W.Affine((1,)),),), body, dtype),), ("y",))


def _exact(op: str, x: np.ndarray) -> np.ndarray:
    """The op's exact value; div's divisor |x| + 0.5 is rounded first, as the kernel computes it."""
    d = (np.abs(x) + x.dtype.type(0.5)).astype(np.float64)
    x = x.astype(np.float64)
    with np.errstate(over="ignore"):
        return {"exp": np.exp, "tanh": np.tanh, "sigmoid": lambda v: 1 / (1 + np.exp(-v)),
                "erf": np.vectorize(math.erf, otypes=[np.float64]), "sqrt": lambda v: np.sqrt(np.abs(v)),
                "div": lambda v: v / d}[op](x)


def accuracy_section(args) -> None:
    names = ("tvm:cpu", "iree:cpu-O2", "tvm:hexagon")
    configs = [c for c in frontends.select(",".join(names)).configs if c.name not in frontends.select("*").compile_only]
    print("\n== accuracy: worst error in ulps of the result, and the ulps of 1.0 still needed beyond the declared result"
          " ulps (<= the declared one_ulps: inside the budget)")
    sweep(configs)


def sweep(configs) -> None:
    """The accuracy rows of these (runnable) configurations, each under its own numerics profile."""
    from fuzz.case.workload import to_json
    from fuzz.judge import profiles
    lane = Lane.for_configs(configs)
    try:
        for cfg in configs:
            prof = profiles.get(cfg.profile)
            for dtype in ("f16", "f32"):
                for op in ("exp", "tanh", "sigmoid", "erf", "sqrt", "div"):
                    x = accuracy_inputs(dtype, op)
                    case = _accuracy_case(op, dtype, len(x))
                    c = lane.compile(cfg, to_json(case), 600)
                    r = lane.run(cfg, [x], 600) if c.status == "ok" else c
                    if r.status != "ok":
                        print(f"    {cfg.name:<14} {op:<8} {dtype}: {r.status} {r.message[:100]}")
                        continue
                    _accuracy_row(cfg.name, op, dtype, x, np.asarray(r.payload[0]), prof)
    finally:
        lane.close()


def _accuracy_row(config: str, op: str, dtype: str, x: np.ndarray, got: np.ndarray, prof) -> None:
    exact = _exact(op, x)
    ok = np.isfinite(exact) & (np.abs(exact) <= float(np.finfo(x.dtype).max))
    exact, got = exact[ok], got[ok].astype(np.float64)
    ulp = np.spacing(np.abs(exact).astype(x.dtype)).astype(np.float64)
    err = np.abs(got - exact)
    declared = (prof.exp_ulps, 0.0) if op == "exp" else (getattr(prof, op).ulps, getattr(prof, op).one_ulps) \
        if op in ("tanh", "sigmoid", "erf") else (0.5 + prof.div_sqrt_ulps, 0.0)
    one = float(np.spacing(x.dtype.type(1)))
    needed = max(0.0, float(((err - declared[0] * ulp) / one).max(initial=0.0)))
    print(f"    {config:<14} {op:<8} {dtype}: worst {float((err / ulp).max()):8.2f} ulps; beyond {declared[0]:g} ulps "
          f"needs {needed:.3f} ulp(1.0), declared {declared[1]:g}: {'ok' if needed <= declared[1] else 'OUTSIDE'}")
