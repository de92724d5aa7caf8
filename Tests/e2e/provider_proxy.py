"""A loopback HTTP proxy in front of the test provider, which becomes the authority sitegen-auth is configured with
(the provider names its endpoints after the Host header it is asked with), and which also serves a page framing
any address, as Entra's sign-out page frames the front-channel logout address."""

from __future__ import annotations

import html
import http.client
import threading
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

HOP_BY_HOP = {"connection", "keep-alive", "transfer-encoding", "content-length", "upgrade"}


class FramingPage(BaseHTTPRequestHandler):
    """`/frame?src=URL` answers a page with an iframe of URL; on a proxy, everything else goes upstream."""

    upstream_port: int | None = None

    def log_message(self, *arguments: object) -> None:
        pass

    def do_GET(self) -> None:
        self.handle_any()

    def do_POST(self) -> None:
        self.handle_any()

    def do_PUT(self) -> None:
        self.handle_any()

    def handle_any(self) -> None:
        parsed = urllib.parse.urlsplit(self.path)
        if parsed.path == "/frame":
            source = urllib.parse.parse_qs(parsed.query)["src"][0]
            body = f'<!doctype html><title>frame</title><iframe id="f" src="{html.escape(source)}"></iframe>'.encode()
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        if self.upstream_port is None:
            self.send_error(404)
            return
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else None
        upstream = http.client.HTTPConnection("127.0.0.1", self.upstream_port, timeout=30)
        headers = {name: value for name, value in self.headers.items() if name.lower() not in HOP_BY_HOP}
        upstream.request(self.command, self.path, body=body, headers=headers)
        answer = upstream.getresponse()
        data = answer.read()
        self.send_response(answer.status)
        for name, value in answer.getheaders():
            if name.lower() not in HOP_BY_HOP:
                self.send_header(name, value)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)
        upstream.close()


class LoopbackServer:
    """A threaded HTTP server on a free loopback port, stopped by `stop()`."""

    def __init__(self, upstream_port: int | None = None) -> None:
        handler = type("Handler", (FramingPage,), {"upstream_port": upstream_port})
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}"

    def start(self) -> "LoopbackServer":
        self.thread.start()
        return self

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()
        self.thread.join(timeout=5)
