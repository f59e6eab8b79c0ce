"""Läuft IN Pyodide (Python 3.14): erst der Rauchtest, dann die pytest-Tests von fake_model.

Gestartet von test_python314.py über pyodide_lauf.mjs (das Repository liegt unter /repo).
1. ``tests/fake_model/rauch_skript.py`` in einem frischen Prozess (die ersten Ids sind dann dieselben wie in
   jedem frischen CPython); seine Ausgabezeile kommt als ``RAUCH …``.
2. pytest über ``tests/fake_model``. Unterprozesse gibt es in Pyodide nicht: Tests, die einen starten wollen,
   werden übersprungen (nicht als bestanden gezählt). Das Ergebnis kommt als JSON-Zeile ``ERGEBNIS …``.
"""

import contextlib
import io
import json
import runpy
import subprocess
import sys

import pytest


def kein_unterprozess(*args, **kwargs):
    pytest.skip("in Pyodide gibt es keine Unterprozesse")


subprocess.run = subprocess.Popen = subprocess.check_output = kein_unterprozess


class Ergebnisse:
    def __init__(self):
        self.je_test: dict[str, str] = {}

    def pytest_runtest_logreport(self, report):
        if report.when == "call" or report.outcome != "passed":
            self.je_test[report.nodeid] = report.outcome


rauch = io.StringIO()
with contextlib.redirect_stdout(rauch):
    runpy.run_path("/repo/tests/fake_model/rauch_skript.py", run_name="__main__")
print("RAUCH " + rauch.getvalue().strip().splitlines()[-1])

ergebnisse = Ergebnisse()
# Einstellungen und Marker aus pyproject.toml; keine conftest.py oberhalb von tests/fake_model.
code = pytest.main(["/repo/tests/fake_model", "-q", "-p", "no:cacheprovider", "-c", "/repo/pyproject.toml",
                    "--confcutdir", "/repo/tests/fake_model", "-m", "not andere_pythons"], plugins=[ergebnisse])
werte = list(ergebnisse.je_test.values())
print("ERGEBNIS " + json.dumps({
    "exit": int(code), "version": list(sys.version_info[:3]),
    "bestanden": werte.count("passed"), "uebersprungen": werte.count("skipped"),
    "gescheitert": [t for t, w in ergebnisse.je_test.items() if w == "failed"],
}))
