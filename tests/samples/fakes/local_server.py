"""The HTTP server both fakes run on (atlas/ and services/server.py)."""

from http.server import ThreadingHTTPServer


class Server(ThreadingHTTPServer):
    # The clients send up to a thread pool's worth of requests at once; the
    # default backlog of 5 made a busy machine reset some of them (a CI run).
    request_queue_size = 128
    daemon_threads = True
