"""A fuzz campaign: generate cases from a seed, run them on worker lanes, save findings.

Case ``i`` of a campaign with seed ``S`` is ``generate(case_seed(S, i), space, swarm)``, so any
case replays from the campaign seed and its index, and every finding is also
saved fully materialized (``findings/<name>/case.json``, its swarm switches included) with
each configuration's result and lowered source.  Files are written atomically.  With
``avoid_known`` the swarm gains a pin each time a known bucket's statistics name a feature to
avoid (``fuzz/campaign/masking.py``): later cases depend on the campaign's progress, and their files
record what was switched off.  With ``avoid_corpus`` a case the corpus's known bugs predict is drawn again from
the next seed of its index's stream (``fuzz/campaign/avoid.py``): the state row records the seed it was drawn from.
Lanes take cases in groups of ``batch``: one compile per group where a frontend batches
(``fuzz/execute/batch.py``), with the verdicts each case gets alone.
``claim`` is everything a driver checks before it writes (the cluster answers, ``out`` is new, empty or a
campaign) and then the campaign's one-driver lock (``fuzz/campaign/state.py``); ``run`` holds it throughout.
A run that ``budget_s`` stops with cases left records a ``budget`` event before ``finish`` (``stopped_early``).
"""
from __future__ import annotations

import contextlib
import inspect
import json
import queue
import random
import threading
import time
from collections import Counter
from dataclasses import KW_ONLY, astuple, dataclass
from pathlib import Path
from typing import Callable

from fuzz.campaign import avoid, masking
from fuzz.campaign import state as state_mod
from fuzz.campaign.stats import Bucket, Stats, row_of  # noqa: F401  (campaign.Stats, as before)
from fuzz.case.values import with_digests
from fuzz.case.workload import dumps
from fuzz.execute import budget
from fuzz.execute.backend import Config
from fuzz.execute.batch import iter_batch
from fuzz.execute.isolate import InternalError, Lane, LaneClosed, contained
from fuzz.execute.runner import Timeouts, run_case
from fuzz.generate.generator import SPACES, generate
from fuzz.generate.swarm import FULL, Swarm
from fuzz.judge import signature as sig
from fuzz.judge.oracle import Verdict
from fuzz.judge.results import CaseReport
from fuzz.store import atomic_write, folder_name, inside, write_json


@dataclass(frozen=True)
class Settings:
    cases: int
    seed: int
    out: Path
    configs: tuple[Config, ...]
    _: KW_ONLY  # the rest only by name: a campaign's settings are read back from JSON (resume_settings)
    jobs: int = 1
    timeouts: Timeouts = Timeouts()
    compile_only: frozenset[str] = frozenset()  # configurations compiled but not run here
    budget_s: float | None = None  # stop starting cases after this many seconds (resume continues)
    cluster: str | None = None  # a Dask scheduler address: run the cases there (fuzz/campaign/cluster.py)
    space: str = "default"  # the generator's Space (fuzz/generate/generator.py)
    corpus: str | None = None  # absolute path of the corpus whose findings mark buckets known (status, masking)
    swarm: Swarm = Swarm()  # per-case feature draws and the campaign's pins (fuzz/generate/swarm.py)
    avoid_known: bool = False  # switch off features tied to known buckets as the campaign learns them
    avoid_corpus: bool = False  # draw again a case the corpus's known bugs predict (fuzz/campaign/avoid.py)
    batch: int = 1  # cases per group a lane compiles together where a frontend batches (fuzz/execute/batch.py); 1: off
    run_on: tuple[tuple[str, str], ...] = ()  # (configuration, worker resource): compiled anywhere, run on a worker
    #                                            declaring the resource (fuzz/campaign/cluster.py; with cluster only)
    real_configs: int = budget.DEFAULT  # configurations a real-size case runs on (fuzz/execute/budget.py); 0: all

    def __post_init__(self):  # an override of case or drawn (tests' fixed cases) without swarm failed every draw,
        for name in ("case", "drawn"):  # each a "generator bug" of a campaign that still finished: refuse it here
            try:
                inspect.signature(getattr(self, name)).bind(0, self.swarm)
            except TypeError:
                raise TypeError(f"{type(self).__name__}.{name} must take (index or seed, swarm=None): the campaign "
                                "passes the swarm it steered to") from None

    def case(self, index: int, swarm: Swarm | None = None):
        return self.drawn(case_seed(self.seed, index), swarm)

    def drawn(self, seed: int, swarm: Swarm | None = None):
        return generate(seed, SPACES[self.space], swarm or self.swarm)

    def skipped(self, case) -> frozenset[str]:  # the configurations a real-size case does not run on
        return budget.outside(case, list(self.configs), self.real_configs, self.compile_only)

    def known(self) -> dict:
        return sig.known(self.corpus) if self.corpus and Path(self.corpus).is_dir() else {}


def case_seed(seed: int, index: int) -> int:
    return random.Random(f"kernelfuzz:{seed}:{index}").getrandbits(31)


def _slug(name: str) -> str:
    return folder_name(name)


def save_finding(out: Path, report: CaseReport) -> Path:
    """The case (run_case put every drawn schedule in it), its results and each lowered source."""
    folder = inside(out, "findings", _slug(report.case.name))
    atomic_write(folder / "case.json", dumps(with_digests(report.case)))
    write_json(folder / "results.json", [r.summary() for r in report.results])
    for r in report.results:
        if r.source:
            ext = ".mlir" if r.config.startswith("iree") else ".py"
            atomic_write(inside(folder, f"{_slug(r.config)}{ext}"), r.source)
    return folder


def _settings_json(settings: Settings) -> dict:
    return {"cases": settings.cases, "seed": settings.seed, "jobs": settings.jobs,
            "timeouts": list(astuple(settings.timeouts)),
            "configs": state_mod.configs_to_json(settings.configs), "compile_only": sorted(settings.compile_only),
            "cluster": settings.cluster, "space": settings.space, "corpus": settings.corpus,
            "swarm": settings.swarm.to_json(), "avoid_known": settings.avoid_known,
            "avoid_corpus": settings.avoid_corpus, "batch": settings.batch,
            "run_on": [list(p) for p in settings.run_on], "real_configs": settings.real_configs}


def resume_settings(out: Path) -> Settings:
    """The settings a campaign in ``out`` was started with (the inverse of ``_settings_json``)."""
    st = state_mod.open_existing(out)
    try:
        j = st.settings()
    finally:
        st.close()
    return Settings(cases=j["cases"], seed=j["seed"], out=out, configs=state_mod.configs_from_json(j["configs"]),
                    jobs=j["jobs"], timeouts=Timeouts(*j["timeouts"]), compile_only=frozenset(j["compile_only"]),
                    cluster=j.get("cluster"), space=j.get("space", "default"), corpus=j.get("corpus"),
                    swarm=Swarm.from_json(j["swarm"]) if "swarm" in j else FULL,  # before swarm: every feature
                    avoid_known=j.get("avoid_known", False), avoid_corpus=j.get("avoid_corpus", False),
                    batch=j.get("batch", 1), run_on=tuple(tuple(p) for p in j.get("run_on", [])),
                    real_configs=j.get("real_configs", 0))  # before the budget: every configuration


@contextlib.contextmanager
def claim(settings: Settings, resume: bool = False):
    """Hold the campaign for one driver (re-entrant); first, before anything is written, raise ``ClusterError`` for
    a scheduler that does not answer and ``StateError`` for an ``out`` that holds something else or, for a new
    campaign, a campaign's recorded cases, or a campaign another driver runs (``state.Busy``)."""
    if not state_mod.holding(settings.out):
        if settings.cluster:
            from fuzz.campaign import cluster
            cluster.reach(settings.cluster)
            if settings.run_on:
                cluster.check_runners(settings.cluster, {r for _, r in settings.run_on})
        if not resume:
            state_mod.check_new(settings.out)
    with state_mod.driving(settings.out):
        if not resume:
            state_mod.check_unstarted(settings.out)
        yield


def run(settings: Settings, on_report: Callable[[int, CaseReport], None] = lambda i, r: None,
        resume: bool = False, on_steer: Callable[[str], None] = lambda message: None) -> Stats:
    """Run (or, with ``resume``, continue) the campaign; the SQLite state is the only record of progress.
    ``on_steer`` hears each feature ``avoid_known`` switches off, and why; with ``avoid_corpus``, what the corpus
    taught and each case drawn again.  Raises as ``claim`` does."""
    with claim(settings, resume):
        return _run(settings, on_report, resume, on_steer)


def _run(settings: Settings, on_report, resume: bool, on_steer) -> Stats:
    state = state_mod.State(settings.out)
    stats = Stats()
    steer = masking.Steering(settings.swarm, settings.known()) if settings.avoid_known else None
    try:
        done = state.done()  # a new campaign's out holds none (claim: state.check_new)
        state.save_settings(_settings_json(settings))  # on resume too: --cases may have extended the campaign
        for row in state.rows():
            stats.add(row)
        state.event("resume" if resume else "start", f"{len(done)} of {settings.cases} cases already done")
        draws = _Draws(settings, steer, _learned(settings, state, on_steer) if settings.avoid_corpus else None)

        def report(i: int, r: CaseReport) -> None:
            note = draws.avoidance.note(i) if draws.avoidance else None
            if note:
                state.event("redraw", note)
                on_steer(note)
            if steer:
                _steer(steer, stats, state, on_steer)
            on_report(i, r)
        if steer:
            _steer(steer, stats, state, on_steer)
        try:
            ran_out = _run_cases(settings, [i for i in range(settings.cases) if i not in done], state, stats, report,
                                 draws)
        except KeyboardInterrupt as e:  # SIGINT, or SIGTERM (fuzz/cli/exits.py): the cases in flight are abandoned
            state.event(state_mod.INTERRUPTED, f"{type(e).__name__} after {stats.cases} of {settings.cases} cases")
            raise
        if ran_out:
            state.event("budget", f"stopped at its time budget ({settings.budget_s:g} s) after {stats.cases} of "
                                  f"{settings.cases} cases")
        state.event("finish", f"{stats.cases} cases")
    finally:
        state.close()
    _write_summary(settings, stats, draws.avoidance)
    return stats


class _Draws:
    """Case ``i`` as the campaign draws it now (the swarm ``avoid_known`` has steered to; drawn again where the
    corpus predicts a known bug, ``avoid_corpus``), and the seed each case was drawn from."""

    def __init__(self, settings: Settings, steer: masking.Steering | None, avoidance: avoid.Avoidance | None):
        self.settings, self.steer, self.avoidance = settings, steer, avoidance

    def __call__(self, i: int):
        swarm = self.steer.swarm if self.steer else self.settings.swarm
        if self.avoidance is None:
            return self.settings.case(i, swarm)
        candidates = avoid.seeds(case_seed(self.settings.seed, i), self.settings.seed, i)
        return self.avoidance.draw(i, candidates, lambda s: self.settings.drawn(s, swarm))

    def seed(self, i: int) -> int:
        drawn = self.avoidance.seed_of(i) if self.avoidance else None
        return case_seed(self.settings.seed, i) if drawn is None else drawn


def _learned(settings: Settings, state, on_steer) -> avoid.Avoidance:
    """What the corpus predicts for this campaign's configurations and generator, said and recorded."""
    learned = avoid.learn(settings.corpus and Path(settings.corpus), settings.configs, settings.drawn)
    state.event("avoid", learned.describe())
    on_steer(learned.describe())
    return learned


def _steer(steer: masking.Steering, stats: Stats, state, on_steer) -> None:
    for message in steer.update(stats):
        state.event("avoid", message)
        on_steer(message)


def _write_summary(settings: Settings, stats: Stats, avoidance: avoid.Avoidance | None) -> None:
    known = settings.known()
    write_json(settings.out / "summary.json",
               {"seed": settings.seed, "cases": stats.cases, "cases_with_findings": stats.findings,
                "compile_divergent_cases": stats.divergent, "swarm": settings.swarm.to_json(),
                "buckets": [vars(b) for b in stats.buckets.values()],
                "configs": stats.table(), "masking": stats.mask.summary(known),
                "reached": stats.reach.table(),
                "features": masking.feature_rows(stats, known), "verdict_names": [v.value for v in Verdict],
                "avoidance": avoidance.summary() if avoidance else None})


def _finish_case(settings: Settings, i: int, report: CaseReport, state, stats: Stats, on_report, seed: int) -> None:
    if report.findings:
        save_finding(settings.out, report)  # files first: the state row then points at them
    row = row_of(i, seed, report)
    state.record(row)
    stats.add(row)
    on_report(i, report)


def _run_on_cluster(settings: Settings, todo: list[int], state, stats: Stats, on_report, case_of) -> bool:
    from fuzz.campaign import cluster
    deadline = None if settings.budget_s is None else time.time() + settings.budget_s
    for i, report in cluster.run_cases(settings.cluster, settings, todo, case_of):
        if deadline is not None and time.time() > deadline:
            return True  # out of budget: the rest stay unrecorded, so --resume runs them
        _finish_case(settings, i, report, state, stats, on_report, case_of.seed(i))
    return False


def _drawn(case_of, index: int):
    """The case at ``index``, or the generator's error as text: one case the generator cannot draw (a bug of
    kernelfuzz's, found by a campaign) is left unrecorded and named in the events, not the end of the campaign."""
    try:
        return contained(case_of, index)
    except InternalError as e:
        return str(e.__cause__) if isinstance(e.__cause__, RuntimeError) else str(e)


def _decided(lane: Lane, settings: Settings, drawn: list, tally: Counter):
    """("case", index, report) per case of the group, or ("lost", index, "internal", why) for a case kernelfuzz itself failed
    on (preparing, judging: an exception is a bug of kernelfuzz's): recorded against that case, never the end of the
    campaign.  When the group fails as a whole, its undecided cases are decided one by one, so one bad case costs
    only itself.  A closed lane (the campaign stopping) ends the group: its undecided cases stay unrecorded."""
    done = set()
    try:
        decided = iter_batch(lane, [c for _, c in drawn], list(settings.configs), settings.timeouts,
                             settings.compile_only, tally, [settings.skipped(c) for _, c in drawn])
        while (item := contained(next, decided, None, expected=(LaneClosed,))) is not None:
            done.add(item[0])
            yield "case", drawn[item[0]][0], item[1]  # recorded now: a group of slow cases shows progress
        return
    except InternalError:  # decided alone below, where the failure is pinned to its case
        pass
    for k, (i, case) in enumerate(drawn):
        if k in done:
            continue
        try:
            yield "case", i, contained(run_case, lane, case, list(settings.configs), settings.timeouts,
                                       settings.compile_only, settings.skipped(case), expected=(LaneClosed,))
        except InternalError as e:
            yield "lost", i, "internal", f"{case.name}: {e}"


def groups(todo: list[int], batch: int, jobs: int) -> list[list[int]]:
    """``todo`` in groups of at most ``batch``, as many groups as give every lane the same number of them."""
    count = min(-(-len(todo) // batch // jobs) * jobs, len(todo))  # ceilings: whole groups, whole rounds
    size = -(-len(todo) // count) if todo else 1
    return [todo[k:k + size] for k in range(0, len(todo), size)]


def _run_cases(settings: Settings, todo: list[int], state, stats: Stats, on_report, case_of) -> bool:
    """Decide and record the cases of ``todo``; True when the budget left some of them unstarted.  Interrupted
    (``KeyboardInterrupt``, SIGTERM's included), it closes the lanes at once, abandoning the cases in flight
    (unrecorded: ``--resume`` runs them), and re-raises."""
    if settings.cluster:
        return _run_on_cluster(settings, todo, state, stats, on_report, case_of)
    work = _Work(settings, case_of, groups(todo, settings.batch, settings.jobs))
    lanes: list[Lane] = []
    try:
        for k in range(settings.jobs):
            lanes.append(Lane.for_configs(settings.configs, str(settings.out / "lanes" / f"lane{k}")))
            threading.Thread(target=work.lane, args=(lanes[-1],), name=f"kernelfuzz-lane{k}", daemon=True).start()
        return _record(settings, work, state, stats, on_report)
    finally:
        work.stop.set()
        for lane in lanes:
            lane.close()  # kills a compile or run in flight: a stopped campaign leaves no process behind


def _record(settings: Settings, work: "_Work", state, stats: Stats, on_report) -> bool:
    """Record what the lanes decide, on this thread (the state's SQLite connection lives here), until every group
    has ended; then raise the first error a lane met (after everything decided was recorded)."""
    ended, skipped, errors = 0, False, []
    while ended < len(work.groups):
        kind, *item = work.decided.get()
        if kind == "case":
            _finish_case(settings, item[0], item[1], state, stats, on_report, work.case_of.seed(item[0]))
        elif kind == "lost":  # kernelfuzz's own bug: the campaign goes on, the event names the case
            state.event(item[1], f"case {item[0]}: {item[2]}")
        elif kind == "error":
            errors.append(item[0])
        else:
            ended += 1
            tally, ran = item
            if tally:  # what batching and its failure attribution cost (tests/bench.py reads it)
                state.event("batch", json.dumps(tally))
            if ran:
                work.unrecorded.release()
            skipped |= not ran
    if errors:
        raise errors[0]
    return skipped


class _Work:
    """The groups of a campaign's run and what its lane threads share: each thread takes the next group, draws
    its cases once its previous group is recorded (so what the statistics learn, avoid_known, reaches the next
    draw), decides them on its lane and puts each decision on ``decided``, in the order the driver records them.
    ``stop`` ends every thread at its next step; the driver closes the lanes, which ends a call in flight."""

    def __init__(self, settings: Settings, case_of, groups: list[list[int]]):
        self.settings, self.case_of, self.groups = settings, case_of, groups
        self.todo: queue.SimpleQueue = queue.SimpleQueue()
        for g in groups:
            self.todo.put(g)
        self.decided: queue.Queue = queue.Queue()  # ("case", i, report), ("lost", ...), ("error", e), ("group", ...)
        self.unrecorded = threading.Semaphore(settings.jobs)
        self.stop = threading.Event()
        self.deadline = None if settings.budget_s is None else time.time() + settings.budget_s

    def lane(self, lane: Lane) -> None:
        while not self.stop.is_set():
            try:
                indexes = self.todo.get_nowait()
            except queue.Empty:
                return
            try:
                contained(self._group, lane, indexes, expected=(LaneClosed,))
            except LaneClosed:
                return  # the campaign is stopping: nothing of this group is recorded
            except InternalError as e:  # handed to the driver's thread, which raises it once the rest is recorded
                self.decided.put(("error", e))
                self.decided.put(("group", Counter(), True))

    def _group(self, lane: Lane, indexes: list[int]) -> None:
        tally: Counter = Counter()
        if self.deadline is not None and time.time() > self.deadline:
            self.decided.put(("group", tally, False))  # out of budget: left unrecorded, so --resume runs them
            return
        while not self.unrecorded.acquire(timeout=0.5):
            if self.stop.is_set():
                return
        drawn = [(i, _drawn(self.case_of, i)) for i in indexes]
        for i, case in drawn:
            if isinstance(case, str):
                self.decided.put(("lost", i, "generator", case))
        drawn = [(i, case) for i, case in drawn if not isinstance(case, str)]
        for item in _decided(lane, self.settings, drawn, tally):
            if self.stop.is_set():
                raise LaneClosed("the campaign is stopping")
            self.decided.put(item)  # recorded now: a group of slow cases shows progress
        self.decided.put(("group", tally, True))
