"""What a page's prerequisites say the reader already has (tests/samples/README.md): datasets
with rows, images and maps built earlier, maps the page builds itself (`built_by_page`), and
tasks started earlier."""

import hashlib
import io

import numpy as np
import pyarrow as pa
from pyarrow import csv as pacsv

from . import documents, files, maps, vectors
from .datasets import append, to_atlas_schema
from .state import Dataset, World


def seed(atlas, spec: dict) -> dict:
    world = atlas.world(spec["token"])
    made = []
    with atlas.lock:
        for entry in spec.get("datasets") or []:
            made.append(_dataset(atlas, world, entry))
        atlas.plans.setdefault(world.token, []).extend(dict(plan) for plan in spec.get("built_by_page") or [])
        for task in spec.get("tasks") or []:  # tasks the reader started earlier, by ID
            kind = task.get("kind", "parse")
            outcome = {"chunks": []} if kind == "parse" else {}
            files.start_task(atlas, world.token, kind, outcome, task_id=task["task_id"])
    return {"datasets": made}


def _dataset(atlas, world: World, entry: dict) -> dict:
    org, _, slug = entry["identifier"].rpartition("/")
    if org and org != world.org_slug:
        raise ValueError(f"seeded datasets live in {world.org_slug}, not {org}")
    dataset = Dataset(world, slug, entry.get("description", ""), entry.get("unique_id_field"), entry.get("is_public", True))
    if entry.get("dataset_id"):
        dataset.id = entry["dataset_id"]
    world.datasets[dataset.id] = dataset
    rows = entry.get("rows")
    if rows:
        types = {name: pa.string() for name in [dataset.unique_id_field, *(entry.get("string_columns") or [])] if name}
        table = pacsv.read_csv(io.BytesIO(rows.encode()), convert_options=pacsv.ConvertOptions(column_types=types))
        table = table.cast(to_atlas_schema(table.schema))
        if entry.get("embeddings_from"):
            matrix = vectors.embed_texts([str(v) for v in table.column(entry["embeddings_from"]).to_pylist()])
            flat = pa.array(matrix.reshape(-1).astype(np.float16), pa.float16())
            table = table.append_column("_embeddings", pa.FixedSizeListArray.from_arrays(flat, matrix.shape[1]))
        if entry.get("images"):
            hashes = []
            for i in range(table.num_rows):
                content = documents.fixture_image(entry["images"], i)
                digest = hashlib.sha256(content).hexdigest()
                atlas.blobs[digest] = content
                hashes.append(digest)
            table = table.append_column("_blob_hash", pa.array(hashes, pa.string()))
        append(dataset, table)
    for view in entry.get("maps") or []:
        index = maps.build(
            atlas,
            dataset,
            name=view.get("name"),
            indexed_field=view.get("indexed_field"),
            model=view.get("embedding_model", "nomic-embed-text-v1.5" if view.get("indexed_field") else None),
            build_topics=view.get("topics", True),
            topic_label_field=view.get("topic_label_field"),
            duplicates=view.get("duplicates", True),
            duplicate_cutoff=view.get("duplicate_cutoff", 0.1),
            projection_id=view.get("projection_id"),
            topic_model_id=view.get("topic_model_id"),
        )
        maps.tag(index.projection, view.get("tags"), world)
    return {"identifier": f"{world.org_slug}/{dataset.slug}", "id": dataset.id}
