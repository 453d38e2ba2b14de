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
