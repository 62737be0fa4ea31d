#!/usr/bin/env python3
"""Renders HTML reports in headless Chromium and checks them (`make report-check`).

For each HTML file given: loads it at 1280 px and at 400 px wide (a phone), in light and in dark
mode, fails on any console error, uncaught exception, Content-Security-Policy violation or
dialog, and on content wider than the page (the page must not scroll sideways at either width);
checks the sample-item filter (with JavaScript it filters, without it every row is shown and the
filter is hidden); checks that every place is a link to its file and line, that the screen shows
a section per sample section, and that each overlapping pair drawn in the diagram has its
tooltip; fails if a value from the manifest ran as script (`window.__maplintInjected`); saves a
full-page PNG of the 1280 px rendering next to the HTML, NAME-top.png of its first 960 px
(docs/report.png is feed-yml-top.png), NAME-400.png (the page at 400 px) and NAME-dark.png
(the first 960 px in dark mode).

Talks to Chromium over the DevTools protocol on a pipe (--remote-debugging-pipe: file
descriptors 3 and 4, JSON messages ended by NUL), so it needs nothing beyond python3.
Usage: report-check.py CHROMIUM FILE.html ...
"""

import base64
import json
import os
import select
import shutil
import subprocess
import sys
import tempfile
import time

TIMEOUT = 30.0
WIDTHS = (1280, 400)
NARROW = 400
SCREENSHOT_WIDTH = 1280


class Browser:
    def __init__(self, executable):
        self.profile = tempfile.mkdtemp(prefix="maplint-report-check-")
        to_child_read, self.to_child = os.pipe()
        self.from_child, from_child_write = os.pipe()

        def wire_pipes():
            # Copies first: a pipe may already be 3 or 4, and dup2 onto itself keeps close-on-exec.
            read_copy, write_copy = os.dup(to_child_read), os.dup(from_child_write)
            os.dup2(read_copy, 3)
            os.dup2(write_copy, 4)

        self.process = subprocess.Popen(
            [
                executable,
                "--headless",
                "--remote-debugging-pipe",
                "--no-first-run",
                "--no-default-browser-check",
                "--disable-gpu",
                "--disable-extensions",
                "--disable-background-networking",
                "--disable-sync",
                "--hide-scrollbars",
                "--mute-audio",
                "--no-sandbox",
                "--user-data-dir=" + self.profile,
                "about:blank",
            ],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=None if os.environ.get("REPORT_CHECK_VERBOSE") else subprocess.DEVNULL,
            # The descriptors are moved to 3 and 4 after the fork; closing the others would close them.
            close_fds=False,
            preexec_fn=wire_pipes,
        )
        os.close(to_child_read)
        os.close(from_child_write)
        self.buffer = b""
        self.next_id = 0
        self.events = []

    def send(self, method, params=None, session=None):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self.to_child, json.dumps(message).encode() + b"\0")
        wanted = self.next_id
        deadline = time.monotonic() + TIMEOUT
        while True:
            reply = self.read(deadline)
            if reply.get("id") == wanted:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply.get("result", {})
            if "method" in reply:
                self.events.append(reply)

    def read(self, deadline):
        while b"\0" not in self.buffer:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("no answer from Chromium")
            ready, _, _ = select.select([self.from_child], [], [], left)
            if ready:
                chunk = os.read(self.from_child, 1 << 20)
                if not chunk:
                    raise RuntimeError("Chromium closed the pipe")
                self.buffer += chunk
        message, _, self.buffer = self.buffer.partition(b"\0")
        return json.loads(message)

    def wait_for(self, method, session, seconds=TIMEOUT):
        deadline = time.monotonic() + seconds
        while True:
            for index, event in enumerate(self.events):
                if event["method"] == method and event.get("sessionId") == session:
                    del self.events[index]
                    return event
            self.events.append(self.read(deadline))

    def close(self):
        try:
            self.send("Browser.close")
        except Exception:
            pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        shutil.rmtree(self.profile, ignore_errors=True)


OVERFLOW = """(() => {
  const width = document.documentElement.clientWidth;
  const found = [];
  if (document.documentElement.scrollWidth > width) {
    found.push('the page is ' + document.documentElement.scrollWidth + ' px wide in a ' + width + ' px window');
  }
  const scrolls = (element) => {
    for (let node = element.parentElement; node; node = node.parentElement) {
      const style = getComputedStyle(node).overflowX;
      if (style === 'auto' || style === 'scroll' || style === 'hidden') { return true; }
    }
    return false;
  };
  for (const element of document.body.querySelectorAll('*')) {
    const box = element.getBoundingClientRect();
    if (box.width > 0 && box.right > width + 1 && !scrolls(element)) {
      found.push('<' + element.tagName.toLowerCase() + (element.id ? ' id=' + element.id : '') +
        '> ends at ' + Math.round(box.right) + ' px');
      if (found.length > 5) { break; }
    }
  }
  return found;
})()"""

FILTER_WITH_SCRIPT = """(() => {
  const form = document.getElementById('resolution-filter');
  const rows = Array.from(document.querySelectorAll('#resolution-table tbody tr'));
  if (!form) { return rows.length === 0 ? [] : ['the sample-item table has no filter']; }
  const found = [];
  if (form.hidden) { found.push('the filter is hidden although JavaScript runs'); }
  const visible = () => rows.filter((row) => !row.hidden && row.offsetParent !== null).length;
  const choose = (name, value) => {
    const select = form.elements.namedItem(name);
    select.value = value;
    select.dispatchEvent(new Event('change'));
  };
  if (visible() !== rows.length) { found.push('not every row is shown at first'); }
  for (const option of form.elements.namedItem('problem').options) {
    choose('problem', option.value);
    const expected = rows.filter((row) => {
      const problems = row.dataset.problems;
      if (option.value === 'all') { return true; }
      if (option.value === 'any') { return problems !== ''; }
      if (option.value === 'none') { return problems === ''; }
      return problems.split(' ').includes(option.value);
    }).length;
    if (visible() !== expected) {
      found.push('problem filter ' + option.value + ': ' + visible() + ' rows shown, ' + expected + ' expected');
    }
  }
  choose('problem', 'all');
  for (const option of form.elements.namedItem('section').options) {
    choose('section', option.value);
    const expected = rows.filter((row) => option.value === 'all' || row.dataset.section === option.value).length;
    if (visible() !== expected) {
      found.push('section filter ' + option.value + ': ' + visible() + ' rows shown, ' + expected + ' expected');
    }
  }
  choose('section', 'all');
  return found;
})()"""

WITHOUT_SCRIPT = """(() => {
  const form = document.getElementById('resolution-filter');
  const rows = Array.from(document.querySelectorAll('#resolution-table tbody tr'));
  const found = [];
  if (form && form.offsetParent !== null) { found.push('the filter shows without JavaScript'); }
  const hidden = rows.filter((row) => row.offsetParent === null).length;
  if (hidden > 0) { found.push(hidden + ' rows are hidden without JavaScript'); }
  return found;
})()"""

PLACES = """(() => {
  const found = [];
  const links = Array.from(document.querySelectorAll('a.place'));
  for (const link of links) {
    const href = link.getAttribute('href') || '';
    if (!/#L[0-9]+$/.test(href) && !/^vscode:\\/\\/file\\//.test(href) && !/^xcode:\\/\\/open\\?url=/.test(href)) {
      found.push('a place links to ' + JSON.stringify(href));
      if (found.length > 3) { break; }
    }
  }
  const findings = document.querySelectorAll('tr[id^="finding-"]');
  for (const row of findings) {
    if (!row.querySelector('td:nth-child(3) a.place')) { found.push('finding ' + row.id + ' has no link to its place'); break; }
  }
  const registrations = document.querySelectorAll('tr[id^="registration-"]');
  for (const row of registrations) {
    if (!row.querySelector('td:nth-child(2) a.place')) { found.push(row.id + ' has no link to its line'); break; }
  }
  const items = document.querySelectorAll('#resolution-table tbody tr');
  for (const row of items) {
    if (!row.querySelector('a.place')) { found.push('a sample item has no link to its line'); break; }
  }
  const sections = new Set(Array.from(items).map((row) => row.dataset.section));
  const pictured = document.querySelectorAll('.screen-section[id^="screen-section-"]').length;
  if (items.length > 0 && items.length <= 400 && pictured !== sections.size) {
    found.push('the screen shows ' + pictured + ' sections, the sample has ' + sections.size);
  }
  for (const overlap of document.querySelectorAll('svg .overlap')) {
    const title = overlap.querySelector('title');
    if (!title || !/overlap: /.test(title.textContent)) { found.push('an overlap in the diagram has no tooltip'); break; }
  }
  return found;
})()"""

# An app's page pictures every screen: each screen (its "Summary" heading) has a "Screen" heading
# followed by at least one section of the picture, or, for a screen none of whose registrations
# could be read, the sentence that says so (`screen-N-screen-nothing`).
PICTURED = """(() => {
  const found = [];
  for (const summary of document.querySelectorAll('h2[id$="-summary"]')) {
    const screen = summary.id.replace(/-summary$/, '');
    if (!/^screen-[0-9]+$/.test(screen)) { continue; }
    if (!document.getElementById(screen + '-screen') ||
        (document.querySelectorAll('[id^="' + screen + '-screen-section-"]').length === 0 &&
         !document.getElementById(screen + '-screen-nothing'))) {
      found.push(screen + ' has no picture');
    }
  }
  return found;
})()"""

INJECTED = "typeof window.__maplintInjected === 'undefined' ? [] : ['a value from the manifest ran as script']"


def problems_in(events, session):
    found = []
    for event in events:
        if event.get("sessionId") != session:
            continue
        params = event.get("params", {})
        method = event["method"]
        if method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "assert", "warning"):
            texts = [str(arg.get("value", arg.get("description", ""))) for arg in params.get("args", [])]
            found.append("console " + params["type"] + ": " + " ".join(texts))
        elif method == "Runtime.exceptionThrown":
            details = params.get("exceptionDetails", {})
            found.append("exception: " + details.get("exception", {}).get("description", details.get("text", "")))
        elif method == "Log.entryAdded" and params.get("entry", {}).get("level") in ("error", "warning"):
            entry = params["entry"]
            found.append(entry["level"] + " (" + entry.get("source", "") + "): " + entry.get("text", ""))
        elif method == "Page.javascriptDialogOpening":
            found.append("a dialog opened: " + params.get("message", ""))
    return found


def evaluate(browser, session, expression):
    result = browser.send(
        "Runtime.evaluate", {"expression": expression, "returnByValue": True}, session=session
    )
    if "exceptionDetails" in result:
        return ["the check itself failed: " + json.dumps(result["exceptionDetails"])[:300]]
    return result["result"].get("value", [])


def save_screenshot(browser, session, width, path, suffix, full):
    metrics = browser.send("Page.getLayoutMetrics", session=session)
    size = metrics.get("cssContentSize", metrics.get("contentSize"))
    height = min(size["height"], 16000) if full else 960
    shot = browser.send(
        "Page.captureScreenshot",
        {
            "format": "png",
            "captureBeyondViewport": full,
            "clip": {"x": 0, "y": 0, "width": width, "height": height, "scale": 1},
        },
        session=session,
    )
    with open(os.path.splitext(path)[0] + suffix + ".png", "wb") as png:
        png.write(base64.b64decode(shot["data"]))


def check(browser, path):
    url = "file://" + os.path.abspath(path)
    failures = []
    for scripts in (True, False):
        for width in WIDTHS if scripts else (WIDTHS[0],):
            target = browser.send("Target.createTarget", {"url": "about:blank"})["targetId"]
            session = browser.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
            for domain in ("Page", "Runtime", "Log"):
                browser.send(domain + ".enable", session=session)
            browser.send(
                "Emulation.setDeviceMetricsOverride",
                {"width": width, "height": 900, "deviceScaleFactor": 1, "mobile": False},
                session=session,
            )
            if not scripts:
                browser.send("Emulation.setScriptExecutionDisabled", {"value": True}, session=session)
            browser.send("Page.navigate", {"url": url}, session=session)
            browser.wait_for("Page.loadEventFired", session)
            # Let late errors (CSP reports, deferred exceptions) arrive.
            time.sleep(0.2)
            where = f"{width} px" + ("" if scripts else ", JavaScript disabled")
            # Evaluate before reading the events: the protocol answers in order.
            if scripts:
                browser.send("Runtime.evaluate", {"expression": "0"}, session=session)
            found = problems_in(browser.events, session)
            found += evaluate(browser, session, OVERFLOW)
            found += evaluate(browser, session, INJECTED)
            found += evaluate(browser, session, PICTURED)
            if scripts:
                found += evaluate(browser, session, PLACES)
            if scripts and width == NARROW:
                save_screenshot(browser, session, width, path, "-400", full=True)
            if not scripts:
                found += evaluate(browser, session, WITHOUT_SCRIPT)
            elif width == SCREENSHOT_WIDTH:
                metrics = browser.send("Page.getLayoutMetrics", session=session)
                size = metrics.get("cssContentSize", metrics.get("contentSize"))
                shot = browser.send(
                    "Page.captureScreenshot",
                    {
                        "format": "png",
                        "captureBeyondViewport": True,
                        "clip": {"x": 0, "y": 0, "width": width, "height": min(size["height"], 16000), "scale": 1},
                    },
                    session=session,
                )
                with open(os.path.splitext(path)[0] + ".png", "wb") as png:
                    png.write(base64.b64decode(shot["data"]))
                # The first screenful (the counts and the diagram), for docs/report.png.
                top = browser.send(
                    "Page.captureScreenshot",
                    {"format": "png", "clip": {"x": 0, "y": 0, "width": width, "height": 960, "scale": 1}},
                    session=session,
                )
                with open(os.path.splitext(path)[0] + "-top.png", "wb") as png:
                    png.write(base64.b64decode(top["data"]))
                found += evaluate(browser, session, FILTER_WITH_SCRIPT)
                # Dark mode: the same checks, and the first screenful.
                browser.send(
                    "Emulation.setEmulatedMedia",
                    {"features": [{"name": "prefers-color-scheme", "value": "dark"}]},
                    session=session,
                )
                found += [problem + " (dark mode)" for problem in evaluate(browser, session, OVERFLOW)]
                save_screenshot(browser, session, width, path, "-dark", full=False)
            found += problems_in(browser.events, session)
            browser.events = [event for event in browser.events if event.get("sessionId") != session]
            browser.send("Target.closeTarget", {"targetId": target})
            failures += [f"{path} ({where}): {problem}" for problem in dict.fromkeys(found)]
    return failures


def main():
    if len(sys.argv) < 3:
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        return 2
    browser = Browser(sys.argv[1])
    failures = []
    try:
        for path in sys.argv[2:]:
            problems = check(browser, path)
            print(("FAIL " if problems else "ok   ") + path, flush=True)
            failures += problems
    finally:
        browser.close()
    for failure in failures:
        print(failure, file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
