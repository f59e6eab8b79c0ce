"""Jede Lektion aus course/ läuft im Browser (JupyterLite, Pyodide, Python 3.14) wie in JupyterLab.

Für jede Lektion (frisches Browser-Profil, eigener Kernel; ausgeführt von der Fixture ``laeufe``):
Seite öffnen, Ausgaben löschen, über das Menü alle Zellen ausführen. Dann gilt:
keine Fehler- oder stderr-Ausgabe, jede Code-Zelle ist gelaufen, die im Repository gespeicherten Textausgaben
erscheinen in derselben Zelle auch im Browser, und keine einzige Anfrage hat die Maschine verlassen.
"""

from __future__ import annotations

import configparser
import html.parser
import re
from pathlib import Path

import pytest
from browser_hilfen import code_zellen, lies

pytestmark = pytest.mark.browser

WURZEL = Path(__file__).resolve().parents[2]
LEKTIONEN = sorted((WURZEL / "course").glob("*.ipynb"))
# Ausgaben, die sich von Lauf zu Lauf ändern dürfen (Speicheradressen, Zeiten), dazu die Muster, die die
# Notebook-Tests (nbval) ohnehin ersetzen. Zellen mit dem Tag nbval-ignore-output vergleichen wir nicht.
_SANITIZE = WURZEL / "tests" / "notebooks" / "sanitize.cfg"
_MUSTER = [r"0x[0-9a-f]{6,}", r"\b\d+(\.\d+)?\s?(ms|µs|s|Sekunden)\b"]
if _SANITIZE.exists():
    _cfg = configparser.ConfigParser()
    _cfg.read(_SANITIZE, encoding="utf-8")
    _MUSTER += [_cfg[abschnitt]["regex"] for abschnitt in _cfg.sections() if "regex" in _cfg[abschnitt]]
VERAENDERLICH = re.compile("|".join(f"(?:{m})" for m in _MUSTER))


def normal(text: str) -> str:
    return " ".join(text.split())


class _Text(html.parser.HTMLParser):
    """Sichtbare Textstücke eines HTML-Schnipsels (ohne <style> und <script>)."""

    def __init__(self):
        super().__init__()
        self.stuecke: list[str] = []
        self._versteckt = 0

    def handle_starttag(self, tag, attrs):
        self._versteckt += tag in ("style", "script")

    def handle_endtag(self, tag):
        self._versteckt -= tag in ("style", "script")

    def handle_data(self, data):
        if not self._versteckt and data.strip():
            self.stuecke.append(data)


def erwartete_stuecke(zelle: dict) -> list[str]:
    """Was von den gespeicherten Ausgaben einer Zelle im Browser zu sehen sein muss."""
    stuecke: list[str] = []
    if "nbval-ignore-output" in zelle.get("metadata", {}).get("tags", []):
        return stuecke
    for ausgabe in zelle.get("outputs", []):
        if ausgabe["output_type"] == "stream" and ausgabe.get("name") == "stdout":
            stuecke += "".join(ausgabe["text"]).splitlines()
        elif ausgabe["output_type"] in ("execute_result", "display_data"):
            daten = ausgabe.get("data", {})
            if "text/html" in daten:
                parser = _Text()
                parser.feed("".join(daten["text/html"]))
                stuecke += parser.stuecke
            elif "text/markdown" in daten:
                continue  # gerendertes Markdown sieht anders aus als seine Quelle
            elif "text/plain" in daten:
                stuecke += "".join(daten["text/plain"]).splitlines()
    return [normal(s) for s in stuecke if normal(s) and not VERAENDERLICH.search(s)]


@pytest.mark.parametrize("lektion", LEKTIONEN, ids=[p.stem for p in LEKTIONEN])
def test_lektion_laeuft_im_browser(lektion, laeufe):
    nb = lies(lektion)
    zellen_json, code = nb["cells"], code_zellen(nb)
    lauf = laeufe[f"course/{lektion.name}"]
    zellen, netz = lauf["zellen"], lauf["netz"]
    assert lauf["fehler"] is None, f"{lektion.name}: {lauf['fehler']}"

    assert len(zellen) == len(zellen_json), "Im Browser sind nicht alle Zellen der Lektion zu sehen."
    fehler = {i: z.fehler for i, z in enumerate(zellen) if z.fehler}
    assert not fehler, f"{lektion.name}: Fehler-/stderr-Ausgaben im Browser: {fehler}"
    nicht_gelaufen = [i for i in code if not zellen[i].ausgefuehrt]
    assert not nicht_gelaufen, f"{lektion.name}: Zellen {nicht_gelaufen} sind im Browser nicht gelaufen."

    fehlend = {}
    for i in code:
        gesehen = normal(zellen[i].text)
        weg = [st for st in erwartete_stuecke(zellen_json[i]) if st not in gesehen]
        if weg:
            fehlend[i] = {"erwartet (fehlt)": weg[:3], "im Browser": gesehen[:300]}
    assert not fehlend, f"{lektion.name}: gespeicherte Ausgaben fehlen im Browser: {fehlend}"

    assert not netz.blockiert, f"Anfragen nach draußen: {netz.blockiert}"
    assert not netz.http_fehler, f"HTTP-Fehler: {netz.http_fehler}"
    assert not netz.gescheitert, f"Gescheiterte Anfragen: {netz.gescheitert}"
