# kernelfuzz: `make fuzz` and `make test` set everything up in ./.venv on a fresh machine.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: venv fuzz test test-fast bench clean

venv: $(STAMP)

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e .
	touch $(STAMP)

# A real short campaign on the embedded defaults: 100 generated cases through every CPU configuration.
fuzz: venv
	$(BIN)/kernelfuzz fuzz --cases 100 --seed 1 --jobs 2 --out fuzz-out

test: venv
	$(BIN)/python -m pytest -q

# Without the real-compiler tests (seconds instead of minutes).
test-fast: venv
	$(BIN)/python -m pytest -q -m "not compilers"

clean:
	rm -rf $(VENV) fuzz-out .pytest_cache .hypothesis

bench: venv
	$(BIN)/python -m tests.bench
