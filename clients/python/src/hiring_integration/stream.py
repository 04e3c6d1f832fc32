"""The event stream (``wss://<the API's domain>/api/v1/events/stream``): the log pushed over a WebSocket,
each event as GET /events shows it, as soon as it is committed. A connection holds no server-side
function while it waits and spends none of the key's hour but its upgrade. API Gateway closes a
connection after 10 minutes without a message (a ping every 5 keeps it) and after 2 hours: the
follower reconnects after the last event it gave, spread out so that connections that end together (a
stage replaced, the 2 hours of connections opened together) do not come back together against API
Gateway's 500 new connections a second per account.

The standard library has no WebSocket client: this is the part of RFC 6455 a client of this stream
needs (the upgrade with the key in a header, masked text frames out, text, ping and close frames in).
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
import socket
import ssl
import struct
import time
import urllib.parse
from collections.abc import Callable, Iterator
from typing import Any, Optional

from .errors import ApiError

# The keep-alive API Gateway answers itself (no function runs): one every 5 minutes, inside its 10 idle.
PING = json.dumps({"action": "ping"})
PING_INTERVAL = 300.0
# After a connection ends (its 2 hours, idle, going away, the network), the next opens after a random
# wait up to this (full jitter): N connections dropped together come back at N/30 a second, 10,000 at
# 333, under API Gateway's 500 new connections a second per account.
RECONNECT_WINDOW = 30.0
# After a failed open or a subscribe refused with a retry: a random wait up to 1 s, doubling each
# failure in a row, at most a minute.
RECONNECT_BACKOFF_FIRST = 1.0
RECONNECT_BACKOFF_MOST = 60.0
# Failures in a row to reopen after which `events.follow` takes the long-poll (and tries the stream again later).
STREAM_TRIES = 5
# On the long-poll after the stream failed, it is tried again after this, jittered (half to one and a
# half times): 5 minutes.
STREAM_RETRY = 300.0
_GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"


class StreamUnavailable(Exception):
    """The stream could not be opened (a deployment without it, or a network that refuses WebSockets)."""


def stream_url(base_url: str) -> str:
    """The stream's URL for an API base URL: http(s) becomes ws(s)."""
    return base_url.rstrip("/").replace("http", "ws", 1) + "/events/stream"


class _Connection:
    def __init__(self, url: str, headers: dict[str, str], timeout: float) -> None:
        parts = urllib.parse.urlsplit(url)
        secure = parts.scheme == "wss"
        host = parts.hostname or "localhost"
        port = parts.port or (443 if secure else 80)
        try:
            raw = socket.create_connection((host, port), timeout=timeout)
        except OSError as error:
            raise StreamUnavailable(f"The event stream at {url} did not open: {error}") from error
        try:
            self.sock: socket.socket = (
                ssl.create_default_context().wrap_socket(raw, server_hostname=host) if secure else raw
            )
        except OSError as error:  # ssl.SSLError and timeouts are OSErrors
            raw.close()
            raise StreamUnavailable(f"The event stream at {url} did not open: {error}") from error
        key = base64.b64encode(os.urandom(16)).decode("ascii")
        lines = [
            f"GET {parts.path or '/'} HTTP/1.1",
            f"Host: {parts.netloc}",
            "Upgrade: websocket",
            "Connection: Upgrade",
            f"Sec-WebSocket-Key: {key}",
            "Sec-WebSocket-Version: 13",
            *(f"{name}: {value}" for name, value in headers.items()),
        ]
        self.buffer = b""
        try:
            self.sock.sendall(("\r\n".join(lines) + "\r\n\r\n").encode("utf-8"))
            while b"\r\n\r\n" not in self.buffer:
                chunk = self.sock.recv(4096)
                if not chunk:
                    break
                self.buffer += chunk
        except OSError as error:
            self.sock.close()
            raise StreamUnavailable(f"The event stream at {url} did not open: {error}") from error
        head, _, self.buffer = self.buffer.partition(b"\r\n\r\n")
        status_line, *header_lines = head.decode("latin-1").split("\r\n")
        answered = {
            name.strip().lower(): value.strip()
            for name, _, value in (line.partition(":") for line in header_lines)
        }
        accept = base64.b64encode(hashlib.sha1((key + _GUID).encode("ascii")).digest()).decode("ascii")
        if " 101 " not in f"{status_line} " or answered.get("sec-websocket-accept") != accept:
            self.sock.close()
            # The long-poll's answer says why (a 401 or 403 in the envelope), or serves instead.
            raise StreamUnavailable(f"The event stream at {url} did not open: {status_line}")

    def send_text(self, text: str) -> None:
        self._send(0x1, text.encode("utf-8"))

    def _send(self, opcode: int, payload: bytes) -> None:
        mask = os.urandom(4)
        length = len(payload)
        if length < 126:
            header = struct.pack("!BB", 0x80 | opcode, 0x80 | length)
        elif length < 1 << 16:
            header = struct.pack("!BBH", 0x80 | opcode, 0x80 | 126, length)
        else:
            header = struct.pack("!BBQ", 0x80 | opcode, 0x80 | 127, length)
        masked = bytes(byte ^ mask[i % 4] for i, byte in enumerate(payload))
        self.sock.sendall(header + mask + masked)

    def _frame(self) -> Optional[tuple[int, int, bytes]]:
        """One whole frame off the buffer (its first byte, opcode, payload), or None until it has one."""
        data = self.buffer
        if len(data) < 2:
            return None
        first, length, offset = data[0], data[1] & 0x7F, 2
        if length == 126:
            if len(data) < 4:
                return None
            (length,), offset = struct.unpack("!H", data[2:4]), 4
        elif length == 127:
            if len(data) < 10:
                return None
            (length,), offset = struct.unpack("!Q", data[2:10]), 10
        if len(data) < offset + length:
            return None
        self.buffer = data[offset + length :]
        return first, first & 0x0F, data[offset : offset + length]

    def receive(self) -> Optional[str]:
        """The next text message; None when the connection closed. socket.timeout when none came in
        time (what was read of a frame stays for the next call)."""
        message = b""
        while True:
            frame = self._frame()
            if frame is None:
                chunk = self.sock.recv(65536)
                if not chunk:
                    raise ConnectionError("closed")
                self.buffer += chunk
                continue
            first, opcode, payload = frame
            if opcode == 0x8:
                return None
            if opcode == 0x9:
                self._send(0xA, payload)
                continue
            if opcode in (0x1, 0x0):
                message += payload
                if first & 0x80:
                    return message.decode("utf-8")

    def close(self) -> None:
        try:
            self._send(0x8, struct.pack("!H", 1000))
        except OSError:
            pass
        self.sock.close()


def stream_frames(
    base_url: str,
    headers: dict[str, str],
    after: Optional[str],
    *,
    stop: Optional[Callable[[], bool]] = None,
    ping_interval: float = PING_INTERVAL,
    open_timeout: float = 10.0,
) -> Iterator[dict[str, Any]]:
    """One connection's frames, subscribed after ``after`` (None: from now on): the ``subscribed``
    frame first, then each ``event`` frame, and an ``idle`` one (not sent by the server) when a run of
    them has ended, until the connection closes or ``stop()``. Raises StreamUnavailable when it does
    not open or a subscribe is refused with a retry (a 5xx, 429 or 409), and ApiError with the envelope's status, code and message when the subscribe is refused
    for good (a 4xx other than 409 and 429)."""
    connection = _Connection(stream_url(base_url), headers, open_timeout)
    try:
        connection.send_text(json.dumps({"action": "subscribe", **({"after": after} if after else {})}))
        connection.sock.settimeout(open_timeout)
        subscribed = False
        idle = True
        # Events that came before the subscribe's answer (a server that sent them first): given after it.
        early: list[dict[str, Any]] = []
        last_sent = time.monotonic()
        while not (stop and stop()):
            # A keep-alive every `ping_interval`, however busy the connection.
            if time.monotonic() - last_sent >= ping_interval:
                connection.send_text(PING)
                last_sent = time.monotonic()
            try:
                text = connection.receive()
            except socket.timeout:
                if not subscribed:
                    raise StreamUnavailable("The event stream did not answer the subscribe")
                if not idle:
                    idle = True
                    yield {"type": "idle"}
                continue
            except (ConnectionError, OSError):
                if not subscribed:
                    raise StreamUnavailable("The event stream closed before the subscribe was answered")
                return
            if text is None:
                return
            frame = json.loads(text)
            if frame.get("type") == "error":
                status = frame.get("status")
                # A refusal worth a retry ends this connection; the follower backs off, then opens another
                # after its place.
                if status is None or status >= 500 or status in (409, 429):
                    raise StreamUnavailable(f"The event stream could not subscribe: {frame.get('error')}")
                # Refused for good (a bad `after`, a key revoked since the upgrade): the envelope, as any answer's.
                raise ApiError(
                    f"The event stream refused the subscribe: {frame.get('error')}",
                    status if isinstance(status, int) else 0,
                    frame.get("code") if isinstance(frame.get("code"), str) else None,
                    frame.get("requestId") if isinstance(frame.get("requestId"), str) else None,
                    float(frame["retryAfterMs"]) if isinstance(frame.get("retryAfterMs"), (int, float)) else None,
                    frame.get("details") if isinstance(frame.get("details"), list) else None,
                )
            if frame.get("type") == "subscribed":
                subscribed = True
                idle = False
                # From here a quiet moment ends a run of frames (and lets `stop` be looked at).
                connection.sock.settimeout(0.3)
                yield frame
                yield from early
                early.clear()
            elif frame.get("type") == "event":
                idle = False
                if subscribed:
                    yield frame
                else:
                    early.append(frame)
    finally:
        connection.close()
