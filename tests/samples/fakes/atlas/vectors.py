"""Deterministic stand-ins for the Nomic embedding models.

Texts become the normalized sum of one pseudo-random vector per word, so texts that
share words are close and identical texts are identical: nearest neighbours,
duplicate clusters and topics come out meaningful enough for the samples.
"""

import hashlib
import re
from functools import lru_cache

import numpy as np

DIMENSIONS = 768
WORD = re.compile(r"[a-z0-9]+")


@lru_cache(maxsize=200_000)
def _word_vector(word: str) -> np.ndarray:
    seed = int.from_bytes(hashlib.blake2b(word.encode(), digest_size=8).digest(), "little")
    return np.random.default_rng(seed).standard_normal(DIMENSIONS).astype(np.float32)


def words(text: str) -> list[str]:
    return WORD.findall(str(text).lower())


def token_count(text: str) -> int:
    return max(1, len(words(text)))


def unit(matrix: np.ndarray) -> np.ndarray:
    norms = np.linalg.norm(matrix, axis=-1, keepdims=True)
    norms[norms == 0] = 1
    return matrix / norms


def embed_texts(texts: list[str], dimensionality: int | None = None) -> np.ndarray:
    out = np.zeros((len(texts), DIMENSIONS), dtype=np.float32)
    for row, text in enumerate(texts):
        tokens = words(text) or ["<empty>"]
        for token in tokens:
            out[row] += _word_vector(token)
    out = unit(out)
    if dimensionality:
        # Matryoshka models keep the leading dimensions; renormalize as the real model does.
        out = unit(out[:, :dimensionality])
    return out


def embed_blobs(blobs: list[bytes]) -> np.ndarray:
    out = np.zeros((len(blobs), DIMENSIONS), dtype=np.float32)
    for row, blob in enumerate(blobs):
        seed = int.from_bytes(hashlib.blake2b(blob, digest_size=8).digest(), "little")
        out[row] = np.random.default_rng(seed).standard_normal(DIMENSIONS)
    return unit(out)
