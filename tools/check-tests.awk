# The shapes of a test that passes whatever the code does (issue 37), found
# in a shell script (or, with -v awkfile=1, an awk program file). Prints one
# "FILE:LINE: RULE: what" a finding; tools/check-tests.sh runs it on every
# suite and tests/check-tests.sh checks it on small good and bad inputs.
#
# awk-exit   an awk program with `exit` outside its END block (a rule,
#            BEGIN or a function) and an END block with its own `exit`: awk
#            runs END after the first, and END's status wins, so the first
#            exit's status is lost.
# or-true    `|| true` or `|| :` after a command: its failure is thrown
#            away. Allowed after `grep -c` (status 1 only says the count,
#            which it prints, is 0), and on a line carrying (or under a
#            line carrying) `lint: or-true-ok (why)`.
# glob-loop  `for V in .../*...` (a pattern: *, ? or [) whose body never
#            tests "$V" with [ -e / -f / -d / -s / -x / -r / -L ]: when
#            nothing matches, the loop runs once on the pattern itself, or
#            a suite that checks each file checks none. Allowed on a line
#            carrying (or under a line carrying) `lint: glob-ok (why)`.
#
# The awk programs of a shell script are its single-quoted strings (those
# with an END block and an exit); the scan knows double quotes, comments
# and here-documents well enough for this repository's scripts.
# Usage: awk -f tools/check-tests.awk [-v awkfile=1] FILE

function report(ln, rule, what) {
	printf "%s:%d: %s: %s\n", FILENAME, ln, rule, what
	found++
}

# awk_prog TEXT LINE: the awk-exit rule on one awk program
function awk_prog(p, ln,   q, s, d, c, i, body, rest) {
	# comments out (a # to the line's end, not inside a string or regex:
	# near enough here)
	gsub(/(^|\n)[ \t]*#[^\n]*/, "\n", p)
	# and strings emptied (their words and braces are not the program's)
	gsub(/"([^"\\\n]|\\.)*"/, "\"\"", p)
	# and regular expressions (a /.../ after ~ ( , ! & | or at a line's
	# start: not a division)
	q = ""
	p = "\n" p
	while (match(p, /[~(,!&|\n][ \t]*\/([^\/\\\n]|\\.)+\//)) {
		q = q substr(p, 1, RSTART) "//"
		p = substr(p, RSTART + RLENGTH)
	}
	p = q p
	if (!match(p, /(^|[^A-Za-z_0-9])END[ \t\n]*\{/))
		return
	s = RSTART + RLENGTH - 1 # the END block's {
	d = 0
	for (i = s; i <= length(p); i++) {
		c = substr(p, i, 1)
		if (c == "{") d++
		else if (c == "}" && --d == 0) break
	}
	body = substr(p, s, i - s + 1)
	rest = substr(p, 1, s - 1) " " substr(p, i + 1)
	if (body ~ /(^|[^A-Za-z_0-9])exit([^A-Za-z_0-9]|$)/ &&
	    rest ~ /(^|[^A-Za-z_0-9])exit([^A-Za-z_0-9]|$)/)
		report(ln, "awk-exit", "exit in a rule and in END: END's status wins")
}

{ line[NR] = $0 }

END {
	if (awkfile) {
		p = ""
		for (i = 1; i <= NR; i++) p = p line[i] "\n"
		awk_prog(p, 1)
		exit (found > 0)
	}
	# the scan: states 0 code, 1 '...', 2 "..."; a $( in code or "..." is
	# code again up to its ) (stk: the states to go back to, pd: the
	# parentheses open in each); comments and here-documents skipped;
	# code[] keeps each line's code, quoted text left out
	st = 0; hd = ""; sp = 0
	for (i = 1; i <= NR; i++) {
		l = line[i]
		if (hd != "") {
			t = l
			if (hdtab) sub(/^\t+/, "", t)
			if (t == hd) hd = ""
			code[i] = ""
			continue
		}
		out = ""
		for (k = 1; k <= length(l); k++) {
			c = substr(l, k, 1)
			if (st == 1) {
				if (c == "'") { st = 0; progs[np] = prog; out = out "Q" }
				else prog = prog c
				continue
			}
			if (c == "$" && substr(l, k + 1, 1) == "(") {
				stk[++sp] = st; pd[sp] = 0; st = 0
				out = out "$("; k++
				continue
			}
			if (st == 2) {
				if (c == "\\") { k++; continue }
				if (c == "\"") { st = 0; out = out "Q" }
				continue
			}
			if (c == "\\") { out = out substr(l, k, 2); k++; continue }
			if (c == "'") { st = 1; np++; prog = ""; progline[np] = i; continue }
			if (c == "\"") { st = 2; continue }
			if (c == "#" && (k == 1 || substr(l, k - 1, 1) ~ /[ \t;(]/)) break
			if (sp > 0 && c == "(") pd[sp]++
			if (sp > 0 && c == ")") {
				if (pd[sp] == 0) { out = out c; st = stk[sp--]; continue }
				pd[sp]--
			}
			if (c == "<" && substr(l, k, 2) == "<<" && substr(l, k, 3) != "<<<") {
				r = substr(l, k + 2)
				hdtab = r ~ /^-/
				sub(/^-/, "", r)
				if (match(r, /^[ \t]*['"]?[A-Za-z_][A-Za-z_0-9]*/)) {
					w = substr(r, RSTART, RLENGTH)
					gsub(/[ \t'"]/, "", w)
					hdnext = w
				}
			}
			out = out c
		}
		if (st == 1) prog = prog "\n"
		code[i] = out
		if (hdnext != "") { hd = hdnext; hdnext = "" }
	}
	for (j = 1; j <= np; j++)
		if (progs[j] ~ /END/ && progs[j] ~ /exit/) {
			ln = progline[j]
			if (line[ln] ~ /lint: awk-exit-ok/ || (ln > 1 && line[ln - 1] ~ /lint: awk-exit-ok/))
				continue
			awk_prog(progs[j], ln)
		}
	for (i = 1; i <= NR; i++) {
		l = code[i]
		allow_or = line[i] ~ /lint: or-true-ok/ || (i > 1 && line[i - 1] ~ /^[ \t]*#.*lint: or-true-ok/)
		allow_glob = line[i] ~ /lint: glob-ok/ || (i > 1 && line[i - 1] ~ /^[ \t]*#.*lint: glob-ok/)
		if (!allow_or && match(l, /\|\|[ \t]*(true|:)([ \t;)]|$)/)) {
			before = substr(l, 1, RSTART - 1)
			if (before !~ /grep[ \t]+(-[A-Za-z]*[ \t]+)*-[A-Za-z]*c/)
				report(i, "or-true", "a failure thrown away: " line[i])
		}
		if (!allow_glob && match(l, /^[ \t]*for[ \t]+[A-Za-z_][A-Za-z_0-9]*[ \t]+in[ \t]/)) {
			v = l; sub(/^[ \t]*for[ \t]+/, "", v); sub(/[ \t].*/, "", v)
			words = substr(l, RSTART + RLENGTH); sub(/;[ \t]*do.*$/, "", words)
			if (words !~ /[*?[]/)
				continue
			ind = l; sub(/[^ \t].*/, "", ind)
			guarded = 0
			for (j = i + 1; j <= NR; j++) {
				b = line[j]
				if (b ~ ("^" ind "done([ \t;|&>]|$)"))
					break
				if (b ~ ("(\\[|test)[ \t]+(![ \t]+)?-[efdsxrL][ \t]+\"?\\$\\{?" v "\\}?\"?([ \t]|$)"))
					guarded = 1
			}
			if (!guarded)
				report(i, "glob-loop", "no [ -e \"$" v "\" ] in the loop: " line[i])
		}
	}
	exit (found > 0)
}
