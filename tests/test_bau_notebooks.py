"""bau.notebooks: Normalisieren ist stabil, fasst Stream-Stücke zusammen und vergibt nie zufällige Ids."""

import copy

from bau.notebooks import normalisiere, ohne_loesungsmarken


def _nb(*zellen):
    return {"cells": list(zellen), "metadata": {}, "nbformat": 4, "nbformat_minor": 4}


def _code(quelle, ausgaben=(), **felder):
    return {"cell_type": "code", "source": quelle, "metadata": {}, "outputs": list(ausgaben),
            "execution_count": 3, **felder}


def test_stream_stuecke_werden_zusammengefasst():
    stuecke = [{"output_type": "stream", "name": "stdout", "text": "a\n"},
               {"output_type": "stream", "name": "stdout", "text": ["b\n", "c\n"]},
               {"output_type": "stream", "name": "stderr", "text": "w\n"}]
    nb = normalisiere(_nb(_code("print(1)", stuecke)), "x", ausgaben_behalten=True)
    assert nb["cells"][0]["outputs"] == [
        {"output_type": "stream", "name": "stdout", "text": ["a\n", "b\n", "c\n"]},
        {"output_type": "stream", "name": "stderr", "text": ["w\n"]},
    ]


def test_ids_sind_stabil_eindeutig_und_bleiben_erhalten():
    roh = _nb(_code("a = 1"), _code("a = 1", id="eigene-id"), _code("b = 2", id="eigene-id"))
    eins = normalisiere(copy.deepcopy(roh), "blatt", ausgaben_behalten=False)
    zwei = normalisiere(copy.deepcopy(roh), "blatt", ausgaben_behalten=False)
    ids = [z["id"] for z in eins["cells"]]
    assert ids == [z["id"] for z in zwei["cells"]], "gleiche Eingabe, andere Ids"
    assert ids[1] == "eigene-id" and len(set(ids)) == 3, ids


def test_ohne_ausgaben_und_idempotent():
    nb = normalisiere(_nb(_code("x", [{"output_type": "stream", "name": "stdout", "text": "1"}])), "n", False)
    assert nb["cells"][0]["outputs"] == [] and nb["cells"][0]["execution_count"] is None
    assert normalisiere(copy.deepcopy(nb), "n", False) == nb


def test_loesungsmarken_werden_entfernt():
    quelle = "def f():\n    ### BEGIN SOLUTION\n    return 1\n    ### END SOLUTION\n"
    assert ohne_loesungsmarken(quelle) == "def f():\n    return 1\n"
