"""Notebooks als Daten: lesen, normalisieren, schreiben.

Alle Notebooks im Repository werden gleich geschrieben (wie nbformat: Einrückung 1, sortierte Schlüssel,
echte Umlaute), damit Diffs nur zeigen, was sich inhaltlich geändert hat.
"""

import hashlib
import json
import re
from pathlib import Path

# Metadaten, die nur die Sitzung eines Autors beschreiben und in Diffs nur rauschen.
FLUECHTIGE_ZELL_METADATEN = ("execution", "collapsed", "scrolled", "jupyter")


def lies(pfad):
    with open(pfad, encoding="utf-8") as f:
        return json.load(f)


def schreibe(nb, pfad):
    text = json.dumps(nb, indent=1, sort_keys=True, ensure_ascii=False) + "\n"
    Path(pfad).write_text(text, encoding="utf-8")


def quelle(zelle):
    s = zelle.get("source", "")
    return "".join(s) if isinstance(s, list) else s


def nbgrader(zelle):
    return zelle.get("metadata", {}).get("nbgrader", {})


def _stabile_id(name, i, zelle):
    """Eine Zell-Id, die nur vom Notebook, der Position und dem Inhalt abhängt (nie zufällig)."""
    roh = f"{name}:{i}:{quelle(zelle)}".encode()
    return "z" + hashlib.sha1(roh).hexdigest()[:8]


def normalisiere(nb, name, ausgaben_behalten):
    """Bringt ein Notebook in die Form, in der es eingecheckt wird.

    ausgaben_behalten=False: Ausgaben und Ausführungszähler weg (Übungs- und Lösungsblätter).
    ausgaben_behalten=True: Ausgaben bleiben (Lektionen werden ausgeführt eingecheckt).
    """
    nb["nbformat"], nb["nbformat_minor"] = 4, 5
    meta = nb.setdefault("metadata", {})
    meta["kernelspec"] = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}
    meta["language_info"] = {"name": "python"}
    for schluessel in ("widgets", "toc", "varInspector"):
        meta.pop(schluessel, None)
    gesehen = set()
    for i, zelle in enumerate(nb["cells"]):
        zelle["source"] = quelle(zelle).splitlines(keepends=True)
        zid = zelle.get("id")
        if not zid or zid in gesehen:
            zid = _stabile_id(name, i, zelle)
        zelle["id"] = zid
        gesehen.add(zid)
        zmeta = zelle.setdefault("metadata", {})
        for schluessel in FLUECHTIGE_ZELL_METADATEN:
            zmeta.pop(schluessel, None)
        if zelle["cell_type"] == "code":
            if not ausgaben_behalten:
                zelle["outputs"] = []
                zelle["execution_count"] = None
            zelle["outputs"] = _streams_zusammengefasst(zelle.get("outputs", []))
            for ausgabe in zelle["outputs"]:
                ausgabe.get("metadata", {}).pop("execution", None)
                if "text" in ausgabe:
                    ausgabe["text"] = quelle({"source": ausgabe["text"]}).splitlines(keepends=True)
        else:
            zelle.pop("outputs", None)
            zelle.pop("execution_count", None)
    return nb


def _streams_zusammengefasst(ausgaben):
    """Fasst aufeinanderfolgende stdout- (bzw. stderr-)Ausgaben zu einer zusammen.

    Der Kernel schickt die Ausgabe einer Zelle in Stücken, je nachdem, wann er puffert. Dieselbe Zelle
    ergäbe sonst mal eine, mal zwei Ausgaben, und jeder Lauf erzeugte einen Diff ohne Inhalt.
    """
    ergebnis = []
    for ausgabe in ausgaben:
        vorige = ergebnis[-1] if ergebnis else None
        if (vorige and ausgabe.get("output_type") == "stream" == vorige.get("output_type")
                and ausgabe.get("name") == vorige.get("name")):
            vorige["text"] = quelle({"source": vorige["text"]}) + quelle({"source": ausgabe["text"]})
        else:
            ergebnis.append(dict(ausgabe))
    return ergebnis


def normalisiere_datei(pfad, ausgaben_behalten):
    pfad = Path(pfad)
    schreibe(normalisiere(lies(pfad), pfad.stem, ausgaben_behalten), pfad)


def ohne_loesungsmarken(text):
    """Der Lösungscode so, wie ihn jemand in die Übungszelle tippen würde (ohne ### BEGIN/END SOLUTION)."""
    return "".join(z for z in text.splitlines(keepends=True)
                   if not re.match(r"\s*### (BEGIN|END) SOLUTION\s*$", z))
