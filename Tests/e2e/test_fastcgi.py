"""sitegen-auth's FastCGI connection handling, spoken to directly on its socket as nginx does.

After answering a request it has read to its end, sitegen-auth closes the connection at once instead of
waiting for the web server to hang up first (libfcgi's way: one sleep and wake-up per check). A request
whose body it has not read all of gets its whole answer anyway, so the web server never loses one to a
reset.
"""

from __future__ import annotations

import socket
import struct
import threading
import time
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from stack import REPO, Stack

BEGIN_REQUEST, END_REQUEST, PARAMS, STDIN, STDOUT, GET_VALUES, GET_VALUES_RESULT = 1, 3, 4, 5, 6, 9, 10
RESPONDER = 1


def record(kind: int, content: bytes = b"") -> bytes:
    return struct.pack(">BBHHBB", 1, kind, 1, len(content), 0, 0) + content


def length(value: bytes) -> bytes:
    return struct.pack(">B", len(value)) if len(value) < 128 else struct.pack(">I", len(value) | 0x80000000)


def request_records(params: dict[str, str]) -> bytes:
    pairs = b"".join(
        length(name.encode()) + length(value.encode()) + name.encode() + value.encode()
        for name, value in params.items()
    )
    return record(BEGIN_REQUEST, struct.pack(">HB5x", RESPONDER, 0)) + record(PARAMS, pairs) + record(PARAMS)


def body_records(body: bytes) -> bytes:
    chunks = [body[start : start + 65535] for start in range(0, len(body), 65535)]
    return b"".join(record(STDIN, chunk) for chunk in chunks) + record(STDIN)


def read_records(connection: socket.socket) -> list[tuple[int, bytes]]:
    """Each record's kind and content, read until the server's end of stream."""
    data = b""
    while chunk := connection.recv(65536):
        data += chunk
    records, offset = [], 0
    while offset + 8 <= len(data):
        _, kind, _, size, padding, _ = struct.unpack(">BBHHBB", data[offset : offset + 8])
        records.append((kind, data[offset + 8 : offset + 8 + size]))
        offset += 8 + size + padding
    return records


def read_answer(connection: socket.socket) -> tuple[bytes, bool]:
    """(the STDOUT bytes, whether an END_REQUEST record came), read until the server's end of stream."""
    records = read_records(connection)
    stdout = b"".join(content for kind, content in records if kind == STDOUT)
    return stdout, any(kind == END_REQUEST for kind, _ in records)


def connect(stack) -> socket.socket:
    connection = socket.socket(socket.AF_UNIX)
    connection.settimeout(10)
    connection.connect(str(stack.socket_path))
    return connection


def check_params() -> dict[str, str]:
    return {
        "REQUEST_METHOD": "GET",
        "DOCUMENT_URI": "/.auth/check",
        "QUERY_STRING": "",
        "HTTP_HOST": "127.0.0.1",
        "HTTP_X_ORIGINAL_URI": "/",
    }


def test_a_check_read_to_its_end_is_answered_and_the_connection_closed_by_sitegen_auth(stack):
    with connect(stack) as connection:
        connection.sendall(request_records(check_params()) + body_records(b""))
        stdout, ended = read_answer(connection)
        assert ended, "the answer must end with an END_REQUEST record"
        assert stdout.startswith(b"Status: 204 No Content\r\n"), stdout[:200]
        # Our side is still open: a server that only shut down its sending half would still read this.
        try:
            for _ in range(50):
                connection.sendall(b"\0" * 4096)
            raise AssertionError("sitegen-auth kept the connection open after answering")
        except (BrokenPipeError, ConnectionResetError):
            pass


def test_a_request_with_a_body_larger_than_it_reads_still_gets_its_whole_answer(stack):
    params = check_params() | {"REQUEST_METHOD": "POST", "CONTENT_LENGTH": str(300 * 1024)}
    with connect(stack) as connection:
        sender = threading.Thread(
            target=connection.sendall, args=(request_records(params) + body_records(b"x" * 300 * 1024),)
        )
        sender.start()
        stdout, ended = read_answer(connection)
        sender.join(timeout=10)
        assert ended, "the answer must end with an END_REQUEST record"
        assert stdout.startswith(b"Status: "), stdout[:200]


def test_a_management_record_asking_for_one_value_many_times_is_answered_once_and_checks_go_on(stack):
    """libfcgi wrote its answer to FCGI_GET_VALUES into 64 bytes on its stack, once per name asked for: 50 names
    inside a request aborted the process ("stack smashing detected"), and every check failed until it restarted."""
    name = b"FCGI_MPXS_CONNS"
    names = (length(name) + length(b"") + name) * 50
    values = struct.pack(">BBHHBB", 1, GET_VALUES, 0, len(names), 0, 0) + names
    request = request_records(check_params())
    with connect(stack) as connection:
        connection.sendall(request[:16] + values + request[16:] + body_records(b""))
        records = read_records(connection)
    assert records[0] == (GET_VALUES_RESULT, length(name) + b"\x01" + name + b"0"), records[:2]
    assert b"".join(content for kind, content in records if kind == STDOUT).startswith(b"Status: 204 No Content")
    with connect(stack) as connection:
        connection.sendall(request + body_records(b""))
        stdout, ended = read_answer(connection)
    assert ended and stdout.startswith(b"Status: 204 No Content"), "the same process answers the next check"


class KeptConnectionsStack(Stack):
    """The stack with nginx keeping up to 16 idle connections to sitegen-auth (an upstream `keepalive` pool and
    `fastcgi_keep_conn on`), more than sitegen-auth's workers."""

    def write_nginx_includes(self, cache_folder: Path | None = None) -> None:
        super().write_nginx_includes(cache_folder)
        upstream = f"server unix:{self.socket_path};"
        http_conf = self.state / "sitegen-auth-http.conf"
        http_conf.write_text(http_conf.read_text().replace(upstream, upstream + "\n    keepalive 16;"))
        snippet = (REPO / "deploy" / "nginx" / "sitegen-auth.conf").read_text()
        self.snippet = self.state / "sitegen-auth-kept.conf"
        kept = "fastcgi_pass sitegen_auth;\n    fastcgi_keep_conn on;"
        self.snippet.write_text(snippet.replace("fastcgi_pass sitegen_auth;", kept))


class NoRedirects(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *arguments, **keywords):
        return None


def test_with_nginx_keeping_more_connections_than_workers_every_check_is_answered_at_once(workdir, public):
    """A worker waiting for the next request on a connection nginx keeps used to hold it until the connection's
    10 s deadline, so with more kept connections than workers, checks on the other connections waited 10 s. An idle
    kept connection now gives way to a new one: rounds of 16 checks at once on 2 workers are all answered in time."""
    stack = KeptConnectionsStack(state=workdir / "state-keepalive", public=public, auth_arguments=["--workers", "2"])
    stack.start()
    opener = urllib.request.build_opener(NoRedirects)

    def read(number: int) -> tuple[int, float]:
        started = time.monotonic()
        try:
            with opener.open(f"{stack.base_url}/guide/?reader={number}", timeout=30) as answer:
                status = answer.status
        except urllib.error.HTTPError as error:
            status = error.code
        return status, time.monotonic() - started

    try:
        with ThreadPoolExecutor(max_workers=16) as pool:
            for batch in range(3):
                answers = list(pool.map(read, range(batch * 16, batch * 16 + 16)))
                assert [status for status, _ in answers] == [302] * 16, answers
                slowest = max(seconds for _, seconds in answers)
                assert slowest < 4, f"round {batch}: a check waited {slowest:.1f} s behind an idle kept connection"
                time.sleep(0.5)
        assert stack.processes["auth"].poll() is None
    finally:
        stack.stop()
