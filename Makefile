# The two entry points of the README, and the pieces behind them.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
PORT ?= 8888
# `make classroom`: where Voilà listens, and the token students need when it listens beyond this machine.
IP ?= 127.0.0.1
CLASSROOM_PORT ?= 8866
TOKEN ?=
# make classroom MAX_STUDENTS=30 LESSON=05 STUDENTS=25 POOL=1: see the classroom target.
MAX_STUDENTS ?=
LESSON ?=
STUDENTS ?=
POOL ?=
# make classroom CLASS_DIR=~/class-5b: the class's folder (its names, marks and answers, kept across
# restarts; default ~/.local/share/corinth/class).
CLASS_DIR ?=

# make lab LANGUAGE=fr, make classroom LANGUAGE=de: the lessons' language (English, French or German; a
# locale's value such as fr_FR.UTF-8 or the environment's LANGUAGE=de:en says the same).
LANGUAGE ?=
SPOKEN := $(firstword $(filter en fr de,$(subst :, ,$(subst ., ,$(subst _, ,$(LANGUAGE))))))
FIRST_LESSON := 00_start_here$(if $(filter fr de,$(SPOKEN)),.$(SPOKEN),).ipynb

.PHONY: lab classroom handouts translations notebooks test check slow test-units test-browser test-notebooks install install-dev browser proxy lint bench clean

# uv installs the same packages as pip in a third of the time (a fresh clone's `make test` and `make
# lab` wait for it), compiled as pip compiles them; where uv cannot be installed or cannot reach the
# package index (pip's own settings: a mirror, a certificate), pip installs them.
# The venv starts without pip (ensurepip takes 3 s): this Python's own pip (22.3 or later: --python)
# puts uv in it, and uv then adds pip, for `.venv/bin/pip` later (1.5 s in all). Where this Python has
# no such pip, the venv's own pip (ensurepip) installs uv.
$(BIN)/python:
	$(PYTHON) -m venv --without-pip $(VENV)
	($(PYTHON) -m pip --python $(BIN)/python install -q uv 2>/dev/null \
		&& $(BIN)/uv pip install -q --python $(BIN)/python pip) \
	|| ($(BIN)/python -m ensurepip --upgrade --default-pip >/dev/null \
		&& ($(BIN)/pip install -q uv || $(BIN)/pip install -q --upgrade pip))

# Then corinth's own modules (an editable install: not in site-packages) are compiled as well: where
# Python is told not to write bytecode (PYTHONDONTWRITEBYTECODE, set in many containers), every kernel
# and server would compile again each module it imports.
PIP_INSTALL = ($(BIN)/uv pip install -q --compile-bytecode --python $(BIN)/python $(1) \
	|| $(BIN)/pip install -q $(1)) && $(BIN)/python -m compileall -q corinth notebooks >/dev/null

install: $(BIN)/python
	$(call PIP_INSTALL,-e '.[lab]')

install-dev: $(BIN)/python
	$(call PIP_INSTALL,-e '.[dev]')

# The main job: JupyterLab on the first tutorial notebook. The URL it prints (with its token) opens
# notebook 00 itself, not the Launcher. Another port: make lab PORT=8899.
# JupyterLab's defaults for this environment (a learner can still change them in Settings): no pop-up
# asking to fetch Jupyter's news over the first lesson.
LAB_OVERRIDES := $(VENV)/share/jupyter/lab/settings/overrides.json

$(LAB_OVERRIDES): | $(BIN)/python
	mkdir -p $(dir $@)
	echo '{"@jupyterlab/apputils-extension:notification": {"fetchNews": "false"}}' > $@

lab: install $(LAB_OVERRIDES)
	$(BIN)/jupyter lab --ip=127.0.0.1 --port=$(PORT) \
		--LabApp.default_url=/lab/tree/notebooks/$(FIRST_LESSON) \
		$(if $(filter 0,$(shell id -u)),--allow-root,)

# The lessons as apps for a class (python -m corinth.classroom: Voilà with corinth/classroom/voila.py):
# a kernel per open lesson, ended when the page closes; at most MAX_STUDENTS at a time (default: what half
# of this machine's memory holds); one kernel per lesson waiting for the next student, and with
# LESSON=05 STUDENTS=25 a kernel ready for each student of the class. This machine only, by default;
# a room's network: make classroom IP=0.0.0.0 TOKEN=words-you-write-on-the-board
# Any address but this machine's needs a token (an empty IP= listens on every interface).
ifneq ($(filter classroom,$(MAKECMDGOALS)),)
ifeq ($(TOKEN),)
ifeq ($(filter 127.0.0.1 localhost,$(IP)),)
$(error Serving on '$(IP)' lets other machines in: give a token, e.g. make classroom IP=0.0.0.0 TOKEN=blue-harbor-42)
endif
endif
endif
classroom: install
	$(BIN)/python -m corinth.classroom --ip='$(IP)' --port=$(CLASSROOM_PORT) \
		$(if $(TOKEN),--token='$(TOKEN)',) $(if $(MAX_STUDENTS),--max-students=$(MAX_STUDENTS),) \
		$(if $(LESSON),--lesson=$(LESSON),) $(if $(STUDENTS),--students=$(STUDENTS),) \
		$(if $(POOL),--pool=$(POOL),) $(if $(CLASS_DIR),--class-dir='$(CLASS_DIR)',) \
		$(if $(SPOKEN),--language=$(SPOKEN),)

# The lessons on paper, for a class without screens (python -m corinth.handouts): for each lesson that
# asks exercises, a PDF for the students and its answer key in a PDF of its own, printed by Chromium
# (make browser installs it), listed in build/handouts/index.html. About 10 s for all on 2 cores.
# Some lessons only: make handouts LESSONS="05 11b". In French: make handouts LANGUAGE=fr.
LESSONS ?=
handouts: install
	$(BIN)/python -m corinth.handouts --out build/handouts $(if $(SPOKEN),--language=$(SPOKEN),) $(LESSONS)

# The catalogues (docs/translating.md): read every message out of the sources, bring the French and
# German catalogues in step (new messages come in empty), compile them, and write the translated
# lessons' cells beside the English ones. Then `make notebooks` runs the lessons whose outputs changed.
translations: install
	$(BIN)/python -m corinth.shared.catalogues update
	$(BIN)/python -m corinth.shared.catalogues lessons

# Run every lesson in place (all three languages, two at a time), so its committed outputs are
# today's: about 10 minutes for the 51 on two cores.
notebooks: install
	cd notebooks && ls *.ipynb | xargs -P 2 -I{} ../$(BIN)/jupyter nbconvert --to notebook --execute \
		--inplace --ExecutePreprocessor.timeout=600 {}

# Chromium for the browser tests (Debian's package; needs root).
browser:
	@command -v chromium >/dev/null || (apt-get update -qq && apt-get install -y -qq chromium) \
	|| { echo "make browser: Chromium is missing and could not be installed (apt-get install chromium, as root)"; exit 1; }

# JupyterHub's proxy for the school hub's test (tests/browser/test_hub.py): configurable-http-proxy from
# the npm registry, with Debian's Node and npm when there are none. Its 5.x needs Node 20 or later (Debian
# 12's Node is 18: then its 4.x). Needs root; where it cannot be installed, this says so and the tests go
# on: the hub test then skips, and make test's closing summary names it.
proxy:
	@command -v configurable-http-proxy >/dev/null || { \
		if [ "$$(id -u)" != 0 ]; then \
			echo "make proxy: JupyterHub's proxy (configurable-http-proxy) is missing and installing it needs root: run make proxy as root, or the hub test skips"; \
			exit 0; \
		fi; \
		{ command -v npm >/dev/null || { apt-get update -qq && apt-get install -y -qq nodejs npm >/dev/null; }; } \
		&& if [ "$$(node -p 'process.versions.node.split(".")[0]')" -ge 20 ]; then v=; else v=@4; fi \
		&& npm install -g --no-fund --no-audit --loglevel=error configurable-http-proxy$$v >/dev/null \
		&& command -v configurable-http-proxy >/dev/null \
		|| echo "make proxy: JupyterHub's proxy (configurable-http-proxy) could not be installed from the npm registry: the hub test skips"; \
	}

# The tests: engine, solver, widgets (in a real browser), notebooks, and the built wheel, in two sizes.
# make test, the quick check while working (under 5 minutes on 2 cores): every test but the long ones.
# make check, every test (CI runs it): the long ones too (pytest's mark `long`: the 10,000-game
# campaign and the other campaigns, the exact search of every stored puzzle of the two exact levels,
# the lessons served as the classroom app in the browser, and the scenarios with servers of their own: the school hub, the
# classroom under many students, a live class across a restart).
# The three parts run side by side (each part's output shows when it ends): the browser tests mostly
# wait for servers, kernels and pages, and the unit tests and notebooks, at a lower priority (nice),
# use the cores meanwhile. One part alone, once make install-dev (and make browser) has run: make
# test-units, make test-browser or make test-notebooks (LONG=1 for its long tests too). Needs GNU make
# 4 (--output-sync). Each part's summary names its skipped tests with their reasons (-ra,
# pyproject.toml); the last lines list every part's skips, read from the parts' JUnit reports, or say
# there was none.
LONG ?=
NOT_LONG = $(if $(LONG),,and not long)

test: install-dev browser proxy
	$(BIN)/ruff check .
	@rm -rf $(REPORTS)
	@$(MAKE) --no-print-directory -j 3 --output-sync=target test-units test-browser test-notebooks; \
		status=$$?; $(BIN)/python -c "$$SKIPS_PY" $(REPORTS) $(if $(LONG),check,test); exit $$status

check:
	@$(MAKE) --no-print-directory test LONG=1

# The longer property runs still (marked slow), in no other target: over 25 minutes on 2 cores.
slow: install-dev
	nice -n 10 $(PYTEST) -n 2 -m slow tests

# Where each part writes its JUnit report, and the closing summary that reads them (an xfail is not a skip).
REPORTS := $(VENV)/test-reports
define SKIPS_PY
import glob, sys, xml.etree.ElementTree as ET
skips = [
    f"  {path.rsplit('/', 1)[-1][:-4]}: {case.get('classname')}::{case.get('name')}: {skip.get('message')}"
    for path in sorted(glob.glob(sys.argv[1] + '/*.xml'))
    for case in ET.parse(path).iter('testcase')
    for skip in case.iter('skipped')
    if skip.get('type') != 'pytest.xfail'
]
goal = sys.argv[2]
print(f'make {goal}: {len(skips)} skipped test(s):' if skips else f'make {goal}: no test skipped.', *skips, sep='\n')
endef
export SKIPS_PY

# Each part loads the pytest plugins it uses, no other. pytest would load every installed one, and
# rewrite the assertions of their whole packages (hypothesis, anyio) at each start, with no cache where
# Python writes no bytecode; nbval imports nbformat and jsonschema. In all, 1-3 s of CPU in every pytest
# process (each xdist worker and their controller): a trivial test file took 3.5 s, now 0.3 s.
# xdist for every part: the browser tests' conftest shapes its scheduling (pytest -n).
# Bytecode is written for the tests (PYTHONDONTWRITEBYTECODE emptied): pytest keeps its rewrite of
# each test module's asserts beside it, which every pytest process did again at each run (4 s of CPU).
PYTEST = env PYTEST_DISABLE_PLUGIN_AUTOLOAD=1 PYTHONDONTWRITEBYTECODE= $(BIN)/python -m pytest -p _hypothesis_pytestplugin \
	-p xdist.plugin --junitxml=$(REPORTS)/$(@:test-%=%).xml

test-units:
	nice -n 10 $(PYTEST) -n 2 --dist worksteal --doctest-modules --doctest-glob=README.md \
		--doctest-glob='docs/*.md' corinth tests README.md docs -m "not browser and not slow $(NOT_LONG)"

# One after the other, at full priority: side by side, their kernels and pages answer late on two cores.
# With pytest -n, the tests that share the classroom server run on one worker (tests/browser/conftest.py).
test-browser:
	$(PYTEST) tests/browser -m "browser $(NOT_LONG)"

test-notebooks:
	nice -n 10 $(PYTEST) -p nbval.plugin --nbval notebooks --nbval-sanitize-with notebooks/nbval_sanitize.cfg

lint: install-dev
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

bench: install
	$(BIN)/corinth bench

clean:
	rm -rf $(VENV) build dist *.egg-info .pytest_cache
