"""kernelfuzz's exit statuses: one rule for every command, applied here and nowhere else.

``RULE`` is the rule as ``--help`` and the README print it.  ``Main`` is the command group: around every command it
turns what the command raised into that status and one line on stderr:

- a refusal (``click.ClickException`` and the user errors of the engine, ``USER_ERRORS``): ``USAGE``, its message;
- SIGINT (Ctrl-C) or SIGTERM: ``INTERRUPTED``/``TERMINATED``, and how to continue where the command said how
  (``resume_hint``); a second signal while the command stops is ignored, so its clean-up (stopping the worker
  lanes) is not cut short;
- any other exception, a bug of kernelfuzz's own (``fuzz.execute.isolate.contained``): ``INTERNAL``, and the file
  its traceback was written to.

A command that ran says ``FOUND`` or ``NOTHING`` itself (``sys.exit``).
"""
from __future__ import annotations

import signal
import tempfile
import threading

import click

NOTHING, FOUND, USAGE, INTERNAL = 0, 1, 2, 3
INTERRUPTED, TERMINATED = 128 + signal.SIGINT, 128 + signal.SIGTERM  # 130, 143: the shell's convention

RULE = (("0", "The command did its work and found nothing wrong: no finding, every replayed case as expected, a "
               "bundle script that does not show its bug."),
        ("1", "A bug was shown: a finding (an out-of-bound or crash verdict) in `run` or `fuzz`, a regression in "
              "`replay`, a bundle or repro script that reproduces its bug."),
        ("2", "A usage error or unusable input: an unknown flag or configuration, a malformed case or corpus file, a "
              "folder that is not a campaign, a non-empty `--out`, a second driver on the same campaign, a missing "
              "tool. One line names the fix."),
        ("3", "An internal error of kernelfuzz itself (a bug in kernelfuzz, not in a compiler): one line, plus where "
              "the traceback was written."),
        ("130, 143", "Interrupted by SIGINT (Ctrl-C) or SIGTERM. The campaign is left resumable, and one line says "
                     "how to resume."))  # the README's table says the same, word for word (tests/test_exits.py)
HELP = "\b\nExit status:\n" + "\n".join(f"  {code:<9}{text.replace('`', '')}" for code, text in RULE)
RESUME_HINT = "kernelfuzz.resume"  # ctx.meta key: the command line that continues an interrupted command


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


class Main(click.Group):
    """The kernelfuzz group: every command runs under the exit-status rule (module docstring)."""

    def invoke(self, ctx: click.Context):
        from fuzz.execute.isolate import InternalError, contained
        main = threading.current_thread() is threading.main_thread()  # only the main thread may set handlers
        previous = {s: signal.signal(s, _on_signal) for s in (signal.SIGINT, signal.SIGTERM)} if main else {}
        try:
            return contained(super().invoke, ctx, expected=(click.ClickException, click.exceptions.Exit,
                                                            click.Abort) + _user_errors())
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
