"""`pruefe NOTEBOOK... [--json] [-j N] [--csv DATEI]`: Notebooks ohne nbgrader bewerten.

Exitcode: 0 = volle Punkte, 1 = es fehlen Punkte, 2 = unbrauchbare Eingabe (kein Notebook, ungültiges
JSON, Funktion fehlt oder umbenannt, Syntaxfehler). Bei mehreren Notebooks gilt der höchste Code.
"""

import argparse
import csv
import json
import sys
from pathlib import Path

from pruefer.isolation import Grenzen


def _notebooks(angaben: list[str]) -> list[str]:
    pfade = []
    for angabe in angaben:
        p = Path(angabe)
        if p.is_dir():
            pfade.extend(str(x) for x in sorted(p.rglob("*.ipynb")) if ".ipynb_checkpoints" not in x.parts)
        else:
            pfade.append(angabe)
    return pfade


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="pruefe",
        description="Bewertet Übungsblätter mit den versteckten Prüfungen, jedes in einem eigenen Prozess.",
        epilog="Exitcode: 0 = volle Punkte, 1 = Punkte fehlen, 2 = unbrauchbare Eingabe.")
    p.add_argument("notebooks", nargs="+", metavar="NOTEBOOK", help="Notebook(s) oder Verzeichnisse")
    p.add_argument("--json", action="store_true", help="je Notebook ein JSON-Objekt pro Zeile ausgeben")
    p.add_argument("-j", "--jobs", type=int, default=1, metavar="N", help="N Notebooks gleichzeitig (Standard 1)")
    p.add_argument("--csv", metavar="DATEI", help="Punkteliste (eine Zeile je Notebook) als CSV schreiben")
    p.add_argument("--zeitlimit", type=float, default=Grenzen.test_sekunden, metavar="S",
                   help=f"Sekunden je Prüfung (Standard {Grenzen.test_sekunden:g})")
    p.add_argument("--still", action="store_true", help="keine Fortschrittsanzeige")
    return p


def _schreibe_csv(datei: str, ergebnisse) -> None:
    aufgaben = []
    for e in ergebnisse:
        for a in e.aufgaben:
            if a.id not in aufgaben:
                aufgaben.append(a.id)
    with open(datei, "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["notebook", "punkte", "max_punkte", *aufgaben, "hinweise"])
        for e in ergebnisse:
            je = {a.id: a.punkte for a in e.aufgaben}
            w.writerow([e.notebook, e.punkte, e.max_punkte, *[je.get(a, "") for a in aufgaben],
                        " | ".join(e.unbrauchbar + e.hinweise)])


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    from pruefer.bewertung import bewerte_notebooks

    pfade = _notebooks(args.notebooks)
    if not pfade:
        print("pruefe: Keine Notebooks gefunden.", file=sys.stderr)
        return 2
    zeige_fortschritt = len(pfade) > 1 and not args.still

    def fortschritt(fertig, gesamt, ergebnis):
        if zeige_fortschritt:
            punkte = f"{ergebnis.punkte:g}/{ergebnis.max_punkte:g} Punkte".replace(".", ",")
            print(f"[{fertig}/{gesamt}] {ergebnis.notebook}: {punkte}", file=sys.stderr, flush=True)

    grenzen = Grenzen(test_sekunden=args.zeitlimit)
    ergebnisse = bewerte_notebooks(pfade, jobs=max(1, args.jobs), grenzen=grenzen, fortschritt=fortschritt)
    for e in ergebnisse:
        if args.json:
            print(json.dumps(e.als_dict(), ensure_ascii=False))
        else:
            print(e.bericht())
            print()
    if args.csv:
        _schreibe_csv(args.csv, ergebnisse)
    if len(ergebnisse) > 1 and not args.json:
        voll = sum(e.exitcode == 0 for e in ergebnisse)
        print(f"{len(ergebnisse)} Notebooks bewertet, {voll} mit voller Punktzahl.")
    sys.stdout.flush()
    return max(e.exitcode for e in ergebnisse)
