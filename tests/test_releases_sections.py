"""corpus/tools/releases_sections.py: every finding's "## Releases" section and TRIAGE.md's matrix are generated from
the saved release matrices (corpus/releases/), byte for byte but for the cells its README says were corrected by
hand, and rewriting changes nothing else."""
import importlib.util
import re
import shutil

from tests import ROOT

CORPUS = ROOT / "corpus"
MATRICES = sorted((CORPUS / "releases").glob("*/releases.json"))


def _tool():
    spec = importlib.util.spec_from_file_location("releases_sections", CORPUS / "tools" / "releases_sections.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _copy(dest):
    """The pages the tool rewrites, and what it reads beside them."""
    for folder in (CORPUS / "findings").iterdir():
        if folder.is_dir():
            (dest / "findings" / folder.name).mkdir(parents=True)
            for name in ("README.md", "FINDING.md", "case.json", "releases-ptxsim.txt"):
                if (folder / name).is_file():
                    shutil.copy(folder / name, dest / "findings" / folder.name / name)
    shutil.copy(CORPUS / "TRIAGE.md", dest / "TRIAGE.md")


def _hand_corrected() -> set[str]:
    """Findings whose cells corpus/releases/README.md says were corrected by hand (it names the case or a sub-case)."""
    named = set(re.findall(r"`([a-z0-9-]+)`", (CORPUS / "releases" / "README.md").read_text()))
    return {f.name for f in (CORPUS / "findings").iterdir() if f.is_dir()
            and ({f.name} | {s.name for s in f.iterdir() if s.is_dir()}) & named}


def _without(text: str, heading: str) -> str:
    return re.sub(rf"^{re.escape(heading)}\n.*?(?=^## |\Z)", "", text, flags=re.S | re.M)


def test_the_saved_matrices_regenerate_every_section_as_committed(tmp_path):
    """Byte for byte, except the cells corpus/releases/README.md lists as corrected by hand (their sections only)."""
    tool, hand = _tool(), _hand_corrected()
    _copy(tmp_path)
    assert tool.main([*map(str, MATRICES), "--corpus", str(tmp_path)]) == 0
    changed = []
    for page in tmp_path.rglob("*.md"):
        new, old = page.read_text(), (CORPUS / page.relative_to(tmp_path)).read_text()
        if page.name == "TRIAGE.md":  # its matrix holds the hand-corrected rows
            new, old = _without(new, tool.TRIAGE), _without(old, tool.TRIAGE)
        elif page.parent.name in hand:
            new, old = _without(new, tool.SECTION), _without(old, tool.SECTION)
        if new != old:
            changed.append(str(page.relative_to(tmp_path)))
    assert not changed, "rerun `python corpus/tools/releases_sections.py corpus/releases/*/releases.json`"


def test_a_section_is_replaced_in_place_or_appended_and_the_rest_is_kept():
    tool = _tool()
    page = "# bug\n\nintro\n\n## Releases\n\nold\n\n## Upstream\n\nkept\n"
    once = tool._replace(page, "## Releases", "new\n")
    assert once == "# bug\n\nintro\n\n## Releases\n\nnew\n\n## Upstream\n\nkept\n"
    assert tool._replace(once, "## Releases", "new\n") == once
    assert tool._replace("# bug\n", "## Releases", "new\n") == "# bug\n\n## Releases\n\nnew\n\n"


def test_a_later_matrix_replaces_an_earlier_ones_release():
    tool = _tool()
    first = {"releases": ["iree 3.10", "iree 3.13"], "matrix": {"a": {"iree 3.10": "fixed", "iree 3.13": "reproduces"}}}
    again = {"releases": ["iree 3.10"], "matrix": {"a": {"iree 3.10": "reproduces"}}}
    doc = tool.merge([first, again])
    assert doc["releases"] == ["iree 3.10", "iree 3.13"]
    assert doc["matrix"]["a"] == {"iree 3.13": "reproduces", "iree 3.10": "reproduces"}
    assert doc["summary"]["a"]["iree"]["first_bad"] == "iree 3.10"
