"""nbgrader-Erweiterungen: bewerten außerhalb des Kernels der Lernenden, ohne Abgaben zu verlieren.

Eingetragen in `nbgrader_config.py`:

* `RobusterExporter` (Autograde.exporter_class): Ist eine Abgabe kein lesbares Notebook (kaputtes JSON),
  wird statt ihrer die ausgeteilte Fassung mit leeren Lösungen bewertet (0 Punkte) und eine deutsche
  Erklärung vorangestellt. Stock-nbgrader würde die Abgabe sonst stillschweigend verwerfen.
* `FehlendeBewertungszellen` (nach OverwriteCells): Hat jemand eine Bewertungszelle gelöscht, wird sie
  aus der Quelle wieder eingefügt. So entgeht keine Aufgabe der Bewertung.
* `RobustesAusfuehren` (statt Execute): Stirbt der Kernel (os._exit) oder lässt er sich nicht
  unterbrechen (Endlosschleife mit `except BaseException`), bricht nicht die ganze Abgabe ab; jede nicht
  ausgeführte Bewertungszelle bekommt eine Fehlerausgabe (0 Punkte statt geschenkter voller Punkte).
* `BewerteAusserhalb` (direkt danach): bewertet das Notebook mit `python -m pruefer` in einem frischen
  Prozess aus dem Quelltext neu und überschreibt die Ausgaben jeder Bewertungszelle `test_F`, für die es
  einen Bewerter gibt: Bericht als Text und Teilpunkte (Punkte × bestanden/alle) als Zahl. Fehler der
  sichtbaren Prüfungen aus dem Kernel bleiben stehen (dann 0 Punkte). Was im Kernel manipuliert wurde
  (z. B. `pruefer.pruefe` ersetzt), hat damit keine Wirkung.
"""

import copy
import json
import os
import subprocess
import sys
import tempfile

import nbformat
from nbconvert.exporters import NotebookExporter
from nbformat.v4 import new_markdown_cell, new_output
from nbgrader.preprocessors import Execute, NbGraderPreprocessor
from traitlets import Float

from pruefer import orte

ABBRUCH = "KernelAbbruch"


def _nbgrader(zelle) -> dict:
    return zelle.get("metadata", {}).get("nbgrader", {}) or {}


def _ist_bewertungszelle(zelle) -> bool:
    nbg = _nbgrader(zelle)
    return zelle.get("cell_type") == "code" and bool(nbg.get("grade")) and not nbg.get("solution")


def _kursverzeichnis(objekt):
    """Das CourseDirectory des nbgrader-Konverters (Preprocessor -> Exporter -> Konverter)."""
    while objekt is not None:
        if getattr(objekt, "coursedir", None) is not None:
            return objekt.coursedir
        objekt = getattr(objekt, "parent", None)
    return None


def _quellnotebook(coursedir, assignment: str, notebook: str):
    """Die Quelle (mit Lösungen) eines Blatts als NotebookNode oder None."""
    pfad = os.path.join(coursedir.format_path(coursedir.source_directory, ".", assignment), notebook + ".ipynb")
    if not os.path.exists(pfad):
        return None
    return nbformat.read(pfad, as_version=4)


class RobusterExporter(NotebookExporter):
    """Liest auch kaputte Abgaben: Statt abzubrechen, wird eine leere Fassung mit Erklärung bewertet."""

    def from_filename(self, filename, resources=None, **kw):
        try:
            with open(filename, encoding="utf-8") as f:
                nbformat.read(f, as_version=4)
        except Exception as e:  # noqa: BLE001 - jede unlesbare Abgabe
            ersatz = self._ersatz(filename, resources or {}, e)
            if ersatz is not None:
                self.log.warning("Abgabe %s ist kein lesbares Notebook (%s); bewerte leere Fassung", filename, e)
                with tempfile.TemporaryDirectory() as tmp:
                    ziel = os.path.join(tmp, os.path.basename(filename))
                    nbformat.write(ersatz, ziel)
                    os.utime(ziel, (os.path.getmtime(filename),) * 2)
                    return super().from_filename(ziel, resources, **kw)
        return super().from_filename(filename, resources, **kw)

    def _ersatz(self, filename, resources, fehler):
        info = resources.get("nbgrader", {}) if isinstance(resources, dict) else {}
        coursedir = _kursverzeichnis(self)
        if coursedir is None or not info.get("assignment"):
            return None
        name = info.get("notebook") or os.path.splitext(os.path.basename(filename))[0]
        quelle = _quellnotebook(coursedir, info["assignment"], name)
        if quelle is None:
            return None
        nb = copy.deepcopy(quelle)
        for zelle in nb.cells:
            nbg = _nbgrader(zelle)
            if nbg.get("solution") and zelle.cell_type == "code":
                zelle.source = 'raise NotImplementedError("Die Abgabe war nicht lesbar.")'
            elif nbg.get("solution"):
                zelle.source = "(Die Abgabe war nicht lesbar.)"
            zelle.outputs = [] if zelle.cell_type == "code" else zelle.get("outputs")
            if zelle.cell_type != "code":
                zelle.pop("outputs", None)
        text = (f"**Diese Abgabe ließ sich nicht lesen** ({type(fehler).__name__}: {str(fehler)[:200]}).\n\n"
                "Die Datei ist kein gültiges Notebook mehr, vermutlich wurde sie außerhalb von Jupyter "
                "bearbeitet oder beim Speichern beschädigt. Bewertet wurde deshalb eine leere Fassung "
                "(0 Punkte). Sprich mit deiner Lehrkraft; die Originaldatei liegt unverändert in submitted/.")
        nb.cells.insert(0, new_markdown_cell(text))
        return nb


class FehlendeBewertungszellen(NbGraderPreprocessor):
    """Fügt gelöschte Bewertungszellen aus der Quelle wieder ein (nach ihrer Lösungszelle)."""

    def preprocess(self, nb, resources):
        info = resources.get("nbgrader", {})
        coursedir = _kursverzeichnis(self)
        if coursedir is None or not info.get("assignment"):
            return nb, resources
        quelle = _quellnotebook(coursedir, info["assignment"], info.get("notebook") or resources["metadata"]["name"])
        if quelle is None:
            return nb, resources
        vorhanden = {_nbgrader(z).get("grade_id") for z in nb.cells}
        for zelle in quelle.cells:
            grade_id = _nbgrader(zelle).get("grade_id")
            if not _ist_bewertungszelle(zelle) or grade_id in vorhanden:
                continue
            neu = copy.deepcopy(zelle)
            neu.outputs = []
            neu.execution_count = None
            ziel = grade_id[len("test_"):] if grade_id.startswith("test_") else None
            stelle = next((i + 1 for i, z in enumerate(nb.cells) if _nbgrader(z).get("grade_id") == ziel),
                          len(nb.cells))
            nb.cells.insert(stelle, neu)
            self.log.warning("Bewertungszelle %s fehlte in der Abgabe und wurde wieder eingefügt", grade_id)
        return nb, resources


class RobustesAusfuehren(Execute):
    """Execute, das bei totem oder hängendem Kernel nicht die ganze Abgabe verwirft."""

    def preprocess(self, nb, resources, km=None):
        try:
            return super().preprocess(nb, resources, km=km)
        except Exception as e:  # noqa: BLE001 - DeadKernelError, CellTimeoutError, ...
            self.log.error("Ausführung abgebrochen (%s); nicht ausgeführte Bewertungszellen erhalten 0 Punkte",
                           type(e).__name__)
            grund = f"{type(e).__name__}: {str(e).strip().splitlines()[0][:200] if str(e).strip() else ''}"
            for zelle in nb.cells:
                if _ist_bewertungszelle(zelle) and not zelle.get("outputs") and zelle.get("execution_count") is None:
                    zelle.outputs = [new_output(
                        "error", ename=ABBRUCH, evalue=grund,
                        traceback=[f"{ABBRUCH}: Der Kernel wurde vorher beendet oder hing ({grund})."])]
            try:
                if getattr(self, "km", None) is not None:
                    self.km.shutdown_kernel(now=True)
            except Exception:  # noqa: BLE001
                pass
            return nb, resources


class BewerteAusserhalb(NbGraderPreprocessor):
    """Bewertet mit `python -m pruefer` in einem frischen Prozess und schreibt Punkte in die Bewertungszellen."""

    zeitlimit = Float(600.0, help="Sekunden für die ganze Bewertung eines Notebooks").tag(config=True)

    def preprocess(self, nb, resources):
        ergebnis = self._bewerte(nb, resources)
        aufgaben = {a["id"]: a for a in (ergebnis or {}).get("aufgaben", [])}
        for zelle in nb.cells:
            grade_id = _nbgrader(zelle).get("grade_id") or ""
            if not _ist_bewertungszelle(zelle) or not grade_id.startswith("test_"):
                continue
            name = grade_id[len("test_"):]
            if orte.bewerter_datei(name) is None:
                continue  # keine versteckten Bewerter: nbgrader wertet wie gewohnt aus
            zelle.outputs = self._ausgaben(zelle, name, aufgaben.get(name), ergebnis)
        return nb, resources

    def _bewerte(self, nb, resources) -> dict | None:
        verzeichnis = resources.get("metadata", {}).get("path") or None
        with tempfile.TemporaryDirectory() as tmp:
            pfad = os.path.join(tmp, (resources.get("metadata", {}).get("name") or "abgabe") + ".ipynb")
            nbformat.write(nb, pfad)
            umgebung = dict(os.environ, PYTHONDONTWRITEBYTECODE="1")
            umgebung.pop("NBGRADER_EXECUTION", None)
            try:
                lauf = subprocess.run([sys.executable, "-m", "pruefer", "--json", "--still", pfad],
                                      capture_output=True, text=True, timeout=self.zeitlimit, cwd=verzeichnis,
                                      env=umgebung)
            except subprocess.TimeoutExpired:
                self.log.error("pruefer brauchte länger als %s s", self.zeitlimit)
                return None
        for zeile in lauf.stdout.splitlines():
            if zeile.startswith("{"):
                try:
                    return json.loads(zeile)
                except ValueError:
                    break
        self.log.error("pruefer lieferte kein Ergebnis (Exitcode %s): %s", lauf.returncode, lauf.stderr[-2000:])
        return None

    def _ausgaben(self, zelle, name: str, aufgabe: dict | None, ergebnis: dict | None) -> list:
        punkte_max = float(_nbgrader(zelle).get("points") or 0)
        sichtbar = [o for o in zelle.get("outputs", [])
                    if o.get("output_type") == "error" and o.get("ename") != ABBRUCH]
        if aufgabe is None or not aufgabe.get("pruefungen"):
            hinweise = "\n".join((ergebnis or {}).get("hinweise", [])) or "Keine Prüfergebnisse."
            return sichtbar + [new_output("stream", name="stdout",
                                          text=f"{name}: nicht bewertbar.\n{hinweise}\n"),
                               new_output("execute_result", data={"text/plain": "0.0"}, execution_count=None)]
        pruefungen = aufgabe["pruefungen"]
        bestanden = sum(1 for p in pruefungen if p["bestanden"] is True)
        punkte = round(punkte_max * bestanden / len(pruefungen), 2)
        zeilen = [f"{name}: {bestanden} von {len(pruefungen)} versteckten Prüfungen bestanden "
                  f"({punkte:g} von {punkte_max:g} Punkten)"]
        for p in pruefungen:
            if p["bestanden"] is not True:
                zeilen.append(f"✘ {p['name']}")
                zeilen.extend("    " + z for z in str(p["meldung"]).splitlines() if z.strip())
        for hinweis in (ergebnis or {}).get("hinweise", []):
            zeilen.append(f"Hinweis: {hinweis}")
        if sichtbar:
            zeilen.append("Die sichtbaren Prüfungen dieser Zelle sind fehlgeschlagen (siehe Fehler): 0 Punkte.")
        return sichtbar + [new_output("stream", name="stdout", text="\n".join(zeilen) + "\n"),
                           new_output("execute_result", data={"text/plain": repr(float(punkte))},
                                      execution_count=None)]
