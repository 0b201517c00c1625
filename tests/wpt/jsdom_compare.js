// Run the WPT files of tests/wpt/run.py with jsdom, under run.py's conditions, for the comparison
// in the README.  Not run in CI.  Needs jsdom installed OUTSIDE the repository:
//
//   mkdir -p ~/jsdom && cd ~/jsdom && npm install jsdom@29
//   JSDOM_DIR=~/jsdom node tests/wpt/jsdom_compare.js [--json OUT] [-j N] [--timeout S] DIR_OR_FILE ...
//
// The same conditions as run.py's:
// - the same files, variants included: `python -m tests.wpt.serve --list` (run.py's test_files);
// - the same responses: the pages, scripts, frames and form submissions come from
//   tests/wpt/serve.py, which answers with run.py's own code (its files, aliases, emulated
//   wptserve handlers and Content-Types, its wrapper document for .any.js/.window.js), reached
//   at run.py's origin (http://web-platform.test: every connection goes to that server); the
//   same `fetch` of files inside the WPT folder that run.py gives webdom (jsdom has none);
//   testdriver.js as it is, with no automation (run.py's --no-input);
// - the same time limit a file (default 300 s, run.py's), each file in a child process killed
//   at the limit, a crash retried once;
// - the same counting: every subtest of the completion callback's list, a harness that does not
//   end OK as one failing "(harness)" result more, a file that passes the limit or crashes as a
//   failing file with no subtests, a file whose testharness.js never loads as a harness TIMEOUT.
// Writes run.py's JSON lines (`python tests/wpt/run.py --from-json OURS --jsdom OUT` tabulates).
"use strict";
const childProcess = require("node:child_process");
const fs = require("node:fs");
const net = require("node:net");
const path = require("node:path");
const { createRequire } = require("node:module");

const REPO = path.resolve(__dirname, "../..");
const PYTHON = process.env.PYTHON || path.join(REPO, ".venv/bin/python");
const JSDOM_DIR = path.resolve(process.env.JSDOM_DIR || path.join(REPO, "../jsdom"));
const WPT = path.resolve(process.env.WEBDOM_WPT || path.join(REPO, "../shared/conformance/wpt"));
const ORIGIN = "http://web-platform.test";  // run.py's
const STATUS = ["PASS", "FAIL", "TIMEOUT", "NOTRUN", "PRECONDITION_FAILED"];  // run.py's names
const HARNESS_STATUS = ["OK", "ERROR", "TIMEOUT", "PRECONDITION_FAILED"];
const HARNESS = "(harness)";

// ---- the child: runs the files the parent sends, one at a time ----

// run.py's fetch(): files inside the WPT folder only, as a minimal Response.
function giveFetch(window) {
  window.fetch = (input) => new window.Promise((resolve, reject) => {
    const href = new URL(String(input), window.location.href);
    const file = path.resolve(path.join(WPT, decodeURIComponent(href.pathname)));
    if (href.origin !== ORIGIN || !file.startsWith(WPT + path.sep) || !fs.existsSync(file) ||
        !fs.statSync(file).isFile()) {
      reject(new window.TypeError(`fetch: ${href.href} is not in the WPT folder`));
      return;
    }
    const text = fs.readFileSync(file, "utf8");
    resolve({ ok: true, status: 200, url: href.href, text: async () => text,
      json: async () => window.JSON.parse(text) });
  });
}

function runFile(dispatcher, JSDOM, VirtualConsole, rel) {
  const url = `${ORIGIN}/${rel.replace(/\.any\.js(?=\?|$)/, ".any.html").replace(/\.window\.js(?=\?|$)/, ".window.html")}`;
  return new Promise((resolve) => {
    const errors = [];
    const virtualConsole = new VirtualConsole();
    virtualConsole.on("jsdomError", (e) => { if (errors.length < 5) errors.push(String(e.message).slice(0, 300)); });
    let settled = false;
    let window = null;
    const finish = (status, message, list) => {
      if (settled) return;
      settled = true;
      const tests = list.map((t) => [String(t.name), STATUS[t.status] || String(t.status),
        (t.message === null || t.message === undefined ? "" : String(t.message)).slice(0, 300)]);
      if (status !== 0) {
        tests.push([HARNESS, status === null ? "TIMEOUT" : HARNESS_STATUS[status] || "TIMEOUT",
          String(message || "the harness did not complete").slice(0, 300)]);
      }
      resolve({ file: rel, tests, harness: status, harness_message: message, errors });
      setImmediate(() => { try { if (window) window.close(); } catch (e) { /* a broken window */ } });
    };
    JSDOM.fromURL(url, { resources: { dispatcher }, runScripts: "dangerously", pretendToBeVisual: true, virtualConsole,
      beforeParse(w) {
        window = w;
        giveFetch(w);
        w.__wpt_done = (list, status) => finish(status.status, status.message === null ? "" : String(status.message),
          Array.from(list));
      } }).then((dom) => {
      // as run.py's realm ends: after the load event, a page whose testharness.js never loaded
      // will not complete (its harness would time out)
      const check = () => setTimeout(() => {
        if (typeof dom.window.add_completion_callback !== "function") finish(null, "", []);
      }, 0);
      if (dom.window.document.readyState === "complete") check();
      else dom.window.addEventListener("load", check);
    }).catch((e) => finish(null, `error: ${e.message}`, []));
  });
}

function child(port) {
  process.on("uncaughtException", () => {});  // a test's asynchronous error ends its file, not the child
  process.on("unhandledRejection", () => {});
  const req = createRequire(path.join(JSDOM_DIR, "package.json"));
  const { JSDOM, VirtualConsole } = req("jsdom");
  const { Agent } = req("undici");
  // every host (web-platform.test) is the local server
  const dispatcher = new Agent({ connect: (options, callback) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => callback(null, socket));
    socket.once("error", (e) => callback(e, null));
  } });
  process.on("message", async (rel) => {
    process.send(await runFile(dispatcher, JSDOM, VirtualConsole, rel));
  });
}

// ---- the parent: the server, the file list, the children and the time limit ----

function crashed(rel, message) {
  return { file: rel, tests: [], harness: null, harness_message: message, errors: [] };
}

function startServer() {
  const server = childProcess.spawn(PYTHON, ["-m", "tests.wpt.serve"], { cwd: REPO,
    env: { ...process.env, PYTHONPATH: REPO }, stdio: ["ignore", "pipe", "inherit"] });
  return new Promise((resolve, reject) => {
    let text = "";
    server.stdout.on("data", (chunk) => {
      text += chunk;
      const m = /serving http:\/\/127\.0\.0\.1:(\d+)/.exec(text);
      if (m) resolve({ server, port: Number(m[1]) });
    });
    server.on("exit", () => reject(new Error("tests/wpt/serve.py ended")));
  });
}

class Runner {
  constructor(port, timeoutMs) {
    this.port = port;
    this.timeoutMs = timeoutMs;
    this.proc = null;
  }

  spawn() {
    this.proc = childProcess.fork(__filename, ["--child", String(this.port)], { stdio: ["ignore", "ignore", "ignore", "ipc"] });
  }

  once(rel) {
    if (this.proc === null) this.spawn();
    const proc = this.proc;
    return new Promise((resolve) => {
      const done = (result) => {
        clearTimeout(timer);
        proc.removeListener("message", done);
        proc.removeListener("exit", exited);
        resolve(result);
      };
      const exited = (code, signal) => {
        this.proc = null;
        done(crashed(rel, `crashed (exit ${code === null ? signal : code})`));
      };
      const timer = setTimeout(() => {
        proc.removeListener("exit", exited);
        proc.kill("SIGKILL");
        this.proc = null;
        done(crashed(rel, "timeout"));
      }, this.timeoutMs);
      proc.on("message", done);
      proc.on("exit", exited);
      proc.send(rel);
    });
  }

  async run(rel) {
    let result = await this.once(rel);
    if (result.harness_message.startsWith("crashed")) {  // as run.py: one retry, and the result says so
      result = await this.once(rel);
      result.retried = true;
    }
    return result;
  }

  stop() { if (this.proc !== null) this.proc.kill("SIGKILL"); }
}

async function main() {
  const args = process.argv.slice(2);
  if (args[0] === "--child") { child(Number(args[1])); return; }
  const option = (name, fallback) => {
    const i = args.indexOf(name);
    if (i < 0) return fallback;
    const value = args[i + 1];
    args.splice(i, 2);
    return value;
  };
  const jsonPath = option("--json", null);
  const jobs = Number(option("-j", "1"));
  const timeoutMs = Number(option("--timeout", "300")) * 1000;
  const listed = childProcess.spawnSync(PYTHON, ["-m", "tests.wpt.serve", "--list", ...(args.length ? args : ["url"])],
    { cwd: REPO, env: { ...process.env, PYTHONPATH: REPO }, encoding: "utf8", maxBuffer: 1 << 26 });
  const files = listed.stdout.split("\n").filter(Boolean);
  const done = new Map();  // the --json of an interrupted run: its files are not run again
  let out = null;
  if (jsonPath !== null) {
    if (fs.existsSync(jsonPath)) {
      for (const line of fs.readFileSync(jsonPath, "utf8").split("\n")) if (line) done.set(JSON.parse(line).file, JSON.parse(line));
    }
    out = fs.openSync(jsonPath, "a");
  }
  const { server, port } = await startServer();
  const results = new Array(files.length);
  let next = 0;
  const worker = async () => {
    const runner = new Runner(port, timeoutMs);
    while (next < files.length) {
      const index = next++;
      const rel = files[index];
      const result = done.get(rel) || await runner.run(rel);
      results[index] = result;
      const passed = result.tests.filter((t) => t[1] === "PASS").length;
      process.stderr.write(`${rel}: ${passed}/${result.tests.length}\n`);
      if (out !== null && !done.has(rel)) fs.writeSync(out, JSON.stringify(result) + "\n");
    }
    runner.stop();
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(jobs, files.length)) }, worker));
  const perDir = new Map();
  for (const r of results) {
    const dir = path.dirname(r.file.split("?")[0]);
    const d = perDir.get(dir) || [0, 0, 0, 0];
    d[0] += r.tests.filter((t) => t[1] === "PASS").length;
    d[1] += r.tests.length;
    d[2] += r.harness === 0 ? 1 : 0;
    d[3] += 1;
    perDir.set(dir, d);
  }
  const total = [0, 0, 0];
  for (const dir of [...perDir.keys()].sort()) {
    const [p, t, fo, f] = perDir.get(dir);
    console.log(`${dir}: ${p}/${t} subtests passed, ${fo}/${f} files OK`);
    total[0] += p;
    total[1] += t;
    total[2] += fo;
  }
  console.log(`jsdom: ${total[0]}/${total[1]} subtests passed in ${files.length} files (${total[2]} OK)`);
  server.kill();
  process.exit(0);
}

main();
