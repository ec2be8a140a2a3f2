#!/usr/bin/python3
"""The tests' own terminal screen: run a program on a pseudo-terminal of
its own, type keys, and write every cell a terminal emulator (Debian's
python3-pyte) shows, with its colours, as JSON. tmux's capture-pane drops
cells that differ only by colour (a bar of coloured spaces reads as blank
there); this keeps them.

  screen.py CELLS.json COLSxROWS 'KEYS' -- PROG ARG...

KEYS are typed one at a time, 0.6 s apart, after the first screen (1.5 s):
'|' waits a second more; {Enter} {Esc} {Down} {Up} {PgDn} {PgUp} type those
keys. CELLS.json is a list of rows, each a list of [char, fg, bg] (a colour
as pyte names it: "rrggbb", a name, or "default"), with reverse video
resolved (fg and bg exchanged).

pyte draws neither xterm's rep (repeat the last character), nor indn and
rin (scroll by N lines): a program that uses them shows a screen no real
terminal would. So the program runs under TERM=hectic-pyte, xterm-256color
less those three, compiled here with infocmp and tic (ncurses-bin) into a
directory of this run's own. Exit status 2 when that or the program's start
fails."""
import json, os, pty, select, signal, struct, subprocess, sys, tempfile, time
import fcntl, termios
import pyte

NAMED = {'Enter': b'\r', 'Esc': b'\x1b', 'Down': b'\x1bOB', 'Up': b'\x1bOA',
         'PgDn': b'\x1b[6~', 'PgUp': b'\x1b[5~'}
DROP = ('rep', 'indn', 'rin')


def terminfo(tdir):
    """Compile hectic-pyte into tdir; None on success, else why not."""
    try:
        src = subprocess.run(['infocmp', '-x', '-1', 'xterm-256color'], capture_output=True,
                             text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError) as e:
        return 'infocmp xterm-256color: %s' % e
    out, named = [], False
    for line in src.splitlines():
        if line.startswith('#'):
            continue
        if not named and line and not line[0].isspace():
            out.append('hectic-pyte|xterm-256color less rep indn rin (pyte draws none),')
            named = True
            continue
        cap = line.strip().split('=', 1)[0].split('#', 1)[0].rstrip(',')
        if cap in DROP:
            continue
        out.append(line)
    if not named:
        return 'infocmp gave no entry'
    path = os.path.join(tdir, 'hectic-pyte.src')
    with open(path, 'w') as f:
        f.write('\n'.join(out) + '\n')
    r = subprocess.run(['tic', '-x', '-o', tdir, path], capture_output=True, text=True)
    if r.returncode != 0:
        return 'tic: %s' % r.stderr.strip()
    return None


def main():
    if len(sys.argv) < 6 or sys.argv[4] != '--':
        sys.stderr.write("usage: screen.py CELLS.json COLSxROWS 'KEYS' -- PROG ARG...\n")
        return 2
    out, size, keys, argv = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[5:]
    try:
        w, h = (int(x) for x in size.split('x'))
    except ValueError:
        sys.stderr.write('screen.py: size %r is not COLSxROWS\n' % size)
        return 2
    tdir = tempfile.mkdtemp(prefix='hectic-screen-')
    why = terminfo(tdir)
    if why:
        sys.stderr.write('screen.py: %s\n' % why)
        return 2
    pid, fd = pty.fork()
    if pid == 0:
        os.environ['TERM'] = 'hectic-pyte'
        os.environ['TERMINFO'] = tdir
        try:
            os.execvp(argv[0], argv)
        finally:
            os._exit(127)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack('HHHH', h, w, 0, 0))
    os.kill(pid, signal.SIGWINCH)
    screen = pyte.Screen(w, h)
    stream = pyte.ByteStream(screen)

    def pump(sec):
        end = time.time() + sec
        while time.time() < end:
            r, _, _ = select.select([fd], [], [], 0.05)
            if not r:
                continue
            try:
                data = os.read(fd, 65536)
            except OSError:
                return
            if not data:
                return
            stream.feed(data)

    pump(1.5)
    i = 0
    while i < len(keys):
        k = keys[i]
        i += 1
        if k == '|':
            pump(1.0)
            continue
        j = keys.find('}', i)
        if k == '{' and j > 0 and keys[i:j] in NAMED:
            os.write(fd, NAMED[keys[i:j]])
            i = j + 1
        else:
            os.write(fd, k.encode())
        pump(0.6)
    rows = []
    for y in range(h):
        line = screen.buffer[y]
        row = []
        for x in range(w):
            c = line[x]
            fg, bg = (c.bg, c.fg) if c.reverse else (c.fg, c.bg)
            row.append([c.data, fg, bg])
        rows.append(row)
    with open(out, 'w') as f:
        json.dump(rows, f)
    try:
        os.write(fd, b'q')
        pump(0.3)
        os.kill(pid, signal.SIGTERM)
    except (OSError, ProcessLookupError):
        pass
    try:
        os.waitpid(pid, 0)
    except ChildProcessError:
        pass
    for name in os.listdir(tdir):
        p = os.path.join(tdir, name)
        if os.path.isdir(p):
            for sub in os.listdir(p):
                os.unlink(os.path.join(p, sub))
            os.rmdir(p)
        else:
            os.unlink(p)
    os.rmdir(tdir)
    return 0


sys.exit(main())
