"""frontends/tvm/errors.py: only TVM's errors are TVM's verdicts; kernelfuzz's own errors inside a compile stay
kernelfuzz's (marked `compilers`: they run TVM)."""
import json

import pytest

import frontends
from frontends.tvm import errors, frontend as tvm_frontend
from fuzz.case.workload import load
from fuzz.execute.backend import CompilerFailure
from tests import ROOT

pytestmark = pytest.mark.compilers
SAMPLED = next(c for c in frontends.all_configs() if c.name == "tvm:cpu-sampled")
SEED = f"{ROOT}/corpus/seeds/tvm-hexagon-conv2d-fp16.json"


def _raised(f) -> BaseException:
    try:
        f()
    except Exception as e:  # noqa: BLE001  the exception itself is what is judged
        return e
    raise AssertionError("nothing raised")


def test_an_error_from_tvms_cpp_is_tvms_rejection():
    import tvm
    from tvm import te
    a = te.placeholder((4,), name="A")
    func = te.create_prim_func([a, te.compute((4,), lambda i: a[i] + 1, name="B")])
    e = _raised(lambda: tvm.s_tir.Schedule(tvm.IRModule({"main": func})).get_sblock("no_such_block"))
    assert errors.raised_by_tvm(e)
    failure = errors.verdict(e, "src", {})
    assert isinstance(failure, CompilerFailure) and not failure.crashed and "no_such_block" in str(failure)


def test_a_python_exception_inside_tvm_is_a_crash_named_by_its_line():
    import tvm
    e = _raised(lambda: tvm.s_tir.Schedule("not a module"))
    assert errors.raised_by_tvm(e) and not isinstance(e, (RuntimeError, ValueError))
    failure = errors.verdict(e, "src", {})
    assert failure.crashed and "tvm/" in str(failure) and type(e).__name__ in str(failure)


def test_kernelfuzz_own_error_around_tvm_calls_is_raised_as_it_is():
    """A stored trace that does not parse is kernelfuzz's problem (a damaged case file), not TVM rejecting it."""
    e = _raised(lambda: json.loads("{damaged"))
    assert not errors.raised_by_tvm(e)
    with pytest.raises(json.JSONDecodeError):
        errors.verdict(e, "src", {})


def test_a_compile_with_a_damaged_stored_trace_is_not_filed_as_a_tvm_rejection(tmp_path):
    case = load(SEED).with_schedule(SAMPLED.name, "[[\"damaged")
    with pytest.raises(json.JSONDecodeError):
        tvm_frontend.compile(case, SAMPLED, str(tmp_path))
