# kernelfuzz: `make fuzz` and `make test` set everything up in ./.venv on a fresh machine.
# Another interpreter gets its own venv: `make test PYTHON=python3.12` installs into .venv-python3.12.
PYTHON ?= python3
VENV := $(if $(filter python3,$(PYTHON)),.venv,.venv-$(notdir $(PYTHON)))
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

# Debian packages for the configurations that need more than Python: qemu-hexagon, clang and lld
# for Hexagon; AMD device bitcode and a new lld for TVM's gfx942 codegen; headless Chromium and its
# WebDriver for the test that loads the campaign report in a browser.
# The `cuda` extra (NVRTC and the CUDA driver binding, about 200 MB) is installed too: NVRTC compiles TVM's CUDA
# kernels without a GPU, so the suite checks them on every machine; they run where a device exists.
SYSTEM_PACKAGES := qemu-user clang-16 lld-16 rocm-device-libs lld-19 chromium chromium-driver

.PHONY: venv system-deps fuzz test test-fast replay bench clean

venv: system-deps $(STAMP)

system-deps:
	@missing=$$(for p in $(SYSTEM_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || echo $$p; done); \
	if [ -z "$$missing" ]; then exit 0; fi; \
	if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	  echo "installing $$missing"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing >/dev/null; \
	else \
	  echo "kernelfuzz: cannot install $$missing (needs root and apt-get); those configurations report unavailable"; \
	fi

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[cuda]'
	touch $(STAMP)

# A real short campaign on the embedded defaults: 100 generated cases through every CPU configuration;
# it ends by printing the path of its HTML report.
fuzz: venv
	$(BIN)/kernelfuzz fuzz --cases 100 --seed 1 --jobs 2 --out fuzz-out/$$(date +%Y%m%d-%H%M%S) || [ $$? -eq 1 ]  # 1: it found bugs

# The suite on TEST_JOBS processes (pytest-xdist; default: one per core), each test file in one process so that a
# file's warm compiler lanes are made once; TEST_JOBS=0 runs it in this process. A worker that dies ends the run
# at once, naming its test (--max-worker-restart=0): xdist 3.8 can hang replacing it under --dist loadfile
# (pytest-dev/pytest-xdist#784, #1378).
TEST_JOBS ?= logical
test: venv
	$(BIN)/python -m pytest -q -n $(TEST_JOBS) --dist loadfile --max-worker-restart=0

# Re-run every saved case against the installed compilers; non-zero exit on a regression.
replay: venv
	$(BIN)/kernelfuzz replay corpus

# Without the real-compiler tests (seconds instead of minutes).
test-fast: venv
	$(BIN)/python -m pytest -q -n $(TEST_JOBS) --dist loadfile --max-worker-restart=0 -m "not compilers"

clean:
	rm -rf $(VENV) fuzz-out .pytest_cache .hypothesis

bench: venv
	$(BIN)/python -m tests.bench
