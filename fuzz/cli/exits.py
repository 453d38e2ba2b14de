"""kernelfuzz's exit statuses: one rule for every command, applied here and nowhere else.

``RULE`` is the rule as ``--help`` and the README print it.  ``Main`` is the command group: around every command it
turns what the command raised into that status and one line on stderr:

- a refusal (``click.ClickException`` and the user errors of the engine, ``USER_ERRORS``): ``USAGE``, its message;
- SIGINT (Ctrl-C) or SIGTERM: ``INTERRUPTED``/``TERMINATED``, and how to continue where the command said how
  (``resume_hint``); a second signal while the command stops is ignored, so its clean-up (stopping the worker
  lanes) is not cut short;
- a closed standard output (the reader of a pipe went away: ``| head``): nothing more is written, on stdout or as a
  traceback; a command that only prints stops with ``NOTHING`` (the reader took what it wanted), one with a verdict
  (``VERDICTS``) with ``READER_GONE``, SIGPIPE's status (its verdict was never said), and a campaign's resume line;
- any other exception, a bug of kernelfuzz's own (``fuzz.execute.isolate.contained``): ``INTERNAL``, and the file
  its traceback was written to.

A command that ran says ``FOUND`` or ``NOTHING`` itself (``sys.exit``).
"""
from __future__ import annotations

import os
import signal
import sys
import tempfile
import threading

import click

NOTHING, FOUND, USAGE, INTERNAL = 0, 1, 2, 3
INTERRUPTED, TERMINATED = 128 + signal.SIGINT, 128 + signal.SIGTERM  # 130, 143: the shell's convention
READER_GONE = 128 + signal.SIGPIPE  # 141: what the shell reports for a writer its closed pipe stopped
VERDICTS = frozenset({"run", "fuzz", "replay", "reduce", "localize"})  # commands whose exit status is a verdict

RULE = (("0", "The command did its work and found nothing wrong: no finding, every replayed case as expected, a "
               "bundle script that does not show its bug."),
        ("1", "A bug was shown: a finding (an out-of-bound or crash verdict) in `run` or `fuzz`, a regression in "
              "`replay`, a bundle or repro script that reproduces its bug."),
        ("2", "A usage error or unusable input: an unknown flag or configuration, a malformed case or corpus file, a "
              "folder that is not a campaign, a non-empty `--out`, a second driver on the same campaign, a missing "
              "tool. One line names the fix."),
        ("3", "An internal error of kernelfuzz itself (a bug in kernelfuzz, not in a compiler): one line, plus where "
              "the traceback was written."),
        ("141", "The reader of the output went away (a closed pipe: `head` took its lines) before `run`, `fuzz`, `replay`, "
                "`reduce` or `localize` finished: it stops quietly, its verdict unknown (a campaign is left "
                "resumable). A command that only prints (`show`, `generate`, `configs`, `features`, `status`, "
                "`--help`) stops quietly with 0."),
        ("130, 143", "Interrupted by SIGINT (Ctrl-C) or SIGTERM. The campaign is left resumable, and one line says "
                     "how to resume."))  # the README's table says the same, word for word (tests/test_exits.py)
HELP = "\b\nExit status:\n" + "\n".join(f"  {code:<9}{text.replace('`', '')}" for code, text in RULE)
RESUME_HINT = "kernelfuzz.resume"  # ctx.meta key: the command line that continues an interrupted command
ARGS = "kernelfuzz.args"  # ctx.meta key: the command line's arguments, as given


class Terminated(KeyboardInterrupt):
    """SIGTERM, raised in the main thread as Ctrl-C's ``KeyboardInterrupt`` is: the same clean-up runs."""


def _user_errors() -> tuple[type[BaseException], ...]:
    """The engine's exceptions that mean "this input or folder cannot be used": each message names the fix."""
    from fuzz.campaign.cluster import ClusterError
    from fuzz.campaign.state import StateError
    from fuzz.case.workload import WorkloadError
    from fuzz.store import UnsafePath
    return ClusterError, StateError, WorkloadError, UnsafePath


def resume_hint(command: str) -> None:
    """Say, should the current command be interrupted, which command line continues it."""
    click.get_current_context().meta[RESUME_HINT] = command


def _on_signal(signum, frame) -> None:
    for s in (signal.SIGINT, signal.SIGTERM):  # once stopping, stop: a second Ctrl-C must not cut the clean-up
        signal.signal(s, signal.SIG_IGN)
    raise Terminated() if signum == signal.SIGTERM else KeyboardInterrupt()


def _internal(error) -> click.ClickException:
    fd, path = tempfile.mkstemp(prefix="kernelfuzz-internal-", suffix=".txt")
    with open(fd, "w") as f:
        f.write(error.traceback)
    e = click.ClickException(f"internal error of kernelfuzz (please report it, with the traceback): {error}; "
                             f"traceback in {path}")
    e.exit_code = INTERNAL
    return e


def _reader_gone(ctx: click.Context, line: tuple[str, ...]) -> int:
    """Stop writing to the closed stdout (the interpreter's last flush would fail again) and choose the status:
    a verdict command's, unless the command line only asked for help."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    os.close(devnull)
    command = ctx.invoked_subcommand or ""
    hint = ctx.meta.get(RESUME_HINT)
    if hint:
        try:  # stderr may be the same closed pipe (`2>&1 | head`)
            click.echo(f"kernelfuzz: stopped, the output's reader went away; continue with `{hint}`", err=True)
        except BrokenPipeError:
            pass
    asked_help = any(a in ("-h", "--help") for a in line)
    return READER_GONE if command in VERDICTS and not asked_help else NOTHING


def _flushed(fn, ctx: click.Context):
    """``fn(ctx)``, then stdout flushed: a pipe closed under buffered output is found here, not at interpreter exit."""
    try:
        return fn(ctx)
    finally:
        sys.stdout.flush()


class Main(click.Group):
    """The kernelfuzz group: every command runs under the exit-status rule (module docstring)."""

    def make_context(self, info_name, args, parent=None, **extra):
        line = tuple(args)
        try:  # the group's own --help and --version print here, before any command
            ctx = _flushed(lambda _: super(Main, self).make_context(info_name, args, parent, **extra), None)
        except BrokenPipeError:
            raise click.exceptions.Exit(_reader_gone(click.Context(self), line)) from None
        ctx.meta[ARGS] = line
        return ctx

    def invoke(self, ctx: click.Context):
        from fuzz.execute.isolate import InternalError, contained
        main = threading.current_thread() is threading.main_thread()  # only the main thread may set handlers
        previous = {s: signal.signal(s, _on_signal) for s in (signal.SIGINT, signal.SIGTERM)} if main else {}
        try:
            return contained(_flushed, super().invoke, ctx, expected=(
                click.ClickException, click.exceptions.Exit, click.Abort, BrokenPipeError) + _user_errors())
        except BrokenPipeError:
            ctx.exit(_reader_gone(ctx, ctx.meta.get(ARGS, ())))
        except click.ClickException as e:
            if e.exit_code == 1:  # click's default for a refusal; 1 means a bug was shown
                e.exit_code = USAGE
            raise
        except _user_errors() as e:
            raise _usage(str(e)) from None
        except KeyboardInterrupt as e:
            hint = ctx.meta.get(RESUME_HINT)
            click.echo("kernelfuzz: interrupted" + (f"; continue with `{hint}`" if hint else ""), err=True)
            ctx.exit(TERMINATED if isinstance(e, Terminated) else INTERRUPTED)
        except InternalError as e:
            raise _internal(e) from None
        finally:
            for s, handler in previous.items():
                signal.signal(s, handler)


def _usage(message: str) -> click.ClickException:
    e = click.ClickException(message)
    e.exit_code = USAGE
    return e
