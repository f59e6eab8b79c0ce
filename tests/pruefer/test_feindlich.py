"""Feindliche und kaputte Abgaben: Jede kostet höchstens die Punkte ihrer Aufgabe, bringt nie Punkte, die sie
nicht verdient, und bringt die Bewertung nie zum Absturz.

Alle Abgaben werden in einem Lauf bewertet (zwei gleichzeitig, kurze Zeitlimits), die Tests lesen die Ergebnisse.
"""

import time

import pytest
from probeblatt import LOESUNG, PUNKTE, blatt

from pruefer.bewertung import bewerte_notebooks, bewerte_wert
from pruefer.isolation import Grenzen

A, T = LOESUNG["antworte"], LOESUNG["tool_result_fuer"]
VOLL = sum(PUNKTE.values())


def _in_antworte(vorher: str, nachher: str = "") -> str:
    """Die richtige antworte, mit Code am Anfang der Funktion."""
    eingerueckt = "    " + vorher.rstrip().replace("\n", "\n    ") if vorher.strip() else ""
    zeilen = A.replace("    messages = [", eingerueckt + "\n    messages = [", 1)
    return zeilen + nachher


ABGABEN = {
    # Top-Level-Code, der beim Bewerten nicht läuft (nur Importe, Definitionen, Zuweisungen an Namen)
    "sys_exit_oben": blatt(davor=["import sys\nsys.exit('tschüss')"]),
    "endlos_oben": blatt(davor=["while True:\n    pass"]),
    "print_massen_oben": blatt(davor=["for _ in range(10**6):\n    print('x' * 100)"]),
    # Zuweisungen mit gefährlicher rechter Seite: die Zelle wird übersprungen, der Rest bewertet
    "exit_in_zuweisung": blatt(davor=["import os\n_x = os._exit(3)"]),
    "endlos_in_zuweisung": blatt(davor=[
        "def _haenge():\n    while True:\n        try:\n            pass\n        except BaseException:\n            pass\n",
        "_x = _haenge()"]),
    "speicher_oben": blatt(davor=["_riesig = 'a' * (8 * 1024**3)"]),
    "manipulation_oben": blatt(davor=[
        "import fake_model\n_x = setattr(fake_model.FakeModell, '__call__', lambda self, *a, **k: [])"]),
    "abbruch_oben": blatt(davor=["raise RuntimeError('kaputt')"]),
    # Lernendencode in der Funktion selbst: kostet die Punkte dieser Aufgabe
    "exit_in_funktion": blatt(antworte=_in_antworte("import os\nos._exit(0)")),
    "sys_exit_in_funktion": blatt(antworte=_in_antworte("import sys\nsys.exit(0)")),
    "endlos_in_funktion": blatt(antworte=_in_antworte("while True:\n    pass")),
    "skip_in_funktion": blatt(antworte=_in_antworte("import pytest\npytest.skip('nicht heute')")),
    "patcht_modell_in_funktion": blatt(antworte=_in_antworte(
        "import fake_model\nfake_model.FakeModell.__call__ = lambda self, *a, **k: [{'type': 'text', 'text': ''}]")),
    "patcht_bewerter_in_funktion": blatt(antworte=_in_antworte(
        "import sys\nfor _m in list(sys.modules.values()):\n"
        "    if str(getattr(_m, '__file__', '')).endswith('test_antworte.py'):\n"
        "        _m.rufe = lambda *a, **k: None\n        _m.ergebnisse_in = lambda n: []")),
    "falsche_ergebniszeilen": blatt(antworte=_in_antworte(
        "import os\nfor fd in range(3, 40):\n    try:\n        os.write(fd, b'@x@{\"n\": 0, \"b\": true, \"m\": \"\"}\\n')\n"
        "    except OSError:\n        pass\nreturn 'falsch'")),
    "print_massen_in_funktion": blatt(antworte=_in_antworte("print('y' * 10**7)")),
    # Die Aufzeichnung des Modells leeren ändert nichts: der Bewerter schreibt selbst mit
    "leert_anfragen": blatt(antworte=_in_antworte("", "\n\n_alt = antworte\n\n"
                                                   "def antworte(modell, *a, **k):\n"
                                                   "    try:\n        return _alt(modell, *a, **k)\n"
                                                   "    finally:\n        modell.anfragen.clear()\n")),
}


@pytest.fixture(scope="module")
def ergebnisse(tmp_path_factory):
    ordner = tmp_path_factory.mktemp("feindlich")
    pfade = []
    for name, nb in ABGABEN.items():
        import json

        pfad = ordner / f"{name}.ipynb"
        pfad.write_text(json.dumps(nb), encoding="utf-8")
        pfade.append(pfad)
    start = time.monotonic()
    erg = bewerte_notebooks(pfade, jobs=2, grenzen=Grenzen(test_sekunden=2.0, zelle_sekunden=3.0))
    dauer = time.monotonic() - start
    print(f"{len(pfade)} feindliche Abgaben in {dauer:.1f} s bewertet")
    return dict(zip(ABGABEN, erg, strict=True))


def _punkte(ergebnis) -> dict:
    return {a.id: a.punkte for a in ergebnis.aufgaben}


@pytest.mark.parametrize("name", ["sys_exit_oben", "endlos_oben", "print_massen_oben", "abbruch_oben",
                                  "leert_anfragen", "print_massen_in_funktion"])
def test_volle_punkte_trotz_unfug_oben(ergebnisse, name):
    assert _punkte(ergebnisse[name]) == {"antworte": 4.0, "tool_result_fuer": 3.0}, ergebnisse[name].bericht()


@pytest.mark.parametrize("name, zelle, grund", [
    ("exit_in_zuweisung", 3, "beendet"), ("endlos_in_zuweisung", 4, "Zeitlimit"),
    ("manipulation_oben", 3, "verändert Teile des Bewerters"),
])
def test_gefaehrliche_zelle_wird_uebersprungen(ergebnisse, name, zelle, grund):
    e = ergebnisse[name]
    assert _punkte(e) == {"antworte": 4.0, "tool_result_fuer": 3.0}, e.bericht()
    assert any(f"Zelle {zelle} wurde übersprungen" in h and grund in h for h in e.hinweise), e.hinweise


def test_speicherbombe_oben(ergebnisse):
    e = ergebnisse["speicher_oben"]
    assert _punkte(e) == {"antworte": 4.0, "tool_result_fuer": 3.0}, e.bericht()
    assert any("MemoryError" in h for h in e.hinweise), e.hinweise


@pytest.mark.parametrize("name, meldung", [
    ("exit_in_funktion", "beendet, bevor die Prüfung fertig war"),
    ("sys_exit_in_funktion", "SystemExit"),
    ("endlos_in_funktion", "Zeitlimit von 2 s"),
    ("skip_in_funktion", "übersprungen (pytest.skip)"),
    ("patcht_modell_in_funktion", "verändert"),
    ("patcht_bewerter_in_funktion", "verändert"),
    ("falsche_ergebniszeilen", ""),
])
def test_kostet_nur_die_eigene_aufgabe(ergebnisse, name, meldung):
    e = ergebnisse[name]
    antworte = e.aufgaben[0]
    assert antworte.id == "antworte" and antworte.punkte == 0, e.bericht()
    assert antworte.bestanden == 0
    assert e.aufgaben[1].punkte == 3.0, e.bericht()
    assert all(meldung in p.meldung for p in antworte.pruefungen), [p.meldung for p in antworte.pruefungen][:3]


def test_live_wert_wie_im_kernel():
    """pruefe("F", F) im Kernel: derselbe Bewerter, ein Kindprozess, Ergebnis für eine Aufgabe."""
    namensraum = {}
    exec(T, namensraum)
    gut = bewerte_wert("tool_result_fuer", namensraum["tool_result_fuer"])
    assert gut.aufgaben[0].voll
    schlecht = bewerte_wert("tool_result_fuer", lambda block, werkzeuge: {"type": "tool_result"})
    assert schlecht.aufgaben[0].bestanden <= 1 and len(schlecht.aufgaben[0].pruefungen) == 14


def test_pruefe_im_notebook_wirft_assertionerror(capsys):
    from pruefer import pruefe

    namensraum = {}
    exec(A, namensraum)
    pruefe("antworte", namensraum["antworte"])
    assert "13 von 13 Prüfungen bestanden" in capsys.readouterr().out
    with pytest.raises(AssertionError, match="13 von 13 versteckten Prüfungen nicht bestanden"):
        pruefe("antworte", lambda *a, **k: "falsch")
    assert "✘" in capsys.readouterr().out
    with pytest.raises(ValueError, match="keinen Bewerter"):
        pruefe("gibt_es_nicht", print)


def test_ohne_fork_im_selben_prozess(monkeypatch):
    """Ohne os.fork (Windows, Pyodide) läuft dieselbe Bewertung im eigenen Prozess."""
    from pruefer import isolation

    monkeypatch.setattr(isolation, "KANN_FORKEN", False)
    namensraum = {}
    exec(T, namensraum)
    assert bewerte_wert("tool_result_fuer", namensraum["tool_result_fuer"]).aufgaben[0].voll
    falsch = bewerte_wert("tool_result_fuer", lambda block, werkzeuge: None)
    assert falsch.aufgaben[0].bestanden <= 1


def test_meldungen_ohne_quelltext_der_bewerter():
    """Ein Stacktrace der Lernenden kann Zeilen des Bewerters enthalten; die Meldung blendet sie aus."""
    from pathlib import Path

    from pruefer.bewertung import bewerte_quelltext

    mutanten = Path(__file__).resolve().parent.parent / "graders" / "mutanten" / "tool_result_fuer"
    e = bewerte_quelltext("tool_result_fuer", (mutanten / "falsch_stacktrace.py").read_text(encoding="utf-8"))
    meldungen = "\n".join(p.meldung for p in e.aufgaben[0].pruefungen)
    assert "[Zeile des Bewerters ausgeblendet]" in meldungen
    assert "raise PaketFehler" not in meldungen
