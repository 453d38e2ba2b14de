"""The vector PTX machine against the reference machine on real programs, sampled (the full sweep: `make bench`
section ``sim``, tests/bench_sim_vector.py): the H200's reduced bundles, campaign cases with padding reads, zeros
read outside and a shared-memory race, a conv variant whose mma.sync fragments the H200 summed, and generated cases
through ``iree:cuda-sm80-O2`` and ``tvm:cuda-dlight`` (outputs byte for byte, the failure and every fact)."""
import pytest

from tests.ptx_compare import bundle, campaign_case, conv_variant, differences, frontend_outcome, generated

pytestmark = pytest.mark.compilers


@pytest.mark.parametrize("program", [
    lambda w: bundle("reduced-nchw-f16-conv-wrong-value", w),
    lambda w: bundle("reduced-nchw-f16-conv-got-zero", w),
    lambda w: campaign_case("seed1005905284", w),  # reads past its buffers: padding and outside every allocation
    lambda w: campaign_case("seed1289313161", w),  # a shared-memory race (the H200 returned wrong values)
    lambda w: conv_variant("red", "O2", w),  # mma.sync with an f32 accumulator, wrong on the H200 as here
], ids=["bundle-wrong-value", "bundle-got-zero", "padding-reads", "shared-race", "mma-conv-variant"])
def test_an_h200_program_gives_the_reference_bytes_and_facts(program, tmp_path):
    host, kernels, inputs, outside = program(tmp_path)
    for o in {outside, "fault"}:
        assert differences(host, kernels, inputs, o)[0] == []


@pytest.mark.parametrize("config", ["iree:cuda-sm80-O2", "tvm:cuda-dlight"])
@pytest.mark.parametrize("index", [0, 2, 3])
def test_a_generated_case_gives_the_reference_bytes_and_facts(config, index, tmp_path):
    got = generated(config, 37, index, tmp_path)
    if got is None:
        pytest.skip(f"case {index} does not compile for {config}")
    ref, vec = (frontend_outcome(*got, name)[:2] for name in ("reference", "vector"))
    assert ref == vec
