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
# rule RULE REGEX FOLDER...: offend for each .c and .h of the folders
rule() {
	r=$1 re=$2
	shift 2
	for d; do
		for f in "$d"/*.[ch]; do
			[ -e "$f" ] && offend "$f" "$r" "$re"
		done
	done
}
rule "no curses or termkey below viewer/" "$inc[^>\"]*(curses|termkey)" parser model keymaps common sql
rule "no sqlite below sql/ (issue 34)" "$inc[^>\"]*sqlite" parser model keymaps common
rule "parser/ includes no higher layer" "$inc\\.\\./(model|keymaps|common|sql|viewer|cli)/" parser
rule "model/ includes no higher layer" "$inc\\.\\./(keymaps|common|sql|viewer|cli)/" model
rule "keymaps/ includes no higher layer" "$inc\\.\\./(common|sql|viewer|cli)/" keymaps
rule "common/ includes no higher layer" "$inc\\.\\./(sql|viewer|cli)/" common
rule "sql/ includes no higher layer" "$inc\\.\\./(viewer|cli)/" sql
rule "viewer/ includes nothing from cli/ (issue 46)" "$inc\\.\\./cli/" viewer
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
