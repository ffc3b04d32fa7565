"""`tollbooth serve` under load and against hostile clients: many clients at once, numbers
past Int64, idle and half-sent connections, requests that are not HTTP. Loopback only; every
wait is bounded (a socket timeout, or a bounded wait on the process)."""
import http.client
import json
import signal
import socket
import subprocess
import threading

import pytest

from harness import BINARY, SAMPLES, base_env, run_cli

CATALOG = SAMPLES / "apple-skdemo-products-v2.0.storekit"


class Serve:
    """`tollbooth serve` with no key (tokens not checked) on a ledger with a few purchases."""

    def __init__(self, tmp_path, *extra):
        self.env = base_env(tmp_path)
        self.args = ["--ledger", str(tmp_path / "ledger.sqlite"), "--catalog", str(CATALOG)]
        run_cli("clock", "rate", "realTime", *self.args, env=self.env)
        self.ids = [json.loads(run_cli("txn", "buy", product, "--json", *self.args, env=self.env).stdout)["id"]
                    for product in ("nonconsumable.car", "consumable.fuel.octane87", "subscription.standard")]
        self.proc = subprocess.Popen([str(BINARY), "serve", *self.args, "--port", "0", *extra],
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=self.env)
        line = self.proc.stdout.readline()
        assert line.startswith("serving the App Store Server API for "), line + self.proc.stderr.read()
        self.port = int(line.rsplit(":", 1)[1])

    def connect(self, timeout=10):
        return socket.create_connection(("127.0.0.1", self.port), timeout=timeout)

    def get(self, path, timeout=10):
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
        try:
            connection.request("GET", path)
            response = connection.getresponse()
            return response.status, response.read()
        finally:
            connection.close()

    def terminate(self, timeout=15):
        """SIGTERM, then the exit status, waiting at most `timeout` seconds for it."""
        self.proc.send_signal(signal.SIGTERM)
        try:
            return self.proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(timeout=15)
            raise


@pytest.fixture
def serve(tmp_path):
    server = Serve(tmp_path, "--idle-timeout", "1")
    yield server
    if server.proc.poll() is None:
        server.proc.kill()
        server.proc.wait(timeout=15)


def read_response(sock):
    """Status, headers and body of one HTTP/1.1 response read off `sock` (closed after it)."""
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(65536)
        if not chunk:
            raise AssertionError(f"connection closed before a response: {data!r}")
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = {name.strip().lower(): value.strip() for name, _, value in (line.partition(":") for line in lines[1:])}
    length = int(headers.get("content-length", "0"))
    while len(body) < length:
        chunk = sock.recv(65536)
        if not chunk:
            break
        body += chunk
    return int(lines[0].split()[1]), headers, body


def test_32_clients_of_500_requests_each_are_all_answered_then_sigterm_exits_0(tmp_path):
    server = Serve(tmp_path)
    paths = [f"/inApps/v1/transactions/{server.ids[0]}", f"/inApps/v2/history/{server.ids[1]}",
             f"/inApps/v1/transactions/{server.ids[2]}", "/inApps/v1/transactions/999999"]
    expected = {paths[0]: 200, paths[1]: 200, paths[2]: 200, paths[3]: 404}
    failures, answered, lock = [], [0], threading.Lock()

    def client(number):
        connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
        try:
            for index in range(500):
                path = paths[(number + index) % len(paths)]
                connection.request("GET", path)
                response = connection.getresponse()
                body = response.read()
                if response.status != expected[path] or not body.startswith(b"{"):
                    raise AssertionError(f"{path}: {response.status} {body[:200]!r}")
                with lock:
                    answered[0] += 1
        except Exception as error:  # noqa: BLE001 - reported below, with the client's number
            with lock:
                failures.append(f"client {number}: {type(error).__name__}: {error}")
        finally:
            connection.close()

    threads = [threading.Thread(target=client, args=(number,)) for number in range(32)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=600)
    assert not any(thread.is_alive() for thread in threads), "clients still waiting after 10 minutes"
    assert failures == [], f"{len(failures)} clients failed, {answered[0]} answers; first: {failures[:3]}"
    assert answered[0] == 32 * 500
    assert server.terminate() == 0, server.proc.stderr.read()


def test_ids_past_int64_are_answered_and_the_server_lives_on(serve):
    for path in ("/inApps/v1/transactions/9223372036854775808", "/inApps/v2/history/18446744073709551615",
                 "/inApps/v1/subscriptions/9223372036854775808"):
        status, body = serve.get(path)
        assert (status, json.loads(body)["errorCode"]) == (404, 4040010), path
    status, body = serve.get(f"/inApps/v1/transactions/{serve.ids[0]}")
    assert status == 200
    assert serve.terminate() == 0


def test_an_idle_connection_and_a_half_sent_request_are_closed(serve):
    idle = serve.connect(timeout=30)
    half_head = serve.connect(timeout=30)
    half_head.sendall(b"GET /inApps/v1/transactions/1 HTTP/1.1\r\nHost: 127.0.0.1\r\n")
    half_body = serve.connect(timeout=30)
    half_body.sendall(b"PUT /inApps/v1/subscriptions/extend/1 HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                      b"Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"extendByDays\"")
    # recv returns b"" once the server closes; the socket timeout bounds the wait.
    for name, sock in (("idle", idle), ("half-sent head", half_head), ("half-sent body", half_body)):
        try:
            assert sock.recv(1) == b"", name
        except socket.timeout:
            pytest.fail(f"the {name} connection was still open after 30 s")
        finally:
            sock.close()
    # A connection that keeps asking stays open.
    connection = http.client.HTTPConnection("127.0.0.1", serve.port, timeout=10)
    for _ in range(3):
        connection.request("GET", f"/inApps/v1/transactions/{serve.ids[0]}")
        assert connection.getresponse().read()
    connection.close()
    assert serve.terminate() == 0


@pytest.mark.parametrize("request_bytes, status", [
    (b"GARBAGE\r\n\r\n", 400),
    (b"GET /inApps/v1/transactions/1 HTTP/9.9\r\n\r\n", 400),
    (b"GET /inApps/v1/transactions/1 HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n", 400),
    (b"GET /inApps/v1/transactions/1 HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n", 400),
    (b"GET /inApps/v1/transactions/1 HTTP/1.1\r\nHost: x\r\nBad Header: \x1b]0;owned\x07\r\n\r\n", 400),
    (b"GET /inApps/v1/transactions/1 HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 20000 + b"\r\n\r\n", 431),
])
def test_a_request_that_is_not_http_gets_apples_error_body(serve, request_bytes, status):
    with serve.connect() as sock:
        sock.sendall(request_bytes)
        answer_status, headers, body = read_response(sock)
    assert answer_status == status
    assert headers.get("content-type") == "application/json"
    answer = json.loads(body)
    assert answer["errorCode"] == 4000000
    assert "\x1b" not in answer["errorMessage"]
    assert serve.get(f"/inApps/v1/transactions/{serve.ids[0]}")[0] == 200


def test_a_body_too_large_is_413_with_an_error_code(serve):
    connection = http.client.HTTPConnection("127.0.0.1", serve.port, timeout=10)
    connection.request("PUT", "/inApps/v1/subscriptions/extend/1", body=b"{" + b" " * 70000 + b"}",
                       headers={"Content-Type": "application/json"})
    response = connection.getresponse()
    assert response.status == 413
    assert json.loads(response.read())["errorCode"] == 4000000
    connection.close()
