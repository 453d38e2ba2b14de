"""What the commands share: configuration selection, swarm options, the console, case files, the corpus."""
from __future__ import annotations

from pathlib import Path

import click

DEFAULT_CONFIGS = "*"
DEFAULT_RUN_TIMEOUT = 120.0  # seconds; a simulated run's limit is a multiple of it
DEFAULT_BATCH = 16  # cases per IREE compile: `make bench` (section batch) measured 8 and 16
SECONDS = click.FloatRange(min=0, min_open=True)


class BadInput(click.ClickException):
    """A one-line error (no usage banner) with the usage-error status 2: input the command cannot use."""

    exit_code = 2


def select(pattern: str, gaps_only_ok: bool = False):
    """The frontend registry's selection for --configs, or a clear usage error (``gaps_only_ok``: a selection whose
    every configuration the installed release cannot build is returned, for replay to record so)."""
    import fnmatch

    from fuzz.execute import registry

    sel = registry.select(pattern)
    if sel.unmatched:
        raise click.UsageError(_unmatched(pattern, sel.unmatched, [c.name for c in registry.all_configs()]))
    for name, why in sel.skipped:
        click.echo(f"kernelfuzz: skipping {name}: {why}", err=True)
    if not sel.configs and not (gaps_only_ok and release_gaps(sel)):
        globs = [g.strip() for g in pattern.split(",") if g.strip()]
        opt_in = [c.name for c in registry.all_configs() if c.opt_in and any(fnmatch.fnmatchcase(c.name, g)
                                                                              for g in globs)]
        if opt_in:
            raise click.UsageError(f"--configs {pattern!r} matches only opt-in configurations ({', '.join(opt_in)}), "
                                   f"which are selected only by their exact name: --configs {opt_in[0]}")
        raise click.UsageError(f"no configuration selected by --configs {pattern!r} is available here")
    return sel


def release_gaps(sel) -> dict[str, str]:
    """The skipped configurations the installed release (an older one, ``--releases``) cannot build, with why."""
    from fuzz.execute import registry
    from fuzz.replay.replay import release_gap

    by_name = {c.name: c for c in registry.all_configs()}
    return {name: gap for name, _ in sel.skipped if name in by_name and (gap := release_gap(by_name[name]))}


def _unmatched(pattern: str, globs: tuple[str, ...], names: list[str]) -> str:
    """The globs of --configs that match nothing (typos), each with the names closest to it, in one line."""
    import difflib

    families = sorted({n.split(":", 1)[0] + ":*" for n in names})  # a mistyped glob is closest to a family's
    said, hinted = [], False
    for glob in globs:
        close = difflib.get_close_matches(glob, names + (families if "*" in glob else []), n=3, cutoff=0.6)
        said.append(f"{glob!r} matches no configuration" + (f" (did you mean {', '.join(close)}?)" if close else ""))
        hinted |= bool(close)
    hint = "`kernelfuzz configs` lists them" if hinted else f"choose from: {', '.join(names)}"
    return f"--configs {pattern!r}: {'; '.join(said)}; {hint}"


def swarm_options(command):
    """--swarm, --without and --only, the same for `generate` and `fuzz` (parsed by ``swarm``)."""
    for option in reversed((
            click.option("--swarm", "swarm_mode", type=click.Choice(["on", "off"]), default="on", show_default=True,
                         help="on: each case switches generator features off at random (recorded in the case); "
                              "off: every feature on in every case (no per-case draw)."),
            click.option("--without", default="", help="Comma-separated features off for every case, e.g. "
                                                       "'reversed,offset' (`kernelfuzz features` lists them)."),
            click.option("--only", default="", help="Comma-separated features left as the only ones of their "
                                                    "group, e.g. 'conv,reduction' (kinds): each case draws one of "
                                                    "a group's values. Pins no case combines (int4 or attention "
                                                    "with another kind, float8 or dynamic shapes) are refused."))):
        command = option(command)
    return command


def swarm(mode: str, without: str, only: str):
    """The validated swarm; ``--only`` pins that no one case combines are refused (the feature table's
    ``excludes``, ``fuzz/generate/table.py``)."""
    import itertools

    from fuzz.generate import table
    from fuzz.generate.swarm import SwarmError, parse

    try:
        s = parse(mode == "on", without, only)
    except SwarmError as e:
        raise click.UsageError(str(e)) from None
    for a, b in itertools.combinations(s.only, 2):
        split = table.apart(a, b)
        if split:
            won, lost, why = split
            raise BadInput(f"--only {only}: no case combines {won} with {lost} ({why}); pin them in separate "
                           f"campaigns (--only {won}, then --only {lost})")
    return s


def warm_up_note(configs, say=lambda m: click.echo(m, err=True)) -> None:
    """Say what the worker lanes load before the first case can start (TVM's can take half a minute)."""
    from fuzz.execute.isolate import warm_up_notes

    for note in warm_up_notes(configs):
        say(f"kernelfuzz: loading {note}...")


def run_timeout_option(command):
    """``--run-timeout``, saying the longer limit of a simulated run (``frontends/devices/simulation.py``)."""
    from fuzz.execute.registry import run_timeout_factor

    RUN_TIMEOUT_FACTOR = run_timeout_factor()

    return click.option("--run-timeout", default=DEFAULT_RUN_TIMEOUT, show_default=True, type=SECONDS,
                        help=f"Seconds per run. A simulated configuration's run (`kernelfuzz configs` marks them) may "
                             f"take {RUN_TIMEOUT_FACTOR:g} times this ({DEFAULT_RUN_TIMEOUT * RUN_TIMEOUT_FACTOR:.0f} "
                             f"s by default); past its limit a run is a `timeout` verdict.")(command)


def _choose_device(ctx, param, value) -> None:
    if value is not None:  # set before any configuration is selected: availability and workers see it
        from fuzz import settings
        settings.put(settings.DEVICE, str(value))  # read by the frontends, in this process and in its workers


def device_option(command):
    """``--device N``: which GPU the device configurations use (recorded in each device result's facts)."""
    return click.option("--device", type=click.IntRange(min=0), default=None, expose_value=False, is_eager=True,
                        callback=_choose_device,
                        help="GPU index for device configurations (CUDA, HIP), among those CUDA_VISIBLE_DEVICES / "
                             "HIP_VISIBLE_DEVICES leave visible [default: 0]; recorded in each result's facts.")(command)


def console(min_width: int = 140):
    """Tables fit the terminal (at least ``min_width`` columns: a table that lays itself out for any width asks
    for 0); lines of text are never broken by us (soft wrap): a path or a command in a message stays one piece to
    copy, however long the folder a campaign runs in.  A closed pipe is the exit rule's to handle (``exits``), not
    rich's (its own exit 1)."""
    import shutil

    from rich.console import Console

    class _Console(Console):
        def on_broken_pipe(self) -> None:
            import errno
            raise BrokenPipeError(errno.EPIPE, "the reader of the output went away")

    return _Console(width=max(shutil.get_terminal_size((160, 40)).columns, min_width), soft_wrap=True)


def load_case(path: str):
    """Every command reads case files here (fuzz/casefile.py): a bad file is one line, never a traceback."""
    from fuzz.case.workload import WorkloadError
    from fuzz.casefile import load

    try:
        return load(path)
    except WorkloadError as e:
        raise BadInput(str(e)) from None


def default_corpus() -> Path | None:
    """./corpus when there is one, else the corpus of the checkout this kernelfuzz runs from."""
    for p in (Path("corpus"), Path(__file__).resolve().parents[2] / "corpus"):
        if (p / "findings").is_dir():
            return p.resolve()
    return None


def run_on(specs: tuple[str, ...], configs, cluster: str | None) -> tuple[tuple[str, str], ...]:
    """``--run-on GLOB=RESOURCE`` as (configuration, resource) pairs over the selected configurations, or one clear
    line: the split needs a cluster, each glob must match a selected configuration whose frontend can export."""
    import fnmatch
    import importlib

    if specs and not cluster:
        raise BadInput("--run-on sends runs to Dask workers: give --cluster tcp://HOST:8786 too, or drop --run-on")
    pairs = {}
    for spec in specs:
        pattern, _, resource = spec.partition("=")
        if not pattern or not resource.strip():
            raise BadInput(f"--run-on {spec!r}: write CONFIG=RESOURCE, e.g. --run-on iree:cpu-O2=cpu-device")
        chosen = [c for c in configs if fnmatch.fnmatchcase(c.name, pattern)]
        if not chosen:
            raise BadInput(f"--run-on {spec!r} matches no configuration selected by --configs")
        for c in chosen:
            frontend = importlib.import_module(c.module)
            if not hasattr(frontend, "export") or not getattr(frontend, "exports", lambda config: True)(c):
                raise BadInput(f"--run-on: {c.name}'s programs cannot be exported to a runner; drop it from --run-on")
            pairs[c.name] = resource.strip()
    return tuple(pairs.items())
