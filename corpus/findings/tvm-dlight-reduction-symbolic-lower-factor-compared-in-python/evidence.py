"""What dlight's gpu.Reduction compares (TVM only): the reduced module through Relax's CUDA pipeline, with the rule's
_get_spatial_domains_in_access_order wrapped to print each split of the dominant read before it runs, then the error.
Also the same module with the dims static (as kernelfuzz's static control would build it): compiles.
Exit status 1 when the rule's comparison raises (a TypeError or ValueError from `lower_factor > 1`), as the
script it wraps judges it."""
import verdict  # the exit rule, beside this script: an uncaught error exits 2 or 3, never 1
verdict.install()
import os
import runpy
import sys

from tvm.s_tir.dlight.gpu import reduction

HERE = os.path.dirname(os.path.abspath(__file__))
original = reduction._get_spatial_domains_in_access_order


def shown(block_info, access):
    for s in access.args:
        print(f"split of {s.source.source}: lower_factor {s.lower_factor!r} ({type(s.lower_factor).__name__}), "
              f"extent {s.extent!r}, scale {s.scale!r}", flush=True)
    return original(block_info, access)


reduction._get_spatial_domains_in_access_order = shown
try:
    runpy.run_path(os.path.join(HERE, "tvm_relax-cuda-dlight.py"), run_name="__main__")
except SystemExit as e:  # the script judged the compile itself (its exit rule): pass its verdict on
    print("tvm_relax-cuda-dlight.py exit status", e.code)
    sys.exit(e.code if e.code in (0, 1, 2) else 2)
except Exception as e:  # the bug: the rule raises instead of declining
    print(f"{type(e).__name__} from gpu.Reduction: {str(e).splitlines()[-1][:200]}")
    sys.exit(1)
