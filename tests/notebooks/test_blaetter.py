"""Übungsblätter: Lösungen laufen, Stubs scheitern nur mit der Stub-Meldung, eingefüllte Lösungen bestehen."""

import re

import nbformat
import pytest

from bau.notebooks import lies, nbgrader, ohne_loesungsmarken, quelle
from tests.notebooks.kurs import (
    BLAETTER,
    STUB_MELDUNG,
    WURZEL,
    fehler,
    fuehre_aus,
    loesungen_nach_id,
    loesungsblaetter,
    uebungsblaetter,
)


def _lies_nb(pfad):
    return nbformat.reads(pfad.read_text(encoding="utf-8"), as_version=4)


def _loesung_zu(uebung):
    return WURZEL / "solutions" / uebung.parent.name / uebung.name


def test_alle_blaetter_des_kursplans_sind_da():
    """Jedes Blatt des Kursplans hat eine Quelle in solutions/ und eine erzeugte Fassung in exercises/."""
    for name in BLAETTER:
        assert (WURZEL / "solutions" / name / f"{name}.ipynb").exists(), f"solutions/{name}/{name}.ipynb fehlt"
        assert (WURZEL / "exercises" / name / f"{name}.ipynb").exists(), f"exercises/{name}/{name}.ipynb fehlt"


@pytest.mark.parametrize("pfad", loesungsblaetter(), ids=lambda p: p.parent.name)
def test_loesungsblatt_hat_die_vereinbarte_form(pfad):
    """Jede Lösungszelle F hat eine gesperrte Bewertungszelle test_F mit Punkten, Docstring und pruefe("F", F)."""
    zellen = lies(pfad)["cells"]
    loesungen = [nbgrader(z)["grade_id"] for z in zellen if nbgrader(z).get("solution")]
    bewertungen = {nbgrader(z)["grade_id"]: z for z in zellen if nbgrader(z).get("grade")}
    assert loesungen, f"{pfad.name}: keine Lösungszelle (nbgrader solution=true)"
    for f in loesungen:
        zelle = bewertungen.get(f"test_{f}")
        assert zelle is not None, f"{pfad.name}: zur Lösung {f!r} fehlt die Bewertungszelle test_{f}"
        assert nbgrader(zelle).get("locked") and nbgrader(zelle).get("points", 0) > 0, f"test_{f}: gesperrt, mit Punkten"
        text = quelle(zelle)
        assert text.lstrip().startswith(('"""', "'''")), f"test_{f}: beginnt nicht mit einem Docstring"
        versteckt = re.search(r"### BEGIN HIDDEN TESTS\n(.*?)### END HIDDEN TESTS", text, re.S)
        assert versteckt, f"test_{f}: kein versteckter Block"
        assert f'pruefe("{f}", {f})' in versteckt.group(1), f"test_{f}: versteckter Block ruft nicht pruefe({f!r}, {f})"
        assert (WURZEL / "tests" / "graders" / f"test_{f}.py").exists(), f"Bewerter tests/graders/test_{f}.py fehlt"


@pytest.mark.parametrize("pfad", loesungsblaetter(), ids=lambda p: p.parent.name)
def test_loesungsblatt_laeuft_fehlerfrei(pfad):
    """Von oben nach unten ausgeführt: keine Fehlerausgabe (sichtbare Prüfungen UND versteckte Bewerter bestehen)."""
    nb = fuehre_aus(_lies_nb(pfad), pfad.parent, timeout=180)
    assert fehler(nb) == [], f"{pfad.name}: Fehler beim Ausführen: {fehler(nb)}"


@pytest.mark.parametrize("pfad", uebungsblaetter(), ids=lambda p: p.parent.name)
def test_uebungsblatt_scheitert_nur_an_den_stubs(pfad):
    """Unbearbeitet ausgeführt: jede Bewertungszelle scheitert, und zwar nur mit der Stub-Meldung."""
    nb = fuehre_aus(_lies_nb(pfad), pfad.parent)
    gefunden = fehler(nb)
    for zelle, grade_id, ename, evalue in gefunden:
        erlaubt = STUB_MELDUNG in evalue or (
            # Eine Antwortvariable, deren Stub-Zelle schon abbrach, fehlt ihrer Prüfzelle.
            ename == "NameError" and grade_id and f"'{grade_id.removeprefix('test_')}'" in evalue)
        assert erlaubt, f"{pfad.name}, Zelle {zelle} ({grade_id}): unerwarteter Fehler {ename}: {evalue}"
    bewertet = {nbgrader(z)["grade_id"] for z in nb.cells if nbgrader(z).get("grade")}
    gescheitert = {g for _, g, _, _ in gefunden}
    assert bewertet <= gescheitert, f"{pfad.name}: sichtbare Prüfungen bestehen schon mit dem Stub: {bewertet - gescheitert}"


@pytest.mark.parametrize("pfad", uebungsblaetter(), ids=lambda p: p.parent.name)
def test_uebungsblatt_mit_eingefuellter_loesung_besteht(pfad):
    """Wer die Musterlösung in die Lösungszellen tippt, sieht alle sichtbaren Prüfungen bestehen."""
    loesungen = loesungen_nach_id(_loesung_zu(pfad))
    nb = _lies_nb(pfad)
    for zelle in nb.cells:
        gid = nbgrader(zelle).get("grade_id")
        if nbgrader(zelle).get("solution") and zelle.cell_type == "code":
            assert gid in loesungen, f"{pfad.name}: Lösungszelle {gid!r} fehlt im Lösungsblatt"
            zelle.source = ohne_loesungsmarken(loesungen[gid])
    nb = fuehre_aus(nb, pfad.parent)
    assert fehler(nb) == [], f"{pfad.name}: mit eingefüllter Lösung noch Fehler: {fehler(nb)}"


@pytest.mark.parametrize("pfad", uebungsblaetter(), ids=lambda p: p.parent.name)
def test_uebungsblatt_verraet_nichts(pfad):
    """Keine Lösung, kein versteckter Test, kein Aufruf der Bewerter in exercises/."""
    text = pfad.read_text(encoding="utf-8")
    for verboten in ("BEGIN SOLUTION", "END SOLUTION", "BEGIN HIDDEN TESTS", "pruefe(", "from pruefer"):
        assert verboten not in text, f"{pfad.relative_to(WURZEL)} enthält {verboten!r}"
    for zelle in lies(pfad)["cells"]:
        assert zelle.get("outputs", []) == [] and zelle.get("execution_count") is None, "Übungsblätter ohne Ausgaben"
