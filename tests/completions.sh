#!/bin/sh
# The shell completions (issue 22): tools/gen-completions writes them from
# cli/commands.c, the table hectic --help is printed from; here they are
# held against what hectic itself says, in the three shells themselves.
# Usage: sh tests/completions.sh [BUILD_DIR]   (default build; needs
# BUILD/hectic and BUILD/completions/, which make check builds, and bash,
# bash-completion, zsh, fish and tmux: a missing one fails, with its install
# command)
#
#  1. drift, both ways: each script offers exactly
#     - the commands hectic --help lists;
#     - each command's options as its own usage line shows them (hectic X
#       --help, printed by its parser: report.c, cmd_show.c, cmd_diff.c,
#       cmd_run.c), every option --help names under the command being among
#       them (top: summary's line less --follow, which it is, and what
#       hectic top refuses);
#     - the viewer's options: those of --help's usage lines and rows, with
#       -h, --help, -V and --version at the first word only;
#     - --keymap's, --color's and --sort's values: the ones hectic's own
#       error for a bad value lists, each of them accepted by hectic.
#  2. the operands: FILE as *.eventlog files, directories, unix: and tcp:;
#     a socket's path after unix:; any file for --save and -o; nothing after
#     an option that takes a number; run's PROG a command on the PATH, then
#     its arguments any file; --opt=VALUE and --opt VALUE both.
#     Each case in each shell: bash (after bash -n: the completion function
#     driven with COMP_WORDS, COMP_CWORD, COMP_LINE and COMP_POINT as bash
#     sets them for the line), fish (after fish -n: complete -C, fish's own
#     engine), zsh (after zsh -n: an interactive zsh in tmux with compinit,
#     Tab pressed, every match its completion adds captured from compadd).
#  3. make install DESTDIR=... PREFIX=/usr installs the binary, the man page
#     and the three scripts, as built, where each shell looks for them, and
#     nothing else: bash-completion's loader, zsh's compinit and fish load
#     them from there; zsh's directory is in its fpath, fish's in its
#     complete path. The same with the default PREFIX (/usr/local; zsh's
#     site-functions). make uninstall removes them all.
set -u
B=${1:-build}
R=$(cd "$(dirname "$0")/.." && pwd)
case $B in /*) ;; *) B=$R/$B ;; esac
H=$B/hectic
C=$B/completions
FIX=$R/tests/fixtures/threaded.eventlog
T=$(mktemp -d)
TM="tmux -S $T/tmux.sock"
cleanup() {
	$TM kill-server 2>/dev/null
	rm -rf "$T"
}
trap cleanup EXIT
trap 'exit 1' INT TERM HUP
n=0
fails=0
bad() {
	fails=$((fails + 1))
	echo "completions: $*"
}

# --- what is needed ---
missing=""
for t in bash zsh fish tmux; do
	command -v $t >/dev/null 2>&1 || missing="$missing $t"
done
[ -f /usr/share/bash-completion/bash_completion ] || missing="$missing bash-completion"
if [ -n "$missing" ]; then
	echo "completions: not installed:$missing (install: apt-get install -y$missing)"
	exit 1
fi
for f in "$H" "$C/hectic.bash" "$C/_hectic" "$C/hectic.fish" "$FIX"; do
	[ -e "$f" ] || { echo "completions: $f missing (make BUILD=... completions)"; exit 1; }
done

# --- what hectic says ---
"$H" --help >"$T/help" 2>&1 || { echo "completions: hectic --help failed"; exit 1; }
# the commands: the rows of Commands:
awk '/^Commands:/ { c = 1; next } c && /^$/ { exit } c && /^  [a-z]/ { print $1 }' \
	"$T/help" | sort >"$T/commands"
[ -s "$T/commands" ] || { echo "completions: no command in hectic --help"; exit 1; }
longopts() { grep -oE -- '--[a-z][-a-z]*' | sort -u; }
anyopts() { grep -oE -- '(^|[[ ,])--?[a-zA-Z][-a-zA-Z]*' | sed 's/^[[ ,]//' | sort -u; }
# each command's usage line, and what --help names under it: its option
# rows and the long options in its text (the text also names GHC's flags,
# +RTS -h..., so only -- there)
while read -r c; do
	"$H" "$c" --help 2>&1 | head -1 >"$T/usage.$c"
	anyopts <"$T/usage.$c" >"$T/usageopts.$c"
	cp "$T/usageopts.$c" "$T/want.$c"
	awk -v c="$c" '/^Commands:/ { s = 1; next } s && /^$/ { exit }
		s && /^  [a-z]/ { on = $1 == c; next } s && on' "$T/help" >"$T/text.$c"
	{ grep -E '^    -' "$T/text.$c" | awk '{ print $1 }'; longopts <"$T/text.$c"; } |
		sort -u >"$T/helped.$c"
done <"$T/commands"
grep -E '^       hectic run ' "$T/help" | anyopts >>"$T/helped.run"
# top is summary --follow: its usage line is summary's; --follow is what it
# is, and an option hectic top refuses is not offered
if grep -qx top "$T/commands"; then
	grep -q 'the same as summary --follow' "$T/text.top" || bad "top: no longer summary --follow?"
	for o in $(grep -oE -- '--[a-z][-a-z]*( [A-Z]+)?' "$T/usage.top" | grep -v ' '); do
		timeout 20 "$H" top "$o" "$FIX" >/dev/null 2>&1
		[ $? -eq 2 ] && echo "$o"
	done | sort >"$T/refused.top"
	grep -qx -- --tsv "$T/refused.top" || bad "top: --tsv accepted (expected refused with --follow)"
	grep -vx -e --follow -f "$T/refused.top" "$T/want.top" >"$T/w" && mv "$T/w" "$T/want.top"
fi
for c in $(cat "$T/commands"); do
	n=$((n + 1))
	extra=$(comm -23 "$T/helped.$c" "$T/usageopts.$c")
	[ -z "$extra" ] || bad "hectic --help names for $c what its usage line lacks:" $extra
done
# the viewer: the options of the first two usage lines and of the rows
# before Commands:; at the first word also those of Options:
{
	head -2 "$T/help" | anyopts
	awk '/^Commands:/ { exit } /^  -/ { print $1 }' "$T/help" | sed 's/=.*//'
} | sort -u >"$T/want.viewer"
awk '/^Options:/ { s = 1; next } s && /^$/ { exit } s' "$T/help" | anyopts >"$T/mainopts"
sort -u "$T/want.viewer" "$T/mainopts" >"$T/want.first"
# every Report options: row is some command's
for o in $(awk '/^Report options:/ { s = 1; next } s && /^$/ { exit } s && /^  -/' "$T/help" | anyopts); do
	cat "$T"/want.* | grep -qx -- "$o" || bad "Report options: $o is no command's"
done
# the values: the names hectic's error for a bad one lists
values() { # OPTION ARGS...: hectic ARGS (with BOGUS), the list its error gives
	"$H" "$@" >/dev/null 2>"$T/err"
	[ $? -eq 2 ] || bad "$1: a bogus value not refused"
	sed -n 's/.*(\(use \)\{0,1\}\([^()]*\))$/\2/p' "$T/err" | sed 's/, /\n/g; s/ or /\n/g' | sort
}
values --keymap=BOGUS --bench=q "$FIX" >"$T/val.keymap"
values --color=BOGUS --bench=q "$FIX" >"$T/val.color"
values ticky --sort BOGUS "$FIX" >"$T/val.sort"
for v in keymap color sort; do
	[ "$(wc -l <"$T/val.$v")" -ge 2 ] || bad "--$v: no list of values in hectic's error"
done
# and --help's row of the option names each of them
for v in keymap color sort; do
	n=$((n + 1))
	for k in $(cat "$T/val.$v"); do
		grep -E -- "^ +--$v[= ]" "$T/help" | grep -qw -- "$k" ||
			bad "hectic --help's --$v row does not name $k"
	done
done
for k in $(cat "$T/val.keymap"); do
	"$H" --keymap="$k" --bench=q "$FIX" >/dev/null 2>&1 || bad "--keymap=$k refused"
done
for k in $(cat "$T/val.color"); do
	"$H" --color="$k" --bench=q "$FIX" >/dev/null 2>&1 || bad "--color=$k refused"
done
for k in $(cat "$T/val.sort"); do
	"$H" ticky --sort "$k" "$FIX" >/dev/null 2>&1 || bad "ticky --sort $k refused"
done

# --- a directory to complete in ---
D=$T/files
mkdir -p "$D/d" "$T/bin" "$T/xdg" "$T/zdot"
: >"$D/a.eventlog"
: >"$D/sp ace.eventlog"
: >"$D/b.txt"
: >"$D/d/x.eventlog"
printf '#!/bin/sh\n' >"$T/bin/hecticprogx"
chmod +x "$T/bin/hecticprogx"
printf '%s\n' a.eventlog 'sp ace.eventlog' d unix: tcp: | sort >"$T/logs"
printf '%s\n' a.eventlog 'sp ace.eventlog' d b.txt | sort >"$T/anyfile"
sort "$T/logs" "$T/commands" >"$T/first"
: >"$T/none"
PATH=$T/bin:$PATH
export PATH

# --- the shells ---
# bash: COMP_* as bash sets them for the line, the cursor at its end: words
# split at blanks, and at = and : (COMP_WORDBREAKS), a run of those a word
cat >"$T/drive.bash" <<'EOF'
drive() {
	local line=$1 rest w
	COMP_LINE=$line COMP_POINT=${#line} COMP_WORDS=() rest=$line
	while :; do
		rest=${rest#"${rest%%[! ]*}"}
		[[ -z $rest ]] && break
		if [[ $rest == [=:]* ]]; then w=${rest%%[!=:]*}; else w=${rest%%[ =:]*}; fi
		COMP_WORDS+=("$w") rest=${rest#"$w"}
	done
	[[ $line == *' ' ]] && COMP_WORDS+=("")
	COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
	COMPREPLY=()
	complete -p hectic >/dev/null || exit 3
	_hectic hectic "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
	((${#COMPREPLY[@]} == 0)) || printf '%s\n' "${COMPREPLY[@]}"
}
EOF
offers_bash() {
	(cd "$D" && bash --norc --noprofile -c '. "$1" && . "$2" && drive "$3"' _ \
		"$C/hectic.bash" "$T/drive.bash" "$1")
}
offers_fish() {
	(cd "$D" && XDG_CONFIG_HOME=$T/xdg XDG_DATA_HOME=$T/xdg fish --no-config \
		-c 'set -g fish_complete_path; source $argv[1]; and complete -C $argv[2]' \
		"$C/hectic.fish" "$1" | cut -f1)
}
# zsh: an interactive zsh in tmux; its compadd, wrapped, writes each match
# the completion adds to $ZCAP (calls that only ask or filter pass through)
cat >"$T/zdot/.zshrc" <<EOF
PS1='%% '
LISTMAX=100000
fpath=('$C' \$fpath)
autoload -U compinit && compinit -u -D
compadd() {
	if [[ \${@[1,(i)(-|--)]} == *-(O|A|D)\\ * ]]; then
		builtin compadd "\$@"
		return
	fi
	local -a hits
	builtin compadd -A hits "\$@"
	(( \$#hits )) && print -rl -- "\${hits[@]}" >>\$ZCAP
	builtin compadd "\$@"
}
print -r READY >>\$ZCAP
EOF
waitfor() { # WORD: until the capture file's last line is WORD (10 s at most)
	i=0
	until [ "$(tail -n 1 "$T/zcap" 2>/dev/null)" = "$1" ]; do
		i=$((i + 1))
		[ $i -gt 200 ] && return 1
		sleep 0.05
	done
}
zsh_up=0
start_zsh() {
	$TM new-session -d -x 200 -y 50 -c "$D" \
		"env ZDOTDIR='$T/zdot' ZCAP='$T/zcap' PATH='$PATH' zsh -d -i" || return 1
	waitfor READY && zsh_up=1
}
offers_zsh() {
	[ $zsh_up = 1 ] || { echo "(zsh did not start)"; return; }
	: >"$T/zcap"
	$TM send-keys -l "$1"
	$TM send-keys Tab
	sleep 0.1
	$TM send-keys C-u
	$TM send-keys -l 'print -r END >>$ZCAP'
	$TM send-keys Enter
	waitfor END || echo "(no answer)"
	grep -vx END "$T/zcap"
}

# the words offered, comparable across the shells: zsh's quoting, a
# directory's /, and what fish keeps of the word (--keymap= before a value,
# unix: before a socket's path) taken off
norm() {
	sed -e 's/\\//g' -e 's,/$,,' -e 's/^unix:\(..*\)$/\1/' -e 's/^--[a-z][-a-z]*=//' | sort -u
}

# case NAME 'LINE' WANT-FILE: each shell offers exactly WANT-FILE's words
# (zsh less the options already on the line: it offers an option once)
case_() {
	for sh in bash fish zsh; do
		n=$((n + 1))
		offers_$sh "$2" | norm >"$T/got"
		cp "$3" "$T/want"
		if [ $sh = zsh ]; then
			printf '%s\n' $2 | grep -e '^-' | sed 's/=.*//' >"$T/online"
			grep -vxF -f "$T/online" "$3" >"$T/want"
		fi
		if ! cmp -s "$T/got" "$T/want"; then
			bad "$sh: $1: '$2' offers (<) other than expected (>):"
			diff "$T/got" "$T/want" | grep '^[<>]' | head -8 | sed 's/^/    /'
		fi
	done
}

n=$((n + 3))
bash -n "$C/hectic.bash" || bad "bash -n: $C/hectic.bash"
zsh -n "$C/_hectic" || bad "zsh -n: $C/_hectic"
fish -n "$C/hectic.fish" || bad "fish -n: $C/hectic.fish"
start_zsh || bad "zsh: no prompt in tmux"

# 1. drift
case_ commands 'hectic ' "$T/first"
case_ first-word 'hectic -' "$T/want.first"
case_ viewer 'hectic --ascii -' "$T/want.viewer"
for c in $(cat "$T/commands"); do
	case_ "$c" "hectic $c -" "$T/want.$c"
done
grep -e '^--' "$T/want.gcs" >"$T/want.gcs--"
case_ gcs-- 'hectic gcs --' "$T/want.gcs--"
case_ keymap= 'hectic --keymap=' "$T/val.keymap"
case_ keymap 'hectic --keymap ' "$T/val.keymap"
case_ color 'hectic run --color=' "$T/val.color"
case_ sort 'hectic ticky --sort ' "$T/val.sort"
case_ sort= 'hectic ticky --from 1ms --sort=' "$T/val.sort"
# 2. the operands
case_ file 'hectic gcs ' "$T/logs"
case_ file-after-options 'hectic gcs --top 3 --tsv ' "$T/logs"
case_ two-files 'hectic diff a.eventlog ' "$T/logs"
grep '^s' "$T/logs" >"$T/logs.s"
case_ file-prefix 'hectic markers s' "$T/logs.s"
printf 'unix:\n' >"$T/unix"
case_ unix-prefix 'hectic threads un' "$T/unix"
case_ unix-path 'hectic threads unix:' "$T/anyfile"
case_ save 'hectic gcs --save ' "$T/anyfile"
case_ output 'hectic export -o ' "$T/anyfile"
case_ number 'hectic gcs --top ' "$T/none"
printf 'hecticprogx\n' >"$T/prog"
case_ run-prog 'hectic run hecticprog' "$T/prog"
case_ run-prog-after-options 'hectic run --ascii -- hecticprog' "$T/prog"
case_ run-args 'hectic run hecticprogx ' "$T/anyfile"

# 3. make install, make uninstall
mk() { # ROOT TARGET [VAR=VALUE...]: make TARGET into ROOT with the Makefile's
	# directories, this build taken as it is (nothing rebuilt)
	root=$1
	shift
	(cd "$R" && env -u MAKEFLAGS -u MAKELEVEL -u MFLAGS -u PREFIX -u BINDIR -u MANPREFIX \
		-u BASHCOMPDIR -u ZSHCOMPDIR -u FISHCOMPDIR make --no-print-directory -s \
		-o "$B/hectic" -o "$B/tools/gen-completions" -o "$C/hectic.bash" -o "$C/_hectic" \
		-o "$C/hectic.fish" BUILD="$B" DESTDIR="$root" "$@") >"$T/make.out" 2>&1
}
# install_check ROOT PREFIX ZSHDIR: make install, and the files it wrote
# (PREFIX '': the Makefile's; ZSHDIR: zsh's file in share/zsh/ZSHDIR)
install_check() {
	root=$1 p=$2
	n=$((n + 1))
	if ! mk "$root" install ${p:+PREFIX=$p}; then
		bad "make install ${p:+PREFIX=$p} failed:"
		sed 's/^/    /' "$T/make.out"
		return 1
	fi
	p=${p:-/usr/local}
	(cd "$root" && find . -type f | sort) >"$T/installed"
	printf ".$p/%s\n" bin/hectic share/man/man1/hectic.1 \
		share/bash-completion/completions/hectic "share/zsh/$3/_hectic" \
		share/fish/vendor_completions.d/hectic.fish | sort >"$T/want.installed"
	diff "$T/installed" "$T/want.installed" >"$T/d" ||
		{ bad "make install PREFIX=$p: files (<) other than expected (>):"; sed 's/^/    /' "$T/d"; }
	u=$root$p/share
	cmp -s "$u/bash-completion/completions/hectic" "$C/hectic.bash" || bad "$p: bash script differs"
	cmp -s "$u/zsh/$3/_hectic" "$C/_hectic" || bad "$p: zsh script differs"
	cmp -s "$u/fish/vendor_completions.d/hectic.fish" "$C/hectic.fish" || bad "$p: fish script differs"
	cmp -s "$u/man/man1/hectic.1" "$R/man/hectic.1" || bad "$p: man page differs"
	"$root$p/bin/hectic" --version | grep -q '^hectic ' || bad "$p: installed hectic --version"
	# zsh looks there: the directory is in its own fpath
	zsh -f -c 'print -rl -- $fpath' | grep -qx "$p/share/zsh/$3" ||
		bad "$p/share/zsh/$3 is not in zsh's fpath"
}
uninstall_check() {
	n=$((n + 1))
	if mk "$1" uninstall ${2:+PREFIX=$2}; then
		left=$(cd "$1" && find . -type f)
		[ -z "$left" ] || bad "make uninstall left: $left"
	else
		bad "make uninstall failed:"
		sed 's/^/    /' "$T/make.out"
	fi
}
# the package's install: each shell finds and loads its file there
r=$T/root
if install_check "$r" /usr vendor-completions; then
	n=$((n + 5))
	# the directories the shells' own packages name (their .pc files)
	for sh in bash-completion:bash-completion fish:fish; do
		d=$(pkg-config --variable=completionsdir "${sh%%:*}" 2>/dev/null)
		if [ -z "$d" ]; then
			bad "pkg-config knows no ${sh%%:*} (apt-get install -y ${sh#*:})"
		elif [ ! -f "$r$d/hectic" ] && [ ! -f "$r$d/hectic.fish" ]; then
			bad "nothing installed in ${sh%%:*}'s completionsdir $d"
		fi
	done
	# bash-completion's loader, its /usr/share as $r/usr/share
	(cd "$D" && XDG_DATA_DIRS=$r/usr/share BASH_COMPLETION_USER_DIR=$T/none \
		bash --norc --noprofile -c '. "$1"; __load_completion hectic || exit 1
			. "$2"; drive "hectic --keymap="' _ /usr/share/bash-completion/bash_completion \
		"$T/drive.bash") | norm >"$T/got"
	cmp -s "$T/got" "$T/val.keymap" ||
		bad "bash-completion: the installed file not loaded, or --keymap= not completed"
	# zsh's compinit, its vendor-completions as $r's
	z=$(zsh -f -c 'fpath=("$1" $fpath); autoload -U compinit; compinit -u -D; print -r -- $_comps[hectic]' \
		_ "$r/usr/share/zsh/vendor-completions")
	[ "$z" = _hectic ] || bad "zsh: compinit did not take _hectic from vendor-completions ($z)"
	# fish: its default complete path has /usr/share's vendor_completions.d, and
	# fish loads hectic.fish from there by itself (for a hectic on the PATH)
	env -u XDG_DATA_DIRS XDG_CONFIG_HOME=$T/xdg XDG_DATA_HOME=$T/xdg \
		fish -c 'printf "%s\n" $fish_complete_path' | grep -qx /usr/share/fish/vendor_completions.d ||
		bad "fish does not look in /usr/share/fish/vendor_completions.d"
	PATH=$r/usr/bin:$PATH XDG_CONFIG_HOME=$T/xdg XDG_DATA_HOME=$T/xdg fish --no-config -c \
		'set -g fish_complete_path $argv[1]; complete -C "hectic gcs --t"' \
		"$r/usr/share/fish/vendor_completions.d" | cut -f1 | sort >"$T/got"
	printf '%s\n' --to --top --tsv >"$T/w"
	cmp -s "$T/got" "$T/w" || bad "fish: hectic.fish not loaded from vendor_completions.d"
fi
uninstall_check "$r" /usr
# a local install (PREFIX /usr/local): zsh's file in site-functions
r=$T/root-local
install_check "$r" "" site-functions && uninstall_check "$r" ""

echo "completions: $n checks, $fails failed"
[ "$fails" -eq 0 ]
