"""A small, real OpenID Connect provider for the end-to-end tests, with a control API to change its world.

oidc-provider-mock signs people in, but cannot take a role away from someone, disable an account or make its
token endpoint hang while sessions live. This provider can, so sitegen-auth redeems real refresh tokens over
real HTTP against a world the test changes:

- discovery (`/.well-known/openid-configuration`), keys (`/jwks`, RS256 with a `kid`), `/authorize` (a form with
  a `sub` field, as oidc-provider-mock's, so `scripted_sign_in` works with both), `/logout`;
- `/token` with the `authorization_code` grant (PKCE S256, client_secret_post or client_secret_basic) and the
  `refresh_token` grant (rotating: each refresh token is redeemed once; the scope must be named again, with
  `openid`, as Entra's v2 endpoint wants it); a refresh token is issued when the
  sign-in asked for `offline_access`; refreshed ID tokens carry no nonce, as Entra's;
- the control API, JSON over POST: `/control/user` `{"sub", "roles"?, "disabled"?, "oid"?}` (a disabled user's
  refresh tokens answer `invalid_grant`; `oid` makes later tokens name another object id), `/control/token`
  `{"mode": "pass" | "hang" | "error", "seconds"?}` (hang holds each token request that long, error answers 503),
  and GET `/control/issued`: every refresh token issued, how many refresh grants were asked, and how many
  requests reached the token endpoint (hung ones too).

`routes` maps a path to a handler, so a test world can add endpoints (a Graph, say) without changing this file's
core. Run as a process: `python world_provider.py --port 9400 --user-claims '{"sub": "ann", ...}' ...`.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import json
import secrets
import threading
import time
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import padding, rsa

CLIENT_ID = "sitegen-demo"
CLIENT_SECRET = "demo-client-secret"


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


class World:
    """The provider's state: users, codes, refresh tokens, the token endpoint's mode; every change under one lock."""

    def __init__(self, users: list[dict], port: int) -> None:
        self.issuer = f"http://127.0.0.1:{port}"
        self.users = {user["sub"]: dict(user) for user in users}
        self.key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
        self.kid = "world-1"
        self.lock = threading.Lock()
        self.codes: dict[str, dict] = {}
        self.refresh_tokens: dict[str, str] = {}
        self.issued: list[str] = []
        self.refresh_grants = 0
        self.token_mode = "pass"
        self.hang_seconds = 30.0
        self.token_requests = 0

    def jwks(self) -> dict:
        numbers = self.key.public_key().public_numbers()
        length = (numbers.n.bit_length() + 7) // 8
        return {
            "keys": [
                {
                    "kty": "RSA",
                    "use": "sig",
                    "kid": self.kid,
                    "n": b64url(numbers.n.to_bytes(length, "big")),
                    "e": b64url(numbers.e.to_bytes(3, "big")),
                }
            ]
        }

    def id_token(self, user: dict, nonce: str | None) -> str:
        now = int(time.time())
        claims = {key: value for key, value in user.items() if key not in ("disabled", "oid_override")}
        claims.update(iss=self.issuer, aud=CLIENT_ID, iat=now, nbf=now, exp=now + 3600)
        claims["oid"] = user.get("oid_override") or user.get("oid") or user["sub"]
        if nonce is not None:
            claims["nonce"] = nonce
        header = {"alg": "RS256", "typ": "JWT", "kid": self.kid}
        signing_input = b64url(json.dumps(header).encode()) + "." + b64url(json.dumps(claims).encode())
        signature = self.key.sign(signing_input.encode(), padding.PKCS1v15(), hashes.SHA256())
        return signing_input + "." + b64url(signature)

    def new_refresh_token(self, sub: str) -> str:
        token = "world-rt-" + secrets.token_urlsafe(24)
        self.refresh_tokens[token] = sub
        self.issued.append(token)
        return token


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    world: World
    routes: dict[tuple[str, str], object] = {}

    def log_message(self, *arguments) -> None:
        pass

    def do_GET(self) -> None:
        self.route("GET")

    def do_POST(self) -> None:
        self.route("POST")

    def route(self, method: str) -> None:
        parts = urllib.parse.urlsplit(self.path)
        self.query = dict(urllib.parse.parse_qsl(parts.query))
        self.body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
        handler = self.routes.get((method, parts.path))
        if handler is None:
            self.answer(404, {"error": "not_found"})
        else:
            handler(self)

    def answer(self, status: int, body: dict | str, headers: dict[str, str] | None = None) -> None:
        content = (json.dumps(body) if isinstance(body, dict) else body).encode()
        self.send_response(status)
        kind = "application/json" if isinstance(body, dict) else "text/html; charset=utf-8"
        for name, value in {"Content-Type": kind, "Cache-Control": "no-store", **(headers or {})}.items():
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(content)))
        self.end_headers()
        self.wfile.write(content)

    def form(self) -> dict[str, str]:
        return dict(urllib.parse.parse_qsl(self.body.decode()))


def discovery(request: Handler) -> None:
    issuer = request.world.issuer
    request.answer(
        200,
        {
            "issuer": issuer,
            "authorization_endpoint": issuer + "/authorize",
            "token_endpoint": issuer + "/token",
            "jwks_uri": issuer + "/jwks",
            "end_session_endpoint": issuer + "/logout",
            "response_types_supported": ["code"],
            "id_token_signing_alg_values_supported": ["RS256"],
        },
    )


def authorize_form(request: Handler) -> None:
    request.answer(
        200,
        '<!doctype html><title>Test world sign-in</title><form method="post">'
        '<label>sub <input name="sub"></label><button>Authorize</button></form>',
    )


def authorize(request: Handler) -> None:
    world, query, sub = request.world, request.query, request.form().get("sub", "")
    if sub not in world.users or query.get("client_id") != CLIENT_ID:
        request.answer(400, "<p>unknown user or client</p>")
        return
    code = secrets.token_urlsafe(16)
    with world.lock:
        world.codes[code] = {
            "sub": sub,
            "nonce": query.get("nonce"),
            "scope": query.get("scope", "").split(),
            "challenge": query.get("code_challenge"),
            "redirect_uri": query.get("redirect_uri"),
        }
    target = query["redirect_uri"] + "?" + urllib.parse.urlencode({"code": code, "state": query.get("state", "")})
    request.answer(302, "", {"Location": target})


def client_authenticated(request: Handler, form: dict[str, str]) -> bool:
    basic = request.headers.get("Authorization", "")
    if basic.startswith("Basic "):
        identity, _, secret = base64.b64decode(basic[6:]).decode().partition(":")
        identity, secret = urllib.parse.unquote_plus(identity), urllib.parse.unquote_plus(secret)
    else:
        identity, secret = form.get("client_id", ""), form.get("client_secret", "")
    return identity == CLIENT_ID and secret == CLIENT_SECRET


def token(request: Handler) -> None:
    world, form = request.world, request.form()
    with world.lock:
        world.token_requests += 1
    mode = world.token_mode
    if mode == "hang":
        time.sleep(world.hang_seconds)
        request.close_connection = True
        return
    if mode == "error":
        request.answer(503, {"error": "temporarily_unavailable"})
        return
    if not client_authenticated(request, form):
        request.answer(401, {"error": "invalid_client"})
        return
    with world.lock:
        if form.get("grant_type") == "authorization_code":
            grant = world.codes.pop(form.get("code", ""), None)
            verifier = form.get("code_verifier", "")
            if grant is None or b64url(hashlib.sha256(verifier.encode()).digest()) != grant["challenge"]:
                request.answer(400, {"error": "invalid_grant", "error_description": "unknown code or bad verifier"})
                return
            user, nonce = world.users[grant["sub"]], grant["nonce"]
            refresh = world.new_refresh_token(grant["sub"]) if "offline_access" in grant["scope"] else None
        elif form.get("grant_type") == "refresh_token":
            world.refresh_grants += 1
            if "openid" not in form.get("scope", "").split():
                # Entra's v2 token endpoint wants the scope on a refresh (AADSTS90014 without it), and answers an
                # ID token only for openid.
                request.answer(400, {"error": "invalid_request", "error_description": "AADSTS90014: scope missing"})
                return
            sub = world.refresh_tokens.pop(form.get("refresh_token", ""), None)
            if sub is None or world.users[sub].get("disabled"):
                request.answer(400, {"error": "invalid_grant", "error_description": "AADSTS50057: account disabled"})
                return
            user, nonce, refresh = world.users[sub], None, world.new_refresh_token(sub)
        else:
            request.answer(400, {"error": "unsupported_grant_type"})
            return
        answer = {"token_type": "Bearer", "expires_in": 3600, "access_token": secrets.token_urlsafe(16)}
        answer["id_token"] = world.id_token(user, nonce)
    if refresh:
        answer["refresh_token"] = refresh
    request.answer(200, answer)


def logout(request: Handler) -> None:
    target = request.query.get("post_logout_redirect_uri")
    request.answer(302 if target else 200, "<p>signed out</p>", {"Location": target} if target else {})


def control_user(request: Handler) -> None:
    change = json.loads(request.body or b"{}")
    with request.world.lock:
        user = request.world.users[change["sub"]]
        for name, key in (("roles", "roles"), ("disabled", "disabled"), ("oid", "oid_override")):
            if name in change:
                user[key] = change[name]
    request.answer(200, {"ok": True})


def control_token(request: Handler) -> None:
    change = json.loads(request.body or b"{}")
    with request.world.lock:
        request.world.token_mode = change["mode"]
        request.world.hang_seconds = float(change.get("seconds", 30))
    request.answer(200, {"ok": True})


def control_issued(request: Handler) -> None:
    with request.world.lock:
        request.answer(200, {
                "refresh_tokens": list(request.world.issued),
                "refresh_grants": request.world.refresh_grants,
                "token_requests": request.world.token_requests,
            })


ROUTES = {
    ("GET", "/.well-known/openid-configuration"): discovery,
    ("GET", "/jwks"): lambda request: request.answer(200, request.world.jwks()),
    ("GET", "/authorize"): authorize_form,
    ("POST", "/authorize"): authorize,
    ("POST", "/token"): token,
    ("GET", "/logout"): logout,
    ("POST", "/control/user"): control_user,
    ("POST", "/control/token"): control_token,
    ("GET", "/control/issued"): control_issued,
}


def serve(port: int, users: list[dict], routes: dict | None = None) -> ThreadingHTTPServer:
    """Serves a world of `users` on loopback `port` (in this thread: call `serve_forever`)."""
    handler = type("WorldHandler", (Handler,), {"world": World(users, port), "routes": {**ROUTES, **(routes or {})}})
    server = ThreadingHTTPServer(("127.0.0.1", port), handler)
    server.daemon_threads = True
    return server


def main() -> None:
    parser = argparse.ArgumentParser(description="A small OpenID Connect provider with a control API, for tests.")
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--user-claims", action="append", default=[], help="a user's claims as JSON (repeatable)")
    arguments = parser.parse_args()
    serve(arguments.port, [json.loads(claims) for claims in arguments.user_claims]).serve_forever()


if __name__ == "__main__":
    main()
