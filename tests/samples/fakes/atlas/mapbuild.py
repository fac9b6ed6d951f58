"""What building a map produces, computed at once: embeddings, a 2-D layout, a two-level
topic model, duplicate clusters, and the quadtree tiles the client downloads.

The tiles follow what nomic 3.9.0 reads (nomic/dataset.py `AtlasProjection.schema`,
`_manifest`, `_download_sidecar`; nomic/data_operations.py): a `manifest.feather` with a
`key` column, and per tile key one feather file per sidecar, named `{key}.feather` for
the unnamed sidecar and `{key}.{sidecar}.feather` otherwise. The projection schema
names each column's sidecar in the field metadata `sidecar_name` (a JSON string).
Topics are integer columns `_topic_depth_{d}_int` whose values are the `topic` ids in
the map information's GeoJSON features, the form `AtlasMapTopics._load_topics` maps
to labels.
"""

import io
import re
import uuid
from collections import Counter
from dataclasses import dataclass, field

import numpy as np
import pyarrow as pa
import scipy.linalg
from pyarrow import feather

from . import vectors

TILE = "0/0/0"  # one quadtree leaf holds every point; the client iterates whatever the manifest lists
STOPWORDS = set(
    """a about above after again against all am an and any are as at be because been before being below between both
    but by can could did do does doing down during each few for from further had has have having he her here hers him
    his how i if in into is it its itself just me more most my no nor not now of off on once only or other our out over
    own same she should so some such than that the their them then there these they this those through to too under
    until up very was we were what when where which while who whom why will with you your yours also would get got
    one two use used using prompt response null""".split()
)


def _sidecar(name: str) -> dict:
    return {b"sidecar_name": f'"{name}"'.encode()}


def _kmeans(points: np.ndarray, k: int, seed: int = 0, rounds: int = 25) -> np.ndarray:
    """Plain k-means with k-means++ seeding; deterministic for a given input."""
    n = len(points)
    k = max(1, min(k, n))
    rng = np.random.default_rng(seed)
    centers = [points[rng.integers(n)]]
    for _ in range(1, k):
        d = np.clip(np.min([np.sum((points - c) ** 2, axis=1) for c in centers], axis=0), 0, None)
        if d.sum() == 0:
            break
        centers.append(points[rng.choice(n, p=d / d.sum())])
    centers = np.array(centers)
    labels = np.zeros(n, dtype=int)
    for _ in range(rounds):
        # Squared distances without an n x k x d intermediate.
        distances = (points**2).sum(axis=1)[:, None] - 2 * points @ centers.T + (centers**2).sum(axis=1)[None, :]
        new = distances.argmin(axis=1)
        if np.array_equal(new, labels) and _ > 0:
            break
        labels = new
        for c in range(len(centers)):
            members = points[labels == c]
            if len(members):
                centers[c] = members.mean(axis=0)
    # Renumber so that cluster ids follow first appearance.
    order = {old: new for new, old in enumerate(dict.fromkeys(labels.tolist()))}
    return np.array([order[v] for v in labels.tolist()])


def _keywords(texts: list[str], background: Counter, total: int, count: int = 6, skip=()) -> list[str]:
    """The words that set these texts apart from the whole column (tf-idf over documents)."""
    counts = Counter(
        w for t in texts for w in set(vectors.words(t)) if len(w) > 2 and w not in STOPWORDS and not w.isdigit()
    )
    size = max(1, len(texts))
    score = {w: counts[w] / size * np.log((total + 1) / (background[w] + 1)) for w in counts if w not in skip}
    return [w for w in sorted(score, key=lambda w: (-score[w], w)) if score[w] > 0][:count]


@dataclass
class Tag:
    name: str
    tag_id: str = field(default_factory=lambda: str(uuid.uuid4()))
    definition_id: str = field(default_factory=lambda: str(uuid.uuid4()))
    user_id: str = ""
    mask: np.ndarray | None = None


def _top_two(gram: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The two largest eigenvalues of a symmetric matrix and their eigenvectors, largest first."""
    size = gram.shape[0]
    values, vectors_ = scipy.linalg.eigh(gram, subset_by_index=[size - 2, size - 1])
    return values[::-1], vectors_[:, ::-1]


class MapBuild:
    """One projection: a snapshot of the dataset's rows with everything the map shows."""

    def __init__(
        self,
        rows: pa.Table,
        id_field: str | None,
        matrix: np.ndarray,
        label_field: str | None,
        build_topics: bool,
        duplicates_cutoff: float | None,
        projection_id: str | None = None,
        topic_model_id: str | None = None,
    ):
        self.id = projection_id or str(uuid.uuid4())
        self.topic_model_id = topic_model_id or str(uuid.uuid4())
        self.rows = rows
        self.id_field = id_field
        self.vectors = vectors.unit(np.asarray(matrix, dtype=np.float32))
        self.n = rows.num_rows
        self.ids = [str(v) for v in rows.column(id_field).to_pylist()] if id_field else [str(i) for i in range(self.n)]
        self.xy = self._layout()
        self.tags: dict[str, Tag] = {}
        self.depth = 0
        self.topic_ids: list[np.ndarray] = []
        self.features: list[dict] = []
        if build_topics and label_field and self.n:
            self._topics([str(v) if v is not None else "" for v in rows.column(label_field).to_pylist()])
        self.duplicate_class: list[str] | None = None
        self.cluster_ids: np.ndarray | None = None
        if duplicates_cutoff is not None and self.n:
            self._duplicates(duplicates_cutoff)

    # --- layout, topics, duplicates ---------------------------------------------------------
    def _layout(self) -> np.ndarray:
        if self.n < 3:
            return np.array([[float(i), 0.0] for i in range(self.n)], dtype=np.float32).reshape(-1, 2)
        centered = self.vectors - self.vectors.mean(axis=0)
        # The first two principal components, from the top two eigenvectors of the
        # smaller Gram matrix: a full SVD, then a full eigh, took most of the fake's time on big maps.
        if self.n >= centered.shape[1]:
            _, axes = _top_two(centered.T @ centered)
            xy = centered @ axes
        else:
            values, rows = _top_two(centered @ centered.T)
            xy = rows * np.sqrt(np.maximum(values, 0))
        scale = np.abs(xy).max() or 1.0
        return (xy / scale * 40).astype(np.float32)

    def _topics(self, texts: list[str]) -> None:
        background = Counter(w for t in texts for w in set(vectors.words(t)))
        used: set[str] = set()
        next_id = 1

        def label(members: np.ndarray, skip=()) -> tuple[str, str]:
            words = _keywords([texts[i] for i in members], background, len(texts), skip=skip)
            short = " ".join(w.capitalize() for w in words[:2]) or "Other"
            candidate, suffix = short, 2
            while candidate in used:  # labels are unique: the client looks topics up by label
                candidate, suffix = f"{short} {suffix}", suffix + 1
            used.add(candidate)
            return candidate, "/".join(words) or candidate.lower()

        level1 = _kmeans(self.vectors, max(1, min(8, round(np.sqrt(self.n) / 3))))
        depth1 = np.zeros(self.n, dtype=np.int32)
        depth2 = np.zeros(self.n, dtype=np.int32)
        for cluster in sorted(set(level1.tolist())):
            members = np.flatnonzero(level1 == cluster)
            parent_id, next_id = next_id, next_id + 1
            parent_label, parent_keywords = label(members)
            depth1[members] = parent_id
            self.features.append(
                self._feature(parent_id, 1, parent_label, parent_keywords, members, parent_label, None)
            )
            sub = _kmeans(
                self.vectors[members], min(4, len(members) // 6) if len(members) >= 12 else 1, seed=cluster + 1
            )
            for child in sorted(set(sub.tolist())):
                child_members = members[sub == child]
                child_id, next_id = next_id, next_id + 1
                child_label, child_keywords = label(child_members, skip=set(parent_label.lower().split()))
                depth2[child_members] = child_id
                self.features.append(
                    self._feature(child_id, 2, child_label, child_keywords, child_members, parent_label, child_label)
                )
        self.depth = 2
        self.topic_ids = [depth1, depth2]

    def _feature(self, topic_id, depth, short, keywords, members, depth1_label, depth2_label) -> dict:
        x, y = self.xy[members].mean(axis=0).tolist() if len(members) else (0.0, 0.0)
        return {
            "type": "Feature",
            "geometry": {"type": "Point", "coordinates": [round(x, 4), round(y, 4)]},
            "properties": {
                "topic": topic_id,
                "depth": depth,
                "topic_short_description": short,
                "topic_description": keywords,
                "_topic_depth_1": depth1_label,
                "_topic_depth_2": depth2_label,
                "topic_size": int(len(members)),
            },
        }

    def _duplicates(self, cutoff: float) -> None:
        parent = list(range(self.n))

        def find(i: int) -> int:
            while parent[i] != i:
                parent[i] = parent[parent[i]]
                i = parent[i]
            return i

        # Each pair once: a block of rows against the rows from its own first row on.
        for start in range(0, self.n, 1000):
            block = self.vectors[start : start + 1000] @ self.vectors[start:].T
            rows, cols = np.nonzero(1.0 - block < cutoff)
            for r, c in zip(rows.tolist(), cols.tolist()):
                a, b = find(start + r), find(start + c)
                if a != b:
                    parent[max(a, b)] = min(a, b)
        roots = [find(i) for i in range(self.n)]
        sizes = Counter(roots)
        numbering = {root: number for number, root in enumerate(dict.fromkeys(roots))}
        self.cluster_ids = np.array([numbering[r] for r in roots], dtype=np.int32)
        self.duplicate_class = [
            "singleton" if sizes[root] == 1 else "retention candidate" if root == i else "deletion candidate"
            for i, root in enumerate(roots)
        ]

    # --- search -----------------------------------------------------------------------------
    def neighbours(self, queries: np.ndarray, k: int) -> tuple[list[list[str]], list[list[float]]]:
        queries = vectors.unit(np.asarray(queries, dtype=np.float32))
        similarity = queries @ self.vectors.T
        order = np.argsort(-similarity, axis=1)[:, :k]
        distances = np.sqrt(np.clip(2 - 2 * np.take_along_axis(similarity, order, axis=1), 0, None))
        return [[self.ids[i] for i in row] for row in order.tolist()], distances.round(6).tolist()

    def index_of(self) -> dict[str, int]:
        return {value: i for i, value in enumerate(self.ids)}

    # --- tiles ------------------------------------------------------------------------------
    def user_columns(self) -> list[str]:
        return [name for name in self.rows.column_names if not name.startswith("_") and name != self.id_field]

    def schema_bytes(self) -> bytes:
        fields = []
        if self.id_field:
            fields.append(
                pa.field(self.id_field, self.rows.schema.field(self.id_field).type, metadata=_sidecar("datum_id"))
            )
        for name in self.user_columns():
            fields.append(pa.field(name, self.rows.schema.field(name).type, metadata=_sidecar("data")))
        fields += [
            pa.field("x", pa.float32(), metadata=_sidecar("")),
            pa.field("y", pa.float32(), metadata=_sidecar("")),
        ]
        fields.append(
            pa.field("_embeddings", pa.list_(pa.float32(), self.vectors.shape[1]), metadata=_sidecar("embeddings"))
        )
        for d in range(1, self.depth + 1):
            fields.append(pa.field(f"_topic_depth_{d}_int", pa.int32(), metadata=_sidecar("topics")))
        if self.duplicate_class is not None:
            fields.append(pa.field("_duplicate_class", pa.string(), metadata=_sidecar("duplicates")))
            fields.append(pa.field("_cluster_id", pa.int32(), metadata=_sidecar("duplicates")))
        return pa.schema(fields).serialize().to_pybytes()

    def tile(self, name: str) -> bytes | None:
        """The feather file at `quadtree/{name}`, or None."""
        if name == "manifest.feather":
            table = pa.table({"key": [TILE], "nPoints": pa.array([self.n], pa.int32())})
        else:
            match = re.fullmatch(re.escape(TILE) + r"(?:\.(.+))?\.feather", name)
            if not match:
                return None
            table = self._sidecar_table(match.group(1) or "")
            if table is None:
                return None
        sink = io.BytesIO()
        feather.write_feather(table, sink)
        return sink.getvalue()

    def _sidecar_table(self, sidecar: str) -> pa.Table | None:
        if sidecar == "":
            return pa.table({"x": pa.array(self.xy[:, 0], pa.float32()), "y": pa.array(self.xy[:, 1], pa.float32())})
        if sidecar == "datum_id" and self.id_field:
            return self.rows.select([self.id_field])
        if sidecar == "data":
            return self.rows.select(self.user_columns())
        if sidecar == "embeddings":
            flat = pa.array(self.vectors.reshape(-1), pa.float32())
            return pa.table({"_embeddings": pa.FixedSizeListArray.from_arrays(flat, self.vectors.shape[1])})
        if sidecar == "topics" and self.depth:
            return pa.table(
                {f"_topic_depth_{d + 1}_int": pa.array(ids, pa.int32()) for d, ids in enumerate(self.topic_ids)}
            )
        if sidecar == "duplicates" and self.duplicate_class is not None:
            return pa.table(
                {"_duplicate_class": self.duplicate_class, "_cluster_id": pa.array(self.cluster_ids, pa.int32())}
            )
        if sidecar.startswith("_tag."):
            definition = sidecar[len("_tag.") :]
            for tag in self.tags.values():
                if tag.definition_id == definition:
                    return pa.table({"bitmask": pa.array(tag.mask, pa.bool_())})
        return None
