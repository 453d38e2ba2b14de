"""Test helper: run a few PTX instructions in the simulator (frontends/devices/ptx) and read the registers back.

``regs(body, threads=1)`` wraps ``body`` in a kernel with every register file the tests use declared
(``%r`` b32, ``%rd`` b64, ``%rs`` b16, ``%f`` f32, ``%fd`` f64, ``%h`` b16, ``%p`` pred) and a global output
pointer ``%rd0`` (the parameter ``out``), runs it on one block of ``threads`` threads and returns each thread's
registers; ``memory`` is the global memory it ran on (64 bytes allocated at ``out``)."""
from __future__ import annotations

import struct

from frontends.devices.ptx import Memory, kernels
from frontends.devices.ptx.machine import launch

DECLS = """.reg .b32 %r<40>; .reg .b64 %rd<20>; .reg .b16 %rs<20>; .reg .f32 %f<20>; .reg .f64 %fd<10>;
.reg .b16 %h<10>; .reg .pred %p<10>;"""


def kernel_text(body: str, shared: int = 0) -> str:
    decl = f".shared .align 16 .b8 smem[{shared}];" if shared else ""
    return f""".version 7.6
.target sm_80
.address_size 64
.visible .entry k(.param .u64 out)
{{
{DECLS}
{decl}
ld.param.u64 %rd0, [out];
{body}
ret;
}}
"""


def run(body: str, threads: int = 1, shared: int = 0, out_bytes: int = 64):
    memory = Memory()
    out = memory.alloc(out_bytes)
    k = kernels([kernel_text(body, shared)])["k"]
    return launch(k, memory, [out], (1, 1, 1), (threads, 1, 1)), memory, out


def regs(body: str, threads: int = 1, shared: int = 0) -> list[dict]:
    return [t.regs for t in run(body, threads, shared)[0]]


def one(body: str, reg: str) -> int:
    return regs(body)[0][reg]


def f32(x: float) -> int:
    return struct.unpack("<I", struct.pack("<f", x))[0]


def f16(x: float) -> int:
    return struct.unpack("<H", struct.pack("<e", x))[0]
