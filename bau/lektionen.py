"""Lektionen ausführen und mit Ausgaben speichern (sie werden ausgeführt eingecheckt).

Aufruf: python -m bau.lektionen [course/NN_thema.ipynb ...]   (ohne Angabe: alle Lektionen)
Bricht ab, wenn eine Zelle einen Fehler ausgibt: Lektionen zeigen Fehler nur abgefangen (try/except + print).
"""

import sys
from pathlib import Path

from bau.notebooks import lies, normalisiere, schreibe

WURZEL = Path(__file__).resolve().parents[1]


def fuehre_aus(pfad):
    import nbformat
    from nbclient import NotebookClient

    pfad = Path(pfad).resolve()
    nb = nbformat.reads(Path(pfad).read_text(encoding="utf-8"), as_version=4)
    NotebookClient(nb, timeout=120, kernel_name="python3",
                   resources={"metadata": {"path": str(pfad.parent)}}).execute()
    roh = lies(pfad)  # Zell-Ids und Quelle aus der Datei, Ausgaben aus dem Lauf
    for zelle, gelaufen in zip(roh["cells"], nb.cells, strict=True):
        if zelle["cell_type"] == "code":
            zelle["outputs"] = [dict(o) for o in gelaufen.outputs]
            zelle["execution_count"] = gelaufen.execution_count
    schreibe(normalisiere(roh, pfad.stem, ausgaben_behalten=True), pfad)
    print(f"{pfad.relative_to(WURZEL)}: ausgeführt und gespeichert")


def main(argv=None):
    pfade = (argv if argv is not None else sys.argv[1:]) or sorted(str(p) for p in (WURZEL / "course").glob("*.ipynb"))
    for pfad in pfade:
        fuehre_aus(pfad)


if __name__ == "__main__":
    main()
