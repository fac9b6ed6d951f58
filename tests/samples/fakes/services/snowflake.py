"""Snowflake: the REST protocol of the Python connector's native core, for one account and one table.

The connector (5.x) makes its HTTPS requests from native code, so they can't be rerouted in-process. It
honours HTTPS_PROXY, and the fakes server terminates the tunnel for this account's host with a certificate
from the fake CA (tls.py). The fake answers the login request, query requests against
SUPPORT.MAPPING.TICKETS_FOR_ATLAS (the table the Snowflake guide creates), telemetry, and logout. Results
come back as Snowflake sends them: a JSON envelope with the row types and the rows as a base64 Arrow IPC
stream whose fields carry Snowflake's type metadata.
"""

from __future__ import annotations

import base64
import datetime
import gzip
import io
import re
import uuid

import pyarrow as pa

from records import TICKETS
from web import Request, Response, json_response, not_found

ACCOUNT = 'mya345-cfe123'  # the ORGID-ACCOUNTID the page's example uses, as a host name
HOSTS = [f'{ACCOUNT}.snowflakecomputing.com']
TOKEN = 'fake-session-token'
TABLE = 'SUPPORT.MAPPING.TICKETS_FOR_ATLAS'

# The table's columns and their Snowflake types, as the guide's CREATE TABLE ... AS SELECT makes them.
COLUMNS = [
    ('TICKET_ID', 'text'),
    ('TICKET_TEXT', 'text'),
    ('SUBJECT', 'text'),
    ('PRIORITY', 'text'),
    ('ESCALATED', 'text'),
    ('TAGS', 'text'),
    ('CUSTOMER_PLAN', 'text'),
    ('CREATED_AT', 'timestamp_ntz'),
    ('REPLY_COUNT', 'fixed'),
]


def _rows() -> list[dict]:
    rows = []
    for index, (subject, body, priority) in enumerate(TICKETS):
        rows.append(
            {
                'TICKET_ID': f'{48_211 + index}',
                'TICKET_TEXT': f'{subject}: {body}',
                'SUBJECT': subject,
                'PRIORITY': priority,
                'ESCALATED': 'yes' if priority == 'urgent' else 'no',
                'TAGS': 'billing, refund' if 'harg' in subject else '',
                'CUSTOMER_PLAN': None if index == 3 else ('team' if index % 2 else 'enterprise'),
                'CREATED_AT': datetime.datetime(2025, 3, 1 + index, 9, 30, 15, 250000),
                'REPLY_COUNT': index % 4,
            }
        )
    return rows


def _rowtype(name: str, kind: str) -> dict:
    base = {
        'name': name,
        'database': 'SUPPORT',
        'schema': 'MAPPING',
        'table': 'TICKETS_FOR_ATLAS',
        'nullable': True,
        'collation': None,
        'length': None,
        'byteLength': None,
        'precision': None,
        'scale': None,
    }
    if kind == 'text':
        return {**base, 'type': 'text', 'length': 16777216, 'byteLength': 16777216}
    if kind == 'fixed':
        return {**base, 'type': 'fixed', 'precision': 38, 'scale': 0, 'nullable': False}
    return {**base, 'type': 'timestamp_ntz', 'precision': 0, 'scale': 9}


def _field(name: str, kind: str) -> pa.Field:
    if kind == 'text':
        meta = {
            'logicalType': 'TEXT',
            'charLength': '16777216',
            'byteLength': '16777216',
            'precision': '0',
            'scale': '0',
            'finalType': 'T',
        }
        return pa.field(name, pa.string(), True, meta)
    if kind == 'fixed':
        meta = {
            'logicalType': 'FIXED',
            'precision': '38',
            'scale': '0',
            'charLength': '0',
            'byteLength': '0',
            'finalType': 'T',
        }
        return pa.field(name, pa.int8(), False, meta)
    # TIMESTAMP_NTZ(9): seconds since the epoch and the nanosecond fraction, as Snowflake encodes scale 9.
    meta = {
        'logicalType': 'TIMESTAMP_NTZ',
        'precision': '0',
        'scale': '9',
        'charLength': '0',
        'byteLength': '0',
        'finalType': 'T',
    }
    return pa.field(name, pa.struct([('epoch', pa.int64()), ('fraction', pa.int32())]), True, meta)


def _arrow(rows: list[dict]) -> str:
    fields = [_field(name, kind) for name, kind in COLUMNS]
    arrays = []
    for (name, kind), field in zip(COLUMNS, fields):
        values = [row[name] for row in rows]
        if kind == 'timestamp_ntz':
            epoch = datetime.datetime(1970, 1, 1)
            values = [
                None if v is None else {'epoch': int((v - epoch).total_seconds()), 'fraction': v.microsecond * 1000}
                for v in values
            ]
        arrays.append(pa.array(values, field.type))
    batch = pa.record_batch(arrays, schema=pa.schema(fields))
    sink = io.BytesIO()
    with pa.ipc.new_stream(sink, batch.schema) as writer:
        writer.write_batch(batch)
    return base64.b64encode(sink.getvalue()).decode()


def _error(code: str, message: str, sql_state: str = '42000') -> Response:
    return json_response(
        {'success': False, 'code': code, 'message': message, 'data': {'sqlState': sql_state, 'errorCode': code}}
    )


def handle(request: Request) -> Response:
    body = gzip.decompress(request.body) if request.headers.get('content-encoding') == 'gzip' else request.body
    if request.path == '/session/v1/login-request' and request.method == 'POST':
        login = (request.json_of(body) or {}).get('data') or {}
        if not login.get('LOGIN_NAME') or not (login.get('PASSWORD') or login.get('TOKEN')):
            return _error('390100', 'Incorrect username or password was specified.', '08004')
        return json_response(
            {
                'success': True,
                'code': None,
                'message': None,
                'data': {
                    'token': TOKEN,
                    'masterToken': 'fake-master-token',
                    'validityInSeconds': 3600,
                    'masterValidityInSeconds': 14400,
                    'sessionId': 1_234_567,
                    'serverVersion': '9.30.0',
                    'parameters': [],
                    'sessionInfo': {
                        'databaseName': request.arg('databaseName') or None,
                        'schemaName': request.arg('schemaName') or None,
                        'warehouseName': request.arg('warehouse') or None,
                        'roleName': request.arg('roleName') or 'PUBLIC',
                    },
                },
            }
        )
    if request.headers.get('authorization') != f'Snowflake Token="{TOKEN}"':
        return _error('390104', 'Authentication token has expired.  The user must authenticate again.', '08001')
    if request.path == '/queries/v1/query-request' and request.method == 'POST':
        return _query((request.json_of(body) or {}).get('sqlText') or '')
    if request.path in ('/telemetry/send', '/session/heartbeat'):
        return json_response({'success': True, 'code': None, 'message': None, 'data': None})
    if request.path == '/session' and request.arg('delete') == 'true':
        return json_response({'success': True, 'code': None, 'message': None, 'data': None})
    return not_found(request)


def _query(sql: str) -> Response:
    normalized = ' '.join(sql.split()).upper()
    match = re.match(r'SELECT \* FROM ([\w.]+)( ORDER BY (\w+))?;?$', normalized)
    if not match:
        return _error('002003', f'The fake Snowflake answers SELECT * FROM {TABLE} only; got: {sql[:120]}')
    if match.group(1) != TABLE:
        return _error('002003', f"SQL compilation error:\\nObject '{match.group(1)}' does not exist or not authorized.")
    rows = _rows()
    if match.group(3):
        rows.sort(key=lambda row: row[match.group(3)])
    return json_response(
        {
            'success': True,
            'code': None,
            'message': None,
            'data': {
                'parameters': [],
                'rowtype': [_rowtype(name, kind) for name, kind in COLUMNS],
                'rowsetBase64': _arrow(rows),
                'total': len(rows),
                'returned': len(rows),
                'queryId': str(uuid.uuid4()),
                'queryResultFormat': 'arrow',
                'finalDatabaseName': None,
                'finalSchemaName': None,
                'finalWarehouseName': 'ANALYTICS_WH',
                'finalRoleName': 'ATLAS_READER',
                'statementTypeId': 4096,
                'version': 1,
                'sendResultTime': 0,
            },
        }
    )
