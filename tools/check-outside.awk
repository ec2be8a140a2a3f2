# The lint of paths outside the tree (issue 42), on one file of the build
# or the tests (tools/check-outside.sh names them): a user's clone has
# nothing beside it, so no test, script or build step may read a path above
# the repository. Findings, each as FILE:LINE: RULE: the text:
#   shared    a path into ../shared (the steering repo's tools and specs,
#             beside the developers' checkouts, never beside a user's)
#   absolute  an absolute path into a developer's machine (/work/,
#             /root/, $HOME/shared)
#   climb     a path from the file's own folder ($(dirname "$0"), $here,
#             #include "...") that climbs above the top of the tree: more
#             ../ than the file is deep (var depth: its folder's depth)
#   cd-up     a bare `cd ..` or `$(cd .. && pwd)`: where it lands depends
#             on where the script was, and from the top it leaves the tree
# A line that means it (a test's own temporary folder) says so at its end:
#   # lint: above-ok (why)
# Exit status 1 when there is a finding.
function finding(rule, what) {
	printf "%s:%d: %s: %s\n", FILENAME, FNR, rule, what
	bad = 1
}
# the number of ../ steps of a path written after a folder's name, with
# the steps the path takes down again (a/../..: one up) counted against
function climbs(p,    n, i, k, parts, up, down) {
	n = split(p, parts, "/")
	up = 0; down = 0
	for (i = 1; i <= n; i++) {
		if (parts[i] == "..") {
			if (down > 0) down--; else up++
		} else if (parts[i] != "" && parts[i] != ".") {
			down++
		}
	}
	return up
}
/# lint: above-ok \(/ { next }
{
	line = $0
	if (line ~ /\.\.\/shared([\/"' ]|$)|[^a-z_]shared\/(tools|spec)\//)
		finding("shared", "reads ../shared, which a user's clone does not have")
	if (line ~ /(^|[^A-Za-z0-9_.\/])\/(work|root)\// || line ~ /\$(\{)?HOME(\})?\/shared/)
		finding("absolute", "an absolute path into a developer's machine")
	if (line ~ /(^|[;&(|` \t])cd[ \t]+\.\.[ \t]*($|[;&)|])/ || line ~ /\(cd[ \t]+\.\.[ \t]*&&/)
		finding("cd-up", "a bare cd .. (name the folder from the script's own: $(dirname \"$0\")/..)")
	rest = line
	while (match(rest, /(dirname[^)]*\)|\$here|\$\{here\}|#include[ \t]+")(\/?\.\.(\/\.\.)*(\/[A-Za-z0-9_.-]+)*)/)) {
		m = substr(rest, RSTART, RLENGTH)
		rest = substr(rest, RSTART + RLENGTH)
		sub(/^(dirname[^)]*\)|\$here|\$\{here\}|#include[ \t]+")/, "", m)
		if (climbs(m) > depth)
			finding("climb", "a path from this file's folder climbs above the tree: " m)
	}
}
END { exit bad }
