"""Third-party fakes for the Python samples, in one process.

Started by the Python runner with the harness interpreter. It serves every HTTP fake on one port, under
`/<host>/...`, starts the database stand-ins, then prints one JSON line:
`{"port": N, "hosts": {"api.github.com": "http://127.0.0.1:N/api.github.com", ...}, "env": {...}}`
and serves until killed. `hosts` feeds the host rerouting of sitecustomize.py; `env` holds the base-URL and
connection settings that the client libraries themselves read. Set SAMPLES_FAKES_LOG=1 to log each request
to stderr.
"""

from __future__ import annotations

import importlib
import json
import os
import shutil
import signal
import sys
import threading
import traceback
from http.server import BaseHTTPRequestHandler
from urllib.parse import parse_qs, urlsplit

sys.dont_write_bytecode = True  # no __pycache__ beside the fakes in the work tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from local_server import Server  # noqa: E402  (tests/samples/fakes, on PYTHONPATH)
from web import Request, Response, json_response  # noqa: E402

# One module per service; each lists the hosts it answers for.
HTTP_FAKES = [
    'openai_api',
    'huggingface',
    'reddit',
    'github',
    'jira',
    'linear',
    'slack',
    'discord',
    'msgraph',
    'hubspot',
    'zendesk',
    'salesforce',
    'snowflake',
]
LOG = os.environ.get('SAMPLES_FAKES_LOG') == '1'


def load_fakes() -> dict[str, object]:
    routes = {}
    for name in HTTP_FAKES:
        module = importlib.import_module(name)
        for host in module.HOSTS:
            routes[host] = module
    return routes


class Handler(BaseHTTPRequestHandler):
    protocol_version = 'HTTP/1.1'
    routes: dict[str, object] = {}
    port = 0
    authority = None  # tls.Authority, for CONNECT tunnels
    tunnel_host = ''  # set inside a CONNECT tunnel: every request is for this host

    def log_message(self, format, *args):  # noqa: A002 - the base class's name
        if LOG:
            sys.stderr.write('fakes: ' + (format % args) + '\n')

    def _serve(self) -> None:
        parts = urlsplit(self.path)
        if self.tunnel_host:
            host, rest = self.tunnel_host, parts.path.lstrip('/')
        else:
            host, _, rest = parts.path.lstrip('/').partition('/')
        length = int(self.headers.get('Content-Length') or 0)
        body = self.rfile.read(length) if length else b''
        if self.headers.get('Transfer-Encoding', '').lower() == 'chunked':
            body = self._read_chunked()
        module = self.routes.get(host)
        request = Request(
            method=self.command,
            host=host,
            path='/' + rest,
            query=parse_qs(parts.query, keep_blank_values=True),
            headers={k.lower(): v for k, v in self.headers.items()},
            body=body,
            base_url=f'http://127.0.0.1:{self.port}/{host}',
        )
        if module is None:
            response = json_response({'message': f'no fake for host {host!r}'}, 502)
        else:
            try:
                response = module.handle(request)
            except Exception:  # a bug in a fake: report it to the client instead of hanging up
                response = json_response({'message': 'fake failed', 'traceback': traceback.format_exc()}, 500)
                sys.stderr.write(traceback.format_exc())
        if LOG and response.status >= 400:
            sys.stderr.write(f'fakes: {response.status} {self.command} {self.path}: {response.body[:300]!r}\n')
        self._send(response)

    def _read_chunked(self) -> bytes:
        chunks = []
        while True:
            size = int(self.rfile.readline().split(b';')[0].strip() or b'0', 16)
            if size == 0:
                self.rfile.readline()
                return b''.join(chunks)
            chunks.append(self.rfile.read(size))
            self.rfile.readline()

    def _send(self, response: Response) -> None:
        self.send_response(response.status)
        headers = {k.lower(): (k, v) for k, v in response.headers.items()}
        for name, value in headers.values():
            self.send_header(name, value)
        if 'content-length' not in headers:
            self.send_header('Content-Length', str(len(response.body)))
        self.end_headers()
        if self.command != 'HEAD':
            self.wfile.write(response.body)

    do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = do_HEAD = _serve

    def do_CONNECT(self) -> None:
        """An HTTPS proxy for the faked hosts only: TLS ends here, with a certificate from the fake CA."""
        host = self.path.rpartition(':')[0]
        if host not in self.routes or self.authority is None:
            # Nothing but the fakes is reachable, through this proxy as without it.
            self._send(json_response({'message': f'no fake for host {host!r}'}, 403))
            self.close_connection = True
            return
        self.send_response(200, 'Connection Established')
        self.end_headers()
        self.wfile.flush()
        try:
            tunnel = self.authority.context(host).wrap_socket(self.connection, server_side=True)
        except OSError:
            self.close_connection = True
            return
        type('Tunnel', (Handler,), {'tunnel_host': host})(tunnel, self.client_address, self.server)
        self.close_connection = True


def main() -> None:
    Handler.routes = load_fakes()
    server = Server(('127.0.0.1', 0), Handler)
    port = server.server_address[1]
    Handler.port = port
    base = f'http://127.0.0.1:{port}'

    # Clients that can't be rerouted in-process reach the fakes through this HTTPS proxy (tls.py).
    import tls

    Handler.authority = tls.Authority()
    env: dict[str, str] = {
        'HTTPS_PROXY': base,
        'https_proxy': base,
        'SSL_CERT_FILE': Handler.authority.ca_file,
    }
    for module in {id(m): m for m in Handler.routes.values()}.values():
        env.update(getattr(module, 'env', lambda base: {})(base))

    # Stand-ins for services that speak their own wire protocols.
    import mariadb
    import mongodb
    import postgres

    stoppers = []
    for service in (mongodb, postgres, mariadb):
        started = service.start()
        stoppers.append(started.stop)
        env.update(started.env)

    def stop(*_):
        for stopper in stoppers:
            stopper()
        shutil.rmtree(Handler.authority.folder, ignore_errors=True)
        os._exit(0)

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)

    hosts = {host: f'{base}/{host}' for host in Handler.routes}
    print(json.dumps({'port': port, 'hosts': hosts, 'env': env}), flush=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        signal.pause()
    finally:
        stop()


if __name__ == '__main__':
    main()
