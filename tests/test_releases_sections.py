"""corpus/tools/releases_sections.py: every finding's "## Releases" section and TRIAGE.md's matrix are generated from
the saved release matrices (corpus/releases/) and the files beside each case (corpus/tools/release_cells.py), byte for
byte, and rewriting changes nothing else."""
import importlib.util
import shutil

from tests import ROOT

CORPUS = ROOT / "corpus"
MATRICES = sorted((CORPUS / "releases").glob("*/releases.json"))


def _tool():
    spec = importlib.util.spec_from_file_location("releases_sections", CORPUS / "tools" / "releases_sections.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


READ = ("README.md", "FINDING.md", "case.json", "releases-ptxsim.txt", "releases-gfx942sim.txt")


def _copy(dest):
    """The pages the tool rewrites, and what it reads beside them, at every depth (a sub-case has its own files)."""
    for path in (CORPUS / "findings").rglob("*"):
        if path.name in READ and path.is_file():
            target = dest / path.relative_to(CORPUS)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(path, target)
    shutil.copy(CORPUS / "TRIAGE.md", dest / "TRIAGE.md")


def test_the_saved_matrices_regenerate_every_section_as_committed(tmp_path):
    """Byte for byte: no cell is corrected by hand after generation (corpus/releases/README.md)."""
    tool = _tool()
    _copy(tmp_path)
    assert tool.main([*map(str, MATRICES), "--corpus", str(tmp_path)]) == 0
    changed = [str(page.relative_to(tmp_path)) for page in tmp_path.rglob("*.md")
               if page.read_text() != (CORPUS / page.relative_to(tmp_path)).read_text()]
    assert not changed, "rerun `python corpus/tools/releases_sections.py corpus/releases/*/releases.json`"


def test_a_case_replayed_on_only_some_of_a_familys_releases_counts_only_those():
    """A replay that finished only the newer releases (a slow case) leaves the others out of its section."""
    tool = _tool()
    doc = tool.merge([{"releases": ["iree 3.10", "iree 3.12", "iree 3.13"],
                       "matrix": {"a": {"iree 3.12": "reproduces", "iree 3.13": "reproduces"}}}])
    text = tool.finding_section("a", doc, "")
    assert "| iree 3.10 |" not in text
    assert "- First bad release: iree 3.12 (not a regression: it fails in the oldest release tested)." in text


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


def test_a_partial_rerun_replaces_only_the_cases_it_replayed():
    """A later file that replayed a few cases (another CPU, say) keeps every other case's cell of that release."""
    tool = _tool()
    first = {"releases": ["iree 3.10"], "matrix": {"a": {"iree 3.10": "other-cpu"}, "b": {"iree 3.10": "reproduces"}}}
    again = {"releases": ["iree 3.10"], "matrix": {"a": {"iree 3.10": "ok"}}}
    assert tool.merge([first, again])["matrix"] == {"a": {"iree 3.10": "ok"}, "b": {"iree 3.10": "reproduces"}}


def _gpu_doc(tmp_path, sub="f/sub"):
    folder = tmp_path / "findings" / sub
    folder.mkdir(parents=True)
    (folder / "releases-ptxsim.txt").write_text("iree 3.10.0rc1: right: ok: within\niree 3.11.0rc2: wrong (reproduces): X\n")
    rows = {rel: [{"path": f"/elsewhere/corpus/findings/{sub}/case.json", "config": "iree:cuda-sm80-O2",
                   "outcome": "unavailable here", "expected": "out-of-bound", "got": "compiled; no device here runs it"},
                  {"path": f"/elsewhere/corpus/findings/{sub}/case.json", "config": "iree:cpu-O2",
                   "outcome": "other-cpu", "expected": "exact", "got": "recorded on znver4"}]
            for rel in ("iree 3.10", "iree 3.11")}
    return {"releases": ["iree 3.10", "iree 3.11"], "rows": rows,
            "matrix": {sub.split("/")[-1]: {"iree 3.10": "other-cpu", "iree 3.11": "other-cpu"}}}


def test_a_case_only_a_gpu_decides_gets_the_simulators_prediction_from_its_own_folder(tmp_path):
    """A sub-case at any depth: `needs a GPU (sim: ...)` from its releases-ptxsim.txt, the CPU control's other-cpu
    notwithstanding; right then wrong in the simulator is a regression by the simulator only."""
    cells = _tool().release_cells
    doc = cells.refine({**_gpu_doc(tmp_path), "summary": {}}, tmp_path)
    assert doc["matrix"]["sub"] == {"iree 3.10": "needs a GPU (sim: right)", "iree 3.11": "needs a GPU (sim: wrong)"}
    s = doc["summary"]["sub"]["iree"]
    assert (s["first_bad"], s["kind"]) == ("iree 3.11", "gpu")
    assert (cells.first_bad_text("sub", s), cells.regression_text("sub", s)) == ("iree 3.11 (sim)", "yes (sim)")


def test_a_finding_that_replay_never_ran_gets_its_row_from_its_simulator_file(tmp_path):
    cells = _tool().release_cells
    folder = tmp_path / "findings" / "new-gpu-bug"
    folder.mkdir(parents=True)
    (folder / "case.json").write_text("{}")
    (folder / "releases-ptxsim.txt").write_text("iree 3.10.0: wrong: simulated shared-memory race (byte 0)\n")
    doc = cells.refine({"releases": ["iree 3.10"], "rows": {}, "matrix": {}, "summary": {}}, tmp_path)
    assert doc["matrix"]["new-gpu-bug"] == {"iree 3.10": "needs a GPU (sim: wrong)"}


def test_a_case_with_no_gpu_verdict_keeps_replays_cell(tmp_path):
    doc = _gpu_doc(tmp_path)
    for rows in doc["rows"].values():
        rows[0]["expected"] = "exact"  # a CUDA configuration expected to pass: nothing for a GPU to decide
    doc = _tool().release_cells.refine({**doc, "summary": {}}, tmp_path)
    assert doc["matrix"]["sub"] == {"iree 3.10": "other-cpu", "iree 3.11": "other-cpu"}


def test_a_hand_established_first_bad_text_replaces_only_its_own_familys_cell():
    """A release replay could not build (tvm 0.25 without Relax) but a repro ran: FACTS' first-bad text replaces a
    plain (non-GPU) row's cell for that family only; another family's cell and a case without FACTS keep theirs."""
    cells = _tool().release_cells
    case = "tvm-iter-map-rewriter-fails-on-difference-extents"
    text = cells.FACTS[case]["first_bad"]
    assert text.startswith("tvm 0.25")
    assert cells.first_bad_text(case, {"first_bad": "tvm 0.26"}) == text
    assert cells.first_bad_text(case, {"first_bad": "iree 3.12"}) == "iree 3.12"
    assert cells.first_bad_text(case, {"first_bad": None}) == ""
    assert cells.first_bad_text("no-such-case", {"first_bad": "tvm 0.26"}) == "tvm 0.26"


def test_a_release_that_fails_for_another_cause_is_not_counted_as_reproducing(tmp_path):
    """FACTS' "other": replay says `reproduces` (the same verdict) where the corpus shows another cause; the cell
    says so and the first bad release moves to the next one, without calling the case a regression."""
    cells = _tool().release_cells
    case = "iree-llvmcpu-fp8-extf-to-f16-not-emulated-rejected"
    (tmp_path / "findings").mkdir()
    rels = ["iree 3.10", "iree 3.11", "iree 3.12"]
    doc = {"releases": rels, "rows": {}, "summary": {},
           "matrix": {case: dict.fromkeys(rels, "reproduces"), "other-case": dict.fromkeys(rels, "reproduces")}}
    doc = cells.refine(doc, tmp_path)
    assert doc["matrix"][case]["iree 3.10"].startswith("other failure (")
    s = doc["summary"][case]["iree"]
    assert (s["first_bad"], s["regression"], s["reproduces"]) == ("iree 3.11", False, ["iree 3.11", "iree 3.12"])
    assert doc["matrix"]["other-case"]["iree 3.10"] == "reproduces"
    assert _tool().finding_section(case, doc, "").count("not shown to be a regression: the older releases tested") == 1
