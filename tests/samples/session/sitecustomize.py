"""Reroutes the samples' HTTP(S) requests to the harness's fakes (tests/samples/README.md); in a
notebook's fresh environment (SAMPLES_FRESH), hides the packages no cell has installed yet
(freshenv.py); sends `python -m pip` to the same pip stand-in as `pip` (bin/pip); and makes
waiting quicker (SAMPLES_TIME_SCALE): `time.sleep(s)` sleeps `s` times the scale, as bin/sleep
does for the shell, so a poll loop runs its loop in a tenth of the time. The fakes' own clocks
(a map build's lock) are unchanged, so code that waits still has to wait for them.

Active only when SAMPLES_HOSTS is set, to JSON mapping a host name to a base URL:
`{"api-atlas.nomic.ai": "http://127.0.0.1:PORT", ...}`. A request made with
`requests`, `httpx` (or `httpx2`) or `urllib.request` to one of those hosts is sent to
the base URL instead, with the same path and query, and the original host in an
`X-Original-Host` header. Responses keep the URL the caller asked for, so error
messages read as they would against the real host. Nothing is imported or changed
until the program itself imports one of those libraries; other hosts are untouched.
"""

import json
import os
import sys


def _install() -> None:
    hosts = {host.lower(): base.rstrip("/") for host, base in json.loads(os.environ["SAMPLES_HOSTS"]).items()}

    def target(url: str) -> str | None:
        """The rerouted URL for `url`, or None when its host is not faked."""
        from urllib.parse import urlsplit

        parts = urlsplit(url)
        base = hosts.get((parts.hostname or "").lower())
        if base is None:
            return None
        return base + (parts.path or "/") + (f"?{parts.query}" if parts.query else "")

    def host_of(url: str) -> str:
        from urllib.parse import urlsplit

        return urlsplit(url).hostname or ""

    def patch_requests(module) -> None:
        send = module.Session.send

        def rerouted_send(self, request, **kwargs):
            original = request.url
            new = target(original)
            if new is None:
                return send(self, request, **kwargs)
            request.url = new
            request.headers["X-Original-Host"] = host_of(original)
            # Proxies were chosen for the original host; the fakes are reached directly.
            kwargs["proxies"] = {}
            try:
                response = send(self, request, **kwargs)
            finally:
                request.url = original
            response.url = original
            return response

        module.Session.send = rerouted_send

    def patch_httpx(module) -> None:
        def copy(request):
            new = target(str(request.url))
            if new is None:
                return None
            from urllib.parse import urlsplit

            headers = [(k, v) for k, v in request.headers.raw if k.lower() != b"host"]
            headers += [(b"Host", urlsplit(new).netloc.encode()), (b"X-Original-Host", request.url.host.encode())]
            return type(request)(
                request.method, new, headers=headers, stream=request.stream, extensions=request.extensions
            )

        handle = module.HTTPTransport.handle_request

        def rerouted(self, request):
            return handle(self, copy(request) or request)

        handle_async = module.AsyncHTTPTransport.handle_async_request

        async def rerouted_async(self, request):
            return await handle_async(self, copy(request) or request)

        module.HTTPTransport.handle_request = rerouted
        module.AsyncHTTPTransport.handle_async_request = rerouted_async

    def patch_httpx_client(module) -> None:
        # Clients pick a transport (direct or through a proxy) by URL; pick it for the fake's URL.
        for client in (module.Client, module.AsyncClient):
            choose = client._transport_for_url

            def rerouted_choice(self, url, choose=choose):
                new = target(str(url))
                return choose(self, type(url)(new) if new else url)

            client._transport_for_url = rerouted_choice

    def patch_urllib(module) -> None:
        open_ = module.OpenerDirector.open

        def rerouted_open(self, fullurl, data=None, *args, **kwargs):
            request = fullurl if isinstance(fullurl, module.Request) else module.Request(fullurl, data)
            original = request.full_url
            new = target(original)
            if new is None:
                return open_(self, fullurl, data, *args, **kwargs)
            request.full_url = new
            request.add_unredirected_header("X-Original-Host", host_of(original))
            response = open_(self, request, data, *args, **kwargs)
            response.url = original
            return response

        module.OpenerDirector.open = rerouted_open

    patches = {
        "requests.sessions": patch_requests,
        "httpx._transports.default": patch_httpx,
        "httpx2._transports.default": patch_httpx,
        "httpx._client": patch_httpx_client,
        "httpx2._client": patch_httpx_client,
        "urllib.request": patch_urllib,
    }

    class PatchAfterImport:
        """A meta-path finder that patches a module right after its own code has run."""

        def find_spec(self, name, path=None, target=None):
            if name not in patches:
                return None
            for finder in sys.meta_path:
                if finder is self or not hasattr(finder, "find_spec"):
                    continue
                spec = finder.find_spec(name, path, target)
                if spec is not None and spec.loader is not None and hasattr(spec.loader, "exec_module"):
                    run = spec.loader.exec_module

                    def exec_module(module, run=run, name=name):
                        run(module)
                        patches[name](module)

                    spec.loader.exec_module = exec_module
                    return spec
            return None

    for name, patch in patches.items():
        if name in sys.modules:
            patch(sys.modules[name])
    sys.meta_path.insert(0, PatchAfterImport())


PIP = os.path.join(os.path.dirname(os.path.abspath(__file__)), "bin", "pip")


def _argv() -> list[str]:
    return list(getattr(sys, "orig_argv", []))


if os.environ.get("SAMPLES_HOSTS"):
    _install()
if os.environ.get("SAMPLES_TIME_SCALE"):
    import time

    _scale, _sleep = float(os.environ["SAMPLES_TIME_SCALE"]), time.sleep
    time.sleep = lambda seconds: _sleep(max(0.0, seconds) * _scale)
if _argv()[1:4] == ["-m", "pip", "install"] and os.environ.get("SAMPLES_HOSTS"):
    os.execv(PIP, [PIP, *_argv()[3:]])  # `python -m pip install x` is checked as `pip install x` is
if os.environ.get("SAMPLES_FRESH") and os.path.abspath(_argv()[1] if len(_argv()) > 1 else "") != PIP:
    import freshenv

    freshenv.install_gate()
