"""``python -m hiring_integration listen``: the key's event log forwarded to a local URL, signed as
webhooks are, as ``npm run listen`` does.

It follows the key's log from now on (from where it stopped, once it has run), on the event stream
(else with the long-poll), and POSTs each event to ``--forward-to`` signed with the secret it prints (Standard
Webhooks): a handler verifies it as it would a real delivery. While nothing answers (the local server
is down, or takes over 15 s) the same event is tried again, waiting longer each time, up to 30 s.
"""

from __future__ import annotations

import argparse
import base64
import json
import os
import secrets
import sys
import threading
import time
import urllib.error
import urllib.request
from datetime import datetime, timezone
from typing import Any, Optional

from .client import HiringClient, start_position
from .errors import ApiError
from .webhooks import sign

WEBHOOK_TIMEOUT_SECONDS = 15
"""How long a webhook endpoint has to answer a delivery (the service's)."""


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def _read_state(path: str) -> Optional[dict[str, Any]]:
    try:
        with open(path, encoding="utf-8") as file:
            state: dict[str, Any] = json.load(file)
            return state
    except (FileNotFoundError, json.JSONDecodeError):
        return None


def _write_state(path: str, state: dict[str, Any]) -> None:
    # It holds a secret: readable by its owner only.
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(descriptor, "w", encoding="utf-8") as file:
        json.dump(state, file)


def _post(url: str, secret: str, event: dict[str, Any]) -> tuple[Optional[int], Optional[str], int]:
    """One attempt: the endpoint's status (None when no answer came), why, and how long it took."""
    body = json.dumps(event).encode("utf-8")
    started = time.time()
    timestamp = int(started)
    request = urllib.request.Request(
        url,
        data=body,
        method="POST",
        headers={
            "content-type": "application/json",
            "user-agent": "HiringAPI-Listen/1.0 (python)",
            "webhook-id": event["id"],
            "webhook-timestamp": str(timestamp),
            "webhook-signature": sign(secret, event["id"], timestamp, body),
        },
    )
    # A 3xx is an answer, as for a webhook attempt: not followed.
    opener = urllib.request.build_opener(_NoRedirect())
    try:
        with opener.open(request, timeout=WEBHOOK_TIMEOUT_SECONDS) as answer:
            return answer.status, None, int((time.time() - started) * 1000)
    except urllib.error.HTTPError as answer:
        return answer.code, None, int((time.time() - started) * 1000)
    except (urllib.error.URLError, TimeoutError, ConnectionError, OSError) as error:
        return None, str(getattr(error, "reason", error)), int((time.time() - started) * 1000)


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None


def listen(
    client: HiringClient,
    forward_to: str,
    state_file: str,
    *,
    secret: Optional[str] = None,
    after: Optional[str] = None,
    wait_seconds: int = 20,
    stop: Optional[threading.Event] = None,
    out: Any = sys.stdout,
    err: Any = sys.stderr,
) -> None:
    """Forwards every event after the kept position (or ``after``; on a first run, from now) until
    ``stop`` is set."""
    who = client.whoami()["data"]
    kept = _read_state(state_file)
    resumed = kept is not None and kept.get("keyId") == who["keyId"]
    # A state file of another key starts over.
    own = kept if resumed and kept else {}
    state = {
        "keyId": who["keyId"],
        "secret": secret
        or own.get("secret")
        or "whsec_" + base64.b64encode(secrets.token_bytes(24)).decode("ascii"),
        # `now` is kept as the position it names: a restart before the first event goes on from it.
        "after": start_position(after) or own.get("after") or _now(),
    }
    _write_state(state_file, state)
    err.write(
        f"Forwarding the {who['mode']} events of tenant {who['tenantId']} to {forward_to}"
        f"{f' (after {after})' if after else ' (resuming)' if resumed else ''}\n"
        f"Signing secret: {state['secret']}\n"
        + ("Note: this is a live key; a test key (hk_test_…) forwards test events only\n" if who["mode"] == "live" else "")
        + "Ctrl-C to stop\n"
    )
    def waiting(via: str) -> None:
        err.write(
            "Waiting for events (on the event stream: each is forwarded as it is committed)…\n"
            if via == "stream"
            else f"Waiting for events (each look waits up to {wait_seconds} s for the next one)…\n"
            if via == "long-poll"
            else "Waiting for events (a look every 30 s)…\n"
        )
        err.flush()

    events = client.events.follow(
        after=state["after"],
        wait_seconds=wait_seconds,
        poll_interval=30.0,
        stop=lambda: bool(stop and stop.is_set()),
        on_waiting=waiting,
    )
    try:
        for event, _ in events:
            retry = 2.0
            while True:
                status, error, ms = _post(forward_to, state["secret"], dict(event))
                if status is not None:
                    break
                err.write(f"{event['type']}  {event['id']}  -> no answer ({error}): trying again\n")
                if stop and stop.wait(retry):
                    return
                retry = min(retry * 2, 30.0)
            state["after"] = event["id"]
            _write_state(state_file, state)
            out.write(f"{_now()}  {event['type']}  {event['id']}  -> {status}  ({ms} ms)\n")
            out.flush()
    except ApiError:
        if stop and stop.is_set():
            return
        raise

def main(argv: Optional[list[str]] = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m hiring_integration",
        description="Follows a key's event log and POSTs each event to your URL, signed as webhooks are.",
    )
    commands = parser.add_subparsers(dest="command", required=True)
    command = commands.add_parser("listen", help="forward the key's events to a local URL")
    command.add_argument("--key", default=os.environ.get("HIRING_API_KEY"), help="the API key (or HIRING_API_KEY)")
    command.add_argument("--forward-to", required=True, help="where to POST each event")
    command.add_argument(
        "--api-url",
        default=os.environ.get("HIRING_API_URL", "http://localhost:3000/api/v1"),
        help="the API with its prefix (or HIRING_API_URL)",
    )
    command.add_argument("--state", default=".hiring-listen.json", help="keeps the secret and the position")
    command.add_argument("--secret", help="sign with this whsec_ secret instead of the kept one")
    command.add_argument("--after", help="start after this event id, or from this instant on (ISO 8601, or now)")
    arguments = parser.parse_args(argv)
    if not arguments.key:
        parser.error("--key is required (or HIRING_API_KEY)")
    client = HiringClient(base_url=arguments.api_url, api_key=arguments.key, api_version=None)
    stop = threading.Event()
    try:
        listen(
            client,
            arguments.forward_to,
            arguments.state,
            secret=arguments.secret,
            after=arguments.after,
            stop=stop,
        )
    except KeyboardInterrupt:
        stop.set()
    except ApiError as error:
        sys.stderr.write(f"{error.message}\n")
        return 1
    sys.stderr.write("Stopped\n")
    return 0
