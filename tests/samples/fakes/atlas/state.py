"""The fake Atlas's in-memory state: one world per API key, its datasets and their maps.

Time passes here as it does on the real service, only faster: a map build holds its
dataset's lock (`insert_update_delete_lock`) for `BUILD_SECONDS` after `create_index`.
The nomic client checks the lock before every read of map state and refuses while it is
held ("Dataset is locked for state access!"), and `wait_for_dataset_lock()` checks it every
5 s, so a page that waits passes and a page that reads a map it has just started to build
fails, as it would for a reader. `BUILD_SECONDS` stays under the client's 5 s poll so one
wait is always enough. Maps a page's prerequisites seed were built earlier: never locked.
"""

import base64
import hashlib
import threading
import time
import uuid
from dataclasses import dataclass, field

import pyarrow as pa

from . import mapbuild
from .common import ApiError, now

BUILD_SECONDS = 2.0


@dataclass
class Index:
    id: str
    name: str
    indexed_field: str | None
    model: str | None
    modality: str
    projection: mapbuild.MapBuild
    hyperparameters: dict
    created: str = field(default_factory=now)
    ready_at: float = 0.0  # time.monotonic() when the build finishes; 0 for maps built earlier

    @property
    def building(self) -> bool:
        return time.monotonic() < self.ready_at


class Dataset:
    def __init__(self, world: "World", name: str, description: str, unique_id_field: str | None, is_public: bool):
        self.id = str(uuid.uuid4())
        self.world = world
        self.name = name
        self.slug = name
        self.description = description or ""
        self.unique_id_field = unique_id_field
        self.is_public = is_public
        self.modality: str | None = None
        self.schema: pa.Schema | None = None
        self.table: pa.Table | None = None
        self.indices: list[Index] = []
        self.created = now()

    @property
    def fields(self) -> list[str]:
        return [f.name for f in self.schema if f.name != "_embeddings"] if self.schema is not None else []

    @property
    def locked(self) -> bool:
        return any(index.building for index in self.indices)

    def meta(self) -> dict:
        out = {
            "id": self.id,
            "owner": self.world.org_id,
            "project_name": self.name,
            "creator": self.world.user_id,
            "description": self.description,
            "is_public": self.is_public,
            "project_fields": self.fields,
            "unique_id_field": self.unique_id_field,
            "modality": self.modality,
            "total_datums_in_project": self.table.num_rows if self.table is not None else 0,
            "created_timestamp": self.created,
            "slug": self.slug,
            "atlas_indices": [index_meta(self, index) for index in self.indices],
            "insert_update_delete_lock": self.locked,
            "access_role": "ADMIN",
            "organization_slug": self.world.org_slug,
        }
        if self.schema is not None:
            out["schema"] = base64.b64encode(self.schema.serialize().to_pybytes()).decode()
        return out

    def summary(self) -> dict:
        keep = ("id", "owner", "project_name", "creator", "description", "is_public", "project_fields")
        keep += ("unique_id_field", "modality", "total_datums_in_project", "created_timestamp", "slug")
        return {key: value for key, value in self.meta().items() if key in keep} | {
            "nickname": self.world.org_slug,
            "thumbnail": "",
        }


def index_meta(dataset: Dataset, index: Index) -> dict:
    projection = index.projection
    ready = not index.building
    embedders = []
    if index.model:
        embedders.append(
            {
                "id": str(uuid.uuid5(uuid.NAMESPACE_URL, index.id + "/embedder")),
                "atlas_index_id": index.id,
                "ready": ready,
                "model_name": index.model,
                "hyperparameters": {},
            }
        )
    return {
        "id": index.id,
        "project_id": dataset.id,
        "index_name": index.name,
        "indexed_field": index.indexed_field,
        "created_timestamp": index.created,
        "updated_timestamp": index.created,
        "atoms": [],
        "colorable_fields": [f for f in dataset.fields if f != index.indexed_field and not f.startswith("_")],
        "embedders": embedders,
        "nearest_neighbor_indices": [
            {
                "id": str(uuid.uuid5(uuid.NAMESPACE_URL, index.id + "/nn")),
                "index_name": "HNSWIndex",
                "ready": ready,
                "hyperparameters": {"space": "l2", "ef_construction": 100, "M": 16},
                "atom_strategies": ["document"],
            }
        ],
        "projections": [
            {
                "id": projection.id,
                "projection_name": index.name,
                "ready": ready,
                "hyperparameters": index.hyperparameters,
                "atom_strategies": ["document"],
                "created_timestamp": index.created,
                "updated_timestamp": index.created,
            }
        ],
    }


class World:
    """Everything one API key sees."""

    def __init__(self, token: str):
        digest = hashlib.sha256(token.encode()).hexdigest()
        self.token = token
        self.user_id = f"auth0|{digest[:24]}"
        self.org_id = str(uuid.UUID(digest[:32]))
        self.org_slug = "my-org"
        self.created = now()
        self.datasets: dict[str, Dataset] = {}
        self.keys: list[dict] = []
        # A page's requests take turns; pages, each with its own key, run side by side (a map build is seconds
        # of CPU, and numpy's linear algebra runs outside the GIL).
        self.lock = threading.RLock()

    def dataset(self, dataset_id: str) -> Dataset:
        if dataset_id not in self.datasets:
            raise ApiError(404, f"Dataset {dataset_id} not found")
        return self.datasets[dataset_id]

    def by_slug(self, slug: str) -> Dataset | None:
        return next((d for d in self.datasets.values() if d.slug == slug), None)

    def projection(self, projection_id: str) -> tuple[Dataset, Index]:
        for dataset in self.datasets.values():
            for index in dataset.indices:
                if index.projection.id == projection_id:
                    return dataset, index
        raise ApiError(404, f"Projection {projection_id} not found")

    def index(self, index_id: str) -> tuple[Dataset, Index]:
        for dataset in self.datasets.values():
            for index in dataset.indices:
                if index.id == index_id:
                    return dataset, index
        raise ApiError(404, f"Index {index_id} not found")
