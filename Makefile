# Two entry points for a fresh machine: `make demo` and `make test`.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin

.PHONY: demo test lint bench clean compiled test-compiled bench-compiled

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(VENV)/.installed-dev: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[dev,ray,web,rl,llm]'
	touch $@ $(VENV)/.installed

demo: $(VENV)/.installed
	$(BIN)/sparring play aquawar --p0 greedy --p1 random

test: $(VENV)/.installed-dev
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/mypy
	$(BIN)/python -m pytest -n 2

lint: $(VENV)/.installed-dev
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/ruff format --check src tests benchmarks
	$(BIN)/mypy

bench: $(VENV)/.installed
	$(BIN)/sparring bench aquawar --json

# The compiled build (mypyc, docs/performance.md): a wheel built with the hook switched on
# from a scratch copy of the tree, installed non-editable into its own venv. The extension
# modules live in that venv's site-packages only, never under src/, so an edited source can
# never be shadowed by a stale compiled module; the venv is rebuilt whenever a source changes.
COMPILED_VENV ?= .venv-compiled
CBIN := $(COMPILED_VENV)/bin
SOURCES := $(shell find src -name '*.py' -o -name '*.json' -o -name '*.toml' -o -name '*.txt')
#: What the compiled build is tested with: the engines, conformance, every game's rules and
#: the same-games digests (the whole suite twice would not fit CI's time).
COMPILED_TESTS ?= tests/test_compiled.py tests/core tests/aquawar tests/foodchain \
	tests/tactics tests/warfish tests/liarsdice tests/test_every_game.py \
	tests/test_same_games.py tests/test_scenarios.py

$(CBIN)/python:
	$(PYTHON) -m venv $(COMPILED_VENV)
	$(CBIN)/python -m pip install --quiet --upgrade pip

$(COMPILED_VENV)/.installed: pyproject.toml README.md $(SOURCES) | $(CBIN)/python
	@scratch=$$(mktemp -d) && trap 'rm -rf "$$scratch"' EXIT && \
	cp -r pyproject.toml README.md src "$$scratch/" && \
	find "$$scratch/src" \( -name '*.so' -o -name '__pycache__' \) -prune -exec rm -rf {} + && \
	echo "building the compiled wheel in $$scratch (a few minutes)" && \
	HATCH_BUILD_HOOK_ENABLE_MYPYC=1 $(CBIN)/python -m pip wheel --quiet --no-deps \
		--wheel-dir "$$scratch/dist" "$$scratch" && \
	$(CBIN)/python -m pip install --quiet --force-reinstall --no-deps "$$scratch"/dist/*.whl && \
	$(CBIN)/python -m pip install --quiet "$$(ls "$$scratch"/dist/*.whl)[dev]"
	touch $@

compiled: $(COMPILED_VENV)/.installed

test-compiled: compiled
	SPARRING_EXPECT_COMPILED=1 $(CBIN)/python -m pytest -n 2 $(COMPILED_TESTS)

bench-compiled: compiled
	$(CBIN)/sparring bench aquawar --json

clean:
	rm -rf $(VENV) $(COMPILED_VENV) .pytest_cache .ruff_cache .hypothesis
