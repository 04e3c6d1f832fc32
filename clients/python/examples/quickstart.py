"""The README's quick start, as a script: `python examples/quickstart.py` with HIRING_API_URL and a
test key in HIRING_API_KEY (npm start prints one). Type-checked in `npm test`."""

from __future__ import annotations

import os

from hiring_integration import ApiError, HiringClient, verify_webhook
from hiring_integration.types import JdSummary, MatchEntry


def main() -> None:
    client = HiringClient(
        base_url=os.environ.get("HIRING_API_URL", "http://localhost:3000/api/v1"),
        api_key=os.environ["HIRING_API_KEY"],
    )
    jd = client.jds.create(
        {"title": "Backend Engineer", "description": "Build the APIs.", "createdById": "ats-42"}
    )["data"]
    print("created", jd["id"], jd["status"])
    published: list[JdSummary] = list(client.jds.list_all({"status": "PUBLISHED"}))
    for summary in published:
        print(summary["id"], summary["title"])
    ranked: list[MatchEntry] = client.matches.list("jd-backend")["data"]
    for match in ranked:
        print(match["applicationId"], match["aiScore"])
    try:
        client.jds.get("no-such-jd")
    except ApiError as error:
        print(error.status, error.code)


def handle(raw_body: bytes, headers: dict[str, str], secret: str) -> str:
    """What a webhook handler does first: verify, then act on the event's type."""
    event = verify_webhook(raw_body, headers, secret)
    return str(event["type"])


if __name__ == "__main__":
    main()
