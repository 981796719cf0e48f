# The two commands of the README. Both create .venv and install the pinned dependencies first.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test clean system-deps

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip==25.3
	$(BIN)/pip install --quiet -e '.[test,st]'
	touch $(STAMP)

PORT ?= 8501

run: $(STAMP)
	$(BIN)/arbiter kb check
	$(BIN)/arbiter index build
	$(BIN)/streamlit run app/ui/streamlit_app.py --server.port $(PORT) --server.headless true \
		--browser.gatherUsageStats false

# Debian's Chromium and Korean fonts for the browser test, installed with apt when missing
system-deps:
	bash scripts/system_deps.sh

test: $(STAMP) system-deps
	$(BIN)/arbiter kb check
	$(BIN)/python -m pytest

clean:
	rm -rf $(VENV) .pytest_cache
