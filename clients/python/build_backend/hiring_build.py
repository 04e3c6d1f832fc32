"""A PEP 517 build backend of the standard library alone, so that ``pip install clients/python``
works on a machine without the network (pip's isolated build would otherwise fetch setuptools from
PyPI). It builds a pure-Python wheel of ``src/hiring_integration``, with the metadata of
pyproject.toml's [project] table (read without tomllib, which Python 3.10 lacks)."""

from __future__ import annotations

import base64
import hashlib
import os
import re
import zipfile
from typing import Any, Optional

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PACKAGE = "hiring_integration"
TAG = "py3-none-any"


def _project() -> dict[str, str]:
    """The [project] table's plain string fields (name, version, description, requires-python)."""
    with open(os.path.join(ROOT, "pyproject.toml"), encoding="utf-8") as file:
        text = file.read()
    table = text.split("[project]", 1)[1].split("\n[", 1)[0]
    return dict(re.findall(r'^([\w-]+)\s*=\s*"([^"]*)"', table, re.MULTILINE))


def _metadata() -> str:
    project = _project()
    lines = [
        "Metadata-Version: 2.1",
        f"Name: {project['name']}",
        f"Version: {project['version']}",
        f"Summary: {project.get('description', '')}",
        f"Requires-Python: {project.get('requires-python', '>=3.10')}",
        "Description-Content-Type: text/markdown",
    ]
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as file:
        return "\n".join(lines) + "\n\n" + file.read()


def _dist_info() -> str:
    project = _project()
    return f"{project['name'].replace('-', '_')}-{project['version']}.dist-info"


def _record_line(path: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode("ascii")
    return f"{path},sha256={digest},{len(data)}"


def build_wheel(
    wheel_directory: str,
    config_settings: Optional[dict[str, Any]] = None,
    metadata_directory: Optional[str] = None,
) -> str:
    project = _project()
    name = f"{project['name'].replace('-', '_')}-{project['version']}-{TAG}.whl"
    dist_info = _dist_info()
    files: list[tuple[str, bytes]] = []
    source = os.path.join(ROOT, "src", PACKAGE)
    for directory, _, names in sorted(os.walk(source)):
        for file_name in sorted(names):
            if file_name.endswith((".pyc", ".pyo")) or "__pycache__" in directory:
                continue
            path = os.path.join(directory, file_name)
            with open(path, "rb") as file:
                files.append((os.path.relpath(path, os.path.join(ROOT, "src")).replace(os.sep, "/"), file.read()))
    files.append((f"{dist_info}/METADATA", _metadata().encode("utf-8")))
    files.append(
        (
            f"{dist_info}/WHEEL",
            f"Wheel-Version: 1.0\nGenerator: hiring_build\nRoot-Is-Purelib: true\nTag: {TAG}\n".encode(),
        )
    )
    record = [_record_line(path, data) for path, data in files] + [f"{dist_info}/RECORD,,"]
    with zipfile.ZipFile(os.path.join(wheel_directory, name), "w", zipfile.ZIP_DEFLATED) as wheel:
        for path, data in files:
            wheel.writestr(path, data)
        wheel.writestr(f"{dist_info}/RECORD", "\n".join(record) + "\n")
    return name


def get_requires_for_build_wheel(config_settings: Optional[dict[str, Any]] = None) -> list[str]:
    return []
