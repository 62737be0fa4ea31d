#!/usr/bin/env python3
"""Merges artifact bundles built on different platforms into one (`make artifactbundle` on each).

Each input is a maplint.artifactbundle.zip with one variant folder (maplint-VERSION-TRIPLE); the
output holds every variant folder and an info.json whose `variants` lists them all, sorted by
path, so SwiftPM picks the executable of the machine it runs on. The artifact's version must be
the same in every input.

Usage: artifactbundle-merge.py OUTPUT.zip INPUT.zip...
"""

import json
import os
import sys
import tempfile
import zipfile

BUNDLE = "maplint.artifactbundle"


def main():
    if len(sys.argv) < 3:
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        return 2
    output, inputs = sys.argv[1], sys.argv[2:]
    variants = {}
    files = {}
    version = None
    for path in inputs:
        with zipfile.ZipFile(path) as archive:
            info = json.loads(archive.read(BUNDLE + "/info.json"))
            artifact = info["artifacts"]["maplint"]
            if version not in (None, artifact["version"]):
                print(f"artifactbundle-merge: {path} holds maplint {artifact['version']}, not {version}", file=sys.stderr)
                return 1
            version = artifact["version"]
            for variant in artifact["variants"]:
                if variant["path"] in variants:
                    print(f"artifactbundle-merge: {variant['path']} is in two inputs", file=sys.stderr)
                    return 1
                variants[variant["path"]] = variant
            for member in archive.infolist():
                if member.is_dir() or member.filename == BUNDLE + "/info.json":
                    continue
                files.setdefault(member.filename, (path, member))
    info = {
        "schemaVersion": "1.0",
        "artifacts": {
            "maplint": {
                "version": version,
                "type": "executable",
                "variants": [variants[key] for key in sorted(variants)],
            }
        },
    }
    folder = os.path.dirname(os.path.abspath(output))
    with tempfile.NamedTemporaryFile(dir=folder, delete=False, suffix=".zip") as temporary:
        with zipfile.ZipFile(temporary, "w", zipfile.ZIP_DEFLATED) as merged:
            merged.writestr(BUNDLE + "/info.json", json.dumps(info, indent=2) + "\n")
            for name in sorted(files):
                source, member = files[name]
                with zipfile.ZipFile(source) as archive:
                    # Keeps the executable bit (external_attr) of each file.
                    merged.writestr(member, archive.read(member))
    os.replace(temporary.name, output)
    print(f"{output}: maplint {version}, " + ", ".join(sorted(variants)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
