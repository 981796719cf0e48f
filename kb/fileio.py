"""Reading input files safely: only regular files, never more than a size limit, never blocking.

Every file Arbiter reads that a person or another program could have put there (KB YAML, the corpus,
a question file, a cache file) goes through `read_bytes`/`read_text`: a FIFO named `*.yaml` would
otherwise hang the reader, a symlink to /dev/zero would exhaust memory, and a huge file would do the
same slowly. The largest real input today is ~0.3 MB; the limit leaves ample room.
"""
from __future__ import annotations

import os
import stat
from pathlib import Path

MAX_INPUT_BYTES = 16 * 1024 * 1024


class FileReadError(Exception):
    """A file that cannot be read as an input; `message` is for the user, without the path."""

    def __init__(self, path: Path | str, message: str):
        self.path = str(path)
        self.message = message
        super().__init__(f"{self.path}: {message}")


def read_bytes(path: Path | str, limit: int = MAX_INPUT_BYTES) -> bytes:
    # O_NONBLOCK: opening a FIFO returns at once instead of waiting for a writer; the file type is
    # then checked on the open descriptor, so a swap between a check and the open cannot fool it
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    except OSError as exc:
        raise FileReadError(path, f"cannot read file ({exc.strerror})") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            kind = "a folder" if stat.S_ISDIR(info.st_mode) else "not a regular file"
            raise FileReadError(path, f"{kind}; expected a file")
        if info.st_size > limit:
            raise FileReadError(path, f"too large ({info.st_size:,} bytes; the limit is {limit:,})")
        chunks, size = [], 0
        while True:
            chunk = os.read(fd, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
            if size > limit:       # the file grew while it was read
                raise FileReadError(path, f"too large (over {limit:,} bytes)")
        return b"".join(chunks)
    except OSError as exc:
        raise FileReadError(path, f"cannot read file ({exc.strerror})") from None
    finally:
        os.close(fd)


def read_text(path: Path | str, limit: int = MAX_INPUT_BYTES) -> str:
    data = read_bytes(path, limit)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise FileReadError(path, f"not UTF-8 text ({exc.reason} at byte {exc.start})") from None
