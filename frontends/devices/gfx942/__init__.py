"""A functional simulator of AMD CDNA3 (gfx942) wavefronts, for the kernels IREE (and later TVM) compile for gfx942.

What enters: the AMDGPU assembly of a code object (IREE's ``--iree-hal-dump-executable-files-to`` ``.rocmasm``,
whose ``.amdhsa_kernel`` descriptor and ``.amdgpu_metadata`` give the kernarg layout, LDS size and workgroup size),
a grid, kernarg bytes and a flat global memory.  What leaves: that memory as the kernel left it, plus a report of
out-of-bounds accesses and LDS races, and of reads of what nothing wrote (private bytes, and SGPRs that neither the
ABI nor the wave wrote: ``state.Wave.sw``; they read 0, and the record says the value may be no answer).

The modules, QEMU/Unicorn-style: ``asm`` (with ``operands``) decodes once into records; ``state`` is a wave's
registers; ``lanes``, ``vector``, ``valu`` and ``dpp`` are the VALU operand path (typed lanes, SDWA/DPP/op_sel and
the float modifiers); one module per instruction family: ``ops_salu`` (scalar ALU and branches), ``ops_vint``,
``ops_vfloat``, ``ops_vdiv`` (the f32 division macro), ``ops_gpridx`` (VGPR indexing mode), ``ops_vlane``
(compares, masks, carries, lane reads), ``ops_vop3p`` (packed math, dot products), ``ops_fp8`` (float8 widening
conversions), ``ops_mfma`` (f16, bf16, i8, f32 and fp8/bf8), ``ops_mem`` (SMEM, MUBUF, global, flat) and ``ops_ds``
(LDS, swizzle, permute); ``denorm`` the MODE register's float fields (f32 denormals kept or flushed, switched by
``s_setreg_imm32_b32``); ``memory`` holds global memory and LDS as the HIP runtime allocates them; ``machine`` is
the thin loop that dispatches wave by wave (the reference); ``lockstep`` runs a launch's waves together, many
workgroups at once, grouped by program counter (``group``: their registers as one (registers, waves x 64) array,
their scalar registers as arrays over the waves, and their LDS; ``gops``: the group forms of the memory
handlers, with ``gmem`` moving buffer loads and stores as rows; ``gmfma``: of MFMA; ``gvalu``: of the integer VALU instructions, in 32-bit
lanes; ``gsalu``: of the scalar ALU instructions and branches; ``glane``: of the lane-crossing ones), handing a launch over to ``machine`` where the order of a fault decides what is reported; ``launch``
sets up the initial wave state and runs a grid; ``kernarg`` lays out the kernel arguments as the HIP runtime does;
``device`` is the simulator behind the device interface every simulated device gives
(``frontends/devices/simulation.py``), which IREE's and TVM's host sides drive.

What it models: wave64 wavefronts (EXEC, VCC, SCC, M0, SGPRs, VGPRs and AGPRs), each instruction applied to the 64
lanes at once under EXEC; scalar memory (s_load, s_buffer_load), vector memory through V# buffer resource
descriptors (raw buffers: out-of-range loads read 0, stores are dropped, both reported), global_* and flat_* to
global memory, LDS (ds_*, with swizzle, permute and bpermute) with races between barriers reported; SDWA, DPP,
op_sel and the float input/output modifiers; 16/32/64-bit integer and f16/f32 arithmetic (f32 denormals kept or
flushed as MODE says), packed math, dot products, MFMA (CDNA3 register layouts); s_barrier and EXEC-mask control
flow; dynamic LDS after the static segment; the HIP runtime's private stack for kernels with a dynamic stack.
Waves of one workgroup run one after another between barriers (``machine``), or all at once an instruction at a
time (``lockstep``): both are legal schedules, a program whose result depends on the schedule has a race, and LDS
races are reported (global memory races are not checked: there the two may differ).

What it does not model: timing, caches and memory ordering (a functional model completes each memory operation
before the next instruction; ``waitcnt`` follows what would still be outstanding on gfx942 and reports a register
read or written before the ``s_waitcnt`` that covers its load, as a fact and a fault of the compiled code),
traps, function calls, the AMDGPU driver and firmware (the command processor's dispatch packet beyond the
work-group ids and work-item ids it provides), and any instruction or modifier its tables do not name: those raise
``Unmodelled`` (the core's ``NotModelled``, ``frontends/devices/errors.py``) naming the instruction and modifier,
never compute a guess; what the program does wrong raises or reports the core's faults.

No AMD hardware has checked this simulator.  Its tests come from the CDNA3 ISA reference's definitions, LLVM's
AMDGPU backend, gem5's functional Vega/CDNA model (read for semantics) and AMD's matrix instruction calculator.
"""
from frontends.devices.gfx942.errors import Report, SimError, Unmodelled

__all__ = ["Report", "SimError", "Unmodelled"]
