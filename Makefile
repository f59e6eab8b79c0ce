# Zwei Befehle reichen: `make lab` (Kurs in JupyterLab) und `make test` (alle Tests).
# Beide legen beim ersten Mal .venv an; danach installieren sie nur neu, wenn pyproject.toml sich ändert.

PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STEMPEL := $(VENV)/.installiert
PORT   ?= 8888
LAB_OPTS ?=
ROOT_OPT := $(if $(filter 0,$(shell id -u)),--allow-root,)

.PHONY: lab test lint uebungen lektionen lite lite-serve bench chromium clean

$(STEMPEL): pyproject.toml
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e ".[dev,lite]"
	@mkdir -p $(VENV)/share/jupyter/lab/settings
	@printf '{"@jupyterlab/translation-extension:plugin": {"locale": "de_DE"}}\n' \
	  > $(VENV)/share/jupyter/lab/settings/overrides.json
	@touch $@

## JupyterLab auf 127.0.0.1 mit dem Kurs öffnen (deutsche Oberfläche); im Terminal dort gibt es `pruefe`
lab: $(STEMPEL)
	KURS_BIN="$(CURDIR)/$(VENV)/bin" PATH="$(CURDIR)/$(VENV)/bin:$$PATH" \
	  $(VENV)/bin/jupyter lab --ip=127.0.0.1 --port=$(PORT) $(ROOT_OPT) \
	  --ServerApp.terminado_settings="{'shell_command': ['$(CURDIR)/bau/lab_terminal.sh']}" \
	  --ServerApp.root_dir=$(CURDIR) --ServerApp.default_url=/lab/tree/course/00_einstieg.ipynb $(LAB_OPTS)

## Alle Tests (Einheiten, Notebooks, Bewerter, nbgrader, Browser) und Lint
test: $(STEMPEL) chromium
	$(VENV)/bin/ruff check .
	$(PY) -m pytest

lint: $(STEMPEL)
	$(VENV)/bin/ruff check .

## exercises/ aus solutions/ neu erzeugen (nbgrader generate_assignment)
uebungen: $(STEMPEL)
	$(PY) -m bau.uebungen

## Lektionen in course/ ausführen und mit Ausgaben speichern
lektionen: $(STEMPEL)
	$(PY) -m bau.lektionen

## Browser-Fassung (JupyterLite, offline) nach _build/lite bauen
lite: $(STEMPEL)
	$(PY) -m lite.baue

lite-serve: lite
	$(PY) -m lite.server --port $(PORT)

## Messungen: Bewertungszeit pruefe vs. nbgrader, Browser-Zeiten
bench: $(STEMPEL) chromium
	$(PY) -m bench
	$(PY) -m lite.messung

## Chromium für die Browser-Tests (Debian-Paket; pip kann es nicht liefern)
chromium:
	@command -v chromium >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    apt-get update -qq && apt-get install -y -qq chromium; \
	  else \
	    echo "Chromium fehlt: bitte 'sudo apt-get install chromium' ausführen (für die Browser-Tests)."; exit 1; \
	  fi; }

clean:
	rm -rf _build .pytest_cache
