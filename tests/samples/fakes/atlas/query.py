"""The query API: vector search (`/v1/query/topk`) and data selections (`/v1/query`)."""

import re

import numpy as np
import pyarrow as pa

from . import mapbuild, vectors
from .common import ApiError, Reply, jsonable
from .tags import UUID


def selection_mask(projection: mapbuild.MapBuild, selection: dict | None) -> np.ndarray:
    """The rows a selection (the DSL of docs.nomic.ai/reference/api/query/...) picks."""
    if not selection:
        return np.ones(projection.n, dtype=bool)
    method = selection.get("method")
    if method == "composition":
        parts = [selection_mask(projection, f) for f in selection.get("filters") or []]
        if not parts:
            mask = np.ones(projection.n, dtype=bool)
        elif selection.get("conjunctor", "ALL") == "ANY":
            mask = np.logical_or.reduce(parts)
        else:
            mask = np.logical_and.reduce(parts)
    elif method == "search":
        column = selection.get("field")
        if column not in projection.rows.column_names:
            raise ApiError(400, f"Unknown field {column}")
        query = str(selection.get("query", ""))
        pattern = query if selection.get("regex") else re.escape(query)
        if selection.get("wordBoundary"):
            pattern = rf"\b(?:{pattern})\b"
        flags = re.IGNORECASE if selection.get("ignoreCase", True) else 0
        try:
            compiled = re.compile(pattern, flags)
        except re.error as error:
            raise ApiError(400, f"Invalid regular expression: {error}")
        mask = np.array([bool(compiled.search(str(v))) for v in projection.rows.column(column).to_pylist()])
    elif method == "range":
        if selection.get("field") not in projection.rows.column_names:
            raise ApiError(400, f"Unknown field {selection.get('field')}")
        values = projection.rows.column(selection["field"]).to_pylist()
        low, high = ((selection.get("range") or []) + [None, None])[:2]
        mask = np.array([v is not None and (low is None or v >= low) and (high is None or v <= high) for v in values])
    else:
        raise ApiError(400, f"Unsupported selection method {method!r}")
    if selection.get("polarity", True) is False:
        mask = ~mask
    return mask.astype(bool).reshape(projection.n)


def _projection(world, body: dict):
    projection_id = str(body.get("projection_id", ""))
    if not UUID.match(projection_id):
        raise ApiError(400, f"projection_id must be a UUID, not {projection_id!r}")
    try:
        return world.projection(projection_id)
    except ApiError:
        raise ApiError(400, f"No map with projection_id {projection_id}") from None


def topk(atlas, req, world):
    body = req.json()
    dataset, index = _projection(world, body)
    projection = index.projection
    if not isinstance(body.get("k"), int) or body["k"] < 1:
        raise ApiError(400, "k must be a positive integer")
    query = body.get("query")
    if isinstance(query, str):
        vector = vectors.embed_texts([query])[0]
    elif isinstance(query, list) and all(isinstance(v, (int, float)) for v in query):
        if len(query) != projection.vectors.shape[1]:
            raise ApiError(
                400, f"Query vector has {len(query)} dimensions; the map's have {projection.vectors.shape[1]}"
            )
        vector = vectors.unit(np.asarray(query, dtype=np.float32))
    else:
        raise ApiError(400, "query must be a string or a list of numbers")
    # Without `fields`: every uploaded column, and `_blob_hash` for images (cookbook search-image-dataset.ipynb).
    columns = body.get("fields") or (
        ([dataset.unique_id_field] if dataset.unique_id_field else [])
        + projection.user_columns()
        + (["_blob_hash"] if "_blob_hash" in projection.rows.column_names else [])
    )
    unknown = [c for c in columns if c not in projection.rows.column_names]
    if unknown:
        raise ApiError(400, f"Unknown fields: {unknown}")
    mask = selection_mask(projection, body.get("selection"))
    similarity = projection.vectors @ vector
    order = [i for i in np.argsort(-similarity).tolist() if mask[i]][: body["k"]]
    # An explicit type: pyarrow cannot infer one from an empty list (a selection that matches nothing).
    table = projection.rows.select(columns).take(pa.array(order, pa.int64())).to_pylist()
    data = [
        {**{k: jsonable(v) for k, v in row.items()}, "_similarity": round(float(similarity[i]), 6)}
        for row, i in zip(table, order)
    ]
    return Reply(200, {"data": data})


def select(atlas, req, world):
    body = req.json()
    _, index = _projection(world, body)
    projection = index.projection
    mask = selection_mask(projection, body.get("selection"))
    return Reply(200, {"data": [{"id_": projection.ids[i]} for i in np.flatnonzero(mask).tolist()]})


ROUTES = [
    ("POST", "/v1/query/topk", topk),
    ("POST", "/v1/query", select),
]
