// A hand-written stream program in the shape of IREE 3.13's --compile-to=executable-targets output for HIP: a
// hoisted constant filled by a util.initializer whose SSA names (%result, %0, %1) recur in @main.
module {
  util.global private @__hoisted_tensor_64xi32 : !stream.resource<constant>
  util.initializer {
    %c0 = arith.constant 0 : index
    %c256 = arith.constant 256 : index
    %c3_i32 = arith.constant 3 : i32
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.affinity<@__device_0>) : !stream.resource<constant>{%c256} => !stream.timepoint
    %0 = stream.cmd.execute once on(#hal.device.affinity<@__device_0>) await(%result_timepoint) => with(%result as %arg0: !stream.resource<constant>{%c256}) {
      stream.cmd.fill %c3_i32, %arg0[%c0 for %c256] : i32 -> !stream.resource<constant>{%c256}
    } => !stream.timepoint
    %1 = stream.timepoint.await sync %0 => %result : !stream.resource<constant>{%c256}
    util.global.store %1, @__hoisted_tensor_64xi32 : !stream.resource<constant>
    util.return
  }
  hal.executable private @main_dispatch_0 {
    hal.executable.variant public @rocm_hsaco_fb target(<"rocm", "rocm-hsaco-fb", {abi = "hip"}>) {
      hal.executable.export public @main_dispatch_0_add ordinal(0) layout(#hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>]>) count(%arg0: !hal.device) -> (index, index, index) {
        %c1 = arith.constant 1 : index
        hal.return %c1, %c1, %c1 : index, index, index
      } <workgroup_size = [64 : index, 1 : index, 1 : index], subgroup_size = 64>
    }
  }
  util.func public @main(%arg0: !hal.buffer_view, %arg1: !hal.buffer_view) -> (!hal.buffer_view, !hal.buffer_view) {
    %c0 = arith.constant 0 : index
    %c256 = arith.constant 256 : index
    %c512 = arith.constant 512 : index
    %__hoisted_tensor_64xi32 = util.global.load immutable @__hoisted_tensor_64xi32 : !stream.resource<constant>
    %0 = stream.tensor.import on(#hal.device.affinity<@__device_0>) %arg0 : !hal.buffer_view -> tensor<64xi32> in !stream.resource<external>{%c256}
    %1 = stream.tensor.import on(#hal.device.affinity<@__device_0>) %arg1 : !hal.buffer_view -> tensor<64xi32> in !stream.resource<external>{%c256}
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.affinity<@__device_0>) : !stream.resource<external>{%c512} => !stream.timepoint
    %2 = stream.cmd.execute on(#hal.device.affinity<@__device_0>) await(%result_timepoint) => with(%0 as %arg2: !stream.resource<external>{%c256}, %1 as %arg3: !stream.resource<external>{%c256}, %__hoisted_tensor_64xi32 as %arg4: !stream.resource<constant>{%c256}, %result as %arg5: !stream.resource<external>{%c512}) {
      stream.cmd.concurrent {
        stream.cmd.dispatch @main_dispatch_0::@rocm_hsaco_fb::@main_dispatch_0_add {
          ro %arg2[%c0 for %c256] : !stream.resource<external>{%c256},
          ro %arg3[%c0 for %c256] : !stream.resource<external>{%c256},
          wo %arg5[%c0 for %c256] : !stream.resource<external>{%c512}
        }
        stream.cmd.copy %arg4[%c0], %arg5[%c256], %c256 : !stream.resource<constant>{%c256} -> !stream.resource<external>{%c512}
      }
    } => !stream.timepoint
    %3 = stream.timepoint.await %2 => %result : !stream.resource<external>{%c512}
    %4 = stream.resource.subview %3[%c256] : !stream.resource<external>{%c512} -> !stream.resource<external>{%c256}
    %5 = stream.resource.subview %3[%c0] : !stream.resource<external>{%c512} -> !stream.resource<external>{%c256}
    %6 = stream.tensor.export on(#hal.device.affinity<@__device_0>) %4 : tensor<64xi32> in !stream.resource<external>{%c256} -> !hal.buffer_view
    %7 = stream.tensor.export on(#hal.device.affinity<@__device_0>) %5 : tensor<64xi32> in !stream.resource<external>{%c256} -> !hal.buffer_view
    util.return %7, %6 : !hal.buffer_view, !hal.buffer_view
  }
}
