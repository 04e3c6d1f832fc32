"""The Hiring Integration API's client: one method per operation, pages walked, retries and
idempotency built in, as the TypeScript client does them, with the standard library only."""

from __future__ import annotations

import gzip
import json
import math
import random
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from datetime import datetime, timezone
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, Generic, NamedTuple, Optional, Protocol, TypeVar, Union, cast

from . import types as t
from .errors import ApiError
from .routes import (
    RouteMethods,
    ApplicationsRoutes,
    AuditLogRoutes,
    CandidatesRoutes,
    ConsoleRoutes,
    ClientRoutes,
    EventsRoutes,
    JdsRoutes,
    KeysRoutes,
    MatchesRoutes,
    RequestsRoutes,
    ResumesRoutes,
    TestModeRoutes,
    WebhooksRoutes,
)
from .stream import (
    RECONNECT_BACKOFF_FIRST,
    RECONNECT_BACKOFF_MOST,
    RECONNECT_WINDOW,
    STREAM_RETRY,
    STREAM_TRIES,
    StreamUnavailable,
    stream_frames,
)

API_VERSION = "2026-11-25"
"""The API version this client's types describe: it sends it as ``Hiring-Version`` unless told otherwise."""

_uniform = random.random

FROM_THE_START = {"updatedSince": "1970-01-01T00:00:00Z"}
"""Where a first sync starts: the beginning of every list."""

Query = Mapping[str, Any]
Page = TypeVar("Page")
"""The answer of a list's page, as its group types it."""


class SyncTokenStore(Protocol):
    """Where ``keep_in_sync`` keeps a list's sync token between runs: a file, a row of your database."""

    def load(self) -> Optional[str]:
        """The token the last run saved; ``None``: the next run is a first, full sync."""
        ...

    def save(self, token: str) -> None: ...


class FileTokenStore:
    """A sync token kept in a file (created on the first save)."""

    def __init__(self, path: str) -> None:
        self.path = path

    def load(self) -> Optional[str]:
        try:
            with open(self.path, encoding="utf-8") as file:
                return file.read().strip() or None
        except FileNotFoundError:
            return None

    def save(self, token: str) -> None:
        with open(self.path, "w", encoding="utf-8") as file:
            file.write(token)


class _Sends(RouteMethods):
    """What holds the transport its route methods send through: the client, and each of its groups."""

    _api: _Transport

    def _route(
        self,
        method: str,
        path: str,
        *,
        query: Optional[Query] = None,
        body: Optional[Mapping[str, Any]] = None,
        idempotent: bool = False,
        idempotency_key: Optional[str] = None,
        if_match: Optional[str] = None,
    ) -> Any:
        return self._api.route(
            method,
            path,
            query=query,
            body=body,
            idempotent=idempotent,
            idempotency_key=idempotency_key,
            if_match=if_match,
        )


class HiringClient(_Sends, ClientRoutes):
    """A client of the Hiring Integration API.

    ``base_url`` is the API's base URL with its prefix (``https://api.example.com/api/v1``, or
    ``http://localhost:3000/api/v1`` under ``npm start``); ``api_key`` a key (``hk_live_…`` or
    ``hk_test_…``). Reads, and writes that carry an ``Idempotency-Key`` (every create and change that
    takes one sends a new UUID unless given one), are retried on a 503, API Gateway's own 500, a
    network error or a timeout; every request on a 429, after what the API asks (``retryAfterMs``,
    ``Retry-After``). A write without a key is never retried on a fault: it may have committed.
    """

    def __init__(
        self,
        base_url: str,
        api_key: str,
        *,
        max_retries: int = 4,
        timeout: float = 30.0,
        retry_base: float = 0.5,
        retry_max: float = 60.0,
        idempotency_keys: bool = True,
        api_version: Optional[str] = API_VERSION,
        opener: Optional[urllib.request.OpenerDirector] = None,
    ) -> None:
        self._api = _Transport(
            base_url,
            api_key,
            max_retries=max_retries,
            timeout=timeout,
            retry_base=retry_base,
            retry_max=retry_max,
            idempotency_keys=idempotency_keys,
            api_version=api_version,
            opener=opener or urllib.request.build_opener(),
        )
        self.jds = Jds(self._api)
        self.resumes = Resumes(self._api)
        self.matches = Matches(self._api)
        self.applications = Applications(self._api)
        self.candidates = Candidates(self._api)
        self.keys = Keys(self._api)
        self.audit_log = AuditLog(self._api)
        self.requests = Requests(self._api)
        self.events = Events(self._api)
        self.webhooks = Webhooks(self._api)
        self.test_mode = TestMode(self._api)
        self.console = Console(self._api)


class LastResponse(NamedTuple):
    """What an answer's headers said: its status, its ETag (a version to send as ``if_match``), its request id."""

    status: int
    etag: Optional[str]
    request_id: Optional[str]


class _Answered(dict[str, Any]):
    """An answer's JSON, as a route's method returns it, with what its headers said."""

    def __init__(self, body: Mapping[str, Any], response: LastResponse) -> None:
        super().__init__(body)
        self.last_response = response


def last_response(answer: Mapping[str, Any]) -> LastResponse:
    """What the headers of the answer a route's method returned said (``status``, ``etag``,
    ``request_id``): ``last_response(client.jds.get(jd_id)).etag`` is the version to send as ``if_match``."""
    response = getattr(answer, "last_response", None)
    if not isinstance(response, LastResponse):
        raise TypeError("not an answer a route's method returned")
    return response


class _Call:
    """What one operation sends: its query, body, headers, and whether it carries an Idempotency-Key."""

    def __init__(
        self,
        query: Optional[Query] = None,
        body: Any = None,
        headers: Optional[Mapping[str, str]] = None,
        idempotent: bool = False,
        idempotency_key: Optional[str] = None,
    ) -> None:
        self.query = query
        self.body = body
        self.headers = dict(headers or {})
        self.idempotent = idempotent
        self.idempotency_key = idempotency_key


class _Answer:
    def __init__(self, status: int, json_body: Any, headers: Mapping[str, str]) -> None:
        self.status = status
        self.json = json_body
        self.headers = headers


def _json_bytes(value: Any) -> bytes:
    # As the API measures a body: UTF-8, compact (ensure_ascii would write each accent as 6 bytes). A
    # lone surrogate is sent as it is, for the API to refuse with its 400, as it would any malformed text.
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    return text.encode("utf-8", "surrogatepass")


def _quote(value: str) -> str:
    return urllib.parse.quote(value, safe="")


def _text(value: Any) -> str:
    # A query's numbers and booleans as the wire carries them.
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


class _Transport:
    """One operation on the wire, retried when that is safe; and the walks over pages every group shares."""

    def __init__(
        self,
        base_url: str,
        api_key: str,
        *,
        max_retries: int,
        timeout: float,
        retry_base: float,
        retry_max: float,
        idempotency_keys: bool,
        api_version: Optional[str],
        opener: urllib.request.OpenerDirector,
    ) -> None:
        self.base_url = base_url.rstrip("/")
        self.api_key = api_key
        self.max_retries = max_retries
        self.timeout = timeout
        self.retry_base = retry_base
        self.retry_max = retry_max
        self.idempotency_keys = idempotency_keys
        self.api_version = api_version
        self.opener = opener

    def call(self, method: str, path: str, call: Optional[_Call] = None) -> _Answer:
        call = call or _Call()
        key = None
        if call.idempotent:
            key = call.idempotency_key or (str(uuid.uuid4()) if self.idempotency_keys else None)
        repeatable = method == "GET" or key is not None
        url = self.base_url + path
        query = {name: _text(value) for name, value in (call.query or {}).items() if value is not None}
        if query:
            url += "?" + urllib.parse.urlencode(query)
        headers = {
            "X-API-Key": self.api_key,
            "Accept": "application/json",
            "Accept-Encoding": "gzip",
            "User-Agent": "hiring-integration-python",
        }
        if self.api_version is not None:
            headers["Hiring-Version"] = self.api_version
        data = None
        if call.body is not None:
            headers["Content-Type"] = "application/json"
            data = _json_bytes(call.body)
        if key is not None:
            headers["Idempotency-Key"] = key
        headers.update(call.headers)
        attempt = 0
        while True:
            try:
                answer = self.send(method, url, headers, data)
                if 200 <= answer.status < 300 or answer.status == 304:
                    return answer
                failure = _error_of(answer)
                gateway_fault = answer.status == 500 and failure.code is None
                retryable = answer.status == 429 or (
                    repeatable and (answer.status == 503 or gateway_fault)
                )
            except (urllib.error.URLError, TimeoutError, ConnectionError, OSError) as error:
                reason = getattr(error, "reason", error)
                failure = ApiError(f"The request failed: {reason}", 0)
                failure.__cause__ = error
                retryable = repeatable
            wait = (
                failure.retry_after_ms / 1000
                if failure.retry_after_ms is not None
                else random.random() * min(self.retry_max, self.retry_base * 2**attempt)
            )
            if not retryable or attempt >= self.max_retries or wait > self.retry_max:
                raise failure
            time.sleep(wait)
            attempt += 1

    def send(
        self, method: str, url: str, headers: Mapping[str, str], data: Optional[bytes]
    ) -> _Answer:
        request = urllib.request.Request(url, data=data, headers=dict(headers), method=method)
        try:
            response = self.opener.open(request, timeout=self.timeout)
            status = response.status
        except urllib.error.HTTPError as error:
            response = error
            status = error.code
        with response:
            raw = response.read()
            answer_headers = {name.lower(): value for name, value in response.headers.items()}
        if answer_headers.get("content-encoding") == "gzip":
            raw = gzip.decompress(raw)
        text = raw.decode("utf-8") if raw else ""
        try:
            body: Any = json.loads(text) if text else {}
        except json.JSONDecodeError:
            body = {"message": text}
        return _Answer(status, body, answer_headers)

    # Walks over pages.
    def pages(self, page: Callable[[Optional[str]], dict[str, Any]]) -> Iterator[dict[str, Any]]:
        cursor: Optional[str] = None
        while True:
            answer = page(cursor)
            yield answer
            pagination: dict[str, Any] = answer.get("pagination") or {}
            cursor = pagination.get("nextCursor") if pagination.get("hasMore") else None
            if cursor is None:
                return

    def walk(self, page: Callable[[Optional[str]], dict[str, Any]]) -> Iterator[Any]:
        for answer in self.pages(page):
            yield from answer["data"]

    def sync(
        self,
        page: Callable[[dict[str, Any]], dict[str, Any]],
        start: Mapping[str, str],
        on_page: Callable[[list[Any]], None],
    ) -> str:
        cursor: Optional[str] = None
        while True:
            query: dict[str, Any] = {**start, "limit": 100}
            if cursor:
                query["cursor"] = cursor
            answer = page(query)
            on_page(answer["data"])
            pagination = answer["pagination"]
            if not pagination["hasMore"] and pagination.get("syncToken") is not None:
                return cast(str, pagination["syncToken"])
            cursor = pagination.get("nextCursor")
            if cursor is None:
                raise ApiError("A delta page ended without a cursor or a token", 0)

    def keep_in_sync(
        self,
        page: Callable[[dict[str, Any]], dict[str, Any]],
        store: SyncTokenStore,
        on_page: Callable[[list[Any]], None],
        on_rebuild: Optional[Callable[[], None]],
    ) -> str:
        saved = store.load()
        try:
            token = self.sync(page, FROM_THE_START if saved is None else {"syncToken": saved}, on_page)
        except ApiError as error:
            if saved is None or error.code != "sync_token_expired" or on_rebuild is None:
                raise
            on_rebuild()
            token = self.sync(page, FROM_THE_START, on_page)
        store.save(token)
        return token

    def revalidate(self, path: str, etag: Optional[str]) -> dict[str, Any]:
        headers = {} if etag is None else {"If-None-Match": etag}
        answer = self.call("GET", path, _Call(headers=headers))
        if answer.status == 304:
            return {"changed": False, "etag": answer.headers.get("etag", etag)}
        return {"changed": True, "data": answer.json["data"], "etag": answer.headers.get("etag")}

    def get(self, path: str, query: Optional[Query] = None) -> Any:
        return self.call("GET", path, _Call(query=query)).json

    def route(
        self,
        method: str,
        path: str,
        *,
        query: Optional[Query] = None,
        body: Optional[Mapping[str, Any]] = None,
        idempotent: bool = False,
        idempotency_key: Optional[str] = None,
        if_match: Optional[str] = None,
    ) -> Any:
        """A route's method's request (./routes.py): the answer's JSON, with what its headers said
        (``last_response``); None for a 204."""
        headers = {} if if_match is None else {"If-Match": if_match}
        answer = self.call(
            method,
            path,
            _Call(
                query=query,
                body=None if body is None else dict(body),
                headers=headers,
                idempotent=idempotent,
                idempotency_key=idempotency_key,
            ),
        )
        if answer.status == 204:
            return None
        return _Answered(
            answer.json,
            LastResponse(answer.status, answer.headers.get("etag"), answer.headers.get("request-id")),
        )



def _error_of(answer: _Answer) -> ApiError:
    parsed: Any = answer.json
    body = cast(dict[str, Any], parsed) if isinstance(parsed, dict) else {}
    # What the API asks to wait: its body's retryAfterMs, else Retry-After, else (a 429) until the quota resets.
    retry_after_ms: Optional[float] = None
    if isinstance(body.get("retryAfterMs"), (int, float)):
        retry_after_ms = float(body["retryAfterMs"])
    else:
        for name in ("retry-after",) + (("ratelimit-reset",) if answer.status == 429 else ()):
            try:
                seconds = float(answer.headers.get(name, ""))
            except ValueError:
                continue
            if seconds > 0:
                retry_after_ms = seconds * 1000
                break
    message = body.get("error") or body.get("message") or f"HTTP {answer.status}"
    return ApiError(
        str(message),
        answer.status,
        body.get("code") if isinstance(body.get("code"), str) else None,
        # Every answer names its request in Request-Id; a 5xx's body names it too.
        body.get("requestId") if isinstance(body.get("requestId"), str) else answer.headers.get("request-id"),
        retry_after_ms,
        body.get("details") if isinstance(body.get("details"), list) else None,
    )


class _Group(_Sends):
    def __init__(self, api: _Transport) -> None:
        self._api = api


class _SyncedList(_Group, Generic[Page]):
    """A list with a delta walk: its changes since a time or a sync token, and a copy kept in sync."""

    _path: str

    def changes(self, query: Query) -> Page:
        """One page of the list's delta walk (``updatedSince`` or ``syncToken``, ``limit``, ``cursor``)."""
        return cast(Page, self._api.get(self._path, query))

    def sync(self, start: Mapping[str, str], on_page: Callable[[list[Any]], None]) -> str:
        """Every item created, changed or deleted since ``start`` (``{"updatedSince": …}`` or
        ``{"syncToken": …}``), a page at a time to ``on_page`` (a deleted one as ``{id, deleted: True,
        deletedAt}``); returns the token the next sync starts from."""
        return self._api.sync(lambda query: self._api.get(self._path, query), start, on_page)

    def keep_in_sync(
        self,
        store: SyncTokenStore,
        on_page: Callable[[list[Any]], None],
        on_rebuild: Optional[Callable[[], None]] = None,
    ) -> str:
        """Brings your copy up to date and keeps the token for the next run in ``store``: a first run
        walks the whole list; a token too old to follow calls ``on_rebuild`` (empty your copy), then
        walks from the start. Returns the token it saved."""
        return self._api.keep_in_sync(
            lambda query: self._api.get(self._path, query), store, on_page, on_rebuild
        )


class Jds(_SyncedList[t.ListJdsAnswer], JdsRoutes):
    """Job descriptions: create, read, change, close and delete; list and sync."""

    _path = "/jds"

    def list_all(self, query: Optional[Query] = None) -> Iterator[t.JdSummary]:
        """Every JD the query keeps, each once, following the cursor."""
        return self._api.walk(lambda cursor: self._api.get("/jds", {**(query or {}), "cursor": cursor}))

    def get_if_changed(self, jd_id: str, etag: Optional[str]) -> dict[str, Any]:
        """``{"changed": False, "etag"}`` (a 304, none of the hour spent), or ``{"changed": True, "data", "etag"}``."""
        return self._api.revalidate(f"/jds/{_quote(jd_id)}", etag)

    def upsert_many(
        self,
        items: Sequence[Mapping[str, Any]],
        *,
        idempotency_key: Optional[str] = None,
        retry_items: bool = True,
    ) -> list[Union[t.UpsertedJd, t.FailedBatchItem]]:
        """Upserts any number of JDs by their ``externalId``, as ``upsert_by_external_id`` would each: in
        batches of up to 100 (and ``BATCH_LIMITS["bodyBytes"]``), one request and one unit of the hour
        each, one after another. After each batch, its items that answered 503 ``unavailable`` (not
        started within the request) or 409 ``concurrent_change`` (lost a race) are sent again by
        themselves, before the next batch: up to ``max_retries`` times, backing off as other retries
        do (``retry_items=False``: never). Each resend is a request and a unit of the hour too. Returns
        a result per item, in the order given, each its last answer: its ``outcome`` (``created``,
        ``updated``, ``unchanged``) or its ``error`` (that item alone failed: fix it and send it again;
        one still 503 or 409 after the resends, just again). A batch that failed whole, after the
        retries that are safe, gives each of its items that error, and the batches after it are still
        sent. Each request carries an Idempotency-Key (``idempotency_key`` suffixed with the batch's
        number, and ``-r1``, ``-r2``… for its resends, when given)."""
        batches, too_large = batches_of(items)
        sent: list[Union[t.UpsertedJd, t.FailedBatchItem]] = []
        for number, batch in enumerate(batches):
            sent.extend(self._upsert_batch(batch, number, idempotency_key, retry_items))
        results: list[Union[t.UpsertedJd, t.FailedBatchItem]] = []
        answered = iter(sent)
        for index, item in enumerate(items):
            if index not in too_large:
                results.append(next(answered))
                continue
            results.append(
                {
                    "externalId": str(item.get("externalId", "")),
                    "error": {
                        "status": 413,
                        "code": "payload_too_large",
                        "message": f"This JD alone is past the {BATCH_LIMITS['bodyBytes']} bytes a batch holds: shorten a text",
                    },
                }
            )
        return results

    def _upsert_batch(
        self,
        batch: Sequence[Mapping[str, Any]],
        number: int,
        idempotency_key: Optional[str],
        retry_items: bool,
    ) -> list[Union[t.UpsertedJd, t.FailedBatchItem]]:
        """One batch, then its items that answered 503 ``unavailable`` or 409 ``concurrent_change``,
        sent again by themselves (each keyed by its ``externalId``: nothing is written twice) up to
        ``max_retries`` times, with exponential back-off and full jitter (or what an item's
        ``retryAfterMs`` asks). A result per item of ``batch``, in its order, each its last answer."""
        results: list[Optional[Union[t.UpsertedJd, t.FailedBatchItem]]] = [None] * len(batch)
        pending = list(range(len(batch)))
        round_ = 0
        while True:
            sending = [dict(batch[index]) for index in pending]
            key = None
            if idempotency_key is not None:
                key = f"{idempotency_key}-{number}" + (f"-r{round_}" if round_ else "")
            failed_whole = False
            try:
                answer = self._api.call(
                    "POST",
                    "/jds/batch",
                    _Call(body={"items": sending}, idempotent=True, idempotency_key=key),
                )
                answered = cast(list[Union[t.UpsertedJd, t.FailedBatchItem]], answer.json["data"])
            except ApiError as error:
                # Failed whole: each of its items says so; sending it again later writes nothing twice.
                failed_whole = True
                answered = [
                    cast(
                        t.FailedBatchItem,
                        {
                            "externalId": str(item.get("externalId", "")),
                            "error": {
                                "status": error.status,
                                "code": error.code or "unavailable",
                                "message": error.message,
                            },
                        },
                    )
                    for item in sending
                ]
            for index, result in zip(pending, answered):
                results[index] = result
            if failed_whole or not retry_items or round_ >= self._api.max_retries:
                break
            pending = [index for index in pending if _worth_sending_again(results[index])]
            if not pending:
                break
            asked = [
                float(ms)
                for ms in (cast(dict[str, Any], results[index]).get("error", {}).get("retryAfterMs") for index in pending)
                if isinstance(ms, (int, float))
            ]
            wait = (
                max(asked) / 1000
                if asked
                else random.random() * min(self._api.retry_max, self._api.retry_base * 2**round_)
            )
            if wait > self._api.retry_max:
                break
            time.sleep(wait)
            round_ += 1
        return [result for result in results if result is not None]


def _worth_sending_again(result: Optional[Mapping[str, Any]]) -> bool:
    """Whether a batch's item failed only for the moment (not started in time, or lost a race)."""
    error = (result or {}).get("error")
    if not isinstance(error, Mapping):
        return False
    answer = cast(Mapping[str, Any], error)
    return (answer.get("status"), answer.get("code")) in ((503, "unavailable"), (409, "concurrent_change"))


BATCH_LIMITS = {"items": 100, "bodyBytes": int(2.5 * 1024 * 1024)}
"""What one POST /jds/batch takes: ``upsert_many`` splits to fit, as JSON in UTF-8 bytes."""


def batches_of(items: Sequence[Mapping[str, Any]]) -> tuple[list[list[Mapping[str, Any]]], set[int]]:
    """Items in order, in runs that each fit one batch; the indexes of items too large for any batch alone."""
    envelope = len(b'{"items":[]}')
    batches: list[list[Mapping[str, Any]]] = []
    too_large: set[int] = set()
    current: list[Mapping[str, Any]] = []
    size_so_far = envelope
    for index, item in enumerate(items):
        size = len(_json_bytes(dict(item))) + 1
        if envelope + size > BATCH_LIMITS["bodyBytes"]:
            too_large.add(index)
            continue
        if len(current) == BATCH_LIMITS["items"] or size_so_far + size > BATCH_LIMITS["bodyBytes"]:
            batches.append(current)
            current = []
            size_so_far = envelope
        current.append(item)
        size_so_far += size
    if current:
        batches.append(current)
    return batches, too_large


class Resumes(_SyncedList[t.ListResumesAnswer], ResumesRoutes):
    _path = "/resumes"

    def list_all(self) -> Iterator[t.ResumeSummary]:
        return self._api.walk(lambda cursor: self._api.get("/resumes", {"cursor": cursor}))

    def get_if_changed(self, resume_id: str, etag: Optional[str]) -> dict[str, Any]:
        return self._api.revalidate(f"/resumes/{_quote(resume_id)}", etag)


class Matches(_Group, MatchesRoutes):
    def list_all(self, jd_id: str) -> Iterator[t.MatchEntry]:
        """Every match, in slices of 1,000."""
        return self._api.walk(
            lambda cursor: self._api.get(
                f"/matches/{_quote(jd_id)}", {"limit": 1000, "cursor": cursor}
            )
        )


class Applications(_SyncedList[t.ListApplicationsAnswer], ApplicationsRoutes):
    _path = "/applications"

    def list_all(self, query: Optional[Query] = None) -> Iterator[t.ApplicationEntry]:
        return self._api.walk(
            lambda cursor: self._api.get(
                "/applications", {"limit": 100, **(query or {}), "cursor": cursor}
            )
        )

    def get_if_changed(self, application_id: str, etag: Optional[str]) -> dict[str, Any]:
        return self._api.revalidate(f"/applications/{_quote(application_id)}", etag)


class Candidates(_SyncedList[t.ListCandidatesAnswer], CandidatesRoutes):
    _path = "/candidates"

    def list_all(self, query: Optional[Query] = None) -> Iterator[t.Candidate]:
        return self._api.walk(
            lambda cursor: self._api.get("/candidates", {**(query or {}), "cursor": cursor})
        )

    def export_all(self, resume_id: str) -> Iterator[t.ExportCandidateAnswer]:
        """Every page of a candidate's export."""
        return cast(
            Iterator[t.ExportCandidateAnswer],
            self._api.pages(
                lambda cursor: self._api.get(
                    f"/candidates/{_quote(resume_id)}/export", {"limit": 20, "cursor": cursor}
                )
            ),
        )

class Keys(_Group, KeysRoutes):
    def list_all(self) -> Iterator[t.ApiKey]:
        return self._api.walk(
            lambda cursor: self._api.get("/keys", {"limit": 1000, "cursor": cursor})
        )


class AuditLog(_Group, AuditLogRoutes):
    def list_all(self, query: Optional[Query] = None) -> Iterator[t.AuditEntry]:
        return self._api.walk(
            lambda cursor: self._api.get(
                "/audit-log", {**(query or {}), "limit": 100, "cursor": cursor}
            )
        )


class Requests(_Group, RequestsRoutes):
    """The request log (scope ``admin``): what the space's keys asked in the last 30 days, and how it was answered."""

    def list_all(self, query: Optional[Query] = None) -> Iterator[t.RequestLogEntry]:
        return self._api.walk(
            lambda cursor: self._api.get(
                "/requests", {**(query or {}), "limit": 100, "cursor": cursor}
            )
        )


class Events(_Group, EventsRoutes):
    def get_if_changed(self, event_id: str, etag: Optional[str]) -> dict[str, Any]:
        return self._api.revalidate(f"/events/{_quote(event_id)}", etag)

    def follow(
        self,
        *,
        after: Optional[Union[str, datetime]] = None,
        types: Optional[list[str]] = None,
        wait_seconds: int = 20,
        poll_interval: float = 5.0,
        stop: Optional[Callable[[], bool]] = None,
        stream: bool = True,
        on_waiting: Optional[Callable[[str], None]] = None,
        reconnect_window: float = RECONNECT_WINDOW,
        stream_retry: float = STREAM_RETRY,
        random: Optional[Callable[[], float]] = None,
        sleep: Optional[Callable[[float], None]] = None,
    ) -> Iterator[tuple[t.Event, str]]:
        """Every event after ``after`` (an event id, ``evt_…``; an ISO 8601 instant with an offset, or
        an aware ``datetime``: the events from then on; ``"now"``: from now on; without it, from the
        start of the log, 30 days back), each once, in order, with the cursor to persist. A refusal (a
        bad ``after``, a key revoked since) raises ApiError with the envelope's status and code.

        It listens on the event stream (a WebSocket: each event pushed as it is committed, nothing held
        on the server while it waits), reconnecting after the last event it gave when a connection ends
        (API Gateway closes one after 2 hours): after a random wait up to ``reconnect_window`` seconds
        (default 30), so that connections dropped together come back spread out (10,000 at 333 a
        second, under API Gateway's 500), and after a failed reopen a random wait up to 1, 2, 4, 8 s
        (doubling, at most a minute). Where the stream does not open (``stream=False``, a deployment or
        network without it, 5 reopens failed in a row) it uses the long-poll: at the end of the log each
        request waits up to ``wait_seconds`` (1 to 20) for the next event; a deployment without that is
        polled every ``poll_interval`` seconds. It never gives up on the stream: from the long-poll it
        tries it again every ``stream_retry`` seconds or so (default 300, jittered) and goes back to it
        when it opens, from the same place. ``on_waiting`` is told how it waits (``stream``,
        ``long-poll``, ``polling``) each time it has given all there is. ``stop()`` ends it. ``random``
        (the jitter's source, in [0, 1)) and ``sleep`` replace ``random.random`` and a sleep that
        ``stop()`` ends, for a test."""
        uniform = random or _uniform

        def stopped() -> bool:
            return bool(stop and stop())

        def pause(seconds: float) -> None:
            if sleep:
                sleep(seconds)
            else:
                _pause(seconds, stopped)

        # `now` and a datetime are fixed here, once: the stream, its reconnections and the long-poll start there.
        cursor = start_position(after)
        wait = min(20, max(1, int(wait_seconds)))
        long_poll = True
        # When the stream is tried: at once, and after each fallback a few minutes later (jittered, so
        # listeners that fell back together do not come back together).
        stream_at = 0.0 if stream else math.inf
        while not stopped():
            if time.monotonic() >= stream_at:
                try:
                    for event in self._streamed(cursor, stop, on_waiting, reconnect_window, uniform, pause):
                        cursor = event["id"]
                        if not types or event["type"] in types:
                            yield event, cursor
                    return
                except StreamUnavailable:
                    # The long-poll goes on from the same place; the stream is tried again later.
                    stream_at = time.monotonic() + stream_retry * (0.5 + uniform())
            at_the_end = False
            told = False
            while not stopped():
                query: dict[str, Any] = {"limit": 100}
                if cursor is not None:
                    query["after" if not _is_event_id(cursor) else "cursor"] = cursor
                if types:
                    query["type"] = ",".join(types)
                if at_the_end and long_poll:
                    query["wait"] = wait
                try:
                    page = self._api.get("/events", query)
                except ApiError as error:
                    # A deployment from before the long-poll refuses `wait`: poll it instead.
                    if long_poll and any(detail.get("field") == "wait" for detail in error.details):
                        long_poll = False
                        continue
                    raise
                for event in page["data"]:
                    cursor = event["id"]
                    yield cast(t.Event, event), cast(str, cursor)
                pagination = page["pagination"]
                if pagination.get("hasMore") and pagination.get("nextCursor"):
                    cursor = pagination["nextCursor"]
                at_the_end = not pagination.get("hasMore")
                if page["data"]:
                    told = False
                if at_the_end and not told and on_waiting:
                    on_waiting("long-poll" if long_poll else "polling")
                    told = True
                # Time to try the stream again: it subscribes after the cursor, nothing lost or repeated.
                if time.monotonic() >= stream_at:
                    break
                if at_the_end and not long_poll:
                    pause(poll_interval)

    def _streamed(
        self,
        after: Optional[str],
        stop: Optional[Callable[[], bool]],
        on_waiting: Optional[Callable[[str], None]],
        window: float,
        uniform: Callable[[], float],
        pause: Callable[[float], None],
    ) -> Iterator[t.Event]:
        """The log's events on the event stream, connection after connection, each subscribed after the
        last event given a random wait within ``window`` after the one before ended; a reopen that fails
        backs off (full jitter, doubling). Raises StreamUnavailable when it does not open at first, or
        STREAM_TRIES times in a row."""
        headers = {"X-API-Key": self._api.api_key}
        if self._api.api_version is not None:
            headers["Hiring-Version"] = self._api.api_version
        position = after
        opened = False
        failures = 0
        while not (stop and stop()):
            try:
                for frame in stream_frames(self._api.base_url, headers, position, stop=stop):
                    if frame["type"] == "subscribed":
                        opened = True
                        failures = 0
                        head = frame.get("after")
                        # From the log's start: what it held when the stream took over is read first.
                        if position is None and head is not None:
                            for event in self._from_the_start():
                                position = event["id"]
                                yield event
                                if event["id"] >= head:
                                    break
                        position = position or head
                    elif frame["type"] == "idle":
                        if on_waiting:
                            on_waiting("stream")
                    elif position is None or frame["event"]["id"] > position:
                        position = frame["event"]["id"]
                        yield cast(t.Event, frame["event"])
                # Closed (its 2 hours, idle, going away, the network): open again after the last event
                # given, a random part of the window later, so that connections closed together come
                # back spread out.
                wait = uniform() * window
            except StreamUnavailable:
                failures += 1
                if not opened or failures >= STREAM_TRIES:
                    raise
                # Not reopened (refused, a 5xx or 429 frame): a back-off with full jitter.
                wait = uniform() * min(RECONNECT_BACKOFF_MOST, RECONNECT_BACKOFF_FIRST * 2 ** (failures - 1))
            if stop and stop():
                return
            pause(wait)

    def _from_the_start(self) -> Iterator[t.Event]:
        cursor: Optional[str] = None
        while True:
            page = self._api.get("/events", {"limit": 100, **({"cursor": cursor} if cursor else {})})
            yield from cast(list[t.Event], page["data"])
            if not page["pagination"].get("hasMore"):
                return
            cursor = page["pagination"]["nextCursor"]


def _pause(seconds: float, stopped: Callable[[], bool]) -> None:
    """Sleeps ``seconds``, or less when ``stopped()`` turns true (looked at every quarter of a second)."""
    deadline = time.monotonic() + seconds
    while not stopped():
        left = deadline - time.monotonic()
        if left <= 0:
            return
        time.sleep(min(left, 0.25))


def _is_event_id(position: str) -> bool:
    return position.startswith("evt_")


_CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"


def position_at(moment: datetime) -> str:
    """A position in the log at ``moment`` (an aware datetime): an event id (ULID) of that millisecond
    that sorts before any event of it."""
    if moment.tzinfo is None or moment.utcoffset() is None:
        raise ValueError("after: a datetime needs its time zone (datetime.now(timezone.utc))")
    rest = int(moment.timestamp() * 1000)
    encoded = ""
    for _ in range(10):
        encoded = _CROCKFORD[rest % 32] + encoded
        rest //= 32
    return f"evt_{encoded}{'0' * 16}"


def start_position(after: Optional[Union[str, datetime]]) -> Optional[str]:
    """Where ``events.follow`` starts: ``"now"`` and a datetime become the position at that instant
    (``position_at``); an event id or an ISO 8601 instant is sent as it is."""
    if isinstance(after, datetime):
        return position_at(after)
    if after == "now":
        return position_at(datetime.now(timezone.utc))
    return after


class Webhooks(_Group, WebhooksRoutes):
    def get_if_changed(self, webhook_id: str, etag: Optional[str]) -> dict[str, Any]:
        return self._api.revalidate(f"/webhooks/{_quote(webhook_id)}", etag)

    def deliveries_all(self, webhook_id: str) -> Iterator[t.DeliveryAttempt]:
        return self._api.walk(
            lambda cursor: self._api.get(
                f"/webhooks/{_quote(webhook_id)}/deliveries", {"limit": 100, "cursor": cursor}
            )
        )


class Console(_Group, ConsoleRoutes):
    """The developer console: ``create_link({})`` answers a single-use URL that signs a browser in as this key."""


class TestMode(_Group, TestModeRoutes):
    """A test key's test space (``hk_test_…``; a live key gets 403 ``key_mode_mismatch``)."""

    __test__ = False  # not a test case, whatever a test runner guesses from the name
