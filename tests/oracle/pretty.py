#!/usr/bin/env python3
"""Turns oracle `show` output into `show --pretty-time` output, by the spec's
appendix: only the timestamp of each event line changes (block markers keep
their raw `end time`). Independent of hectic's own code.
Usage: pretty.py < NAME.oracle.show > NAME.oracle.pretty.show"""
import re
import sys


def pad_left(n):
    return ("  " if n < 10 else " " if n < 100 else "") + str(n)


def pad_right(n):
    return str(n) + ("  " if n < 10 else " " if n < 100 else "")


def pretty(t):
    s, ms, us, ns = t // 10**9, (t // 10**6) % 1000, (t // 1000) % 1000, t % 1000
    return pad_left(s) + "s " + pad_left(ms) + "ms " + pad_left(us) + "." + pad_right(ns) + "us"


data = sys.stdin.buffer.read().decode("utf-8", "surrogateescape")
head, sep, events = data.partition("\nEvents:\n")
line = re.compile(r"^(\d+): ", re.M)
out = head + sep + line.sub(lambda m: pretty(int(m.group(1))) + ": ", events)
sys.stdout.buffer.write(out.encode("utf-8", "surrogateescape"))
