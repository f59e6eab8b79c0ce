"""Gemeinsames für die Browser-Tests: die Seite einmal pro Testlauf bauen, ein Server, ein Chromium.

- ``kursseite``: die echte Seite aus ``make lite`` (``_build/lite/site``); unveränderte Eingaben -> kein Neubau.
- ``uebungsblatt``: das Blatt, an dem Stub und eingefügte Lösung geprüft werden. Bevorzugt
  ``exercises/03_mehrere_runden`` (``antworte``); solange es das noch nicht gibt, ein eigenes Testblatt aus
  ``tests/browser/daten`` auf einer zweiten Seite (``_build/lite-test``).
- ``chromium``: ein Browser für alle Tests; jede ``sitzung`` ist ein frisches Profil (kein Browser-Speicher
  früherer Tests) und hinterlässt ein Bildschirmfoto in ``_build/screenshots/``.
- ``laeufe``: alle Lektionen und das Übungsblatt (einmal mit Stub, einmal mit eingefügter Lösung) in einem
  Durchgang, zwei Notebooks gleichzeitig (``LITE_PARALLEL``), jedes in frischem Profil mit eigenem Kernel.
  Die Tests werten die Ergebnisse einzeln aus.
"""

from __future__ import annotations

import json
import os
import re
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import pytest

WURZEL = Path(__file__).resolve().parents[2]
if str(WURZEL) not in sys.path:  # lite/ ist kein installiertes Paket
    sys.path.insert(0, str(WURZEL))

from browser_hilfen import code_zellen, lies, loesungscode, loesungszellen  # noqa: E402

from lite import baue as bau  # noqa: E402
from lite.browser import CHROMIUM, Auftrag, Sitzung, Webserver, fuehre_notebooks_aus, starte_chromium  # noqa: E402

DATEN = Path(__file__).parent / "daten"
FOTOS = WURZEL / "_build" / "screenshots"
BEVORZUGTES_BLATT = ("03_mehrere_runden", "antworte")
LEKTIONEN = sorted((WURZEL / "course").glob("*.ipynb"))


@dataclass
class Blatt:
    site: Path            # Ordner der gebauten Seite, auf der das Blatt liegt
    pfad: str             # Pfad auf der Seite, z. B. exercises/03_mehrere_runden/03_mehrere_runden.ipynb
    uebung: Path          # die Übungsfassung (Stubs) auf der Platte
    loesung: Path         # solutions/NN/NN.ipynb mit derselben grade_id
    grade_id: str


@pytest.fixture(scope="session")
def kursseite() -> dict:
    """Baut die Seite wie ``make lite`` (oder nimmt den aktuellen Bau) und gibt die Bau-Übersicht zurück."""
    uebersicht = bau.baue(leise=True)
    return uebersicht | {"site": bau.AUSGABE / "site"}


@pytest.fixture(scope="session")
def uebungsblatt(kursseite) -> Blatt:
    name, grade_id = BEVORZUGTES_BLATT
    uebung = WURZEL / "exercises" / name / f"{name}.ipynb"
    loesung = WURZEL / "solutions" / name / f"{name}.ipynb"
    if uebung.exists() and loesung.exists():
        return Blatt(kursseite["site"], f"exercises/{name}/{name}.ipynb", uebung, loesung, grade_id)
    ausgabe = WURZEL / "_build" / "lite-test"
    bau.baue(ausgabe=ausgabe, leise=True, zusatz=DATEN)
    name = "99_testblatt"
    return Blatt(ausgabe / "site", f"exercises/{name}/{name}.ipynb", DATEN / "exercises" / name / f"{name}.ipynb",
                 DATEN / "solutions" / name / f"{name}.ipynb", "antworte")


@pytest.fixture(scope="session")
def server():
    """Ein Webserver je Seitenordner, auf 127.0.0.1 mit freiem Port, die Seite unter dem Unterpfad /kurs/
    (wie auf GitHub Pages); Anfragen außerhalb davon enden mit 404 und fielen als HTTP-Fehler auf."""
    laufend: dict[Path, Webserver] = {}

    def fuer(site: Path) -> str:
        if site not in laufend:
            laufend[site] = Webserver(site, unterpfad="kurs")
        return laufend[site].url

    yield fuer
    for s in laufend.values():
        s.stop()


@pytest.fixture(scope="session")
def chromium():
    if not Path(CHROMIUM).exists():
        pytest.fail(f"Chromium fehlt ({CHROMIUM}): 'make chromium' oder 'apt-get install chromium' ausführen.")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = starte_chromium(p)
        yield browser
        browser.close()


@pytest.fixture
def sitzung(request, chromium, server):
    """Fabrik für frische Browser-Sitzungen; jede hinterlässt am Ende ein Bildschirmfoto."""
    offen: list[Sitzung] = []

    def neu(site: Path) -> Sitzung:
        s = Sitzung(chromium, server(site))
        offen.append(s)
        return s

    yield neu
    for nr, s in enumerate(offen):
        name = re.sub(r"[^\w.-]+", "_", request.node.name) + (f"_{nr}" if nr else "")
        try:
            s.bildschirmfoto(FOTOS / f"{name}.png")
        finally:
            s.schliesse()


def _fuege_loesung_ein(blatt: Blatt):
    """Vorbereitung für den Lauf mit Lösung: jede Lösungszelle bekommt den Code der Musterlösung."""
    uebung, loesung = lies(blatt.uebung), lies(blatt.loesung)

    def vorbereiten(s: Sitzung) -> dict:
        angekommen = {}
        for index, gid in loesungszellen(uebung):
            code = loesungscode(loesung, gid)
            s.ersetze_zelle(index, code)
            angekommen[gid] = s.editor_text(index) == code
        return angekommen

    return vorbereiten


@pytest.fixture(scope="session")
def laeufe(kursseite, uebungsblatt, chromium, server) -> dict[str, dict]:
    lektionen = [Auftrag(f"course/{p.name}", code_zellen(lies(p))) for p in LEKTIONEN]
    blatt = [Auftrag(uebungsblatt.pfad, None, name="uebung:stub"),
             Auftrag(uebungsblatt.pfad, None, _fuege_loesung_ein(uebungsblatt), name="uebung:loesung")]
    gruppen = [(kursseite["site"], lektionen + blatt)] if uebungsblatt.site == kursseite["site"] else \
        [(kursseite["site"], lektionen), (uebungsblatt.site, blatt)]
    parallel = int(os.environ.get("LITE_PARALLEL", "2"))
    start = time.monotonic()
    ergebnisse: dict[str, dict] = {}
    for site, auftraege in gruppen:
        ergebnisse |= fuehre_notebooks_aus(chromium, server(site), auftraege, parallel=parallel, fotos=FOTOS)
    # Zeiten zum Nachsehen (Startzeiten hängen stark von der Last der Maschine ab).
    FOTOS.mkdir(parents=True, exist_ok=True)
    (FOTOS / "browser-zeiten.json").write_text(json.dumps({
        "gesamt_s": round(time.monotonic() - start, 1), "parallel": parallel, "last": os.getloadavg(),
        "notebooks": {name: e["zeiten"] for name, e in ergebnisse.items()}}, indent=2))
    return ergebnisse
