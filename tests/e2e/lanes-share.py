#!/usr/bin/python3
"""The lanes' shares on a screen, against what hectic measures and what the
RTS says (tests/e2e/lanes-share.sh runs it).

  lanes-share.py CELLS.json WINDOW ACTIVITY.tsv RTS_GC_SHARE

CELLS.json: the screen, cell by cell ([char, fg, bg], tests/e2e/screen.py's
output); WINDOW: the frame's HECTIC_DEBUG_WINDOW line (t0 t1 plotw
lanes_top nlanes exact cursor_col lane_h; lane_h absent: 1); ACTIVITY.tsv:
`hectic activity --tsv` for that window and its columns. Each lane cell is
an eighth-block glyph: its lower part (the glyph's eighths) in the fg
colour, the rest in the bg colour; GC is orange (ff8700, and the brown
875f00 an older drawing used), running green (00af00). For each lane
column (the cursor's left out: reverse video), the eighths of GC over its
lane_h rows make its drawn GC share.

Checks, each printed with its figures:
- column: every column's drawn GC share within three eighths of a cell
  (3 / (8 lane_h)) of its measured share: a cell can show two colours, so
  where GC, running and idle share one, the smallest of them goes (two
  eighths at most, once rounded: three of the shares' own);
- lanes: the drawn GC share of all the lanes within one eighth of a cell
  (1 / (8 lane_h)) of the measured one;
- rts: the drawn GC share within 2 points plus a tenth of itself of GC
  elapsed / Total elapsed of +RTS -s (the lanes count each capability from
  its GC_START to its GC_END, the RTS the elapsed time of the collections
  on its own clock: a few points apart on these logs).
Exit status 1 when a check fails."""
import json, sys

rows = json.load(open(sys.argv[1]))
win = open(sys.argv[2]).read().split()
t0, t1, plotw, top, nl = [int(x) for x in win[:5]]
cur = int(win[6])
h = int(win[7]) if len(win) > 7 else 1
rts = float(sys.argv[4])
GUTTER, LANE0 = 8, 2
RAMP = {' ': 0, '\u2581': 1, '\u2582': 2, '\u2583': 3, '\u2584': 4, '\u2585': 5, '\u2586': 6,
        '\u2587': 7, '\u2588': 8}
GC = ('ff8700', '875f00')

act = {}
for line in open(sys.argv[3]):
    f = line.rstrip('\n').split('\t')
    if not f[0].isdigit():
        continue
    act.setdefault(int(f[2]), []).append((int(f[0]), float(f[4])))

bad = 0
def fail(msg):
    global bad
    bad += 1
    if bad <= 10:
        print('lanes-share: ' + msg)

drawn = want = 0.0
ncols = 0
worst = 0.0
for i in range(nl):
    label = ''.join(c[0] for c in rows[LANE0 + i * h][:GUTTER]).split()
    if len(label) < 2 or label[0] != 'cap':
        fail('lane %d: no "cap N" label on row %d: %r' % (i, LANE0 + i * h, label))
        continue
    cols = sorted(act.get(int(label[1]), []))
    if len(cols) != plotw:
        fail('cap %s: %d activity columns, the screen has %d' % (label[1], len(cols), plotw))
        continue
    for k in range(plotw):
        if k == cur:
            continue
        e = 0
        for r in range(h):
            ch, fg, bg = rows[LANE0 + i * h + r][GUTTER + k]
            lv = RAMP.get(ch)
            if lv is None:
                continue  # no data (a hatch) or a label: no GC
            e += (lv if fg in GC else 0) + ((8 - lv) if bg in GC else 0)
        got, g = e / (8.0 * h), cols[k][1]
        worst = max(worst, abs(got - g))
        if abs(got - g) > 3.0 / (8 * h) + 1e-4:
            fail('cap %s column %d: GC drawn %.4f, measured %.4f (off by more than three '
                 'eighths of a cell, %.4f)' % (label[1], k, got, g, 3.0 / (8 * h)))
        drawn += got
        want += g
        ncols += 1
if not ncols:
    fail('no lane columns read')
else:
    drawn /= ncols
    want /= ncols
    print('lanes-share: %d columns, %d rows per lane: GC drawn %.4f, measured %.4f, +RTS -s %.4f; '
          'worst column off by %.4f' % (ncols, h, drawn, want, rts, worst))
    if abs(drawn - want) > 1.0 / (8 * h):
        fail('GC over the lanes: drawn %.4f, measured %.4f: off by more than an eighth of a cell'
             % (drawn, want))
    if abs(drawn - rts) > 0.02 + 0.1 * rts:
        fail('GC over the lanes: drawn %.4f, +RTS -s %.4f of the elapsed time' % (drawn, rts))
sys.exit(1 if bad else 0)
