#!/usr/bin/env python3
"""Runs the steps of the GitHub Action (action.yml) the way a runner would, on this machine.

Each `run:` step runs in bash (`bash --noprofile --norc -eo pipefail`, as GitHub does) with its
`env:` after the `${{ }}` expressions are replaced from the given inputs and contexts; its
GITHUB_OUTPUT lines become `steps.ID.outputs`, and its GITHUB_PATH lines go before the PATH of the
next steps. `if:` conditions are evaluated (`==`, `!=`, `&&`, `||`, `!`, `cancelled()`, `success()`,
`failure()`, `always()`). The two `uses:` steps are stood in for: actions/cache misses, or with
--cache-hit EXECUTABLE restores a folder holding that executable as `maplint`; github/codeql-action/upload-sarif checks that the file it
would upload is SARIF 2.1.0. An expression or an action the check does not know fails it, so the
check follows action.yml as it changes.

Usage: action-check.py ACTION_YML --workspace DIR [--input NAME=VALUE]... [--github NAME=VALUE]...
       [--runner NAME=VALUE]... [--cache-hit EXECUTABLE] [--env NAME=VALUE]...
Prints each step's log, then one line `result: STATUS` and the JSON of the steps' outcomes and outputs.
"""

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

import yaml


class Unknown(Exception):
    pass


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("action")
    parser.add_argument("--workspace", required=True)
    parser.add_argument("--input", action="append", default=[])
    parser.add_argument("--github", action="append", default=[])
    parser.add_argument("--runner", action="append", default=[])
    parser.add_argument("--env", action="append", default=[])
    parser.add_argument("--cache-hit")
    options = parser.parse_args()

    with open(options.action) as file:
        action = yaml.safe_load(file)
    declared = action.get("inputs", {})
    inputs = {name: str(spec.get("default", "")) for name, spec in declared.items()}
    for pair in options.input:
        name, _, value = pair.partition("=")
        if name not in declared:
            raise SystemExit(f"action-check: action.yml has no input '{name}'")
        inputs[name] = value
    contexts = {
        "inputs": inputs,
        "github": dict(pair.partition("=")[::2] for pair in options.github),
        "runner": dict(pair.partition("=")[::2] for pair in options.runner),
        "steps": {},
    }
    extra_env = dict(pair.partition("=")[::2] for pair in options.env)

    def lookup(path):
        parts = path.split(".")
        if parts[0] == "github" and len(parts) > 2 and parts[1] == "event":
            # The event's fields as --github event.NAME=VALUE give them; a missing one is null.
            return contexts["github"].get(".".join(parts[1:]), "")
        value = contexts
        for part in parts:
            if not isinstance(value, dict) or part not in value:
                if parts[0] == "steps" and len(parts) == 4 and parts[2] == "outputs":
                    return ""
                raise Unknown(f"unknown expression '{path}'")
            value = value[part]
        return value

    def substitute(text):
        return re.sub(r"\$\{\{\s*(.*?)\s*\}\}", lambda match: str(evaluate(match.group(1))), str(text))

    failed = [False]

    def evaluate(expression):
        expression = expression.strip()
        if expression.startswith("${{") and expression.endswith("}}"):
            expression = expression[3:-2].strip()
        tokens = re.findall(r"'[^']*'|&&|\|\||==|!=|!|\(|\)|[A-Za-z_][\w.-]*(?:\(\))?", expression)
        if "".join(tokens).replace(" ", "") != expression.replace(" ", ""):
            raise Unknown(f"cannot read the expression '{expression}'")
        python = []
        for token in tokens:
            if token.startswith("'"):
                python.append(repr(token[1:-1]))
            elif token == "&&":
                python.append(" and ")
            elif token == "||":
                python.append(" or ")
            elif token in ("==", "!=", "(", ")"):
                python.append(token)
            elif token == "!":
                python.append(" not ")
            elif token == "cancelled()":
                python.append("False")
            elif token == "always()":
                python.append("True")
            elif token == "success()":
                python.append(repr(not failed[0]))
            elif token == "failure()":
                python.append(repr(failed[0]))
            elif token in ("true", "false"):
                python.append(token.capitalize())
            else:
                python.append(repr(lookup(token)))
        return eval("".join(python), {"__builtins__": {}})

    path_additions = []
    outcomes = []
    status = 0
    workspace = os.path.abspath(options.workspace)
    for position, step in enumerate(action["runs"]["steps"]):
        identifier = step.get("id", f"step{position}")
        name = step.get("name", identifier)
        condition = step.get("if", "success()")
        if not evaluate(str(condition)):
            print(f"--- {name}: skipped")
            outcomes.append({"id": identifier, "outcome": "skipped"})
            contexts["steps"][identifier] = {"outputs": {}, "outcome": "skipped"}
            continue
        print(f"--- {name}", flush=True)
        outputs = {}
        if "uses" in step:
            uses = step["uses"]
            given = {key: substitute(value) for key, value in step.get("with", {}).items()}
            ok = True
            if uses.startswith("actions/cache@"):
                if not given.get("path") or not given.get("key") or given["key"].endswith("-"):
                    print(f"action-check: the cache step has no path or key: {given}")
                    ok = False
                outputs["cache-hit"] = "true" if options.cache_hit else "false"
                if options.cache_hit:
                    os.makedirs(given["path"], exist_ok=True)
                    shutil.copy2(options.cache_hit, os.path.join(given["path"], "maplint"))
                print(f"cache {given['key']} at {given['path']}: {'hit' if options.cache_hit else 'miss'}")
            elif uses.startswith("github/codeql-action/upload-sarif@"):
                sarif = os.path.join(workspace, given.get("sarif_file", ""))
                try:
                    with open(sarif) as file:
                        document = json.load(file)
                    assert document["version"] == "2.1.0" and document["runs"][0]["tool"]["driver"]["name"] == "maplint"
                    print(f"would upload {given['sarif_file']} (SARIF 2.1.0, category {given.get('category')})")
                except Exception as error:
                    print(f"action-check: {sarif} is not maplint's SARIF: {error}")
                    ok = False
            else:
                raise Unknown(f"the check does not know the action {uses}")
            if not ok:
                status, failed[0] = status or 1, True
            outcome = "success" if ok else "failure"
            print(f"--- {name}: {outcome}", flush=True)
            outcomes.append({"id": identifier, "outcome": outcome, "with": given})
            contexts["steps"][identifier] = {"outputs": outputs, "outcome": outcome}
            continue
        env = dict(os.environ)
        env.update(extra_env)
        for key, value in contexts["runner"].items():
            env["RUNNER_" + key.upper()] = value
        env["GITHUB_WORKSPACE"] = workspace
        env["PATH"] = os.pathsep.join(list(reversed(path_additions)) + [env["PATH"]]) if path_additions else env["PATH"]
        env.update({key: substitute(value) for key, value in step.get("env", {}).items()})
        with tempfile.NamedTemporaryFile("r", delete=False) as output_file, tempfile.NamedTemporaryFile(
            "r", delete=False
        ) as path_file:
            env["GITHUB_OUTPUT"] = output_file.name
            env["GITHUB_PATH"] = path_file.name
            script = substitute(step["run"])
            completed = subprocess.run(
                ["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", script], cwd=workspace, env=env
            )
            outputs = read_outputs(output_file.name)
            path_additions += [line.strip() for line in open(path_file.name) if line.strip()]
        os.unlink(output_file.name)
        os.unlink(path_file.name)
        outcome = "success" if completed.returncode == 0 else "failure"
        if completed.returncode != 0:
            failed[0] = True
            status = status or completed.returncode
        print(f"--- {name}: {outcome} (status {completed.returncode})", flush=True)
        outcomes.append({"id": identifier, "outcome": outcome, "status": completed.returncode, "outputs": outputs})
        contexts["steps"][identifier] = {"outputs": outputs, "outcome": outcome}
    action_outputs = {name: substitute(spec["value"]) for name, spec in action.get("outputs", {}).items()}
    print(f"result: {status}")
    print(json.dumps({"steps": outcomes, "outputs": action_outputs, "path": path_additions}))
    return 0


def read_outputs(path):
    """NAME=VALUE lines and NAME<<DELIMITER blocks, as GitHub reads GITHUB_OUTPUT."""
    outputs = {}
    lines = open(path).read().splitlines()
    index = 0
    while index < len(lines):
        line = lines[index]
        if "<<" in line and "=" not in line.split("<<")[0]:
            name, delimiter = line.split("<<", 1)
            value = []
            index += 1
            while index < len(lines) and lines[index] != delimiter:
                value.append(lines[index])
                index += 1
            outputs[name] = "\n".join(value)
        elif "=" in line:
            name, value = line.split("=", 1)
            outputs[name] = value
        index += 1
    return outputs


if __name__ == "__main__":
    try:
        sys.exit(main())
    except Unknown as problem:
        print(f"action-check: {problem}", file=sys.stderr)
        sys.exit(2)
