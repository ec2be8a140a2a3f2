#!/bin/sh
# tools/same-output.sh (issue 46): does a refactor change nothing a user
# sees? Runs two hectic binaries, OLD and NEW, over the same commands and
# the same keys, and compares what each printed and drew.
#
#   sh tools/same-output.sh [--no-commands | --no-screens] OLD NEW [OUTDIR]
#   sh tools/same-output.sh [...] --rev REV NEW [OUTDIR]
#
# --rev REV (make same-output OLD=REV): OLD is REV's files (git archive)
# built with make -j2 in a temporary folder, its version git describe's.
#
# 1. Commands: for every tests/fixtures/**/*.eventlog (a file over 20 MB
#    is skipped, one over 2 MB gets no show), every report and its
#    options as `hectic CMD --help` lists them (summary, gcs, markers,
#    threads, heap, profile, activity, spans, sparks, ticky, export
#    --chrome -o -, each with --tsv, some with --from/--to), show, and
#    per table of `hectic sql --schema` SELECT * ... LIMIT 200 and
#    SELECT count(*); then diff and sql of pairs of runs, every command's
#    --help, and a few usage errors. Each command's stdout, stderr and
#    exit status must be the same byte for byte. Two workers, each runs
#    a command with OLD then NEW and keeps only what differs.
# 2. Screens: the viewer of each binary in its own tmux server, both at
#    once, with a fresh HOME and XDG_* folders, LANG=C.UTF-8,
#    TERM=tmux-256color (as tests/e2e/lib.sh starts it), at 80x24 and
#    160x50, one log and two (hectic A B), and once with NO_COLOR=1. In
#    each, the same keys open every pane and panel (keymaps/keymaps.c's
#    default map) and each screen is captured with its colours
#    (capture-pane -p -e -N) once two captures 0.3 s apart are equal,
#    and compared cell for cell: glyph, colours and attributes (the bytes
#    of two captures of the same cells can differ where tmux repeats a
#    colour at a line's start). A screen that never settles, or that the
#    viewer redraws differently 1.5 s after it settled once loaded (a
#    clock, a spinner), is named as time-dependent and fails the run; the
#    SQL pane's title gives the query's wall time ("in 0.01 s"), masked
#    on both sides and named.
#
# The version string (`hectic -V`) of each binary is in export --chrome
# and profile --speedscope: where they differ, each side's is replaced by
# VERSION before a second comparison. Prints each difference (the
# command or screen, which stream) and "N commands, N same, N differ",
# "N screens, N same, N differ". Exit 0 when all are the same, 1 when
# something differs (or a screen never settled), 2 on a usage error.
# OUTDIR (default: a temporary folder, removed) keeps the outputs that
# differ (commands/N.{out,err,rc}.{old,new}), every screen
# (screens/SCENARIO/{old,new}/NN-STEP) and the command list.
set -u
do_cmds=1 do_screens=1 rev=""
USAGE="usage: tools/same-output.sh [--no-commands | --no-screens] OLD NEW [OUTDIR]
       tools/same-output.sh [--no-commands | --no-screens] --rev REV NEW [OUTDIR]"
while [ $# -gt 0 ]; do
	case $1 in
	--no-commands) do_cmds=0; shift ;;
	--no-screens) do_screens=0; shift ;;
	--rev)
		if [ $# -lt 2 ] || [ -z "$2" ]; then
			echo "same-output: --rev needs a commit (make same-output OLD=REV)" >&2
			exit 2
		fi
		rev=$2
		shift 2
		;;
	--) shift; break ;;
	-*) echo "same-output: unknown option $1" >&2; exit 2 ;;
	*) break ;;
	esac
done
abs() { case $1 in /*) printf '%s\n' "$1" ;; *) printf '%s\n' "$PWD/$1" ;; esac; }
[ -n "$rev" ] && set -- "(REV)" "$@"
if [ $# -lt 2 ] || [ $# -gt 3 ]; then
	echo "$USAGE" >&2
	exit 2
fi
OLD=$(abs "$1") NEW=$(abs "$2")
for b in "$OLD" "$NEW"; do
	[ -n "$rev" ] && [ "$b" = "$OLD" ] && continue
	if [ ! -x "$b" ] || [ -d "$b" ]; then
		echo "same-output: $b: not an executable" >&2
		exit 2
	fi
done
if [ $# -eq 3 ]; then
	OUT=$(abs "$3")
	mkdir -p "$OUT" || exit 2
	keep=1
else
	OUT=$(mktemp -d "${TMPDIR:-/tmp}/hectic-same.XXXXXX") || exit 2
	keep=0
fi
cd "$(dirname "$0")/.." || exit 2
if [ "$do_screens" = 1 ] && ! command -v tmux >/dev/null 2>&1; then
	echo "same-output: tmux not found (tools/deps.sh names its package)" >&2
	exit 2
fi

SOCKS="" BD=""
cleanup() {
	for s in $SOCKS; do
		tmux -L "$s" kill-server >/dev/null 2>&1
		rm -f "${TMUX_TMPDIR:-/tmp}/tmux-$(id -u)/$s"
	done
	[ "$keep" = 1 ] || rm -rf "$OUT"
	[ -z "$BD" ] || rm -rf "$BD"
}
trap cleanup EXIT
trap 'exit 1' INT TERM HUP

start_s=$(date +%s)
# --rev REV: REV's files (git archive) built in a temporary folder, with
# the version git describe gives REV
if [ -n "$rev" ]; then
	if ! git rev-parse -q --verify "$rev^{commit}" >/dev/null; then
		echo "same-output: $rev: not a commit of this repository" >&2
		exit 2
	fi
	BD=$(mktemp -d "${TMPDIR:-/tmp}/hectic-old.XXXXXX") || exit 2
	rv=$(git describe --tags --always "$rev")
	echo "same-output: building $rev ($rv) in $BD"
	git archive --format=tar "$rev" | (cd "$BD" && tar -xf -) || exit 2
	# (a make of its own: none of the caller's flags, jobs or variables)
	if ! (unset MAKEFLAGS MFLAGS MAKELEVEL && cd "$BD" && make -j2 VERSION="$rv" build/hectic) \
		>"$BD/same-output-build.log" 2>&1; then
		echo "same-output: $rev does not build:" >&2
		tail -20 "$BD/same-output-build.log" >&2
		exit 2
	fi
	OLD=$BD/build/hectic
fi
vold=$("$OLD" -V 2>/dev/null | sed -n '1s/^hectic //p')
vnew=$("$NEW" -V 2>/dev/null | sed -n '1s/^hectic //p')
# the version as a sed pattern (a tag or git describe: letters, digits, . - + _)
sedq() { printf '%s\n' "$1" | sed 's/[].[^$*\/]/\\&/g'; }
norm=0
if [ -n "$vold" ] && [ -n "$vnew" ] && [ "$vold" != "$vnew" ]; then
	norm=1
	echo "same-output: versions differ (OLD $vold, NEW $vnew): each replaced by VERSION where the outputs differ"
fi
# same_file OLDFILE NEWFILE: equal bytes, or equal once each side's version
# is VERSION
same_file() {
	cmp -s "$1" "$2" && return 0
	[ "$norm" = 1 ] || return 1
	sed "s/$(sedq "$vold")/VERSION/g" "$1" >"$1.norm"
	sed "s/$(sedq "$vnew")/VERSION/g" "$2" >"$2.norm"
	cmp -s "$1.norm" "$2.norm"
	_r=$?
	rm -f "$1.norm" "$2.norm"
	return "$_r"
}

# q WORD: shell-quoted
q() { printf "'%s'" "$(printf '%s' "$1" | sed "s/'/'\\\\''/g")"; }
# c ARG...: a line of the command list, its words quoted
c() {
	_l=""
	for _a in "$@"; do _l="$_l $(q "$_a")"; done
	printf '%s\n' "${_l# }" >>"$OUT/commands.txt"
}

# the fixed environment of every run: no colour, pager or locale from the
# caller, a fresh HOME and XDG folders per binary (DIR/home, ...)
ENVNAMES="home config state cache data run"
run_in() { # run_in DIR COMMAND...
	_e=$1
	shift
	env -i "PATH=$PATH" "HOME=$_e/home" "XDG_CONFIG_HOME=$_e/config" \
		"XDG_STATE_HOME=$_e/state" "XDG_CACHE_HOME=$_e/cache" "XDG_DATA_HOME=$_e/data" \
		"XDG_RUNTIME_DIR=$_e/run" LANG=C.UTF-8 TZ=UTC PAGER=cat "$@"
}
D=tests/fixtures/diff

rc=0

# ---------------------------------------------------------------- commands
if [ "$do_cmds" = 1 ]; then
	: >"$OUT/commands.txt"
	tables=$("$NEW" sql --schema | sed -n 's/^\([a-z_][a-z_0-9]*\): .*/\1/p')
	otables=$("$OLD" sql --schema | sed -n 's/^\([a-z_][a-z_0-9]*\): .*/\1/p')
	if [ "$tables" != "$otables" ]; then
		echo "same-output: the tables differ: OLD $(printf '%s ' $otables); NEW $(printf '%s ' $tables)"
	fi
	# both sides' tables, each once (a table one lacks: its error compared)
	tables=$(printf '%s\n%s\n' "$otables" "$tables" | awk 'NF && !seen[$0]++')
	skipped=""
	find tests/fixtures -name '*.eventlog' -type f | LC_ALL=C sort >"$OUT/fixtures.txt"
	while IFS= read -r f; do
		size=$(wc -c <"$f")
		if [ "$size" -gt 20000000 ]; then
			skipped="$skipped $f"
			continue
		fi
		if [ "$size" -le 2000000 ]; then
			c show "$f"
			c show --pretty-time "$f"
		fi
		c summary "$f"
		c summary --tsv "$f"
		c summary --from 10ms --to 60ms "$f"
		c gcs "$f"
		c gcs --tsv "$f"
		c gcs --top 5 --gen 1 "$f"
		c gcs --from 10ms --to 60ms --tsv "$f"
		c markers "$f"
		c markers --tsv "$f"
		c markers --grep '[0-9]' --raw "$f"
		c threads "$f"
		c threads --tsv "$f"
		c threads --from 10ms --to 60ms --escape "$f"
		c heap "$f"
		c heap --tsv "$f"
		c heap --hp "$f"
		c heap --top 3 "$f"
		c profile "$f"
		c profile --tsv "$f"
		c profile --flat "$f"
		c profile --flat --top 5 --builtin --tsv "$f"
		c profile --folded "$f"
		c profile --speedscope "$f"
		c profile --cap 0 --from 10ms "$f"
		c activity "$f"
		c activity --tsv --columns 37 "$f"
		c spans "$f"
		c spans --tsv "$f"
		c sparks "$f"
		c sparks --tsv "$f"
		c ticky "$f"
		c ticky --tsv "$f"
		c ticky --samples --tsv "$f"
		c ticky --sort alloc --top 5 "$f"
		c export --chrome -o - "$f"
		c export --chrome -o - --from 10ms --to 60ms "$f"
		counts=""
		for t in $tables; do
			c sql "$f" "SELECT * FROM $t LIMIT 200"
			counts="$counts, (SELECT count(*) FROM $t) AS $t"
		done
		# every table's count(*), in one query
		c sql --json "$f" "SELECT ${counts#, }"
		c sql --tsv "$f" "SELECT class, count(*) AS n FROM events GROUP BY class ORDER BY class"
	done <"$OUT/fixtures.txt"
	for p in ghc90-psize-n:ghc90-psize-2n ghc96-psize-n:ghc96-psize-2n \
		ghc96-alloc-A1m:ghc96-alloc-A16m ghc90-alloc-A1m:ghc90-alloc-A1m-au \
		ghc96-sparks:ghc96-pingpong; do
		a=$D/${p%%:*}.eventlog b=$D/${p#*:}.eventlog
		c diff "$a" "$b"
		c diff --tsv "$a" "$b"
		c diff --all "$a" "$b"
		c diff --tsv --all --from 10ms --to 200ms "$a" "$b"
		c sql "$a" "$b" "SELECT * FROM b.summary"
		c sql --tsv "$a" "$b" "SELECT (SELECT count(*) FROM a.gcs) AS a, (SELECT count(*) FROM b.gcs) AS b"
	done
	c diff --align '.' tests/fixtures/phases/ghc90-phases.eventlog tests/fixtures/phases/ghc90-phases.eventlog
	c sql --schema
	c --help
	for cmd in show summary gcs markers threads heap profile activity spans sparks ticky \
		export diff sql push top run; do
		c "$cmd" --help
	done
	# usage errors and unreadable files
	c summary
	c bogus tests/fixtures/par-n4.eventlog
	c gcs --top x tests/fixtures/par-n4.eventlog
	c summary --from 5s --to 1s tests/fixtures/par-n4.eventlog
	c summary tests/fixtures/no-such.eventlog
	c show tests/fixtures/README.md
	c export tests/fixtures/par-n4.eventlog
	c sql tests/fixtures/par-n4.eventlog "SELECT * FROM no_such_table"
	c diff tests/fixtures/par-n4.eventlog

	ncmd=$(wc -l <"$OUT/commands.txt")
	[ -n "$skipped" ] && echo "same-output: skipped (over 20 MB):$skipped"
	echo "same-output: $(wc -l <"$OUT/fixtures.txt") logs, $ncmd commands, each run by OLD and NEW"
	mkdir -p "$OUT/commands" "$OUT/env-old" "$OUT/env-new"
	for s in old new; do
		for d in $ENVNAMES; do mkdir -p "$OUT/env-$s/$d"; done
	done
	# worker K W: the commands N with N % W == K; prints a line per
	# difference, "N STREAM", into $OUT/worker-K
	worker() {
		_k=$1 _w=$2 _n=0
		_d=$OUT/commands
		: >"$OUT/worker-$_k"
		while IFS= read -r line; do
			_n=$((_n + 1))
			[ $((_n % _w)) -eq "$_k" ] || continue
			eval "set -- $line"
			run_in "$OUT/env-old" "$OLD" "$@" </dev/null >"$_d/$_n.out.old" 2>"$_d/$_n.err.old"
			_ro=$?
			run_in "$OUT/env-new" "$NEW" "$@" </dev/null >"$_d/$_n.out.new" 2>"$_d/$_n.err.new"
			_rn=$?
			_keep=0
			for _s in out err; do
				same_file "$_d/$_n.$_s.old" "$_d/$_n.$_s.new" && continue
				echo "$_n $_s" >>"$OUT/worker-$_k"
				_keep=1
			done
			if [ "$_ro" != "$_rn" ]; then
				echo "$_ro" >"$_d/$_n.rc.old"
				echo "$_rn" >"$_d/$_n.rc.new"
				echo "$_n rc" >>"$OUT/worker-$_k"
				_keep=1
			fi
			[ "$_keep" = 1 ] || rm -f "$_d/$_n".*
		done <"$OUT/commands.txt"
	}
	worker 0 2 &
	w0=$!
	worker 1 2 &
	w1=$!
	wait "$w0"
	wait "$w1"
	cat "$OUT/worker-0" "$OUT/worker-1" | sort -n -k1,1 >"$OUT/command-diffs.txt"
	ndiff=$(cut -d' ' -f1 "$OUT/command-diffs.txt" | sort -u | wc -l)
	# (the first 40 differences with their first lines, the rest named)
	shown=0
	while read -r n s; do
		line=$(sed -n "${n}p" "$OUT/commands.txt")
		case $s in out) sn=stdout ;; err) sn=stderr ;; *) sn="exit status" ;; esac
		echo "DIFFERS: hectic $line ($sn)"
		shown=$((shown + 1))
		[ "$shown" -le 40 ] || continue
		d=$OUT/commands/$n.$s
		if [ "$s" = rc ]; then
			echo "    OLD $(cat "$d.old"), NEW $(cat "$d.new")"
		else
			echo "    OLD $(wc -c <"$d.old") bytes, NEW $(wc -c <"$d.new") bytes; diff (first lines):"
			diff "$d.old" "$d.new" | head -8 | cut -c1-160 | sed 's/^/    /'
		fi
	done <"$OUT/command-diffs.txt"
	echo "same-output: $ncmd commands, $((ncmd - ndiff)) same, $ndiff differ ($(($(date +%s) - start_s)) s)"
	[ "$ndiff" -eq 0 ] || rc=1
fi

# ----------------------------------------------------------------- screens
# The steps of a scenario: NAME KEYS..., a line each. KEYS are tmux
# send-keys names; "text:WORDS" is typed literally (a "_" a blank). A
# step named "-" is not captured (it closes what the one before opened),
# but still waits for the screen to settle. After every pane, the keys
# that close it.
steps_one() {
	cat <<'EOF'
loaded
help ?
help-down j j j
- ?
pauses p
pauses-down j j
pauses-select Enter
- Escape
filters f
filters-down j j Space
- Escape
threads t
threads-sort r
threads-scope w
- Escape
stats v l l l l l l l l l l v s
- Escape
zoom-mark z
bookmarks m '
- Escape
detail d
- Escape
sparks A
- A
thread-rows R
- R
spans S
- Escape
heap H
heap-mode M
heap-sort r
heap-more >
heap-fewer < <
- H
profile P
profile-expand E
profile-mode M
profile-sort r
profile-scope w
profile-cap c
profile-builtin B
- P
gc-histogram D
gc-histogram-down j
- D
ticky I
ticky-sort r
- I
sql-prompt Q text:SELECT_cap,_count(*)_AS_n_FROM_events_GROUP_BY_cap
sql-rows Enter
- ;
next-gc ]
next-major-gc }
zoom-in i i i
right l l l l l
page-right PageDown
taller ) )
lanes-down J
shorter ( ( (
list-thread L
list-cap C
times T
go-end G
fit =
search / text:main Enter
search-next n
- Escape
EOF
}
# the logs beside the first: the panes of what they add
steps_short() {
	cat <<'EOF'
loaded
pauses p
- Escape
threads t
- Escape
sparks A
- A
thread-rows R
- R
spans S
spans-select Enter
- Escape
gc-histogram D
- D
ticky I
ticky-sort r
- I
zoom-in i i i
lanes-down J
EOF
}
steps_two() {
	steps_one
	cat <<'EOF'
other-run Tab
other-heap H
- H
other-profile P
- P
other-gc-histogram D
other-gc-histogram-mode M
- D
other-pauses p
- Escape
other-threads t
- Escape
other-spans S
- Escape
back-run Tab
EOF
}

# scenario TAG W H ENVWORDS STEPS -- ARGS: both binaries' viewers at once,
# in the background; compare_scenario TAG afterwards
scenario() {
	_tag=$1 _w=$2 _h=$3 _envw=$4 _steps=$5
	shift 6
	_args=""
	for _a in "$@"; do _args="$_args $(q "$_a")"; done
	_sd=$OUT/screens/$_tag
	TAGS="$TAGS $_tag"
	mkdir -p "$_sd"
	echo "${_w}x$_h${_envw:+ $_envw}: hectic $*" >"$_sd/what"
	for _s in old new; do
		case $_s in old) _bin=$OLD ;; *) _bin=$NEW ;; esac
		_sock=hectic-same-$$-$_tag-$_s
		SOCKS="$SOCKS $_sock"
		_e=$_sd/$_s-env
		mkdir -p "$_sd/$_s"
		for _d in $ENVNAMES; do mkdir -p "$_e/$_d"; done
		{
			echo "cd $(q "$PWD")"
			echo "ulimit -c 0 2>/dev/null"
			printf 'env -i PATH=%s HOME=%s XDG_CONFIG_HOME=%s XDG_STATE_HOME=%s \\\n' \
				"$(q "$PATH")" "$(q "$_e/home")" "$(q "$_e/config")" "$(q "$_e/state")"
			printf '\tXDG_CACHE_HOME=%s XDG_DATA_HOME=%s XDG_RUNTIME_DIR=%s \\\n' \
				"$(q "$_e/cache")" "$(q "$_e/data")" "$(q "$_e/run")"
			printf '\tLANG=C.UTF-8 TZ=UTC TERM=tmux-256color %s %s%s 2>%s\n' \
				"$_envw" "$(q "$_bin")" "$_args" "$(q "$_sd/$_s.stderr")"
			printf '%s\n' 'printf "\nEXIT:%s\n" "$?"'
			echo 'exec sleep 600'
		} >"$_sd/$_s.run"
		drive "$_sock" "$_sd/$_s" "$_sd/$_s.run" "$_w" "$_h" "$_steps" >"$_sd/$_s.log" &
		PIDS="$PIDS $!"
	done
}
# scenarios_wait: until the viewers of the scenarios started are done
scenarios_wait() {
	for _p in $PIDS; do wait "$_p"; done
	PIDS=""
}

# screen_cells FILE SIDE: the capture as cells (tests/e2e/cells.awk),
# the blanks in the default colours left out (tmux leaves out some at a
# line's end, and writes a line's first colours or not by how the line
# was drawn: two captures of the same cells can differ in bytes); the SQL
# pane's query time masked; the version as VERSION
screen_cells() {
	_v=$vold
	[ "$2" = new ] && _v=$vnew
	if [ "$norm" = 1 ]; then sed "s/$(sedq "$_v")/VERSION/g" "$1"; else cat "$1"; fi |
		sed "s/$SQLTIME/\\1#.## s:/" |
		LC_ALL=C awk -f tests/e2e/cells.awk | grep -v "$(printf '\td\td\t-\tSP$')"
}
# the SQL pane's title: "sql: 3 rows in 0.01 s: QUERY", the query's time
SQLTIME='\(rows\{0,1\}[^:]* in \)[0-9][0-9]*\.[0-9][0-9] s:'

nscreens=0 nsdiff=0 nunstable=0 nsqltime=0
compare_scenario() {
	_tag=$1
	_sd=$OUT/screens/$_tag
	_what=$(cat "$_sd/what")
	for _s in old new; do
		if [ -s "$_sd/$_s.log" ]; then
			sed "s/^/TIME-DEPENDENT ($_s): $_tag: /" "$_sd/$_s.log"
			nunstable=$((nunstable + 1))
		fi
	done
	ls "$_sd/old" | LC_ALL=C sort >"$_sd/list.old"
	ls "$_sd/new" | LC_ALL=C sort >"$_sd/list.new"
	if ! cmp -s "$_sd/list.old" "$_sd/list.new"; then
		echo "DIFFERS: screens $_tag: not the same steps captured"
		nsdiff=$((nsdiff + 1))
	fi
	while IFS= read -r _f; do
		nscreens=$((nscreens + 1))
		[ -e "$_sd/new/$_f" ] || continue
		grep -q "$SQLTIME" "$_sd/old/$_f" && nsqltime=$((nsqltime + 1))
		cmp -s "$_sd/old/$_f" "$_sd/new/$_f" && continue
		screen_cells "$_sd/old/$_f" old >"$_sd/old.cells"
		screen_cells "$_sd/new/$_f" new >"$_sd/new.cells"
		cmp -s "$_sd/old.cells" "$_sd/new.cells" && continue
		nsdiff=$((nsdiff + 1))
		echo "DIFFERS: screen $_tag ($_what) $_f: $(diff "$_sd/old.cells" "$_sd/new.cells" | grep -c '^<') cells"
		# (the first 30 with their first lines, the rest named)
		[ "$nsdiff" -le 30 ] || continue
		# the rows that differ, colours stripped
		sed 's/\x1b\[[0-9;:]*m//g' "$_sd/old/$_f" >"$_sd/old.plain"
		sed 's/\x1b\[[0-9;:]*m//g' "$_sd/new/$_f" >"$_sd/new.plain"
		if cmp -s "$_sd/old.plain" "$_sd/new.plain"; then
			echo "    the same text, other colours or attributes (ROW COL FG BG ATTRS GLYPH):"
			diff "$_sd/old.cells" "$_sd/new.cells" | head -6 | sed 's/^/    /'
		else
			diff "$_sd/old.plain" "$_sd/new.plain" | head -8 | cut -c1-160 | sed 's/^/    /'
		fi
	done <"$_sd/list.old"
	for _s in old new; do
		if [ -s "$_sd/$_s.stderr" ]; then
			echo "note: $_tag: $_s's viewer wrote to stderr: $(head -c 200 "$_sd/$_s.stderr" | tr '\n' ' ')"
		fi
	done
	if [ -e "$_sd/old.stderr" ] && [ -e "$_sd/new.stderr" ] &&
		! same_file "$_sd/old.stderr" "$_sd/new.stderr"; then
		echo "DIFFERS: screens $_tag: the viewer's stderr"
		nsdiff=$((nsdiff + 1))
	fi
}

# drive SOCK DIR RUNSCRIPT W H STEPS: one viewer in its own tmux server,
# STEPS' keys, a capture per named step into DIR/NN-NAME; prints each
# screen that never settled or changed by itself
drive() {
	_ds=$1 _dd=$2
	set -f # (a step's words are not globs)
	tm() { tmux -u -L "$_ds" -f /dev/null "$@"; }
	tm new-session -d -s same -x "$4" -y "$5" "sh $(q "$3")"
	# loaded: the status line's events: field, then settled
	_t=0
	while :; do
		tm capture-pane -p -t same >"$_dd.cap" 2>/dev/null
		grep -q 'events: ' "$_dd.cap" && break
		grep -q '^EXIT:' "$_dd.cap" && break
		_t=$((_t + 1))
		if [ "$_t" -ge 200 ]; then
			echo "never loaded (20 s)"
			break
		fi
		sleep 0.1
	done
	_i=0
	"$6" | while IFS= read -r _line; do
		set -- $_line
		_name=$1
		shift
		for _k in "$@"; do
			case $_k in
			text:*) tm send-keys -t same -l "$(printf '%s' "${_k#text:}" | tr _ ' ')" ;;
			';') tm send-keys -t same '\;' ;;
			*) tm send-keys -t same "$_k" ;;
			esac
			# (termkey reads Escape and the next key as Alt+key)
			case $_k in Escape) sleep 0.15 ;; esac
		done
		settled "$_dd.cap" || echo "$_name: never settled (the screen still changed after 6 s)"
		[ "$_name" = - ] && continue
		_i=$((_i + 1))
		_f=$(printf '%02d-%s' "$_i" "$_name")
		cp "$_dd.cap" "$_dd/$_f"
		if [ "$_name" = loaded ]; then
			sleep 1.5
			tm capture-pane -p -e -N -t same >"$_dd.later" 2>/dev/null
			cmp -s "$_dd.cap" "$_dd.later" ||
				echo "loaded: the screen changed by itself 1.5 s after it settled: $(diff "$_dd.cap" "$_dd.later" | sed 's/\x1b\[[0-9;:]*m//g' | grep '^[<>]' | head -2 | tr '\n' ' ')"
		fi
	done
	tm kill-server >/dev/null 2>&1
}

# settled FILE: captures (with colours) 0.3 s apart until two are equal,
# the last in FILE; 1 after 20 tries
settled() {
	tm capture-pane -p -e -N -t same >"$1" 2>/dev/null
	_n=0
	while [ "$_n" -lt 20 ]; do
		sleep 0.3
		tm capture-pane -p -e -N -t same >"$1.2" 2>/dev/null
		if cmp -s "$1" "$1.2"; then
			rm -f "$1.2"
			return 0
		fi
		mv "$1.2" "$1"
		_n=$((_n + 1))
	done
	return 1
}

if [ "$do_screens" = 1 ]; then
	s0=$(date +%s)
	ONE=tests/fixtures/profile-hc.eventlog
	A=tests/fixtures/diff/ghc96-psize-n.eventlog B=tests/fixtures/diff/ghc96-psize-2n.eventlog
	TAGS="" PIDS=""
	# two scenarios at a time: four viewers, mostly waiting
	scenario one-80x24 80 24 "" steps_one -- "$ONE"
	scenario one-160x50 160 50 "" steps_one -- "$ONE"
	scenarios_wait
	scenario two-80x24 80 24 "" steps_two -- "$A" "$B"
	scenario two-160x50 160 50 "" steps_two -- "$A" "$B"
	scenarios_wait
	scenario one-nocolor-160x50 160 50 NO_COLOR=1 steps_one -- "$ONE"
	scenario two-nocolor-80x24 80 24 NO_COLOR=1 steps_two -- "$A" "$B"
	scenarios_wait
	# logs with what profile-hc lacks: capabilities and sparks, ticky, spans
	scenario par-160x50 160 50 "" steps_short -- tests/fixtures/par-n4.eventlog
	scenario ticky-80x24 80 24 "" steps_short -- tests/fixtures/modern/ghc96-ticky-ipe.eventlog
	scenarios_wait
	scenario phases-160x50 160 50 "" steps_short -- tests/fixtures/phases/ghc90-phases.eventlog
	scenario sparks-two-80x24 80 24 "" steps_short -- "$D/ghc96-sparks.eventlog" "$D/ghc96-pingpong.eventlog"
	scenarios_wait
	for t in $TAGS; do compare_scenario "$t"; done
	if [ "$nsqltime" -gt 0 ]; then
		echo "TIME-DEPENDENT: the SQL pane's title gives the query's wall time (sql: N rows in 0.01 s: ...), on $nsqltime screens: masked before comparing"
	fi
	echo "same-output: $nscreens screens, $((nscreens - nsdiff)) same, $nsdiff differ; $nunstable time-dependent ($(($(date +%s) - s0)) s)"
	[ "$nsdiff" -eq 0 ] && [ "$nunstable" -eq 0 ] || rc=1
fi
echo "same-output: $(($(date +%s) - start_s)) s in all"
exit "$rc"
