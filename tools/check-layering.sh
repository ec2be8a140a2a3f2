#!/bin/sh
# Checks the layering of the sources (STYLE.md, "The shape of the program"):
#  - parser/, model/, keymaps/ and common/ include neither curses nor
#    termkey (nor sqlite), and sql/ neither curses nor termkey;
#  - a lower layer includes no header of a higher one (parser < model <
#    common < sql < viewer < cli, keymaps < viewer): the commands (cli/)
#    start the viewer, the viewer includes nothing of them (and
#    tools/check-structure.sh follows the includes through headers);
#  - viewer/, cli/, sql/ and common/ read no wire bytes: no parser/be.h,
#    no be16/be32/be64 calls (cli/cmd_show.c renders events and is
#    allowed both).
# Prints each offending line as FILE:LINE: text and exits 1 when there is
# any. Usage: tools/check-layering.sh [SOURCE_ROOT]
set -u
cd "${1:-.}" || exit 2
bad=0

# code lines only: drop lines that are comments (the module headers say
# "never includes curses")
code() {
	grep -nE "$1" "$2" 2>/dev/null | grep -vE '^[0-9]+:[[:space:]]*(/?\*|//)'
}

offend() { # FILE RULE REGEX
	code "$3" "$1" | while IFS= read -r l; do
		echo "$1:$l  [$2]"
	done | grep . && bad=1
}

inc='^[[:space:]]*#[[:space:]]*include[[:space:]]*[<"]'
for f in parser/*.[ch] model/*.[ch] keymaps/*.[ch] common/*.[ch]; do
	[ -e "$f" ] || continue
	offend "$f" "no curses or termkey below viewer/" "$inc[^>\"]*(curses|termkey)"
	offend "$f" "no sqlite below sql/ (issue 34)" "$inc[^>\"]*sqlite"
done
for f in sql/*.[ch]; do
	[ -e "$f" ] || continue
	offend "$f" "no curses or termkey below viewer/" "$inc[^>\"]*(curses|termkey)"
done
for f in parser/*.[ch]; do
	[ -e "$f" ] || continue
	offend "$f" "parser/ includes no higher layer" "$inc\\.\\./(model|viewer|keymaps|common|sql|cli)/"
done
for f in model/*.[ch]; do
	[ -e "$f" ] || continue
	offend "$f" "model/ includes no higher layer" "$inc\\.\\./(viewer|keymaps|common|sql|cli)/"
done
for f in keymaps/*.[ch]; do
	[ -e "$f" ] || continue
	offend "$f" "keymaps/ includes no viewer header" "$inc\\.\\./(viewer|common|sql|cli)/"
done
for f in common/*.[ch]; do
	[ -e "$f" ] || continue
	offend "$f" "common/ includes no higher layer" "$inc\\.\\./(viewer|sql|cli)/"
done
for f in sql/*.[ch]; do
	[ -e "$f" ] || continue
	offend "$f" "sql/ includes no higher layer" "$inc\\.\\./(viewer|cli)/"
done
for f in viewer/*.[ch]; do
	[ -e "$f" ] || continue
	offend "$f" "viewer/ includes nothing from cli/ (issue 46)" "$inc\\.\\./cli/"
done
for f in viewer/*.[ch] cli/*.[ch] sql/*.[ch] common/*.[ch]; do
	[ -e "$f" ] || continue
	[ "$f" = cli/cmd_show.c ] && continue
	offend "$f" "no wire bytes above model/ (parser/be.h)" "$inc[^>\"]*parser/be\\.h"
	offend "$f" "no wire bytes above model/ (be16/be32/be64)" '(^|[^A-Za-z0-9_])be(16|32|64)[[:space:]]*\('
done

if [ "$bad" -ne 0 ]; then
	echo "layering: the lines above break the layering (see STYLE.md)" >&2
	exit 1
fi
echo "layering: ok"
