"""Hugging Face Hub: the dataset repos the guides load, served to `huggingface_hub` and `datasets`.

Both libraries read HF_ENDPOINT. The fake answers the Hub API calls they make (repo info, tree listing,
paths-info) and serves the files under `/datasets/<repo>/resolve/<revision>/<path>`, with HEAD metadata and
byte ranges (streaming reads parquet files by range). The data are small stand-ins made at first use, with
the real datasets' columns and feature types, and at least as many rows as the guides select.
"""

from __future__ import annotations

import hashlib
import io
import json
import random
import threading
from urllib.parse import unquote

import pyarrow as pa
import pyarrow.parquet as pq

from web import Request, Response, json_response, not_found

HOSTS = ['huggingface.co']
COMMIT = 'a1b2c3d4e5f60718293a4b5c6d7e8f9012345678'


def env(base: str) -> dict[str, str]:
    # The runner keeps the Hub offline unless a fake serves it; this one does. No telemetry calls and no
    # Xet transfers: plain HTTP downloads from the fake.
    return {
        'HF_ENDPOINT': f'{base}/huggingface.co',
        'HF_HUB_OFFLINE': '0',
        'HF_DATASETS_OFFLINE': '0',
        'HF_HUB_DISABLE_TELEMETRY': '1',
        'HF_HUB_DISABLE_XET': '1',
    }


# ---- the data -----------------------------------------------------------------------------------------

AG_NEWS_CLASSES = ['World', 'Sports', 'Business', 'Sci/Tech']
AG_NEWS_WORDS = {
    'World': ['minister', 'election', 'border', 'talks', 'parliament', 'ceasefire', 'embassy', 'summit', 'refugees'],
    'Sports': ['coach', 'season', 'goal', 'championship', 'striker', 'playoffs', 'injury', 'stadium', 'record'],
    'Business': ['shares', 'profit', 'merger', 'interest rates', 'central bank', 'earnings', 'oil prices', 'layoffs'],
    'Sci/Tech': ['software', 'chip', 'satellite', 'browser', 'researchers', 'spacecraft', 'patent', 'broadband'],
}
CIFAR_CLASSES = ['airplane', 'automobile', 'bird', 'cat', 'deer', 'dog', 'frog', 'horse', 'ship', 'truck']
CIFAR_COLORS = [
    (120, 160, 220),
    (200, 40, 40),
    (90, 140, 60),
    (150, 120, 90),
    (130, 110, 70),
    (170, 130, 100),
    (60, 150, 60),
    (140, 90, 50),
    (40, 80, 170),
    (180, 180, 180),
]
WIKI_TOPICS = [
    (
        'Binary tree',
        'In computer science, a binary tree is a tree data structure in which each node has at most two children.',
    ),
    (
        'Fall of the Western Roman Empire',
        'The fall of the Western Roman Empire was the loss of central political control in the West.',
    ),
    (
        'Vaccine',
        'A vaccine is a biological preparation that provides active acquired immunity to a particular disease.',
    ),
    (
        'Louis Armstrong',
        'Louis Armstrong was an American trumpeter and vocalist from New Orleans, a leading figure in jazz.',
    ),
    (
        'Plate tectonics',
        'Plate tectonics is the theory that Earth\'s lithosphere is divided into plates; earthquakes occur at their boundaries.',
    ),
    (
        'Photosynthesis',
        'Photosynthesis is the process by which plants use light energy to make sugars from carbon dioxide and water.',
    ),
    (
        'Mount Everest',
        'Mount Everest is Earth\'s highest mountain above sea level, in the Mahalangur Himal of the Himalayas.',
    ),
    (
        'Printing press',
        'The printing press is a device for applying pressure to an inked surface resting on paper or cloth.',
    ),
]
OPUS_PAIRS = [
    ('Das Wetter ist heute schön.', 'The weather is nice today.'),
    ('Ich habe meinen Schlüssel verloren.', 'I have lost my key.'),
    ('Wo ist der Bahnhof?', 'Where is the train station?'),
    ('Der Bericht wird morgen veröffentlicht.', 'The report will be published tomorrow.'),
    ('Wir müssen die Kosten senken.', 'We have to cut costs.'),
    ('Kannst du mir bitte helfen?', 'Can you help me, please?'),
    ('Das Treffen wurde verschoben.', 'The meeting has been postponed.'),
    ('Sie spricht drei Sprachen.', 'She speaks three languages.'),
]


def _class_label(names: list[str]) -> dict:
    return {'names': names, '_type': 'ClassLabel'}


def _value(dtype: str) -> dict:
    return {'dtype': dtype, '_type': 'Value'}


def _parquet(table: pa.Table, features: dict) -> bytes:
    # `datasets` reads the features (ClassLabel names, Image, Translation) from this schema metadata.
    meta = {b'huggingface': json.dumps({'info': {'features': features}}).encode()}
    table = table.replace_schema_metadata({**(table.schema.metadata or {}), **meta})
    out = io.BytesIO()
    pq.write_table(table, out, row_group_size=1000)
    return out.getvalue()


def _ag_news(split: str, rows: int) -> bytes:
    rng = random.Random(f'ag_news-{split}')
    texts, labels = [], []
    for i in range(rows):
        label = i % 4
        words = AG_NEWS_WORDS[AG_NEWS_CLASSES[label]]
        picked = rng.sample(words, 3)
        texts.append(f'{picked[0].capitalize()} news: reports on {picked[1]} and {picked[2]} (item {i}).')
        labels.append(label)
    table = pa.table({'text': pa.array(texts, pa.string()), 'label': pa.array(labels, pa.int64())})
    return _parquet(table, {'text': _value('string'), 'label': _class_label(AG_NEWS_CLASSES)})


def _cifar10(split: str, rows: int) -> bytes:
    from PIL import Image

    rng = random.Random(f'cifar10-{split}')
    images, labels = [], []
    for i in range(rows):
        label = rng.randrange(10)
        base = CIFAR_COLORS[label]
        color = tuple(max(0, min(255, c + rng.randint(-25, 25))) for c in base)
        image = Image.new('RGB', (32, 32), color)
        # A second shade in one corner, so images of a class are alike but not identical.
        corner = rng.randint(8, 20)
        image.paste(tuple(255 - c for c in color), (0, 0, corner, corner))
        buffer = io.BytesIO()
        image.save(buffer, format='PNG')
        images.append({'bytes': buffer.getvalue(), 'path': None})
        labels.append(label)
    image_type = pa.struct([('bytes', pa.binary()), ('path', pa.string())])
    table = pa.table({'img': pa.array(images, image_type), 'label': pa.array(labels, pa.int64())})
    return _parquet(table, {'img': {'_type': 'Image'}, 'label': _class_label(CIFAR_CLASSES)})


def _wikipedia(rows: int) -> bytes:
    ids, urls, titles, texts = [], [], [], []
    for i in range(rows):
        title, lead = WIKI_TOPICS[i % len(WIKI_TOPICS)]
        title = f'{title} ({i // len(WIKI_TOPICS) + 1})' if i >= len(WIKI_TOPICS) else title
        ids.append(str(1000 + i))
        titles.append(title)
        urls.append('https://en.wikipedia.org/wiki/' + title.replace(' ', '_'))
        texts.append(f'{lead}\n\nSection {i}. ' + ' '.join([lead] * 3))
    table = pa.table({'id': ids, 'url': urls, 'title': titles, 'text': texts})
    features = {name: _value('string') for name in ['id', 'url', 'title', 'text']}
    return _parquet(table, features)


def _opus100(rows: int) -> bytes:
    pairs = [{'de': OPUS_PAIRS[i % len(OPUS_PAIRS)][0], 'en': OPUS_PAIRS[i % len(OPUS_PAIRS)][1]} for i in range(rows)]
    table = pa.table({'translation': pa.array(pairs, pa.struct([('de', pa.string()), ('en', pa.string())]))})
    return _parquet(table, {'translation': {'languages': ['de', 'en'], '_type': 'Translation'}})


def _articles_with_embeddings(rows: int) -> bytes:
    rng = random.Random('articles')
    ids = [f'article-{i:04d}' for i in range(rows)]
    texts = [f'{WIKI_TOPICS[i % len(WIKI_TOPICS)][1]} (article {i})' for i in range(rows)]
    vectors = [[rng.gauss(0, 1) for _ in range(768)] for _ in range(rows)]
    table = pa.table({'id': ids, 'text': texts, 'embedding': pa.array(vectors, pa.list_(pa.float32(), 768))})
    features = {
        'id': _value('string'),
        'text': _value('string'),
        'embedding': {'feature': _value('float32'), 'length': 768, '_type': 'Sequence'},
    }
    return _parquet(table, features)


def _card(configs: list[tuple[str, list[tuple[str, str]]]] | None) -> bytes:
    """A dataset card; `configs` maps config names to (split, file pattern) pairs, as Hub repos declare them."""
    lines = ['---', 'license: other']
    if configs:
        lines.append('configs:')
        for name, splits in configs:
            lines += [f'- config_name: {name}', '  data_files:']
            lines += [f'  - split: {split}\n    path: {pattern}' for split, pattern in splits]
    lines += ['---', '', 'A small stand-in made by the docs samples harness.', '']
    return '\n'.join(lines).encode()


# repo id -> {path: function returning the file's bytes}
REPOS = {
    'fancyzhx/ag_news': {
        'README.md': lambda: _card(None),
        'data/train-00000-of-00001.parquet': lambda: _ag_news('train', 20_400),
        'data/test-00000-of-00001.parquet': lambda: _ag_news('test', 380),
    },
    'uoft-cs/cifar10': {
        'README.md': lambda: _card(None),
        'data/train-00000-of-00001.parquet': lambda: _cifar10('train', 5_000),
        'data/test-00000-of-00001.parquet': lambda: _cifar10('test', 100),
    },
    'wikimedia/wikipedia': {
        'README.md': lambda: _card([('20231101.en', [('train', '20231101.en/train-*')])]),
        '20231101.en/train-00000-of-00001.parquet': lambda: _wikipedia(1_200),
    },
    'Helsinki-NLP/opus-100': {
        'README.md': lambda: _card([('de-en', [('validation', 'de-en/validation-*')])]),
        'de-en/validation-00000-of-00001.parquet': lambda: _opus100(200),
    },
    'your-org/articles-with-embeddings': {
        'README.md': lambda: _card(None),
        'data/train-00000-of-00001.parquet': lambda: _articles_with_embeddings(120),
    },
}

_files: dict[tuple[str, str], bytes] = {}
_lock = threading.Lock()


def _file(repo: str, path: str) -> bytes | None:
    makers = REPOS.get(repo, {})
    if path not in makers:
        return None
    key = (repo, path)
    with _lock:
        if key not in _files:
            _files[key] = makers[path]()
        return _files[key]


def _oid(data: bytes) -> str:
    return hashlib.sha1(data).hexdigest()


def _entry(repo: str, path: str) -> dict:
    data = _file(repo, path)
    entry = {'type': 'file', 'oid': _oid(data), 'size': len(data), 'path': path}
    if path.endswith('.parquet'):
        entry['lfs'] = {'oid': hashlib.sha256(data).hexdigest(), 'size': len(data), 'pointerSize': 134}
    return entry


def _folders(repo: str) -> set[str]:
    folders = set()
    for path in REPOS[repo]:
        parts = path.split('/')[:-1]
        folders.update('/'.join(parts[: i + 1]) for i in range(len(parts)))
    return folders


def _split_repo(rest: str, known_suffixes: tuple[str, ...]) -> tuple[str, str] | None:
    """`owner/name/<suffix>...` or `name/<suffix>...` -> (repo id, remainder starting at the suffix)."""
    for repo in sorted(REPOS, key=len, reverse=True):
        if rest == repo or rest.startswith(repo + '/'):
            remainder = rest[len(repo) :]
            if not remainder or remainder.lstrip('/').startswith(known_suffixes):
                return repo, remainder.lstrip('/')
    return None


def handle(request: Request) -> Response:
    path = unquote(request.path)
    if path.startswith('/api/datasets/'):
        found = _split_repo(path[len('/api/datasets/') :], ('revision', 'tree', 'paths-info', 'refs', 'parquet'))
        if not found:
            return _repo_not_found()
        repo, rest = found
        if rest == '' or rest.startswith('revision/'):
            return json_response(_info(repo))
        if rest.startswith('tree/'):
            _, _, tail = rest.partition('/')
            _, _, folder = tail.partition('/')  # after the revision
            return json_response(_tree(repo, folder.strip('/'), request.arg('recursive') in ('true', 'True', '1')))
        if rest.startswith('paths-info/'):
            paths = request.query.get('paths') or [v for k, v in _form_pairs(request.body) if k == 'paths']
            return json_response(_paths_info(repo, paths))
        if rest.startswith('refs'):
            return json_response(
                {
                    'branches': [{'name': 'main', 'ref': 'refs/heads/main', 'targetCommit': COMMIT}],
                    'converts': [],
                    'tags': [],
                }
            )
        if rest.startswith('parquet'):
            return json_response({}, 404)
        return not_found(request)
    if path.startswith('/datasets/'):
        found = _split_repo(path[len('/datasets/') :], ('resolve',))
        if not found:
            return _repo_not_found()
        repo, rest = found
        # resolve/<revision>/<path in repo>
        _, _, tail = rest.partition('/')
        _, _, file_path = tail.partition('/')
        return _download(request, repo, file_path)
    return not_found(request)


def _form_pairs(body: bytes) -> list[tuple[str, str]]:
    from urllib.parse import parse_qsl

    return parse_qsl(body.decode('utf-8'), keep_blank_values=True)


def _repo_not_found() -> Response:
    return json_response({'error': 'Repository not found'}, 404, {'X-Error-Code': 'RepoNotFound'})


def _info(repo: str) -> dict:
    return {
        'id': repo,
        'author': repo.split('/')[0] if '/' in repo else None,
        'sha': COMMIT,
        'lastModified': '2025-01-15T10:00:00.000Z',
        'private': False,
        'gated': False,
        'disabled': False,
        'tags': [],
        'cardData': {'license': 'other'},
        'siblings': [{'rfilename': path} for path in REPOS[repo]],
    }


def _tree(repo: str, folder: str, recursive: bool) -> list[dict]:
    prefix = folder + '/' if folder else ''
    entries = []
    for sub in sorted(_folders(repo)):
        if sub.startswith(prefix) and (recursive or '/' not in sub[len(prefix) :]):
            entries.append({'type': 'directory', 'oid': _oid(sub.encode()), 'size': 0, 'path': sub})
    for path in sorted(REPOS[repo]):
        if path.startswith(prefix) and (recursive or '/' not in path[len(prefix) :]):
            entries.append(_entry(repo, path))
    return entries


def _paths_info(repo: str, paths: list[str]) -> list[dict]:
    found = []
    folders = _folders(repo)
    for path in paths:
        path = path.strip('/')
        if path in REPOS[repo]:
            found.append(_entry(repo, path))
        elif path in folders:
            found.append({'type': 'directory', 'oid': _oid(path.encode()), 'size': 0, 'path': path})
    return found


def _download(request: Request, repo: str, path: str) -> Response:
    data = _file(repo, path)
    if data is None:
        return json_response(
            {'error': 'Entry not found'}, 404, {'X-Error-Code': 'EntryNotFound', 'X-Repo-Commit': COMMIT}
        )
    etag = f'"{_oid(data)}"'
    headers = {
        'X-Repo-Commit': COMMIT,
        'ETag': etag,
        'Accept-Ranges': 'bytes',
        'Content-Type': 'application/octet-stream',
    }
    ranged = request.headers.get('range', '')
    if request.method == 'HEAD':
        return Response(200, b'', {**headers, 'Content-Length': str(len(data))})
    if ranged.startswith('bytes='):
        start_text, _, end_text = ranged[len('bytes=') :].partition('-')
        if start_text == '':  # a suffix range: the last N bytes
            start, end = max(0, len(data) - int(end_text)), len(data) - 1
        else:
            start = int(start_text)
            end = min(int(end_text), len(data) - 1) if end_text else len(data) - 1
        if start >= len(data):
            return Response(416, b'', {'Content-Range': f'bytes */{len(data)}'})
        part = data[start : end + 1]
        return Response(206, part, {**headers, 'Content-Range': f'bytes {start}-{end}/{len(data)}'})
    return Response(200, data, headers)
