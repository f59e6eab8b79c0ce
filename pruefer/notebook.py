"""Ein Notebook lesen: welche Aufgaben es hat und welcher Code daraus für die Bewertung ausgeführt wird.

Was beim Bewerten ausgeführt wird (und warum)
---------------------------------------------
Aus jeder Code-Zelle, die keine Bewertungszelle ist, bleiben nur diese Anweisungen der obersten Ebene:

* Importe (`import ...`, `from ... import ...`),
* Definitionen (`def`, `async def`, `class`),
* Zuweisungen an einfache Namen (`x = ...`, `x: int = ...`).

Alles andere (Aufrufe wie `print(...)`, Schleifen, `if`, Zuweisungen an Attribute oder Elemente) fällt weg.
Begründung: Bewertet werden Funktionen und Antwortvariablen. Ausprobier-Code der Lernenden (Demos,
Endlosschleifen, `sys.exit()`) soll die Bewertung weder aufhalten noch beeinflussen. Zuweisungen bleiben,
weil Lösungen oft Konstanten oder vorbereitete Objekte brauchen (`TABELLE = {...}`, `antwort = "d"`).
Jede Zelle läuft für sich: Eine kaputte Zelle verdeckt nicht die anderen. Magics (`%time`, `!ls`) werden
wie in IPython umgewandelt; da ihr Aufruf keine Zuweisung ist, fallen sie weg.

Folge, die bewusst so gewollt ist: Ein Notebook, das auf oberster Ebene abstürzt, bekommt trotzdem die
Punkte für eine richtige Funktion.

Gelesen wird mit `json` statt nbformat (nbformat braucht ~1 s nur für den Import).
"""

import ast
import json
from dataclasses import dataclass, field
from pathlib import Path

from pruefer import orte


class UnbrauchbareEingabe(Exception):
    """Die Datei ist kein lesbares Notebook; die Meldung ist deutsch und sagt, was nicht stimmt."""


@dataclass
class Aufgabe:
    name: str
    max_punkte: float
    zelle: int | None = None  # Nummer der Lösungszelle (1-basiert), falls vorhanden


@dataclass
class CodeZelle:
    nummer: int  # 1-basiert, wie man Zellen im Notebook zählt
    code: str
    grade_id: str | None = None
    codeobjekt: object = field(default=None, repr=False)  # gefiltert und kompiliert

    @property
    def bezeichnung(self) -> str:
        if self.grade_id:
            return f"Zelle {self.nummer} (grade_id {self.grade_id!r})"
        return f"Zelle {self.nummer}"

    @property
    def dateiname(self) -> str:
        return f"<Zelle {self.nummer}>"


@dataclass
class Notebook:
    pfad: str
    aufgaben: list[Aufgabe]
    zellen: list[CodeZelle]
    hinweise: list[str] = field(default_factory=list)
    unbrauchbar: list[str] = field(default_factory=list)  # Probleme, die Exitcode 2 bedeuten


def _quelle(zelle: dict) -> str:
    quelle = zelle.get("source", "")
    return "".join(quelle) if isinstance(quelle, list) else str(quelle)


def _nbgrader(zelle: dict) -> dict:
    md = zelle.get("metadata")
    nbg = md.get("nbgrader") if isinstance(md, dict) else None
    return nbg if isinstance(nbg, dict) else {}


def ist_bewertungszelle(zelle: dict) -> bool:
    nbg = _nbgrader(zelle)
    return bool(nbg.get("grade")) and not nbg.get("solution")


def lies_json(pfad: str | Path) -> dict:
    """Liest ein Notebook als dict oder wirft UnbrauchbareEingabe mit deutscher Erklärung."""
    pfad = Path(pfad)
    try:
        text = pfad.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise UnbrauchbareEingabe(f"{pfad}: Die Datei gibt es nicht.") from None
    except IsADirectoryError:
        raise UnbrauchbareEingabe(f"{pfad}: Das ist ein Verzeichnis, kein Notebook.") from None
    except UnicodeDecodeError:
        raise UnbrauchbareEingabe(f"{pfad}: Die Datei ist kein Text (UTF-8), also kein Notebook.") from None
    except OSError as e:
        raise UnbrauchbareEingabe(f"{pfad}: Die Datei lässt sich nicht lesen ({e.strerror}).") from None
    try:
        nb = json.loads(text)
    except json.JSONDecodeError as e:
        raise UnbrauchbareEingabe(
            f"{pfad}: Die Datei ist kein gültiges Notebook (JSON-Fehler in Zeile {e.lineno}, Spalte {e.colno}: "
            f"{e.msg}). Wurde sie außerhalb von Jupyter bearbeitet? Öffne sie in JupyterLab oder nimm "
            "die letzte gespeicherte Fassung."
        ) from None
    if not isinstance(nb, dict) or not isinstance(nb.get("cells"), list):
        raise UnbrauchbareEingabe(f"{pfad}: Die Datei ist JSON, aber kein Notebook (es fehlt die Liste \"cells\").")
    return nb


def zu_python(quelle: str) -> str:
    """Wandelt IPython-Syntax (%magic, !befehl) in Python um, wie IPython es täte."""
    if "%" not in quelle and "!" not in quelle and "?" not in quelle:
        return quelle
    try:
        from IPython.core.inputtransformer2 import TransformerManager
    except ImportError:  # ohne IPython: Zeilen mit Magics auskommentieren
        return "\n".join("# " + z if z.lstrip()[:1] in ("%", "!") else z for z in quelle.splitlines())
    return TransformerManager().transform_cell(quelle)


def _einfaches_ziel(ziel: ast.expr) -> bool:
    """Ein Name (`x`) oder ein Auspacken in Namen (`a, b`, `a, *rest`): ändert nur den eigenen Namensraum."""
    if isinstance(ziel, ast.Name):
        return True
    if isinstance(ziel, ast.Starred):
        return _einfaches_ziel(ziel.value)
    return isinstance(ziel, (ast.Tuple, ast.List)) and all(_einfaches_ziel(e) for e in ziel.elts)


def _behalten(knoten: ast.stmt) -> bool:
    if isinstance(knoten, (ast.Import, ast.ImportFrom, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return True
    if isinstance(knoten, ast.Assign):
        return all(_einfaches_ziel(z) for z in knoten.targets)
    if isinstance(knoten, ast.AnnAssign):
        return isinstance(knoten.target, ast.Name) and knoten.value is not None
    return False


def filtere(quelle: str, dateiname: str) -> ast.Module:
    """Parst eine Zelle und behält nur Importe, Definitionen und Zuweisungen an einfache Namen."""
    baum = ast.parse(quelle, filename=dateiname)
    baum.body = [k for k in baum.body if _behalten(k)]
    return baum


def lies(pfad: str | Path) -> Notebook:
    """Liest ein Notebook: Aufgaben (mit Bewerter) und gefilterte Code-Zellen.

    Aufgaben sind Namen F, für die `tests/graders/test_F.py` existiert und die im Notebook eine
    Lösungszelle (grade_id F) oder eine Bewertungszelle (grade_id test_F) haben. So bleibt eine Aufgabe
    auch dann sichtbar, wenn jemand die Lösungszelle gelöscht oder ihre Metadaten verloren hat.
    """
    nb = lies_json(pfad)
    hinweise: list[str] = []
    unbrauchbar: list[str] = []
    loesungszellen: dict[str, int] = {}
    punkte: dict[str, float] = {}
    reihenfolge: dict[str, int] = {}  # erste Zelle, in der die Aufgabe vorkommt
    zellen: list[CodeZelle] = []
    for nummer, zelle in enumerate(nb["cells"], start=1):
        if not isinstance(zelle, dict) or zelle.get("cell_type") != "code":
            continue
        nbg = _nbgrader(zelle)
        grade_id = nbg.get("grade_id") if isinstance(nbg.get("grade_id"), str) else None
        if ist_bewertungszelle(zelle):
            if grade_id and grade_id.startswith("test_"):
                reihenfolge.setdefault(grade_id[len("test_"):], nummer)
                try:
                    punkte[grade_id[len("test_"):]] = float(nbg.get("points") or 0)
                except (TypeError, ValueError):
                    punkte[grade_id[len("test_"):]] = 0.0
            continue
        if nbg.get("solution") and grade_id:
            loesungszellen.setdefault(grade_id, nummer)
            reihenfolge.setdefault(grade_id, nummer)
        zellen.append(CodeZelle(nummer, _quelle(zelle), grade_id))

    aufgaben = []
    for name in sorted(set(loesungszellen) | set(punkte), key=reihenfolge.__getitem__):
        if orte.bewerter_datei(name) is None:
            continue
        max_punkte = punkte.get(name)
        if max_punkte is None:
            max_punkte = 1.0
            hinweise.append(f"Zur Aufgabe {name!r} fehlt die Bewertungszelle test_{name}; gezählt wird 1 Punkt.")
        aufgaben.append(Aufgabe(name, max_punkte, loesungszellen.get(name)))

    gefiltert = []
    for z in zellen:
        try:
            baum = filtere(zu_python(z.code), z.dateiname)
        except SyntaxError as e:
            zeile = f", Zeile {e.lineno}" if e.lineno else ""
            unbrauchbar.append(
                f"{z.bezeichnung}{zeile}: Syntaxfehler ({e.msg}). Die Zelle wird beim Bewerten übersprungen; "
                "führe sie in Jupyter aus, dann zeigt Python dir die Stelle."
            )
            continue
        if baum.body:
            z.codeobjekt = compile(baum, z.dateiname, "exec")
            gefiltert.append(z)
    return Notebook(str(pfad), aufgaben, gefiltert, hinweise, unbrauchbar)


def zellen_aus_quelltext(quelltext: str, dateiname: str = "<Lösung>") -> list[CodeZelle]:
    """Ein Python-Modul (z. B. ein Mutant) als eine einzige, ungefilterte Zelle."""
    zelle = CodeZelle(1, quelltext)
    zelle.codeobjekt = compile(quelltext, dateiname, "exec")
    return [zelle]
