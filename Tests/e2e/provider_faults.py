"""An HTTP proxy in front of the test provider that can make its token endpoint hang or fail.

The browser and sitegen-auth both reach the provider through it (its issuer follows the Host header, so every
endpoint in its discovery document names the proxy). Sign-in pages always pass through; the token endpoint, the
one sitegen-auth calls from a callback, does what `token_mode` says:

- "pass": forwarded;
- "hang": held open without an answer until `release()` or `stop()`;
- "fail": the connection is closed without an answer, as a provider that is down would.

Every request is counted by path (`requests`), so a test can say how often sitegen-auth fetched discovery
and keys. `stop()` ends the proxy's server and releases every held request. Loopback only.
"""

from __future__ import annotations

import http.client
import threading
from collections import Counter
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

TOKEN_PATH = "/oauth2/token"
HOP_BY_HOP = {"connection", "keep-alive", "transfer-encoding", "proxy-connection", "upgrade", "te", "trailer"}


class _Server(ThreadingHTTPServer):
    # The tests send a dozen token requests at once; the default backlog of 5 drops the rest's SYNs, and each
    # dropped connection waits a second or more for its retry.
    request_queue_size = 64


class ProviderFaults:
    def __init__(self) -> None:
        self.token_mode = "pass"
        self.upstream_port = 0
        self.held = 0
        self.token_requests = 0
        self.requests: Counter[str] = Counter()
        self._lock = threading.Lock()
        self._release = threading.Event()
        self._server: _Server | None = None
        self._thread: threading.Thread | None = None

    @property
    def port(self) -> int:
        assert self._server is not None, "the proxy is not started"
        return self._server.server_address[1]

    def start(self, upstream_port: int) -> "ProviderFaults":
        self.upstream_port = upstream_port
        self._server = _Server(("127.0.0.1", 0), self._handler())
        self._server.daemon_threads = True
        self._thread = threading.Thread(target=self._server.serve_forever, name="provider-faults", daemon=True)
        self._thread.start()
        return self

    def release(self) -> None:
        """Lets every held token request go (their connections are closed without an answer); later ones hang."""
        self._release.set()
        self._release = threading.Event()

    def stop(self) -> None:
        self._release.set()
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server = None

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        proxy = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *arguments) -> None:
                pass

            def do_GET(self) -> None:
                self.forward()

            def do_POST(self) -> None:
                self.forward()

            def forward(self) -> None:
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                with proxy._lock:
                    proxy.requests[self.path.split("?", 1)[0]] += 1
                if self.path.split("?", 1)[0] == TOKEN_PATH:
                    with proxy._lock:
                        proxy.token_requests += 1
                    if proxy.token_mode == "fail":
                        self.close_connection = True
                        return
                    if proxy.token_mode == "hang":
                        release = proxy._release
                        with proxy._lock:
                            proxy.held += 1
                        try:
                            release.wait(timeout=60)
                        finally:
                            with proxy._lock:
                                proxy.held -= 1
                        self.close_connection = True
                        return
                upstream = http.client.HTTPConnection("127.0.0.1", proxy.upstream_port, timeout=20)
                headers = {name: value for name, value in self.headers.items() if name.lower() not in HOP_BY_HOP}
                upstream.request(self.command, self.path, body=body or None, headers=headers)
                answer = upstream.getresponse()
                content = answer.read()
                upstream.close()
                self.send_response(answer.status, answer.reason)
                for name, value in answer.getheaders():
                    if name.lower() not in HOP_BY_HOP | {"content-length"}:
                        self.send_header(name, value)
                self.send_header("Content-Length", str(len(content)))
                self.end_headers()
                self.wfile.write(content)

        return Handler
