"""exercises/ aus solutions/ erzeugen: nbgrader generate_assignment, danach normalisieren.

Aufruf: python -m bau.uebungen [BLATT ...] [--ziel ORDNER]
Ohne BLATT werden alle Blätter in solutions/ erzeugt. nbgrader läuft in einem temporären Kursverzeichnis,
damit im Repository keine gradebook.db entsteht; das Ergebnis wird nach exercises/ (oder --ziel) kopiert.
"""

import argparse
import os
import shutil
import sys
import tempfile
from pathlib import Path

from bau.notebooks import normalisiere_datei

WURZEL = Path(__file__).resolve().parents[1]


def alle_blaetter():
    return sorted(p.name for p in (WURZEL / "solutions").iterdir() if (p / f"{p.name}.ipynb").exists())


def erzeuge(blaetter, ziel):
    """Erzeugt die Übungsblätter `blaetter` mit nbgrader nach `ziel/<blatt>/` (alte Fassung wird ersetzt)."""
    # nbgrader ruft `alembic` als Programm auf: das liegt neben dem Python dieser Umgebung.
    os.environ["PATH"] = str(Path(sys.executable).parent) + os.pathsep + os.environ.get("PATH", "")
    from nbgrader.apps import NbGraderAPI
    from traitlets.config.loader import PyFileConfigLoader

    ziel = Path(ziel)
    with tempfile.TemporaryDirectory() as tmp:
        kurs = Path(tmp)
        for blatt in blaetter:
            shutil.copytree(WURZEL / "solutions" / blatt, kurs / "solutions" / blatt,
                            ignore=shutil.ignore_patterns(".ipynb_checkpoints", "__pycache__"))
        # Dieselbe Konfiguration wie im Unterricht (Stubs, Verzeichnisnamen), nur Wurzel und Datenbank temporär.
        config = PyFileConfigLoader("nbgrader_config.py", path=str(WURZEL)).load_config()
        config.CourseDirectory.root = str(kurs)
        config.CourseDirectory.db_url = f"sqlite:///{kurs / 'gradebook.db'}"
        api = NbGraderAPI(config=config)
        for blatt in blaetter:
            ergebnis = api.generate_assignment(blatt, force=True)
            if not ergebnis["success"]:
                raise SystemExit(f"nbgrader konnte {blatt} nicht erzeugen:\n{ergebnis['error']}\n{ergebnis['log']}")
            (ziel / blatt).parent.mkdir(parents=True, exist_ok=True)
            shutil.rmtree(ziel / blatt, ignore_errors=True)
            shutil.copytree(kurs / "exercises" / blatt, ziel / blatt)
            for nb in sorted((ziel / blatt).glob("*.ipynb")):
                normalisiere_datei(nb, ausgaben_behalten=False)
            print(f"{blatt}: erzeugt in {ziel / blatt}")


def main(argv=None):
    parser = argparse.ArgumentParser(description="Übungsblätter aus solutions/ erzeugen (nbgrader).")
    parser.add_argument("blaetter", nargs="*", help="z. B. 03_mehrere_runden (ohne Angabe: alle)")
    parser.add_argument("--ziel", default=str(WURZEL / "exercises"), help="Zielordner (Standard: exercises/)")
    args = parser.parse_args(argv)
    blaetter = args.blaetter or alle_blaetter()
    unbekannt = [b for b in blaetter if not (WURZEL / "solutions" / b / f"{b}.ipynb").exists()]
    if unbekannt:
        raise SystemExit(f"Kein Lösungsblatt solutions/<blatt>/<blatt>.ipynb für: {', '.join(unbekannt)}")
    for blatt in blaetter:  # auch die Quelle normalisiert halten (ohne Ausgaben)
        normalisiere_datei(WURZEL / "solutions" / blatt / f"{blatt}.ipynb", ausgaben_behalten=False)
    erzeuge(blaetter, args.ziel)


if __name__ == "__main__":
    main()
