"""The Python client against the local stack (`npm test` runs it: test/integration/python-client.test.ts
starts the stack, makes the keys and passes them in the environment)."""

from __future__ import annotations

import base64
import hashlib
import json
import os
import socket
import subprocess
import sys
import tempfile
import threading
import time
import unittest
import uuid
from datetime import datetime, timezone
from http.server import BaseHTTPRequestHandler, HTTPServer
from typing import Any, Callable, Optional, cast

from hiring_integration import (
    ApiError,
    FileTokenStore,
    HiringClient,
    WebhookVerificationError,
    last_response,
    sign,
    verify_webhook,
)

API_URL = os.environ["HIRING_API_URL"]
ADMIN_KEY = os.environ["HIRING_ADMIN_KEY"]
WRITER_KEY = os.environ["HIRING_WRITER_KEY"]
TEST_KEY = os.environ["HIRING_TEST_KEY"]


def client(key: str, **options: Any) -> HiringClient:
    return HiringClient(base_url=API_URL, api_key=key, retry_base=0.02, **options)


def jd_body(title: str) -> dict[str, Any]:
    return {
        "title": title,
        "description": "Runs the ledger every payment of the platform goes through.",
        "createdById": "ats-sync",
    }


def wait_for(condition: Callable[[], bool], seconds: float = 20.0, what: str = "condition") -> None:
    deadline = time.time() + seconds
    while not condition():
        if time.time() > deadline:
            raise AssertionError(f"Timed out waiting for {what}")
        time.sleep(0.05)


class Receiver:
    """An integrator's webhook receiver on localhost: every request it got, with its raw body."""

    def __init__(self, answer: Callable[[int], int] = lambda _: 204) -> None:
        self.received: list[tuple[dict[str, str], bytes]] = []
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 (the standard library's name)
                body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
                outer.received.append(({k.lower(): v for k, v in self.headers.items()}, body))
                self.send_response(answer(len(outer.received)))
                self.end_headers()

            def log_message(self, *args: Any) -> None:
                pass

        self.server = HTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/hooks"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


class FakeApi:
    """An API stand-in that answers each request with the next of `answers` (status, body, headers)."""

    def __init__(self, answers: list[tuple[int, dict[str, Any], dict[str, str]]]) -> None:
        self.requests: list[tuple[str, str, dict[str, str]]] = []
        self.bodies: list[Any] = []
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def _answer(self) -> None:
                length = int(self.headers.get("Content-Length", "0"))
                outer.bodies.append(json.loads(self.rfile.read(length)) if length else None)
                outer.requests.append((self.command, self.path, dict(self.headers.items())))
                status, body, headers = answers.pop(0)
                data = json.dumps(body).encode()
                self.send_response(status)
                for name, value in {"Content-Type": "application/json", **headers}.items():
                    self.send_header(name, value)
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            do_GET = do_POST = do_DELETE = do_PATCH = _answer  # noqa: N815

            def log_message(self, *args: Any) -> None:
                pass

        self.server = HTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/api/v1"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


BUSY = (503, {"success": False, "error": "busy", "code": "unavailable", "requestId": "r-1"}, {"Retry-After": "0"})


class FakeStream:
    """An event stream stand-in: takes the WebSocket upgrade, keeps the subscribe each connection sends,
    answers it with the frames ``answer`` gives for it, then closes the connection. ``refuse(n)``: the
    n-th upgrade (from 0) is answered 429, as API Gateway answers a storm of them. A plain GET (the
    long-poll) is answered the next of ``pages``' events, then an empty page."""

    def __init__(
        self,
        answer: Callable[[dict[str, Any]], list[dict[str, Any]]],
        refuse: Callable[[int], bool] = lambda _n: False,
        pages: Optional[list[list[dict[str, Any]]]] = None,
    ) -> None:
        self.subscribes: list[dict[str, Any]] = []
        self.answer = answer
        self.refuse = refuse
        self.pages = pages if pages is not None else []
        self.upgrades = 0
        self.gets: list[str] = []
        self.server = socket.create_server(("127.0.0.1", 0))
        self.url = f"http://127.0.0.1:{self.server.getsockname()[1]}/api/v1"
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self) -> None:
        while True:
            try:
                connection, _ = self.server.accept()
            except OSError:
                return
            threading.Thread(target=self._talk, args=(connection,), daemon=True).start()

    def _talk(self, connection: socket.socket) -> None:
        with connection:
            data = b""
            while b"\r\n\r\n" not in data:
                chunk = connection.recv(4096)
                if not chunk:
                    return
                data += chunk
            head, _, frame = data.partition(b"\r\n\r\n")
            lines = head.decode("latin-1").split("\r\n")
            key = next(
                (line.split(":", 1)[1].strip() for line in lines if line.lower().startswith("sec-websocket-key:")),
                None,
            )
            if key is None:
                self.gets.append(lines[0].split(" ")[1])
                events = self.pages.pop(0) if self.pages else []
                if not events:
                    time.sleep(0.05)  # as a long-poll at the end of the log
                body = json.dumps({"success": True, "data": events, "pagination": {"hasMore": False}}).encode()
                connection.sendall(
                    b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nConnection: close\r\n"
                    + f"Content-Length: {len(body)}\r\n\r\n".encode("ascii")
                    + body
                )
                return
            self.upgrades += 1
            if self.refuse(self.upgrades - 1):
                connection.sendall(b"HTTP/1.1 429 Too Many Requests\r\nContent-Length: 0\r\n\r\n")
                return
            accept = base64.b64encode(
                hashlib.sha1((key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11").encode("ascii")).digest()
            ).decode("ascii")
            connection.sendall(
                "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                f"Sec-WebSocket-Accept: {accept}\r\n\r\n".encode("ascii")
            )
            # The subscribe: one short masked text frame.
            while len(frame) < 2 or len(frame) < 6 + (frame[1] & 0x7F):
                frame += connection.recv(4096)
            length = frame[1] & 0x7F
            mask = frame[2:6]
            message = json.loads(bytes(byte ^ mask[i % 4] for i, byte in enumerate(frame[6 : 6 + length])))
            self.subscribes.append(message)
            for answer in self.answer(message):
                text = json.dumps(answer).encode("utf-8")
                header = bytes([0x81, len(text)]) if len(text) < 126 else bytes([0x81, 126]) + len(text).to_bytes(2, "big")
                connection.sendall(header + text)
            connection.sendall(bytes([0x88, 2, 0x03, 0xE8]))

    def close(self) -> None:
        self.server.close()


def milliseconds_of(position: str) -> int:
    """The instant an event id (a ULID) was made at, in epoch milliseconds."""
    return sum("0123456789ABCDEFGHJKMNPQRSTVWXYZ".index(c) * 32 ** (9 - n) for n, c in enumerate(position[4:14]))


def as_dicts(results: Any) -> list[dict[str, Any]]:
    return cast(list[dict[str, Any]], results)


def outcomes(results: Any) -> list[Any]:
    """Each result's outcome, or its error's code."""
    return [result.get("outcome") or result["error"]["code"] for result in as_dicts(results)]


def batch_answer(*results: dict[str, Any]) -> tuple[int, dict[str, Any], dict[str, str]]:
    return (200, {"success": True, "data": list(results)}, {})


def item_error(external_id: str, status: int, code: str) -> dict[str, Any]:
    return {"externalId": external_id, "error": {"status": status, "code": code, "message": "again"}}


def upserted(external_id: str, outcome: str) -> dict[str, Any]:
    return {"externalId": external_id, "id": f"jd-{external_id}", "outcome": outcome}


class UpsertManyResendsTest(unittest.TestCase):
    """``upsert_many`` sends again, by themselves, the items that answered 503 ``unavailable`` or 409
    ``concurrent_change``, and reports each item's last answer in the order given."""

    items = [{"externalId": f"REQ-{n}", **jd_body(f"Engineer {n}")} for n in range(4)]

    def test_sends_again_only_the_items_that_answered_503_or_409_until_each_has_its_answer(self) -> None:
        fake = FakeApi(
            [
                batch_answer(
                    upserted("REQ-0", "created"),
                    item_error("REQ-1", 503, "unavailable"),
                    item_error("REQ-2", 409, "concurrent_change"),
                    item_error("REQ-3", 400, "validation_failed"),
                ),
                batch_answer(upserted("REQ-1", "created"), item_error("REQ-2", 503, "unavailable")),
                batch_answer(upserted("REQ-2", "updated")),
            ]
        )
        try:
            api = HiringClient(base_url=fake.url, api_key="hk_test_x", retry_base=0.001)
            results = api.jds.upsert_many(self.items, idempotency_key="push-1")
            sent = [[item["externalId"] for item in body["items"]] for body in fake.bodies]
            keys = [headers.get("Idempotency-Key") for _, _, headers in fake.requests]
        finally:
            fake.close()

        self.assertEqual(sent, [["REQ-0", "REQ-1", "REQ-2", "REQ-3"], ["REQ-1", "REQ-2"], ["REQ-2"]])
        self.assertEqual(keys, ["push-1-0", "push-1-0-r1", "push-1-0-r2"])
        self.assertEqual([result["externalId"] for result in as_dicts(results)], ["REQ-0", "REQ-1", "REQ-2", "REQ-3"])
        self.assertEqual(outcomes(results), ["created", "created", "updated", "validation_failed"])

    def test_gives_up_after_max_retries_with_the_last_answer(self) -> None:
        fake = FakeApi(
            [
                batch_answer(upserted("REQ-0", "created"), item_error("REQ-1", 503, "unavailable")),
                batch_answer(item_error("REQ-1", 409, "concurrent_change")),
            ]
        )
        try:
            api = HiringClient(base_url=fake.url, api_key="hk_test_x", retry_base=0.001, max_retries=1)
            results = api.jds.upsert_many(self.items[:2])
        finally:
            fake.close()

        self.assertEqual(len(fake.bodies), 2)
        self.assertEqual(outcomes(results), ["created", "concurrent_change"])

    def test_hands_them_back_as_answered_with_retry_items_false(self) -> None:
        fake = FakeApi([batch_answer(upserted("REQ-0", "created"), item_error("REQ-1", 503, "unavailable"))])
        try:
            api = HiringClient(base_url=fake.url, api_key="hk_test_x", retry_base=0.001)
            results = api.jds.upsert_many(self.items[:2], retry_items=False)
        finally:
            fake.close()

        self.assertEqual(len(fake.bodies), 1)
        self.assertEqual(outcomes(results), ["created", "unavailable"])


class FollowAfterTest(unittest.TestCase):
    """``events.follow(after=…)``: ``now`` and a datetime become a position on the stream and on the
    long-poll alike; a refused subscribe is an ApiError."""

    def test_follows_from_now_on_the_stream(self) -> None:
        event: dict[str, Any] = {"id": "evt_7ZZZZZZZZZZZZZZZZZZZZZZZZZ", "type": "jd.created", "data": {}}
        stream = FakeStream(lambda message: [{"type": "subscribed", "after": message.get("after")}, {"type": "event", "event": event}])
        try:
            api = HiringClient(base_url=stream.url, api_key="hk_test_x")
            deadline = time.monotonic() + 5
            followed = next(api.events.follow(after="now", stop=lambda: time.monotonic() > deadline), None)
            after = stream.subscribes[0].get("after")
        finally:
            stream.close()

        self.assertEqual(followed, (event, event["id"]))
        assert isinstance(after, str)
        self.assertRegex(after, r"^evt_[0-9A-Z]{10}0{16}$")
        self.assertLess(abs(milliseconds_of(after) - time.time() * 1000), 10_000)

    def test_follows_from_now_or_a_datetime_on_the_long_poll(self) -> None:
        page: tuple[int, dict[str, Any], dict[str, str]] = (
            200, {"success": True, "data": [], "pagination": {"hasMore": False}}, {}
        )
        fake = FakeApi([page, page])
        try:
            api = HiringClient(base_url=fake.url, api_key="hk_test_x")
            for after in ("now", datetime(2026, 11, 28, 9, 0, tzinfo=timezone.utc)):
                waiting: list[str] = []
                list(api.events.follow(after=after, stream=False, stop=lambda: bool(waiting), on_waiting=waiting.append))
            paths = [path for _, path, _ in fake.requests]
        finally:
            fake.close()

        self.assertRegex(paths[0], r"[?&]cursor=evt_[0-9A-Z]{10}0{16}(&|$)")
        self.assertNotIn("after=", paths[0])
        self.assertIn("cursor=evt_01M8GP3ZM00000000000000000", paths[1])

    def test_a_refused_subscribe_raises_the_envelope_as_an_api_error(self) -> None:
        refusal = {
            "type": "error",
            "status": 400,
            "success": False,
            "error": "Invalid message",
            "code": "validation_failed",
            "requestId": "r-9",
            "details": [{"field": "after", "rule": "custom", "message": "must be an event id"}],
        }
        stream = FakeStream(lambda _message: [refusal])
        try:
            api = HiringClient(base_url=stream.url, api_key="hk_test_x")
            with self.assertRaises(ApiError) as refused:
                deadline = time.monotonic() + 5
                next(api.events.follow(after="yesterday", stop=lambda: time.monotonic() > deadline), None)
        finally:
            stream.close()

        self.assertEqual((refused.exception.status, refused.exception.code), (400, "validation_failed"))
        self.assertEqual(refused.exception.request_id, "r-9")
        self.assertEqual([detail["field"] for detail in refused.exception.details], ["after"])


def stream_event(letter: str) -> dict[str, Any]:
    return {"id": f"evt_01KB000000000000000000000{letter}", "type": "jd.created", "data": {}}


E1, E2, E3 = stream_event("A"), stream_event("B"), stream_event("C")
START = "evt_01KB0000000000000000000000"


def gives(*events: dict[str, Any]) -> Callable[[dict[str, Any]], list[dict[str, Any]]]:
    """A connection's answer: subscribed, then ``events``, then the server closes it (its 2 hours)."""
    return lambda message: [
        {"type": "subscribed", "after": message.get("after")},
        *({"type": "event", "event": event} for event in events),
    ]


class ReconnectTest(unittest.TestCase):
    """``events.follow`` reopens without a storm (a random wait within the window after a close, a
    jittered back-off after a failure), never gives up on the stream, and goes back to it after the
    long-poll, from the cursor."""

    def follow(
        self,
        stream: FakeStream,
        count: int,
        random: Callable[[], float] = lambda: 0.5,
        **options: Any,
    ) -> tuple[list[str], list[str], list[float]]:
        api = HiringClient(base_url=stream.url, api_key="hk_test_x")
        seen: list[str] = []
        waiting: list[str] = []
        waits: list[float] = []
        deadline = time.monotonic() + 5

        def sleep(seconds: float) -> None:
            waits.append(seconds)
            time.sleep(0.01)

        try:
            for event, _cursor in api.events.follow(
                after=START,
                stop=lambda: time.monotonic() > deadline,
                on_waiting=waiting.append,
                random=random,
                sleep=sleep,
                **options,
            ):
                seen.append(event["id"])
                if len(seen) == count:
                    break
        finally:
            stream.close()
        return seen, waiting, waits

    def test_reopens_after_a_random_wait_within_the_window_from_the_last_event(self) -> None:
        jitter = iter([0.0, 0.999, 0.25])
        answers = iter([gives(E1), gives(), gives(E2), gives(E3)])
        stream = FakeStream(lambda message: next(answers, gives())(message))

        seen, _waiting, waits = self.follow(stream, 3, random=lambda: next(jitter, 0.0))

        self.assertEqual(seen, [E1["id"], E2["id"], E3["id"]])
        # Each reopen waits a random part of the 30 s window: connections that ended together come back spread over it.
        self.assertEqual([round(wait, 2) for wait in waits], [0.0, 29.97, 7.5])
        self.assertEqual([message.get("after") for message in stream.subscribes][:4], [START, E1["id"], E1["id"], E2["id"]])
        self.assertEqual(stream.gets, [])

    def test_backs_off_with_full_jitter_and_does_not_give_up_after_three_failed_reopens(self) -> None:
        answers = iter([gives(E1), gives(E2)])
        stream = FakeStream(lambda message: next(answers, gives())(message), refuse=lambda n: n in (1, 2, 3))

        seen, _waiting, waits = self.follow(stream, 2)

        self.assertEqual(seen, [E1["id"], E2["id"]])
        # The window after the close, then half of 1 s, 2 s and 4 s: a back-off doubling, fully jittered.
        self.assertEqual(waits, [15.0, 0.5, 1.0, 2.0])
        self.assertEqual(stream.subscribes[1].get("after"), E1["id"])
        self.assertEqual(stream.gets, [])

    def test_backs_off_after_a_subscribe_refused_with_a_retry(self) -> None:
        refused = {"type": "error", "status": 503, "error": "Service unavailable", "code": "unavailable"}
        answers = iter([lambda message: [*gives(E1)(message), refused], gives(E2)])
        stream = FakeStream(lambda message: next(answers, gives())(message))

        seen, _waiting, waits = self.follow(stream, 2)

        self.assertEqual(seen, [E1["id"], E2["id"]])
        self.assertEqual(waits[0], 0.5)
        self.assertEqual(stream.subscribes[1].get("after"), E1["id"])

    def test_goes_back_to_the_stream_after_the_long_poll_from_the_cursor_and_says_so(self) -> None:
        stream = FakeStream(gives(E2), refuse=lambda n: n == 0, pages=[[E1]])

        seen, waiting, _waits = self.follow(stream, 2, stream_retry=0.0)

        self.assertEqual(seen, [E1["id"], E2["id"]])
        self.assertEqual(waiting[0], "long-poll")
        self.assertEqual(len(stream.gets), 1)
        self.assertEqual(stream.subscribes[0].get("after"), E1["id"])

    def test_after_five_failed_reopens_takes_the_long_poll_then_opens_the_stream_again(self) -> None:
        answers = iter([gives(E1), gives(E3)])
        stream = FakeStream(
            lambda message: next(answers, gives())(message), refuse=lambda n: 1 <= n <= 5, pages=[[E2]]
        )

        seen, _waiting, waits = self.follow(stream, 3, stream_retry=0.0)

        self.assertEqual(seen, [E1["id"], E2["id"], E3["id"]])
        self.assertEqual(waits[:5], [15.0, 0.5, 1.0, 2.0, 4.0])
        self.assertEqual(stream.subscribes[1].get("after"), E2["id"])


class JdsTest(unittest.TestCase):
    def test_creates_reads_and_walks_every_page_each_once(self) -> None:
        writer = client(WRITER_KEY)
        run = uuid.uuid4().hex[:8]
        created = [writer.jds.create(jd_body(f"Platform Engineer {run} {n}"))["data"] for n in range(25)]

        walked = [jd["id"] for jd in writer.jds.list_all({"limit": 10}) if run in jd["title"]]
        page = writer.jds.list({"limit": 10, "page": 1})
        one = writer.jds.get(created[0]["id"])["data"]

        self.assertEqual(sorted(walked), sorted(jd["id"] for jd in created))
        self.assertEqual(created[0]["status"], "DRAFT")
        self.assertEqual(page["kind"], "page")
        self.assertEqual(len(page["data"]), 10)
        self.assertEqual(one["title"], created[0]["title"])

    def test_pushes_requisitions_by_their_own_ids_in_batches_and_reports_each(self) -> None:
        writer = client(WRITER_KEY)
        run = uuid.uuid4().hex[:8]
        items = [
            {"externalId": f"REQ-{run}-{n:04d}", **jd_body(f"Data Engineer {run} {n} — Zürich")}
            for n in range(150)
        ]
        items.append({"externalId": f"REQ-{run}-bad", "title": "", "description": "d", "createdById": "ats"})

        # The items a busy machine's request had no time to start (a 503 each) are sent again by upsert_many.
        first = [dict(result) for result in writer.jds.upsert_many(items)]
        again = [dict(result) for result in writer.jds.upsert_many(items[:150])]
        replaced = writer.jds.upsert_by_external_id(
            f"REQ-{run}-0000", {**jd_body(f"Data Engineer {run} 0 — Zürich"), "salary": "CHF 120k"}
        )
        jd, etag, created = replaced["data"], last_response(replaced).etag, last_response(replaced).status == 201
        new = writer.jds.upsert_by_external_id(f"REQ-{run}-new", jd_body("New"))
        made, made_now = new["data"], last_response(new).status == 201

        self.assertEqual([result.get("outcome") for result in first[:150]], ["created"] * 150)
        self.assertEqual([result["externalId"] for result in first[:150]], [item["externalId"] for item in items[:150]])
        failed = first[150]
        assert "error" in failed
        self.assertEqual((failed["error"]["status"], failed["error"]["code"]), (400, "validation_failed"))
        self.assertEqual([result.get("outcome") for result in again], ["unchanged"] * 150)
        self.assertEqual((jd["salary"], created, bool(etag)), ("CHF 120k", False, True))
        self.assertEqual((made["status"], made_now), ("DRAFT", True))

    def test_changes_a_jd_only_over_the_version_it_read(self) -> None:
        writer = client(WRITER_KEY)
        created = writer.jds.create(jd_body("Data Engineer"))["data"]
        read = writer.jds.get(created["id"])
        jd, etag = read["data"], last_response(read).etag

        answer = writer.jds.update(jd["id"], {"location": "Lisbon"}, if_match=etag)
        changed, new_etag = answer["data"], last_response(answer).etag
        with self.assertRaises(ApiError) as stale:
            writer.jds.update(jd["id"], {"location": "Porto"}, if_match=etag)
        unchanged = writer.jds.get_if_changed(jd["id"], new_etag)

        self.assertEqual(changed["location"], "Lisbon")
        self.assertEqual((stale.exception.status, stale.exception.code), (412, "precondition_failed"))
        self.assertEqual(unchanged["changed"], False)

    def test_keeps_a_copy_in_sync_deletions_included(self) -> None:
        writer = client(WRITER_KEY)
        run = uuid.uuid4().hex[:8]
        first, second, third = (writer.jds.create(jd_body(f"Sync {run} {n}"))["data"] for n in range(3))
        copy: dict[str, Any] = {}

        def apply(changes: list[Any]) -> None:
            for entry in changes:
                if entry.get("deleted") is True:
                    copy.pop(entry["id"], None)
                else:
                    copy[entry["id"]] = entry

        with tempfile.TemporaryDirectory() as directory:
            store = FileTokenStore(os.path.join(directory, "jds.token"))
            writer.jds.keep_in_sync(store, apply)
            self.assertTrue({first["id"], second["id"], third["id"]} <= copy.keys())
            writer.jds.delete(second["id"])
            writer.jds.update(third["id"], {"title": f"Sync {run} renamed"})
            writer.jds.keep_in_sync(store, apply)

        self.assertNotIn(second["id"], copy)
        self.assertEqual(copy[third["id"]]["title"], f"Sync {run} renamed")
        self.assertIn(first["id"], copy)


class ErrorsAndRetriesTest(unittest.TestCase):
    def test_raises_the_envelope_as_an_api_error(self) -> None:
        writer = client(WRITER_KEY)

        with self.assertRaises(ApiError) as invalid:
            writer.jds.create({"title": "", "description": "x", "createdById": "ats"})
        with self.assertRaises(ApiError) as missing:
            writer.jds.get("no-such-jd")

        self.assertEqual((invalid.exception.status, invalid.exception.code), (400, "validation_failed"))
        self.assertIn("title", [detail["field"] for detail in invalid.exception.details])
        self.assertEqual((missing.exception.status, missing.exception.code), (404, "not_found"))
        self.assertTrue(missing.exception.request_id)
        # Text that is not well-formed reaches the API, which refuses it (never a UnicodeEncodeError here).
        with self.assertRaises(ApiError) as malformed:
            writer.jds.create({"title": "Lone \ud800 surrogate", "description": "x", "createdById": "ats"})
        self.assertEqual(malformed.exception.status, 400)

    def test_waits_out_a_429_then_retries_a_read_after_a_503(self) -> None:
        limited = (429, {"success": False, "error": "Rate limit", "code": "quota_exceeded", "retryAfterMs": 50}, {})
        whoami = (200, {"success": True, "data": {"tenantId": "t"}}, {})
        fake = FakeApi([limited, BUSY, whoami])
        try:
            started = time.time()
            answer = HiringClient(base_url=fake.url, api_key="hk_test_x", retry_base=0.01).whoami()
            self.assertEqual(answer["data"]["tenantId"], "t")
            self.assertEqual(len(fake.requests), 3)
            self.assertGreaterEqual(time.time() - started, 0.05)
        finally:
            fake.close()

    def test_retries_a_write_after_a_503_only_with_its_idempotency_key(self) -> None:
        created = (201, {"success": True, "data": {"id": "jd-1", "status": "DRAFT", "title": "t"}}, {})
        fake = FakeApi([BUSY, BUSY, created])
        try:
            api = HiringClient(base_url=fake.url, api_key="hk_test_x", retry_base=0.01)
            with self.assertRaises(ApiError) as deleted:
                api.jds.delete("jd-9")
            api.jds.create(jd_body("Retried once"))
            keys = [headers.get("Idempotency-Key") for method, _, headers in fake.requests if method == "POST"]
            self.assertEqual(deleted.exception.status, 503)
            self.assertEqual([method for method, _, _ in fake.requests], ["DELETE", "POST", "POST"])
            self.assertTrue(keys[0])
            self.assertEqual(keys[0], keys[1])
        finally:
            fake.close()


class WebhooksTest(unittest.TestCase):
    def test_verifies_a_real_delivery_and_refuses_what_is_not_ours(self) -> None:
        admin, writer = client(ADMIN_KEY), client(WRITER_KEY)
        receiver = Receiver()
        try:
            endpoint = admin.webhooks.create({"url": receiver.url, "events": ["jd.created"]})["data"]
            created = writer.jds.create(jd_body("Webhook probe"))["data"]
            wait_for(
                lambda: any(created["id"].encode() in body for _, body in receiver.received),
                what="the delivery",
            )
            headers, body = next(item for item in receiver.received if created["id"].encode() in item[1])
            secret = endpoint["secret"]

            event = verify_webhook(body, headers, secret)
            self.assertEqual((event["type"], event["data"]["id"]), ("jd.created", created["id"]))
            with self.assertRaises(WebhookVerificationError):
                verify_webhook(body.replace(b"Webhook probe", b"Webhook probed"), headers, secret)
            with self.assertRaises(WebhookVerificationError):
                verify_webhook(body, headers, "whsec_" + "A" * 32)
            with self.assertRaises(WebhookVerificationError):
                verify_webhook(body, headers, "whsec_not base64!")
            stale = int(time.time()) - 3600
            old = {**headers, "webhook-timestamp": str(stale), "webhook-signature": sign(secret, headers["webhook-id"], stale, body)}
            with self.assertRaises(WebhookVerificationError):
                verify_webhook(body, old, secret)
            # Both secrets while a rotation is under way: either one verifies.
            self.assertEqual(verify_webhook(body, headers, ["whsec_" + "B" * 32, secret])["id"], event["id"])
            admin.webhooks.delete(endpoint["id"])
        finally:
            receiver.close()


class TestModeAndEventsTest(unittest.TestCase):
    def test_simulates_the_product_follows_the_log_from_now_and_resets(self) -> None:
        tester = client(TEST_KEY)
        now = datetime.now(timezone.utc).isoformat().replace("+00:00", "Z")
        app_id = f"app-{uuid.uuid4().hex[:8]}"

        outcomes = tester.test_mode.simulate_product_events(
            {"events": [
                {
                    "type": "application.upserted",
                    "data": {
                        "id": app_id,
                        "jdId": "jd-backend",
                        "resumeId": "res-7d3f",
                        "status": "SCREENING",
                        "aiScores": [{"overallScore": 93, "scoredAt": now}],
                    },
                }
            ]}
        )["data"]["results"]
        followed: list[str] = []
        for event, _cursor in tester.events.follow(after=now, wait_seconds=2):
            followed.append(event["type"])
            if event["type"] == "application.scored":
                break
        ranked = tester.matches.list("jd-backend")["data"]
        # A reset past its call's 6 s (a busy machine) answers complete: False; the next goes on with it.
        reset = tester.test_mode.reset()["data"]
        for _ in range(5):
            if reset["complete"]:
                break
            reset = tester.test_mode.reset()["data"]

        self.assertEqual(outcomes[0]["outcome"], "applied")
        self.assertIn("application.created", followed)
        self.assertEqual(ranked[0]["applicationId"], app_id)
        self.assertTrue(reset["complete"])
        self.assertEqual(reset["sampleData"]["jds"], 6)
        self.assertEqual(tester.whoami()["data"]["mode"], "test")

    def test_lists_every_group(self) -> None:
        admin, tester = client(ADMIN_KEY), client(TEST_KEY)

        self.assertGreater(len(list(tester.applications.list_all({"jdId": "jd-backend"}))), 0)
        self.assertGreater(len(list(tester.candidates.list_all())), 0)
        self.assertGreater(len(list(tester.resumes.list_all())), 0)
        self.assertGreater(len(list(tester.matches.list_all("jd-backend"))), 0)
        self.assertGreater(len(list(admin.keys.list_all())), 0)
        self.assertGreater(len(list(admin.audit_log.list_all())), 0)
        application = tester.applications.get("app-1")["data"]
        self.assertTrue(application["aiScores"])


class EventStreamTest(unittest.TestCase):
    """``events.follow`` on the event stream, and without it."""

    def follow_in_background(
        self, follower: HiringClient, after: str, count: int
    ) -> tuple[list[str], list[str], threading.Thread]:
        got: list[str] = []
        waiting: list[str] = []

        def run() -> None:
            # A reopen within 0.2 s, not the 30 s window that spreads a mass reconnect.
            for event, _cursor in follower.events.follow(
                after=after, wait_seconds=1, poll_interval=0.2, on_waiting=waiting.append, reconnect_window=0.2
            ):
                got.append(event["id"])
                if len(got) == count:
                    return

        thread = threading.Thread(target=run, daemon=True)
        thread.start()
        deadline = time.monotonic() + 10
        while not waiting and time.monotonic() < deadline:
            time.sleep(0.05)
        return got, waiting, thread

    def written(self, writer: HiringClient, after: str, count: int) -> list[str]:
        for n in range(count):
            writer.jds.create(jd_body(f"Streamed {n}"))
        listed = writer.events.list({"after": after, "limit": 100})["data"]
        return [event["id"] for event in listed]

    def test_follows_on_the_stream_each_event_pushed_once_in_order(self) -> None:
        writer = client(WRITER_KEY)
        now = datetime.now(timezone.utc).isoformat().replace("+00:00", "Z")
        got, waiting, thread = self.follow_in_background(writer, now, 3)

        ids = self.written(writer, now, 3)
        thread.join(15)

        self.assertEqual(waiting[0], "stream")
        self.assertEqual(got, ids)

    def test_falls_back_to_the_long_poll_where_the_stream_does_not_open(self) -> None:
        import hiring_integration.client as module
        from hiring_integration import StreamUnavailable

        def refused(*_args: Any, **_kwargs: Any) -> Any:
            raise StreamUnavailable("no WebSockets on this network")

        writer = client(WRITER_KEY)
        now = datetime.now(timezone.utc).isoformat().replace("+00:00", "Z")
        real = module.stream_frames
        module.stream_frames = refused  # type: ignore[assignment]
        try:
            got, waiting, thread = self.follow_in_background(writer, now, 2)
            ids = self.written(writer, now, 2)
            thread.join(15)
        finally:
            module.stream_frames = real

        self.assertEqual(waiting[0], "long-poll")
        self.assertEqual(got, ids)

    def test_reconnects_after_the_last_event_given_when_a_connection_ends(self) -> None:
        import hiring_integration.client as module

        real = module.stream_frames
        connections: list[Optional[str]] = []

        def closes_after_one_event(base_url: str, headers: dict[str, str], after: Optional[str], **options: Any) -> Any:
            connections.append(after)
            for frame in real(base_url, headers, after, **options):
                yield frame
                # The first connection ends after its first event, as API Gateway ends one at 2 hours.
                if len(connections) == 1 and frame["type"] == "event":
                    return

        writer = client(WRITER_KEY)
        now = datetime.now(timezone.utc).isoformat().replace("+00:00", "Z")
        module.stream_frames = closes_after_one_event  # type: ignore[assignment]
        try:
            got, _waiting, thread = self.follow_in_background(writer, now, 3)
            ids = self.written(writer, now, 3)
            thread.join(15)
        finally:
            module.stream_frames = real

        self.assertEqual(got, ids)
        self.assertGreaterEqual(len(connections), 2)
        self.assertEqual(connections[1], ids[0])


class ListenTest(unittest.TestCase):
    def test_forwards_events_signed_with_the_secret_it_prints(self) -> None:
        receiver = Receiver()
        tester = client(TEST_KEY)
        with tempfile.TemporaryDirectory() as directory:
            command = subprocess.Popen(
                [sys.executable, "-m", "hiring_integration", "listen", "--key", TEST_KEY, "--api-url", API_URL,
                 "--forward-to", receiver.url, "--state", os.path.join(directory, "state.json")],
                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
            )
            try:
                secret: Optional[str] = None
                assert command.stderr is not None
                for line in command.stderr:
                    if line.startswith("Signing secret: "):
                        secret = line.split(": ", 1)[1].strip()
                    if line.startswith("Waiting for events"):
                        break
                tester.test_mode.simulate_product_events(
                    {"events": [{"type": "jd.upserted", "data": {"id": f"jd-{uuid.uuid4().hex[:8]}", "title": "Listened",
                      "description": "d", "createdById": "u", "status": "PUBLISHED"}}]}
                )
                wait_for(lambda: len(receiver.received) > 0, what="a forwarded event")
                headers, body = receiver.received[0]
                self.assertIsNotNone(secret)
                self.assertEqual(verify_webhook(body, headers, secret or "")["type"], "jd.created")
            finally:
                command.terminate()
                command.communicate(timeout=10)
                receiver.close()


if __name__ == "__main__":
    unittest.main()


class QuickStartTest(unittest.TestCase):
    def test_the_readmes_quick_start_runs_as_written(self) -> None:
        script = os.path.join(os.path.dirname(__file__), "..", "examples", "quickstart.py")
        ran = subprocess.run(
            [sys.executable, script],
            env={**os.environ, "HIRING_API_KEY": TEST_KEY},
            capture_output=True,
            text=True,
            timeout=60,
        )

        self.assertEqual(ran.returncode, 0, ran.stderr)
        lines = ran.stdout.splitlines()
        self.assertTrue(lines[0].startswith("created ") and lines[0].endswith(" DRAFT"), lines[0])
        self.assertIn("404 not_found", lines)
