"""Wo die Arbeit im Browser bleibt (so, wie docs/browser.md es Lernenden erklärt).

- Gespeicherte Änderungen überstehen ein Neuladen der Seite (Speicher des Browsers).
- Eine neue Fassung der Seite (anderer ``contentsStorageName``, den jeder neue Bau setzt) zeigt frische
  Notebooks statt alter Kopien aus dem Browser-Speicher.
"""

from __future__ import annotations

import json

import pytest

pytestmark = pytest.mark.browser

MARKE = "# meine Arbeit im Browser"


def loesungsindex(pfad) -> int:
    nb = json.loads(pfad.read_text(encoding="utf-8"))
    return next(i for i, z in enumerate(nb["cells"])
                if z.get("metadata", {}).get("nbgrader", {}).get("solution") and z["cell_type"] == "code")


def speichere(s) -> None:
    s.seite.keyboard.press("Control+s")
    s.seite.wait_for_function(
        "() => document.querySelectorAll('.lm-TabBar-tab.jp-mod-dirty').length === 0", timeout=30_000)


def lade_neu(s, pfad: str) -> None:
    s.seite.goto(f"{s.basis_url}/lab/index.html?path={pfad}")
    s.seite.wait_for_selector(".jp-NotebookPanel .jp-Notebook .jp-Cell", timeout=120_000)


def test_arbeit_bleibt_beim_neuladen_neue_fassung_startet_frisch(uebungsblatt, sitzung):
    index = loesungsindex(uebungsblatt.uebung)
    s = sitzung(uebungsblatt.site)
    neue_fassung = {"an": False}

    def jupyter_lite_json(route):
        antwort = route.fetch()
        konfig = antwort.json()
        if neue_fassung["an"] and "contentsStorageName" in konfig.get("jupyter-config-data", {}):
            konfig["jupyter-config-data"]["contentsStorageName"] += "-neue-fassung"
        route.fulfill(response=antwort, json=konfig)

    s.kontext.route("**/jupyter-lite.json", jupyter_lite_json)
    s.seite.goto(f"{s.basis_url}/lab/index.html?path={uebungsblatt.pfad}")
    s.seite.wait_for_selector(".jp-NotebookPanel .jp-Notebook .jp-Cell", timeout=120_000)
    urspruenglich = s.editor_text(index)
    assert "Hier fehlt noch deine Lösung." in urspruenglich

    s.ersetze_zelle(index, f"{MARKE}\n{urspruenglich}")
    speichere(s)
    lade_neu(s, uebungsblatt.pfad)
    assert s.editor_text(index).startswith(MARKE), "Nach dem Neuladen fehlt die gespeicherte Änderung."

    neue_fassung["an"] = True
    lade_neu(s, uebungsblatt.pfad)
    assert s.editor_text(index) == urspruenglich, "Die neue Fassung zeigt eine alte Kopie aus dem Browser-Speicher."
    assert not s.netz.blockiert and not s.netz.http_fehler, s.netz.zusammenfassung()
