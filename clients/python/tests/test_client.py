"""The Python client against the local stack (`npm test` runs it: test/integration/python-client.test.ts
starts the stack, makes the keys and passes them in the environment)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import threading
import time
import unittest
import uuid
from datetime import datetime, timezone
from http.server import BaseHTTPRequestHandler, HTTPServer
from typing import Any, Callable, Optional

from hiring_integration import (
    ApiError,
    FileTokenStore,
    HiringClient,
    WebhookVerificationError,
    sign,
    verify_webhook,
)

API_URL = os.environ["HIRING_API_URL"]
ADMIN_KEY = os.environ["HIRING_ADMIN_KEY"]
WRITER_KEY = os.environ["HIRING_WRITER_KEY"]
TEST_KEY = os.environ["HIRING_TEST_KEY"]


def client(key: str, **options: Any) -> HiringClient:
    return HiringClient(base_url=API_URL, api_key=key, retry_base=0.02, **options)


def upsert_as_guided(writer: HiringClient, items: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``upsert_many``, with the items a request had no time to start (a 503 each, on a busy machine)
    sent once more, as docs/sync.md tells a caller to."""
    results: list[dict[str, Any]] = [dict(result) for result in writer.jds.upsert_many(items)]
    late = [n for n, result in enumerate(results) if result.get("error", {}).get("status") == 503]
    if late:
        for n, result in zip(late, writer.jds.upsert_many([items[n] for n in late])):
            results[n] = dict(result)
    return results


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
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def _answer(self) -> None:
                length = int(self.headers.get("Content-Length", "0"))
                if length:
                    self.rfile.read(length)
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


class JdsTest(unittest.TestCase):
    def test_creates_reads_and_walks_every_page_each_once(self) -> None:
        writer = client(WRITER_KEY)
        run = uuid.uuid4().hex[:8]
        created = [writer.jds.create(jd_body(f"Platform Engineer {run} {n}")) for n in range(25)]

        walked = [jd["id"] for jd in writer.jds.list_all({"limit": 10}) if run in jd["title"]]
        page = writer.jds.list({"limit": 10, "page": 1})
        one = writer.jds.get(created[0]["id"])

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

        first = upsert_as_guided(writer, items)
        again = upsert_as_guided(writer, items[:150])
        jd, etag, created = writer.jds.upsert_by_external_id(
            f"REQ-{run}-0000", {**jd_body(f"Data Engineer {run} 0 — Zürich"), "salary": "CHF 120k"}
        )
        made, _, made_now = writer.jds.upsert_by_external_id(f"REQ-{run}-new", jd_body("New"))

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
        created = writer.jds.create(jd_body("Data Engineer"))
        jd, etag = writer.jds.get_versioned(created["id"])

        changed, new_etag = writer.jds.update(jd["id"], {"location": "Lisbon"}, if_match=etag)
        with self.assertRaises(ApiError) as stale:
            writer.jds.update(jd["id"], {"location": "Porto"}, if_match=etag)
        unchanged = writer.jds.get_if_changed(jd["id"], new_etag)

        self.assertEqual(changed["location"], "Lisbon")
        self.assertEqual((stale.exception.status, stale.exception.code), (412, "precondition_failed"))
        self.assertEqual(unchanged["changed"], False)

    def test_keeps_a_copy_in_sync_deletions_included(self) -> None:
        writer = client(WRITER_KEY)
        run = uuid.uuid4().hex[:8]
        first, second, third = (writer.jds.create(jd_body(f"Sync {run} {n}")) for n in range(3))
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
            self.assertEqual(answer["tenantId"], "t")
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
            endpoint = admin.webhooks.create({"url": receiver.url, "events": ["jd.created"]})
            created = writer.jds.create(jd_body("Webhook probe"))
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
            [
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
            ]
        )
        followed: list[str] = []
        for event, _cursor in tester.events.follow(after=now, wait_seconds=2):
            followed.append(event["type"])
            if event["type"] == "application.scored":
                break
        ranked = tester.matches.list("jd-backend")["data"]
        reset = tester.test_mode.reset()

        self.assertEqual(outcomes[0]["outcome"], "applied")
        self.assertIn("application.created", followed)
        self.assertEqual(ranked[0]["applicationId"], app_id)
        self.assertTrue(reset["complete"])
        self.assertEqual(reset["sampleData"]["jds"], 6)
        self.assertEqual(tester.whoami()["mode"], "test")

    def test_lists_every_group(self) -> None:
        admin, tester = client(ADMIN_KEY), client(TEST_KEY)

        self.assertGreater(len(list(tester.applications.list_all({"jdId": "jd-backend"}))), 0)
        self.assertGreater(len(list(tester.candidates.list_all())), 0)
        self.assertGreater(len(list(tester.resumes.list_all())), 0)
        self.assertGreater(len(list(tester.matches.list_all("jd-backend"))), 0)
        self.assertGreater(len(list(admin.keys.list_all())), 0)
        self.assertGreater(len(list(admin.audit_log.list_all())), 0)
        application = tester.applications.get("app-1")
        self.assertTrue(application["aiScores"])


class EventStreamTest(unittest.TestCase):
    """``events.follow`` on the event stream, and without it."""

    def follow_in_background(
        self, follower: HiringClient, after: str, count: int
    ) -> tuple[list[str], list[str], threading.Thread]:
        got: list[str] = []
        waiting: list[str] = []

        def run() -> None:
            for event, _cursor in follower.events.follow(
                after=after, wait_seconds=1, poll_interval=0.2, on_waiting=waiting.append
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
                    [{"type": "jd.upserted", "data": {"id": f"jd-{uuid.uuid4().hex[:8]}", "title": "Listened",
                      "description": "d", "createdById": "u", "status": "PUBLISHED"}}]
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
