# Planchette — two commands do all the set-up: `make run` and `make test`.
VENV    ?= .venv
PYTHON  ?= python3
PY      := $(VENV)/bin/python
# On a Raspberry Pi the hardware libraries come along; elsewhere the simulation runs.
ON_PI   := $(shell grep -qs "Raspberry Pi" /proc/device-tree/model && echo yes)
comma   := ,
BASE    := $(if $(ON_PI),.[pi],.)
TESTS   := $(if $(ON_PI),.[pi$(comma)test],.[test])

.PHONY: run test bench shots clean venv

$(VENV)/.stamp-base: pyproject.toml tools/make_venv.py
	$(PYTHON) tools/make_venv.py $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '$(BASE)'
	touch $@

$(VENV)/.stamp-test: $(VENV)/.stamp-base
	$(PY) -m pip install --quiet -e '$(TESTS)'
	touch $@


venv: $(VENV)/.stamp-base

run: $(VENV)/.stamp-base
	$(VENV)/bin/companion $(ARGS)

test: $(VENV)/.stamp-test
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m pytest -n 2 $(PYTEST_ARGS)

bench: $(VENV)/.stamp-test
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m tests.bench

shots: $(VENV)/.stamp-base
	SDL_VIDEODRIVER=dummy $(VENV)/bin/companion shots shots

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache
