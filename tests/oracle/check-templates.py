#!/usr/bin/env python3
"""Check every event line the oracle prints against the body templates of
spec B.8 (ghc-events-format.md), for the tags that occur in the fixtures.

Usage: check-templates.py TAGGED_OUTPUT...   (files made by `oracle --tagged`)
This is how the claim "0.17 prints the B.8 text for these tags" in
tests/oracle/README.md was verified.  Tags without a pattern are reported.
"""
import re, sys, collections

N = r'\d+'
PFX = r'\d+: (?:cap \d+: )?'
T = {
    0: r'creating thread N', 1: r'running thread N',
    2: r'stopping thread N \((?:No stop thread status|heap overflow|stack overflow, size N|thread yielding|thread finished|making a foreign call|blocked on an MVar|blocked on black hole owned by thread N|blocked on I/O read|blocked on I/O write|blocked on threadDelay|blocked in STM retry|blocked on asyncDoProc|blocked in throwTo|blocked reading an MVar)\)',
    3: r'thread N is runnable', 4: r'migrating thread N to cap N',
    8: r'waking up thread N on cap N', 9: r'starting GC', 10: r'finished GC',
    11: r'requesting sequential GC', 12: r'requesting parallel GC',
    15: r'creating spark thread N', 16: r'.*', 17: r'startup: N capabilities',
    18: r'event block: cap N, end time: N', 19: r'.*',
    20: r'GC idle', 21: r'GC working', 22: r'GC done',
    25: r'created capset N of type Capset(?:Custom|OsProcess|ClockDomain|Unknown)',
    26: r'deleted capset N', 27: r'assigned cap N to capset N',
    28: r'removed cap N from capset N', 29: r'capset N: RTS version ".*"',
    30: r'capset N: args: \[".*"\]', 31: r'capset N: env: \[".*"\]',
    32: r'capset N: pid N', 33: r'capset N: parent pid N',
    34: r"spark stats: N created, N converted, N remaining \(N overflowed, N dud, N GC'd, N fizzled\)",
    35: r'spark created', 36: r'dud spark discarded', 37: r'overflowed spark discarded',
    38: r'running a local spark', 39: r'stealing a spark from cap N',
    40: r'spark fizzled', 41: r'spark GCed',
    43: r'capset N: wall clock time Ns Nns \(unix epoch\)',
    44: r'thread N has label ".*"',
    45: r'created cap N', 46: r'deleted cap N', 47: r'disabled cap N', 48: r'enabled cap N',
    49: r'allocated on heap capset N: N total bytes till now',
    50: r'size of heap capset N: N bytes', 51: r'live data in heap capset N: N bytes',
    52: r'heap stats for heap capset N: generations N, N bytes max heap size, N bytes alloc area size, N bytes mblock size, N bytes block size',
    53: r'GC stats for heap capset N: generation N, N bytes copied, N bytes slop, N bytes fragmentation, N par threads, N bytes max par copied, N bytes total par copied(?:, N bytes balanced par copied)?',
    54: r'all caps stopped for GC',
    55: r'task 0xH created on cap N with OS kernel thread N',
    56: r'task 0xH migrated from cap N to cap N', 57: r'task 0xH deleted',
    58: r'marker: .*',
    160: r'start heap profiling N at sampling period N broken down by (?:cost centre|module|closure description|type description|retainer|biography|closure type|info table|era)(?: filtered by (?:[^,]+, )+)?',
    161: r'cost centre N .* in .* at .*(?: CAF)?', 162: r'start heap prof sample N',
    163: r'heap prof sample N, residency N, cost centre stack (?:N(?:, N)*)?',
    164: r'heap prof sample N, residency N, label .*', 165: r'end prof sample N',
    167: r'cap no N, prof sample N, cost centre stack (?:N(?:, N)*)?',
    168: r'start time profiling, tick interval N \(ns\)',
    181: r'binary message .*', 200: r'concurrent mark began',
    201: r'concurrent mark ended: marked N objects',
    202: r'post-mark synchronization began', 203: r'post-mark synchronization ended',
    204: r'concurrent sweep began', 205: r'concurrent sweep ended',
    206: r'update remembered set flushed by N',
}
RX = {k: re.compile(PFX + v.replace('N', N).replace('0xH', '0x[0-9a-f]+') + r'$')
      for k, v in T.items()}

bad = 0
seen = collections.Counter()
for path in sys.argv[1:]:
    for line in open(path, encoding='utf-8'):
        line = line.rstrip('\n')
        if '\t' not in line:
            continue
        tag, text = line.split('\t', 1)
        tag = int(tag)
        seen[tag] += 1
        rx = RX.get(tag)
        if rx is None:
            print(f'{path}: no template for tag {tag}: {text}')
            bad += 1
        elif not rx.match(text):
            print(f'{path}: tag {tag} does not match B.8: {text}')
            bad += 1
print('checked tags:', ' '.join(f'{t}:{n}' for t, n in sorted(seen.items())))
print(f'{bad} mismatches')
sys.exit(1 if bad else 0)
