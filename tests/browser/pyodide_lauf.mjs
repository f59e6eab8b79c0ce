// Führt ein Python-Skript in Pyodide (Python 3.14) unter Node.js aus, mit den Paketen der gebauten Seite.
//
// Aufruf: node pyodide_lauf.mjs <pyodide-ordner> <repo-ordner> <skript.py> [wheel ...]
// - Pyodide und seine Paketliste kommen aus <pyodide-ordner> (static/pyodide der Seite), ohne Netz.
// - pydantic und fake_model werden wie im Browser aus der Paketliste geladen, weitere Wheels (z. B. pytest)
//   aus den angegebenen Dateien.
// - Das Repository ist in Pyodide unter /repo eingehängt (nur lesen: Tests, Skripte).
// Exit 0, wenn das Skript ohne Ausnahme durchläuft; sonst 1 und die Python-Fehlermeldung auf stderr.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideOrdner, repo, skript, ...wheels] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(join(pyodideOrdner, "pyodide.mjs")).href);
const py = await loadPyodide({ indexURL: pyodideOrdner.endsWith("/") ? pyodideOrdner : pyodideOrdner + "/" });
const still = { messageCallback: () => {}, errorCallback: (m) => console.error(m) };
await py.loadPackage(["pydantic", "fake_model"], still);
for (const wheel of wheels) {
  py.unpackArchive(new Uint8Array(readFileSync(wheel)), "wheel");
}
py.mountNodeFS("/repo", repo);
try {
  await py.runPythonAsync(readFileSync(skript, "utf8"), { filename: skript });
} catch (fehler) {
  console.error(String(fehler));
  process.exit(1);
}
