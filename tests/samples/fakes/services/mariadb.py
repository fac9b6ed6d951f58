"""MySQL: a real, throwaway MariaDB server from Debian's `mariadb-server` package, seeded with the shop's reviews.

The database guide's MySQL samples run against it: the `mysql` client in batch mode, and `SELECT ... INTO OUTFILE`,
which writes on the server's side into the one folder `secure_file_priv` allows. MariaDB is not MySQL 8, but these
statements (batch output, `INTO OUTFILE` with `CHARACTER SET`, `FIELDS`, `LINES`) behave alike in both. The server
listens on localhost at a free port, which the `mysql` client reads from MYSQL_TCP_PORT; the files folder is
SECURE_FILE_PRIV below, emptied at start. Run tests/setup/ensure-system.sh first on a machine without the package.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass

from postgres import REVIEWS, USER, PASSWORD, DATABASE, _free_port, _stop_with_parent

# Where INTO OUTFILE may write: the folder the page's prerequisites tell the reader to find with
# `SHOW VARIABLES LIKE 'secure_file_priv'`.
SECURE_FILE_PRIV = os.path.join(tempfile.gettempdir(), "samples-mysql-files")


def _seed_sql() -> str:
    def quoted(text):
        return "NULL" if text is None else "'" + text.replace("\\", "\\\\").replace("'", "''") + "'"

    rows = ", ".join(
        f"({4_000_000_000 + i}, {quoted(title)}, {quoted(body)}, {rating}, NOW() - INTERVAL {i} DAY)"
        for i, (title, body, rating, _verified, _tags) in enumerate(REVIEWS)
    )
    grants = "".join(
        f"CREATE USER '{USER}'@'{host}' IDENTIFIED BY '{PASSWORD}';"
        f"GRANT SELECT ON {DATABASE}.* TO '{USER}'@'{host}'; GRANT FILE ON *.* TO '{USER}'@'{host}';"
        for host in ("localhost", "127.0.0.1")
    )
    return (
        f"CREATE DATABASE {DATABASE} CHARACTER SET utf8mb4; USE {DATABASE};"
        "CREATE TABLE reviews (id BIGINT PRIMARY KEY, title TEXT, body TEXT, rating SMALLINT, created_at DATETIME);"
        f"INSERT INTO reviews VALUES {rows};{grants}"
    )


@dataclass
class Started:
    env: dict[str, str]
    stop: object


def start() -> Started:
    server_bin, install = shutil.which("mariadbd", path="/usr/sbin:/usr/bin"), shutil.which("mariadb-install-db")
    if not server_bin or not install:
        sys.stderr.write("fakes: MariaDB is not installed; run tests/setup/ensure-system.sh\n")
        return Started({}, lambda: None)
    root = tempfile.mkdtemp(prefix="samples-mariadb-")
    data, socket = os.path.join(root, "data"), os.path.join(root, "mysqld.sock")
    shutil.rmtree(SECURE_FILE_PRIV, ignore_errors=True)
    os.makedirs(SECURE_FILE_PRIV)
    user = "root" if os.geteuid() == 0 else None
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.PIPE}
    made = subprocess.run(
        [install, "--no-defaults", f"--datadir={data}", *([f"--user={user}"] if user else []),
         "--auth-root-authentication-method=normal", "--skip-test-db"],
        **quiet,
    )
    if made.returncode != 0:
        raise RuntimeError(f"fakes: mariadb-install-db failed ({made.returncode}):\n{made.stderr.decode(errors='replace')[-2000:]}")
    port = _free_port()
    server = subprocess.Popen(
        [server_bin, "--no-defaults", f"--datadir={data}", f"--socket={socket}", f"--port={port}",
         "--bind-address=127.0.0.1", f"--secure-file-priv={SECURE_FILE_PRIV}", "--skip-log-bin",
         "--innodb-flush-log-at-trx-commit=0", *([f"--user={user}"] if user else [])],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        preexec_fn=_stop_with_parent,
    )
    client = ["mariadb", "--no-defaults", f"--socket={socket}", "-u", "root"]
    deadline = time.monotonic() + 30
    while subprocess.run([*client, "-e", "SELECT 1"], **quiet).returncode != 0:
        if server.poll() is not None or time.monotonic() > deadline:
            raise RuntimeError("fakes: MariaDB did not start")
        time.sleep(0.1)
    subprocess.run(client, input=_seed_sql().encode(), check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)

    def stop() -> None:
        server.terminate()
        try:
            server.wait(10)
        except subprocess.TimeoutExpired:
            server.kill()
        shutil.rmtree(root, ignore_errors=True)

    # MYSQL_TCP_PORT for the reader's `mysql -h HOST` (the port the URL leaves out); SAMPLES_MYSQL for SQL fences.
    return Started(
        {"MYSQL_TCP_PORT": str(port), "SAMPLES_MYSQL": f"mysql://{USER}:{PASSWORD}@127.0.0.1:{port}/{DATABASE}"}, stop
    )
