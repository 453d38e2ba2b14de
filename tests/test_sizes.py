"""The size axis (``size:real``): real models' layers and tile-boundary sizes, within the budget, switchable like every
feature, drawn from the seed's own stream (fuzz/generate/sizes.py, fuzz/generate/real.py, fuzz/generate/layers.py)."""
import random
import re
from math import prod

import pytest
from click.testing import CliRunner

from fuzz.case.workload import Conv2d
from fuzz.cli import main
from fuzz.generate import features, layers, seeded, sizes, table
from fuzz.generate.base import RandomChooser
from fuzz.generate.generator import generate
from fuzz.generate.swarm import BY_NAME, parse

REAL = parse(True, "", "size:real")


def _real(case) -> bool:
    return "size=real" in case.note


def _macs(case) -> int:
    types = case.tensor_types()
    return sum(prod(types[op.name][0]) * op.reduction_length(types) for op in case.ops)


def test_size_real_is_a_feature_decided_by_its_own_stream_and_pins():
    assert "size:real" in BY_NAME and not BY_NAME["size:real"].drawn and "size:real" in table.seeded()
    on, off = parse(True, "", "size:real"), parse(True, "size:real", "")
    stream = seeded.stream(3, "size:real")
    def flows(key):
        return stream if key == "size:real" else seeded.stream(3, key)
    assert "size:real" in seeded.decide(on, flows) and "size:real" not in seeded.decide(off, flows)
    assert stream.rng.getstate() == seeded.stream(3, "size:real").rng.getstate()  # pins decide without a draw
    drawn = ["size:real" in seeded.decide(parse(True), seeded.streams(s).__getitem__) for s in range(1000)]
    assert 350 <= sum(drawn) <= 450  # on by default in two seeds of five (its row's odds), from its own stream


def test_pinned_cases_name_their_layer_or_boundary_and_keep_the_budget():
    for s in range(8):
        case = generate(s, swarm=REAL)
        assert _real(case) and "size:real" in features.of(case), case.note
        assert re.search(r'size=real (layer="[^"]+"|boundary \w+=\d+ \()', case.note), case.note
        types = case.tensor_types()
        assert all(prod(types[op.name][0]) <= sizes.BUDGET.outputs for op in case.ops), case.note
        assert all(prod(t.shape) <= sizes.BUDGET.inputs for t in case.inputs), case.note
        assert _macs(case) <= sizes.BUDGET.macs, case.note


def test_switched_off_it_is_never_drawn():
    without = parse(True, "size:real", "")
    assert not any(_real(generate(s, swarm=without)) for s in range(12))


def test_a_layer_scales_only_along_batch_and_spatial_dims():
    stem = next(r for r in layers.CONVS if r.model.startswith("ResNet-50 (TVM"))
    shape = sizes.from_layer(stem, "conv")
    assert shape.dims["c"] == 3 and shape.dims["f"] == 64 and (shape.dims["kh"], shape.dims["stride"]) == (7, 2)
    big = next(r for r in layers.CONVS if r.layer == "down_blocks.1.resnets.0.conv1")
    shape = sizes.from_layer(big, "conv")
    assert (shape.dims["c"], shape.dims["f"], shape.dims["kh"]) == (320, 640, 3)  # channels and kernel kept
    assert shape.dims["n"] == 1 and shape.dims["h"] < 64 and "n 2->1" in shape.scaled
    assert sizes.conv_cost(shape.dims)[1] <= sizes.BUDGET.macs
    mid = next(r for r in layers.CONVS if r.layer == "mid_block.resnets.0.conv1")
    assert sizes.from_layer(mid, "conv") is None and not sizes.fits(mid)  # its weights alone are over the budget


def test_the_seeds_classes_are_in_the_table_at_their_sizes_and_fit():
    """The TVM seed's fp16 conv (1x230x230x3 * 7x7x3x64 stride 2) and the SDXL seed's int8 conv (2x32x32x64 *
    3x3x64x64, requantized) are drawn unscaled."""
    tvm = next(r for r in layers.CONVS if "TVM seed" in r.model)
    assert (tvm.n, tvm.h, tvm.w, tvm.c, tvm.f, tvm.kh, tvm.stride, tvm.pad) == (1, 230, 230, 3, 64, 7, 2, 0)
    sdxl = next(r for r in layers.CONVS if "IREE seed" in r.model)
    assert (sdxl.n, sdxl.h, sdxl.c, sdxl.f, sdxl.kh, sdxl.pad, sdxl.int8) == (2, 32, 64, 64, 3, 1, True)
    assert sizes.from_layer(tvm, "conv").scaled == "" and sizes.from_layer(sdxl, "conv").scaled == ""


def test_every_kind_has_real_counterparts_and_seeds_draw_both_sources():
    sources = set()
    for kind in ("conv", "mixed", "conv_requant", "matmul", "attention", "weight_only"):
        for s in range(2):
            case = generate(s, swarm=parse(True, "", f"size:real,kind:{kind}"))
            assert _real(case) and f"kind={kind} " in case.note, case.note
            sources.add("layer" if 'layer="' in case.note else "boundary")
    assert sources == {"layer", "boundary"}


def test_realistic_inputs_are_never_splat():
    for s in range(6):
        case = generate(s, swarm=parse(True, "inputs:exact", "size:real"))
        assert "inputs=realistic" in case.note
        assert all(t.values.dist != "int" or t.values.high - t.values.low >= 15 for t in case.inputs), case.note


def test_real_convs_respect_the_conv_features_switched_off():
    """...or, where the features left on admit no real conv (say only grouped convs), the seed draws its ordinary
    case."""
    swarm = parse(True, "conv:strided,conv:padded,conv:depthwise,conv:grouped", "size:real,kind:conv")
    cases = [generate(s, swarm=swarm) for s in range(6)]
    assert sum(map(_real, cases)) >= 2
    for case in cases:
        conv = next(op for op in case.ops if isinstance(op, Conv2d))
        assert conv.stride == (1, 1) and not any(conv.padding) and conv.groups == 1, case.note


@pytest.mark.parametrize("most", [64, 512])
def test_boundary_sizes_are_multiples_off_by_one_and_nearby_primes(most):
    found = dict(sizes.boundary_sizes(most))
    assert {15, 16, 17, 31, 32, 33, 63, 64} <= set(found) and (65 in found) == (most > 64)
    assert found[61] == "prime below 64" and found[67 if most > 64 else 61]
    assert all(v <= most for v in found)


def test_the_command_line_lists_and_generates_it(tmp_path):
    r = CliRunner().invoke(main, ["features"])
    row = next(line for line in r.output.splitlines() if "size:real" in line)
    assert r.exit_code == 0 and "2/5 of seeds" in row
    r = CliRunner().invoke(main, ["generate", "--seed", "5", "--only", "size:real", "-o", str(tmp_path / "c.json")])
    assert r.exit_code == 0, r.output
    assert "size=real" in (tmp_path / "c.json").read_text()


def test_the_size_stream_is_apart_from_the_case_stream():
    ch = RandomChooser(random.Random(11))
    assert seeded.stream(11, "size:real").rng.random() != ch.rng.random()


def test_a_real_size_keeps_the_seeds_own_int4_and_attention_decisions():
    """``--only dtype:i4`` with a real size is a real int4 weight-only layer; ``--only kind:attention`` a real
    attention; a real size pinned alone draws neither where the seed's own streams take neither."""
    for s in range(3):
        case = generate(s, swarm=parse(True, "", "size:real,dtype:i4"))
        assert _real(case) and "kind=weight_only" in case.note and any(t.dtype == "i4" for t in case.inputs)
        case = generate(s, swarm=parse(True, "", "size:real,kind:attention"))
        assert _real(case) and "kind=attention" in case.note, case.note
    for s in range(6):
        flows = seeded.streams(s)
        on = seeded.decide(REAL, flows.__getitem__)
        case = generate(s, swarm=REAL)
        assert ("dtype:i4" in on) == ("kind=weight_only" in case.note), (s, case.note)
