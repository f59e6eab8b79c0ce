"""Die Kommandozeile `pruefe`: Bericht, JSON-Form, Exitcodes, CSV, mehrere Notebooks."""

import csv
import json
import subprocess
import sys

from probeblatt import LOESUNG, blatt

from pruefer.cli import main


def test_volle_punkte_exit_0(schreibe, capsys):
    pfad = schreibe("gut.ipynb", blatt())
    assert main([str(pfad)]) == 0
    text = capsys.readouterr().out
    assert "7 von 7 Punkten" in text and "antworte: 4 von 4 Punkten" in text and "13 von 13" in text


def test_json_form(schreibe, capsys):
    pfad = schreibe("halb.ipynb", blatt(tool_result_fuer=LOESUNG["tool_result_fuer"].replace(
        '"is_error": True', '"is_error": False')))
    assert main([str(pfad), "--json"]) == 1
    zeilen = capsys.readouterr().out.strip().splitlines()
    assert len(zeilen) == 1
    daten = json.loads(zeilen[0])
    assert set(daten) >= {"notebook", "punkte", "max_punkte", "aufgaben"}
    assert daten["notebook"] == str(pfad) and daten["max_punkte"] == 7.0
    antworte, trf = daten["aufgaben"]
    assert set(antworte) == {"id", "punkte", "max_punkte", "pruefungen"}
    assert (antworte["id"], antworte["punkte"], antworte["max_punkte"]) == ("antworte", 4.0, 4.0)
    assert trf["id"] == "tool_result_fuer" and 0 < trf["punkte"] < 3
    assert daten["punkte"] == antworte["punkte"] + trf["punkte"]
    for p in trf["pruefungen"]:
        assert set(p) == {"name", "bestanden", "meldung"} and isinstance(p["bestanden"], bool)
    gescheitert = [p for p in trf["pruefungen"] if not p["bestanden"]]
    assert gescheitert and all("is_error" in p["meldung"] for p in gescheitert)
    assert round(3 * (len(trf["pruefungen"]) - len(gescheitert)) / len(trf["pruefungen"]), 2) == trf["punkte"]


def test_kein_notebook_exit_2(schreibe, capsys):
    kaputt = schreibe("kaputt.ipynb", '{"cells": [ {"cell_type": "code",')
    text = schreibe("notiz.ipynb", "Das ist kein Notebook.")
    json_ohne_zellen = schreibe("leer.ipynb", '{"metadata": {}}')
    assert main([str(kaputt), str(text), str(json_ohne_zellen), "--json"]) == 2
    daten = [json.loads(z) for z in capsys.readouterr().out.splitlines()]
    assert [d["aufgaben"] for d in daten] == [[], [], []]
    assert "kein gültiges Notebook (JSON-Fehler in Zeile 1" in daten[0]["hinweise"][0]
    assert "kein gültiges Notebook" in daten[1]["hinweise"][0]
    assert 'es fehlt die Liste "cells"' in daten[2]["hinweise"][0]


def test_fehlende_datei(tmp_path, capsys):
    assert main([str(tmp_path / "gibtsnicht.ipynb")]) == 2
    assert "Die Datei gibt es nicht" in capsys.readouterr().out


def test_umbenannte_funktion_und_syntaxfehler(schreibe, capsys):
    umbenannt = LOESUNG["antworte"].replace("def antworte(", "def antworten(")
    kaputt = "def tool_result_fuer(block, werkzeuge)\n    return {}\n"
    pfad = schreibe("teils.ipynb", blatt(antworte=umbenannt))
    pfad2 = schreibe("syntax.ipynb", blatt(tool_result_fuer=kaputt))
    assert main([str(pfad), str(pfad2), "--json"]) == 2
    a, b = (json.loads(z) for z in capsys.readouterr().out.splitlines())
    assert a["aufgaben"][0]["punkte"] == 0 and a["aufgaben"][1]["punkte"] == 3.0
    assert any("`antworte` ist in deinem Notebook nicht definiert" in h and "`antworten`" in h
               for h in a["hinweise"])
    assert b["aufgaben"][0]["punkte"] == 4.0 and b["aufgaben"][1]["punkte"] == 0
    assert any("Zelle 5 (grade_id 'tool_result_fuer'), Zeile 1: Syntaxfehler" in h for h in b["hinweise"])


def test_mehrere_notebooks_csv_und_fortschritt(schreibe, tmp_path, capsys):
    pfade = [schreibe(f"s{i}.ipynb", blatt() if i % 2 == 0 else blatt(antworte=None)) for i in range(4)]
    ziel = tmp_path / "klasse.csv"
    assert main([*map(str, pfade), "-j", "2", "--csv", str(ziel)]) == 2
    fehler = capsys.readouterr().err
    assert "[4/4]" in fehler
    zeilen = list(csv.DictReader(ziel.open(encoding="utf-8")))
    assert [z["punkte"] for z in zeilen] == ["7.0", "3.0", "7.0", "3.0"]
    assert zeilen[0]["antworte"] == "4.0" and zeilen[1]["antworte"] == "0.0"


def test_verzeichnis_und_python_m(schreibe, tmp_path):
    schreibe("a.ipynb", blatt())
    lauf = subprocess.run([sys.executable, "-m", "pruefer", str(tmp_path), "--json"], capture_output=True,
                          text=True, timeout=120)
    assert lauf.returncode == 0, lauf.stderr
    assert json.loads(lauf.stdout)["punkte"] == 7.0


def test_keine_aufgabe_gefunden(schreibe, capsys):
    pfad = schreibe("frei.ipynb", {"cells": [{"cell_type": "code", "source": "x = 1", "metadata": {},
                                              "outputs": [], "execution_count": None}],
                                   "metadata": {}, "nbformat": 4, "nbformat_minor": 5})
    assert main([str(pfad)]) == 2
    assert "Keine bewertbare Aufgabe gefunden" in capsys.readouterr().out


def test_unbearbeitetes_uebungsblatt_sagt_es_in_einer_zeile(capsys):
    """Das erzeugte Übungsblatt mit Stubs: 0 Punkte, Exit 1, je Aufgabe ein klarer Satz statt vieler gleicher."""
    from pathlib import Path

    blatt_pfad = Path(__file__).resolve().parents[2] / "exercises/03_mehrere_runden/03_mehrere_runden.ipynb"
    assert main([str(blatt_pfad)]) == 1
    text = capsys.readouterr().out
    assert "0 von 4 Punkten" in text
    assert text.count("noch nicht bearbeitet") == 1, text
    assert "raise NotImplementedError" in text and "✘ Antwort ohne" not in text, text
