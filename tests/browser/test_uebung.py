"""Ein Übungsblatt im Browser, wie Lernende es erleben: erst mit dem Stub, dann mit eingefügter Lösung.

Beide Läufe führt die Fixture ``laeufe`` aus (frisches Profil je Lauf). Die Bewertungszellen der
Übungsfassung enthalten keinen versteckten Block (nbgrader entfernt ihn), darum laufen sie ohne das Paket
``pruefer``, das nicht auf der Seite liegt.
"""

from __future__ import annotations

import pytest
from browser_hilfen import lies, loesungszellen, nbgrader, pruefzellen

from lite.browser import STUB_MELDUNG

pytestmark = pytest.mark.browser


def pruefe_netz(netz) -> None:
    assert not netz.blockiert, f"Anfragen nach draußen: {netz.blockiert}"
    assert not netz.http_fehler, f"HTTP-Fehler: {netz.http_fehler}"
    assert not netz.gescheitert, f"Gescheiterte Anfragen: {netz.gescheitert}"


def test_stub_meldet_fehlende_loesung(uebungsblatt, laeufe):
    """Mit dem Stub meldet die sichtbare Prüfung die Stub-Meldung (und sonst keinen Fehler)."""
    nb = lies(uebungsblatt.uebung)
    pruef_index = next(i for i, z in enumerate(nb["cells"])
                       if nbgrader(z).get("grade_id") == f"test_{uebungsblatt.grade_id}")
    lauf = laeufe["uebung:stub"]
    assert lauf["fehler"] is None, lauf["fehler"]
    zellen = lauf["zellen"]

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
    pruefe_netz(lauf["netz"])


def test_eingefuegte_loesung_besteht(uebungsblatt, laeufe):
    """Mit der Musterlösung, im Browser in die Lösungszellen eingefügt, bestehen alle sichtbaren Prüfungen."""
    nb = lies(uebungsblatt.uebung)
    assert uebungsblatt.grade_id in [gid for _, gid in loesungszellen(nb)], (
        f"Das Blatt hat keine Lösungszelle mit grade_id {uebungsblatt.grade_id!r}")
    lauf = laeufe["uebung:loesung"]
    assert lauf["fehler"] is None, lauf["fehler"]
    eingefuegt = lauf["vorbereitet"]
    assert eingefuegt and all(eingefuegt.values()), f"Eingefügter Code nicht (ganz) angekommen: {eingefuegt}"
    zellen = lauf["zellen"]

    fehler = {i: z.fehler for i, z in enumerate(zellen) if z.fehler}
    assert not fehler, f"Mit eingefügter Lösung zeigen Zellen Fehler: {fehler}"
    nicht_gelaufen = [i for i in pruefzellen(nb) if not zellen[i].ausgefuehrt]
    assert not nicht_gelaufen, f"Die Prüfzellen {nicht_gelaufen} sind nicht gelaufen."
    assert all(STUB_MELDUNG not in z.text for z in zellen)
    pruefe_netz(lauf["netz"])
