"""Die gebaute Seite in einem echten Chromium bedienen, wie eine lernende Person es täte (für Tests und Messung).

- ``Webserver``: liefert die Seite auf 127.0.0.1 aus (eigener Thread, freier Port).
- ``starte_chromium``: Debian-Chromium über Playwright, ohne jeden Weg nach draußen.
- ``Sitzung``: ein frisches Browser-Profil (kein Speicher früherer Besuche) mit Netzprotokoll:
  jede Anfrage, die nicht an 127.0.0.1 geht, wird abgebrochen und gezählt, HTTP-Fehler werden gesammelt.
- ``Sitzung.oeffne``/``alle_ausfuehren``/``zellen``: Notebook öffnen, über die Menüs (deutsche Oberfläche)
  alle Zellen ausführen, Eingabeaufforderungen und Ausgaben jeder Zelle lesen.
"""

from __future__ import annotations

import functools
import http.server
import re
import shutil
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import quote, urlparse

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
# Ohne Netz: kein QUIC, keine Hintergrunddienste, jeder Hostname außer 127.0.0.1 ist unauflösbar.
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--disable-dev-shm-usage", "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"]
LOKAL = {"127.0.0.1", "localhost"}
UI_ZEIT_MS = 120_000
# Texte der deutschen Oberfläche (Sprachpaket de_DE), über die wir die Seite bedienen. Wo das Sprachpaket
# (noch) keine Übersetzung hat, zeigt JupyterLab den englischen Text: beide zählen.
MENUE_AUSFUEHREN = "Ausführen"
MENUE_ALLE_AUSFUEHREN = "Alle Zellen ausführen"
MENUE_BEARBEITEN = "Bearbeiten"
MENUE_AUSGABEN_LOESCHEN = re.compile(r"^(Ausgaben aller Zellen löschen|Clear Outputs of All Cells)$")
KERNEL_BEREIT = "Python (Pyodide) | Leerlauf"
STUB_MELDUNG = "Hier fehlt noch deine Lösung."
STDERR = "application/vnd.jupyter.stderr"


class _Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".wasm": "application/wasm", ".mjs": "text/javascript", ".js": "text/javascript",
                      ".json": "application/json", ".whl": "application/zip"}

    praefix = ""  # die Seite liegt unter diesem Unterpfad (wie auf GitHub Pages: /<repo>/)

    def log_message(self, *args):
        pass

    def translate_path(self, path):
        if self.praefix:
            if not (path == self.praefix or path.startswith(self.praefix + "/")):
                return "/nicht/vorhanden"  # außerhalb des Unterpfads gibt es nichts (-> 404)
            path = path[len(self.praefix):] or "/"
        return super().translate_path(path)


class Webserver:
    """Statischer Server für ``ordner`` auf 127.0.0.1 (Port frei gewählt, wenn ``port=0``).

    Mit ``unterpfad="kurs"`` liegt die Seite unter ``/kurs/`` und alles andere antwortet 404: so prüfen die
    Tests nebenbei, dass die Seite auch unter einem Unterpfad funktioniert (GitHub Pages, Schul-Webspace).
    """

    def __init__(self, ordner: Path, port: int = 0, unterpfad: str = ""):
        praefix = "/" + unterpfad.strip("/") if unterpfad.strip("/") else ""
        handler_klasse = type("Handler", (_Handler,), {"praefix": praefix})
        handler = functools.partial(handler_klasse, directory=str(ordner))
        self._httpd = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
        self._httpd.daemon_threads = True
        self.url = f"http://127.0.0.1:{self._httpd.server_address[1]}{praefix}"
        threading.Thread(target=self._httpd.serve_forever, daemon=True).start()

    def stop(self) -> None:
        self._httpd.shutdown()
        self._httpd.server_close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.stop()


def starte_chromium(playwright):
    return playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)


@dataclass
class Netzprotokoll:
    anfragen: int = 0
    blockiert: list[str] = field(default_factory=list)   # Ziel außerhalb dieser Maschine
    http_fehler: list[str] = field(default_factory=list)  # Status >= 400
    gescheitert: list[str] = field(default_factory=list)  # abgebrochene lokale Anfragen
    konsole: list[str] = field(default_factory=list)

    def zusammenfassung(self) -> str:
        return (f"{self.anfragen} Anfragen, {len(self.blockiert)} blockiert {self.blockiert[:5]}, "
                f"HTTP-Fehler {self.http_fehler[:5]}, gescheitert {self.gescheitert[:5]}")


@dataclass
class Zelle:
    typ: str            # "code", "markdown", "raw"
    prompt: str         # z. B. "[3]:", "[*]:", "[ ]:"
    ausgaben: list[dict]  # {"mime": ..., "text": ...}

    @property
    def ausgefuehrt(self) -> bool:
        return bool(re.search(r"\[\d+\]", self.prompt))

    @property
    def laeuft(self) -> bool:
        return "*" in self.prompt

    @property
    def fehler(self) -> list[str]:
        return [a["text"] for a in self.ausgaben if a["mime"] == STDERR]

    @property
    def text(self) -> str:
        return "\n".join(a["text"] for a in self.ausgaben)


_ZELLEN_JS = """() => [...document.querySelectorAll('.jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook .jp-Cell')]
  .map(z => ({
    typ: z.classList.contains('jp-CodeCell') ? 'code' : z.classList.contains('jp-MarkdownCell') ? 'markdown' : 'raw',
    prompt: (z.querySelector('.jp-InputPrompt') || {}).textContent || '',
    ausgaben: [...z.querySelectorAll('.jp-OutputArea-output')].map(o => ({
      mime: o.getAttribute('data-mime-type') || '', text: o.textContent || ''}))
  }))"""


_ZELLE = ".jp-NotebookPanel .jp-Notebook .jp-Cell"


def _warte(bedingung, zeit_s: float, meldung) -> None:
    ende = time.monotonic() + zeit_s
    while not bedingung():
        if time.monotonic() > ende:
            raise TimeoutError(meldung())
        time.sleep(0.25)


class Sitzung:
    """Ein frisches Browser-Profil mit einer Seite; blockiert und zählt alles, was nicht lokal ist."""

    def __init__(self, browser, basis_url: str):
        self.basis_url = basis_url
        self.netz = Netzprotokoll()
        self.kontext = browser.new_context(viewport={"width": 1400, "height": 1000}, locale="de-DE")
        self.kontext.route("**/*", self._nur_lokal)
        self.seite = self.kontext.new_page()
        self.seite.on("request", self._zaehle)
        self.seite.on("response", lambda r: r.status >= 400 and self.netz.http_fehler.append(f"{r.status} {r.url}"))
        self.seite.on("requestfailed", self._gescheitert)
        self.seite.on("console", lambda m: self.netz.konsole.append(f"[{m.type}] {m.text}"))
        self.t0 = time.monotonic()

    def _nur_lokal(self, route):
        if urlparse(route.request.url).hostname in LOKAL:
            return route.continue_()
        self.netz.blockiert.append(route.request.url)
        return route.abort()

    def _zaehle(self, anfrage):
        self.netz.anfragen += 1

    def _gescheitert(self, anfrage):
        if urlparse(anfrage.url).hostname in LOKAL:
            self.netz.gescheitert.append(f"{anfrage.url} {anfrage.failure}")

    def schliesse(self) -> None:
        self.kontext.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.schliesse()

    def sekunden(self) -> float:
        return round(time.monotonic() - self.t0, 2)

    # --- Notebook bedienen -------------------------------------------------------------------------------

    def starte(self, pfad: str) -> None:
        """Ruft die Seite mit ``pfad`` auf (z. B. ``course/00_einstieg.ipynb``), ohne auf den Kernel zu warten."""
        self.t0 = time.monotonic()
        self.zeiten: dict[str, float] = {}
        self.seite.goto(f"{self.basis_url}/lab/index.html?path={quote(pfad)}")

    def ist_bereit(self) -> bool:
        """Schaut nach (ohne zu warten), ob Notebook und Kernel da sind; merkt sich die Zeitpunkte."""
        if "notebook_sichtbar" not in self.zeiten and self.seite.locator(_ZELLE).count():
            self.zeiten["notebook_sichtbar"] = self.sekunden()
        if "notebook_sichtbar" in self.zeiten and self.seite.get_by_text(KERNEL_BEREIT).count():
            self.zeiten["kernel_bereit"] = self.sekunden()
            return True
        return False

    def oeffne(self, pfad: str, zeit_s: float = UI_ZEIT_MS / 1000) -> dict[str, float]:
        """Öffnet ``pfad`` und wartet, bis der Kernel bereit ist. Gibt die Zeiten seit dem Aufruf zurück."""
        self.starte(pfad)
        _warte(self.ist_bereit, zeit_s, lambda: f"{pfad}: Kernel nach {zeit_s} s nicht bereit")
        return dict(self.zeiten)

    def menue(self, oben: str, eintrag: str | re.Pattern) -> None:
        self.seite.get_by_role("menuitem", name=oben, exact=True).click()
        self.seite.get_by_role("menuitem", name=eintrag, exact=isinstance(eintrag, str)).click()

    def zellen(self) -> list[Zelle]:
        return [Zelle(**z) for z in self.seite.evaluate(_ZELLEN_JS)]

    def starte_lauf(self, zu_pruefen: list[int] | None = None) -> None:
        """Löscht alle Ausgaben und startet "Alle Zellen ausführen" über die Menüs."""
        self.seite.locator(".jp-NotebookPanel .jp-Notebook").first.click()
        self.menue(MENUE_BEARBEITEN, MENUE_AUSGABEN_LOESCHEN)
        self._lauf_start = time.monotonic()
        self._zu_pruefen = zu_pruefen
        self._erste = None
        self.menue(MENUE_AUSFUEHREN, MENUE_ALLE_AUSFUEHREN)

    def lauf_fertig(self) -> bool:
        """Fertig heißt: keine Zelle läuft mehr, und jede Code-Zelle aus ``zu_pruefen`` (Indizes; Standard:
        alle Code-Zellen) hat eine Ausführungsnummer, oder eine Zelle hat eine Fehlerausgabe (dann bricht
        JupyterLab den Rest ab)."""
        zellen = self.zellen()
        jetzt = time.monotonic() - self._lauf_start
        if self._erste is None and any(z.ausgaben for z in zellen):
            self._erste = jetzt
        indizes = self._zu_pruefen
        if indizes is None:
            indizes = [i for i, z in enumerate(zellen) if z.typ == "code"]
        laeuft = any(z.laeuft for z in zellen)
        fertig = all(i < len(zellen) and zellen[i].ausgefuehrt for i in indizes)
        if not laeuft and (fertig or any(z.fehler for z in zellen)):
            self.zeiten["lauf"] = round(jetzt, 2)
            self.zeiten["erste_ausgabe"] = round(self._erste if self._erste is not None else jetzt, 2)
            return True
        return False

    def alle_ausfuehren(self, zu_pruefen: list[int] | None = None, zeit_s: float = 240) -> dict[str, float]:
        """Löscht alle Ausgaben, führt alle Zellen aus und wartet, bis der Lauf fertig ist (s. ``lauf_fertig``).

        Gibt die Zeiten seit dem Start des Laufs zurück (erste Ausgabe, ganzer Lauf).
        """
        self.starte_lauf(zu_pruefen)
        _warte(self.lauf_fertig, zeit_s,
               lambda: f"Nach {zeit_s} s noch nicht fertig: {[z.prompt for z in self.zellen()]}")
        return {"erste_ausgabe": self.zeiten["erste_ausgabe"], "lauf": self.zeiten["lauf"]}

    def ersetze_zelle(self, index: int, code: str) -> None:
        """Ersetzt den Code einer Zelle wie beim Einfügen aus der Zwischenablage (alles markieren, einfügen)."""
        zelle = self.seite.locator(".jp-NotebookPanel .jp-Notebook .jp-Cell").nth(index)
        zelle.scroll_into_view_if_needed()
        editor = zelle.locator(".jp-InputArea-editor .cm-content")
        editor.click()
        self.seite.keyboard.press("Control+a")
        self.seite.keyboard.insert_text(code)

    def editor_text(self, index: int) -> str:
        """Der Code einer Zelle, wie ihn CodeMirror gerade hält."""
        zelle = self.seite.locator(".jp-NotebookPanel .jp-Notebook .jp-Cell").nth(index)
        return zelle.locator(".jp-InputArea-editor .cm-content").evaluate(
            "el => el.cmView ? el.cmView.view.state.doc.toString() : "
            "[...el.querySelectorAll('.cm-line')].map(l => l.textContent).join('\\n')")

    def bildschirmfoto(self, pfad: Path) -> None:
        pfad.parent.mkdir(parents=True, exist_ok=True)
        self.seite.screenshot(path=str(pfad), full_page=True)


@dataclass
class Auftrag:
    """Ein Notebook, das ``fuehre_notebooks_aus`` in einem frischen Profil öffnet und ganz ausführt."""

    pfad: str                                  # Pfad auf der Seite, z. B. course/00_einstieg.ipynb
    zu_pruefen: list[int] | None = None        # Code-Zellen, die laufen müssen (None: alle)
    vorbereiten: Callable[[Sitzung], object] | None = None  # vor dem Lauf, sobald der Kernel bereit ist
    name: str = ""                             # Schlüssel im Ergebnis (Standard: pfad)

    def __post_init__(self):
        self.name = self.name or self.pfad


def fuehre_notebooks_aus(browser, basis_url: str, auftraege: list[Auftrag], parallel: int = 2,
                         zeit_s: float = 300, fotos: Path | None = None) -> dict[str, dict]:
    """Führt mehrere Notebooks aus, bis zu ``parallel`` gleichzeitig, jedes in einem frischen Profil.

    Der Kernelstart (der größte Teil der Zeit) läuft im Browser; während eine Seite startet, kann eine
    andere schon rechnen. Ergebnis je Auftrag: ``zeiten``, ``zellen``, ``netz``, ``vorbereitet`` (was
    ``vorbereiten`` zurückgab) und ``fehler`` (Text oder None).
    """
    wartend = list(auftraege)
    aktiv: list[dict] = []
    ergebnisse: dict[str, dict] = {}

    def beende(a: dict, fehler: str | None) -> None:
        s, auftrag = a["sitzung"], a["auftrag"]
        zellen: list[Zelle] = []
        try:
            zellen = s.zellen()
            if fotos is not None:
                s.bildschirmfoto(fotos / (re.sub(r"[^\w.-]+", "_", auftrag.name) + ".png"))
        except Exception as nachher:  # noqa: BLE001
            fehler = fehler or f"Zellen nicht lesbar: {nachher}"
        finally:
            s.schliesse()
        ergebnisse[auftrag.name] = {"zeiten": dict(s.zeiten), "zellen": zellen, "netz": s.netz,
                                    "vorbereitet": a.get("vorbereitet"), "fehler": fehler}
        aktiv.remove(a)

    while wartend or aktiv:
        while wartend and len(aktiv) < parallel:
            auftrag = wartend.pop(0)
            s = Sitzung(browser, basis_url)
            a = {"auftrag": auftrag, "sitzung": s, "stand": "laedt", "ende": time.monotonic() + zeit_s}
            aktiv.append(a)
            try:
                s.starte(auftrag.pfad)
            except Exception as fehler:  # noqa: BLE001 – als Ergebnis melden, die anderen laufen weiter
                beende(a, f"Seite nicht geladen: {fehler}")
        for a in list(aktiv):
            s, auftrag = a["sitzung"], a["auftrag"]
            try:
                if time.monotonic() > a["ende"]:
                    beende(a, f"Zeitüberschreitung ({zeit_s} s) im Zustand {a['stand']}")
                elif a["stand"] == "laedt" and s.ist_bereit():
                    if auftrag.vorbereiten is not None:
                        a["vorbereitet"] = auftrag.vorbereiten(s)
                    s.starte_lauf(auftrag.zu_pruefen)
                    a["stand"] = "laeuft"
                elif a["stand"] == "laeuft" and s.lauf_fertig():
                    beende(a, None)
            except Exception as fehler:  # noqa: BLE001
                beende(a, f"{type(fehler).__name__}: {fehler}")
        time.sleep(0.25)
    return ergebnisse
