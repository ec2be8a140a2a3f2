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
# awk-v-escape  `awk ... -v NAME=VALUE` whose VALUE, as awk gets it,
#            holds a backslash escape other than \\ \" \a \b \f \n \r \t \v
#            or \ooo: awk reads escapes in a -v value, and gawk and mawk
#            differ on the others (gawk turns \. \; \/ \N into . ; / N,
#            mawk keeps the backslash), so the program sees other text
#            under each. Text that may hold a backslash goes through the
#            environment instead (NAME="$X" awk '... ENVIRON["NAME"] ...').
#            Only a literal backslash is seen: a -v value from a variable
#            ("$X") cannot be judged here.
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

# skip_exp S K: the index past the expansion ($NAME, ${...}, $(...)) at K
function skip_exp(s, k,   d, c) {
	c = substr(s, k + 1, 1)
	if (c == "{" || c == "(") {
		d = 0
		for (; k <= length(s); k++) {
			c = substr(s, k, 1)
			if (c == "{" || c == "(") d++
			else if ((c == "}" || c == ")") && --d == 0) return k + 1
		}
		return k
	}
	if (match(substr(s, k + 1), /^([A-Za-z_][A-Za-z_0-9]*|[0-9#?@*$!-])/))
		return k + 1 + RLENGTH
	return k + 1
}

# v_value S K: the shell word at K as awk gets it (expansions left out);
# sets vend, the index past the word
function v_value(s, k,   v, c, n) {
	v = ""; n = length(s)
	while (k <= n) {
		c = substr(s, k, 1)
		if (c ~ /[ \t|;&)<>]/) break
		if (c == "'") {
			k++
			while (k <= n && substr(s, k, 1) != "'") v = v substr(s, k++, 1)
			k++
		} else if (c == "\"") {
			k++
			while (k <= n && (c = substr(s, k, 1)) != "\"") {
				if (c == "\\") {
					if (substr(s, k + 1, 1) ~ /[$`"\\]/) v = v substr(s, k + 1, 1)
					else v = v substr(s, k, 2)
					k += 2
				} else if (c == "$") k = skip_exp(s, k)
				else { v = v c; k++ }
			}
			k++
		} else if (c == "\\") { v = v substr(s, k + 1, 1); k += 2 }
		else if (c == "$") k = skip_exp(s, k)
		else { v = v c; k++ }
	}
	vend = k
	return v
}

# v_escapes LN S ST: the awk-v-escape rule on the logical line S (lines
# joined at their trailing backslashes), which starts in scan state ST
function v_escapes(ln, s, st,   k, n, c, tok, inawk, stk, sp, pd, r, v, j) {
	n = length(s); tok = ""; inawk = 0; sp = 0
	for (k = 1; k <= n; ) {
		c = substr(s, k, 1)
		if (st == 1) { if (c == "'") st = 0; k++; tok = tok "Q"; continue }
		if (c == "$" && substr(s, k + 1, 1) == "(") {
			stk[++sp] = st; pd[sp] = 0; st = 0; tok = ""; inawk = 0; k += 2
			continue
		}
		if (st == 2) {
			if (c == "\\") k++
			else if (c == "\"") st = 0
			k++; tok = tok "Q"
			continue
		}
		if (c ~ /[ \t]/ || c ~ /[|;&()]/) {
			if (tok ~ /(^|\/)[gmn]?awk$/) inawk = 1
			if (c ~ /[|;&()]/) inawk = 0
			if (sp > 0 && c == "(") pd[sp]++
			if (sp > 0 && c == ")") { if (pd[sp] == 0) st = stk[sp--]; else pd[sp]-- }
			tok = ""; k++
			continue
		}
		if (c == "#" && tok == "") break
		if (c == "'") { st = 1; k++; continue }
		if (c == "\"") { st = 2; k++; continue }
		if (c == "\\") { tok = tok substr(s, k, 2); k += 2; continue }
		if (inawk && tok == "" && substr(s, k, 2) == "-v") {
			j = k + 2
			while (substr(s, j, 1) ~ /[ \t]/) j++
			v = v_value(s, j)
			if (match(v, /^[A-Za-z_][A-Za-z_0-9]*=/)) {
				r = substr(v, RLENGTH + 1)
				while (match(r, /\\/)) {
					if (substr(r, RSTART + 1, 1) !~ /[\\"abfnrtv0-7]/) {
						report(ln, "awk-v-escape", "a -v value with " substr(r, RSTART, 2) ", read differently by gawk and mawk: " substr(s, k, vend - k))
						break
					}
					r = substr(r, RSTART + 2)
				}
				k = vend
				continue
			}
		}
		tok = tok c; k++
	}
}

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
			inhd[i] = 1
			continue
		}
		st0[i] = st
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
		if (inhd[i]) continue
		s = line[i]; ln = i
		while (s ~ /\\$/ && i < NR && !inhd[i + 1]) s = substr(s, 1, length(s) - 1) line[++i]
		v_escapes(ln, s, st0[ln])
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
