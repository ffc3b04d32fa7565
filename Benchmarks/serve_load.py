#!/usr/bin/env python3
"""`tollbooth serve` under concurrent clients (issue 23): requests/s, p50 and p99 for Get
Transaction Info and for a Get Transaction History walk, at 1, 2, 4, 8, 16 and 32 clients at
once, on a file ledger of about 10,000 transactions; the server's resident memory before and
after; then SIGTERM and how long it takes to exit.

Each client is a process of its own (so Python's lock does not serialise the clients) with one
kept-alive HTTP/1.1 connection (http.client), every request with a 10 s timeout. A cell runs for
a fixed time; requests/s counts the answers in it. Transaction Info asks for a random
transaction; the History walk follows `revision` from the first page to the last (500 pages of
20 signed transactions), then starts again. Tokens are not checked (no key registered).

Goals: no stall at any concurrency; 32 clients at least as many requests/s as 4; History p99
<= 20 ms at 8 clients.

Run: swift build -c release --product tollbooth && python3 Benchmarks/serve_load.py [SECONDS]
(TOLLBOOTH_BIN names another build; the debug build is used when there is no release one.)
"""
import http.client
import json
import multiprocessing
import os
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RELEASE = ROOT / ".build" / "release" / "tollbooth"
BINARY = Path(os.environ.get("TOLLBOOTH_BIN", RELEASE if RELEASE.exists() else ROOT / ".build" / "debug" / "tollbooth"))
CATALOG = ROOT / "Tests" / "Fixtures" / "storekit-samples" / "apple-skdemo-products-v2.0.storekit"
CONCURRENCY = [1, 2, 4, 8, 16, 32]


def run(*args, env):
    return subprocess.run([str(BINARY), *args], check=True, capture_output=True, text=True, env=env, timeout=600)


def make_ledger(folder, env):
    """A monthly subscription renewed for 834 store-years (10,008 transactions) and a few more."""
    ledger = ["--ledger", str(folder / "ledger.sqlite"), "--catalog", str(CATALOG)]
    run("clock", "rate", "realTime", *ledger, env=env)
    for product in ("nonconsumable.car", "consumable.fuel.octane87", "subscription.standard"):
        run("txn", "buy", product, *ledger, env=env)
    for step in ["+100y"] * 8 + ["+34y"]:  # one advance moves the clock at most 100 years
        run("clock", "advance", step, *ledger, env=env)
    ids = [t["id"] for t in json.loads(run("txn", "list", "--json", *ledger, env=env).stdout)["transactions"]]
    return ledger, ids


def rss_kb(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def client(port, kind, ids, start_at, stop_at, results):
    """One client: requests until `stop_at`, recording each answered request's latency (ms)."""
    random.seed(os.getpid())
    latencies, errors = [], 0
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    revision = None
    while time.time() < start_at:
        time.sleep(0.001)
    while time.time() < stop_at:
        if kind == "info":
            path = f"/inApps/v1/transactions/{random.choice(ids)}"
        else:
            path = f"/inApps/v2/history/{ids[0]}" + (f"?revision={urllib.parse.quote(revision)}" if revision else "")
        began = time.perf_counter()
        try:
            connection.request("GET", path)
            response = connection.getresponse()
            body = response.read()
            if response.status != 200:
                raise RuntimeError(f"HTTP {response.status}")
        except Exception:  # noqa: BLE001 - counted; a new connection for the next request
            errors += 1
            connection.close()
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
            continue
        latencies.append((time.perf_counter() - began) * 1000)
        if kind == "history":
            page = json.loads(body)
            revision = page["revision"] if page["hasMore"] else None
    connection.close()
    results.put((latencies, errors))


def cell(port, kind, ids, clients, seconds):
    results = multiprocessing.Queue()
    start_at = time.time() + 0.5
    workers = [multiprocessing.Process(target=client, args=(port, kind, ids, start_at, start_at + seconds, results))
               for _ in range(clients)]
    for worker in workers:
        worker.start()
    latencies, errors = [], 0
    for _ in workers:
        got, failed = results.get(timeout=seconds + 60)
        latencies += got
        errors += failed
    for worker in workers:
        worker.join(timeout=30)
    latencies.sort()
    quantile = lambda q: latencies[min(len(latencies) - 1, int(q * len(latencies)))] if latencies else float("nan")
    return len(latencies) / seconds, quantile(0.5), quantile(0.99), errors, len(latencies)


def main():
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 5
    folder = Path(tempfile.mkdtemp(prefix="serve-load-"))
    env = dict(os.environ, HOME=str(folder), XDG_STATE_HOME=str(folder / "state"), XDG_CONFIG_HOME=str(folder / "config"))
    ledger, ids = make_ledger(folder, env)
    print(f"binary {BINARY}; ledger of {len(ids)} transactions; {seconds:g} s a cell; {os.cpu_count()} CPUs", flush=True)
    serve = subprocess.Popen([str(BINARY), "serve", *ledger, "--port", "0"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             text=True, env=env)
    port = int(serve.stdout.readline().rsplit(":", 1)[1])
    # One request builds the history index (a sort of every key), as a first client would.
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    connection.request("GET", f"/inApps/v2/history/{ids[0]}")
    connection.getresponse().read()
    connection.close()
    before = rss_kb(serve.pid)
    print("| Clients | Info req/s | Info p50 | Info p99 | History req/s | History p50 | History p99 | Errors |")
    print("|---|---|---|---|---|---|---|---|")
    for clients in CONCURRENCY:
        info = cell(port, "info", ids, clients, seconds)
        history = cell(port, "history", ids, clients, seconds)
        print(f"| {clients} | {info[0]:,.0f} | {info[1]:.1f} ms | {info[2]:.1f} ms | {history[0]:,.0f} | {history[1]:.1f} ms | "
              f"{history[2]:.1f} ms | {info[3] + history[3]} |", flush=True)
    after = rss_kb(serve.pid)
    print(f"serve RSS: {before / 1024:.1f} MB after the first request, {after / 1024:.1f} MB after the load")
    began = time.perf_counter()
    serve.send_signal(signal.SIGTERM)
    code = serve.wait(timeout=30)
    print(f"SIGTERM: exit {code} after {(time.perf_counter() - began) * 1000:.0f} ms")


if __name__ == "__main__":
    main()
