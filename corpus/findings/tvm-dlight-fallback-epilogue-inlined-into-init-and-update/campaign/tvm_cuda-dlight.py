# kernelfuzz target: {"kind": "cuda", "arch": "sm_80"}
# from tvm.script import ir as I
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@I.ir_module
class Module:
    @T.prim_func(s_tir=True)
    def main(in0: T.Buffer((2, 1, 23, 32), "int8"), in1: T.Buffer((1, 1, 1, 1), "int8"), op1: T.Buffer((2, 1, 23, 32), "int32")):
        T.func_attr({"tirx.is_scheduled": True, "tirx.noalias": True})
        # with T.sblock("root"):
        for ax0_ax1_ax2_fused_0 in T.thread_binding(2, thread="blockIdx.x"):
            for ax0_ax1_ax2_fused_1 in T.thread_binding(1024, thread="threadIdx.x"):
                with T.sblock("op0"):
                    v0 = T.axis.spatial(2, (ax0_ax1_ax2_fused_0 * 1024 + ax0_ax1_ax2_fused_1) // 736)
                    v1 = T.axis.spatial(23, (ax0_ax1_ax2_fused_0 * 1024 + ax0_ax1_ax2_fused_1) % 736 // 32)
                    v2 = T.axis.spatial(32, (ax0_ax1_ax2_fused_0 * 1024 + ax0_ax1_ax2_fused_1) % 32)
                    T.where(ax0_ax1_ax2_fused_0 * 1024 + ax0_ax1_ax2_fused_1 < 1472)
                    T.reads(in0[v0, 0, v1, v2], in1[0, 0, 0, 0])
                    T.writes(op1[v0, 0, v1, v2])
                    with T.init():
                        op1[v0, 0, v1, v2] = T.Add(0, T.Cast("int32", in0[v0, 0, v1, v2]))
                    op1[v0, 0, v1, v2] = op1[v0, 0, v1, v2] + T.Cast("int32", in0[v0, 0, v1, v2]) * T.Cast("int32", in1[0, 0, 0, 0]) + T.Cast("int32", in0[v0, 0, v1, v2])