"""Finding the NVIDIA driver (frontends/devices/cuda_driver.py): libcuda.so or libcuda.so.1 wherever the install put it,
a private libcuda.so link for IREE, and what configs say with and without a device.

There is no GPU here: the search runs over folders of empty files named as driver installs name them, and the
device-side wording over ``Device`` records of the chips measured (H200: sm_90)."""
import os

import pytest

import frontends
from frontends.devices import cuda_driver as cd
from frontends.iree import frontend as iree_frontend
from fuzz import settings

H200 = cd.Device(0, "NVIDIA H200", (9, 0), 13000)
ADA = cd.Device(1, "NVIDIA L4", (8, 9), 12080)


def _touch(folder, *names):
    folder.mkdir(parents=True, exist_ok=True)
    for n in names:
        (folder / n).write_bytes(b"")
    return folder


def test_only_libcuda_so_1_is_found_where_the_driver_ships_only_that(tmp_path):
    lib = _touch(tmp_path / "usr/lib/x86_64-linux-gnu", "libcuda.so.1", "libcudart.so.12")
    assert cd.find_libcuda([str(lib)], ldconfig="", found_by_name=None) == lib / "libcuda.so.1"


def test_libcuda_so_is_preferred_in_any_folder(tmp_path):
    one = _touch(tmp_path / "a", "libcuda.so.1")
    plain = _touch(tmp_path / "b", "libcuda.so")
    assert cd.find_libcuda([str(one), str(plain)], ldconfig="", found_by_name=None) == plain / "libcuda.so"


def test_ldconfig_listing_is_read(tmp_path):
    lib = _touch(tmp_path / "lib64", "libcuda.so.1")
    listing = (f"2 libs found in cache `/etc/ld.so.cache'\n\tlibcuda.so.1 (libc6,x86-64) => {lib}/libcuda.so.1\n"
               f"\tlibcudart.so.12 (libc6,x86-64) => /nonexistent/libcudart.so.12\n")
    assert cd.find_libcuda([], ldconfig=listing, found_by_name=None) == lib / "libcuda.so.1"


def test_no_driver_anywhere_is_none(tmp_path):
    assert cd.find_libcuda([str(_touch(tmp_path / "empty"))], ldconfig="", found_by_name=None) is None


def test_cuda_path_folders_are_searched():
    assert "/opt/cuda-12/compat" in cd.search_dirs({"CUDA_PATH": "/opt/cuda-12"})


def test_the_link_names_the_driver_file_and_goes_first_on_the_library_path(tmp_path):
    lib = _touch(tmp_path / "drv", "libcuda.so.1") / "libcuda.so.1"
    folder = cd.link_dir(lib, tmp_path / "cache")
    assert os.readlink(folder / "libcuda.so") == str(lib)
    assert cd.link_dir(lib, tmp_path / "cache") == folder  # the same folder again, link intact
    env = {"LD_LIBRARY_PATH": f"/x:{folder}"}
    cd.prepend_library_path(folder, env)
    assert env["LD_LIBRARY_PATH"] == f"{folder}:/x"


def test_how_code_runs_on_a_device_from_its_compute_capability():
    assert cd.how_it_runs("sm_80", H200).startswith("by the driver's PTX JIT")
    assert cd.how_it_runs("sm_89", ADA).startswith("native")
    assert cd.how_it_runs("sm_120", H200).startswith("cannot run")
    assert "newer ones" in cd.how_it_runs("sm_80", None)


def test_device_facts_name_the_device_driver_and_selection(monkeypatch):
    monkeypatch.setenv("CUDA_VISIBLE_DEVICES", "3")
    facts = H200.facts(cd.Driver(cd.Path("/usr/lib/libcuda.so.1"), cd.Path("/c/libcuda.so")))["device"]
    assert facts == {"index": 0, "name": "NVIDIA H200", "sm": "sm_90", "cuda_driver": "13.0",
                     "library": "/usr/lib/libcuda.so.1", "CUDA_VISIBLE_DEVICES": "3"}


def test_without_a_driver_every_cuda_configuration_runs_simulated_for_want_of_a_device(monkeypatch):
    monkeypatch.setattr(cd, "device", lambda: (cd.Driver(None), None, "no NVIDIA driver library found"))
    monkeypatch.delenv("KERNELFUZZ_SIMULATE", raising=False)
    cuda = [c for c in iree_frontend.CONFIGS if c.target == "cuda"]
    assert {cd_.name for cd_ in cuda} >= {"iree:cuda-sm80-O2", "iree:cuda-sm89-O2", "iree:cuda-sm120-O2"}
    for c in cuda:
        a = frontends.availability(c)
        assert a.status == "runs" and a.simulated and "(no device" in a.why, (c.name, a)


def test_on_a_hopper_device_sm80_runs_by_ptx_jit_and_sm120_which_it_cannot_run_is_simulated(monkeypatch):
    driver = cd.Driver(cd.Path("/usr/lib/x86_64-linux-gnu/libcuda.so.1"), cd.Path("/c/libcuda.so"))
    monkeypatch.setattr(cd, "device", lambda: (driver, H200, ""))
    monkeypatch.delenv("KERNELFUZZ_SIMULATE", raising=False)
    by = {c.name: frontends.availability(c) for c in iree_frontend.CONFIGS if c.target == "cuda"}
    assert by["iree:cuda-sm80-O2"].status == "runs" and not by["iree:cuda-sm80-O2"].simulated
    assert "NVIDIA driver /usr/lib/x86_64-linux-gnu/libcuda.so.1 via link" in by["iree:cuda-sm80-O2"].why
    assert by["iree:cuda-sm120-O2"].simulated and "newer than the device" in by["iree:cuda-sm120-O2"].why
    monkeypatch.setenv("KERNELFUZZ_SIMULATE", "1")  # forced: the simulator even where the device runs it
    assert frontends.availability(next(c for c in iree_frontend.CONFIGS if c.name == "iree:cuda-sm80-O2")).simulated


def test_this_machine_reports_its_device_or_why_there_is_none():
    driver, dev, why = cd.device()
    if driver.library is None:  # no driver installed (this project's CI machines)
        assert dev is None and why
        assert cd.availability("sm_80").why.startswith("no device")
    elif dev is None:  # a driver without a usable device behind it
        assert why and cd.availability("sm_80").why.startswith("no device")
    else:  # a GPU machine: the device is named, with its architecture
        assert dev.name and dev.sm.startswith("sm_") and not why


# A stand-in driver library (C, built with the system compiler): the six driver calls kernelfuzz makes, answering
# for one device, so the search, the link and the loader path of spawned workers are exercised for real.
FAKE_DRIVER = r"""
#include <string.h>
int cuInit(unsigned f) { return 0; }
int cuDeviceGetCount(int *n) { *n = 1; return 0; }
int cuDeviceGet(int *d, int i) { *d = i; return 0; }
int cuDeviceGetName(char *s, int len, int d) { strncpy(s, "Stand-in GPU", len); return 0; }
int cuDeviceGetAttribute(int *v, int attr, int d) { *v = attr == 75 ? 9 : 0; return 0; }
int cuDriverGetVersion(int *v) { *v = 13000; return 0; }
"""


def _probe_libcuda_so():
    import ctypes
    return ctypes.CDLL("libcuda.so").cuDriverGetVersion is not None


def _with_stand_in_driver(drv: str, cache: str) -> dict:
    """In a process of its own: the stand-in stays loaded in whatever process opened it, and NVRTC, which looks
    for libcuda.so.1 when it compiles, crashed on it in the pytest process (test_tvm_cuda, later in the suite)."""
    import multiprocessing

    os.environ["XDG_CACHE_HOME"] = cache
    cd.DIRS = (drv,)
    driver, dev, _ = cd.device()
    with multiprocessing.get_context("spawn").Pool(1) as pool:  # as pebble spawns lane workers
        worker_loads_it = pool.apply(_probe_libcuda_so)
    return {"library": str(driver.library), "linked": driver.linked and str(driver.linked.parent),
            "path": os.environ["LD_LIBRARY_PATH"].split(":")[0],
            "device": (dev.name, dev.sm, dev.facts(driver)["device"]["cuda_driver"]),
            "why": cd.availability("sm_80").why, "worker": worker_loads_it}


def test_a_driver_with_only_libcuda_so_1_is_linked_and_spawned_workers_load_it(tmp_path):
    import multiprocessing
    import shutil
    import subprocess
    from concurrent.futures import ProcessPoolExecutor

    if shutil.which("gcc") is None:
        pytest.skip("no C compiler to build the stand-in driver")
    if cd.find_libcuda() is not None:
        pytest.skip("a real NVIDIA driver is installed here")
    drv = tmp_path / "drv"
    drv.mkdir()
    (tmp_path / "fake.c").write_text(FAKE_DRIVER)
    subprocess.run(["gcc", "-shared", "-fPIC", "-Wl,-soname,libcuda.so.1", "-o", str(drv / "libcuda.so.1"),
                    str(tmp_path / "fake.c")], check=True)
    with ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn")) as pool:
        got = pool.submit(_with_stand_in_driver, str(drv), str(tmp_path / "cache")).result()
    assert got["library"] == str(drv / "libcuda.so.1") and got["linked"] is not None
    assert got["path"] == got["linked"]
    assert got["device"] == ("Stand-in GPU", "sm_90", "13.0")
    assert got["why"].startswith(f"NVIDIA driver {drv}/libcuda.so.1 via link")
    assert got["worker"]


def test_a_driver_iree_cannot_open_keeps_iree_cuda_compile_only_with_the_reason(monkeypatch):
    stuck = cd.Driver(cd.Path("/usr/lib/libcuda.so.1"), problem="IREE opens libcuda.so only, and no folder could hold")
    monkeypatch.setattr(cd, "device", lambda: (stuck, H200, ""))
    a = cd.availability("sm_80")
    assert a.status == "compile-only" and "no folder could hold" in a.why


def test_hip_results_record_the_selection(monkeypatch):
    monkeypatch.setenv("HIP_VISIBLE_DEVICES", "1")
    monkeypatch.setenv(settings.DEVICE.name, "0")
    assert cd.device_facts("hip") == {"device": {"HIP_VISIBLE_DEVICES": "1", "index": 0}}
    assert cd.device_facts("local-task") == {}


@pytest.mark.compilers
def test_device_option_reaches_the_workers_and_the_facts_of_a_real_compile(monkeypatch):
    """`--device 3` as the CLI sets it, before the lane spawns: a real IREE gfx942 compile in the worker records it."""
    import click
    from click.testing import CliRunner

    from fuzz.case.workload import to_json
    from fuzz.cli import common
    from fuzz.execute.isolate import Lane
    from tests import stored
    monkeypatch.setenv(settings.DEVICE.name, "0")  # recorded as it was, so teardown restores it (--device sets it)
    monkeypatch.delenv(settings.DEVICE.name)

    @common.device_option
    def probe():
        pass
    CliRunner().invoke(click.command()(probe), ["--device", "3"])
    gfx = next(c for c in iree_frontend.CONFIGS if c.name == "iree:gfx942-O2")
    lane = Lane.for_configs([gfx])
    try:
        c = lane.compile(gfx, to_json(stored("fanout-exact-seed7.json")), 300)
    finally:
        lane.close()
    assert c.status == "ok"
    from frontends.devices import cuda_driver, hip_sim
    if hip_sim.simulated():  # no HIP device here: the run is the simulator's and no device is named
        assert c.payload[1]["executor"].startswith("simulated") and "device" not in c.payload[1]
        assert cuda_driver.device_facts("hip") == {"device": {"index": 3}}  # what a device result would record
    else:
        assert c.payload[1]["device"] == {"index": 3}
    monkeypatch.delenv(settings.DEVICE.name)
