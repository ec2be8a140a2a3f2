#!/bin/sh
# tools/check-structure.sh (issues 18, 36, 46) on small trees of its own: each
# shape it must refuse is refused, with its line, and the shapes it must
# let be pass; then the program's own tree, built in BUILD_DIR, passes.
# Usage: sh tests/check-structure.sh [BUILD_DIR]   (default build)
set -u
B=${1:-build}
cd "$(dirname "$0")/.." || exit 1
R=$(pwd)
CC=${CC:-cc}
T=$(mktemp -d "${TMPDIR:-/tmp}/hectic-check-structure.XXXXXX") || exit 1
trap 'rm -rf "$T"' EXIT
pass=0 fail=0

# tree NAME: a fresh tree in $T/NAME (its sources in src/, objects in
# obj/); put FILE < TEXT writes one of its files
tree() {
	D=$T/$1
	mkdir -p "$D/src/parser" "$D/src/model" "$D/src/keymaps" "$D/src/common" "$D/src/sql" \
		"$D/src/viewer" "$D/src/cli" "$D/obj"
}
put() {
	cat >"$D/src/$1"
}
# check_case NAME WANT: the tree built (each .c to obj/), then the check
# on it: WANT "" passes (exit 0), else a line of its output has WANT and
# it exits 1
check_case() {
	for c in "$D"/src/*/*.c; do
		[ -e "$c" ] || continue
		r=${c#"$D"/src/}
		mkdir -p "$D/obj/$(dirname "$r")"
		if ! $CC -std=c11 -c -o "$D/obj/${r%.c}.o" "$c" 2>"$T/cc.err"; then
			fail=$((fail + 1))
			echo "check-structure: FAIL: $1: $r does not compile:"
			sed 's/^/    /' "$T/cc.err" | head -5
			return
		fi
	done
	sh "$R/tools/check-structure.sh" "$D/obj" "$D/src" >"$T/out" 2>&1
	rc=$?
	if [ -z "$2" ]; then
		[ "$rc" -eq 0 ] && grep -q '^structure: ok' "$T/out" && ok=1 || ok=0
	else
		[ "$rc" -eq 1 ] && grep -qF -- "$2" "$T/out" && ok=1 || ok=0
	fi
	if [ "$ok" -eq 1 ]; then pass=$((pass + 1)); else
		fail=$((fail + 1))
		echo "check-structure: FAIL: $1: exit $rc, want ${2:-a pass}; it said:"
		sed 's/^/    /' "$T/out" | head -8
	fi
}

# ---- a header that calls into a .c file that includes it ----
# the pane's header, whose inline calls pane_color, and a file that uses it
pane_h() {
	put viewer/pane.h <<'EOS'
int pane_color(int i);
static inline int pane_fill(int i)
{
	return 40 + pane_color(i);
}
EOS
	put viewer/chart.c <<'EOS'
#include "pane.h"
int chart_cell(int i) { return pane_fill(i); }
EOS
}
# legend_c [HEADER]: the file that defines pane_color, including HEADER
legend_c() {
	{
		[ -n "${1:-}" ] && printf '#include "%s"\n' "$1"
		printf 'int pane_color(int i) { return i %% 16; }\n'
	} | put viewer/legend.c
}
legend_circle="viewer/pane.h calls pane_color, which viewer/legend.c defines, and viewer/legend.c includes viewer/pane.h"

tree inline-circle
pane_h
legend_c pane.h
check_case "the header calls the .c that includes it" "$legend_circle"

tree inline-circle-through
pane_h
echo '#include "pane.h"' | put viewer/legend.h
legend_c legend.h
check_case "the .c includes the header through another" "$legend_circle"

tree inline-other-folder
put model/vec.h <<'EOS'
int vec_room(int n);
static inline int vec_fit(int n)
{
	return vec_room(n) ? n : 0;
}
EOS
put viewer/grow.c <<'EOS'
#include "../model/vec.h"
int vec_room(int n) { return n < 100; }
EOS
check_case "a header of another folder, a .c that includes it by ../" \
	"model/vec.h calls vec_room, which viewer/grow.c defines, and viewer/grow.c includes model/vec.h"

tree inline-own
put parser/sbuf.h <<'EOS'
void sbuf_grow(int n);
static inline void sbuf_add(int n)
{
	if (n > 8) /* "sbuf_other(" in a comment */
		sbuf_grow(n);
}
EOS
put parser/sbuf.c <<'EOS'
#include "sbuf.h"
void sbuf_grow(int n) { (void)n; }
void sbuf_other(void) { }
EOS
put viewer/render.c <<'EOS'
#include "../parser/sbuf.h"
void render(void) { sbuf_add(9); }
EOS
check_case "a header's inline calls its own .c" ""

tree inline-not-included
pane_h
legend_c
check_case "the .c the header calls does not include it" ""

tree inline-string
put viewer/pane.h <<'EOS'
const char *pane_name(const char *s);
static inline const char *pane_title(void)
{
	return pane_name("legend_color(");
}
EOS
put viewer/legend.c <<'EOS'
#include "pane.h"
int legend_color(int i) { return i; }
EOS
put viewer/names.c <<'EOS'
const char *pane_name(const char *s) { return s; }
EOS
check_case "a name in a string in the body is no call" ""

# ---- circles of files in any folder, and between the folders ----
# calls A B [back]: A's a() calls B's b(); with back, B's b2() calls a()
calls() {
	printf 'int b(void);\nint a(void) { return b(); }\n' | put "$1"
	{
		printf 'int a(void);\nint b(void) { return 1; }\n'
		[ "${3:-}" = back ] && printf 'int b2(void) { return a(); }\n'
	} | put "$2"
}
tree file-circle
calls viewer/a.c viewer/b.c back
check_case "two viewer files that call each other" "structure: a circle of 2 files in parser/ model/ keymaps/ common/ sql/ viewer/ cli/:"

tree file-circle-cli
calls cli/report.c cli/pager.c back
check_case "two cli files that call each other" \
	"structure: a circle of 2 files in parser/ model/ keymaps/ common/ sql/ viewer/ cli/: cli/"

tree file-circle-model
put model/store.c <<'EOS'
int index_parts(void);
int index_serial(void) { return 1; }
int store_open(void) { return index_parts(); }
EOS
put model/store_parallel.c <<'EOS'
int index_serial(void);
int index_parts(void) { return index_serial(); }
EOS
calls viewer/a.c viewer/b.c
check_case "two model files that call each other (a split by size)" \
	"structure: a circle of 2 files in parser/ model/ keymaps/ common/ sql/ viewer/ cli/: model/"

tree file-one-way-model
put model/store_indexer.c <<'EOS'
int index_serial(void) { return 1; }
EOS
put model/store_parallel.c <<'EOS'
int index_serial(void);
int index_parts(void) { return index_serial(); }
EOS
put model/store.c <<'EOS'
int index_parts(void);
int store_open(void) { return index_parts(); }
EOS
calls viewer/a.c viewer/b.c
check_case "two model files, one calling the other" ""

tree folder-circle-cli
calls cli/cmd.c viewer/loop.c back
check_case "cli and viewer call each other (the viewer calls back into a command)" \
	"structure: a circle of 2 folders between parser/ model/ keymaps/ common/ sql/ viewer/ cli/:"

tree folder-one-way-cli
calls cli/cmd.c viewer/loop.c
check_case "cli calls the viewer, not back" ""

tree folder-circle
calls model/m.c viewer/v.c back
check_case "model and viewer call each other" \
	"structure: a circle of 2 folders between parser/ model/ keymaps/ common/ sql/ viewer/ cli/:"

tree folder-one-way
calls viewer/v.c model/m.c
check_case "viewer calls model, not back" ""

tree file-one-way
calls viewer/a.c viewer/b.c
check_case "a viewer file calls another, not back" ""

# ---- an include into a higher folder (issue 46) ----
# up FILE HEADER [OWN]: HEADER declares a function, FILE (a .c) includes
# it, or includes OWN (a header of FILE's folder) that includes it
up() {
	echo 'int up_decl(void);' | put "$2"
	inc=../$2
	if [ -n "${3:-}" ]; then
		printf '#include "../%s"\n' "$2" | put "$3"
		inc=${3##*/}
	fi
	printf '#include "%s"\nint up_use(void) { return 0; }\n' "$inc" | put "$1"
}
tree include-viewer-cli
up viewer/loader.c cli/cli.h
check_case "a viewer file includes a cli header" \
	"structure: viewer/loader.c includes cli/cli.h (directly or through its headers): viewer/ includes nothing from cli/"

tree include-viewer-cli-through
up viewer/loader.c cli/cli.h viewer/core.h
check_case "a viewer file includes a cli header through its own" \
	"structure: viewer/loader.c includes cli/cli.h (directly or through its headers)"

tree include-sql-viewer
up sql/vtab.c viewer/core.h
check_case "the SQL engine includes a viewer header" \
	"structure: sql/vtab.c includes viewer/core.h (directly or through its headers): sql/ includes nothing from viewer/"

tree include-common-cli
up common/say.c cli/report.h
check_case "a shared file includes a command's header" \
	"structure: common/say.c includes cli/report.h (directly or through its headers): common/ includes nothing from cli/"

tree include-down
echo 'int say_it(void);' | put common/say.h
printf '#include "../common/say.h"\nint sql_open(void);\n' | put sql/sql.h
printf '#include "../sql/sql.h"\nint mainloop_run(void);\n' | put viewer/mainloop.h
up cli/main.c viewer/mainloop.h
check_case "cli includes the viewer, the viewer sql, sql common" ""

# ---- SQLite and curl outside the SQL and push modules ----
# sys HEADER LIB...: HEADER includes <LIB> for each LIB (headers are not
# compiled), beside a viewer file
sys() {
	echo 'int v(void) { return 0; }' | put viewer/v.c
	h=$1
	shift
	for l; do printf '#include <%s>\n' "$l"; done | put "$h"
}
tree sqlite-in-viewer
sys viewer/query.h sqlite3.h
check_case "a viewer header includes sqlite3.h" \
	"structure: viewer/query.h includes <sqlite3.h>: SQLite and curl are the SQL and push modules' alone"

tree curl-in-common
sys common/http.h curl/curl.h
check_case "a shared header includes curl" "structure: common/http.h includes <curl/curl.h>"

tree curl-in-report
sys cli/report.h stdio.h curl/curl.h
check_case "a report's header includes curl" "structure: cli/report.h includes <curl/curl.h>"

tree sqlite-curl-own
sys sql/sql.h sqlite3.h
sys cli/cmd_sql_db.h sqlite3.h
sys cli/clickhouse.h curl/curl.h
sys viewer/query.h stdio.h
check_case "SQLite in sql/ and cli/cmd_sql*, curl in cli/clickhouse.*" ""

# ---- a function name defined twice ----
# two file-local functions of one name in two folders, one of them in the
# style "static T\nname(", one declared before its definition
tree same-static
put model/a.c <<'EOS'
static int grow(int x);
static int grow(int x)
{
	return x + 1;
}
int a(int x) { return grow(x); }
EOS
put viewer/b.c <<'EOS'
static int
grow(int x) /* another */
{
	return 2 * x;
}
int b(int x) { return grow(x); }
EOS
check_case "a static name in model/ and in viewer/" "structure: grow() is defined 2 times: model/a.c:2 viewer/b.c:2"

tree same-cli-sql
printf 'static int table_of(int x)\n{\n\treturn x;\n}\nint a(int x) { return table_of(x); }\n' | put sql/vtab.c
printf 'static int table_of(int x)\n{\n\treturn -x;\n}\nint b(int x) { return table_of(x); }\n' | put cli/cmd_sql.c
check_case "a static name in sql/ and in cli/" "structure: table_of() is defined 2 times"

# a header's static inline and a .c file's function of one name
tree same-inline
put model/order.h <<'EOS'
static inline int cmp_u64(unsigned long x, unsigned long y)
{
	return (x > y) - (x < y);
}
EOS
put model/spans.c <<'EOS'
static int cmp_u64(const void *a, const void *b)
{
	return *(const int *)a - *(const int *)b;
}
int spans_sort(const void *a, const void *b) { return cmp_u64(a, b); }
EOS
echo 'int v(void) { return 0; }' | put viewer/v.c
check_case "a header's inline and a .c's static" "structure: cmp_u64() is defined 2 times"

# declarations and calls of the name are no definitions
tree same-name-not-defined
put model/a.c <<'EOS'
int grow(int x);
struct box { int (*enlarge)(int); };
int grow(int x)
{
	return x;
}
EOS
put viewer/b.c <<'EOS'
int grow(int x);
struct box { int (*enlarge)(int); };
int use(struct box *b, int x)
{
	return grow(x) + b->enlarge(x);
}
EOS
check_case "one definition, declarations and calls elsewhere" ""

# a file-local function named as a struct's function-pointer member that
# another file calls through (cmd_run.c's run and the sink's ->run)
tree same-as-member
put model/sink.h <<'EOS'
struct sink { void (*run)(void *ctx, int n); };
EOS
put model/store.c <<'EOS'
#include "sink.h"
void store_feed(struct sink *s, int n) { s->run(0, n); }
EOS
put viewer/cmd.c <<'EOS'
static int run(int n)
{
	return n;
}
int cmd(int n) { return run(n); }
EOS
check_case "a static named as a member function pointer" \
	"structure: run() is defined at viewer/cmd.c:1 and is a function pointer's name at model/sink.h:1"

# ---- one owner for an opened log (issue 46) ----
run_h() {
	put model/tracks.h <<'EOS'
struct tracks { int n; };
int tracks_build(struct tracks *tr);
EOS
	put model/tracks.c <<'EOS'
#include "tracks.h"
int tracks_build(struct tracks *tr) { return tr->n = 1; }
EOS
	put model/run.c <<'EOS'
#include "tracks.h"
int run_need(struct tracks *tr) { return tracks_build(tr); }
EOS
}
tree build-outside-run
run_h
put cli/report.c <<'EOS'
#include "../model/tracks.h"
int report_open(struct tracks *tr) { return tracks_build(tr); }
EOS
check_case "a report builds the tracks itself" \
	"structure: cli/report.c calls tracks_build(): a log is opened and built through model/run.h"
tree build-in-run
run_h
put cli/report.c <<'EOS'
int run_need(void *tr);
int report_open(void *tr) { return run_need(tr); }
EOS
check_case "a report builds through model/run.c" ""
tree viewer-holds-store
put viewer/core.h <<'EOS'
struct store { int n; };
struct run { struct store s; };
struct viewer {
	struct run run;
	struct store s;
};
EOS
put viewer/core.c <<'EOS'
#include "core.h"
int core_size(const struct viewer *u) { return u->s.n + u->run.s.n; }
EOS
check_case "struct viewer holds a store of its own" \
	"structure: viewer/core.h:5: struct viewer holds a store of its own"
tree viewer-holds-run
put viewer/core.h <<'EOS'
struct store { int n; };
struct run { struct store s; };
struct viewer {
	struct run run;
	const struct store *other_s;
};
EOS
put viewer/core.c <<'EOS'
#include "core.h"
int core_size(const struct viewer *u) { return u->run.s.n; }
EOS
check_case "struct viewer holds a run (and a pointer)" ""

# ---- sizes ----
tree long-file
{
	echo "int f(int x);"
	i=0
	while [ $i -lt 800 ]; do
		echo "int g$i(int x) { return f(x) + $i; }"
		i=$((i + 1))
	done
} | put viewer/long.c
put viewer/f.c <<'EOS'
int f(int x) { return x; }
EOS
check_case "a file of 801 lines: warned of, not refused" ""
if grep -q "structure: warning: viewer/long.c has 801 lines (over 800)" "$T/out"; then
	pass=$((pass + 1))
else
	fail=$((fail + 1))
	echo "check-structure: FAIL: a file of 801 lines: no warning; it said:"
	sed 's/^/    /' "$T/out" | head -4
fi
tree long-function
{
	echo "int f(int x)"
	echo "{"
	i=0
	while [ $i -lt 100 ]; do
		echo "	x += $i;"
		i=$((i + 1))
	done
	echo "	return x;"
	echo "}"
} | put viewer/f.c
check_case "a function of 104 lines" "viewer/f.c:2: f() has 104 lines (at most 100)"

# and the program's own tree passes
if [ ! -e "$B/viewer/core.o" ]; then
	fail=$((fail + 1))
	echo "check-structure: FAIL: $B/viewer/core.o missing (build first)"
elif sh tools/check-structure.sh "$B" >"$T/own" 2>&1; then pass=$((pass + 1)); else
	fail=$((fail + 1))
	echo "check-structure: FAIL: the program's own tree:"
	head -8 "$T/own" | sed 's/^/    /'
fi
echo "check-structure: $pass passed, $fail failed"
[ "$fail" -eq 0 ] && [ "$pass" -gt 0 ]
