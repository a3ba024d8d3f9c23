# Masume — the two commands a player or maintainer needs:
#   make play   set up what is missing, then serve the game on http://127.0.0.1:$(PORT)/
#   make test   set up what is missing, then run every test (lint, unit, browser)
#   make dist   build the folder to deploy: dist/masume/ and dist/masume.zip (README "Deploying")
#   make portal build it, then show it as a game portal does: in a frame of another site (README)
PORT ?= 8000
PYTHON ?= python3
# Tests run in one process per core (pytest-xdist), a test file to a process: a file's tests share
# their booted pages. JOBS=0 runs them all in this process (e.g. to debug with -s or pdb).
JOBS ?= auto
PYTEST := -m pytest -n $(JOBS) --dist loadfile
VENV := .venv
VPY := $(VENV)/bin/python

.PHONY: play test vendor dist portal lint typecheck jscheck unit browser bench clean

play: vendor
	@$(PYTHON) scripts/serve.py --port $(PORT)

test: vendor $(VENV)/.installed
	@scripts/need.sh chromium
	$(VPY) -m ruff check .
	$(VPY) -m mypy
	$(JSCHECK)
	$(VPY) $(PYTEST)

# Only the set-up: npm packages, the vendored runtime in static/vendor/, the numpy wheel,
# app.zip and the precache list static/vendor/precache.js.
vendor:
	@scripts/need.sh npm pip
	@$(PYTHON) scripts/vendor.py

# The folder to deploy: only the files the game loads, index.html at the root; prints the sizes.
dist: vendor
	@$(PYTHON) scripts/dist.py

# The built folder on 127.0.0.1:$(PORT), and a portal's page framing it on localhost:$(PORT)+1 (another site).
portal: dist
	@$(PYTHON) scripts/portal.py --port $(PORT)

$(VENV)/.installed: requirements-dev.txt
	@scripts/need.sh venv
	$(PYTHON) -m venv $(VENV)
	$(VPY) -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt
	@touch $@

lint: $(VENV)/.installed
	$(VPY) -m ruff check .

# Strict types on app/core and app/games (configured in pyproject.toml, [tool.mypy]).
typecheck: $(VENV)/.installed
	$(VPY) -m mypy

# The JavaScript (static/js/, sw.js, tests/unit/js/): ESLint (eslint.config.mjs), then TypeScript's
# checker over the JSDoc types (tsconfig.json for the page, tsconfig.sw.json for the service worker).
# No build step: the page runs the files as they are. npm installs both (package.json, make vendor).
define JSCHECK
node_modules/.bin/eslint .
node_modules/.bin/tsc --noEmit -p tsconfig.json
node_modules/.bin/tsc --noEmit -p tsconfig.sw.json
endef

jscheck: vendor
	$(JSCHECK)

unit: $(VENV)/.installed
	$(VPY) $(PYTEST) tests/unit

browser: vendor $(VENV)/.installed
	@scripts/need.sh chromium
	$(VPY) $(PYTEST) tests/browser

# Benchmarks (not tests): results go to BENCHMARKS.md.
bench: vendor $(VENV)/.installed
	@scripts/need.sh chromium
	$(VPY) bench/run_all.py

clean:
	rm -rf static/vendor dist node_modules $(VENV) .pytest_cache .ruff_cache
