"""What the pages say about libraries the nomic 3.9.0 client calls, checked by calling them."""

import io
import json
import sys
import zipfile
from pathlib import Path
from types import SimpleNamespace

import pyarrow as pa
import pyarrow.feather as feather
import pytest
import requests
from nomic import client as nomic_client
from nomic.client_models import ParseOptions
from nomic.dataset import AtlasClass, AtlasProjection

FIXTURES = Path(__file__).resolve().parents[2] / "samples" / "fixtures"


def office_zip(path: Path, first: str) -> Path:
    """A ZIP laid out like an Office file, with `first` as its first entry."""
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr(first, "<x/>")
        archive.writestr("[Content_Types].xml", "<Types/>")
        archive.writestr("word/document.xml", "<w:document/>")
    return path


def test_office_files_are_told_apart_by_their_content():
    docx = nomic_client._detect_content_type(FIXTURES / "supplier-agreement.docx")
    assert docx == "application/vnd.openxmlformats-officedocument.wordprocessingml.document"


def test_only_a_file_seen_as_a_plain_zip_goes_by_its_extension(tmp_path):
    # Office parts after another entry: filetype sees a generic ZIP, so the extension decides.
    renamed = office_zip(tmp_path / "report.docx", "customXml/item1.xml")
    assert nomic_client._detect_content_type(renamed).endswith("wordprocessingml.document")
    archive = office_zip(tmp_path / "bundle.zip", "customXml/item1.xml")
    with pytest.raises(ValueError, match="Unsupported ZIP-based file type: .zip"):
        nomic_client._detect_content_type(archive)


def test_an_odt_file_is_not_refused_as_a_zip(tmp_path):
    path = tmp_path / "notes.odt"
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("mimetype", "application/vnd.oasis.opendocument.text", compress_type=zipfile.ZIP_STORED)
        archive.writestr("content.xml", "<office:document-content/>")
    assert nomic_client._detect_content_type(path) == "application/vnd.oasis.opendocument.text"


def test_chunking_options_of_3_7_are_dropped_from_a_dict_and_cannot_be_imported():
    options = ParseOptions.model_validate({"chunking": {"chunk_mode": "page"}})
    assert "chunking" not in options.model_dump()
    with pytest.raises(ImportError):
        from nomic.client import ChunkOptions  # noqa: F401


# --- Map downloads: the ID column of `map.embeddings.projected` (generate-embeddings.mdx, dimensionality-reduction.mdx)

API = "https://api-atlas.nomic.ai"


def feather_bytes(table) -> bytes:
    sink = pa.BufferOutputStream()
    feather.write_feather(table, sink)
    return sink.getvalue().to_pybytes()


def two_tile_map(monkeypatch, tmp_path, unique_id_field):
    """A real AtlasProjection of a map whose points sit in two quadtree tiles, downloaded from a stubbed server."""
    monkeypatch.setenv("HOME", str(tmp_path))  # the client caches tiles under ~/.nomic/cache/<projection id>
    dataset = SimpleNamespace(
        id="dataset-1",
        meta={"unique_id_field": unique_id_field},
        is_locked=False,
        atlas_api_path=API,
        header={},
    )
    tiles = {"0/0/0": ["t-1", "t-2", "t-3"], "1/0/0": ["t-4", "t-5"]}
    root = f"{API}/v1/project/dataset-1/index/projection/projection-1/quadtree/"
    # The coordinates live in the tiles themselves (sidecar ""); the IDs in the datum_id sidecar.
    coords = pa.schema([pa.field(name, pa.float32(), metadata={"sidecar_name": json.dumps("")}) for name in "xy"])
    answers = {
        f"{API}/v1/project/projection/projection-1/schema": coords.serialize().to_pybytes(),
        root + "manifest.feather": feather_bytes(pa.table({"key": list(tiles)})),
    }
    for key, ids in tiles.items():
        answers[root + f"{key}.feather"] = feather_bytes(
            pa.table({"x": pa.array([0.5] * len(ids), pa.float32()), "y": pa.array([0.5] * len(ids), pa.float32())})
        )
        answers[root + f"{key}.datum_id.feather"] = feather_bytes(pa.table({unique_id_field or "id": ids}))

    def get(url, headers=None, **_):
        return SimpleNamespace(status_code=200, content=answers[str(url)], text="")

    monkeypatch.setattr(requests, "get", get)
    return AtlasProjection(dataset, atlas_index_id="index-1", projection_id="projection-1", name="tickets")


def test_without_a_unique_id_field_the_placeholder_ids_restart_in_every_tile(monkeypatch, tmp_path):
    projected = two_tile_map(monkeypatch, tmp_path, unique_id_field=None).embeddings.projected
    assert list(projected.columns) == ["_position_index", "x", "y"]
    # Numbered per tile, not per download: five points, three distinct placeholders.
    assert projected["_position_index"].tolist() == ["pos_0", "pos_1", "pos_2", "pos_0", "pos_1"]
    assert projected["_position_index"].duplicated().any()


def test_with_a_unique_id_field_the_id_column_holds_your_ids(monkeypatch, tmp_path):
    projected = two_tile_map(monkeypatch, tmp_path, unique_id_field="ticket_id").embeddings.projected
    assert list(projected.columns) == ["ticket_id", "x", "y"]
    assert projected["ticket_id"].tolist() == ["t-1", "t-2", "t-3", "t-4", "t-5"]


# --- Blank values on upload (how-to-visualize-embeddings.mdx, using-umap-with-atlas.mdx)


def test_a_missing_or_empty_string_is_uploaded_as_the_text_null():
    class NewDataset(SimpleNamespace):
        @property
        def schema(self):
            return self._schema

    dataset = NewDataset(
        meta={"modality": "text", "unique_id_field": "id", "insert_update_delete_lock": False}, _schema=None
    )
    rows = [
        {"id": "item-1", "text": "Charged twice", "label": "billing"},
        {"id": "item-2", "text": "Where is my parcel?", "label": None},
        {"id": "item-3", "text": "Refund please", "label": ""},
    ]
    uploaded = AtlasClass._validate_and_correct_arrow_upload(None, pa.Table.from_pylist(rows), dataset)
    assert uploaded["label"].to_pylist() == ["billing", "null", "null"]


# --- An Arrow table with an `_embeddings` column (python-api/datasets-and-maps.mdx, review R3a F1)


def new_embedding_dataset(monkeypatch):
    """A real AtlasDataset of modality "embedding" and no rows yet, made without the network; uploads go to a list."""
    from types import SimpleNamespace

    import pyarrow.feather as feather
    import requests
    from nomic.dataset import AtlasDataset

    dataset = AtlasDataset.__new__(AtlasDataset)  # __init__ would look the dataset up on the server
    dataset.meta = {
        "id": "dataset-1",
        "organization_slug": "org",
        "slug": "vectors",
        "modality": "embedding",
        "unique_id_field": None,
        "insert_update_delete_lock": False,
    }
    dataset._schema = None
    dataset.atlas_api_path = "https://api-atlas.nomic.ai"
    dataset.header = {}
    uploads = []

    def post(url, headers=None, data=None, **_):
        uploads.append((url, feather.read_table(data)))
        return SimpleNamespace(status_code=200, close=lambda: None)

    monkeypatch.setattr(requests, "post", post)
    return dataset, uploads


def table_with_embeddings_column():
    import pyarrow as pa

    vectors = pa.FixedSizeListArray.from_arrays(pa.array([0.25] * 8, pa.float32()), 4)
    return pa.table({"name": ["first", "second"], "_embeddings": vectors})


def test_a_table_with_an_embeddings_column_is_refused_before_anything_is_sent(monkeypatch):
    dataset, uploads = new_embedding_dataset(monkeypatch)
    # Not "treated as if you had passed embeddings": the client appends a second `_embeddings` column.
    with pytest.raises(ValueError, match="Two different fields have the same lowercased name, `_embeddings`"):
        dataset.add_data(table_with_embeddings_column())
    assert uploads == []


def test_the_same_vectors_passed_as_embeddings_are_uploaded_once(monkeypatch):
    import numpy as np

    dataset, uploads = new_embedding_dataset(monkeypatch)
    table = table_with_embeddings_column()
    dataset.add_data(table.drop_columns("_embeddings"), embeddings=np.array(table["_embeddings"].to_pylist()))
    [(url, sent)] = uploads
    assert url.endswith("/v1/project/data/add/arrow")
    assert sent.column_names == ["name", "_embeddings"] and sent.num_rows == 2


# --- An extraction result that is a bare JSON array (files/extraction/overview, review R3a F3)


def extraction_answered_with(monkeypatch, download):
    """A NomicClient whose extract call is accepted and completes at once; `download` is the result document."""
    import json
    from types import SimpleNamespace

    import requests

    def answer(body, status=200):
        response = requests.Response()
        response.status_code, response.reason = status, "OK"
        response.headers["Content-Type"] = "application/json"
        response._content = json.dumps(body).encode()
        return response

    status = {"status": "COMPLETED", "task_id": "task-1", "duration": 1.5, "result_url": "https://storage.test/r.json"}
    server = SimpleNamespace(
        _post=lambda path, json=None: answer({"task_id": "task-1"}, 201),
        _get=lambda path: answer(status),
    )
    monkeypatch.setattr(nomic_client, "get_client", lambda: server)
    monkeypatch.setattr(requests, "get", lambda url, **_: answer(download))
    return nomic_client.NomicClient()


TURNS = {"type": "object", "properties": {"speaker": {"type": "string"}, "content": {"type": "string"}}}


def test_a_bare_array_result_makes_extract_fail_in_the_python_client(monkeypatch):
    client = extraction_answered_with(monkeypatch, [{"speaker": "A", "content": "Hello"}])
    # The docstring's array-root schema: if the result comes back as that array, unpacking it raises.
    with pytest.raises(TypeError, match="pop expected at most 1 argument"):
        client.extract("https://example.com/call.pdf", {"type": "array", "items": TURNS})


def test_an_object_result_comes_back_under_result_without_status_and_error(monkeypatch):
    client = extraction_answered_with(monkeypatch, {"turns": [{"speaker": "A", "content": "Hello"}], "status": "ok"})
    schema = {"type": "object", "properties": {"turns": {"type": "array", "items": TURNS}}}
    result = client.extract("https://example.com/call.pdf", schema)
    assert result == {"result": {"turns": [{"speaker": "A", "content": "Hello"}]}}


# --- Datasets, data maps and uploads (review R3b): each test calls the client or library the page describes, with
# the network stubbed, and fails if the page's earlier, wrong claim were true.

import pandas as pd  # noqa: E402
from loguru import logger  # noqa: E402
from nomic import atlas as nomic_atlas  # noqa: E402
from nomic import dataset as nomic_dataset  # noqa: E402
from nomic.data_operations import AtlasMapDuplicates  # noqa: E402


class _Response:
    def __init__(self, status_code=200, body=None):
        self.status_code = status_code
        self._body = {} if body is None else body
        self.text = json.dumps(self._body)
        self.headers = {}

    def json(self):
        return self._body

    def close(self):
        pass


def _offline_dataset(schema=None, locked=False, unique_id_field="id", fields=("id", "text")):
    """An AtlasDataset as the client holds it after loading, built without a request."""
    dataset = object.__new__(nomic_dataset.AtlasDataset)
    dataset.meta = {
        "id": "00000000-0000-4000-8000-000000000001",
        "modality": "text",
        "unique_id_field": unique_id_field,
        "insert_update_delete_lock": locked,
        "organization_slug": "my-org",
        "slug": "tickets",
        "project_fields": list(fields),
        "atlas_indices": [],
        "schema": None,
    }
    dataset._schema = schema
    dataset.atlas_api_path = "https://api-atlas.invalid"
    dataset.header = {}
    dataset._latest_dataset_state = lambda: dataset
    return dataset


def _log_lines():
    lines = []
    handler = logger.add(lambda message: lines.append(str(message)), level="DEBUG")
    return lines, handler


def test_duplicates_df_columns_are_id_then_class_then_cluster(tmp_path):
    # duplicate-detection.mdx: "its id, its duplicate class and its duplicate cluster", in that column order.
    tile = tmp_path / "0" / "0"
    tile.mkdir(parents=True)
    feather.write_feather(pa.table({"ticket_id": ["T-1", "T-2", "T-3"]}), tile / "0.datum_id.feather")
    feather.write_feather(
        pa.table(
            {
                "_duplicate_class": ["singleton", "retention candidate", "deletion candidate"],
                "_cluster_id": pa.array([1, 2, 2], pa.int32()),
            }
        ),
        tile / "0.duplicates.feather",
    )
    projection = SimpleNamespace(
        _registered_columns=[("_duplicate_class", "duplicates"), ("_cluster_id", "duplicates")],
        dataset=SimpleNamespace(meta={"unique_id_field": "ticket_id"}),
        tile_destination=tmp_path,
        _manifest=pa.table({"key": ["0/0/0"]}),
        _download_sidecar=lambda name, overwrite=False: [],  # the tiles are already on disk: no download
    )
    duplicates = AtlasMapDuplicates(projection)
    id_column, class_column, cluster_column = duplicates.df.columns
    assert (id_column, class_column, cluster_column) == ("ticket_id", "duplicate_class", "cluster_id")
    assert duplicates.df[class_column].tolist()[2] == "deletion candidate"
    assert duplicates.deletion_candidates() == ["T-3"]


def test_create_index_without_a_name_sends_none_and_map_data_sends_its_identifier(monkeypatch):
    # analyze-text-data.mdx: `name` has no default in the client (it sends index_name None); map_data names the
    # index after its identifier. The earlier page said the name defaulted to the dataset name.
    sent = []

    def post(url, headers=None, **kwargs):
        sent.append(kwargs["json"])
        return _Response(200, {"job_id": "job-1"})

    monkeypatch.setattr(nomic_dataset.requests, "post", post)
    monkeypatch.setattr(nomic_dataset.requests, "get", lambda *a, **k: _Response(200, {"index_id": "index-1"}))
    monkeypatch.setattr(nomic_dataset.time, "sleep", lambda seconds: None)
    dataset = _offline_dataset()
    dataset.create_index(indexed_field="text")
    assert sent[0]["index_name"] is None

    calls = {}
    stand_in = _offline_dataset()
    stand_in.meta["total_datums_in_project"] = 0
    stand_in.add_data = lambda data=None, **kwargs: None
    stand_in.create_index = lambda **kwargs: calls.update(kwargs)
    monkeypatch.setattr(nomic_atlas, "AtlasDataset", lambda **kwargs: stand_in)
    nomic_atlas.map_data(data=[{"id": "1", "text": "a"}], identifier="support-tickets-quick", indexed_field="text")
    assert calls["name"] == "support-tickets-quick"


def test_a_case_clash_raises_even_on_a_dataset_with_rows_while_an_underscore_column_is_dropped():
    # export-developer-data.mdx: on a dataset that already holds rows only the underscore column is dropped with a
    # warning; two names that differ only in case still raise.
    stored = pa.schema({"id": pa.string(), "text": pa.string()})
    dataset = _offline_dataset(schema=stored)
    with pytest.raises(ValueError, match="Two different fields have the same lowercased name"):
        dataset._validate_and_correct_arrow_upload(
            pa.table({"id": ["1"], "text": ["a"], "Title": ["x"], "title": ["y"]}), dataset
        )
    lines, handler = _log_lines()
    try:
        table = pa.table({"id": ["1"], "text": ["a"], "_notes": ["x"]})
        kept = dataset._validate_and_correct_arrow_upload(table, dataset)
    finally:
        logger.remove(handler)
    assert kept.column_names == ["id", "text"]
    assert any("Field _notes present in data, but not found in table schema. Ignoring." in line for line in lines)


def test_a_none_in_a_text_column_is_stored_as_the_text_null_and_stays_empty_in_number_and_date_columns():
    # quick-start, data-maps, prepare-data, collaborative-tagging, storage and others: "stored as the text `null`"
    # for text; an empty number or date "stays empty". The earlier pages said a None was a missing value throughout.
    records = [
        {"id": "1", "text": "Login fails", "channel": None, "rating": None, "created_at": None},
        {"id": "2", "text": "Refund", "channel": "", "rating": 4.0, "created_at": pd.Timestamp("2025-03-14", tz="UTC")},
    ]
    dataset = _offline_dataset(fields=("id", "text", "channel", "rating", "created_at"))
    lines, handler = _log_lines()
    try:
        uploaded = dataset._validate_and_correct_arrow_upload(pa.Table.from_pylist(records), dataset)
    finally:
        logger.remove(handler)
    assert uploaded["channel"].to_pylist() == ["null", "null"]
    assert any("Replacing 1 null values for field channel with string 'null'" in line for line in lines)
    assert uploaded["rating"].to_pylist()[0] is None
    assert uploaded["created_at"].to_pylist()[0] is None
    assert pa.types.is_timestamp(uploaded.schema.field("created_at").type)


def test_a_null_id_is_refused_but_the_text_nan_that_astype_str_makes_is_not():
    # prepare-data-for-atlas.mdx and storage.mdx: with one blank ID, pandas reads numeric IDs as floats and
    # astype(str) gives "17.0" and "nan", which passes the client's null check.
    frame = pd.read_csv(io.StringIO("id,text\n17,a\n,b\n"))
    assert frame["id"].astype(str).tolist() == ["17.0", "nan"]
    dataset = _offline_dataset()
    with pytest.raises(ValueError, match="must not contain null values"):
        dataset._validate_and_correct_arrow_upload(pa.table({"id": ["17", None], "text": ["a", "b"]}), dataset)
    as_text = dataset._validate_and_correct_arrow_upload(
        pa.Table.from_pylist(frame.assign(id=frame["id"].astype(str)).to_dict("records")), dataset
    )
    assert as_text["id"].to_pylist() == ["17.0", "nan"]
    assert pd.read_csv(io.StringIO("id,text\n17,a\n,b\n"), dtype={"id": str})["id"].tolist()[0] == "17"


def test_map_data_fails_on_a_blank_text_cell_of_a_dataframe_and_deletes_the_dataset_but_takes_none(monkeypatch):
    # quick-start.mdx, data-maps/index.mdx, embedding_projection.mdx: map_data keeps a blank as NaN, the upload
    # fails with ArrowTypeError and the new dataset is deleted; records with None upload.
    csv_text = "id,text,channel\n1,My order never arrived,email\n2,Charged twice,\n"
    frame = pd.read_csv(io.StringIO(csv_text), dtype={"id": str})
    posted, deleted, built = [], [], []
    monkeypatch.setattr(nomic_dataset.requests, "post", lambda url, **kwargs: posted.append(url) or _Response(200))

    def stand_in(**kwargs):
        dataset = _offline_dataset(schema=None, fields=("id", "text", "channel"))
        dataset.meta["total_datums_in_project"] = 0
        dataset.delete = lambda: deleted.append(True)
        dataset.create_index = lambda **kwargs: built.append(kwargs)
        return dataset

    monkeypatch.setattr(nomic_atlas, "AtlasDataset", stand_in)
    with pytest.raises(pa.ArrowTypeError, match="Expected bytes, got a 'float' object"):
        nomic_atlas.map_data(data=frame, identifier="support-tickets-quick", id_field="id", indexed_field="text")
    assert deleted == [True] and built == []

    records = frame.astype(object).where(frame.notna(), None).to_dict("records")
    nomic_atlas.map_data(data=records, identifier="support-tickets-quick", id_field="id", indexed_field="text")
    assert deleted == [True] and len(built) == 1
    assert any(url.endswith("/v1/project/data/add/arrow") for url in posted)


def test_a_json_flag_with_a_null_is_read_as_floats_so_a_true_false_map_loses_it():
    # prepare-data-for-atlas.mdx: with one null, read_json stores true/false as 1.0/NaN/0.0; mapping by truth keeps
    # the flag, the earlier map({True: ..., False: ...}) matched nothing.
    raw = pd.read_json(io.StringIO('{"e": true}\n{"e": null}\n{"e": false}\n'), lines=True)
    assert raw["e"].dtype == "float64"
    assert raw["e"].map({True: "yes", False: "no"}).fillna("unknown").tolist() == ["unknown"] * 3
    by_truth = raw["e"].map(lambda v: "unknown" if pd.isna(v) else "yes" if v else "no")
    assert by_truth.tolist() == ["yes", "unknown", "no"]


def test_a_csv_flag_with_a_blank_is_not_a_bool_column_and_the_client_refuses_its_records():
    # collaborative-tagging.mdx: select_dtypes("bool") misses a True/False column with a blank; its records reach
    # PyArrow as a bool column, which the client refuses. Mapping by value keeps the blank as None.
    tickets = pd.read_csv(io.StringIO("ticket_id,body,escalated\nT-1,a,True\nT-2,b,\nT-3,c,False\n"))
    assert "escalated" not in tickets.select_dtypes(include="bool").columns
    records = tickets.astype(object).where(tickets.notna(), None).to_dict("records")
    dataset = _offline_dataset(unique_id_field="ticket_id", fields=("ticket_id", "body", "escalated"))
    with pytest.raises(TypeError, match="Boolean type not supported: escalated"):
        dataset._validate_and_correct_arrow_upload(pa.Table.from_pylist(records), dataset)
    mapped = tickets["escalated"].map({True: "yes", False: "no"})
    assert mapped.tolist()[0] == "yes" and pd.isna(mapped.tolist()[1]) and mapped.tolist()[2] == "no"


def test_add_data_raises_on_a_lock_only_when_its_copy_of_the_dataset_state_shows_one(monkeypatch):
    # storage.mdx: the lock exception comes from the client's last reading of the dataset's state; add_data does not
    # read it again, so a build started since then is not seen and the rows are sent.
    posted = []
    monkeypatch.setattr(
        nomic_dataset.requests,
        "post",
        lambda url, **kwargs: posted.append(url) or _Response(409, {"detail": "Project transaction lock is held"}),
    )
    rows = [{"id": "1", "text": "a"}]
    with pytest.raises(Exception, match="Project is currently indexing and cannot ingest new datums"):
        _offline_dataset(locked=True).add_data(data=rows)
    assert posted == []
    lines, handler = _log_lines()
    try:
        _offline_dataset(locked=False).add_data(data=rows)  # no exception
    finally:
        logger.remove(handler)
    assert len(posted) == 1
    assert any("Shard upload failed" in line for line in lines)


def test_a_missing_class_label_is_refused_by_int2str():
    # huggingface-connector.mdx: a missing ClassLabel value (-1) makes int2str raise ValueError.
    from datasets import ClassLabel

    labels = ClassLabel(names=["World", "Sports"])
    assert labels.int2str(1) == "Sports"
    with pytest.raises(ValueError):
        labels.int2str(-1)


def test_a_blank_date_becomes_nat_which_has_no_strftime():
    # export-developer-data.mdx (to_iso) and analyze-text-data.mdx: a blank date parses to NaT.
    assert pd.isna(pd.to_datetime("", utc=True, format="mixed"))
    assert pd.isna(pd.to_datetime(pd.Series(["2025-03-02 09:12", ""]), utc=True, format="mixed", errors="coerce")[1])
    with pytest.raises(ValueError):
        pd.to_datetime("", utc=True, format="mixed").strftime("%Y-%m-%dT%H:%M:%SZ")
