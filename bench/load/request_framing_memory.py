#!/usr/bin/env python3
"""What one endless chunk-size line costs a proxy: its peak resident memory before and after a
chunked request whose first chunk-size line carries MIB MiB of extension, and its answer.

    bench/load/request_framing_memory.py GROUNDGATE_BIN [GROUNDGATE_BIN ...] [--mib 256]
        [--path /v1/chat/completions]

Each binary runs `serve` on free loopback ports with a guarded chat route (the path is inspected:
its body is read before the upstream is asked, so no upstream is needed) and gets the request on
a fresh connection; the client writes until the proxy closes or MIB MiB went. Give two binaries
(e.g. before and after a change) to compare them in one run.
"""
import argparse
import os
import socket
import subprocess
import tempfile
import time

CONFIG = """listen: 127.0.0.1:{port}
admin_listen: 127.0.0.1:{admin}
upstreams:
  up: {{url: "http://127.0.0.1:{upstream}"}}
policies:
  guard:
    verifiers: [semantic_pieces]
    hold: sentence
    on_error: closed
routes:
  - {{name: chat, match: {{path_prefix: /v1/chat}}, upstream: up, policy: guard}}
  - {{name: other, match: {{path_prefix: /}}, upstream: up}}
logging: {{access_log: false}}
"""


def free_ports(count):
    sockets = [socket.socket() for _ in range(count)]
    for s in sockets:
        s.bind(("127.0.0.1", 0))
    ports = [s.getsockname()[1] for s in sockets]
    for s in sockets:
        s.close()
    return ports


def peak_kib(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    return 0


def measure(binary, mib, path):
    port, admin, upstream = free_ports(3)
    with tempfile.TemporaryDirectory() as tmp:
        config = os.path.join(tmp, "config.yaml")
        with open(config, "w") as f:
            f.write(CONFIG.format(port=port, admin=admin, upstream=upstream))
        proc = subprocess.Popen([binary, "serve", "-c", config], stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL)
        try:
            for _ in range(200):
                try:
                    socket.create_connection(("127.0.0.1", port), timeout=1).close()
                    break
                except OSError:
                    time.sleep(0.05)
            before = peak_kib(proc.pid)
            client = socket.create_connection(("127.0.0.1", port))
            client.settimeout(30)
            client.sendall(f"POST {path} HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked"
                           "\r\n\r\n5;a=".encode())
            piece = b"x" * (1 << 20)
            sent = 0
            try:
                for _ in range(mib):
                    client.sendall(piece)
                    sent += 1
            except OSError:
                pass  # the proxy closed: the rest is never read
            try:
                reply = client.recv(4096).split(b"\r\n")[0].decode() or "(closed)"
            except OSError as e:
                reply = f"(no reply: {e})"
            time.sleep(0.5)
            after = peak_kib(proc.pid)
        finally:
            proc.terminate()
            proc.wait()
    print(f"{binary}: {sent} of {mib} MiB written; reply {reply}; peak RSS {before} -> {after} "
          f"KiB (+{after - before} KiB)")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("binaries", nargs="+")
    parser.add_argument("--mib", type=int, default=256)
    parser.add_argument("--path", default="/v1/chat/completions")
    args = parser.parse_args()
    for binary in args.binaries:
        measure(binary, args.mib, args.path)


if __name__ == "__main__":
    main()
