# hectic push (issues 35, 44): sourced by bench.sh, whose helpers it uses
# (measure, $tmp/hectic, $runs, $failed, synth_log). push_bench LOG EVLOG:
# against each ClickHouse server of tests/ch-lib.sh in turn (Debian's
# clickhouse-server 18.16, then ClickHouse 26 from chDB's library; each on
# a free port of 127.0.0.1, its data in $tmp; HECTIC_BENCH_PUSH_CH picks
# them, "18 26" by default), each figure against its baseline in the same
# run:
#   - the derived tables of LOG (no --events), each run into a database
#     of its own, against hectic summary of LOG (target: at most 2x);
#   - --events of EVLOG, in events/s (target: at least 2 M), against the
#     server's own insert of the same rows (the events table of the run,
#     written out by the server as TSV) into a table of the same schema:
#     through clickhouse-client on 18.16; on 26, which chDB serves over
#     HTTP alone, POSTed to its HTTP interface by curl (the server's TSV
#     parser either way): the ratio, and where the time goes
#     (HECTIC_PUSH_STATS: the open and each table; hectic's CPU and the
#     server's, from /proc);
#   - the peak anonymous memory of each push against the promise (5% of
#     the file + 10 MB).

. "$here/../tests/ch-lib.sh"

# The server's CPU so far, in s (utime + stime of its process).
pb_server_cpu() {
	awk -v hz="$(getconf CLK_TCK)" '{ printf "%.2f\n", ($14 + $15) / hz }' "/proc/$CH_PID/stat"
}

pb_drop() { chq default "DROP DATABASE IF EXISTS $1" >/dev/null; }

push_bench() {
	for CH in ${HECTIC_BENCH_PUSH_CH:-18 26}; do
		CH_LAUNCHER=${HECTIC_CHDB_SERVER:-$tmp/chdb-server}
		push_bench_on "$1" "$2"
	done
}

# pb_client_insert FILE: the server's own insert of FILE's rows (TSV)
# into pbe.ev_client
pb_client_insert() {
	if [ "$CH" = 18 ]; then
		clickhouse-client --port "$(sed -n 's:.*<tcp_port>\(.*\)</tcp_port>.*:\1:p' "$CH_DIR/config.xml")" \
			--database pbe --query "INSERT INTO ev_client FORMAT TSV" <"$1"
	else
		curl -sS --fail -o /dev/null "$CH_URL/?database=pbe&query=INSERT%20INTO%20ev_client%20FORMAT%20TSV" \
			--data-binary @"$1"
	fi
}

push_bench_on() {
	pb_log=$1 pb_ev=$2
	rm -f "$tmp/push.fig"
	if [ "$CH" = 26 ] && [ ! -x "$CH_LAUNCHER" ] &&
		! ${CC:-cc} -std=c11 -D_DEFAULT_SOURCE -O2 -o "$CH_LAUNCHER" "$here/../tests/tools/chdb-server.c" -ldl; then
		echo "hectic push on ClickHouse 26: SKIPPED: tests/tools/chdb-server.c did not build"
		failed=1
		return
	fi
	if ! ch_start "$tmp/ch"; then
		echo "hectic push on ClickHouse $CH: SKIPPED: $CH_ERR"
		failed=1
		return
	fi
	echo "hectic push (issues 35, 44) on ClickHouse $CH_VERSION: $pb_log, --events on $pb_ev"
	pb_client=$([ "$CH" = 18 ] && echo "clickhouse-client INSERT" || echo "curl POST to the HTTP interface, INSERT")
	pb_bytes=$(wc -c <"$pb_log")
	# the derived tables, a fresh database each run
	pb_sum=$(measure pbsum "$tmp/hectic" summary "$pb_log")
	: >"$tmp/pbd.all"
	pb_i=0
	while [ "$pb_i" -lt "$runs" ]; do
		pb_i=$((pb_i + 1))
		pb_drop pbd
		"$tmp/runstat" -o "$tmp/pbd.out" -e "$tmp/pbd.err" -- "$tmp/hectic" push "$CH_URL/pbd" "$pb_log" >>"$tmp/pbd.all"
	done
	pb_push=$(awk 'NR == 1 || $1 < t { t = $1 } $3 > a { a = $3 } END { printf "%s 0 %d\n", t, a }' "$tmp/pbd.all")
	awk -v s="$pb_sum" -v p="$pb_push" -v b="$pb_bytes" 'BEGIN { split(s, S, " "); split(p, P, " ")
		ok = P[1] <= 2 * S[1]; mem = P[3] * 1024 <= b * 0.05 + 1e7
		printf "  derived tables: push %.3f s, hectic summary %.3f s: %.2fx (target <= 2x: %s); peak anon %.1f MB (budget %.1f MB: %s)\n",
			P[1], S[1], P[1] / S[1], ok ? "ok" : "MISSED", P[3] / 1024, (b * 0.05 + 1e7) / 1e6, mem ? "ok" : "MISSED"
		if (!ok || !mem) print "MISSED" >"/dev/stderr" }' 2>>"$tmp/push.fig"
	# --events: where the time goes, then the baseline
	pb_drop pbe
	pb_c0=$(pb_server_cpu)
	HECTIC_PUSH_STATS=1 "$tmp/runstat" -o "$tmp/pbe.out" -e "$tmp/pbe.err" -- "$tmp/hectic" push --events "$CH_URL/pbe" "$pb_ev" >"$tmp/pbe.stat"
	pb_c1=$(pb_server_cpu)
	pb_run=$(awk '{ for (i = 1; i <= NF; i++) if ($i == "run") { r = $(i + 1); sub(/:$/, "", r); print r } }' "$tmp/pbe.out")
	pb_n=$(chq pbe "SELECT count() FROM events WHERE run = '$pb_run'")
	chq pbe "SELECT * FROM events WHERE run = '$pb_run' FORMAT TSV" >"$tmp/pbe.tsv"
	chq pbe "CREATE TABLE ev_client AS events" >/dev/null
	pb_c2=$(pb_server_cpu)
	pb_t0=$(date +%s.%N)
	pb_client_insert "$tmp/pbe.tsv"
	pb_t1=$(date +%s.%N)
	pb_c3=$(pb_server_cpu)
	pb_cn=$(chq pbe "SELECT count() FROM ev_client")
	awk '/: events / { e = $(NF - 3) } /: runs / { r = $(NF - 3) } /: open / { o = $(NF - 3) }
		/: cpu / { c = $(NF - 1) } END { printf "%s %s %s %s\n", o, e, r, c }' "$tmp/pbe.err" >"$tmp/pbe.parts"
	read -r pb_open pb_evs pb_runs pb_cpu <"$tmp/pbe.parts"
	pb_stat=$(cat "$tmp/pbe.stat")
	awk -v w="$pb_stat" -v n="$pb_n" -v hc="$pb_cpu" -v cn="$pb_cn" -v e="$pb_evs" -v o="$pb_open" -v r="$pb_runs" \
		-v s0="$pb_c0" -v s1="$pb_c1" -v s2="$pb_c2" -v s3="$pb_c3" \
		-v c="$(echo "$pb_t1 - $pb_t0" | bc)" -v b="$(wc -c <"$pb_ev")" -v how="$pb_client" 'BEGIN {
		split(w, W, " ")
		rate = n / e; ok = rate >= 2e6; mem = W[3] * 1024 <= b * 0.05 + 1e7
		printf "  --events: %d events in %.3f s: %.2f M events/s (target >= 2 M/s: %s); open %.3f s, runs %.3f s; the whole push %.3f s (hectic'"'"'s CPU %.2f s)\n",
			n, e, rate / 1e6, ok ? "ok" : "MISSED", o, r, W[1], hc
		printf "  --events peak anon %.1f MB (budget %.1f MB: %s)\n", W[3] / 1024, (b * 0.05 + 1e7) / 1e6, mem ? "ok" : "MISSED"
		printf "  %s of the same rows from TSV: %.3f s (%d rows): push / client %.2fx\n",
			how, c, cn, e / c
		printf "  the server'"'"'s CPU: %.2f s during the push, %.2f s during the client'"'"'s insert\n",
			s1 - s0, s3 - s2
		if (!ok || !mem || cn != n) print "MISSED" >"/dev/stderr" }' 2>>"$tmp/push.fig"
	ch_stop
	rm -f "$tmp/pbe.tsv"
	rm -rf "$tmp/ch"
	if [ -s "$tmp/push.fig" ]; then
		echo "  MISSED: a target above"
		failed=1
	fi
}
