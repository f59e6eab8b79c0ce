"""Was zum Kurs gehört: Lektionen und Blätter laut Kursplan (ENTWURF.md), und Helfer zum Ausführen."""

from pathlib import Path

from bau.notebooks import lies, nbgrader, quelle

WURZEL = Path(__file__).resolve().parents[2]
KURSPLAN = [
    "00_einstieg", "01_werkzeuge_beschreiben", "02_round_trip", "03_mehrere_runden",
    "04_fehler_als_ergebnis", "05_wire_format", "06_steuern_und_absichern", "07_pruefstein",
]
BLAETTER = KURSPLAN[1:]  # 00 ist die Einführung ohne bewertete Aufgabe
STUB_MELDUNG = "Hier fehlt noch deine Lösung."


def lektionen():
    return sorted((WURZEL / "course").glob("*.ipynb"))


def loesungsblaetter():
    return sorted((WURZEL / "solutions").glob("*/*.ipynb"))


def uebungsblaetter():
    return sorted((WURZEL / "exercises").glob("*/*.ipynb"))


def loesungen_nach_id(pfad):
    return {nbgrader(z)["grade_id"]: quelle(z) for z in lies(pfad)["cells"]
            if nbgrader(z).get("solution") and z["cell_type"] == "code"}


def fuehre_aus(nb, ordner, timeout=60):
    """Führt ein nbformat-Notebook in einem echten Kernel aus; Fehler bleiben als Ausgabe stehen."""
    from nbclient import NotebookClient

    NotebookClient(nb, timeout=timeout, kernel_name="python3", allow_errors=True,
                   resources={"metadata": {"path": str(ordner)}}).execute()
    return nb


def fehler(nb):
    """(Zelle, grade_id, ename, evalue) für jede Fehlerausgabe."""
    return [(i, nbgrader(z).get("grade_id"), o["ename"], o["evalue"])
            for i, z in enumerate(nb.cells) if z.cell_type == "code"
            for o in z.outputs if o.output_type == "error"]
