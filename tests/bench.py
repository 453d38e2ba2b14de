"""Benchmarks (`make bench`): measured side by side in one run, printed as ratios.

Not part of the test suite: these machines are noisy, so nothing here is asserted.
Sections (all by default, or `--only NAME ...`), each in its own tests/bench_*.py (this file wires them):

* oracle (tests/bench_oracle.py, with mutants and reducer): false alarms of the certified-bound oracle over
           generated cases across every CPU configuration, and how much tighter the certified bound is than the
           fixed tolerance it replaced;
* mutants: detection of every planted mutant, per input mode;
* reducer: reduction time and size ratio per mutant;
* configs (tests/bench_campaign.py, with hexagon, campaign, startup and report): median compile and run time per
           configuration (compile-only ones included) on a fixed set of generated cases;
* hexagon: per-case cost of the Hexagon configuration split into TVM compile, link and
           emulation, against the CPU configuration on the same cases;
* campaign: throughput (cases per hour) with the default configurations on 1 and 2 workers,
           and the fuzzer's overhead: wall time over the compilers' and runners' own time;
* relax, dialects: the Relax and TOSA configurations (tests/bench_users.py): the share each expresses,
           compiles and runs, median compile time, PrimFuncs per case and what FuseOps fused, what
           TOSA cannot express;
* batch:   the same campaign (default configurations, 2 workers, same seeds) unbatched and in
           batches (fuzz/execute/batch.py): cases per hour (and per CPU hour, steadier on a shared machine),
           overhead ratio, whether every verdict agrees,
           and what failure attribution cost (extra compiles per failing case and configuration);
           then whether TVM (several PrimFuncs per build) and Hexagon (several kernels per QEMU
           run) would gain from batching, measured on their own.
* startup: wall time of `kernelfuzz run` on the int8 seed with `--configs tvm:cpu` against
           `--configs iree:cpu-O2`, fresh processes alternating, as a ratio (target: within 3x);
* accuracy: worst error of exp, tanh, sigmoid, sqrt and div per compiler (TVM llvm, IREE llvm-cpu,
           TVM Hexagon under QEMU) and dtype over every finite f16 input and 1.2 M f32 inputs, against
           the accuracy each configuration's numerics profile declares (fuzz/judge/profiles.py);
* gpu, gpu-accuracy (tests/bench_gpu.py): where a device configuration runs, its cases per hour and per-case
           compile and run time next to iree:cpu-O2 and tvm:cpu in one campaign, and the accuracy sweep on the
           device against the gpu profile's (unmeasured, conservative) budgets; "skipped: no device" elsewhere;
* sim (tests/bench_sim.py): the PTX and gfx942 simulators' per-case run time next to the compile of
           iree:cuda-sm80-O2 and iree:gfx942-O2 (median, p90) and how it grows with output size (a 10,000-element conv);
           the SDXL seed on every iree:gfx942-* configuration, lockstep and wave by wave side by side (and lockstep
           without the s_waitcnt checker), and the two
           gfx942 machines compared byte for byte (tests/bench_gfx942_lockstep.py); the full sweeps over generated
           cases (--sim-cases per stream) are recorded in, and resumed from, the committed tests/data/sim-sweep/
           (tests/bench_sim_sweep.py, which also runs them standalone, one stream per process);
* gfx942 (tests/bench_gfx942.py): generated cases through iree:gfx942-O2 and one other gfx942 configuration on the
           gfx942 simulator, judged against the reference: verdicts, simulated run time next to compile time (median,
           p90), the cannot-simulate share and reasons, and iree:cpu-O2 and simulated CUDA on the same cases;
* features (tests/bench_swarm.py, with swarm): per feature of the generator, how many of N generated cases exercise it and what share
           compiles on each compiler;
* report:  seconds to write the HTML report of a campaign of --report-cases cases (made quickly
           with the fake compiler), in a fresh process's first write and in a warm rewrite.
* swarm:   swarm draws against `--swarm off` (and swarm with `--avoid-known`) on the same seeds and
           CPU configurations: share of cases with a finding in a bucket known in the corpus,
           distinct buckets per 100 cases and per hour, cases per bucket, and the cost of generating
           a case (generation alone, interleaved blocks).
* corpus-scripts (tests/corpus_scripts.py): every script of every finding in corpus/findings/ run as its
           finding's scripts.json declares, its exit status against the declared one (2 where a need is missing) and
           its time; tests/test_corpus_scripts.py runs a sample of them;
* h200:    the PTX simulator against every output an H200 returned (tests/test_ptx_h200.py with
           KERNELFUZZ_H200_SAMPLE=0: the suite checks a dated sample);
* replay (tests/bench_replay.py): the whole corpus replayed (the suite replays a dated sample), the seconds of each
           case file and the ten slowest;
* releases (tests/bench_releases.py): --release-cases generated cases compiled by each IREE release of
           --release-versions (3.7-3.13) in its side environment and run on every gfx942 configuration on the gfx942
           simulator: per release the cannot-simulate count and share, every out-of-segment report, internal errors
           and timeouts; resumed from, and written to, the committed tests/data/releases-sweep/ (the release with the
           fewest cases first);
* reference (tests/bench_reference.py): the reference's time per case before (main 5c88ffe) and after, as a
           ratio to the fastest configuration's compile+run, on both seeds, wide cases and the largest wide
           draws; then the value-by-value comparison of the two references on --reference-cases cases.
"""
from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

from tests import ROOT
from fuzz.cli.common import DEFAULT_BATCH
from tests import bench_releases, bench_replay, bench_users, corpus_scripts
from tests.bench_accuracy import accuracy_section
from tests.bench_batch import batch_section
from tests.bench_campaign import campaign_section, configs_section, hexagon_section, report_section, startup_section
from tests.bench_gfx942 import gfx942_section
from tests.bench_gpu import gpu_accuracy_section, gpu_section
from tests.bench_oracle import mutant_section, oracle_section, reducer_section
from tests.bench_reach import add_arguments as reach_arguments
from tests.bench_reach import reach_section
from tests.bench_reference import add_arguments as reference_arguments
from tests.bench_reference import reference_section
from tests.bench_sim import sim_section
from tests.bench_swarm import features_section, swarm_section


def h200_section(args) -> None:
    import os
    print("\n== h200: the PTX simulator against every H200 output kept in tests/data/gpu/", flush=True)
    env = {**os.environ, "KERNELFUZZ_H200_SAMPLE": "0"}
    subprocess.run([sys.executable, "-m", "pytest", "-q", "-n", str(args.jobs), "-p", "no:cacheprovider",
                    str(Path(ROOT) / "tests" / "test_ptx_h200.py")], env=env, cwd=ROOT)


SECTIONS = {"oracle": oracle_section, "mutants": mutant_section, "reducer": reducer_section,
            "configs": configs_section, "hexagon": hexagon_section, "campaign": campaign_section,
            "relax": lambda args: bench_users.section("relax", args),
            "dialects": lambda args: bench_users.section("dialects", args),
            "swarm": swarm_section, "batch": batch_section, "startup": startup_section, "report": report_section,
            "accuracy": accuracy_section, "features": features_section,
            "gpu": gpu_section, "gpu-accuracy": gpu_accuracy_section, "reference": reference_section,
            "sim": sim_section, "gfx942": gfx942_section, "reach": reach_section,
            "corpus-scripts": corpus_scripts.section, "replay": bench_replay.section,
            "releases": bench_releases.section,
            "h200": h200_section}


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--only", nargs="*", choices=sorted(SECTIONS), default=list(SECTIONS))
    p.add_argument("--cases", type=int, default=1000, help="generated cases for the oracle section")
    p.add_argument("--mutant-cases", type=int, default=300, help="generated cases for the mutant section")
    p.add_argument("--config-cases", type=int, default=20, help="generated cases for the configs section")
    p.add_argument("--gfx942-cases", type=int, default=20, help="generated cases for the gfx942 section "
                                                                "(`python -m tests.bench_gfx942` runs more, resumably)")
    p.add_argument("--reduce-s", type=float, default=120.0, help="reduction budget per mutant")
    p.add_argument("--user-cases", type=int, default=200, help="generated cases for the relax and dialects sections")
    p.add_argument("--swarm-cases", type=int, default=200, help="generated cases per side of the swarm section")
    p.add_argument("--feature-cases", type=int, default=1000, help="generated cases for the features section")
    p.add_argument("--feature-configs", default="tvm:cpu,tvm:relax-cpu,iree:cpu-O2,iree:gfx942-O2,tvm:cuda-dlight",
                   help="configurations of the features section (compile-only ones compiled)")
    p.add_argument("--swarm-configs", default="*", help="configurations of the swarm section (runnable ones kept)")
    p.add_argument("--generate-seeds", type=int, default=2000, help="seeds timed for generation cost")
    p.add_argument("--swarm-avoid", action=argparse.BooleanOptionalAction, default=True,
                   help="a third swarm side with --avoid-known")
    p.add_argument("--report-cases", type=int, default=1000, help="campaign size for the report section")
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--batch-cases", type=int, default=32, help="generated cases per campaign in the batch section")
    p.add_argument("--batch-sizes", type=int, nargs="*", default=[DEFAULT_BATCH],
                   help="batch sizes to compare with unbatched (batch 1)")
    p.add_argument("--batch-configs", default="*", help="configurations of the batch section (default: the defaults)")
    p.add_argument("--probe-cases", type=int, default=14, help="cases for the TVM batching probe")
    p.add_argument("--startup-runs", type=int, default=3, help="fresh processes per configuration (startup section)")
    p.add_argument("--sim-cases", type=int, default=1000,
                   help="generated cases per stream of the sim section's recorded sweeps (both CUDA "
                        "configurations through both PTX machines, the gfx942 validation set through both gfx942 "
                        "machines)")
    p.add_argument("--release-cases", type=int, default=200,
                   help="generated cases per IREE release in the releases section (`python -m tests.bench_releases` "
                        "runs them resumably; the results stay in the committed tests/data/releases-sweep/)")
    p.add_argument("--release-versions", default=bench_releases.RELEASES, help="IREE versions of the releases section")
    reference_arguments(p)
    reach_arguments(p)
    args = p.parse_args()
    for name in args.only:
        SECTIONS[name](args)


if __name__ == "__main__":
    main()
