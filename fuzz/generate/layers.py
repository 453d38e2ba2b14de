"""Layers of real models, as data: the shapes ``size:real`` cases are drawn from (``fuzz/generate/sizes.py``).

Each row names its model and layer and gives the layer's full shape at a stated input (batch, resolution,
sequence length); the generator scales a row down along its batch or spatial (token, query-row) dims only,
never along channels, heads or the reduction, until it fits the size budget (``sizes.BUDGET``), and says so in
the case's note.  A row whose weights alone exceed the budget is never drawn (``sizes.fits``): it stays in the
table as the record of what the budget leaves out.

Sources: the models' published configurations (SDXL's UNet at 1024x1024, a latent of 128x128 and batch 2 for
classifier-free guidance; Llama 3.2 1B and 3B: hidden 2048 / 3072, grouped-query attention of 32 / 24 query and 8
key-value heads, head dim 64 / 128; Llama 3 8B: 32 query and 8 key-value heads of dim 128; ResNet-50 and
MobileNetV2 at 224x224; BERT-base: hidden 768, 12 heads of 64, FFN 3072, at sequence 128 and 384), and the two seed
reports (corpus/seeds/tvm-hexagon-conv2d-fp16.json, corpus/seeds/iree-sdxl-int8-conv-requant.json).
Grouped-query attention has no op of its own here: the query heads that share a key-value head are stacked along
the query rows (M = group x sequence), as GQA kernels fold them.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ConvLayer:
    model: str
    layer: str
    n: int
    h: int  # input height and width (before padding)
    w: int
    c: int
    f: int
    kh: int
    kw: int
    stride: int = 1
    pad: int = 0
    groups: int = 1
    int8: bool = False  # a quantized layer: int8 conv, i32 accumulator, requantize epilogue

    @property
    def name(self) -> str:
        return f"{self.model} {self.layer}"


@dataclass(frozen=True)
class MatmulLayer:
    model: str
    layer: str
    m: int  # rows: tokens (batch x sequence), the dim scaled down
    k: int
    n: int
    batch: int = 0  # a batch_matmul's batch (heads), 0 for a plain matmul

    @property
    def name(self) -> str:
        return f"{self.model} {self.layer}"


@dataclass(frozen=True)
class AttentionLayer:
    model: str
    layer: str
    batch: int  # batch x key-value heads (scaled down first)
    m: int  # query rows (x the GQA group), scaled down next
    k2: int  # keys: the softmax axis, never scaled
    k1: int  # head dim of Q and K
    n: int  # head dim of V

    @property
    def name(self) -> str:
        return f"{self.model} {self.layer}"


_SDXL, _R50, _MBV2 = "SDXL UNet", "ResNet-50", "MobileNetV2"
CONVS = (
    ConvLayer(_SDXL, "conv_in", 2, 128, 128, 4, 320, 3, 3, pad=1),
    ConvLayer(_SDXL, "down_blocks.0.resnets.0.conv1", 2, 128, 128, 320, 320, 3, 3, pad=1),
    ConvLayer(_SDXL, "down_blocks.0.downsamplers.0.conv", 2, 128, 128, 320, 320, 3, 3, stride=2, pad=1),
    ConvLayer(_SDXL, "down_blocks.1.resnets.0.conv1", 2, 64, 64, 320, 640, 3, 3, pad=1),
    ConvLayer(_SDXL, "down_blocks.1.resnets.0.conv_shortcut", 2, 64, 64, 320, 640, 1, 1),
    ConvLayer(_SDXL, "down_blocks.2.resnets.0.conv1", 2, 32, 32, 640, 1280, 3, 3, pad=1),
    ConvLayer(_SDXL, "mid_block.resnets.0.conv1", 2, 32, 32, 1280, 1280, 3, 3, pad=1),
    ConvLayer(_SDXL, "up_blocks.2.resnets.2.conv2", 2, 128, 128, 320, 320, 3, 3, pad=1),
    ConvLayer(_SDXL, "conv_out", 2, 128, 128, 320, 4, 3, 3, pad=1),
    ConvLayer(_SDXL + " int8 (IREE seed report)", "conv 3x3x64x64 + requantize", 2, 32, 32, 64, 64, 3, 3, pad=1,
              int8=True),
    ConvLayer(_SDXL + " int8", "down_blocks.1.resnets.0.conv1 + requantize", 2, 64, 64, 320, 640, 3, 3, pad=1,
              int8=True),
    ConvLayer(_SDXL + " int8", "down_blocks.2.resnets.0.conv_shortcut + requantize", 2, 32, 32, 640, 1280, 1, 1,
              int8=True),
    ConvLayer(_R50 + " (TVM seed report, pre-padded)", "conv1 7x7/2", 1, 230, 230, 3, 64, 7, 7, stride=2),
    ConvLayer(_R50, "conv1 7x7/2", 1, 224, 224, 3, 64, 7, 7, stride=2, pad=3),
    ConvLayer(_R50, "layer1.0.conv2 3x3", 1, 56, 56, 64, 64, 3, 3, pad=1),
    ConvLayer(_R50, "layer1.0.conv3 1x1", 1, 56, 56, 64, 256, 1, 1),
    ConvLayer(_R50, "layer2.0.conv2 3x3/2", 1, 56, 56, 128, 128, 3, 3, stride=2, pad=1),
    ConvLayer(_R50, "layer3.0.conv2 3x3", 1, 14, 14, 256, 256, 3, 3, pad=1),
    ConvLayer(_R50, "layer4.0.conv2 3x3", 1, 7, 7, 512, 512, 3, 3, pad=1),
    ConvLayer(_R50 + " int8", "layer3.0.conv2 3x3 + requantize", 1, 14, 14, 256, 256, 3, 3, pad=1, int8=True),
    ConvLayer(_MBV2, "features.0 3x3/2 stem", 1, 224, 224, 3, 32, 3, 3, stride=2, pad=1),
    ConvLayer(_MBV2, "features.1 depthwise 3x3", 1, 112, 112, 32, 32, 3, 3, pad=1, groups=32),
    ConvLayer(_MBV2, "features.4 depthwise 3x3/2", 1, 56, 56, 144, 144, 3, 3, stride=2, pad=1, groups=144),
    ConvLayer(_MBV2, "features.4 project 1x1", 1, 28, 28, 144, 32, 1, 1),
    ConvLayer(_MBV2, "features.17 depthwise 3x3", 1, 7, 7, 960, 960, 3, 3, pad=1, groups=960),
    ConvLayer(_MBV2 + " int8", "features.2 expand 1x1 + requantize", 1, 112, 112, 16, 96, 1, 1, int8=True),
)

_L1, _L3, _L8 = "Llama-3.2-1B", "Llama-3.2-3B", "Llama-3-8B"
MATMULS = (
    MatmulLayer(_L1, "self_attn.q_proj (prefill 512)", 512, 2048, 2048),
    MatmulLayer(_L1, "self_attn.k_proj (prefill 512)", 512, 2048, 512),
    MatmulLayer(_L1, "mlp.gate_proj (prefill 512)", 512, 2048, 8192),
    MatmulLayer(_L1, "mlp.down_proj (decode, 8 sequences)", 8, 8192, 2048),
    MatmulLayer(_L3, "self_attn.q_proj (prefill 512)", 512, 3072, 3072),
    MatmulLayer(_L3, "self_attn.o_proj (decode, 4 sequences)", 4, 3072, 3072),
    MatmulLayer(_L3, "self_attn.v_proj (prefill 512)", 512, 3072, 1024),
    MatmulLayer(_L8, "self_attn.k_proj (decode, 1 sequence)", 1, 4096, 1024),
    MatmulLayer("BERT-base seq 128", "attention QKV (fused)", 128, 768, 2304),
    MatmulLayer("BERT-base seq 384", "attention.output.dense", 384, 768, 768),
    MatmulLayer("BERT-base seq 384", "intermediate.dense (FFN 1)", 384, 768, 3072),
    MatmulLayer("BERT-base seq 128", "output.dense (FFN 2)", 128, 3072, 768),
    MatmulLayer("BERT-base seq 128", "attention scores Q K^T per head", 128, 64, 128, batch=12),
    MatmulLayer(_SDXL, "down_blocks.1 attn1.to_q (64x64 latent, batch 2)", 8192, 640, 640),
    MatmulLayer(_SDXL, "down_blocks.1 attn2.to_k (text context 77, batch 2)", 154, 2048, 640),
    MatmulLayer(_SDXL, "down_blocks.2 ff.net.0.proj GEGLU (32x32 latent)", 2048, 1280, 10240),
    MatmulLayer(_R50, "fc", 1, 2048, 1000),
)

ATTENTIONS = (
    AttentionLayer("BERT-base seq 128", "self-attention (12 heads of 64)", 12, 128, 128, 64, 64),
    AttentionLayer("BERT-base seq 384", "self-attention (12 heads of 64)", 12, 384, 384, 64, 64),
    AttentionLayer(_L8, "GQA prefill 512 (4 query heads per KV head, head dim 128)", 8, 2048, 512, 128, 128),
    AttentionLayer(_L8, "GQA decode, context 4096 (head dim 128)", 8, 4, 4096, 128, 128),
    AttentionLayer(_L3, "GQA prefill 256 (3 query heads per KV head, head dim 128)", 8, 768, 256, 128, 128),
    AttentionLayer(_L1, "GQA prefill 512 (4 query heads per KV head, head dim 64)", 8, 2048, 512, 64, 64),
    AttentionLayer(_SDXL, "down_blocks.1 attn1 self (64x64 latent, 10 heads of 64)", 20, 4096, 4096, 64, 64),
    AttentionLayer(_SDXL, "down_blocks.2 attn2 cross (text 77, 20 heads of 64)", 40, 1024, 77, 64, 64),
)
