"""Campaign state in SQLite (the embedded default; no server).

The campaign driver is the only writer.  Every finished case is one transaction (its row,
its verdicts and timings, its signature), written after its finding files are on disk, so a
``kill -9`` at any moment leaves a consistent database: a case is either recorded whole or
not at all, and ``kernelfuzz fuzz --resume`` runs exactly the missing ones.

A campaign has one driver: ``driving(out)`` holds an exclusive ``flock`` on ``OUT/driver.lock`` (which names the
holder's PID) for the whole run; a second driver is refused before it writes anything, and the operating system
drops the lock when the driver dies, ``kill -9`` included, so ``--resume`` needs no clean-up.  Readers (``status``,
``report``: ``snapshot``) take no lock; ``driver_pid`` tells them whether a driver holds it now.
"""
from __future__ import annotations

import contextlib
import fcntl
import json
import os
import sqlite3
import time
from dataclasses import asdict
from pathlib import Path
from typing import Iterator

from fuzz.execute.backend import Config
from fuzz.judge import signature as sig
from fuzz.store import folder_name

SCHEMA = """
CREATE TABLE IF NOT EXISTS settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS cases (
    idx INTEGER PRIMARY KEY, seed INTEGER NOT NULL, name TEXT NOT NULL, row TEXT NOT NULL, finished REAL NOT NULL);
CREATE TABLE IF NOT EXISTS events (ts REAL NOT NULL, kind TEXT NOT NULL, detail TEXT NOT NULL);
"""
FILE = "campaign.sqlite"
LOCK = "driver.lock"
OWN = (FILE, f"{FILE}-wal", f"{FILE}-shm", LOCK)  # what a campaign folder holds before its first case
INTERRUPTED = "interrupted"  # the event of a run stopped by SIGINT or SIGTERM
_HELD: dict[Path, list] = {}  # campaign folder -> [lock file descriptor, depth]: this process drives it


class StateError(Exception):
    """The output directory's campaign state cannot be used as asked; the message says why."""


class Busy(StateError):
    """Another process is driving the campaign."""


def check_new(out: Path) -> None:
    """Refuse to start a campaign in a folder that holds something else (its report and summary would overwrite
    whatever is there): ``out`` must be new, empty, or a campaign's folder."""
    if out.is_dir() and not (out / FILE).exists() and any(p.name not in OWN for p in out.iterdir()):
        raise StateError(f"{out} is not empty and holds no kernelfuzz campaign: choose an empty or new folder for "
                         "--out (or continue a campaign with `kernelfuzz fuzz --resume DIR`)")


def check_unstarted(out: Path) -> None:
    """Refuse to start a new campaign over one that has recorded cases (``--resume`` continues it)."""
    done = _recorded(out / FILE) if (out / FILE).exists() else 0
    if done:
        raise StateError(f"{out} already holds a campaign with {done} cases: continue it with "
                         f"`kernelfuzz fuzz --resume {out}` or choose another --out")


def _recorded(path: Path) -> int:
    db = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    try:
        return db.execute("SELECT count(*) FROM cases").fetchone()[0]
    except sqlite3.OperationalError:  # not yet given its tables
        return 0
    finally:
        db.close()


def _not_a_campaign(out: Path) -> StateError:
    """Why ``out`` cannot be read as a campaign, with a command that works: a new campaign only goes in an empty or
    new folder."""
    empty = not out.exists() or not any(out.iterdir())
    start = f"`kernelfuzz fuzz --out {out}`" if empty else "`kernelfuzz fuzz --out NEW-FOLDER`"
    return StateError(f"{out} holds no campaign ({FILE} missing): give a campaign's folder (the --out of a "
                      f"`kernelfuzz fuzz`), or start one with {start}")


def holding(out: Path) -> bool:
    """Whether this process drives the campaign in ``out`` now."""
    return out.resolve() in _HELD


@contextlib.contextmanager
def driving(out: Path) -> Iterator[None]:
    """Be the campaign's only driver while the block runs (re-entrant within a process), or raise ``Busy`` naming
    the driver that is."""
    key = out.resolve()
    if key in _HELD:
        _HELD[key][1] += 1
    else:
        _HELD[key] = [_lock(out), 1]
    try:
        yield
    finally:
        _HELD[key][1] -= 1
        if not _HELD[key][1]:
            os.close(_HELD.pop(key)[0])  # closing the descriptor drops the lock; the file stays (no unlink race)


def driver_pid(out: Path) -> str | None:
    """The PID of the driver running the campaign in ``out`` now (as its lock file names it), or None when no
    driver holds the lock (the campaign finished, or was stopped or killed).  The probe holds a shared lock for an
    instant; a driver starting in that instant waits it out (``_lock``)."""
    try:
        fd = os.open(out / LOCK, os.O_RDONLY | os.O_CLOEXEC)
    except FileNotFoundError:
        return None
    try:
        fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
    except BlockingIOError:
        return os.read(fd, 32).decode(errors="replace").strip() or "unknown"
    finally:
        os.close(fd)  # drops the probe's lock
    return None


def _lock(out: Path, tries: int = 20) -> int:
    out.mkdir(parents=True, exist_ok=True)
    fd = os.open(out / LOCK, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o644)
    for attempt in range(tries):  # a `status` probing the lock holds it for an instant; a driver holds it for good
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            break
        except BlockingIOError:
            if attempt + 1 < tries:
                time.sleep(0.025)
    else:
        pid = os.read(fd, 32).decode(errors="replace").strip() or "unknown"
        os.close(fd)
        raise Busy(f"{out} is being run by another kernelfuzz driver (PID {pid}); a campaign has one driver: wait "
                   f"for it to finish, or stop it and continue with `kernelfuzz fuzz --resume {out}`") from None
    os.ftruncate(fd, 0)
    os.pwrite(fd, f"{os.getpid()}\n".encode(), 0)
    return fd


class State:
    def __init__(self, out: Path):
        out.mkdir(parents=True, exist_ok=True)
        self.path = out / FILE
        self.db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=FULL")
        self.db.executescript(SCHEMA)

    def close(self) -> None:
        self.db.close()

    def settings(self) -> dict:
        return {k: json.loads(v) for k, v in self.db.execute("SELECT key, value FROM settings")}

    def save_settings(self, values: dict) -> None:
        with self.db:
            self.db.execute("BEGIN")
            self.db.executemany("INSERT OR REPLACE INTO settings VALUES (?, ?)",
                                [(k, json.dumps(v)) for k, v in values.items()])

    def done(self) -> set[int]:
        return {i for (i,) in self.db.execute("SELECT idx FROM cases")}

    def rows(self) -> list[dict]:
        rows = self.db.execute("SELECT row FROM cases ORDER BY idx")
        return [with_ops(json.loads(r), self.path.parent) for (r,) in rows]

    def record(self, row: dict) -> None:
        with self.db:
            self.db.execute("BEGIN")
            self.db.execute("INSERT OR REPLACE INTO cases VALUES (?, ?, ?, ?, ?)",
                            (row["index"], row["seed"], row["name"], json.dumps(row), time.time()))

    def event(self, kind: str, detail: str) -> None:
        with self.db:
            self.db.execute("BEGIN")
            self.db.execute("INSERT INTO events VALUES (?, ?, ?)", (time.time(), kind, detail))

    def events(self) -> list[tuple[float, str, str]]:
        return list(self.db.execute("SELECT ts, kind, detail FROM events ORDER BY ts"))


def with_ops(row: dict, out: Path) -> dict:
    """A row with findings saved before rows kept their case's op kinds, rebucketed from the case and results the
    campaign saved (``OUT/findings/<case>/``): its op kinds, so its failures after compilation are bucketed by their
    principal op as a new row's are (``fuzz.judge.signature.principal``), and its failures as this kernelfuzz
    classes them (a crash by its innermost pass); as saved where that folder is gone or unreadable."""
    if "ops" in row or not row.get("failures"):
        return row
    folder = out / "findings" / folder_name(row["name"])
    try:
        ops = sig.saved_ops(folder)
        failures = sig.of_saved(json.loads((folder / "results.json").read_text()), folder, ops).failures
    except (OSError, ValueError, KeyError, TypeError):
        return row
    if not ops or not failures:
        return row
    return {**row, "ops": list(ops), "failures": [list(f) for f in failures]}


def configs_to_json(configs) -> list[dict]:
    return [asdict(c) for c in configs]


def configs_from_json(items: list[dict]) -> tuple[Config, ...]:
    return tuple(Config(**{**d, "flags": tuple(d["flags"])}) for d in items)


def snapshot(out: Path) -> tuple[dict, list[tuple[float, dict]], list[tuple[float, str, str]]]:
    """Settings, (finished time, row) in finishing order, and events of the campaign in ``out``, read in one
    read-only transaction: safe while the campaign's driver writes, which sees no lock from a reader (WAL)."""
    if not (out / FILE).exists():
        raise _not_a_campaign(out)
    db = sqlite3.connect(f"{(out / FILE).resolve().as_uri()}?mode=ro", uri=True, isolation_level=None)
    try:
        db.execute("BEGIN")
        settings = {k: json.loads(v) for k, v in db.execute("SELECT key, value FROM settings")}
        rows = [(t, with_ops(json.loads(r), out))
                for t, r in db.execute("SELECT finished, row FROM cases ORDER BY finished, idx")]
        events = list(db.execute("SELECT ts, kind, detail FROM events ORDER BY ts"))
    except sqlite3.OperationalError as e:  # a database created by something else, or not yet given its tables
        raise StateError(f"{out / FILE} is not a readable kernelfuzz campaign ({e})") from None
    finally:
        db.close()
    if not settings:
        raise StateError(f"{out} holds a campaign that has not saved its settings yet: try again in a moment")
    return settings, rows, events


def ending(events: list[tuple[float, str, str]], done: int, cases: int) -> str:
    """How the campaign's last run ended: "finished"; "budget", its --time ran out with cases left (``--resume``
    continues it); "interrupted" (SIGINT, SIGTERM: ``--resume`` continues it); or "running" (no end yet: running,
    or killed)."""
    kinds = [kind for _, kind, _ in events]
    if kinds and kinds[-1] == INTERRUPTED:
        return INTERRUPTED
    if not kinds or kinds[-1] != "finish":
        return "running"
    starts = [k for k, kind in enumerate(kinds) if kind in ("start", "resume")]
    last = kinds[starts[-1] if starts else 0:]
    if "budget" in last:
        return "budget"
    # a run recorded before budget events: cases left mean its budget stopped it, unless the generator lost them
    return "budget" if done < cases and "generator" not in last else "finished"


def active_seconds(events: list[tuple[float, str, str]], now: float) -> float:
    """The time the campaign's runs spent running: each start or resume to the event that ended it (a run killed
    outright: to its last event; the last run, still going: to ``now``), so a campaign left stopped for a day does
    not seem a day slow."""
    total, began, last = 0.0, None, 0.0
    for ts, kind, _ in events:
        if kind in ("start", "resume"):
            total += last - began if began is not None else 0.0  # a run killed outright: to its last event
            began = ts
        elif kind in ("finish", INTERRUPTED) and began is not None:
            total, began = total + ts - began, None
        last = ts
    return total + (now - began if began is not None else 0.0)


def open_existing(out: Path) -> State:
    if not (out / FILE).exists():
        raise _not_a_campaign(out)
    return State(out)
