"""Der Bau der Browser-Fassung (ohne Browser): was auf die Seite kommt, und was den Bau laut scheitern lässt."""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

import pytest

from lite import baue as bau
from lite.pyodide import VorbereitungsFehler, pruefe_wheel
from lite.wheel import baue_wheel

WURZEL = Path(__file__).resolve().parents[2]


def test_wheel_enthaelt_nur_fake_model(tmp_path):
    """Die Wheel für den Browser enthält fake_model und Metadaten, nichts von pruefer oder den Tests."""
    whl = baue_wheel(WURZEL, tmp_path)
    with zipfile.ZipFile(whl) as zf:
        namen = zf.namelist()
        meta = zf.read(next(n for n in namen if n.endswith("METADATA"))).decode()
    oben = {n.split("/")[0] for n in namen}
    assert oben == {"fake_model", whl.name.split("-")[0] + "-" + whl.name.split("-")[1] + ".dist-info"}, oben
    assert "fake_model/__init__.py" in namen
    assert "Requires-Dist: pydantic>=2,<3" in meta
    assert baue_wheel(WURZEL, tmp_path / "nochmal").read_bytes() == whl.read_bytes(), "Die Wheel ist nicht reproduzierbar."


@pytest.mark.parametrize("name", [
    "pydantic_core-0.0.1-py3-none-any.whl",                                   # Platzhalter ohne Kern
    "pydantic_core-2.50.5-cp314-cp314-manylinux_2_17_x86_64.whl",             # falsche Plattform
    "pydantic_core-2.50.5-cp313-cp313-pyemscripten_2026_0_wasm32.whl",        # falsches Python
    "pydantic_core-2.41.5-cp313-cp313-pyodide_2025_0_wasm32.whl",             # alte Pyodide-ABI
])
def test_falsche_wheel_laesst_vorbereitung_scheitern(name):
    with pytest.raises(VorbereitungsFehler):
        pruefe_wheel(Path(name), "2026_0", "3.14.2")


def test_passende_wheels_sind_erlaubt():
    pruefe_wheel(Path("pydantic_core-2.50.5-cp314-cp314-pyemscripten_2026_0_wasm32.whl"), "2026_0", "3.14.2")
    pruefe_wheel(Path("pydantic-2.14.4-py3-none-any.whl"), "2026_0", "3.14.2")


def test_unbekannter_import_laesst_bau_scheitern(tmp_path):
    """Ein Notebook, das etwas importiert, was es im Browser nicht gibt (z. B. pruefer), stoppt den Bau."""
    nb = tmp_path / "x.ipynb"
    nb.write_text(json.dumps({"cells": [
        {"cell_type": "code", "source": ["%pip install nichts\n", "import json, pydantic\n",
                                         "from fake_model import text\n", "from pruefer import pruefe\n"]},
        {"cell_type": "code", "source": ["import numpy as np"]},
        {"cell_type": "markdown", "source": ["import gibtsnicht"]},
    ]}))
    lock = {"packages": {"pydantic": {"imports": ["pydantic"]}, "fake_model": {"imports": ["fake_model"]}}}
    assert bau.importe(nb) == {"json", "pydantic", "fake_model", "pruefer", "numpy"}
    with pytest.raises(bau.BauFehler) as fehler:
        bau.pruefe_importe({"course/x.ipynb": nb}, lock)
    assert "course/x.ipynb: numpy, pruefer" in str(fehler.value)


def test_gebaute_seite(kursseite):
    """Die Seite enthält Lektionen und Übungen, Pyodide lokal, pydantic v2 mit echtem Kern, kein pruefer."""
    site = kursseite["site"]
    dateien = {p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file()}
    for lektion in sorted((WURZEL / "course").glob("*.ipynb")):
        assert f"files/course/{lektion.name}" in dateien
    assert not [d for d in dateien if "solutions" in d or "pruefer" in d or "graders" in d]
    lock = json.loads((site / "static" / "pyodide" / "pyodide-lock.json").read_text())
    pakete = lock["packages"]
    assert pakete["pydantic"]["version"].startswith("2.")
    assert "pyemscripten_2026_0_wasm32" in pakete["pydantic-core"]["file_name"]
    assert "pydantic" in pakete["fake-model"]["depends"]
    for eintrag in pakete.values():
        assert f"static/pyodide/{eintrag['file_name']}" in dateien, f"{eintrag['file_name']} fehlt auf der Seite"
    assert not {"numpy", "pexpect", "pandas"} & set(pakete), "Pakete auf der Seite, die nichts importiert"
    konfig = json.loads((site / "jupyter-lite.json").read_text())["jupyter-config-data"]
    assert konfig["settingsOverrides"]["@jupyterlab/translation-extension:plugin"]["locale"] == "de_DE"
    assert konfig["contentsStorageName"].endswith(kursseite["fingerabdruck"][:12])


def test_zweiter_bau_ohne_aenderung_baut_nicht_neu(kursseite):
    assert bau.baue(leise=True)["neu_gebaut"] is False
