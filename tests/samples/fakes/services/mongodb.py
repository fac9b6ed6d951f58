"""MongoDB: a minimal server that speaks the wire protocol (OP_MSG, and OP_QUERY for legacy handshakes).

No MongoDB server is packaged for Debian, and the guides only read: connect, `find` with a filter and a
projection, and close. This answers the handshake (`hello`/`isMaster`), `ping`, `find`, `getMore`,
`killCursors` and `endSessions` over a `helpcenter.articles` collection with stored embeddings, using the
BSON codec that ships with pymongo. The URI is given to the samples as MONGODB_URI.
"""

from __future__ import annotations

import random
import socket
import struct
import threading
from dataclasses import dataclass, field
from datetime import datetime, timezone

import bson
from bson import ObjectId

OP_REPLY, OP_QUERY, OP_MSG = 1, 2004, 2013
BATCH = 101  # documents in a first batch, as mongod returns by default


def _articles() -> list[dict]:
    rng = random.Random('helpcenter')
    topics = [
        (
            'Reset your password',
            'Use the link on the sign-in page to get a reset email.',
            'account',
            ['login', 'password'],
        ),
        (
            'Refund a duplicate charge',
            'Duplicate charges are refunded to the original card within five business days.',
            'billing',
            ['refund'],
        ),
        (
            'Export a table to CSV',
            'Open the Share menu and choose Export to download any table as CSV.',
            'data',
            ['export', 'csv'],
        ),
        (
            'Set up single sign-on',
            'Admins can connect an identity provider under Settings, Security.',
            'account',
            ['sso'],
        ),
        (
            'Change your plan',
            'Upgrades take effect at once; downgrades at the end of the billing period.',
            'billing',
            [],
        ),
        (
            'Invite a teammate',
            'Send an invitation from the Members page; the link expires after seven days.',
            'account',
            ['team'],
        ),
    ]
    documents = []
    for index in range(30):
        title, body, category, tags = topics[index % len(topics)]
        document = {
            '_id': ObjectId(f'65f0a1b2c3d4e5f6a7b8{index:04x}'),
            'title': f'{title} ({index // len(topics) + 1})',
            'body': body,
            'category': category,
            'tags': tags,
        }
        if index % 10 != 9:  # a few articles were never embedded
            document['embedding'] = [round(rng.gauss(0, 0.1), 6) for _ in range(64)]
        documents.append(document)
    return documents


COLLECTIONS = {('helpcenter', 'articles'): _articles()}


def _matches(document: dict, query: dict) -> bool:
    for key, condition in (query or {}).items():
        if isinstance(condition, dict) and '$exists' in condition:
            if (key in document) != bool(condition['$exists']):
                return False
        elif isinstance(condition, dict):
            raise ValueError(f'the fake MongoDB supports only equality and $exists, not {condition}')
        elif document.get(key) != condition:
            return False
    return True


def _project(document: dict, projection: dict | None) -> dict:
    if not projection:
        return dict(document)
    included = {k for k, v in projection.items() if v}
    if included:
        keep = included | ({'_id'} if projection.get('_id', 1) else set())
        return {k: v for k, v in document.items() if k in keep}
    return {k: v for k, v in document.items() if k not in projection}


@dataclass
class Cursors:
    lock: threading.Lock = field(default_factory=threading.Lock)
    open: dict[int, tuple[str, list[dict]]] = field(default_factory=dict)
    next_id: int = 1000


CURSORS = Cursors()


def _hello() -> dict:
    return {
        'helloOk': True,
        'ismaster': True,
        'isWritablePrimary': True,
        'maxBsonObjectSize': 16 * 1024 * 1024,
        'maxMessageSizeBytes': 48_000_000,
        'maxWriteBatchSize': 100_000,
        'localTime': datetime.now(timezone.utc),
        'logicalSessionTimeoutMinutes': 30,
        'connectionId': 1,
        'minWireVersion': 0,
        'maxWireVersion': 21,
        'readOnly': False,
        'ok': 1.0,
    }


def _batch(namespace: str, documents: list[dict], size: int, first: bool) -> dict:
    batch, rest = documents[:size], documents[size:]
    cursor_id = 0
    if rest:
        with CURSORS.lock:
            cursor_id = CURSORS.next_id
            CURSORS.next_id += 1
            CURSORS.open[cursor_id] = (namespace, rest)
    key = 'firstBatch' if first else 'nextBatch'
    return {'cursor': {key: batch, 'id': bson.int64.Int64(cursor_id), 'ns': namespace}, 'ok': 1.0}


def command(body: dict) -> dict:
    name = next(iter(body))
    db = body.get('$db', 'admin')
    if name.lower() in ('hello', 'ismaster'):
        return _hello()
    if name in ('ping', 'endSessions', 'buildInfo', 'saslStart'):
        return {'ok': 1.0, 'version': '7.0.0'} if name == 'buildInfo' else {'ok': 1.0}
    if name == 'find':
        documents = COLLECTIONS.get((db, body['find']), [])
        try:
            found = [_project(d, body.get('projection')) for d in documents if _matches(d, body.get('filter'))]
        except ValueError as error:
            return {'ok': 0.0, 'errmsg': str(error), 'code': 2}
        found = found[int(body.get('skip', 0)) :]
        if body.get('limit'):
            found = found[: int(body['limit'])]
        return _batch(f'{db}.{body["find"]}', found, int(body.get('batchSize') or BATCH), first=True)
    if name == 'getMore':
        with CURSORS.lock:
            namespace, rest = CURSORS.open.pop(int(body['getMore']), ('', []))
        return _batch(namespace, rest, int(body.get('batchSize') or 1000), first=False)
    if name == 'killCursors':
        with CURSORS.lock:
            for cursor_id in body.get('cursors', []):
                CURSORS.open.pop(int(cursor_id), None)
        return {'cursorsKilled': body.get('cursors', []), 'ok': 1.0}
    return {'ok': 0.0, 'errmsg': f'no such command: {name!r} (fake MongoDB)', 'code': 59, 'codeName': 'CommandNotFound'}


def _read_exact(conn: socket.socket, size: int) -> bytes:
    data = b''
    while len(data) < size:
        chunk = conn.recv(size - len(data))
        if not chunk:
            raise ConnectionError
        data += chunk
    return data


def _serve(conn: socket.socket) -> None:
    request_id = 1
    with conn:
        try:
            while True:
                length, incoming_id, _, opcode = struct.unpack('<iiii', _read_exact(conn, 16))
                payload = _read_exact(conn, length - 16)
                if opcode == OP_MSG:
                    reply = _op_msg(payload)
                    out_opcode = OP_MSG
                elif opcode == OP_QUERY:
                    reply = _op_query(payload)
                    out_opcode = OP_REPLY
                else:
                    return
                header = struct.pack('<iiii', 16 + len(reply), request_id, incoming_id, out_opcode)
                request_id += 1
                conn.sendall(header + reply)
        except (ConnectionError, OSError):
            return


def _op_msg(payload: bytes) -> bytes:
    flags = struct.unpack('<I', payload[:4])[0]
    end = len(payload) - (4 if flags & 1 else 0)
    position, body, sequences = 4, {}, {}
    while position < end:
        kind = payload[position]
        position += 1
        size = struct.unpack('<i', payload[position : position + 4])[0]
        if kind == 0:
            body = bson.decode(payload[position : position + size])
        else:
            section = payload[position + 4 : position + size]
            name, _, docs = section.partition(b'\x00')
            items, offset = [], 0
            while offset < len(docs):
                doc_size = struct.unpack('<i', docs[offset : offset + 4])[0]
                items.append(bson.decode(docs[offset : offset + doc_size]))
                offset += doc_size
            sequences[name.decode()] = items
        position += size
    body.update(sequences)
    return struct.pack('<I', 0) + b'\x00' + bson.encode(command(body))


def _op_query(payload: bytes) -> bytes:
    # flags, collection name (cstring), skip, return count, query document
    name_end = payload.index(b'\x00', 4)
    collection = payload[4:name_end].decode()
    query_start = name_end + 1 + 8
    size = struct.unpack('<i', payload[query_start : query_start + 4])[0]
    query = bson.decode(payload[query_start : query_start + size])
    query = query.get('$query', query)
    reply = command({**query, '$db': collection.split('.')[0]})
    return struct.pack('<iqii', 0, 0, 0, 1) + bson.encode(reply)


@dataclass
class Started:
    env: dict[str, str]
    stop: object


def start() -> Started:
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(('127.0.0.1', 0))
    listener.listen(16)
    port = listener.getsockname()[1]

    def accept() -> None:
        while True:
            try:
                conn, _ = listener.accept()
            except OSError:
                return
            threading.Thread(target=_serve, args=(conn,), daemon=True).start()

    threading.Thread(target=accept, daemon=True).start()
    # directConnection: one standalone server, so the driver needs no replica-set discovery.
    return Started({'MONGODB_URI': f'mongodb://127.0.0.1:{port}/?directConnection=true'}, listener.close)
