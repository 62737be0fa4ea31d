#!/usr/bin/env python3
"""Cross-checks Schema/maplint-manifest-v1.schema.json with Python's jsonschema.

Not needed by the build or the tests (they validate in Swift); run it by hand after editing
the schema. Needs the jsonschema and PyYAML packages. Valid fixtures must pass; the invalid
fixtures that are schema errors must fail.

    python3 Scripts/check-schema.py
"""
import glob
import json
import os
import re
import sys

import jsonschema
import yaml

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCHEMA_ERRORS = ["typo-key", "wrong-type", "yes-is-a-string", "section-and-condition"]


class CoreSchemaLoader(yaml.SafeLoader):
    """PyYAML follows YAML 1.1, where yes/no/on/off are booleans; manifests follow the 1.2 core schema."""


CoreSchemaLoader.yaml_implicit_resolvers = {
    first: [(tag, regexp) for tag, regexp in resolvers if tag != "tag:yaml.org,2002:bool"]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}
CoreSchemaLoader.add_implicit_resolver(
    "tag:yaml.org,2002:bool", re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"), list("tTfF"))


def load(path):
    with open(path, encoding="utf-8") as handle:
        return yaml.load(handle, Loader=CoreSchemaLoader)


def main():
    with open(os.path.join(ROOT, "Schema", "maplint-manifest-v1.schema.json"), encoding="utf-8") as handle:
        schema = json.load(handle)
    jsonschema.Draft7Validator.check_schema(schema)
    validator = jsonschema.Draft7Validator(schema)
    failures = 0
    for path in sorted(glob.glob(os.path.join(ROOT, "Fixtures", "*.maplint.*"))):
        errors = list(validator.iter_errors(load(path)))
        if errors:
            failures += 1
            print(f"FAIL {os.path.relpath(path, ROOT)} should be valid: {errors[0].message}")
    for name in SCHEMA_ERRORS:
        path = os.path.join(ROOT, "Fixtures", "invalid", name + ".maplint.yml")
        if validator.is_valid(load(path)):
            failures += 1
            print(f"FAIL {os.path.relpath(path, ROOT)} should be rejected")
    print("schema check: " + ("ok" if failures == 0 else f"{failures} problem(s)"))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
