# The two entry points of the README, and the pieces behind them.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
PORT ?= 8888

.PHONY: lab test install install-dev browser lint bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip

install: $(BIN)/python
	$(BIN)/pip install -q -e '.[lab]'

install-dev: $(BIN)/python
	$(BIN)/pip install -q -e '.[dev]'

# The main job: JupyterLab on the first tutorial notebook. The URL it prints (with its token) opens
# notebook 00 itself, not the Launcher. Another port: make lab PORT=8899.
lab: install
	$(BIN)/jupyter lab --ip=127.0.0.1 --port=$(PORT) \
		--LabApp.default_url=/lab/tree/notebooks/00_start_here.ipynb \
		$(if $(filter 0,$(shell id -u)),--allow-root,)

# Chromium for the browser tests (Debian's package; needs root).
browser:
	@command -v chromium >/dev/null || (apt-get update -qq && apt-get install -y -qq chromium)

# Every test: engine, solver, widgets (in a real browser), notebooks, and the built wheel.
test: install-dev browser
	$(BIN)/ruff check .
	$(BIN)/python -m pytest -n 2 --doctest-modules --doctest-glob=README.md corinth tests README.md -m "not browser"
	$(BIN)/python -m pytest tests/browser -m browser
	$(BIN)/python -m pytest --nbval notebooks --nbval-sanitize-with notebooks/nbval_sanitize.cfg

lint: install-dev
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

bench: install
	$(BIN)/corinth bench

clean:
	rm -rf $(VENV) build dist *.egg-info .pytest_cache
