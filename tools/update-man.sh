#!/bin/sh
# Regenerates the parts of man/hectic.1 between the marker comments
#   .\" BEGIN GENERATED KEYS    ... .\" END GENERATED KEYS
#   .\" BEGIN GENERATED OPTIONS ... .\" END GENERATED OPTIONS
# from the output of the generator (tools/gen-man-keys.c, built by make),
# and checks the page's commands against the command table
# (cli/commands.c, through `GENERATOR commands`): each command of the table
# has a line .Cm NAME in SYNOPSIS and an item .It Cm NAME in the list that
# follows "The commands are:", and neither names a command the table does
# not have (their order, and their text, are the page's own: written, not
# generated). A command missing or extra is an error in both modes, said
# with its name, and the page is left alone; so is a long option of a
# command's usage line (`GENERATOR flags`) that no SYNOPSIS line of the
# command (from its .Cm NAME to the next .Nm) names as Fl \-OPTION.
# Usage: tools/update-man.sh [--check] GENERATOR [MANPAGE]
# With --check the page is left alone and the exit status is 1 when it is
# out of date (make check runs this).
set -eu
check=0
if [ "${1:-}" = --check ]; then
	check=1
	shift
fi
gen=${1:?usage: update-man.sh [--check] GENERATOR [MANPAGE]}
page=${2:-man/hectic.1}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$gen" keys >"$tmp/KEYS"
"$gen" options >"$tmp/OPTIONS"
"$gen" commands >"$tmp/COMMANDS"
"$gen" flags >"$tmp/FLAGS"
# The page's commands: S NAME for a .Cm line of SYNOPSIS, L NAME for an
# item of the list of commands (its own .Bl, items of lists within it
# aside), each against the table's.
awk -v page="$page" '
	FNR == NR { table[$0] = 1; next }
	/^\.Sh / { syn = ($2 == "SYNOPSIS") }
	syn && /^\.Cm / { in_syn[$2] = 1 }
	/^The commands are:$/ { want = 1; next }
	want && /^\.Bl/ { depth++ }
	want && depth == 1 && /^\.It Cm / { in_list[$3] = 1 }
	want && /^\.El/ { if (--depth == 0) want = 0 }
	function say(what) {
		print "update-man.sh: " page ": " what >"/dev/stderr"
		bad = 1
	}
	END {
		for (c in table) {
			if (!(c in in_syn))
				say("SYNOPSIS lacks the command " c " (cli/commands.c)")
			if (!(c in in_list))
				say("the list of commands lacks " c " (cli/commands.c)")
		}
		for (c in in_syn)
			if (!(c in table))
				say("SYNOPSIS names " c ", no command of cli/commands.c")
		for (c in in_list)
			if (!(c in table))
				say("the list of commands names " c ", no command of cli/commands.c")
		exit bad
	}
' "$tmp/COMMANDS" "$page" || exit 1
# Each option of a command's usage line in the command's SYNOPSIS.
awk -v page="$page" '
	FNR == NR { want[$1 " " $2] = 1; next }
	/^\.Sh / { syn = ($2 == "SYNOPSIS"); cmd = "" }
	syn && /^\.Nm/ { cmd = "" }
	syn && /^\.Cm / { cmd = $2 }
	syn && cmd != "" {
		for (i = 1; i < NF; i++)
			if (($i == "Fl" || $i == ".Fl") && substr($(i + 1), 1, 2) == "\\-") {
				o = $(i + 1)
				gsub(/\\-/, "-", o)
				seen[cmd " -" o] = 1
			}
	}
	END {
		for (k in want)
			if (!(k in seen)) {
				split(k, w, " ")
				print "update-man.sh: " page ": SYNOPSIS of " w[1] " lacks " w[2] \
					" (its usage line, cli/commands.c)" >"/dev/stderr"
				bad = 1
			}
		exit bad
	}
' "$tmp/FLAGS" "$page" || exit 1
# A block whose END marker is missing would swallow the rest of the page.
awk -v dir="$tmp" '
	/^\.\\" BEGIN GENERATED [A-Z]+$/ {
		print
		part = $NF
		f = dir "/" part
		while ((getline l < f) > 0)
			print l
		close(f)
		skip = 1
		found[part] = 1
		next
	}
	/^\.\\" END GENERATED [A-Z]+$/ {
		if ($NF != part) {
			print "update-man.sh: END GENERATED " $NF " without its BEGIN" >"/dev/stderr"
			bad = 1
		}
		skip = 0
		part = ""
	}
	!skip { print }
	END {
		if (skip) {
			print "update-man.sh: BEGIN GENERATED " part " without its END" >"/dev/stderr"
			bad = 1
		}
		if (!found["KEYS"] || !found["OPTIONS"]) {
			print "update-man.sh: the KEYS and OPTIONS markers are both needed" >"/dev/stderr"
			bad = 1
		}
		exit bad
	}
' "$page" >"$tmp/page"
if cmp -s "$tmp/page" "$page"; then
	exit 0
fi
if [ "$check" = 1 ]; then
	echo "$page is out of date with keymaps/: run make man" >&2
	diff -u "$page" "$tmp/page" | head -20 >&2
	exit 1
fi
cat "$tmp/page" >"$page"
echo "updated $page" >&2
