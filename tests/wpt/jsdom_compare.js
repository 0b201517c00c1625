// Run the same WPT files as tests/wpt/run.py with jsdom, for the comparison in the README.
// Not run in CI.  Needs jsdom and wpt-runner installed OUTSIDE the repository:
//
//   mkdir -p ~/jsdom && cd ~/jsdom && npm install jsdom@29 wpt-runner
//   JSDOM_DIR=~/jsdom node tests/wpt/jsdom_compare.js [--json OUT] DIR_OR_FILE ...
//
// Files are chosen as run.py chooses them (.any.js, .window.js and .html files that load
// testharness.js, outside resources/ and support/) and served from the WPT folder on 127.0.0.1
// with the snapshot's own testharness.js; .any.js/.window.js are wrapped by wpt-runner's copy of
// wptserve's wrappers.  Prints per-directory subtest pass/total and a final
// `jsdom: N/M subtests passed in F files` line, like run.py.
"use strict";
const fs = require("node:fs");
const http = require("node:http");
const path = require("node:path");
const { createRequire } = require("node:module");

const JSDOM_DIR = path.resolve(process.env.JSDOM_DIR || path.join(__dirname, "../../../jsdom"));
const req = createRequire(path.join(JSDOM_DIR, "package.json"));
const { JSDOM, VirtualConsole } = req("jsdom");
const { AnyHtmlHandler, WindowHandler } = req("wpt-runner/lib/internal/serve.js");
const WPT = path.resolve(process.env.WEBDOM_WPT || path.join(__dirname, "../../../shared/conformance/wpt"));
const FILE_TIMEOUT_MS = 20000;
// A test's asynchronous error must not end the comparison.
process.on("uncaughtException", () => {});
process.on("unhandledRejection", () => {});

function testFiles(targets) {
  const found = [];
  const walk = (rel) => {
    const abs = path.join(WPT, rel);
    if (fs.statSync(abs).isDirectory()) {
      for (const name of fs.readdirSync(abs).sort()) walk(rel ? `${rel}/${name}` : name);
      return;
    }
    if (`/${rel}`.includes("/resources/") || `/${rel}`.includes("/support/")) return;
    const name = path.basename(rel);
    if (name.endsWith(".any.js") || name.endsWith(".window.js")) found.push(rel);
    else if (/\.html?$/.test(name) && !name.endsWith("-ref.html") && !name.endsWith("-manual.html")) {
      const fd = fs.openSync(abs, "r");
      const head = Buffer.alloc(4000);
      const n = fs.readSync(fd, head, 0, 4000, 0);
      fs.closeSync(fd);
      if (head.subarray(0, n).includes("testharness.js")) found.push(rel);
    }
  };
  for (const t of targets) walk(t);
  // the same order as run.py (sorted rglob of each target: full relative paths)
  return found;
}

function serve() {
  const any = new AnyHtmlHandler(WPT, "/");
  const win = new WindowHandler(WPT, "/");
  const server = http.createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url, "http://127.0.0.1").pathname);
    if (pathname === "/resources/testharnessreport.js") {
      response.end("window.__setupReporter();");
      return;
    }
    if (pathname === "/resources/testdriver.js") {  // wpt-runner's stand-in, as wpt-runner serves it
      fs.createReadStream(req.resolve("wpt-runner/lib/testdriver-dummy.js")).pipe(response);
      return;
    }
    if (pathname === "/resources/testdriver-vendor.js") {
      response.end("");
      return;
    }
    if (pathname.endsWith(".any.html")) { any.handleRequest(request, response); return; }
    if (pathname.endsWith(".window.html")) { win.handleRequest(request, response); return; }
    const file = path.resolve(path.join(WPT, pathname));
    if (!file.startsWith(WPT + path.sep) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      response.statusCode = 404;
      response.end("not found");
      return;
    }
    const types = { ".js": "text/javascript", ".html": "text/html", ".htm": "text/html", ".xml": "application/xml",
      ".xhtml": "application/xhtml+xml", ".svg": "image/svg+xml", ".json": "application/json", ".css": "text/css" };
    response.setHeader("Content-Type", types[path.extname(file)] || "application/octet-stream");
    fs.createReadStream(file).pipe(response);
  }).listen(0, "127.0.0.1");
  return new Promise((resolve) => server.on("listening", () => resolve(server)));
}

// jsdom has no fetch(); run.py gives webdom's tests one that reads files inside the WPT folder
// (the URL tests load their data with it), and this gives jsdom the same.
function giveFetch(window) {
  window.fetch = (input) => new window.Promise((resolve, reject) => {
    const href = new URL(String(input), window.location.href);
    const file = path.resolve(path.join(WPT, decodeURIComponent(href.pathname)));
    if (!file.startsWith(WPT + path.sep) || !fs.existsSync(file)) {
      reject(new window.TypeError(`fetch: ${href.href} is not in the WPT folder`));
      return;
    }
    const text = fs.readFileSync(file, "utf8");
    resolve({ ok: true, status: 200, url: href.href, text: async () => text,
      json: async () => window.JSON.parse(text) });
  });
}

function runFile(origin, rel) {
  const url = `${origin}/${rel.replace(/\.any\.js$/, ".any.html").replace(/\.window\.js$/, ".window.html")}`;
  return new Promise((resolve) => {
    const tests = [];
    let settled = false;
    let window = null;
    const finish = (harness) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      try { if (window) window.close(); } catch (e) { /* closing a broken window */ }
      resolve({ file: rel, tests, harness });
    };
    const timer = setTimeout(() => finish("timeout"), FILE_TIMEOUT_MS);
    JSDOM.fromURL(url, { resources: "usable", runScripts: "dangerously", pretendToBeVisual: true,
      virtualConsole: new VirtualConsole(), beforeParse: giveFetch }).then((dom) => {
      window = dom.window;
      window.Worker = class {};
      window.SharedWorker = class {};
      window.__setupReporter = () => {
        window.fetch_tests_from_worker = () => {};
        window.add_result_callback((t) => tests.push([t.name, t.status]));
        window.add_completion_callback((all, status) => finish(status.status));
      };
    }).catch((e) => finish(`error: ${e.message}`));
  });
}

async function main() {
  const args = process.argv.slice(2);
  let out = null;
  const i = args.indexOf("--json");
  const done = new Map();  // --json of an interrupted run: its files are not run again
  if (i >= 0) {
    if (fs.existsSync(args[i + 1])) {
      for (const line of fs.readFileSync(args[i + 1], "utf8").split("\n")) if (line) done.set(JSON.parse(line).file, JSON.parse(line));
    }
    out = fs.openSync(args[i + 1], "a");
    args.splice(i, 2);
  }
  const files = testFiles(args.length ? args : ["url", "dom/nodes"]);
  const server = await serve();
  const origin = `http://127.0.0.1:${server.address().port}`;
  const perDir = new Map();
  for (const rel of files) {
    let result = done.get(rel) || await runFile(origin, rel);
    if (String(result.harness).startsWith("error:")) result = await runFile(origin, rel);  // a dropped connection
    const passed = result.tests.filter((t) => t[1] === 0).length;
    process.stderr.write(`${rel}: ${passed}/${result.tests.length}\n`);
    if (out !== null && !done.has(rel)) fs.writeSync(out, JSON.stringify(result) + "\n");
    const dir = path.dirname(rel);
    const d = perDir.get(dir) || [0, 0];
    d[0] += passed;
    d[1] += result.tests.length;
    perDir.set(dir, d);
  }
  let p = 0, t = 0;
  for (const dir of [...perDir.keys()].sort()) {
    const [a, b] = perDir.get(dir);
    console.log(`${dir}: ${a}/${b} subtests passed`);
    p += a;
    t += b;
  }
  console.log(`jsdom: ${p}/${t} subtests passed in ${files.length} files`);
  server.close();
  process.exit(0);
}

main();
