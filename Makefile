# Planchette — two commands do all the set-up: `make run` and `make test`.
VENV    ?= .venv
PYTHON  ?= python3
PY      := $(VENV)/bin/python
# On a Raspberry Pi the hardware libraries come along; elsewhere the simulation runs.
ON_PI   := $(shell grep -qs "Raspberry Pi" /proc/device-tree/model && echo yes)
comma   := ,
BASE    := $(if $(ON_PI),.[pi$(comma)camera],.[camera])
TESTS   := $(if $(ON_PI),.[pi$(comma)camera$(comma)test],.[camera$(comma)test])

.PHONY: run test test-long test-camera bench shots pictures clean venv

# pip says only what went wrong (-qq): its warnings are the machine's (a pip.conf naming an
# index folder that is not there) or the build's notes, not the newcomer's business.
PIP     := $(PY) -m pip --disable-pip-version-check -qq
NOPIP   := echo "pip could not install the companion's libraries (its message is above): check the network and run make again"; exit 1

$(VENV)/.stamp-base: pyproject.toml tools/make_venv.py
	@echo "Setting up the companion's virtual environment in $(VENV) (once)"
	@$(PYTHON) tools/make_venv.py $(VENV)
	@$(PIP) install --upgrade pip >$(VENV)/pip-upgrade.log 2>&1 && rm $(VENV)/pip-upgrade.log \
		|| echo "pip could not be upgraded (why: $(VENV)/pip-upgrade.log); carrying on with the installed pip"
	@$(PIP) install -e '$(BASE)' || { $(NOPIP); }
	@touch $@

$(VENV)/.stamp-test: $(VENV)/.stamp-base
	@echo "Installing the test tools in $(VENV)"
	@$(PIP) install -e '$(TESTS)' || { $(NOPIP); }
	@touch $@


venv: $(VENV)/.stamp-base

run: $(VENV)/.stamp-base
	$(VENV)/bin/companion $(ARGS)

# The sources are compiled once first: where PYTHONDONTWRITEBYTECODE is set (CI, this project's
# machines), each of the ~100 processes the tests start would otherwise compile them again.
test: $(VENV)/.stamp-test
	$(PY) -m compileall -q -j 2 companion firmware_py sim tests > /dev/null
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m pytest -n 2 --dist worksteal $(PYTEST_ARGS)

# the soak to run before a release or after changing a rule: every game's random playouts five
# times as long as in `make test` (12,000 games; about six minutes on 2 cores)
test-long: $(VENV)/.stamp-test
	PLAYOUT_SCALE=5 SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m pytest -n 2 --dist worksteal $(PYTEST_ARGS) tests/test_*_playout.py

# the camera's tests alone: ESP read from the virtual table with no card tapped, the deck taught on the screen
test-camera: $(VENV)/.stamp-test
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m pytest tests/test_esp_camera_screen.py tests/test_esp_camera_entry.py tests/test_teach_screen.py tests/test_vision_live.py

# `make bench` runs every benchmark; `make bench pi` (or any other names) only those.
BENCH_NAMES := $(if $(filter bench,$(MAKECMDGOALS)),$(filter-out bench,$(MAKECMDGOALS)))

bench: $(VENV)/.stamp-test
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m tests.bench $(BENCH_NAMES)

ifneq ($(BENCH_NAMES),)
$(BENCH_NAMES):
	@:
endif

shots: $(VENV)/.stamp-base
	SDL_VIDEODRIVER=dummy $(VENV)/bin/companion shots shots

pictures: $(VENV)/.stamp-base
	$(PY) tools/pictures.py

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache
