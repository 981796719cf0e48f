# The two commands of the README. Both create .venv and install the pinned dependencies first.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run serve test clean system-deps

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip==25.3
	$(BIN)/pip install --quiet -e '.[test,st]'
	touch $(STAMP)

PORT ?= 8501
# Only this computer can open the app unless you ask otherwise: `make run ADDRESS=0.0.0.0` serves it to
# the whole network (everyone on a café's Wi-Fi included).
ADDRESS ?= 127.0.0.1

run: $(STAMP)
	$(BIN)/arbiter kb check
	$(BIN)/arbiter index build
	$(BIN)/streamlit run app/ui/streamlit_app.py --server.address $(ADDRESS) --server.port $(PORT) \
		--server.headless true --browser.gatherUsageStats false

# The HTTP API (JSON under /v1, the OpenAPI page at /docs), to this computer only unless ADDRESS says
# otherwise; API_PORT, and `arbiter serve --help` for the limits (rate, body size, CORS origins, workers).
API_PORT ?= 8000

serve: $(STAMP)
	$(BIN)/arbiter kb check
	$(BIN)/arbiter index build
	$(BIN)/arbiter serve --host $(ADDRESS) --port $(API_PORT)

# Debian's Chromium and Korean fonts for the browser test, installed with apt when missing
system-deps:
	bash scripts/system_deps.sh

test: $(STAMP) system-deps
	$(BIN)/arbiter kb check
	$(BIN)/python -m pytest

clean:
	rm -rf $(VENV) .pytest_cache
