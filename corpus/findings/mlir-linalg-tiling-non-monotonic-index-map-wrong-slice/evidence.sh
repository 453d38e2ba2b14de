#!/bin/sh
# Evidence for FINDING.md: compile-only for CUDA (iree-compile 3.13.0 on PATH), llvm-cpu runs here, python + numpy.
# sh evidence.sh > evidence.txt 2>&1
cd "$(dirname "$0")"
. ./verdict.sh
need iree-compile iree-run-module python
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
evidence() {
export PYTHONPATH="$(cd ../../.. && pwd)${PYTHONPATH:+:$PYTHONPATH}"  # kernelfuzz's PTX simulator, frontends/devices/ptx
CUDA="--iree-hal-target-device=cuda --iree-cuda-target=sm_80 --iree-opt-level=O2"
CPU="--iree-hal-target-device=local --iree-hal-local-target-device-backends=llvm-cpu --iree-llvmcpu-target-cpu=host --iree-opt-level=O2"
build() {  # build NAME MLIR [FLAGS...]: PTX dump + host program for ptxsim
  n=$1; m=$2; shift 2
  iree-compile "$m" -o "$W/$n.vmfb" $CUDA "$@" --iree-hal-dump-executable-files-to="$W/$n" || return 1
  iree-compile "$m" -o "$W/$n.et.mlir" $CUDA "$@" --compile-to=executable-targets
}
sim() {  # sim NAME REF IN... : kernelfuzz's PTX simulator (not a GPU) on IREE's PTX
  n=$1; ref=$2; shift 2
  python - "$W/$n" "$ref" "$@" <<'PY'
import sys, numpy as np
from frontends.devices import ptx as ptxsim
b, ref, *ins = sys.argv[1:]
o = ptxsim.run_module(b + ".et.mlir", b, [np.load(p) for p in ins], memory=ptxsim.Memory(outside="zero"))[0]
r = np.load(ref)
print("  ptxsim:", o.ravel().tolist())
print("  reference:", r.ravel().tolist(), "->", "exact" if np.array_equal(o.astype(float), r.astype(float)) else
      f"WRONG ({int((o.astype(float) != r.astype(float)).sum())} of {r.size})")
np.save(b + ".out.npy", o)
PY
}

printf '## 1. reversed map, kernel.mlir: out[i, j] = x[4 - i] + y[i, j]. Workgroup tile [1, 32]: after\n'
printf '##    TileAndDistributeToWorkgroupsUsingForallOpPass the slice of x is offset -i, size 5 (out of bounds for i > 0),\n'
printf '##    the tiled generic keeps the map -d0 + 4 on it; the full-size slice is later folded into x itself, so every\n'
printf '##    workgroup reads x[4]\n'
iree-compile kernel.mlir -o /dev/null $CUDA --mlir-print-ir-after=iree-codegen-tile-and-distribute-to-workgroups-using-forall-op \
  --mlir-print-ir-after=iree-codegen-gpu-greedily-distribute-to-threads --mlir-disable-threading 2>&1 |
  grep -E "IR Dump|scf.forall \(|affine.apply|extract_slice %[0-9]+\[|linalg.generic" | grep -v binding | cut -c1-250
build rev kernel.mlir
grep -o 'lowering_config = #iree_gpu.lowering_config<{[^}]*}>' "$W"/rev/configured_*.mlir
sim rev reference/op0.npy inputs/in0.npy inputs/in1.npy
python -c "import numpy as np; x=np.load('inputs/in0.npy'); y=np.load('inputs/in1.npy'); o=np.load('$W/rev.out.npy'); print('  ptxsim == x[4] + y everywhere:', bool(np.array_equal(o, x[4] + y)))"
printf '##    control, identity map x[i] (kernel_identity.mlir):\n'
build id kernel_identity.mlir
python -c "import numpy as np; x=np.load('inputs/in0.npy'); y=np.load('inputs/in1.npy'); np.save('$W/id.ref.npy', x[:, None] + y)"
sim id "$W/id.ref.npy" inputs/in0.npy inputs/in1.npy
printf '##    llvm-cpu (run here):\n'
iree-compile kernel.mlir -o "$W/cpu.vmfb" $CPU && iree-run-module --module="$W/cpu.vmfb" --device=local-task --function=main \
  --input=@inputs/in0.npy --input=@inputs/in1.npy --output=@"$W/cpu.npy" > /dev/null &&
  python -c "import numpy as np; print('  llvm-cpu:', 'exact' if np.array_equal(np.load('$W/cpu.npy'), np.load('reference/op0.npy')) else 'WRONG')"

printf '\n## 2. the same slice computation with a tile covering the whole loop (workgroup tile 64 via\n'
printf '##    --iree-hal-substitute-executable-configuration) gives a slice of size 1 and the verifier rejects it:\n'
for f in "$W"/rev/configured_*.mlir; do
  sed -E 's/workgroup = \[1, 32\]/workgroup = [64, 64]/' "$f" > "$W/wg64.mlir"
done
iree-compile kernel.mlir -o /dev/null $CUDA --iree-hal-substitute-executable-configuration=main_dispatch_0="$W/wg64.mlir" 2>&1 |
  grep -m1 "inferred input/output operand" | sed 's/^[^ ]* //'

printf '\n## 3. the campaign case (campaign-reversed-int8/, seed1643070375; int8 -> i32, measured on the H200: 8 of 20\n'
printf '##    elements wrong, first (0,2,0)): ptxsim gives the same 8 elements; rows i >= 2 use x[4] (rows 0 and 1 are right\n'
printf '##    by arithmetic: remsi by 15 and by -15 agree)\n'
build camp campaign-reversed-int8/kernel.mlir
python - "$W/camp" <<'PY'
import sys, numpy as np
from frontends.devices import ptx as ptxsim
b = sys.argv[1]
x, y = np.load("campaign-reversed-int8/inputs/in0.npy"), np.load("campaign-reversed-int8/inputs/in1.npy")
o = ptxsim.run_module(b + ".et.mlir", b, [x, y], memory=ptxsim.Memory(outside="zero"))[0]
lo, hi = np.load("campaign-reversed-int8/reference/op1.lo.npy"), np.load("campaign-reversed-int8/reference/op1.hi.npy")
bad = np.argwhere((o < lo) | (o > hi))   # kernelfuzz's bound (the f16 round trip of op1 allows a range)
print("  ptxsim outside the bound:", len(bad), "first:", [tuple(map(int, i)) for i in bad[:5]])
def f(xv, yv):
    v = np.fmod(yv.astype(np.int64), (xv.astype(np.int64) | 1)) | 4
    return v
model = f(np.broadcast_to(x[0, 4], y.shape), y)   # every row with x[0, 4] instead of x[0, 4 - i]
print("  ptxsim == model 'x[0, 4] for every row':", bool(np.array_equal(o, model)))
PY

printf '\n## 4. mod map, mod/kernel.mlir: out[b] = sum_{r<4, j<8} x[b, r, j mod 3, j]. VectorDistribute; the workgroup\n'
printf '##    slice of x is [1, 4, 2, 8]: the extent of `j mod 3` over j in [0, 8) taken as (7 mod 3) + 1 = 2, not 3\n'
iree-compile mod/kernel.mlir -o /dev/null $CUDA --mlir-print-ir-after=iree-codegen-tile-and-distribute-to-workgroups-using-forall-op \
  --mlir-disable-threading 2>&1 | grep -E "extract_slice %[0-9]+\[" | cut -c1-200
build mod mod/kernel.mlir
grep -o 'lowering_config = #iree_gpu.lowering_config<{[^}]*}>' "$W"/mod/configured_*.mlir
sim mod mod/reference/op0.npy mod/inputs/in0.npy
python -c "
import numpy as np; x=np.load('mod/inputs/in0.npy').astype(float); o=np.load('$W/mod.out.npy')
m=[sum(x[b,r,j%3,j] for r in range(4) for j in range(8) if j%3!=2) for b in range(2)]
print('  sum without the j mod 3 == 2 terms:', m, '== ptxsim:', bool(np.allclose(m, o)))"
printf '##    j < 9 ((9-1) mod 3 = 2, the endpoint is the maximum) and mod 4 over j < 8 ((8-1) mod 4 = 3): exact\n'
for v in n9 mod4; do
  build $v mod/kernel_$v.mlir
  python -c "
import numpy as np
rng = np.random.default_rng(5); n = 9 if '$v' == 'n9' else 8; m = 3 if '$v' == 'n9' else 4
x = rng.integers(-3, 4, (2, 4, m, n)).astype(np.float32); np.save('$W/$v.in.npy', x)
np.save('$W/$v.ref.npy', np.array([sum(x[b,r,j%m,j] for r in range(4) for j in range(n)) for b in range(2)], np.float32))"
  sim $v "$W/$v.ref.npy" "$W/$v.in.npy"
done
printf '##    the campaign case mod/campaign/ (seed1289313161, i8 x i8 -> i32, measured on the H200: 2 of 2 wrong):\n'
build mc mod/campaign/kernel.mlir
sim mc mod/campaign/reference/op0.npy mod/campaign/inputs/in0.npy mod/campaign/inputs/in1.npy
}
evidence "$@" > "$W/log" 2>&1
cat "$W/log"
logged() { grep -qE -- "$1" "$W/log"; }  # the evidence printed a line matching it
echo "== the claims of FINDING.md"
claim "reversed map on CUDA (PTX simulator): wrong, every row reads x[4]" eval "logged 'WRONG \(16 of 20\)' && logged 'ptxsim == x\[4\] \+ y everywhere: True'"
claim "control: the identity map and llvm-cpu are exact" eval "logged '^  llvm-cpu: exact' && [ \"\$(grep -c -- '-> exact' \"\$W/log\")\" -ge 3 ]"
claim "a whole-loop tile gives a slice of size 1 that the verifier rejects" logged 'inferred input/output operand #0 has shape'
claim "the campaign case: 8 elements outside the bound, rows >= 2 reading x[0, 4]" eval "logged 'ptxsim outside the bound: 8 ' && logged \"model 'x\\[0, 4\\] for every row': True\""
claim "mod map: the j mod 3 == 2 terms are dropped" logged 'sum without the j mod 3 == 2 terms: .* == ptxsim: True'
verdict
