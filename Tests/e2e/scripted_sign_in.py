"""A scripted browser sign-in against oidc-provider-mock, for sitegen-auth and for mod_auth_openidc alike.

It follows redirects by hand with a cookie jar per host; when it lands on the provider's authorize form it
posts `sub=<user>` to the same URL, as a person would by typing the name and pressing Authorize. The result is
the Cookie header a signed-in browser sends to the site, which wrk then replays. Used by the benchmarks, the
soak test and the end-to-end tests that need many readers at once: each may come from its own loopback address
(`source`), as different people would, so nginx's per-address limit on sign-in requests does not pool them.
"""

from __future__ import annotations

import http.client
import urllib.parse
from dataclasses import dataclass, field


@dataclass
class CookieJar:
    """name → value per host:port; enough for loopback http (no domains, no paths, no expiry dates)."""

    cookies: dict[str, dict[str, str]] = field(default_factory=dict)

    def store(self, origin: str, set_cookie_headers: list[str]) -> None:
        jar = self.cookies.setdefault(origin, {})
        for header in set_cookie_headers:
            pair, _, attributes = header.partition(";")
            name, _, value = pair.strip().partition("=")
            lowered = attributes.lower().replace(" ", "")
            if not value or "max-age=0" in lowered or "expires=thu,01jan1970" in lowered:
                jar.pop(name, None)
            else:
                jar[name] = value

    def header(self, origin: str) -> str:
        return "; ".join(f"{name}={value}" for name, value in self.cookies.get(origin, {}).items())


def request(
    jar: CookieJar, method: str, url: str, body: str | None = None, source: str = "127.0.0.1", timeout: float = 20
) -> tuple[int, str | None, bytes]:
    parts = urllib.parse.urlsplit(url)
    origin = parts.netloc
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=timeout, source_address=(source, 0))
    headers = {"Accept": "text/html", "Sec-Fetch-Mode": "navigate", "User-Agent": "sitegen-bench"}
    if jar.header(origin):
        headers["Cookie"] = jar.header(origin)
    if body is not None:
        headers["Content-Type"] = "application/x-www-form-urlencoded"
    target = parts.path + ("?" + parts.query if parts.query else "")
    connection.request(method, target or "/", body=body, headers=headers)
    response = connection.getresponse()
    content = response.read()
    jar.store(origin, response.headers.get_all("Set-Cookie") or [])
    location = response.headers.get("Location")
    connection.close()
    return response.status, urllib.parse.urljoin(url, location) if location else None, content


def until_callback(start_url: str, provider_url: str, user: str, source: str = "127.0.0.1") -> tuple[CookieJar, str]:
    """Signs `user` in at the provider, starting at `start_url`, and stops where the provider sends the browser back
    to the site: the cookie jar and the callback URL, not yet opened."""
    jar = CookieJar()
    url, method, body = start_url, "GET", None
    site = urllib.parse.urlsplit(start_url).netloc
    for _ in range(12):
        status, location, _ = request(jar, method, url, body, source)
        if status in (301, 302, 303, 307) and location:
            if url.startswith(provider_url) and urllib.parse.urlsplit(location).netloc == site:
                return jar, location
            url, method, body = location, "GET", None
            continue
        if status == 200 and url.startswith(provider_url) and method == "GET":
            method, body = "POST", urllib.parse.urlencode({"sub": user})
            continue
        break
    raise RuntimeError(f"sign-in at {start_url} never came back from the provider (last: {url} answered {status})")


def sign_in(start_url: str, page_url: str, provider_url: str, user: str, source: str = "127.0.0.1") -> str:
    """Signs `user` in starting at `start_url`; returns the site's Cookie header once `page_url` answers 200."""
    jar, callback = until_callback(start_url, provider_url, user, source)
    request(jar, "GET", callback, source=source)
    status, _, _ = request(jar, "GET", page_url, source=source)
    cookie = jar.header(urllib.parse.urlsplit(page_url).netloc)
    if status != 200 or not cookie:
        raise RuntimeError(f"sign-in at {start_url} did not give a session: {page_url} answers {status}")
    return cookie
