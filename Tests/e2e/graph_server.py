"""A small Microsoft Graph on loopback for the groups overage: `POST /v1.0/me/getMemberObjects` answers the security
groups of the user whose access token it is.

Graph knows its own tokens; this one asks the test provider's userinfo endpoint with the token, so only a real
access token of a real sign-in gets an answer. Every call is recorded, and the server can be stopped and started
again on the same port to play Graph being down.
"""

from __future__ import annotations

import json
import threading
import urllib.error
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from stack import free_port


class GraphServer:
    def __init__(self, groups: dict[str, list[str]]) -> None:
        self.groups = groups
        self.port = free_port()
        self.provider_url = ""
        self.calls: list[dict] = []
        self._server: ThreadingHTTPServer | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> "GraphServer":
        graph = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                token = self.headers.get("Authorization", "").removeprefix("Bearer ")
                if self.path != "/v1.0/me/getMemberObjects":
                    return self.answer(404, {"error": {"code": "Request_ResourceNotFound"}})
                if json.loads(body or b"{}") != {"securityEnabledOnly": True}:
                    return self.answer(400, {"error": {"code": "Request_BadRequest"}})
                sub = graph.user_of(token)
                graph.calls.append({"sub": sub})
                if sub is None:
                    return self.answer(401, {"error": {"code": "InvalidAuthenticationToken"}})
                self.answer(200, {"@odata.context": "$metadata#Collection(Edm.String)", "value": graph.groups.get(sub, [])})

            def answer(self, status: int, document: dict) -> None:
                data = json.dumps(document).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def log_message(self, *arguments) -> None:
                pass

        ThreadingHTTPServer.allow_reuse_address = True
        self._server = ThreadingHTTPServer(("127.0.0.1", self.port), Handler)
        threading.Thread(target=self._server.serve_forever, daemon=True).start()
        return self

    def stop(self) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server = None

    def user_of(self, token: str) -> str | None:
        """The `sub` the provider's userinfo endpoint names for `token`, or None when it refuses it."""
        request = urllib.request.Request(self.provider_url + "/userinfo", headers={"Authorization": f"Bearer {token}"})
        try:
            with urllib.request.urlopen(request, timeout=5) as answer:
                return json.load(answer).get("sub")
        except urllib.error.HTTPError:
            return None
