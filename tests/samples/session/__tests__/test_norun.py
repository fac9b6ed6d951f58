"""What a norun block is checked for without running it (session/pagerun/norun.py)."""

import ast

import pytest

from pagerun import norun


def problems(code, namespace=None):
    return norun.check(ast.parse(code), namespace or {})


def test_calls_into_nomic_bind_to_the_real_signatures():
    assert problems("from nomic import embed\nembed.text(['a'], model='nomic-embed-text-v1.5')") == []
    assert "unexpected keyword" in problems("from nomic import embed\nembed.image(['a.jpg'], modle='x')")[0]
    assert "missing a required argument" in problems("from nomic import embed\nembed.text()")[0]


def test_methods_of_objects_an_earlier_block_made_are_checked():
    from nomic import AtlasDataset

    dataset = object.__new__(AtlasDataset)
    assert problems("dataset.create_index(indexed_field='text')", {"dataset": dataset}) == []
    assert problems("dataset.create_index(index_field='text')", {"dataset": dataset})


def test_methods_of_objects_the_block_makes_are_checked():
    assert problems("from nomic import AtlasDataset\nd = AtlasDataset('x')\nd.add_data(data=[], embedings=None)")


def test_a_module_missing_only_an_optional_extra_is_read_from_its_source():
    # nomic.aws needs boto3 (nomic[aws]), which the samples' environment does not install.
    assert problems("from nomic.aws import embed_text\nembed_text(['a'], 'endpoint', region_name='us-east-1')") == []
    assert "nomic.aws defines no embed_txt" in problems("from nomic.aws import embed_txt")[0]


def test_a_stale_import_fails():
    with pytest.raises(ImportError):
        problems("from nomic.embeddings import text")
    assert problems("from nomic import Embed")


def test_calls_into_a_module_read_from_source_are_checked_too():
    assert "region" in problems("from nomic.aws import embed_text\nembed_text(['a'], 'endpoint', region='us-east-1')")[0]


def test_a_name_nomic_does_not_have_fails_on_a_module_a_class_or_an_object():
    assert "has no attribute 'free_embedding_models'" in problems("from nomic import embed\nembed.free_embedding_models()")[0]
    assert problems("from nomic import embed\nembed.free_embedding_model()") == []
    from nomic import AtlasDataset

    dataset = object.__new__(AtlasDataset)
    assert "create_idx" in problems("dataset.create_idx(indexed_field='text')", {"dataset": dataset})[0]
    # Attributes the class's methods assign are the object's too.
    assert problems("print(dataset.id, dataset.meta)", {"dataset": dataset}) == []
    assert problems("import nomic\nnomic.AtlasDataset.from_map") and not problems("import nomic\nnomic.AtlasDataset.add_data")
