# kernelfuzz target: {"kind": "cuda", "arch": "sm_80"}
# from tvm.script import ir as I
# from tvm.script import tirx as T
# from tvm.tirx.layout import Axis

@I.ir_module
class Module:
    @T.prim_func(s_tir=True)
    def main(in0: T.Buffer((1, 3, 7, 6), "int8"), in1: T.Buffer((4, 3, 1, 1), "int8"), op0: T.Buffer((1, 4, 7, 6), "int32")):
        T.func_attr({"tirx.is_scheduled": True, "tirx.noalias": True})
        # with T.sblock("root"):
        op0_reindex_pad_local = T.sblock_alloc_buffer((1, 64, 64), "int32", scope="local")
        in0_reindex_pad_shared = T.sblock_alloc_buffer((1, 64, 16), "int8", scope="shared")
        in1_reindex_pad_shared = T.sblock_alloc_buffer((1, 64, 16), "int8", scope="shared")
        for ax0_ax2_0_fused in T.thread_binding(1, thread="blockIdx.y"):
            for ax1_0 in T.thread_binding(2, thread="blockIdx.x"):
                for ax2_1 in T.thread_binding(1, thread="vthread.y"):
                    for ax1_1 in T.thread_binding(1, thread="vthread.x"):
                        for ax2_2 in T.thread_binding(16, thread="threadIdx.y"):
                            for ax1_2 in T.thread_binding(8, thread="threadIdx.x", annotations={"pragma_auto_unroll_max_step": 256, "pragma_unroll_explicit": 1}):
                                for ax1_3_init, ax2_3_0_init in T.grid(4, 2):
                                    for ax2_3_1_init in T.vectorized(2):
                                        with T.sblock("op0_init"):
                                            v0 = T.axis.spatial(1, 0)
                                            v1 = T.axis.spatial(64, ax1_0 * 32 + ax1_1 * 32 + ax1_2 * 4 + ax1_3_init)
                                            v2 = T.axis.spatial(64, ax2_1 * 64 + ax2_2 * 4 + ax2_3_0_init * 2 + ax2_3_1_init)
                                            T.reads()
                                            T.writes(op0_reindex_pad_local[0, v1, v2])
                                            op0_reindex_pad_local[0, v1, v2] = 0
                                for ax3_0 in range(1):
                                    for ax0_ax1_ax2_fused_0 in T.thread_binding(16, thread="threadIdx.y"):
                                        for ax0_ax1_ax2_fused_1 in T.thread_binding(8, thread="threadIdx.x"):
                                            for ax0_ax1_ax2_fused_2 in range(2):
                                                for ax0_ax1_ax2_fused_3 in T.vectorized(2):
                                                    with T.sblock("in0_reindex_pad_shared"):
                                                        v0 = T.axis.spatial(1, 0)
                                                        v1 = T.axis.spatial(64, ax1_0 * 32 + (ax0_ax1_ax2_fused_0 * 32 + ax0_ax1_ax2_fused_1 * 4 + ax0_ax1_ax2_fused_2 * 2 + ax0_ax1_ax2_fused_3) // 16)
                                                        v2 = T.axis.spatial(16, (ax0_ax1_ax2_fused_0 * 32 + ax0_ax1_ax2_fused_1 * 4 + ax0_ax1_ax2_fused_2 * 2 + ax0_ax1_ax2_fused_3) % 16)
                                                        T.reads(in0[0, v2, v1 // 6, v1 % 6])
                                                        T.writes(in0_reindex_pad_shared[v0, v1, v2])
                                                        T.sblock_attr({"buffer_dim_align": [[0, 1, 8, 2]]})
                                                        in0_reindex_pad_shared[v0, v1, v2] = T.if_then_else(v1 < 42 and v2 < 3, in0[0, v2, v1 // 6, v1 % 6], T.int8(0))
                                    for ax0_ax1_ax2_fused_0 in T.thread_binding(16, thread="threadIdx.y"):
                                        for ax0_ax1_ax2_fused_1 in T.thread_binding(8, thread="threadIdx.x"):
                                            for ax0_ax1_ax2_fused_2 in range(4):
                                                for ax0_ax1_ax2_fused_3 in T.vectorized(2):
                                                    with T.sblock("in1_reindex_pad_shared"):
                                                        v0 = T.axis.spatial(1, 0)
                                                        v1 = T.axis.spatial(64, (ax0_ax1_ax2_fused_0 * 64 + ax0_ax1_ax2_fused_1 * 8 + ax0_ax1_ax2_fused_2 * 2 + ax0_ax1_ax2_fused_3) // 16)
                                                        v2 = T.axis.spatial(16, (ax0_ax1_ax2_fused_0 * 64 + ax0_ax1_ax2_fused_1 * 8 + ax0_ax1_ax2_fused_2 * 2 + ax0_ax1_ax2_fused_3) % 16)
                                                        T.reads(in1[v1, v2, 0, 0])
                                                        T.writes(in1_reindex_pad_shared[v0, v1, v2])
                                                        T.sblock_attr({"buffer_dim_align": [[0, 1, 8, 2]]})
                                                        in1_reindex_pad_shared[v0, v1, v2] = T.if_then_else(v1 < 4 and v2 < 3, in1[v1, v2, 0, 0], T.int8(0))
                                    for ax3_1, ax1_3, ax2_3_0 in T.grid(16, 4, 2):
                                        for ax2_3_1 in T.vectorized(2):
                                            with T.sblock("op0_update"):
                                                v0 = T.axis.spatial(1, 0)
                                                v1 = T.axis.spatial(64, ax1_0 * 32 + ax1_1 * 32 + ax1_2 * 4 + ax1_3)
                                                v2 = T.axis.spatial(64, ax2_1 * 64 + ax2_2 * 4 + ax2_3_0 * 2 + ax2_3_1)
                                                v3 = T.axis.reduce(16, ax3_0 * 16 + ax3_1)
                                                T.reads(op0_reindex_pad_local[0, v1, v2], in0_reindex_pad_shared[0, v1, v3], in1_reindex_pad_shared[0, v2, v3])
                                                T.writes(op0_reindex_pad_local[0, v1, v2])
                                                op0_reindex_pad_local[0, v1, v2] = op0_reindex_pad_local[0, v1, v2] + (T.Cast("int32", in0_reindex_pad_shared[0, v1, v3]) + 61) * (T.Cast("int32", in1_reindex_pad_shared[0, v2, v3]) - 61)
                                for ax0, ax1, ax2_0 in T.grid(1, 4, 2):
                                    for ax2_1_1 in T.vectorized(2):
                                        with T.sblock("op0_reindex_pad_local"):
                                            v0 = T.axis.spatial(1, ax0)
                                            v1 = T.axis.spatial(64, ax1_0 * 32 + ax1_2 * 4 + ax1)
                                            v2 = T.axis.spatial(64, ax2_2 * 4 + ax2_0 * 2 + ax2_1_1)
                                            T.where(ax2_2 * 4 + ax2_0 * 2 + ax2_1_1 < 4 and ax1_0 * 32 + ax1_2 * 4 + ax1 < 42)
                                            T.reads(op0_reindex_pad_local[v0, v1, v2])
                                            T.writes(op0[0, v2, v1 // 6, v1 % 6])
                                            op0[0, v2, v1 // 6, v1 % 6] = op0_reindex_pad_local[v0, v1, v2]