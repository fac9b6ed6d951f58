"""PostgreSQL: a real, throwaway server from Debian's `postgresql` package, seeded with a small shop.

The database guide's samples connect with SQLAlchemy and `DATABASE_URL`; the page's prerequisites name the
host, user and database, and this sets PGPORT, which libpq reads when a URL gives no port. The cluster lives
in a temporary folder, listens on localhost only, and is removed when the fakes stop. Run
tests/setup/ensure-system.sh first on a machine without the package.

pgvector is not packaged for Debian 12, so `vector` is declared here as a domain over text that holds
pgvector's text form (`[0.1,-0.2,...]`), which is what `embedding::text` returns in the guide's query.
"""

from __future__ import annotations

import ctypes
import glob
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass

DATABASE = 'shop'
USER = 'reader'
PASSWORD = 'secret'

SCHEMA = """
CREATE DOMAIN vector AS text CHECK (VALUE ~ '^\\[.*\\]$');
CREATE TABLE products (id integer PRIMARY KEY, name text NOT NULL);
CREATE TABLE reviews (
    id bigint PRIMARY KEY,
    product_id integer REFERENCES products (id),
    title text,
    body text,
    rating smallint,
    verified_purchase boolean,
    tags text[],
    details jsonb,
    price_paid numeric(10, 2),
    created_at timestamptz
);
CREATE TABLE documents (id bigint PRIMARY KEY, title text, body text, embedding vector);
"""

PRODUCTS = [(1, 'Trail backpack 30L'), (2, 'Rain jacket'), (3, 'Hiking boots')]
REVIEWS = [
    ('The zipper broke after a week', 'The main zipper split on the first trip.', 1, False, ['zipper', 'durability']),
    ('Great fit', 'Comfortable straps and plenty of pockets for a day hike.', 5, True, ['fit']),
    ('Not waterproof', 'Water came through the seams in light rain.', 2, True, ['waterproofing']),
    ('Sizing runs small', 'Order one size up; the medium is tight across the shoulders.', 3, True, []),
    ('Zip failed quickly', 'The zip teeth came apart within days of use.', 1, True, ['zipper']),
    ('Light and warm', 'Packs down small and kept me warm on a windy ridge.\nWould buy again.', 5, False, None),
    ('Soles wore out', 'The tread is nearly smooth after two months.', 2, True, ['durability']),
    ('', None, 4, True, []),  # a review without text, which the query filters out
]


def _bin_dir() -> str | None:
    found = sorted(glob.glob('/usr/lib/postgresql/*/bin/postgres'), key=lambda p: int(p.split('/')[4]))
    if found:
        return os.path.dirname(found[-1])
    postgres = shutil.which('postgres')
    return os.path.dirname(os.path.realpath(postgres)) if postgres else None


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(('127.0.0.1', 0))
        return probe.getsockname()[1]


def _stop_with_parent() -> None:
    # Runs in the child before exec: if the fakes process dies, even by SIGKILL, the server shuts down too.
    ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGINT)  # 1 = PR_SET_PDEATHSIG


def _seed_sql() -> str:
    import json
    import random

    rng = random.Random('documents')
    lines = [SCHEMA]
    lines.append('INSERT INTO products VALUES ' + ', '.join(f"({i}, '{n}')" for i, n in PRODUCTS) + ';')
    values = []
    for index, (title, body, rating, verified, tags) in enumerate(REVIEWS):
        tags_sql = 'NULL' if tags is None else "ARRAY[" + ', '.join(f"'{t}'" for t in tags) + "]::text[]"
        body_sql = 'NULL' if body is None else "'" + body.replace("'", "''") + "'"
        details = json.dumps({'channel': 'web' if index % 2 else 'app'})
        values.append(
            f"({4_000_000_000 + index}, {index % 3 + 1}, '{title}', {body_sql}, {rating}, {str(verified).lower()}, "
            f"{tags_sql}, '{details}', {19.99 + index * 10:.2f}, now() - interval '{index} days')"
        )
    lines.append('INSERT INTO reviews VALUES ' + ', '.join(values) + ';')
    documents = []
    for index in range(12):
        vector = '[' + ','.join(f'{rng.gauss(0, 0.1):.5f}' for _ in range(32)) + ']'
        embedding = 'NULL' if index == 11 else f"'{vector}'"
        title = PRODUCTS[index % 3][1]
        documents.append(
            f"({index + 1}, '{title} guide {index}', 'How to care for your {title.lower()}.', {embedding})"
        )
    lines.append('INSERT INTO documents VALUES ' + ', '.join(documents) + ';')
    lines.append(f"CREATE ROLE {USER} LOGIN PASSWORD '{PASSWORD}';")
    lines.append(f'GRANT SELECT ON ALL TABLES IN SCHEMA public TO {USER};')
    return '\n'.join(lines)


def _remove_stale_clusters() -> None:
    """Folders left by a fakes process that was killed outright; a live cluster (of another run) is kept."""
    for folder in glob.glob(os.path.join(tempfile.gettempdir(), 'samples-postgres-*')):
        try:
            if time.time() - os.path.getmtime(folder) < 600:
                continue  # maybe another run's cluster, still starting
        except OSError:
            continue
        pid_file = os.path.join(folder, 'data', 'postmaster.pid')
        try:
            with open(pid_file) as handle:
                os.kill(int(handle.readline()), 0)
            continue  # its server is running
        except (OSError, ValueError):
            pass
        shutil.rmtree(folder, ignore_errors=True)


@dataclass
class Started:
    env: dict[str, str]
    stop: object


def start() -> Started:
    bin_dir = _bin_dir()
    if bin_dir is None:
        sys.stderr.write('fakes: PostgreSQL is not installed; run tests/setup/ensure-system.sh\n')
        return Started({}, lambda: None)
    _remove_stale_clusters()
    root = tempfile.mkdtemp(prefix='samples-postgres-')
    data = os.path.join(root, 'data')
    # PostgreSQL refuses to run as root; Debian's package creates the `postgres` user for it.
    as_user = {'user': 'postgres'} if os.geteuid() == 0 else {}
    if as_user:
        shutil.chown(root, 'postgres')
    quiet = {'stdout': subprocess.DEVNULL, 'stderr': subprocess.PIPE, **as_user}
    subprocess.run(
        [f'{bin_dir}/initdb', '-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync'],
        check=True,
        **quiet,
    )
    port = _free_port()
    server = subprocess.Popen(
        [
            f'{bin_dir}/postgres',
            '-D',
            data,
            '-p',
            str(port),
            '-k',
            root,
            '-c',
            'listen_addresses=localhost',
            '-c',
            'fsync=off',
            '-c',
            'synchronous_commit=off',
            '-c',
            'full_page_writes=off',
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        preexec_fn=_stop_with_parent,
        **as_user,
    )
    psql = [f'{bin_dir}/psql', '-h', root, '-p', str(port), '-U', 'postgres', '-v', 'ON_ERROR_STOP=1', '-q']
    deadline = time.monotonic() + 30
    while subprocess.run([f'{bin_dir}/pg_isready', '-h', root, '-p', str(port)], **quiet).returncode != 0:
        if server.poll() is not None or time.monotonic() > deadline:
            raise RuntimeError('fakes: PostgreSQL did not start')
        time.sleep(0.1)
    subprocess.run([*psql, '-d', 'postgres', '-c', f'CREATE DATABASE {DATABASE}'], check=True, **quiet)
    subprocess.run([*psql, '-d', DATABASE], input=_seed_sql().encode(), check=True, **{**quiet, 'stdin': None})

    def stop() -> None:
        server.send_signal(signal.SIGINT)  # PostgreSQL's fast shutdown: it doesn't wait for clients
        try:
            server.wait(10)
        except subprocess.TimeoutExpired:
            server.kill()
        shutil.rmtree(root, ignore_errors=True)

    return Started({'PGPORT': str(port)}, stop)
