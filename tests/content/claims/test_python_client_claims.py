"""What the pages say about libraries the nomic 3.9.0 client calls, checked by calling them."""

import io
import sys
import zipfile
from pathlib import Path

import pytest
from nomic import client as nomic_client
from nomic.client_models import ParseOptions

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
