"""The docs name only what exists: every ``kernelfuzz COMMAND`` and every ``--option`` that README.md and
docs/*.md show is a command or option of the real command line (read from the click group, not from a list
kept here), every relative link resolves to a file of the repository (and its ``#anchor`` to a heading), every
path into the repository named in code exists, every ``make TARGET`` is in the Makefile, the README stays a
five-minute read (at most 200 lines), and docs/architecture.md's tree names every module of ``fuzz/`` and
``frontends/`` in its package's entry (by file name or a glob such as ``ops_*.py``) and no module that is gone.

What counts as naming a command or an option: inline code and fenced code blocks, split into shell commands
(at ``;``, ``&&``, ``||``, ``|`` and comments).  A command that runs ``kernelfuzz`` (or ``python -m fuzz.cli``)
names its subcommand and that subcommand's options; a span that starts with a subcommand's name (``fuzz
--resume``) names that subcommand's options; a span that starts with an option (``--resume``) names an option
of some kernelfuzz command, unless it is another program's flag (``FOREIGN``).  Flags inside other programs'
command lines (``iree-compile --compile-to=...``, ``dask worker --nthreads 2``) belong to those programs and
are not checked.
"""
from __future__ import annotations

import re
import shlex
from fnmatch import fnmatch
from pathlib import Path

import click
import pytest

from fuzz.cli import main as cli

ROOT = Path(__file__).resolve().parents[1]
README_MAX_LINES = 200
# Other programs' flags that the docs name on their own, in prose (IREE's and MLIR's options, LLVM's, clang's, the
# linker's, Dask's).  A flag of kernelfuzz's own never needs to be here.
FOREIGN = ("--iree-", "--mlir-", "--opt-bisect-limit", "--target=", "--defsym", "--no-nanny", "--resources")
# LLVM's own options, which iree-compile passes to its GPU backends (docs/configurations.md)
FOREIGN += ("--global-isel", "--fast-isel", "--misched", "--enable-misched", "--pre-RA-sched", "--post-RA-scheduler",
            "--regalloc", "--sgpr-regalloc", "--nvptx-", "--disable-nvptx-", "--amdgpu-", "--print-after-all",
            "--filter-print-funcs")


def _docs() -> list[Path]:
    return [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def _cli() -> dict[str, set[str]]:
    """Every command of the click group and its options (primary and secondary names, ``-h`` included)."""
    def opts(cmd: click.Command) -> set[str]:
        names = {o for p in cmd.get_params(click.Context(cmd)) if isinstance(p, click.Option)
                 for o in (*p.opts, *p.secondary_opts)}
        return names | {"-h", "--help"}
    commands = {name: opts(cmd) for name, cmd in cli.commands.items()}
    commands[""] = opts(cli)  # the group's own: --version, --help
    return commands


# --- what the markdown names -------------------------------------------------------------------------------

_FENCE = re.compile(r"^```(.*?)$(.*?)^```", re.S | re.M)
SHELL = {"", "sh", "bash", "shell", "console"}  # fenced blocks in other languages (text, json) are not commands
_SPAN = re.compile(r"(`+)(.+?)\1", re.S)


def _code(text: str) -> list[str]:
    """The shell snippets of a markdown text: each line of a fenced shell block (continuations joined), each
    inline code span."""
    snippets = []
    for language, block in _FENCE.findall(text):
        if language.strip() in SHELL:
            snippets += block.replace("\\\n", " ").splitlines()
    snippets += [m.group(2).replace("\n", " ") for m in _SPAN.finditer(_FENCE.sub("", text))]
    return snippets


def _commands(snippet: str) -> list[list[str]]:
    """A snippet as shell commands, each a token list, comments dropped."""
    snippet = re.sub(r"(^|\s)#.*", "", snippet)
    out = []
    for part in re.split(r"\s*(?:;|&&|\|\||\|)\s*", snippet):
        try:
            tokens = shlex.split(part)
        except ValueError:  # an apostrophe in prose quoted as code
            tokens = part.split()
        if tokens:
            out.append(tokens)
    return out


def _kernelfuzz_at(tokens: list[str]) -> int | None:
    """The index of the token after ``kernelfuzz`` (or ``python -m fuzz.cli``), if the command runs it."""
    first = next((i for i, t in enumerate(tokens) if not re.fullmatch(r"[A-Z_]+=\S*", t)), len(tokens))
    if first < len(tokens) and (tokens[first] == "kernelfuzz" or tokens[first].endswith("/kernelfuzz")):
        return first + 1
    for i, t in enumerate(tokens):
        if t == "fuzz.cli" and i and tokens[i - 1] == "-m":
            return i + 1
    return None


def _options(tokens: list[str]) -> list[str]:
    return [t.split("=")[0] for t in tokens if re.fullmatch(r"--?[A-Za-z][\w-]*(=.*)?", t)]


def problems(text: str, cli: dict[str, set[str]]) -> list[str]:
    """Every command or option ``text`` names that the command line lacks, in words."""
    found = []

    def check(command: str, options: list[str]) -> None:
        if command not in cli:
            found.append(f"`kernelfuzz {command}`: no such command")
            return
        found.extend(f"`kernelfuzz {command} {o}`: no such option" for o in options if o not in cli[command])

    anywhere = set().union(*cli.values())
    for snippet in _code(text):
        for tokens in _commands(snippet):
            at = _kernelfuzz_at(tokens)
            if at is not None:
                rest = tokens[at:]
                if rest and not rest[0].startswith("-"):
                    check(rest[0], _options(rest[1:]))
                else:
                    check("", _options(rest))
            elif tokens[0] in cli and tokens[0] and len(tokens) > 1 and tokens[1].startswith("--"):
                check(tokens[0], _options(tokens[1:]))
            elif tokens[0].startswith("--") and not tokens[0].startswith(FOREIGN):
                found.extend(f"`{o}`: no kernelfuzz command has this option" for o in _options(tokens)
                             if o not in anywhere)
    return found


_LINK = re.compile(r"!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")


def _slug(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def _anchors(path: Path) -> set[str]:
    text = _FENCE.sub("", path.read_text())
    return {_slug(h) for h in re.findall(r"^#+\s+(.*?)\s*#*$", text, re.M)}


def broken_links(path: Path, text: str) -> list[str]:
    """Every relative link in ``text`` (written in ``path``) whose file or anchor does not exist."""
    bad = []
    for target in _LINK.findall(_SPAN.sub("", _FENCE.sub("", text))):
        if re.match(r"[a-z][a-z0-9+.-]*:", target):  # https:, mailto:
            continue
        file, _, anchor = target.partition("#")
        dest = (path.parent / file).resolve() if file else path
        if not dest.is_relative_to(ROOT) or not dest.exists():
            bad.append(f"{target}: no such file in the repository")
        elif anchor and dest.suffix == ".md" and anchor not in _anchors(dest):
            bad.append(f"{target}: no heading #{anchor} in {dest.relative_to(ROOT)}")
    return bad


_REPO_PATH = re.compile(r"(?:fuzz|frontends|tests|corpus|docs)/[\w./-]*")


def missing_paths(text: str) -> list[str]:
    """Every path into the repository's own folders that ``text`` names in code (``fuzz/judge/profiles.py``) and
    that does not exist; paths with a placeholder or a glob (``corpus/findings/<finding>``) are not checked."""
    named = {t.rstrip(".,:;)") for snippet in _code(text) for tokens in _commands(snippet) for t in tokens}
    return sorted(p for p in named if _REPO_PATH.fullmatch(p) and not (ROOT / p).exists())


def _make_targets() -> set[str]:
    return set(re.findall(r"^([A-Za-z][\w-]*):", (ROOT / "Makefile").read_text(), re.M))


def unknown_make_targets(text: str, targets: set[str]) -> list[str]:
    return [f"`make {tokens[1]}`: no such target in the Makefile" for snippet in _code(text)
            for tokens in _commands(snippet)
            if tokens[0] == "make" and len(tokens) > 1 and "=" not in tokens[1] and tokens[1] not in targets]


_ENTRY = re.compile(r"  (\S+)")  # a package's (or a top-level module's) entry: two spaces, then its name
_NAMED = re.compile(r"[\w*/]*[\w*]\.py\b")  # a module's file name, with a folder or a glob: ``passes/*.py``


def tree_entries(text: str) -> dict[str, str]:
    """The "## The tree" block of docs/architecture.md as entry -> its text: ``fuzz/judge/`` -> every line from
    ``  judge/`` to the next entry, ``fuzz/casefile.py`` -> its own line."""
    block = text.partition("## The tree")[2].partition("```text\n")[2].partition("```")[0]
    entries: dict[str, str] = {}
    top = key = ""
    for line in block.splitlines():
        if line[:1].strip():  # ``fuzz/   the engine``: a top folder starts
            top, key = line.split()[0], ""
        elif (entry := _ENTRY.match(line)) is not None:
            key = top + entry.group(1)
        if key:
            entries[key] = entries.get(key, "") + line + "\n"
    return entries


def unnamed_modules(entries: dict[str, str], modules: list[str]) -> list[str]:
    """The modules (``fuzz/judge/conv.py``) that their top package's entry does not name, by file name or by a
    glob on their path below it (``ops_*.py``, ``passes/*.py``); a top-level module is named by its own entry."""
    def named(module: str) -> bool:
        parts = module.split("/")
        if len(parts) == 2:
            return module in entries
        below = "/".join(parts[2:])
        return any(_names(token, below) for token in _NAMED.findall(entries.get(f"{parts[0]}/{parts[1]}/", "")))
    return [m for m in modules if not named(m)]


def _names(token: str, below: str) -> bool:
    return fnmatch(below, token) or fnmatch(below.rpartition("/")[2], token)


def stale_names(entries: dict[str, str], modules: list[str]) -> list[str]:
    """The module names of a package's entry that no module below that package has (a module moved or gone)."""
    return [f"{key}: {token}" for key, text in entries.items() if key.endswith("/") for token in _NAMED.findall(text)
            if token != "__init__.py" and not any(_names(token, m[len(key):]) for m in modules if m.startswith(key))]


def _product_modules() -> list[str]:
    return sorted(p.relative_to(ROOT).as_posix() for top in ("fuzz", "frontends") for p in (ROOT / top).rglob("*.py")
                  if p.name not in ("__init__.py", "__main__.py"))


# --- the docs as they are ----------------------------------------------------------------------------------

@pytest.mark.parametrize("path", _docs(), ids=lambda p: str(p.relative_to(ROOT)))
def test_every_command_and_option_the_docs_name_exists(path):
    assert problems(path.read_text(), _cli()) == []


# What other branches of this round create and the docs already name: issue 37's PTX simulator, issue 38's gfx942
# simulator, and the two pages issue 35's engineer writes.  A path under one of these may be missing only until
# those branches are merged: then empty this.
PARALLEL: tuple[str, ...] = ()  # paths another branch creates, while it is unmerged


def _parallel(relative: str) -> bool:
    return relative.startswith(PARALLEL) or f"{relative}/".startswith(PARALLEL)


@pytest.mark.parametrize("path", _docs(), ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_resolves(path):
    def waiting(problem: str) -> bool:
        target = (path.parent / problem.partition(": ")[0].partition("#")[0]).resolve()
        return problem.endswith("no such file in the repository") and _parallel(str(target.relative_to(ROOT)))
    assert [b for b in broken_links(path, path.read_text()) if not waiting(b)] == []


@pytest.mark.parametrize("path", _docs(), ids=lambda p: str(p.relative_to(ROOT)))
def test_every_repository_path_the_docs_name_exists(path):
    assert [p for p in missing_paths(path.read_text()) if not _parallel(p)] == []


@pytest.mark.parametrize("path", _docs(), ids=lambda p: str(p.relative_to(ROOT)))
def test_every_make_target_the_docs_name_exists(path):
    assert unknown_make_targets(path.read_text(), _make_targets()) == []


def test_the_architecture_tree_names_every_module_in_its_package():
    entries = tree_entries((ROOT / "docs" / "architecture.md").read_text())
    assert unnamed_modules(entries, _product_modules()) == []


def test_the_architecture_tree_names_no_module_that_is_gone():
    entries = tree_entries((ROOT / "docs" / "architecture.md").read_text())
    assert stale_names(entries, _product_modules()) == []


def test_the_readme_is_a_five_minute_read():
    lines = (ROOT / "README.md").read_text().splitlines()
    assert len(lines) <= README_MAX_LINES, f"README.md has {len(lines)} lines; move detail into docs/"


def test_the_readme_links_every_reference_page():
    readme = (ROOT / "README.md").read_text()
    unlinked = [p.name for p in sorted((ROOT / "docs").glob("*.md")) if f"(docs/{p.name}" not in readme]
    assert unlinked == []


# --- the checks themselves can fail ------------------------------------------------------------------------

def test_a_made_up_option_is_caught_wherever_it_is_named():
    c = _cli()
    assert problems("Run `kernelfuzz fuzz --cases 5 --made-up-option 3`.", c) == [
        "`kernelfuzz fuzz --made-up-option`: no such option"]
    assert problems("```sh\n.venv/bin/kernelfuzz run case.json \\\n    --bogus\n```", c) == [
        "`kernelfuzz run --bogus`: no such option"]
    assert problems("with `--made-up-option`, it", c) == ["`--made-up-option`: no kernelfuzz command has this option"]
    assert problems("`--resume OUT --bogus`", c) == ["`--bogus`: no kernelfuzz command has this option"]
    assert problems("then `fuzz --nope`", c) == ["`kernelfuzz fuzz --nope`: no such option"]
    assert problems("`python -m fuzz.cli status OUT --resume X`", c) == [
        "`kernelfuzz status --resume`: no such option"]  # an option of another command


def test_a_made_up_command_is_caught():
    assert problems("`kernelfuzz frobnicate corpus/`", _cli()) == ["`kernelfuzz frobnicate`: no such command"]


def test_real_commands_options_and_other_programs_flags_pass():
    text = ("`kernelfuzz fuzz --resume OUT --cases 1000` and `kernelfuzz --version`, `--configs`, "
            "`iree-compile --compile-to=flow x.mlir`, `--iree-hip-target`, `kernelfuzz generate -o case.json`\n"
            "```sh\ndask worker tcp://HOST:8786 --no-nanny --nthreads 2  # --not-ours\n```\n")
    assert problems(text, _cli()) == []


def test_a_broken_link_or_anchor_is_caught(tmp_path):
    page = ROOT / "docs" / "x.md"
    text = ("[a](no-such-page.md) [b](../README.md#no-such-heading) [c](../README.md) [d](https://example.org) "
            "`[e](not-a-link.md)`")
    assert broken_links(page, text) == ["no-such-page.md: no such file in the repository",
                                        "../README.md#no-such-heading: no heading #no-such-heading in README.md"]


def test_a_missing_repository_path_is_caught():
    assert missing_paths("`fuzz/judge/profiles.py` and `fuzz/judge/profile.py`, `corpus/findings/<finding>`, "
                         "`corpus/seeds/*.json`, `python corpus/tools/no_such_tool.py OUT`") == [
        "corpus/tools/no_such_tool.py", "fuzz/judge/profile.py"]


def test_a_module_missing_from_its_package_in_the_tree_is_caught():
    text = ("## The tree\n\n```text\nfuzz/   the engine\n  judge/   verdicts: oracle.py,\n"
            "           passes/*.py (one per pass), ops_*.py\n  store.py   atomic writes\n"
            "frontends/\n  tvm/   TVM: lower.py\n```\n")
    modules = ["fuzz/judge/oracle.py", "fuzz/judge/passes/cut.py", "fuzz/judge/ops_int.py", "fuzz/judge/pool.py",
               "fuzz/store.py", "fuzz/settings.py", "frontends/tvm/lower.py", "frontends/iree/lower.py"]
    assert unnamed_modules(tree_entries(text), modules) == [
        "fuzz/judge/pool.py", "fuzz/settings.py", "frontends/iree/lower.py"]
    assert stale_names(tree_entries(text), modules) == []
    assert stale_names(tree_entries(text.replace("oracle.py", "verdict.py")), modules) == ["fuzz/judge/: verdict.py"]


def test_an_unknown_make_target_is_caught():
    assert unknown_make_targets("`make tset` then `make test PYTHON=python3.12`", {"test"}) == [
        "`make tset`: no such target in the Makefile"]
