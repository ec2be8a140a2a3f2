# The man page's list of hectic sql's tables, in mdoc, from the output of
# `hectic sql --schema` (the registry, model/table.h): tests/sql.sh checks
# that man/hectic.1 holds exactly this text. To write it again:
#   build/hectic sql --schema | awk -f tools/sql-man.awk
/^[a-z_]+: / {
	if (ntables++)
		print ".El"
	name = $0
	sub(/:.*/, "", name)
	doc = $0
	sub(/^[a-z_]+: /, "", doc)
	print ".It Sy " name
	print doc
	print ".Bl -tag -width Ds -compact"
	next
}
/^  [a-z_]+ / {
	col = $1
	type = $2
	unit = $3
	doc = $0
	sub(/^  [^ ]+ +[^ ]+ +[^ ]+  +/, "", doc)
	print ".It Sy " col " Pq " type (unit == "-" ? "" : ", " unit)
	print doc
}
END {
	if (ntables)
		print ".El"
}
