"""`make bench` / `python -m bench`: Messungen des Kurses.

Bisher: Bewertungszeit `pruefe -j 2` gegen Stock-`nbgrader autograde` (bench/bewertung.py).
Optionen: --anzahl N (Größe der erfundenen Klasse, Standard 60), --stichprobe K (nbgrader, Standard 4).
"""

import argparse

from bench import bewertung


def main() -> None:
    p = argparse.ArgumentParser(prog="python -m bench")
    p.add_argument("--anzahl", type=int, default=60)
    p.add_argument("--stichprobe", type=int, default=4)
    p.add_argument("-j", "--jobs", type=int, default=2)
    a = p.parse_args()
    bewertung.main(anzahl=a.anzahl, stichprobe=a.stichprobe, jobs=a.jobs)


main()
