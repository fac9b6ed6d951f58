import {wordPiece} from './wordpiece';

/**
 * all-MiniLM-L6-v2 in TypeScript, for one question at a time: the network the
 * build encodes the docs' sections with (build/encoder.py), reading the int8
 * weights that script writes (its MODEL FORMAT). A question of a dozen words
 * costs about 150 million multiply-adds (a few hundred milliseconds).
 */
interface Tensor {
  name: string;
  kind: 'q8' | 'f32';
  shape: number[];
  offset: number;
}

interface Header {
  layers: number;
  heads: number;
  hidden: number;
  vocab: string[];
  tensors: Tensor[];
}

/** A matrix of int8 rows, each with its scale. */
interface Matrix {
  rows: number;
  cols: number;
  scale: Float32Array;
  data: Int8Array;
}

/** A layer's matrix, scaled back to float32 once: products of floats run faster than of int8. */
interface Weights {
  rows: number;
  cols: number;
  data: Float32Array;
}

function dequantize({rows, cols, scale, data}: Matrix): Weights {
  const out = new Float32Array(rows * cols);
  for (let o = 0; o < rows; o++) for (let i = 0; i < cols; i++) out[o * cols + i] = data[o * cols + i]! * scale[o]!;
  return {rows, cols, data: out};
}

const MAGIC = 'ATLASLM1';

export type Encode = (text: string) => Float32Array;

export function loadEncoder(buffer: ArrayBuffer): Encode {
  const bytes = new Uint8Array(buffer);
  if (new TextDecoder().decode(bytes.subarray(0, 8)) !== MAGIC) throw new Error('Not an Ask AI model file');
  const headerLength = new DataView(buffer).getUint32(8, true);
  const header = JSON.parse(new TextDecoder().decode(bytes.subarray(12, 12 + headerLength))) as Header;
  const base = 12 + headerLength;
  const tensors = new Map(header.tensors.map((t) => [t.name, t]));
  const tensor = (name: string) => {
    const t = tensors.get(name);
    if (!t) throw new Error(`Ask AI model: no tensor ${name}`);
    return t;
  };
  const matrix = (name: string): Matrix => {
    const {shape, offset} = tensor(name);
    const [rows, cols] = shape as [number, number];
    return {
      rows,
      cols,
      scale: new Float32Array(buffer, base + offset, rows),
      data: new Int8Array(buffer, base + offset + rows * 4, rows * cols),
    };
  };
  const vector = (name: string) => {
    const {shape, offset} = tensor(name);
    return new Float32Array(buffer, base + offset, shape[0]);
  };
  const {hidden, heads} = header;
  const word = matrix('word');
  const position = matrix('position');
  const type = vector('type');
  const norm = {gain: vector('norm.gain'), bias: vector('norm.bias')};
  const layers = Array.from({length: header.layers}, (_, l) => {
    const linear = (n: string) => ({w: dequantize(matrix(`${l}.${n}`)), b: vector(`${l}.${n}.bias`)});
    return {
      q: linear('q'),
      k: linear('k'),
      v: linear('v'),
      o: linear('o'),
      up: linear('up'),
      down: linear('down'),
      norm1: {gain: vector(`${l}.norm1.gain`), bias: vector(`${l}.norm1.bias`)},
      norm2: {gain: vector(`${l}.norm2.gain`), bias: vector(`${l}.norm2.bias`)},
    };
  });
  const tokenizer = wordPiece(header.vocab);

  return (text) => {
    const ids = tokenizer.encode(text, position.rows);
    const n = ids.length;
    let x: Float32Array = new Float32Array(n * hidden);
    ids.forEach((id, t) => {
      for (let i = 0; i < hidden; i++)
        x[t * hidden + i] =
          word.data[id * hidden + i]! * word.scale[id]! +
          position.data[t * hidden + i]! * position.scale[t]! +
          type[i]!;
    });
    layerNorm(x, n, hidden, norm);
    const d = hidden / heads;
    for (const layer of layers) {
      const q = linear(x, n, layer.q);
      const k = linear(x, n, layer.k);
      const v = linear(x, n, layer.v);
      const context = new Float32Array(n * hidden);
      const scores = new Float32Array(n);
      for (let h = 0; h < heads; h++) {
        for (let t = 0; t < n; t++) {
          let max = -Infinity;
          for (let s = 0; s < n; s++) {
            let dot = 0;
            for (let i = h * d; i < (h + 1) * d; i++) dot += q[t * hidden + i]! * k[s * hidden + i]!;
            scores[s] = dot / Math.sqrt(d);
            max = Math.max(max, scores[s]!);
          }
          let sum = 0;
          for (let s = 0; s < n; s++) sum += scores[s] = Math.exp(scores[s]! - max);
          for (let s = 0; s < n; s++)
            for (let i = h * d; i < (h + 1) * d; i++)
              context[t * hidden + i]! += (scores[s]! / sum) * v[s * hidden + i]!;
        }
      }
      x = addNorm(linear(context, n, layer.o), x, n, hidden, layer.norm1);
      const up = linear(x, n, layer.up);
      for (let i = 0; i < up.length; i++) up[i] = 0.5 * up[i]! * (1 + erf(up[i]! * Math.SQRT1_2));
      x = addNorm(linear(up, n, layer.down), x, n, hidden, layer.norm2);
    }
    // Mean of the tokens' vectors, to unit length.
    const pooled = new Float32Array(hidden);
    for (let t = 0; t < n; t++) for (let i = 0; i < hidden; i++) pooled[i]! += x[t * hidden + i]! / n;
    const length = Math.hypot(...pooled);
    return pooled.map((value) => value / length);
  };
}

/** x (n rows of w.cols) times w's rows, plus the bias. */
function linear(x: Float32Array, n: number, {w, b}: {w: Weights; b: Float32Array}): Float32Array {
  const out = new Float32Array(n * w.rows);
  for (let t = 0; t < n; t++) {
    const row = t * w.cols;
    for (let o = 0; o < w.rows; o++) {
      // Four sums at once (every width here is a multiple of 4): about 1.4x faster in V8.
      let s0 = 0;
      let s1 = 0;
      let s2 = 0;
      let s3 = 0;
      const weights = o * w.cols;
      for (let i = 0; i < w.cols; i += 4) {
        s0 += x[row + i]! * w.data[weights + i]!;
        s1 += x[row + i + 1]! * w.data[weights + i + 1]!;
        s2 += x[row + i + 2]! * w.data[weights + i + 2]!;
        s3 += x[row + i + 3]! * w.data[weights + i + 3]!;
      }
      out[t * w.rows + o] = s0 + s1 + s2 + s3 + b[o]!;
    }
  }
  return out;
}

function layerNorm(x: Float32Array, n: number, size: number, {gain, bias}: {gain: Float32Array; bias: Float32Array}) {
  for (let t = 0; t < n; t++) {
    let mean = 0;
    for (let i = 0; i < size; i++) mean += x[t * size + i]! / size;
    let variance = 0;
    for (let i = 0; i < size; i++) variance += (x[t * size + i]! - mean) ** 2 / size;
    const scale = 1 / Math.sqrt(variance + 1e-12);
    for (let i = 0; i < size; i++) x[t * size + i] = (x[t * size + i]! - mean) * scale * gain[i]! + bias[i]!;
  }
}

function addNorm(
  y: Float32Array,
  residual: Float32Array,
  n: number,
  size: number,
  norm: {gain: Float32Array; bias: Float32Array},
) {
  for (let i = 0; i < y.length; i++) y[i]! += residual[i]!;
  layerNorm(y, n, size, norm);
  return y;
}

/** Abramowitz and Stegun 7.1.26 (error below 1.5e-7), as in build/encoder.py. */
export function erf(x: number): number {
  const a = Math.abs(x);
  const t = 1 / (1 + 0.3275911 * a);
  const y =
    1 -
    ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-a * a);
  return Math.sign(x) * y;
}
