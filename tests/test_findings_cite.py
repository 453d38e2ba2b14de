"""Every file a finding's write-up cites exists: the audit of issue 40 found FINDING.md pages citing results that were
never saved.  A cited file is a backquoted path with a bundle file's extension; it must lie in the finding's folder
(at any depth, matched by its path's tail), in the repository (``corpus/tools/...``, ``tests/...``) or, written with
``../``, in a sibling finding.  Upstream sources (``python/tvm/...``, ``mlir/lib/...``, a bare ``.c``/``.cpp``) are the
compilers' files, not ours, and are not checked; neither are patterns (``*``, ``<...>``, ``{...}``)."""
import re

import pytest

from tests import ROOT

FINDINGS = ROOT / "corpus" / "findings"
BUNDLE = re.compile(r"[\w-]\.(txt|json|jsonl|npy|sh|py|mlir|ll|s|ptx|log|html|csv)$")
OURS = ("results/", "outputs/", "inputs/", "reference/", "evidence/", "localize/", "first-bad/", "variants/",
        "got-zero/", "corpus/", "tests/", "fuzz/", "frontends/", "docs/", "../")
PATTERN = set("*<>{}=%$")


def cited(text: str) -> list[str]:
    """The bundle paths a page cites (see the module docstring for what counts)."""
    out = []
    for span in re.findall(r"`([^`\s]+)`", text):
        path = span.rstrip(".,;:")
        if not BUNDLE.search(path) or PATTERN & set(path) or path.startswith(("-", "/", "~", "http", ".../")):
            continue
        if path.startswith(".") and not path.startswith(("./", "../")):
            continue  # a suffix (`.optimized.ll`), not a file
        if "/" in path and not path.startswith(OURS):
            continue  # an upstream source file (python/tvm/..., analysis/gemv.py)
        out.append(path.removeprefix("./"))
    return out


def present(folder, path: str) -> bool:
    if (folder / path).exists() or (ROOT / path).exists():
        return True
    if path.startswith("../"):
        return False
    return any(str(p.relative_to(folder)).endswith(path) for p in folder.rglob(path.rsplit("/", 1)[-1]))


PAGES = sorted(p for p in FINDINGS.glob("*/*.md"))


@pytest.mark.parametrize("page", PAGES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_cited_file_exists(page):
    missing = [p for p in cited(page.read_text()) if not present(page.parent, p)]
    assert not missing, f"{page.relative_to(ROOT)} cites files that are not there: {missing}"


def test_the_check_catches_a_missing_file(tmp_path):
    (tmp_path / "results").mkdir()
    (tmp_path / "results" / "sim.txt").write_text("x")
    text = "see `results/sim.txt`, `sim.txt`, `results/cv_sim.txt`, upstream `python/tvm/x.py`, `*.npy`, `.ll` files"
    assert [p for p in cited(text) if not present(tmp_path, p)] == ["results/cv_sim.txt"]
