#!/usr/bin/env python3
"""Cross-stream stall from slow SQL answers (issue 29).

  bench/load/sql_stall.py BUILD_DIR [--slow N] [--rounds R] [--samples S] [--timeout MS]
                          [--before GROUNDGATE]

The mock upstream answers "count forever" with a fenced SQLite query that runs until its time
cap on the operator's database (sql.execution.timeout, default 200 ms), and "hello" with one
plain sentence, each at once (no token pacing). groundgate (BUILD_DIR/proxy/cli/groundgate; I/O threads: one per core) guards
the route `sql` with the database and passes the route `plain` unguarded.

Each round measures an unrelated request (a streamed "hello" on `plain`, time to its last
byte, S requests one after another) twice, interleaved: alone ("idle"), and while N slow SQL
answers are in flight ("loaded": the N requests start together, the unrelated ones start
once the proxy holds them all, and the round waits for the N to finish). The figure is the
ratio loaded / idle of the unrelated request's median and worst latency, in the same run.
--before: the same rounds against another groundgate binary (e.g. main's, where the queries
run on the I/O threads), interleaved with this one, for a before/after in one run.
Builds nothing; stdlib only.
"""

import argparse
import http.client
import json
import os
import socket
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import threading
import time

SLOW_QUERY = ("WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n) "
              "SELECT count(*) FROM n")


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_port(port, proc, name):
    for _ in range(200):
        if proc.poll() is not None:
            sys.exit(f"{name} exited ({proc.returncode})")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return
        except OSError:
            time.sleep(0.05)
    sys.exit(f"{name} did not listen on {port}")


def chat(port, model, question, timeout=120):
    body = json.dumps({"model": model, "stream": True,
                       "messages": [{"role": "user", "content": question}]})
    start = time.monotonic()
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    conn.request("POST", "/v1/chat/completions", body, {"Content-Type": "application/json"})
    response = conn.getresponse()
    data = response.read()
    conn.close()
    if response.status != 200:
        raise RuntimeError(f"{model}: HTTP {response.status}: {data[:200]!r}")
    return time.monotonic() - start, data.decode()


def write_setup(work):
    db = os.path.join(work, "company.db")
    if not os.path.exists(db):
        c = sqlite3.connect(db)
        c.execute("CREATE TABLE employees (id INTEGER PRIMARY KEY, name TEXT, salary REAL)")
        c.execute("INSERT INTO employees VALUES (1, 'Ada', 5200), (2, 'Bob', 3100)")
        c.commit()
        c.close()
    script = os.path.join(work, "script.yaml")
    with open(script, "w") as f:
        f.write("- match: \"forever\"\n  answer: " +
                json.dumps("```sql\n" + SLOW_QUERY + "\n```\n") +
                "\n- match: \"hello\"\n  answer: \"Hello there.\"\n")
    return db, script


def config_text(mock_port, port, admin_port, db, timeout_ms, new_limits):
    limits = "limits: {filter_jobs: 256}\n" if new_limits else ""
    return f"""listen: "127.0.0.1:{port}"
admin_listen: "127.0.0.1:{admin_port}"
upstreams:
  mock: {{url: "http://127.0.0.1:{mock_port}"}}
{limits}policies:
  sql:
    hold: sentence
    sql: {{database: "{db}", execution: {{timeout: {timeout_ms}ms}}}}
routes:
  - {{name: sql, match: {{model: sql}}, upstream: mock, policy: sql}}
  - {{name: plain, match: {{model: plain}}, upstream: mock}}
logging: {{access_log: false}}
reload: {{watch: false}}
"""


class Proxy:
    def __init__(self, binary, label, work, mock_port, db, timeout_ms, new_limits):
        self.label = label
        self.port, self.admin_port = free_port(), free_port()
        path = os.path.join(work, f"{label}.yaml")
        with open(path, "w") as f:
            f.write(config_text(mock_port, self.port, self.admin_port, db, timeout_ms,
                                new_limits))
        self.log = open(os.path.join(work, f"{label}.log"), "w")
        self.proc = subprocess.Popen([binary, "serve", "-c", path], stdout=self.log,
                                     stderr=subprocess.STDOUT)
        wait_port(self.port, self.proc, label)

    def stop(self):
        self.proc.terminate()
        self.proc.wait(timeout=30)
        self.log.close()


def unrelated(proxy, samples):
    out = []
    for _ in range(samples):
        seconds, body = chat(proxy.port, "plain", "hello")
        if "data: [DONE]" not in body or "Hello" not in body:
            raise RuntimeError(f"{proxy.label}: unexpected answer {body[:200]}")
        out.append(seconds)
    return out


def loaded(proxy, slow, samples, settle):
    results = []
    errors = []

    def one():
        try:
            results.append(chat(proxy.port, "sql", "count forever"))
        except Exception as e:  # noqa: BLE001 - reported below
            errors.append(str(e))

    clients = [threading.Thread(target=one) for _ in range(slow)]
    for t in clients:
        t.start()
    time.sleep(settle)  # the mock answers at once: the queries are running by now
    timings = unrelated(proxy, samples)
    still_running = slow - len(results) - len(errors)
    for t in clients:
        t.join()
    if errors:
        raise RuntimeError(f"{proxy.label}: slow answers failed: {errors[:2]}")
    unverified = sum(1 for _, body in results if '"check_incomplete"' in body)
    return timings, still_running, unverified


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("build")
    p.add_argument("--slow", type=int, default=20)
    p.add_argument("--rounds", type=int, default=5)
    p.add_argument("--samples", type=int, default=5)
    p.add_argument("--timeout", type=int, default=200, help="sql.execution.timeout in ms")
    p.add_argument("--settle", type=float, default=0.15,
                   help="seconds between starting the slow answers and the unrelated ones")
    p.add_argument("--before", help="another groundgate binary, measured interleaved")
    a = p.parse_args()

    binary = os.path.join(os.path.abspath(a.build), "proxy/cli/groundgate")
    work = tempfile.mkdtemp(prefix="gg-sql-stall-")
    db, script = write_setup(work)
    mock_port = free_port()
    mock_log = open(os.path.join(work, "mock.log"), "w")
    mock = subprocess.Popen([binary, "mock-upstream", "--listen", f"127.0.0.1:{mock_port}",
                             "--script", script, "--tokens-per-second", "0"],
                            stdout=mock_log, stderr=subprocess.STDOUT)
    wait_port(mock_port, mock, "mock")
    proxies = [Proxy(binary, "after", work, mock_port, db, a.timeout, True)]
    if a.before:
        proxies.insert(0, Proxy(a.before, "before", work, mock_port, db, a.timeout, False))
    idle = {px.label: [] for px in proxies}
    busy = {px.label: [] for px in proxies}
    running = {px.label: [] for px in proxies}
    unverified = {px.label: 0 for px in proxies}
    try:
        for px in proxies:  # warm up: connections, schema database, page cache
            unrelated(px, 2)
            chat(px.port, "sql", "count forever")
        for r in range(a.rounds):
            for px in proxies:
                idle[px.label] += unrelated(px, a.samples)
                timings, still, unv = loaded(px, a.slow, a.samples, a.settle)
                busy[px.label] += timings
                running[px.label].append(still)
                unverified[px.label] += unv
            print(f"round {r + 1}/{a.rounds} done", file=sys.stderr)
    finally:
        for px in proxies:
            px.stop()
        mock.terminate()
        mock.wait(timeout=30)
        mock_log.close()

    load = open("/proc/loadavg").read().split()[:3]
    print(f"# sql_stall: {a.slow} slow SQL answers (execution timeout {a.timeout} ms), "
          f"{a.rounds} rounds x {a.samples} unrelated requests per state, interleaved; "
          f"cores {os.cpu_count()}, load {' '.join(load)}")
    print("| binary | unrelated p50 idle (ms) | p50 loaded (ms) | ratio p50 | max idle (ms) "
          "| max loaded (ms) | ratio max | slow answers still running at the end "
          "| slow answers unverified |")
    print("|---|---|---|---|---|---|---|---|---|")
    for px in proxies:
        i, b = idle[px.label], busy[px.label]
        p50i, p50b = statistics.median(i) * 1e3, statistics.median(b) * 1e3
        mi, mb = max(i) * 1e3, max(b) * 1e3
        still = f"{min(running[px.label])}-{max(running[px.label])} of {a.slow}"
        print(f"| {px.label} | {p50i:.2f} | {p50b:.2f} | {p50b / p50i:.2f} | {mi:.2f} | "
              f"{mb:.2f} | {mb / mi:.2f} | {still} | "
              f"{unverified[px.label]} of {a.slow * a.rounds} |")


if __name__ == "__main__":
    main()
