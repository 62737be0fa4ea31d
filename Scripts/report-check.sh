#!/usr/bin/env bash
# `make report-check`: writes the HTML report of every manifest in Fixtures/, of the inputs in
# Tests/ReportInputs/, of a generated manifest of 300 registrations (more than the diagram
# draws) and of the app in Fixtures/apps/Screens to .build-report/, then loads each page in
# headless Chromium (Scripts/report-check.py):
# fails on console errors, blocked scripts or loads, content wider than the page, a filter that
# does not filter, or a value from the manifest that runs. PNG screenshots land next to each
# page. CHROMIUM names the browser (default: chromium, chromium-browser or google-chrome on PATH).
set -euo pipefail
cd "$(dirname "$0")/.."

browser="${CHROMIUM:-$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)}"
if [ -z "$browser" ]; then
  echo "report-check: Chromium not found; install it (Debian: apt-get install chromium) or set CHROMIUM" >&2
  exit 2
fi

swift build --product maplint
maplint="$(swift build --show-bin-path)/maplint"
out=.build-report
rm -rf "$out"
mkdir -p "$out"

python3 - "$out/large-300.maplint.yml" <<'PYTHON'
import sys

# 300 registrations over 40 model types: every tenth pair shares a reuse identifier with another
# xib (a collision), every 25th registration repeats an earlier one (shadowed).
lines = ["version: 1", "host: tableView", "models:"]
for model in range(40):
    lines += [f"  Model{model}:", "    kind: class", "    properties:", "      id: Int"]
lines.append("registrations:")
for index in range(300):
    model = index % 40
    lines += [f"  - cell: Cell{index}", f"    model: Model{model}", f"    condition: \"model.id == {index}\""]
    if index % 25 == 24:
        lines[-1] = f"    condition: \"model.id == {index - 40}\""
    if index % 20 == 1:
        lines += [f"    reuseIdentifier: Cell{index - 1}", f"    xib: Other{index}"]
lines += ["sample:", "  sections:", "    - items:"]
for item in range(60):
    lines.append(f"        - Model{item % 40}: {{id: {item}}}")
with open(sys.argv[1], "w") as manifest:
    manifest.write("\n".join(lines) + "\n")
PYTHON

inputs=(Fixtures/*.maplint.yml Fixtures/*.maplint.json Tests/ReportInputs/*.maplint.yml "$out/large-300.maplint.yml")
for manifest in "${inputs[@]}"; do
  name="$(basename "$manifest")"
  name="${name%.maplint.*}-${name##*.}"
  "$maplint" report "$manifest" --format html --output "$out/$name.html"
done

# The report of an app: one page of several screens, places linked to their Swift lines, each
# pictured; and one whose names make every message long (no table may run off the page).
(cd Fixtures/apps/Screens && "$maplint" report --format html --output "$OLDPWD/$out/app-screens.html")
(cd Tests/ReportInputs/long-names-app && "$maplint" report --format html --output "$OLDPWD/$out/app-long-names.html")

python3 Scripts/report-check.py "$browser" "$out"/*.html
echo "report-check: screenshots in $out/"
