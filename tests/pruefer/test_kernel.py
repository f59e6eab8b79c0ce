"""`pruefe("F", F)` in einem echten Jupyter-Kernel: Bericht, AssertionError bei Fehlern, Kernel lebt weiter."""

import nbformat
import pytest
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError
from probeblatt import blatt

pytestmark = pytest.mark.langsam


def _ausgaben(zelle) -> str:
    return "".join(o.get("text", "") for o in zelle.outputs if o.output_type == "stream")


def test_pruefe_im_kernel(tmp_path):
    falsch = "def tool_result_fuer(block, werkzeuge):\n    return {'type': 'tool_result'}\n"
    nb = nbformat.from_dict(blatt(tool_result_fuer=falsch))
    client = NotebookClient(nb, timeout=120, kernel_name="python3", allow_errors=True,
                            resources={"metadata": {"path": str(tmp_path)}})
    client.execute()
    bewertung = [z for z in nb.cells if z.metadata.get("nbgrader", {}).get("grade")]
    antworte, trf = bewertung
    assert "13 von 13 Prüfungen bestanden" in _ausgaben(antworte)
    assert not [o for o in antworte.outputs if o.output_type == "error"]
    fehler = [o for o in trf.outputs if o.output_type == "error"]
    assert fehler and fehler[0].ename == "AssertionError" and "versteckten Prüfungen nicht bestanden" in fehler[0].evalue
    assert "✘" in _ausgaben(trf) and "tool_use_id" in _ausgaben(trf)
    assert not [o for o in antworte.outputs + trf.outputs if o.get("name") == "stderr"], "stderr kostet Punkte"
    with pytest.raises(CellExecutionError):
        NotebookClient(nbformat.from_dict(blatt(tool_result_fuer=falsch)), timeout=120,
                       kernel_name="python3").execute()
