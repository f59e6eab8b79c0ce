"""Messung der Browser-Fassung: Bauzeit, Größe der Seite, Startzeiten und Laufzeit jeder Lektion.

Aufruf: ``python -m lite.messung [--ohne-neubau] [--json DATEI] [NOTEBOOK ...]``
(NOTEBOOK relativ zur Seite, z. B. ``course/00_einstieg.ipynb``; ohne Angabe alle Lektionen aus course/).

Gemessen wird in Debian-Chromium (headless, frisches Profil je Notebook, jede nicht lokale Anfrage blockiert):
- Notebook sichtbar: vom Aufruf der Seite bis die erste Zelle dasteht;
- Kernel bereit: bis die Statusleiste "Python (Pyodide) | Leerlauf" zeigt;
- erste Ausgabe: vom Aufruf der Seite bis zur ersten Ausgabe nach "Alle Zellen ausführen";
- Lauf: von "Alle Zellen ausführen" bis die letzte Zelle fertig ist.
Die Zahlen hängen stark von der Last der Maschine ab; ``uptime`` steht deshalb mit in der Ausgabe.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import sys
import time
from pathlib import Path

from lite.baue import AUSGABE, WURZEL, baue
from lite.browser import Sitzung, Webserver, starte_chromium


def groesse(site: Path) -> dict:
    dateien = [p for p in site.rglob("*") if p.is_file()]
    roh = sum(p.stat().st_size for p in dateien)
    gz = sum(len(gzip.compress(p.read_bytes(), compresslevel=6)) for p in dateien)
    pyodide = sum(p.stat().st_size for p in (site / "static" / "pyodide").rglob("*") if p.is_file())
    return {"dateien": len(dateien), "mb": round(roh / 1e6, 1), "mb_gzip": round(gz / 1e6, 1),
            "mb_pyodide_und_pakete": round(pyodide / 1e6, 1)}


def miss_notebooks(site: Path, notebooks: list[str]) -> list[dict]:
    from playwright.sync_api import sync_playwright

    ergebnisse = []
    with Webserver(site) as server, sync_playwright() as p:
        browser = starte_chromium(p)
        try:
            for nb in notebooks:
                with Sitzung(browser, server.url) as s:
                    zeiten = s.oeffne(nb)
                    lauf = s.alle_ausfuehren()
                    fehler = sum(1 for z in s.zellen() if z.fehler)
                    ergebnisse.append({
                        "notebook": nb, **zeiten,
                        "erste_ausgabe": round(zeiten["kernel_bereit"] + lauf["erste_ausgabe"], 2),
                        "lauf": lauf["lauf"], "fehlerzellen": fehler, "anfragen": s.netz.anfragen,
                        "blockiert": len(s.netz.blockiert), "http_fehler": len(s.netz.http_fehler)})
                print(_zeile(ergebnisse[-1]), flush=True)
        finally:
            browser.close()
    return ergebnisse


def _zeile(e: dict) -> str:
    return (f"  {e['notebook']:<52} sichtbar {e['notebook_sichtbar']:5.1f} s | Kernel bereit "
            f"{e['kernel_bereit']:5.1f} s | erste Ausgabe {e['erste_ausgabe']:5.1f} s | Lauf {e['lauf']:5.1f} s"
            f" | {e['anfragen']} Anfragen, {e['blockiert']} blockiert, {e['http_fehler']} HTTP-Fehler"
            + (f" | {e['fehlerzellen']} Zellen mit Fehler" if e["fehlerzellen"] else ""))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m lite.messung", description=__doc__.splitlines()[0])
    parser.add_argument("notebooks", nargs="*", help="Pfade auf der Seite (Standard: alle Lektionen)")
    parser.add_argument("--ohne-neubau", action="store_true", help="nicht neu bauen erzwingen (nur bauen, wenn sich Eingaben geändert haben)")
    parser.add_argument("--json", type=Path, help="Ergebnisse zusätzlich als JSON hierhin schreiben")
    args = parser.parse_args(argv)

    print(f"Messung der Browser-Fassung (Last: {' '.join(f'{x:.1f}' for x in os.getloadavg())}, "
          f"{os.cpu_count()} Kerne)")
    start = time.monotonic()
    bau = baue(neu=not args.ohne_neubau, leise=True)
    bauzeit = round(time.monotonic() - start, 1)
    site = AUSGABE / "site"
    print(f"Bau: {bauzeit} s ({'neu gebaut' if bau['neu_gebaut'] else 'aktuell, nicht neu gebaut'}; "
          f"Downloads aus dem Zwischenspeicher {AUSGABE / 'cache'})")
    g = groesse(site)
    print(f"Seite: {g['dateien']} Dateien, {g['mb']} MB ({g['mb_gzip']} MB mit gzip), davon Pyodide und Pakete "
          f"{g['mb_pyodide_und_pakete']} MB; Pyodide {bau['pyodide']} (Python {bau['python']}), "
          f"{len(bau['pakete'])} Pakete")

    notebooks = args.notebooks or [f"course/{p.name}" for p in sorted((WURZEL / "course").glob("*.ipynb"))]
    print(f"Chromium, frisches Profil je Notebook ({len(notebooks)} Notebooks):")
    ergebnisse = miss_notebooks(site, notebooks)
    if ergebnisse:
        mittel = {k: round(sum(e[k] for e in ergebnisse) / len(ergebnisse), 1)
                  for k in ("notebook_sichtbar", "kernel_bereit", "erste_ausgabe", "lauf")}
        print(f"  Mittel: sichtbar {mittel['notebook_sichtbar']} s | Kernel bereit {mittel['kernel_bereit']} s | "
              f"erste Ausgabe {mittel['erste_ausgabe']} s | Lauf {mittel['lauf']} s")
    if args.json:
        args.json.write_text(json.dumps({"bau_s": bauzeit, "seite": g, "notebooks": ergebnisse}, indent=2,
                                        ensure_ascii=False))
    # Fehlerzellen zählen nur in Lektionen: ein Übungsblatt mit Stub meldet absichtlich einen Fehler.
    schlecht = [e for e in ergebnisse if e["blockiert"] or e["http_fehler"]
                or (e["fehlerzellen"] and e["notebook"].startswith("course/"))]
    return 1 if schlecht else 0


if __name__ == "__main__":
    sys.exit(main())
