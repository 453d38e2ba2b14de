"""TVM's CUDA kernels through the CUDA binding (frontends/tvm/cuda_run.py): the launches TVM records are read
from its host code, and its CUDA C compiles with NVRTC (which needs no GPU) to the kernels those launches name.

Launching needs a device: without one the configuration runs on the PTX simulator (frontends/tvm/simulated.py),
NVRTC's PTX for compute_80 under the same launch plan."""
import re
import tempfile

import pytest

import frontends
from frontends.devices import cuda_driver
from frontends.tvm import cuda_run as tvm_cuda_run, frontend as tvm_frontend
from tests import stored

pytestmark = pytest.mark.compilers
DLIGHT = next(c for c in tvm_frontend.CONFIGS if c.name == "tvm:cuda-dlight")
TWO_KERNELS = "matmul-exact-seed16.json"  # a matmul feeding a generic: two kernels through a global buffer


def _compile_in_child(name: str):
    with tempfile.TemporaryDirectory() as workdir:
        case = stored(name)  # static (dlight fails on some dynamic cases)
        handle, _, facts = tvm_frontend.compile(case, DLIGHT, workdir)
    return handle, facts, tvm_frontend.export(handle)


def _compiled(name: str, exported: bool = False):
    """TVM's CUDA compile in a spawned process, as kernelfuzz's lanes do (TVM's CUDA codegen in the pytest process,
    after the suite's other in-process TVM work, took that process down once)."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn")) as pool:
        (kind, (source, launch), outputs), facts, art = pool.submit(_compile_in_child, name).result()
    assert kind == "cuda"
    return (source, launch, facts) + ((art,) if exported else ())


def test_launches_are_read_from_tvm_host_code_in_order_with_their_intermediates():
    source, launch, facts = _compiled(TWO_KERNELS)
    first, second = launch["kernels"]
    assert (first["name"], second["name"]) == ("main_kernel", "main_kernel_1")
    (middle, (dtype, shape)), = launch["buffers"].items()
    assert middle in first["args"] and middle in second["args"]  # written by the first, read by the second
    assert set(first["args"] + second["args"]) - {middle} <= set(launch["params"])
    assert facts["launches"] == launch["kernels"]
    for k in launch["kernels"]:  # the block TVM launches is the one its kernel was compiled for
        bound = re.search(rf"__launch_bounds__\((\d+)\) {k['name']}\(", source)
        assert bound and k["block"][0] * k["block"][1] * k["block"][2] == int(bound.group(1))


@pytest.mark.skipif(bool(tvm_cuda_run.binding_missing()), reason=tvm_cuda_run.EXTRA)
def test_tvm_cuda_source_compiles_with_nvrtc_to_the_kernels_the_launches_name():
    for name in ("mixed-exact-seed0.json", "mixed-realistic-seed5.json", TWO_KERNELS):
        source, launch, _ = _compiled(name)
        ptx = tvm_cuda_run.nvrtc_compile(source, "compute_80")
        assert sorted(tvm_cuda_run.ptx_entries(ptx)) == sorted(k["name"] for k in launch["kernels"])
    assert tvm_cuda_run.nvrtc_compile(source, "sm_90")[:4] == b"\x7fELF"  # a Hopper cubin, built without a GPU


@pytest.mark.skipif(bool(tvm_cuda_run.binding_missing()), reason=tvm_cuda_run.EXTRA)
def test_without_a_device_tvm_cuda_runs_simulated(monkeypatch):
    monkeypatch.setattr(cuda_driver, "device", lambda: (cuda_driver.Driver(None), None, "no NVIDIA driver library found"))
    monkeypatch.delenv("KERNELFUZZ_SIMULATE", raising=False)
    a = frontends.availability(DLIGHT)
    assert a.status == "runs" and a.simulated and "no device" in a.why


@pytest.mark.skipif(bool(tvm_cuda_run.binding_missing()), reason=tvm_cuda_run.EXTRA)
def test_two_kernels_through_a_global_buffer_simulate_to_the_reference():
    from frontends.tvm import simulated
    from frontends.tvm.lower import TVM_DTYPE
    from fuzz.execute.runner import judge_all, prepare
    from fuzz.judge.oracle import Verdict
    source, launch, _ = _compiled(TWO_KERNELS)
    case = stored(TWO_KERNELS)
    p = prepare(case, [DLIGHT])
    types = case.tensor_types()
    outs = simulated.run(source, launch, p.inputs, [(types[n][0], TVM_DTYPE[types[n][1]]) for n in case.outputs])
    assert judge_all(p.refs["gpu"], outs).verdict in (Verdict.EXACT, Verdict.WITHIN_BOUND)


def test_with_a_device_but_no_binding_it_names_the_extra(monkeypatch):
    h200 = cuda_driver.Device(0, "NVIDIA H200", (9, 0), 13000)
    monkeypatch.setattr(cuda_driver, "device", lambda: (cuda_driver.Driver(cuda_driver.Path("/l/libcuda.so")), h200, ""))
    monkeypatch.setattr(tvm_cuda_run, "binding_missing", lambda: tvm_cuda_run.EXTRA)
    a = frontends.availability(DLIGHT)
    assert a.status == "compile-only" and "pip install kernelfuzz[cuda]" in a.why
    monkeypatch.setattr(tvm_cuda_run, "binding_missing", lambda: "")
    assert frontends.availability(DLIGHT).status == "runs"


def test_relax_cuda_never_claims_to_run_through_the_wheel_runtime(monkeypatch):
    h200 = cuda_driver.Device(0, "NVIDIA H200", (9, 0), 13000)
    monkeypatch.setattr(cuda_driver, "device", lambda: (cuda_driver.Driver(cuda_driver.Path("/l/libcuda.so")), h200, ""))
    monkeypatch.setattr(tvm_cuda_run, "binding_missing", lambda: "")
    relax = next(c for c in frontends.all_configs() if c.name == "tvm:relax-cuda-dlight")
    a = frontends.availability(relax)
    assert a.status == "compile-only" and "TVM's CUDA runtime" in a.why


def test_a_launch_kernelfuzz_cannot_place_runs_as_compile_only_with_the_reason():
    from fuzz.execute.backend import ProgramFailure
    with pytest.raises(ProgramFailure) as e:
        tvm_cuda_run.run("", {"unrunnable": "kernel main_kernel has launch extents computed at run time"}, [], [])
    assert e.value.kind == "compile-only" and "computed at run time" in str(e.value)


@pytest.mark.skipif(bool(tvm_cuda_run.binding_missing()), reason=tvm_cuda_run.EXTRA)
def test_an_exported_tvm_cuda_program_travels_without_tvm():
    """`--run-on tvm:cuda-dlight=cuda`: what a runner worker gets is the CUDA C, the launch plan and the output
    shapes, a pickle that loads and compiles with NVRTC in a process that cannot import TVM."""
    import pickle
    import subprocess
    import sys

    *_, art = _compiled(TWO_KERNELS, exported=True)
    assert tvm_frontend.exports(DLIGHT)
    assert art.runner == "frontends.tvm.cuda_run" and len(art.payload["launch"]["kernels"]) == 2
    probe = ("import pickle, sys\n"
             "class NoTVM:\n"
             "    def find_spec(self, name, path=None, target=None):\n"
             "        if name == 'tvm' or name.startswith('tvm.'): raise ImportError('no TVM on a runner')\n"
             "sys.meta_path.insert(0, NoTVM())\n"
             "from frontends.tvm import cuda_run as tvm_cuda_run\n"
             "art = pickle.loads(sys.stdin.buffer.read())\n"
             "ptx = tvm_cuda_run.nvrtc_compile(art.payload['source'], 'compute_80')\n"
             "print(sorted(tvm_cuda_run.ptx_entries(ptx)))\n")
    out = subprocess.run([sys.executable, "-c", probe], input=pickle.dumps(art), capture_output=True)
    assert out.returncode == 0, out.stderr.decode()[-2000:]
    assert out.stdout.decode().strip() == str(sorted(k["name"] for k in art.payload["launch"]["kernels"]))


def test_an_nvrtc_rejection_names_its_error_even_after_pages_of_warnings():
    """Issue 40: TVM's CUDA C drew 3,000 characters of unused-variable warnings before NVRTC's one error
    ("hnearbyint" is undefined), and the saved message kept only the warnings."""
    from frontends.tvm.cuda_run import nvrtc_errors

    warning = 'tvm_kernels.cu(144): warning #177-D: variable "cse_v3" was declared but never referenced\n  int x;\n\n'
    log = warning * 60 + 'tvm_kernels.cu(2534): error: identifier "hnearbyint" is undefined\n  y = hnearbyint(x);\n'
    cut = nvrtc_errors(log)
    assert cut.startswith('tvm_kernels.cu(2534): error: identifier "hnearbyint" is undefined') and len(cut) <= 3000
    assert nvrtc_errors("no error here, only a note") == "no error here, only a note"
