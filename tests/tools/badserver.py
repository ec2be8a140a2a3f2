#!/usr/bin/env python3
"""A bad ClickHouse server for tests/push-server.sh (issue 43): an HTTP
server on 127.0.0.1 that answers hectic push as no server should, to see
push give up with a clear message. Never a real server's stand-in for
anything else (tests/ch-lib.sh starts a real one).

  badserver.py MODE PORTFILE [LIFETIME_S]

binds a free port of 127.0.0.1, writes it to PORTFILE, and answers every
request by MODE until LIFETIME_S (default 120) have passed:
  drip       200, then its body 2 bytes a second, never ended
  endless    200, then a body as fast as it goes, never ended
  exception  a statement: 200 "0" (SELECT version(): "26.7.2.1", a
             modern server's); an INSERT: its body read, then 200 with
             X-ClickHouse-Exception-Code: 241 and the exception in the body
             (as ClickHouse answers an error that came after its answer
             began)
  cut        a statement: 200 "0" (SELECT version() as above); an INSERT: 100 Continue when asked,
             some of its body read, then the connection closed
"""
import socket
import sys
import threading
import time

MODE = sys.argv[1]
PORTFILE = sys.argv[2]
LIFETIME = float(sys.argv[3]) if len(sys.argv) > 3 else 120.0
START = time.monotonic()


def alive():
    return time.monotonic() - START < LIFETIME


def read_head(conn, buf):
    """The request's head (up to the blank line) and what followed it."""
    while b"\r\n\r\n" not in buf:
        chunk = conn.recv(65536)
        if not chunk:
            return None, b""
        buf += chunk
    head, rest = buf.split(b"\r\n\r\n", 1)
    return head.decode("latin-1"), rest


def read_body(conn, head, rest, limit=None, body=None):
    """The request's body, whole (Content-Length or chunked), or its first
    limit bytes; what follows it. A Content-Length body is appended to
    the list body, when given."""
    lines = head.split("\r\n")
    hdrs = {}
    for line in lines[1:]:
        if ":" in line:
            k, v = line.split(":", 1)
            hdrs[k.strip().lower()] = v.strip()
    if "content-length" in hdrs:
        n = int(hdrs["content-length"])
        while len(rest) < n and (limit is None or len(rest) < limit):
            chunk = conn.recv(65536)
            if not chunk:
                break
            rest += chunk
        if body is not None:
            body.append(rest[:n])
        return rest[n:]
    if hdrs.get("transfer-encoding", "").lower() == "chunked":
        got = 0
        while True:
            while b"\r\n" not in rest:
                chunk = conn.recv(65536)
                if not chunk:
                    return b""
                rest += chunk
            size_line, rest = rest.split(b"\r\n", 1)
            size = int(size_line.split(b";")[0], 16)
            while len(rest) < size + 2:
                chunk = conn.recv(65536)
                if not chunk:
                    return b""
                rest += chunk
            rest = rest[size + 2:]
            got += size
            if size == 0:
                while b"\r\n" not in rest and rest != b"":
                    rest += conn.recv(65536)
                return rest
            if limit is not None and got >= limit:
                return b""
    return rest


def send(conn, status, body, extra=""):
    conn.sendall(("HTTP/1.1 %s\r\nContent-Length: %d\r\n%s\r\n" % (status, len(body), extra)).encode()
                 + body)


def serve(conn):
    conn.settimeout(5)
    buf = b""
    try:
        while alive():
            head, rest = read_head(conn, buf)
            if head is None:
                return
            # (an INSERT names itself in the URL's query=; a setting such
            # as async_insert=0 is not one)
            insert = "QUERY=INSERT" in head.split("\r\n")[0].upper()
            if MODE in ("drip", "endless"):
                read_body(conn, head, rest)
                conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\n")
                while alive():
                    if MODE == "drip":
                        conn.sendall(b"0\n")
                        time.sleep(1)
                    else:
                        conn.sendall(b"0" * 65536)
                return
            if MODE == "cut" and insert:
                if "expect: 100-continue" in head.lower():
                    conn.sendall(b"HTTP/1.1 100 Continue\r\n\r\n")
                read_body(conn, head, rest, limit=4096)
                return
            stmt = []
            buf = read_body(conn, head, rest, body=stmt)
            if stmt and stmt[0].strip() == b"SELECT version()":
                send(conn, "200 OK", b"26.7.2.1\n")
            elif MODE == "exception" and insert:
                send(conn, "200 OK",
                     b"Code: 241, e.displayText() = DB::Exception: Memory limit (for query) "
                     b"exceeded: would use 9.32 GiB, e.what() = DB::Exception\n",
                     "X-ClickHouse-Exception-Code: 241\r\n")
            else:
                send(conn, "200 OK", b"0\n")
    except (OSError, ValueError):
        pass
    finally:
        conn.close()


def main():
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    s.bind(("127.0.0.1", 0))
    s.listen(16)
    s.settimeout(0.5)
    with open(PORTFILE + ".tmp", "w") as f:
        f.write("%d\n" % s.getsockname()[1])
    import os
    os.rename(PORTFILE + ".tmp", PORTFILE)
    while alive():
        try:
            conn, _ = s.accept()
        except socket.timeout:
            continue
        threading.Thread(target=serve, args=(conn,), daemon=True).start()


main()
