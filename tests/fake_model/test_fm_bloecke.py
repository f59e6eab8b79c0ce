"""Blöcke, Ids und text_von."""

import re
import subprocess
import sys

from fake_model import text, text_von, tool_use

ID_MUSTER = re.compile(r"^toolu_01[a-zA-Z0-9]{22}$")


def test_text_block():
    assert text("Hallo") == {"type": "text", "text": "Hallo"}


def test_tool_use_block_mit_eigener_id():
    assert tool_use("wetter", {"ort": "Kiel"}, id="toolu_x") == {
        "type": "tool_use", "id": "toolu_x", "name": "wetter", "input": {"ort": "Kiel"}}


def test_ids_sehen_echt_aus_und_sind_eindeutig():
    ids = [tool_use("wetter", {})["id"] for _ in range(2000)]
    assert all(ID_MUSTER.match(i) for i in ids), ids[:3]
    assert len(ids[0]) == len("toolu_") + 24
    assert len(set(ids)) == len(ids)


ERZEUGE = ("from fake_model import tool_use; from fake_model.openai import tool_call; "
           "print([tool_use('a', {})['id'] for _ in range(3)], tool_call('a', {})['id'])")


def test_ids_sind_in_jedem_frischen_prozess_gleich():
    laeufe = [subprocess.run([sys.executable, "-c", ERZEUGE], capture_output=True, text=True, check=True).stdout
              for _ in range(2)]
    assert laeufe[0] == laeufe[1]
    assert "toolu_01" in laeufe[0] and "call_" in laeufe[0]
    assert len(set(re.findall(r"toolu_\w+", laeufe[0]))) == 3
    # Festgenagelt: Lektionen werden MIT Ausgaben eingecheckt; ändert sich die Erzeugung, ändern sich dort die Ids.
    assert laeufe[0].startswith("['toolu_01rGwv5KkuUxyE6SZyu4BSNK', ")


def test_text_von():
    antwort = [text("Ich schaue nach."), tool_use("wetter", {}), text("Einen Moment.")]
    assert text_von(antwort) == "Ich schaue nach.\nEinen Moment."
    assert text_von([tool_use("wetter", {})]) == ""
    assert text_von([]) == ""
