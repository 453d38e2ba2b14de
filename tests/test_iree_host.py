"""The host side of an IREE program (frontends/iree/host.py), on hand-written stream programs of the form
``iree-compile --compile-to=executable-targets`` prints, on a device whose launches are recorded, not run."""
import numpy as np
import pytest

from frontends.devices.errors import NotModelled as CannotSimulate
from frontends.devices.ptx import Memory
from frontends.iree import host

EXPORTS = """
    hal.executable.export public @k ordinal(0) layout(#l) count(%arg0: !hal.device) -> (index, index, index) {
      %c3 = arith.constant 3 : index
      %c1 = arith.constant 1 : index
      hal.return %c3, %c1, %c1 : index, index, index
    } <workgroup_size = [64 : index, 1 : index, 1 : index], subgroup_size = 32, workgroup_local_memory = 2944>
"""


def program(body: str, results: str = "%6, %7", ret: str = "!hal.buffer_view, !hal.buffer_view") -> str:
    return EXPORTS + f"""  util.func public @main(%arg0: !hal.buffer_view) -> ({ret}) attributes {{x}} {{
    %c0 = arith.constant 0 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c7_i32 = arith.constant 7 : i32
{body}
    util.return {results} : {ret}
  }}
"""


ALLOC_FILL_EXPORT = """    %0 = stream.tensor.import on(#a) %arg0 : !hal.buffer_view -> tensor<2xi32> in !stream.resource<external>{%c8}
    %result, %t = stream.resource.alloca uninitialized on(#a) : !stream.resource<external>{%c16} => !stream.timepoint
    %2 = stream.cmd.execute on(#a) await(%t) => with(%0 as %arg1: !stream.resource<external>{%c8}, %result as %arg2: !stream.resource<external>{%c16}) {
      stream.cmd.fill %c7_i32, %arg2[%c0 for %c8] : i32 -> !stream.resource<external>{%c16}
      stream.cmd.copy %arg1[%c0], %arg2[%c8], %c8 : !stream.resource<external>{%c8} -> !stream.resource<external>{%c16}
    } => !stream.timepoint
    %3 = stream.timepoint.await %2 => %result : !stream.resource<external>{%c16}
    %4 = stream.resource.subview %3[%c8] : !stream.resource<external>{%c16} -> !stream.resource<external>{%c8}
    %5 = stream.resource.subview %3[%c0] : !stream.resource<external>{%c16} -> !stream.resource<external>{%c8}
    %6 = stream.tensor.export on(#a) %4 : tensor<2xi32> in !stream.resource<external>{%c8} -> !hal.buffer_view
    %7 = stream.tensor.export on(#a) %5 : tensor<2xi32> in !stream.resource<external>{%c8} -> !hal.buffer_view"""


class Recording:
    """A device with the PTX simulator's memory whose launches are recorded as (name, grid, block, local, args)."""
    fill = 0xFF

    def __init__(self, launches):
        self.memory, self.launches = Memory(), launches

    def alloc(self, size, fill):
        return self.memory.alloc(size, fill)

    def view(self, address, n):
        return self.memory.view(address, n)

    def launch(self, name, args, grid, block, local=0):
        if self.launches is not None:
            self.launches.append((name, grid, block, local, args))


def run(text: str, inputs, launches=None):
    return host.run(text, inputs, Recording(launches))


def test_fill_copy_and_subviews_place_the_bytes_the_program_names():
    x = np.array([11, -12], np.int32)
    copied, filled = run(program(ALLOC_FILL_EXPORT), [x])
    assert copied.tolist() == [11, -12] and filled.tolist() == [7, 7]


def test_results_come_in_the_order_util_return_names_them_not_the_order_of_their_exports():
    x = np.array([11, -12], np.int32)
    filled, copied = run(program(ALLOC_FILL_EXPORT, results="%7, %6"), [x])
    assert copied.tolist() == [11, -12] and filled.tolist() == [7, 7]


def test_an_input_returned_as_is_is_a_result():
    x = np.array([1, 2, 3], np.int8)
    (out,) = run(program("", results="%arg0", ret="!hal.buffer_view"), [x])
    assert out.tolist() == [1, 2, 3]


def test_a_dispatch_launches_its_export_with_the_bindings_then_the_push_constants():
    body = ALLOC_FILL_EXPORT.replace("      stream.cmd.fill", """      stream.cmd.dispatch @e::@v::@k(%c7_i32 : i32) {
        ro %arg1[%c0 for %c8] : !stream.resource<external>{%c8},
        wo %arg2[%c8 for %c8] : !stream.resource<external>{%c16}
      }
      stream.cmd.fill""")
    launches = []
    run(program(body), [np.zeros(2, np.int32)], launches)
    (name, grid, block, local, args), = launches
    assert (name, grid, block, local) == ("k", (3, 1, 1), (64, 1, 1), 2944)
    assert args[1] - args[0] >= 256 and args[2] == 7  # two allocations apart, the output at offset 8, then 7


def test_an_unknown_host_operation_cannot_be_simulated():
    body = "    %9 = stream.async.dispatch @e::@v::@k() : () -> !stream.resource<*>"
    with pytest.raises(CannotSimulate, match="stream.async.dispatch"):
        run(program(body, results="%arg0", ret="!hal.buffer_view"), [np.zeros(1, np.int8)])


DYNAMIC = """
    hal.executable.export public @d ordinal(0) layout(#l) count(%arg0: !hal.device, %arg1: index, %arg2: index) -> (index, index, index) {
      %c1 = arith.constant 1 : index
      %0 = affine.min affine_map<()[s0, s1] -> (s1 * (s0 ceildiv 64), 2147483647)>()[%arg1, %arg2]
      hal.return %0, %c1, %c1 : index, index, index
    } <workgroup_size = [64 : index, 1 : index, 1 : index], subgroup_size = 32>
  util.func public @main(%arg0: !hal.buffer_view) -> !hal.buffer_view attributes {x} {
    %c0 = arith.constant 0 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c32_i64 = arith.constant 32 : i64
    %0 = hal.buffer_view.dim<%arg0 : !hal.buffer_view>[0] : index
    %1 = arith.muli %0, %c4 : index
    %2 = stream.tensor.import on(#a) %arg0 : !hal.buffer_view -> tensor<?xi32>{%0} in !stream.resource<external>{%1}
    %3 = arith.addi %0, %c3 : index
    %4 = arith.muli %3, %c4 : index
    %result, %t = stream.resource.alloca uninitialized on(#a) : !stream.resource<external>{%4} => !stream.timepoint
    %5 = arith.index_castui %3 : index to i64
    %6 = arith.trunci %5 : i64 to i32
    %7 = arith.shrui %5, %c32_i64 : i64
    %8 = arith.trunci %7 : i64 to i32
    %9 = stream.cmd.execute on(#a) await(%t) => with(%2 as %arg1: !stream.resource<external>{%1}, %result as %arg2: !stream.resource<external>{%4}) {
      stream.cmd.dispatch @e::@v::@d[%3, %c3](%6, %8 : i32, i32) {
        ro %arg1[%c0 for %1] : !stream.resource<external>{%1},
        wo %arg2[%c0 for %4] : !stream.resource<external>{%4}
      }
    } => !stream.timepoint
    %10 = stream.timepoint.await %9 => %result : !stream.resource<external>{%4}
    %11 = stream.tensor.export on(#a) %10 : tensor<?xi32>{%3} in !stream.resource<external>{%4} -> !hal.buffer_view
    util.return %11 : !hal.buffer_view
  }
"""


def test_a_dynamic_dispatch_gets_its_counts_from_the_workload_and_its_sizes_from_the_input_views():
    launches = []
    (out,) = run(DYNAMIC, [np.arange(130, dtype=np.int32)], launches)
    (name, grid, block, local, args), = launches
    assert (name, grid, block) == ("d", (9, 1, 1), (64, 1, 1))  # 3 * ceil(133 / 64)
    assert args[2:] == [133, 0] and out.shape == (133,)  # the dim's low and high words; the export's size


def test_a_static_count_is_a_tuple_and_a_dynamic_one_is_computed_per_dispatch():
    static, dynamic = host.exports(EXPORTS)["k"][0], host.exports(DYNAMIC)["d"][0]
    assert static == (3, 1, 1) and dynamic([200, 2]) == (8, 1, 1)


def test_an_unmodelled_operation_of_a_count_region_raises_naming_it():
    text = DYNAMIC.replace("%0 = affine.min", "%0 = arith.mulsi_extended %arg1, %arg2 : index\n      %z = affine.min")
    with pytest.raises(CannotSimulate, match="arith.mulsi_extended"):
        run(text, [np.arange(130, dtype=np.int32)])


# IREE 3.3 prints an export's attributes first and its count region as a ^bb0 block (dynamic LDS in the attributes)
EXPORT_3_3 = """
    hal.executable.export public @old ordinal(0) layout(#l) attributes {subgroup_size = 64 : index, workgroup_local_memory = 8192 : index, workgroup_size = [256 : index, 1 : index, 1 : index]} {
    ^bb0(%arg0: !hal.device, %arg1: index):
      %c1 = arith.constant 1 : index
      %0 = affine.apply affine_map<()[s0] -> (s0 ceildiv 256)>()[%arg1]
      hal.return %0, %c1, %c1 : index, index, index
    }
"""


def test_iree_3_3_s_export_form_gives_its_count_region_size_and_local_memory():
    count, size, local = host.exports(EXPORT_3_3)["old"]
    assert size == (256, 1, 1) and local == 8192 and count([1000]) == (4, 1, 1)


@pytest.mark.parametrize("tensor,dtype", [("4xbf16", "bfloat16"), ("8xf8E4M3FNUZ", "float8_e4m3fnuz")])
def test_an_export_of_the_newer_float_types_keeps_their_bytes(tensor, dtype):
    import ml_dtypes  # noqa: F401  (registers the types with numpy by name)
    exports = ALLOC_FILL_EXPORT.replace("tensor<2xi32> in !stream.resource<external>{%c8} -> !hal",
                                        f"tensor<{tensor}> in !stream.resource<external>{{%c8}} -> !hal")
    text = program(exports)
    first, second = run(text, [np.array([7, 9], np.int32)])
    assert first.dtype == np.dtype(dtype) and first.view(np.int32).tolist() == [7, 9]  # the copied input's bytes
