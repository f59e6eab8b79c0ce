"""Ein Übungsblatt im Browser, wie Lernende es erleben: erst mit dem Stub, dann mit eingefügter Lösung.

Die Bewertungszellen der Übungsfassung enthalten keinen versteckten Block (nbgrader entfernt ihn), darum
laufen sie ohne das Paket ``pruefer``, das nicht auf der Seite liegt.
"""

from __future__ import annotations

import json
import re

import pytest

from lite.browser import STUB_MELDUNG

pytestmark = pytest.mark.browser


def grade_id(zelle: dict) -> str | None:
    return zelle.get("metadata", {}).get("nbgrader", {}).get("grade_id")


def loesungscode(loesung_nb: dict, gid: str) -> str:
    """Der Code der Lösungszelle, so wie eine lernende Person ihn eintippen würde (ohne Lösungsmarken)."""
    zelle = next(z for z in loesung_nb["cells"] if grade_id(z) == gid)
    zeilen = "".join(zelle["source"]).splitlines()
    return "\n".join(z for z in zeilen if not re.fullmatch(r"\s*### (BEGIN|END) SOLUTION\s*", z))


def pruefe_netz(s) -> None:
    assert not s.netz.blockiert, f"Anfragen nach draußen: {s.netz.blockiert}"
    assert not s.netz.http_fehler, f"HTTP-Fehler: {s.netz.http_fehler}"
    assert not s.netz.gescheitert, f"Gescheiterte Anfragen: {s.netz.gescheitert}"


def test_stub_meldet_fehlende_loesung(uebungsblatt, sitzung):
    """Mit dem Stub meldet die sichtbare Prüfung die Stub-Meldung (und sonst keinen Fehler)."""
    nb = json.loads(uebungsblatt.uebung.read_text(encoding="utf-8"))
    pruef_index = next(i for i, z in enumerate(nb["cells"]) if grade_id(z) == f"test_{uebungsblatt.grade_id}")

    s = sitzung(uebungsblatt.site)
    s.oeffne(uebungsblatt.pfad)
    s.alle_ausfuehren()
    zellen = s.zellen()

    mit_fehler = [i for i, z in enumerate(zellen) if z.fehler]
    assert mit_fehler, "Mit dem Stub hätte eine Prüfung scheitern müssen, aber keine Zelle zeigt einen Fehler."
    assert mit_fehler[0] == pruef_index, (
        f"Der erste Fehler soll in der Prüfzelle test_{uebungsblatt.grade_id} (Zelle {pruef_index}) stehen, "
        f"steht aber in Zelle {mit_fehler[0]}: {zellen[mit_fehler[0]].fehler}")
    meldung = zellen[pruef_index].text
    assert "NotImplementedError" in meldung and STUB_MELDUNG in meldung, (
        f"Erwartet war NotImplementedError mit {STUB_MELDUNG!r}, zu sehen ist: {meldung[-500:]}")
    vorher = [i for i, z in enumerate(zellen[:pruef_index]) if z.typ == "code" and not z.ausgefuehrt]
    assert not vorher, f"Die Zellen vor der Prüfung sollen gelaufen sein, nicht gelaufen: {vorher}"
    pruefe_netz(s)


def test_eingefuegte_loesung_besteht(uebungsblatt, sitzung):
    """Mit der Musterlösung, im Browser in die Lösungszelle eingefügt, bestehen alle sichtbaren Prüfungen."""
    uebung = json.loads(uebungsblatt.uebung.read_text(encoding="utf-8"))
    loesung = json.loads(uebungsblatt.loesung.read_text(encoding="utf-8"))
    loesungszellen = [(i, grade_id(z)) for i, z in enumerate(uebung["cells"])
                      if z.get("metadata", {}).get("nbgrader", {}).get("solution") and z["cell_type"] == "code"]
    assert any(gid == uebungsblatt.grade_id for _, gid in loesungszellen), (
        f"Das Blatt hat keine Lösungszelle mit grade_id {uebungsblatt.grade_id!r}")
    pruefzellen = [i for i, z in enumerate(uebung["cells"])
                   if z.get("metadata", {}).get("nbgrader", {}).get("grade") and z["cell_type"] == "code"]

    s = sitzung(uebungsblatt.site)
    s.oeffne(uebungsblatt.pfad)
    for index, gid in loesungszellen:
        code = loesungscode(loesung, gid)
        s.ersetze_zelle(index, code)
        assert s.editor_text(index) == code, f"Der eingefügte Code in Zelle {index} ({gid}) ist nicht angekommen."
    s.alle_ausfuehren()
    zellen = s.zellen()

    fehler = {i: z.fehler for i, z in enumerate(zellen) if z.fehler}
    assert not fehler, f"Mit eingefügter Lösung zeigen Zellen Fehler: {fehler}"
    nicht_gelaufen = [i for i in pruefzellen if not zellen[i].ausgefuehrt]
    assert not nicht_gelaufen, f"Die Prüfzellen {nicht_gelaufen} sind nicht gelaufen."
    assert all(STUB_MELDUNG not in z.text for z in zellen)
    pruefe_netz(s)
