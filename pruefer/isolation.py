"""Lernendencode isoliert bewerten: frischer Kindprozess, Zeit- und Speichergrenzen, Prüfung je Test.

Ablauf (der Eltern-Prozess ist vertrauenswürdig und führt nie Lernendencode aus):

0. Der Eltern-Prozess forkt einmal eine *Vorlage*: Sie startet pytest und sammelt alle nötigen Bewerter
   `test_F.py`. Für jedes Notebook schickt der Eltern-Prozess ihr über einen Unix-Socket einen Auftrag
   samt Pipe; die Vorlage forkt dafür einen *Lader*. So zahlt nicht jedes Notebook den Start von pytest.
1. Der Lader setzt ein Speicherlimit (RLIMIT_AS), lenkt stdout und stderr nach /dev/null, schließt alle
   geerbten Dateien außer seiner Pipe und bildet eine eigene Prozessgruppe.
2. Dann führt er die gefilterten Zellen aus (jede für sich) und vergleicht nach jeder Zelle, ob Bewerter,
   pytest oder fake_model verändert wurden (`schutz`). Er meldet jeden Schritt über die Pipe.
   Hängt eine Zelle, beendet sie den Prozess oder manipuliert sie etwas, beendet der Eltern-Prozess den
   Lader, merkt sich die Zelle als übersprungen und beginnt von vorn ohne sie.
3. Die Tests laufen in einem Enkelprozess, jeder mit hartem Zeitlimit (SIGKILL). Ein Test, dessen Enkel
   ohne Ergebnis endet (sys.exit, os._exit, Absturz) oder hängt, zählt als nicht bestanden; die übrigen
   Tests laufen dann in einem neuen Enkel, ebenso nach einer erkannten Manipulation. Ergebnisse tragen ein
   zufälliges Präfix; alles andere auf der Pipe wird ignoriert.

Ohne `os.fork` (Windows, Pyodide) läuft alles im selben Prozess, ohne Schutz vor Endlosschleifen.
"""

import gc
import json
import os
import secrets
import select
import signal
import sys
import time
import warnings
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from pruefer import orte
from pruefer.ergebnis import AufgabenErgebnis, NotebookErgebnis, Pruefung
from pruefer.notebook import Aufgabe, CodeZelle

KANN_FORKEN = hasattr(os, "fork") and sys.platform != "emscripten"
INI = Path(__file__).with_name("bewertung.ini")
MAX_MELDUNG = 3000


@dataclass
class Grenzen:
    test_sekunden: float = 3.0  # je Test (hart, SIGKILL)
    zelle_sekunden: float = 5.0  # je Notebook-Zelle beim Laden
    start_sekunden: float = 60.0  # pytest-Start und Sammeln der Bewerter
    speicher_mb: int = 1024  # zusätzlicher Adressraum über dem Stand beim Start


@dataclass
class Auftrag:
    """Was bewertet wird: Aufgaben, der Code der Zellen oder schon fertige Werte (z. B. im Kernel)."""

    name: str  # für Berichte, meist der Notebook-Pfad
    aufgaben: list[Aufgabe]
    zellen: list[CodeZelle] = field(default_factory=list)
    werte: dict | None = None
    arbeitsverzeichnis: str | None = None
    hinweise: list[str] = field(default_factory=list)
    unbrauchbar: list[str] = field(default_factory=list)


# --------------------------------------------------------------------------------------- Kindseite


class _Sender:
    def __init__(self, fd: int | None, praefix: str):
        self.fd, self.praefix, self.liste = fd, praefix, []

    def __call__(self, **nachricht):
        if self.fd is None:
            self.liste.append(nachricht)
            return
        daten = (self.praefix + json.dumps(nachricht, ensure_ascii=False) + "\n").encode()
        while daten:
            try:
                geschrieben = os.write(self.fd, daten)
            except OSError:
                return
            daten = daten[geschrieben:]


def _kurz(text: str) -> str:
    text = text.strip()
    return text if len(text) <= MAX_MELDUNG else text[:MAX_MELDUNG] + " …(gekürzt)"


def _ort_im_lernendencode(tb) -> str:
    ort = ""
    while tb is not None:
        datei = tb.tb_frame.f_code.co_filename
        if datei.startswith("<Zelle") or datei.startswith("<Lösung"):
            ort = f" (in {datei.strip('<>')}, Zeile {tb.tb_lineno})"
        tb = tb.tb_next
    return ort


def meldung_aus_ausnahme(excinfo) -> str:
    """Deutsche Meldung für eine gescheiterte Prüfung, ohne Quelltext des Bewerters."""
    import _pytest.outcomes as outcomes

    wert = excinfo.value
    if isinstance(wert, outcomes.Skipped):
        return "Die Prüfung wurde übersprungen (pytest.skip). Das zählt als nicht bestanden."
    if isinstance(wert, outcomes.Failed):
        return _kurz(str(wert.msg or "Prüfung fehlgeschlagen."))
    if isinstance(wert, AssertionError) and excinfo.traceback and not _ort_im_lernendencode(excinfo.tb):
        text = str(wert).split("\nassert ", 1)[0]
        return _kurz(text or "Die Prüfung ist fehlgeschlagen (ohne Meldung).")
    art = type(wert).__name__
    text = str(wert).strip().splitlines()[0] if str(wert).strip() else ""
    return _kurz(f"Deine Funktion hat eine unerwartete Ausnahme ausgelöst: {art}"
                 f"{': ' + text if text else ''}{_ort_im_lernendencode(excinfo.tb)}.")


def titel(item) -> str:
    doc = getattr(getattr(item, "obj", None), "__doc__", None) or ""
    zeile = doc.strip().splitlines()[0].strip() if doc.strip() else ""
    return zeile or item.name


class _BewertungsPlugin:
    """pytest-Plugin im Lader: liefert die Werte als Fixtures und führt jeden Test in einem Enkel aus."""

    def __init__(self, auftrag: Auftrag, sende: _Sender, grenzen: Grenzen, forken: bool,
                 vorlage: list[Auftrag] | None = None, kanal=None):
        self.auftrag, self.sende, self.grenzen, self.forken = auftrag, sende, grenzen, forken
        self.vorlage, self.kanal = vorlage, kanal  # Vorlage-Betrieb: sammeln, dann je Auftrag einen Lader forken
        self.sammelfehler: list[dict] = []
        self.werte: dict = {}
        self.fehlend: dict[str, str] = {}
        self.ausnahmen: dict = {}
        self.vorher: dict | None = None
        self.bewerter = orte.bewerter_verzeichnis()

    # -- pytest-Hooks
    def pytest_configure(self, config):
        from pruefer.fixtures import FEHLEND, WERTE

        config.stash[WERTE] = self.werte
        config.stash[FEHLEND] = self.fehlend

    def pytest_collectreport(self, report):
        if report.failed:
            fehler = {"art": "sammelfehler", "ort": str(report.nodeid),
                      "meldung": _kurz(str(report.longrepr).strip().splitlines()[-1])}
            self.sammelfehler.append(fehler)
            if self.vorlage is None:
                self.sende(**fehler)

    def pytest_collection_finish(self, session):
        if self.vorlage is None:
            self._melde_sammlung(session.items)
            self._lade_werte()

    def _melde_sammlung(self, items):
        tests: dict[str, list] = {}
        for item in items:
            tests.setdefault(_aufgabe_von(item), []).append([item.nodeid, titel(item)])
        self.sende(art="sammlung", tests=tests)

    def pytest_runtest_makereport(self, item, call):
        if call.excinfo is not None and item.nodeid not in self.ausnahmen:
            self.ausnahmen[item.nodeid] = call.excinfo

    @pytest.hookimpl(tryfirst=True)
    def pytest_runtestloop(self, session):
        if self.vorlage is not None:
            self._bediene(session)
        else:
            self._fuehre_tests_aus(session.items)
        return True

    def _bediene(self, session):
        """Vorlage: wartet auf Aufträge des Eltern-Prozesses und forkt je Auftrag einen Lader.

        Jede Nachricht trägt (Nummer des Auftrags, übersprungene Zellen, Präfix) und das Schreibende der
        Pipe, über die der Lader dem Eltern-Prozess berichtet. pytest ist dann schon gestartet und die
        Bewerter sind gesammelt; das spart jedem Notebook diesen Teil.
        """
        import socket

        while True:
            _einsammeln(blockieren=False)  # beendete Lader aufheben (ihre CPU-Zeit zählt so mit)
            try:
                daten, fds, _, _ = socket.recv_fds(self.kanal, 65536, 1)
            except OSError:
                break
            if not daten or not fds:
                _einsammeln(blockieren=True)
                break
            nummer, ohne, praefix = json.loads(daten)
            pid = _fork()
            if pid == 0:
                try:
                    self.kanal.close()
                    self._als_lader(session, self.vorlage[nummer], set(ohne), fds[0], praefix)
                finally:
                    os._exit(0)
            os.close(fds[0])

    def _als_lader(self, session, auftrag: Auftrag, ohne: set, fd: int, praefix: str):
        self.sende = _Sender(fd, praefix)
        self.sende(art="pid", pid=os.getpid())
        _abschotten(self.grenzen, auftrag.arbeitsverzeichnis, fd)
        zellen = [z for z in auftrag.zellen if z.nummer not in ohne]
        self.auftrag = Auftrag(auftrag.name, auftrag.aufgaben, zellen, auftrag.werte, auftrag.arbeitsverzeichnis)
        namen = {a.name for a in auftrag.aufgaben}
        for fehler in self.sammelfehler:
            if any(f"test_{n}.py" in fehler["ort"] for n in namen):
                self.sende(**fehler)
        items = [i for i in session.items if _aufgabe_von(i) in namen]
        try:
            self._melde_sammlung(items)
            self._lade_werte()
            self._fuehre_tests_aus(items)
        except BaseException as e:  # noqa: BLE001
            self.sende(art="absturz", meldung=f"{type(e).__name__}: {e}")
        self.sende(art="ende")

    def _fuehre_tests_aus(self, items):
        offen = []
        for item in items:
            aufgabe = _aufgabe_von(item)
            if aufgabe in self.fehlend:
                self._melde(item, False, self.fehlend[aufgabe])
            elif self.forken:
                offen.append(item)
            else:
                self.sende(art="test_start", nodeid=item.nodeid)
                bestanden, meldung, _ = self._fuehre_test_aus(item)
                self._melde(item, bestanden, meldung)
        while offen:
            offen = self._im_enkel(offen)

    # -- Laden der Lernendenwerte
    def _lade_werte(self):
        from pruefer import schutz

        if self.auftrag.werte is not None:
            self.werte.update(self.auftrag.werte)
        else:
            namensraum = {"__name__": "__main__", "__builtins__": __builtins__}
            self.vorher = schutz.schnappschuss(self.bewerter)
            for zelle in self.auftrag.zellen:
                self.sende(art="zelle_start", zelle=zelle.nummer)
                fehler = None
                try:
                    exec(zelle.codeobjekt, namensraum)
                except BaseException as e:  # noqa: BLE001 - Lernendencode darf alles werfen
                    fehler = f"{type(e).__name__}: {str(e).strip()[:300]}"
                geaendert = schutz.veraendert(self.vorher, self.bewerter)
                if geaendert and self.forken:
                    self.sende(art="manipulation", zelle=zelle.nummer, namen=geaendert[:5])
                    os._exit(0)  # der Eltern-Prozess startet neu, ohne diese Zelle
                self.sende(art="zelle_ende", zelle=zelle.nummer, fehler=fehler)
            self.werte.update(namensraum)
        for aufgabe in self.auftrag.aufgaben:
            if aufgabe.name not in self.werte:
                self.fehlend[aufgabe.name] = _fehlt_meldung(aufgabe, self.werte)
                self.sende(art="fehlend", aufgabe=aufgabe.name, meldung=self.fehlend[aufgabe.name])
        if self.vorher is None:
            self.vorher = schutz.schnappschuss(self.bewerter)

    # -- ein Test
    def _fuehre_test_aus(self, item) -> tuple[bool, str, bool]:
        """Führt einen Test aus: (bestanden, Meldung, manipuliert)."""
        from _pytest.runner import runtestprotocol

        from pruefer import schutz

        try:
            berichte = runtestprotocol(item, log=False, nextitem=None)
        except BaseException as e:  # noqa: BLE001 - z. B. KeyboardInterrupt aus Lernendencode
            return False, f"Der Test wurde abgebrochen: {type(e).__name__}.", True
        geaendert = schutz.veraendert(self.vorher, self.bewerter) if self.vorher else []
        if geaendert:
            return False, ("Dein Code hat während der Prüfung den Bewerter oder das Fake-Modell verändert ("
                           + ", ".join(geaendert[:3]) + "). Das ist nicht erlaubt; die Prüfung zählt nicht."), True
        gescheitert = [b for b in berichte if b.failed or b.skipped]
        aufruf_ok = any(b.when == "call" and b.passed for b in berichte)
        if aufruf_ok and not gescheitert:
            return True, "", False
        excinfo = self.ausnahmen.get(item.nodeid)
        if excinfo is not None:
            return False, meldung_aus_ausnahme(excinfo), False
        return False, "Die Prüfung ist fehlgeschlagen.", False

    def _im_enkel(self, items: list) -> list:
        """Führt `items` der Reihe nach in einem Enkelprozess aus; gibt zurück, was danach noch offen ist.

        Jeder Test hat ein hartes Zeitlimit. Hängt der Enkel oder endet er ohne Ergebnis, zählt der laufende
        Test als nicht bestanden, und die übrigen Tests laufen in einem neuen Enkel. Nach einer erkannten
        Manipulation beendet sich der Enkel selbst, damit der nächste Test wieder sauber beginnt.
        """
        lesen, schreiben = os.pipe()
        gc.freeze()  # der Enkel soll die geerbten Objekte nicht anfassen (Copy-on-Write bleibt billig)
        pid = _fork()
        if pid == 0:
            gc.disable()
            os.close(lesen)
            try:
                for nummer, item in enumerate(items):
                    os.write(schreiben, f"{self.sende.praefix}{nummer}\n".encode())
                    bestanden, meldung, manipuliert = self._fuehre_test_aus(item)
                    antwort = json.dumps({"n": nummer, "b": bestanden, "m": meldung}) + "\n"
                    os.write(schreiben, (self.sende.praefix + antwort).encode())
                    if manipuliert:
                        break
            finally:
                os._exit(0)
        os.close(schreiben)
        leser = _ZeilenLeser(lesen, self.sende.praefix)
        laufend = None
        erledigt = -1
        grund = None
        while True:
            frist = time.monotonic() + (self.grenzen.test_sekunden if laufend is not None else 30.0)
            zeile = leser.naechste(frist)
            if zeile is None:  # Zeitlimit
                grund = (f"Zeitlimit von {self.grenzen.test_sekunden:g} s überschritten. Läuft deine Funktion in "
                         "einer Endlosschleife oder wartet sie auf etwas?")
                break
            if zeile == "":  # Enkel beendet
                grund = ("Der Prüfprozess wurde beendet, bevor die Prüfung fertig war (sys.exit, os._exit oder ein "
                         "Absturz in deinem Code?).")
                break
            if zeile.isdigit():
                laufend = int(zeile)
                if 0 <= laufend < len(items):
                    self.sende(art="test_start", nodeid=items[laufend].nodeid)
                continue
            try:
                erg = json.loads(zeile)
                nummer = int(erg["n"])
                if nummer != laufend:
                    continue
                self._melde(items[nummer], erg["b"] is True, str(erg["m"]))
                erledigt, laufend = nummer, None
            except (ValueError, KeyError, TypeError):
                continue
        _toete(pid)
        os.close(lesen)
        if laufend is not None and laufend > erledigt:
            self._melde(items[laufend], False, grund)
            erledigt = laufend
        return items[erledigt + 1:]

    def _melde(self, item, bestanden: bool, meldung: str):
        self.sende(art="test", aufgabe=_aufgabe_von(item), nodeid=item.nodeid, titel=titel(item),
                   bestanden=bestanden, meldung=meldung)


class _ZeilenLeser:
    """Liest Zeilen mit einem Präfix aus einer Pipe; andere Zeilen (z. B. von Lernendencode) fallen weg."""

    def __init__(self, fd: int, praefix: str):
        self.fd, self.praefix, self.puffer, self.zeilen, self.ende = fd, praefix, b"", [], False

    def naechste(self, frist: float) -> str | None:
        """Nächste Zeile ohne Präfix; "" bei Dateiende, None wenn die Frist abläuft."""
        while not self.zeilen:
            if self.ende:
                return ""
            rest = frist - time.monotonic()
            if rest <= 0:
                return None
            bereit, _, _ = select.select([self.fd], [], [], rest)
            if not bereit:
                continue
            stueck = os.read(self.fd, 65536)
            if not stueck:
                self.ende = True
                continue
            self.puffer = (self.puffer + stueck)[-(4 << 20):]
            *fertig, self.puffer = self.puffer.split(b"\n")
            for roh in fertig:
                text = roh.decode(errors="replace")
                if text.startswith(self.praefix):
                    self.zeilen.append(text[len(self.praefix):])
        return self.zeilen.pop(0)


def _einsammeln(blockieren: bool):
    """Beendete Kindprozesse aufheben; mit blockieren=True auf alle warten."""
    while True:
        try:
            pid, _ = os.waitpid(-1, 0 if blockieren else os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return


def _aufgabe_von(item) -> str:
    return Path(str(item.path)).stem[len("test_"):]


def _fehlt_meldung(aufgabe: Aufgabe, namensraum: dict) -> str:
    import difflib

    ort = f" (erwartet in Zelle {aufgabe.zelle})" if aufgabe.zelle else ""
    meldung = f"`{aufgabe.name}` ist in deinem Notebook nicht definiert{ort}."
    kandidaten = [n for n in namensraum if not n.startswith("_")]
    aehnlich = difflib.get_close_matches(aufgabe.name, kandidaten, n=2, cutoff=0.6)
    if aehnlich:
        meldung += " Hast du sie umbenannt? Gefunden: " + ", ".join(f"`{n}`" for n in aehnlich) + "."
    else:
        meldung += " Der Name muss genau so heißen wie in der Aufgabe."
    return meldung


def _fork() -> int:
    with warnings.catch_warnings():  # Python >= 3.12 warnt bei fork mit Threads (z. B. im Kernel)
        warnings.simplefilter("ignore")
        return os.fork()


def _toete(pid: int):
    for ziel in (lambda: os.killpg(pid, signal.SIGKILL), lambda: os.kill(pid, signal.SIGKILL)):
        try:
            ziel()
        except OSError:
            pass
    try:
        os.waitpid(pid, 0)
    except ChildProcessError:
        pass


# Eingebaute pytest-Plugins, die beim Bewerten nur Zeit kosten (Bewerter brauchen sie nicht).
_UNNOETIG = ("cacheprovider", "terminal", "nbval", "doctest", "junitxml", "pastebin", "stepwise", "faulthandler",
             "setuponly", "setupplan", "logging", "debugging", "threadexception", "unraisableexception",
             "legacypath", "warnings")


def _pytest_argumente(auftrag: Auftrag) -> list[str]:
    verzeichnis = orte.bewerter_verzeichnis()
    dateien = [str(verzeichnis / f"test_{a.name}.py") for a in auftrag.aufgaben]
    return [*dateien, "-c", str(INI), "--rootdir", str(verzeichnis), "--confcutdir", str(verzeichnis),
            *[a for p in _UNNOETIG for a in ("-p", f"no:{p}")], "--assert=plain",
            "--import-mode=importlib", "--capture=no"]


def _abschotten(grenzen: Grenzen, arbeitsverzeichnis: str | None, behalten: int):
    """Im Lader: eigene Prozessgruppe, keine Ein-/Ausgabe, Speichergrenze, keine fremden pytest-Plugins."""
    os.setpgid(0, 0)
    os.closerange(3, behalten)  # geerbte Dateien (andere Pipes, Ausgaben eines umgebenden pytest) schließen
    os.closerange(behalten + 1, 1 << 16)
    for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGALRM, signal.SIGPIPE):
        signal.signal(sig, signal.SIG_DFL)
    leer = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(leer, fd)
    sys.stdin = open(os.devnull)  # noqa: SIM115 - lebt so lange wie der Prozess
    sys.stdout = sys.stderr = open(os.devnull, "w")  # noqa: SIM115
    os.environ["PYTEST_DISABLE_PLUGIN_AUTOLOAD"] = "1"
    os.environ.pop("PYTEST_ADDOPTS", None)
    warnings.simplefilter("ignore")
    if arbeitsverzeichnis:
        try:
            os.chdir(arbeitsverzeichnis)
        except OSError:
            pass
    # Ein umgebendes pytest (z. B. beim Testen der Mutanten) darf die Bewerter nicht umschreiben.
    sys.meta_path[:] = [f for f in sys.meta_path if type(f).__name__ != "AssertionRewritingHook"]
    try:
        import resource

        seiten = int(open("/proc/self/statm").read().split()[0])  # noqa: SIM115
        jetzt = seiten * os.sysconf("SC_PAGE_SIZE")
        grenze = jetzt + grenzen.speicher_mb * 1024 * 1024
        resource.setrlimit(resource.RLIMIT_AS, (grenze, grenze))
    except (ImportError, OSError, ValueError):
        pass


def _vorlage(auftraege: list[Auftrag], kanal, grenzen: Grenzen):
    """Prozess, der pytest einmal startet, alle nötigen Bewerter sammelt und dann Lader forkt."""
    os.setpgid(0, 0)
    leer = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(leer, fd)
    sys.stdout = sys.stderr = open(os.devnull, "w")  # noqa: SIM115
    os.environ["PYTEST_DISABLE_PLUGIN_AUTOLOAD"] = "1"
    os.environ.pop("PYTEST_ADDOPTS", None)
    warnings.simplefilter("ignore")
    sys.meta_path[:] = [f for f in sys.meta_path if type(f).__name__ != "AssertionRewritingHook"]
    namen = sorted({a.name for auftrag in auftraege for a in auftrag.aufgaben})
    gesamt = Auftrag("vorlage", [Aufgabe(n, 1.0) for n in namen])
    plugin = _BewertungsPlugin(gesamt, _Sender(None, ""), grenzen, forken=True, vorlage=auftraege, kanal=kanal)
    try:
        pytest.main(_pytest_argumente(gesamt), plugins=[plugin])
    finally:
        os._exit(0)


class _VorlageProzess:
    """Eltern-Seite der Vorlage: startet sie und schickt ihr Aufträge samt Pipe."""

    def __init__(self, auftraege: list[Auftrag], grenzen: Grenzen):
        import socket

        self.kanal, kind = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        pid = _fork()
        if pid == 0:
            try:
                self.kanal.close()
                os.closerange(3, kind.fileno())
                os.closerange(kind.fileno() + 1, 1 << 16)
                _vorlage(auftraege, kind, grenzen)
            finally:
                os._exit(0)
        kind.close()
        self.pid = pid

    def starte(self, nummer: int, ohne: list[int], praefix: str, fd: int):
        import socket

        socket.send_fds(self.kanal, [json.dumps([nummer, ohne, praefix]).encode()], [fd])

    def beenden(self):
        """Kanal schließen; die Vorlage hebt ihre Lader auf und endet. Sonst nach 5 s beenden."""
        self.kanal.close()
        frist = time.monotonic() + 5.0
        while time.monotonic() < frist:
            try:
                pid, _ = os.waitpid(self.pid, os.WNOHANG)
            except ChildProcessError:
                return
            if pid:
                return
            time.sleep(0.01)
        _toete(self.pid)


def _lader(auftrag: Auftrag, fd: int | None, praefix: str, grenzen: Grenzen, forken: bool):
    sende = _Sender(fd, praefix)
    plugin = _BewertungsPlugin(auftrag, sende, grenzen, forken)
    try:
        code = pytest.main(_pytest_argumente(auftrag), plugins=[plugin])
        if code not in (pytest.ExitCode.OK, pytest.ExitCode.TESTS_FAILED):
            sende(art="absturz", meldung=f"pytest endete mit Exitcode {int(code)}")
    except BaseException as e:  # noqa: BLE001
        sende(art="absturz", meldung=f"{type(e).__name__}: {e}")
    sende(art="ende")
    return plugin


# ------------------------------------------------------------------------------------- Elternseite


class Lauf:
    """Bewertet einen Auftrag in einem Lader-Prozess; startet neu, wenn eine Zelle hängt oder stört."""

    def __init__(self, auftrag: Auftrag, grenzen: Grenzen, vorlage: _VorlageProzess | None = None,
                 nummer: int = 0):
        self.auftrag, self.grenzen, self.vorlage, self.nummer = auftrag, grenzen, vorlage, nummer
        self.uebersprungen: dict[int, str] = {}
        self.hinweise: list[str] = list(auftrag.hinweise)
        self.unbrauchbar: list[str] = list(auftrag.unbrauchbar)
        self.fertig = False
        self.pid: int | None = None
        self.fd: int | None = None
        self.ergebnis: NotebookErgebnis | None = None
        self.beginn = time.monotonic()
        self._zuruecksetzen()

    def _zuruecksetzen(self):
        self.praefix = "@" + secrets.token_hex(8) + "@"
        self.tests: dict[str, list] | None = None
        self.resultate: dict[str, dict] = {}
        self.fehlend: dict[str, str] = {}
        self.zellfehler: dict[int, str] = {}
        self.zelle: int | None = None
        self.puffer = b""
        self.gelesen = 0
        self.ende_gemeldet = False
        self.absturz: str | None = None
        self.frist = time.monotonic() + self.grenzen.start_sekunden

    # -- Steuerung
    def starte(self):
        self._zuruecksetzen()
        if self.vorlage is not None:
            lesen, schreiben = os.pipe()
            self.vorlage.starte(self.nummer, sorted(self.uebersprungen), self.praefix, schreiben)
            os.close(schreiben)
            self.pid, self.fd = None, lesen
            return
        zellen = [z for z in self.auftrag.zellen if z.nummer not in self.uebersprungen]
        auftrag = Auftrag(self.auftrag.name, self.auftrag.aufgaben, zellen, self.auftrag.werte,
                          self.auftrag.arbeitsverzeichnis)
        lesen, schreiben = os.pipe()
        pid = _fork()
        if pid == 0:
            try:
                os.close(lesen)
                _abschotten(self.grenzen, auftrag.arbeitsverzeichnis, schreiben)
                _lader(auftrag, schreiben, self.praefix, self.grenzen, forken=True)
            finally:
                os._exit(0)
        os.close(schreiben)
        self.pid, self.fd = pid, lesen

    def lesbar(self):
        """Neue Daten vom Lader verarbeiten (nach select)."""
        stueck = os.read(self.fd, 65536)
        if not stueck:
            self._prozess_zu_ende("Der Prüfprozess endete vorzeitig")
            return
        self.gelesen += len(stueck)
        if self.gelesen > 50 * 1024 * 1024:
            self._prozess_zu_ende("Der Prüfprozess hat zu viele Daten geschickt")
            return
        self.puffer += stueck
        *zeilen, self.puffer = self.puffer.split(b"\n")
        for zeile in zeilen:
            text = zeile.decode(errors="replace")
            if text.startswith(self.praefix):
                try:
                    self._verarbeite(json.loads(text[len(self.praefix):]))
                except (ValueError, KeyError, TypeError):
                    pass

    def zeit_abgelaufen(self):
        if self.zelle is not None:
            self._prozess_zu_ende(f"Zeitlimit von {self.grenzen.zelle_sekunden:g} s überschritten")
        else:
            self._prozess_zu_ende("Zeitlimit des Prüfprozesses überschritten")

    # -- Nachrichten
    def _verarbeite(self, n: dict):
        art = n["art"]
        jetzt = time.monotonic()
        if art == "pid":
            self.pid = int(n["pid"])
        elif art == "sammlung":
            self.tests = n["tests"]
        elif art == "zelle_start":
            self.zelle = int(n["zelle"])
            self.frist = jetzt + self.grenzen.zelle_sekunden
        elif art == "zelle_ende":
            if n.get("fehler"):
                self.zellfehler[int(n["zelle"])] = str(n["fehler"])
            self.zelle = None
            self.frist = jetzt + self.grenzen.start_sekunden
        elif art == "manipulation":
            nummer = int(n["zelle"])
            self.uebersprungen[nummer] = ("verändert Teile des Bewerters oder des Fake-Modells ("
                                          + ", ".join(map(str, n.get("namen", []))) + ")")
            self.zelle = None
            self._neu_starten()
        elif art == "fehlend":
            self.fehlend[n["aufgabe"]] = n["meldung"]
        elif art == "test_start":
            self.frist = jetzt + self.grenzen.test_sekunden + 10
        elif art == "test":
            self.resultate[n["nodeid"]] = n
            self.frist = jetzt + self.grenzen.start_sekunden
        elif art == "sammelfehler":
            self.unbrauchbar.append(f"Bewerter {n['ort']} ließ sich nicht laden: {n['meldung']} "
                                    "(Fehler im Kurs, bitte melden)")
        elif art == "absturz":
            self.absturz = str(n["meldung"])
        elif art == "ende":
            self.ende_gemeldet = True

    def _prozess_zu_ende(self, grund: str):
        self._beende_lader()
        if self.ende_gemeldet:
            self._abschliessen(None)
        elif self.zelle is not None:
            self.uebersprungen[self.zelle] = (f"{grund}; die Zelle hat den Prüfprozess angehalten oder beendet "
                                              "(Endlosschleife, sys.exit, os._exit?)")
            self.zelle = None
            self._neu_starten()
        else:
            self._abschliessen(grund)

    def _beende_lader(self):
        if self.pid is not None:
            _toete(self.pid)
            self.pid = None
        if self.fd is not None:
            os.close(self.fd)
            self.fd = None

    def _neu_starten(self):
        self._beende_lader()
        if len(self.uebersprungen) > len(self.auftrag.zellen) + 1:
            self._abschliessen("Zu viele Neustarts")
            return
        self.starte()

    def _abschliessen(self, grund: str | None):
        self.fertig = True
        ausblenden = _bewerter_zeilen(tuple(a.name for a in self.auftrag.aufgaben))
        erg = NotebookErgebnis(self.auftrag.name, hinweise=self.hinweise, unbrauchbar=self.unbrauchbar)
        namen = {z.nummer: z.bezeichnung for z in self.auftrag.zellen}
        for nummer, text in sorted(self.uebersprungen.items()):
            erg.hinweise.append(f"{namen.get(nummer, f'Zelle {nummer}')} wurde übersprungen: {text}.")
        for nummer, text in sorted(self.zellfehler.items()):
            erg.hinweise.append(f"{namen.get(nummer, f'Zelle {nummer}')} löste beim Laden einen Fehler aus: "
                                f"{text}")
        for text in self.fehlend.values():
            erg.unbrauchbar.append(text)
        if self.absturz:
            erg.unbrauchbar.append(f"Die Bewertung ist abgestürzt: {self.absturz}")
        nicht_gelaufen = grund or "Die Prüfung wurde nicht ausgeführt"
        for aufgabe in self.auftrag.aufgaben:
            a = AufgabenErgebnis(aufgabe.name, aufgabe.max_punkte)
            tests = (self.tests or {}).get(aufgabe.name)
            if not tests:
                a.pruefungen.append(Pruefung(f"Bewertung von {aufgabe.name}", False,
                                             f"{nicht_gelaufen}; es liegen keine Prüfergebnisse vor."))
            for nodeid, test_titel in tests or []:
                r = self.resultate.get(nodeid)
                if r is None:
                    a.pruefungen.append(Pruefung(test_titel, False, f"{nicht_gelaufen}."))
                else:
                    meldung = _ohne_bewerter_quelltext(str(r["meldung"]), ausblenden)
                    a.pruefungen.append(Pruefung(test_titel, r["bestanden"] is True, meldung))
            erg.aufgaben.append(a)
        erg.sekunden = time.monotonic() - self.beginn
        self.ergebnis = erg


def _bewerter_zeilen(namen: tuple[str, ...]) -> list[str]:
    """Längere Quelltextzeilen der Bewerter; sie dürfen in keiner Meldung auftauchen."""
    zeilen = set()
    for name in namen:
        datei = orte.bewerter_datei(name)
        if datei is None:
            continue
        for zeile in datei.read_text(encoding="utf-8").splitlines():
            zeile = zeile.strip()
            if len(zeile) >= 25 and not zeile.startswith(("#", '"', "'", "f\"", "f'")):
                zeilen.add(zeile)
    return sorted(zeilen, key=len, reverse=True)


def _ohne_bewerter_quelltext(meldung: str, zeilen: list[str]) -> str:
    """Blendet Quelltext der Bewerter aus, der über einen Stacktrace der Lernenden in eine Meldung geriet."""
    for zeile in zeilen:
        if zeile in meldung:
            meldung = meldung.replace(zeile, "[Zeile des Bewerters ausgeblendet]")
    return meldung


def fuehre_aus(auftraege: list[Auftrag], jobs: int = 1, grenzen: Grenzen | None = None,
               fortschritt=None) -> list[NotebookErgebnis]:
    """Bewertet alle Aufträge, höchstens `jobs` gleichzeitig; Ergebnisse in der Reihenfolge der Aufträge."""
    grenzen = grenzen or Grenzen()
    if not KANN_FORKEN:
        return [_im_prozess(a, grenzen) for a in auftraege]
    _vorladen()
    mit_aufgaben = [a for a in auftraege if a.aufgaben]
    vorlage = _VorlageProzess(auftraege, grenzen) if mit_aufgaben else None
    try:
        return _planen(auftraege, jobs, grenzen, fortschritt, vorlage)
    finally:
        if vorlage is not None:
            vorlage.beenden()


def _planen(auftraege, jobs, grenzen, fortschritt, vorlage) -> list[NotebookErgebnis]:
    warten = list(enumerate(auftraege))
    laufend: dict[int, tuple[int, Lauf]] = {}
    ergebnisse: list[NotebookErgebnis | None] = [None] * len(auftraege)
    try:
        _plane_schleife(auftraege, jobs, grenzen, fortschritt, vorlage, warten, laufend, ergebnisse)
    finally:
        for _, lauf in laufend.values():  # z. B. bei Strg-C: keinen Lader weiterlaufen lassen
            lauf._beende_lader()
    return ergebnisse  # type: ignore[return-value]


def _plane_schleife(auftraege, jobs, grenzen, fortschritt, vorlage, warten, laufend, ergebnisse):
    fertig = 0
    while warten or laufend:
        while warten and len(laufend) < max(1, jobs):
            index, auftrag = warten.pop(0)
            lauf = Lauf(auftrag, grenzen, vorlage, index)
            lauf.beginn = time.monotonic()
            if not auftrag.aufgaben:
                lauf._abschliessen(None)
                ergebnisse[index] = lauf.ergebnis
                fertig += 1
                if fortschritt:
                    fortschritt(fertig, len(auftraege), lauf.ergebnis)
                continue
            lauf.starte()
            laufend[id(lauf)] = (index, lauf)
        if not laufend:
            continue
        fds = {lauf.fd: lauf for _, lauf in laufend.values()}
        warte = max(0.0, min(lauf.frist for lauf in fds.values()) - time.monotonic())
        bereit, _, _ = select.select(list(fds), [], [], warte)
        for fd in bereit:
            fds[fd].lesbar()
        jetzt = time.monotonic()
        for lauf in fds.values():
            if not lauf.fertig and lauf.fd is not None and lauf.frist <= jetzt and lauf.fd not in bereit:
                lauf.zeit_abgelaufen()
        for schluessel, (index, lauf) in list(laufend.items()):
            if lauf.fertig:
                del laufend[schluessel]
                ergebnisse[index] = lauf.ergebnis
                fertig += 1
                if fortschritt:
                    fortschritt(fertig, len(auftraege), lauf.ergebnis)


def _vorladen():
    """Was jeder Lader braucht, einmal im Eltern-Prozess importieren (fork teilt es dann)."""
    import _pytest.runner  # noqa: F401
    import pytest  # noqa: F401

    for name in ("pydantic", "fake_model"):
        try:
            __import__(name)
        except ImportError:
            pass


def _im_prozess(auftrag: Auftrag, grenzen: Grenzen) -> NotebookErgebnis:
    """Notlösung ohne fork: gleicher Ablauf im eigenen Prozess, ohne Zeitlimit und Schutz."""
    alt_env = os.environ.get("PYTEST_DISABLE_PLUGIN_AUTOLOAD")
    os.environ["PYTEST_DISABLE_PLUGIN_AUTOLOAD"] = "1"
    alt_out, alt_err = sys.stdout, sys.stderr
    import io

    sys.stdout, sys.stderr = io.StringIO(), io.StringIO()
    try:
        plugin = _lader(auftrag, None, "", grenzen, forken=False)
    finally:
        sys.stdout, sys.stderr = alt_out, alt_err
        if alt_env is None:
            os.environ.pop("PYTEST_DISABLE_PLUGIN_AUTOLOAD", None)
    lauf = Lauf(auftrag, grenzen)
    for nachricht in plugin.sende.liste:
        lauf._verarbeite(nachricht)
    lauf._abschliessen(None)
    return lauf.ergebnis
