"""End to end in a real browser: the Streamlit app served on localhost, driven by Playwright in Debian's
headless Chromium (no browser download). One Korean and one English question; the answer, citations
and a verified example must be on the page. Screenshots go to build/e2e/.

This test never skips: without /usr/bin/chromium it fails (CI installs the package in .ci/run)."""
from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = os.environ.get("ARBITER_CHROMIUM", "/usr/bin/chromium")
SHOTS = ROOT / "build" / "e2e"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    from kb.store import DEFAULT_DATA

    data = tmp_path_factory.mktemp("e2e-data")
    shutil.copytree(DEFAULT_DATA / "tekhenu", data / "tekhenu")
    env = dict(os.environ, ARBITER_DATA=str(data), ARBITER_EMBEDDINGS="use-m3",
               ARBITER_CACHE=str(tmp_path_factory.mktemp("e2e-cache")))
    # build the index first so that the page does not wait on it
    subprocess.run([sys.executable, "-m", "app.cli", "index", "build"], cwd=ROOT, env=env, check=True,
                   capture_output=True)
    port = _free_port()
    proc = subprocess.Popen([sys.executable, "-m", "streamlit", "run", str(ROOT / "app" / "ui" / "streamlit_app.py"),
                             "--server.port", str(port), "--server.headless", "true",
                             "--server.address", "127.0.0.1", "--browser.gatherUsageStats", "false"],
                            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    deadline = time.time() + 90
    while time.time() < deadline:
        try:
            if urllib.request.urlopen(f"{url}/_stcore/health", timeout=2).status == 200:
                break
        except OSError:
            time.sleep(0.5)
    else:
        proc.kill()
        raise RuntimeError("the Streamlit app did not start: " + proc.stdout.read().decode(errors="replace")[-2000:])
    yield url
    proc.terminate()
    proc.wait(timeout=20)


@pytest.fixture(scope="module")
def browser():
    assert Path(CHROMIUM).exists(), f"{CHROMIUM} is missing: install Debian's chromium package"
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True,
                                     args=["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                                           "--disable-background-networking", "--disable-component-update",
                                           "--disable-sync"])
        yield browser
        browser.close()


def _ask(browser, url: str, lang: str, question: str, shot: str):
    page = browser.new_page(viewport={"width": 1400, "height": 2200})
    page.goto(f"{url}/?lang={lang}", wait_until="domcontentloaded")
    box = page.locator("textarea").first
    box.wait_for(timeout=90_000)
    box.fill(question)
    page.get_by_role("button", name="답변 찾기" if lang == "ko" else "Answer").click()
    marker = "검증됨" if lang == "ko" else "verified"
    page.get_by_text(marker, exact=False).first.wait_for(timeout=90_000)
    page.get_by_text("✓", exact=False).first.wait_for(timeout=30_000)   # the checks are drawn last
    page.wait_for_timeout(500)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / shot), full_page=True)
    body = page.inner_text("body")
    page.close()
    return body


def test_korean_question_in_a_real_browser(server, browser):
    body = _ask(browser, server, "ko", "균형값이 -7이면 점수 몇 점 잃어?", "ask-ko.png")
    assert "균형값" in body                       # the rule, in Korean
    assert "corpus/tekhenu.ko.txt" in body        # citations with file and lines
    assert "검증됨" in body and "균형값 -7" in body  # the engine's checked example
    assert (SHOTS / "ask-ko.png").stat().st_size > 10_000


def test_english_question_in_a_real_browser(server, browser):
    body = _ask(browser, server, "en", "gray die 6 at Bastet with Happiness 8 and Population 10", "ask-en.png")
    assert "Happiness" in body and "Population" in body
    assert "corpus/tekhenu.en.txt" in body
    assert "verified" in body and "never beyond Population 10" in body
