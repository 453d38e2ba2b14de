"""fuzz/store.py: the one folder-name rule and the one .npy writer every stage uses."""
from __future__ import annotations

import numpy as np
import pytest

from fuzz.store import UnsafePath, folder_name, inside, write_npy


@pytest.mark.parametrize("name, folder", [("tvm:cpu-sampled", "tvm_cpu-sampled"), ("iree:cpu-O0", "iree_cpu-O0"),
                                          ("a b/c\\d", "a_b_c_d"), ("case_1.v2-x", "case_1.v2-x"),
                                          ("é", "_")])
def test_folder_name_keeps_letters_digits_dot_dash_underscore_and_replaces_the_rest(name, folder):
    assert folder_name(name) == folder


def test_a_folder_name_of_dots_still_cannot_leave_its_folder(tmp_path):
    with pytest.raises(UnsafePath):
        inside(tmp_path, folder_name(".."))


def test_write_npy_writes_the_array_atomically_and_leaves_no_temporary_file(tmp_path):
    a = np.arange(6, dtype=np.int8).reshape(2, 3)
    write_npy(tmp_path / "sub" / "a.npy", a)
    back = np.load(tmp_path / "sub" / "a.npy", allow_pickle=False)
    assert back.dtype == a.dtype and (back == a).all()
    assert [p.name for p in (tmp_path / "sub").iterdir()] == ["a.npy"]


@pytest.mark.parametrize("name", ["float8_e5m2", "float8_e4m3fn", "float8_e4m3fnuz", "bfloat16"])
def test_write_npy_writes_an_ml_dtypes_array_as_bytes_numpy_reads_back(tmp_path, name):
    """numpy saves float8_e5m2 with the descriptor '<f1', which np.load refuses: a bundle's inputs were unreadable."""
    t = getattr(pytest.importorskip("ml_dtypes"), name)
    a = np.array([1.0, -2.0, 0.5, 0.0], dtype=t)
    write_npy(tmp_path / "a.npy", a)
    back = np.load(tmp_path / "a.npy", allow_pickle=False)
    assert back.dtype.kind == "V" and back.view(t).tolist() == a.tolist()
