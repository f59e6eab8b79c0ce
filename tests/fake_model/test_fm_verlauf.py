"""zeige_verlauf: Text und HTML, Marken je Id, Fehler und Waisen markiert."""

import re

from fm_hilfen import assistant, ergebnis, frage, nutzer, oa_assistant, oa_aufruf, tool_nachricht, txt, wunsch

from fake_model import FakeModell, text, tool_use, zeige_verlauf

VERLAUF = [
    frage(),
    assistant(txt("Ich schaue nach."), wunsch("toolu_a"), wunsch("toolu_b", "zeit", {})),
    nutzer(ergebnis("toolu_a", "sonnig"), ergebnis("toolu_b", "KeyError: 'zone'", is_error=True)),
    assistant(txt("Sonnig.\nDie Uhrzeit kenne ich nicht.")),
]


def test_text_darstellung():
    assert str(zeige_verlauf(VERLAUF)) == "\n".join([
        "Verlauf mit 4 Nachricht(en)",
        "[0] user",
        "    Wie ist das Wetter in Kiel?",
        "[1] assistant",
        "    Ich schaue nach.",
        '    tool_use #1 wetter {"ort": "Kiel"}  (toolu_a)',
        "    tool_use #2 zeit {}  (toolu_b)",
        "[2] user",
        "    tool_result #1 (toolu_a): sonnig",
        "    tool_result #2 FEHLER (toolu_b): KeyError: 'zone'",
        "[3] assistant",
        "    Sonnig.",
        "    Die Uhrzeit kenne ich nicht.",
        "Protokoll: in Ordnung",
    ])
    assert repr(zeige_verlauf(VERLAUF)) == str(zeige_verlauf(VERLAUF))


def test_text_ist_deterministisch_ohne_adressen():
    darstellung = repr(zeige_verlauf(VERLAUF))
    assert " at 0x" not in darstellung and "object" not in darstellung


def test_waisen_und_protokollfehler():
    kaputt = [frage(), assistant(wunsch("toolu_a"), wunsch("toolu_b")),
              nutzer(ergebnis("toolu_a"), ergebnis("toolu_x"))]
    darstellung = str(zeige_verlauf(kaputt))
    assert "tool_use #2 wetter" in darstellung and "(toolu_b)  << kein Ergebnis" in darstellung
    assert "tool_result #3 (toolu_x)  << kein passender Wunsch" in darstellung
    assert re.search(r"Protokoll: messages\[2\]\.content\[1\] .*toolu_x", darstellung)


def test_laufender_verlauf_mit_offenem_wunsch():
    """Direkt nach dem Anhängen der Antwort fehlen die Ergebnisse noch; das ist kein Protokollfehler."""
    darstellung = str(zeige_verlauf(VERLAUF[:2]))
    assert darstellung.endswith("Protokoll: in Ordnung") and "<< kein Ergebnis" in darstellung


def test_html_verknuepft_wunsch_und_ergebnis():
    seite = zeige_verlauf(VERLAUF)._repr_html_()
    assert "<script" not in seite and "<style" not in seite and "<table" in seite
    marken = re.findall(r'<span style="background:(#[0-9a-f]{6});[^"]*" title="([^"]+)">#(\d)</span>', seite)
    assert marken == [(marken[0][0], "toolu_a", "1"), (marken[1][0], "toolu_b", "2"),
                      (marken[0][0], "toolu_a", "1"), (marken[1][0], "toolu_b", "2")]
    assert marken[0][0] != marken[1][0]
    assert seite.count("Fehler (is_error)") == 1 and "background:#fdecea" in seite
    assert "KeyError: &#x27;zone&#x27;" in seite  # Inhalte sind escaped
    assert "Protokoll: in Ordnung" in seite


def test_html_markiert_waisen_und_escaped():
    kaputt = [frage("<b>fett?</b>"), assistant(wunsch("toolu_a")), nutzer(ergebnis("toolu_x"))]
    seite = zeige_verlauf(kaputt)._repr_html_()
    assert "&lt;b&gt;fett?&lt;/b&gt;" in seite and "<b>fett?</b>" not in seite
    assert "kein Ergebnis" in seite and "kein passender Wunsch" in seite and "2px dashed #c00" in seite
    assert "color:#b00020" in seite  # Protokollfehler rot


def test_openai_verlauf():
    verlauf = [{"role": "system", "content": "Sei knapp."}, frage(),
               oa_assistant(oa_aufruf("call_a"), oa_aufruf("call_b", "zeit", "{}"), content="Moment."),
               tool_nachricht("call_a", "sonnig"), tool_nachricht("call_b", "12:00"),
               oa_assistant(content="Sonnig, 12 Uhr.")]
    darstellung = str(zeige_verlauf(verlauf))
    assert '    tool_call #1 wetter {"ort": "Kiel"}  (call_a)' in darstellung
    assert "[3] tool\n    tool #1 (call_a): sonnig" in darstellung
    assert "[1] user" in darstellung and "[0] system" in darstellung
    assert darstellung.endswith("Protokoll: in Ordnung")
    ohne_antwort = str(zeige_verlauf(verlauf[:3] + verlauf[4:5] + [frage()]))
    assert "<< kein Ergebnis" in ohne_antwort and "call_a" in ohne_antwort.split("Protokoll:")[1]


def test_anfrage_aus_dem_modell_und_kaputte_eingaben():
    modell = FakeModell([[text("A"), tool_use("wetter", {"ort": "Kiel"})]])
    modell([frage()])
    assert "[0] user" in str(zeige_verlauf(modell.anfragen[0]))
    kaputt = str(zeige_verlauf(["hallo", {"role": "user", "content": 5}, {"role": "user", "content": [7]}]))
    assert "?? keine Nachricht (dict), sondern 'hallo'" in kaputt and "?? content = 5" in kaputt
    assert "Protokoll: messages[0]" in kaputt
    zeige_verlauf([])._repr_html_()
