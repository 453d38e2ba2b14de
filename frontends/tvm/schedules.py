"""TVM schedules: how a lowered PrimFunc is transformed before ``tvm.compile``.

Every non-default schedule produces a MetaSchedule trace, stored in the case
as JSON (``Case.schedules``) and re-applied exactly on replay, so a finding
replays to the identical program in any process.  ``SCHEDULES`` names them:

* ``default``: TE's schedule, untuned.
* ``sampled``: a schedule drawn at random from MetaSchedule's design space for
  the target (post-order-apply + the target's postprocessors), seeded.
* ``tuned``: real ``tune_tir`` with a trial budget (opt-in: minutes per case).
* ``dlight``: TVM's default GPU schedules (thread binding), for GPU targets.
* schedule mutations that real tuning produces, applied to every block where
  they apply: ``reorder-reduction``, ``hoist-reduction``,
  ``split-vectorize-parallel``, ``hvx-vectorize``,
  ``hvx-fuse-vectorize``, ``cache-write``, ``rfactor``, ``compute-at``.

A primitive that does not apply to a block (``ScheduleError``) is skipped: an
inapplicable mutation is not a finding.  Errors from ``tvm.compile`` after a
valid schedule are.  Their one-line descriptions are ``tvm_frontend.SCHEDULES``.
"""
from __future__ import annotations

import json
import tempfile
import zlib
from dataclasses import replace

import tvm
from tvm import s_tir

from fuzz.case.workload import Case, dumps

TUNE_TRIALS = 16  # default trial budget of `tuned`; a configuration's second flag overrides it
_DATA_PAR, _REDUCE = 0, 2


def plain(x):
    """A trace's JSON (TVM containers, IntImm, FloatImm) as plain Python for json.dumps."""
    if isinstance(x, (str, int, float, bool)) or x is None:
        return x
    name = type(x).__name__
    if name in ("IntImm", "FloatImm"):
        return x.value
    if name in ("String", "str"):
        return str(x)
    if hasattr(x, "items"):
        return {str(k): plain(v) for k, v in x.items()}
    if hasattr(x, "__iter__"):
        return [plain(v) for v in x]
    return x


def trace_json(sch: s_tir.Schedule) -> str:
    return json.dumps(plain(sch.trace.as_json()), separators=(",", ":"))


def replay(mod: tvm.IRModule, trace: str) -> tvm.IRModule:
    sch = s_tir.Schedule(mod)
    s_tir.Trace.apply_json_to_schedule(json.loads(trace), sch)
    return sch.mod


def seed_for(case, config_name: str) -> int:
    """The draw of a sampled or tuned schedule: from the program alone (inputs, ops, outputs), not from how it
    was saved or named (digests, traces, name, note, expectations), so a saved or renamed finding redraws the
    same schedule."""
    canonical = Case(tuple(replace(t, values=replace(t.values, sha256=None)) for t in case.inputs), case.ops,
                     case.outputs)
    return zlib.crc32(f"{config_name}\n{dumps(canonical)}".encode()) % (2**31 - 2) + 1


def _blocks(sch: s_tir.Schedule):
    root = sch.get_sblock("root")
    return list(sch.get_child_blocks(root))


def _split_loops(sch: s_tir.Schedule, block):
    """(spatial loops, reduction loops) of a TE block, whose loops follow its iter vars in order."""
    loops = sch.get_loops(block)
    kinds = [int(iv.iter_type) for iv in sch.get(block).iter_vars]
    if len(loops) != len(kinds):
        return loops, []
    return ([lp for lp, k in zip(loops, kinds) if k == _DATA_PAR],
            [lp for lp, k in zip(loops, kinds) if k == _REDUCE])


def _extent(sch: s_tir.Schedule, loop) -> int:
    e = sch.get(loop).extent
    return int(e.value) if hasattr(e, "value") else -1


def _each_block(sch: s_tir.Schedule, fn) -> s_tir.Schedule:
    for block in _blocks(sch):
        try:
            fn(sch, block)
        except (s_tir.ScheduleError, RuntimeError, ValueError):
            pass  # the mutation does not apply to this block
    return sch


def _reorder_reduction(sch, block):
    sp, red = _split_loops(sch, block)
    if len(red) == 1 and _extent(sch, red[0]) >= 4:
        red = list(sch.split(red[0], [None, 2]))
    if len(red) >= 2:
        sch.reorder(*sp, *reversed(red))


def _hoist_reduction(sch, block):
    sp, red = _split_loops(sch, block)
    if red and sp:
        sch.reorder(*red, *sp)


def _split_vectorize_parallel(sch, block):
    sp, red = _split_loops(sch, block)
    if not sp:
        return
    if len(sp) >= 2:
        sch.parallel(sch.fuse(*sp[:-1]))
    if _extent(sch, sp[-1]) >= 8:
        _, inner = sch.split(sp[-1], [None, 4])
        if red:
            sch.reorder(*red, inner)
        sch.vectorize(inner)


def _hvx_lanes(sch, block) -> int:
    """Elements of the block's output dtype in one 128-byte (1024-bit) HVX register."""
    from frontends.tvm.compat import region_buffer
    return 1024 // tvm.DataType(str(region_buffer(sch.get(block).writes[0]).dtype)).bits


def _hvx_vectorize(sch, block):
    """Vectorize the innermost spatial loop by one full 128-byte HVX register where it divides."""
    sp, red = _split_loops(sch, block)
    if not sp:
        return
    lanes = _hvx_lanes(sch, block)
    if _extent(sch, sp[-1]) % lanes:
        return _split_vectorize_parallel(sch, block)
    _, inner = sch.split(sp[-1], [None, lanes])
    if red:
        sch.reorder(*red, inner)
    sch.vectorize(inner)


def _hvx_fuse_vectorize(sch, block):
    """TOPI's Hexagon injective schedule (topi.hexagon.schedule_injective): an elementwise block's loops fused
    into one, split by a 128-byte HVX register and the inner part vectorized (the whole loop when shorter).  A
    symbolic extent (a dynamic dim) is split too: TVM vectorizes only constant extents on a fixed-width target."""
    sp, red = _split_loops(sch, block)
    if red or not sp:
        return
    lanes = _hvx_lanes(sch, block)
    fused = sch.fuse(*sp) if len(sp) > 1 else sp[0]
    if _extent(sch, fused) > lanes or _extent(sch, fused) < 0:
        fused = sch.split(fused, [None, lanes])[1]
    sch.vectorize(fused)


def _cache_write(sch, block):
    if _split_loops(sch, block)[1]:
        sch.cache_write(block, 0, "global")


def _rfactor(sch, block):
    _, red = _split_loops(sch, block)
    if red and _extent(sch, red[-1]) >= 2:
        _, inner = sch.split(red[-1], [None, 2])
        sch.rfactor(inner, 0)


def _compute_at_consumer(sch, block):
    """Split the outermost spatial loop longer than 1 by 2 and move the block's one consumer under its outer
    half, as MetaSchedule's multi-level tiling fuses consumers (reverse_compute_at)."""
    consumers = sch.get_consumers(block)
    sp = [lp for lp in _split_loops(sch, block)[0] if _extent(sch, lp) >= 2]
    if len(consumers) != 1 or not sp:
        return
    outer, _ = sch.split(sp[0], [None, 2])
    sch.reverse_compute_at(consumers[0], outer)


MUTATIONS = {"reorder-reduction": _reorder_reduction, "hoist-reduction": _hoist_reduction,
             "split-vectorize-parallel": _split_vectorize_parallel, "hvx-vectorize": _hvx_vectorize,
             "hvx-fuse-vectorize": _hvx_fuse_vectorize,
             "cache-write": _cache_write, "rfactor": _rfactor, "compute-at": _compute_at_consumer}


def _sampled(mod: tvm.IRModule, target: tvm.target.Target, seed: int) -> s_tir.Schedule:
    from tvm.s_tir import meta_schedule as ms

    ctx = ms.TuneContext(mod=mod, target=target, space_generator="post-order-apply",
                         search_strategy=ms.search_strategy.ReplayTrace(), rand_state=seed)
    spaces = ctx.generate_design_space()
    for attempt in range(16):  # a draw whose postprocessors fail is redrawn with the next seed
        s = seed + attempt
        sch = s_tir.Schedule(mod, seed=s % (2**31 - 2) + 1)
        spaces[s % len(spaces)].trace.apply_to_schedule(
            sch, remove_postproc=True, decision_provider=lambda inst, inputs, attrs, decision: None)
        if all(p.apply(sch) for p in ctx.space_generator.postprocs):
            return sch
    return s_tir.Schedule(mod)


def _tuned(mod: tvm.IRModule, target: tvm.target.Target, seed: int, trials: int) -> s_tir.Schedule:
    from tvm.s_tir import meta_schedule as ms

    with tempfile.TemporaryDirectory(prefix="kernelfuzz-tune-") as work_dir:
        database = ms.tir_integration.tune_tir(mod, target, work_dir, max_trials_global=trials,
                                               num_trials_per_iter=4, cost_model="random", seed=seed)
        sch = ms.tir_integration.compile_tir(database, mod, target)
    return sch if sch is not None else s_tir.Schedule(mod)


def dlight_rules() -> list:
    """dlight's GPU rules in the order ``dlight`` tries them (the first that schedules a PrimFunc is applied)."""
    import tvm.s_tir.dlight as dl

    return [dl.gpu.Matmul(), dl.gpu.GEMV(), dl.gpu.Reduction(), dl.gpu.GeneralReduction(), dl.gpu.Fallback()]


def _dlight(mod: tvm.IRModule, target: tvm.target.Target) -> s_tir.Schedule:
    import tvm.s_tir.dlight as dl

    with target:
        scheduled = dl.ApplyDefaultSchedule(*dlight_rules())(mod)
    return scheduled


def schedule(mod: tvm.IRModule, name: str, target: tvm.target.Target, seed: int,
             trace: str | None = None, trials: int = TUNE_TRIALS) -> tuple[tvm.IRModule, str | None]:
    """The scheduled module and its trace (None for default and dlight)."""
    if trace is not None:
        return replay(mod, trace), trace
    if name == "default":
        return mod, None
    if name == "dlight":
        return _dlight(mod, target), None
    if name == "sampled":
        sch = _sampled(mod, target, seed)
    elif name == "tuned":
        sch = _tuned(mod, target, seed, trials)
    else:
        sch = _each_block(s_tir.Schedule(mod), MUTATIONS[name])
    return sch.mod, trace_json(sch)
