"""The web page listens on this computer only, however it is started (issue 28, finding 11):
`.streamlit/config.toml` pins the address to 127.0.0.1, so `streamlit run app/ui/streamlit_app.py` without
`make run` does not serve the whole network; `--server.address` (what `make run ADDRESS=…` passes) still
chooses another on purpose. Real Streamlit servers, their listening sockets read from /proc/net."""
from __future__ import annotations

import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def listening(port: int) -> set[str]:
    """The addresses a TCP socket listens on at `port` (IPv4 dotted, IPv6 as '::…')."""
    found = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            lines = Path(table).read_text().splitlines()[1:]
        except OSError:
            continue
        for line in lines:
            local, state = line.split()[1], line.split()[3]
            address, hex_port = local.split(":")
            if state != "0A" or int(hex_port, 16) != port:
                continue
            raw = bytes.fromhex(address)
            if len(raw) == 4:
                found.add(socket.inet_ntop(socket.AF_INET, raw[::-1]))
            else:
                words = b"".join(raw[i:i + 4][::-1] for i in range(0, 16, 4))
                found.add(socket.inet_ntop(socket.AF_INET6, words))
    return found


def serve_page(*options: str) -> tuple[subprocess.Popen, int]:
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "streamlit", "run", "app/ui/streamlit_app.py", "--server.port",
                             str(port), "--server.headless", "true", *options], cwd=ROOT,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 120
    while not listening(port):
        assert proc.poll() is None, "streamlit exited"
        assert time.monotonic() < deadline, "streamlit did not listen within 120 s"
        time.sleep(0.3)
    return proc, port


@pytest.mark.parametrize("options,expected", [((), {"127.0.0.1"}),
                                              (("--server.address", "0.0.0.0"), {"0.0.0.0"})])
def test_the_page_listens_where_it_is_told_and_else_on_this_computer_only(options, expected):
    proc, port = serve_page(*options)
    try:
        time.sleep(0.5)                 # every socket it opens is open
        assert listening(port) == expected
    finally:
        proc.terminate()
        proc.wait(timeout=30)
