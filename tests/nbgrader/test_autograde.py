"""Ende-zu-Ende mit den echten nbgrader-Befehlen: austeilen, Abgaben bewerten, Feedback, Export.

Läuft in einer temporären Kopie des Kursverzeichnisses (nbgrader_config.py + Blatt 04), damit im Repository
kein gradebook.db, submitted/ oder feedback/ entsteht. Sieben simulierte Abgaben; erwartet werden genaue
Punkte, keine verworfene Abgabe und kein Quelltext der Bewerter im Feedback.
"""

import csv
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
BLATT = "04_fehler_als_ergebnis"
BLATT3 = "03_mehrere_runden"  # zweites Blatt, kleinere Stichprobe
MUTANTEN = REPO / "tests" / "graders" / "mutanten"
BEWERTER = REPO / "tests" / "graders"

pytestmark = pytest.mark.langsam


def _mit_venv_pfad() -> str:
    """nbgrader ruft `alembic` über PATH auf; das liegt neben dem Python des venv."""
    return os.pathsep.join([os.path.dirname(sys.executable), os.environ.get("PATH", "")])


def _nbgrader(kurs: Path, *argumente: str) -> subprocess.CompletedProcess:
    umgebung = dict(os.environ, PYTHONDONTWRITEBYTECODE="1", PATH=_mit_venv_pfad())
    umgebung.pop("NBGRADER_EXECUTION", None)
    return subprocess.run([sys.executable, "-m", "nbgrader", *argumente], cwd=kurs, capture_output=True,
                          text=True, env=umgebung, timeout=600)


def _loesungen(blatt: str = BLATT) -> dict:
    """Die Lösungszellen des Quellblatts (grade_id -> Quelltext mit den SOLUTION-Markierungen)."""
    nb = json.loads((REPO / "solutions" / blatt / f"{blatt}.ipynb").read_text(encoding="utf-8"))
    return {z["metadata"]["nbgrader"]["grade_id"]: "".join(z["source"]) for z in nb["cells"]
            if z["metadata"].get("nbgrader", {}).get("solution")}


def _mutant(name: str, datei: str) -> str:
    return (MUTANTEN / name / f"{datei}.py").read_text(encoding="utf-8")


def _code(text: str, **nbgrader) -> dict:
    zelle = {"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [], "source": text}
    return zelle


def _abgabe(ausgeteilt: dict, loesungen: dict, *, vorher: dict | None = None, ohne: str | None = None,
            extra: list[str] = ()) -> dict:
    nb = json.loads(json.dumps(ausgeteilt))
    zellen = []
    for zelle in nb["cells"]:
        gid = zelle["metadata"].get("nbgrader", {}).get("grade_id")
        if ohne is not None and gid == ohne:
            continue
        if gid in loesungen:
            zelle["source"] = (vorher or {}).get(gid, "") + loesungen[gid]
        zellen.append(zelle)
    zellen.extend(_code(t) for t in extra)
    nb["cells"] = zellen
    return nb


ENDLOS = "import time\nwhile True:\n    try:\n        time.sleep(0.2)\n    except BaseException:\n        pass\n\n"
# Der Trick, der bei Stock-nbgrader volle Punkte brachte: die Prüffunktion im Kernel ersetzen.
BETRUG = "import pruefer\npruefer.pruefe = lambda *a, **k: None\n\n"


@pytest.fixture(scope="module")
def kurs(tmp_path_factory):
    kurs = tmp_path_factory.mktemp("kurs")
    shutil.copy(REPO / "nbgrader_config.py", kurs / "nbgrader_config.py")
    for blatt in (BLATT, BLATT3):
        shutil.copytree(REPO / "solutions" / blatt, kurs / "solutions" / blatt)
    zeiten = {}
    start = time.monotonic()
    for blatt in (BLATT, BLATT3):
        lauf = _nbgrader(kurs, "generate_assignment", blatt, "--force")
        assert lauf.returncode == 0, lauf.stderr[-3000:]
    zeiten["generate_assignment"] = time.monotonic() - start

    ausgeteilt = json.loads((kurs / "exercises" / BLATT / f"{BLATT}.ipynb").read_text(encoding="utf-8"))
    richtig = _loesungen()
    abgaben = {
        "korrekt": _abgabe(ausgeteilt, richtig),
        "teilweise": _abgabe(ausgeteilt, {**richtig, "tool_result_fuer": _mutant(
            "tool_result_fuer", "falsch_leeres_ergebnis_ist_fehler")}),
        "sichtbar_falsch": _abgabe(ausgeteilt, {**richtig, "tool_result_fuer": _mutant(
            "tool_result_fuer", "falsch_ohne_is_error")}),
        "endlos": _abgabe(ausgeteilt, richtig, vorher={"tool_result_fuer": ENDLOS}),
        "exit": _abgabe(ausgeteilt, richtig, vorher={"antworte_robust": "import os\nos._exit(1)\n\n"}),
        "betrug": _abgabe(ausgeteilt, {**richtig, "tool_result_fuer": _mutant("tool_result_fuer",
                                                                              "falsch_stacktrace")},
                          vorher={"tool_result_fuer": BETRUG}),
        "geloescht": _abgabe(ausgeteilt, richtig, ohne="test_tool_result_fuer"),
    }
    for student, nb in [*abgaben.items(), ("kaputt", None)]:
        ziel = kurs / "submitted" / student / BLATT
        ziel.mkdir(parents=True)
        text = json.dumps(nb, ensure_ascii=False, indent=1) if nb else '{"cells": [ {"cell_type": "code",'
        (ziel / f"{BLATT}.ipynb").write_text(text, encoding="utf-8")
        (ziel / "timestamp.txt").write_text("2026-11-30 10:00:00.000000 UTC")

    ausgeteilt3 = json.loads((kurs / "exercises" / BLATT3 / f"{BLATT3}.ipynb").read_text(encoding="utf-8"))
    richtig3 = _loesungen(BLATT3)
    abgaben3 = {"korrekt": _abgabe(ausgeteilt3, richtig3),
                "teilweise": _abgabe(ausgeteilt3, {"antworte": _mutant("antworte", "falsch_erster_textblock")})}
    for student, nb in abgaben3.items():
        ziel = kurs / "submitted" / student / BLATT3
        ziel.mkdir(parents=True)
        (ziel / f"{BLATT3}.ipynb").write_text(json.dumps(nb, ensure_ascii=False), encoding="utf-8")

    start = time.monotonic()
    autograde = _nbgrader(kurs, "autograde", BLATT, "--Execute.timeout=6")
    autograde3 = _nbgrader(kurs, "autograde", BLATT3, "--Execute.timeout=6")
    zeiten["autograde"] = time.monotonic() - start
    start = time.monotonic()
    feedback = _nbgrader(kurs, "generate_feedback", BLATT)
    feedback3 = _nbgrader(kurs, "generate_feedback", BLATT3)
    zeiten["generate_feedback"] = time.monotonic() - start
    export = _nbgrader(kurs, "export")
    (kurs / "zeiten.json").write_text(json.dumps(zeiten))
    return {"pfad": kurs, "autograde": autograde, "feedback": feedback, "export": export, "zeiten": zeiten,
            "autograde3": autograde3, "feedback3": feedback3,
            "studierende": [*abgaben, "kaputt"]}


def _punkte(kurs: Path, blatt: str = BLATT) -> dict:
    from nbgrader.api import Gradebook

    alt = os.environ.get("PATH", "")
    os.environ["PATH"] = _mit_venv_pfad()
    try:
        return _punkte_lesen(Gradebook, kurs, blatt)
    finally:
        os.environ["PATH"] = alt


def _punkte_lesen(Gradebook, kurs: Path, blatt: str) -> dict:
    with Gradebook(f"sqlite:///{kurs / 'gradebook.db'}", "llm-werkzeuge") as gb:
        ergebnis = {}
        for s in gb.assignment_submissions(blatt):
            nb = s.notebooks[0]
            ergebnis[s.student.id] = {g.name: round(g.score, 2) for g in nb.grades}
        return ergebnis


def test_alle_befehle_laufen_durch(kurs):
    for schritt in ("autograde", "feedback", "autograde3", "feedback3", "export"):
        lauf = kurs[schritt]
        assert lauf.returncode == 0, f"nbgrader {schritt}: rc={lauf.returncode}\n{lauf.stderr[-4000:]}"
    print("Zeiten:", kurs["zeiten"])


def test_keine_abgabe_verworfen(kurs):
    pfad = kurs["pfad"]
    for student in kurs["studierende"]:
        assert (pfad / "autograded" / student / BLATT / f"{BLATT}.ipynb").exists(), f"{student}: nicht bewertet"
        assert (pfad / "feedback" / student / BLATT / f"{BLATT}.html").exists(), f"{student}: kein Feedback"


def test_genaue_punkte(kurs):
    punkte = _punkte(kurs["pfad"])
    voll = {"test_tool_result_fuer": 3.0, "test_antworte_robust": 3.0}
    erwartet = {
        "korrekt": voll,
        "endlos": voll,  # die Endlosschleife auf oberster Ebene wird beim Bewerten nicht ausgeführt
        "exit": voll,  # os._exit auf oberster Ebene ebenso
        "geloescht": voll,  # die gelöschte Bewertungszelle wird wieder eingefügt und bewertet
        "kaputt": {"test_tool_result_fuer": 0.0, "test_antworte_robust": 0.0},
        # hält None/0/"" für Fehler: 13 von 14 versteckten Prüfungen, die sichtbaren bestanden -> Teilpunkte
        "teilweise": {"test_tool_result_fuer": round(3 * 13 / 14, 2), "test_antworte_robust": 3.0},
        # ohne is_error scheitern schon die sichtbaren Prüfungen beider Zellen -> 0 Punkte (wie bei nbgrader)
        "sichtbar_falsch": {"test_tool_result_fuer": 0.0, "test_antworte_robust": 0.0},
        # pruefer.pruefe im Kernel ersetzt: bringt nichts, Punkte wie der falsche Mutant (Stacktrace im Text)
        "betrug": {"test_tool_result_fuer": round(3 * 13 / 14, 2), "test_antworte_robust": 3.0},
    }
    for student, je_zelle in erwartet.items():
        bekommen = {k: v for k, v in punkte.get(student, {}).items() if k in je_zelle}
        assert bekommen == je_zelle, f"{student}: erwartet {je_zelle}, bekommen {punkte.get(student)}"


def test_zweites_blatt(kurs):
    punkte = _punkte(kurs["pfad"], BLATT3)
    print("Blatt 03:", punkte)
    assert punkte["korrekt"] == {"test_antworte": 4.0}
    assert 0 < punkte["teilweise"]["test_antworte"] < 4.0


def test_export_enthaelt_alle(kurs):
    pfad = kurs["pfad"] / "grades.csv"
    zeilen = {z["student_id"]: float(z["score"]) for z in csv.DictReader(pfad.open(encoding="utf-8"))}
    zeilen = {z["student_id"] + "/" + z["assignment"]: float(z["score"])
              for z in csv.DictReader(pfad.open(encoding="utf-8"))}
    assert zeilen[f"korrekt/{BLATT}"] == 6.0 and zeilen[f"kaputt/{BLATT}"] == 0.0, zeilen
    assert zeilen[f"korrekt/{BLATT3}"] == 4.0, zeilen
    zeilen = {k.split("/")[0]: v for k, v in zeilen.items() if k.endswith(BLATT)}
    assert set(kurs["studierende"]) <= set(zeilen), zeilen


def test_feedback_ohne_bewerter_quelltext(kurs):
    zeilen = set()
    for datei in BEWERTER.glob("test_*.py"):
        for zeile in datei.read_text(encoding="utf-8").splitlines():
            zeile = zeile.strip()
            if len(zeile) >= 30 and not zeile.startswith(("#", '"""')) and "(" in zeile:
                zeilen.add(zeile)
    quelle = (REPO / "solutions" / BLATT / f"{BLATT}.ipynb").read_text(encoding="utf-8")
    oeffentlich = "\n".join("".join(z["source"]) for z in json.loads(quelle)["cells"])
    zeilen = {z for z in zeilen if z not in oeffentlich}  # was auch im Blatt steht, ist nicht geheim
    assert len(zeilen) > 50
    for student in kurs["studierende"]:
        html = (kurs["pfad"] / "feedback" / student / BLATT / f"{BLATT}.html").read_text(encoding="utf-8")
        import html as html_modul

        klartext = html_modul.unescape(html)
        verraten = [z for z in zeilen if z in klartext]
        assert not verraten, f"{student}: Feedback enthält Quelltext der Bewerter: {verraten[:3]}"
        assert "def test_" not in klartext


def test_feedback_erklaert_fehler(kurs):
    import html as html_modul

    html = html_modul.unescape((kurs["pfad"] / "feedback" / "teilweise" / BLATT / f"{BLATT}.html")
                               .read_text(encoding="utf-8"))
    assert "13 von 14 versteckten Prüfungen bestanden" in html and "None, 0 oder leerer Text" in html
    kaputt = html_modul.unescape((kurs["pfad"] / "feedback" / "kaputt" / BLATT / f"{BLATT}.html")
                                 .read_text(encoding="utf-8"))
    assert "Diese Abgabe ließ sich nicht lesen" in kaputt
