"""kernelfuzz: a differential fuzzer for ML compilers (TVM, IREE).

The command line is a thin edge: one module per group of commands (``cases``, ``campaign``, ``corpus``), each
parsing options, selecting configurations from the frontend registry (``common``) and handing them to the engine.
Heavy imports (numpy, the engine) happen inside the commands.
"""
from __future__ import annotations

import click

from fuzz.cli import campaign, cases, corpus, exits

EXAMPLES = """\b
Examples:
  kernelfuzz configs                                  # what runs here
  kernelfuzz run corpus/seeds/*.json --configs 'tvm:cpu,iree:cpu-O2'
  kernelfuzz fuzz --cases 500 --seed 7 --jobs 2 --out fuzz-out
  kernelfuzz status fuzz-out                          # from another terminal
  kernelfuzz reduce fuzz-out/findings/seed123/case.json --time 300
  kernelfuzz localize corpus/findings/<finding>          # the first bad pass of a wrong-code finding
  kernelfuzz replay corpus/                           # the regression suite
"""


@click.group(cls=exits.Main, context_settings={"help_option_names": ["-h", "--help"]}, epilog=EXAMPLES + exits.HELP)
@click.version_option(package_name="kernelfuzz", prog_name="kernelfuzz")
def main() -> None:
    """Differential fuzzer for ML compilers: random conv and generic workloads through TVM and IREE,
    judged against an exact numpy reference."""


for _command in (cases.configs_cmd, cases.features_cmd, cases.run_cmd, campaign.fuzz_cmd, campaign.status_cmd,
                 campaign.report_cmd, corpus.reduce_cmd, corpus.localize_cmd, corpus.replay_cmd, cases.show_cmd,
                 cases.generate_cmd):
    main.add_command(_command)
