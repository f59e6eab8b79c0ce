"""Messung: `pruefe -j 2` gegen Stock-`nbgrader autograde` auf einer erfundenen Klasse.

Die Klasse entsteht aus Blatt 04 (tool_result_fuer + antworte_robust): richtige Abgaben (Musterlösung),
falsche (Mutanten aus tests/graders/mutanten/tool_result_fuer) und feindliche (Endlosschleife und
sys.exit oben, os._exit und Endlosschleife in der Funktion). Alle Notebooks bewertet `pruefe -j 2` in
einem Aufruf; eine kleine Stichprobe bewertet Stock-nbgrader (Standard-Preprozessoren, die versteckten
Prüfungen laufen im Kernel) in einer Kopie des Kursverzeichnisses.

Ausgabe: Median je Notebook für beide und ihr Verhältnis; die Zahlen stehen auch in
_build/bench/bewertung.json. Ziel: pruefe unter 0,5 s je Notebook und mindestens 15-mal schneller.
"""

import json
import os
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
BLATT = "04_fehler_als_ergebnis"
MUTANTEN = REPO / "tests" / "graders" / "mutanten" / "tool_result_fuer"
ZIEL_SEKUNDEN = 0.5
ZIEL_FAKTOR = 15.0

ENDLOS_OBEN = "while True:\n    pass\n\n"
EXIT_OBEN = "import sys\nsys.exit('Tschüss')\n\n"


def _quelle() -> dict:
    return json.loads((REPO / "solutions" / BLATT / f"{BLATT}.ipynb").read_text(encoding="utf-8"))


def _loesungen(nb: dict) -> dict:
    return {z["metadata"]["nbgrader"]["grade_id"]: "".join(z["source"]) for z in nb["cells"]
            if z["metadata"].get("nbgrader", {}).get("solution")}


def _abgabe(vorlage: dict, ersetzungen: dict) -> dict:
    nb = json.loads(json.dumps(vorlage))
    for zelle in nb["cells"]:
        gid = zelle["metadata"].get("nbgrader", {}).get("grade_id")
        if gid in ersetzungen:
            zelle["source"] = ersetzungen[gid]
        if zelle["cell_type"] == "code":
            zelle["outputs"], zelle["execution_count"] = [], None
    return nb


def klasse(vorlage: dict, anzahl: int, zufall: random.Random) -> dict[str, dict]:
    """anzahl Abgaben: etwa die Hälfte richtig, ein Drittel falsch, der Rest feindlich."""
    richtig = _loesungen(_quelle())
    falsche = sorted(MUTANTEN.glob("falsch_*.py"))
    funktion = richtig["antworte_robust"]
    feindlich = [
        {"tool_result_fuer": ENDLOS_OBEN + richtig["tool_result_fuer"]},
        {"antworte_robust": EXIT_OBEN + funktion},
        {"antworte_robust": funktion.replace("    ### BEGIN SOLUTION", "    import os\n    os._exit(1)\n"
                                             "    ### BEGIN SOLUTION", 1)},
        {"tool_result_fuer": richtig["tool_result_fuer"].replace(
            "    ### BEGIN SOLUTION", "    while True:\n        pass\n    ### BEGIN SOLUTION", 1)},
    ]
    abgaben = {}
    for i in range(anzahl):
        art = "richtig" if i % 2 == 0 else ("falsch" if i % 6 != 5 else "feindlich")
        if art == "richtig":
            ersetzungen = richtig
        elif art == "falsch":
            ersetzungen = {**richtig, "tool_result_fuer": zufall.choice(falsche).read_text(encoding="utf-8")}
        else:
            ersetzungen = {**richtig, **feindlich[(i // 6) % len(feindlich)]}
        abgaben[f"s{i:02d}_{art}"] = _abgabe(vorlage, ersetzungen)
    return abgaben


def _cpu() -> float:
    """CPU-Sekunden aller beendeten Kindprozesse (mit Enkeln): unabhängig davon, wie voll die Maschine ist."""
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def miss_pruefe(ordner: Path, abgaben: dict, jobs: int) -> dict:
    pfade = []
    for name, nb in abgaben.items():
        pfad = ordner / f"{name}.ipynb"
        pfad.write_text(json.dumps(nb, ensure_ascii=False), encoding="utf-8")
        pfade.append(str(pfad))
    start, cpu = time.monotonic(), _cpu()
    lauf = subprocess.run([sys.executable, "-m", "pruefer", "--json", "--still", "-j", str(jobs), *pfade],
                          capture_output=True, text=True, timeout=3600)
    gesamt, cpu = time.monotonic() - start, _cpu() - cpu
    ergebnisse = [json.loads(z) for z in lauf.stdout.splitlines() if z.startswith("{")]
    if len(ergebnisse) != len(pfade):
        raise SystemExit(f"pruefe lieferte {len(ergebnisse)} statt {len(pfade)} Ergebnisse:\n{lauf.stderr[-3000:]}")
    dauern = [e["sekunden"] for e in ergebnisse]
    return {"anzahl": len(pfade), "jobs": jobs, "gesamt_s": round(gesamt, 2),
            "median_latenz_s": round(statistics.median(dauern), 3),
            "je_notebook_s": round(gesamt / len(pfade), 3),
            "cpu_je_notebook_s": round(cpu / len(pfade), 3),
            "voll": sum(e["punkte"] == e["max_punkte"] for e in ergebnisse)}


def _nbgrader(kurs: Path, *argumente: str, umgebung: dict) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "nbgrader", *argumente], cwd=kurs, capture_output=True,
                          text=True, env=umgebung, timeout=3600)


def miss_nbgrader(abgaben: dict) -> dict:
    """Stock-nbgrader: Standard-Preprozessoren, die versteckten Prüfungen laufen im Kernel."""
    with tempfile.TemporaryDirectory(prefix="bench-nbgrader-") as tmp:
        kurs = Path(tmp)
        (kurs / "nbgrader_config.py").write_text(
            "c = get_config()  # noqa: F821\n"
            "c.CourseDirectory.course_id = 'bench'\n"
            "c.CourseDirectory.source_directory = 'solutions'\n"
            "c.CourseDirectory.release_directory = 'exercises'\n"
            "c.CourseDirectory.db_url = 'sqlite:///gradebook.db'\n", encoding="utf-8")
        shutil.copytree(REPO / "solutions" / BLATT, kurs / "solutions" / BLATT)
        umgebung = dict(os.environ, PRUEFER_IM_KERNEL="1",
                        PATH=os.pathsep.join([os.path.dirname(sys.executable), os.environ.get("PATH", "")]))
        umgebung.pop("NBGRADER_EXECUTION", None)
        lauf = _nbgrader(kurs, "generate_assignment", BLATT, "--force", umgebung=umgebung)
        if lauf.returncode != 0:
            raise SystemExit(f"nbgrader generate_assignment scheiterte:\n{lauf.stderr[-3000:]}")
        dauern, cpus = [], []
        for name, nb in abgaben.items():
            ziel = kurs / "submitted" / name / BLATT
            ziel.mkdir(parents=True)
            (ziel / f"{BLATT}.ipynb").write_text(json.dumps(nb, ensure_ascii=False), encoding="utf-8")
            start, cpu = time.monotonic(), _cpu()
            _nbgrader(kurs, "autograde", BLATT, "--student", name, umgebung=umgebung)
            dauern.append(time.monotonic() - start)
            cpus.append(_cpu() - cpu)
        return {"anzahl": len(dauern), "median_s": round(statistics.median(dauern), 3),
                "cpu_median_s": round(statistics.median(cpus), 3), "dauern_s": [round(d, 2) for d in dauern]}


def main(anzahl: int = 60, stichprobe: int = 4, jobs: int = 2) -> dict:
    zufall = random.Random(4)
    vorlage_pfad = REPO / "exercises" / BLATT / f"{BLATT}.ipynb"
    vorlage = json.loads(vorlage_pfad.read_text(encoding="utf-8")) if vorlage_pfad.exists() else _quelle()
    abgaben = klasse(vorlage, anzahl, zufall)
    print(f"Bewertung: {anzahl} erfundene Abgaben von Blatt {BLATT} "
          f"(richtig/falsch/feindlich gemischt), pruefe -j {jobs}", flush=True)
    with tempfile.TemporaryDirectory(prefix="bench-pruefe-") as tmp:
        pruefe = miss_pruefe(Path(tmp), abgaben, jobs)
    print(f"  pruefe:   {pruefe['gesamt_s']} s für {pruefe['anzahl']} Notebooks, "
          f"{pruefe['je_notebook_s']} s je Notebook (Durchsatz), Median der Latenz {pruefe['median_latenz_s']} s, "
          f"CPU {pruefe['cpu_je_notebook_s']} s je Notebook, {pruefe['voll']} mit voller Punktzahl", flush=True)
    namen = list(abgaben)
    probe = {n: abgaben[n] for n in [namen[0], namen[1], namen[2], namen[5]][:stichprobe]}
    print(f"  Stock-nbgrader autograde: Stichprobe von {len(probe)} Abgaben …", flush=True)
    nbgrader = miss_nbgrader(probe)
    print(f"  nbgrader: Median {nbgrader['median_s']} s je Abgabe ({nbgrader['dauern_s']}), "
          f"CPU-Median {nbgrader['cpu_median_s']} s")
    # Je Abgabe verglichen: Median der Dauer je Notebook (pruefe, zwei gleichzeitig) gegen den Median je
    # Abgabe bei nbgrader. Der Durchsatz von pruefe enthält die feindlichen Abgaben mit Endlosschleife in der
    # Funktion, die jede Prüfung bis zum Zeitlimit laufen lassen; er steht zusätzlich da.
    faktor = nbgrader["median_s"] / pruefe["median_latenz_s"]
    faktor_cpu = nbgrader["cpu_median_s"] / max(pruefe["cpu_je_notebook_s"], 1e-3)
    last = os.getloadavg()[0]
    print(f"  Last der Maschine (1 min): {last:.1f} bei {os.cpu_count()} Kernen; CPU-Verhältnis {faktor_cpu:.1f} "
          "(pruefe-CPU gemittelt, samt Endlosschleifen, die bis zum Zeitlimit rechnen)")
    ergebnis = {"pruefe": pruefe, "nbgrader": nbgrader, "faktor": round(faktor, 1),
                "faktor_cpu": round(faktor_cpu, 1), "last": round(last, 1),
                "ziel_pruefe_s": ZIEL_SEKUNDEN, "ziel_faktor": ZIEL_FAKTOR}
    print(f"  Verhältnis: pruefe ist {faktor:.1f}-mal schneller je Abgabe "
          f"(Ziel ≥ {ZIEL_FAKTOR:g}: {'erreicht' if faktor >= ZIEL_FAKTOR else 'verfehlt'}); "
          f"pruefe-Median je Notebook {pruefe['median_latenz_s']} s "
          f"(Ziel < {ZIEL_SEKUNDEN:g} s: {'erreicht' if pruefe['median_latenz_s'] < ZIEL_SEKUNDEN else 'verfehlt'})")
    ziel = REPO / "_build" / "bench"
    ziel.mkdir(parents=True, exist_ok=True)
    (ziel / "bewertung.json").write_text(json.dumps(ergebnis, indent=2, ensure_ascii=False), encoding="utf-8")
    return ergebnis
