# A real ClickHouse server for the hectic push suites (issue 35), sourced:
# the distribution's clickhouse-server (tools/deps.sh installs it), on a
# free port of 127.0.0.1, with its data, logs and configuration in a
# temporary directory, stopped at the end. No mock.
#
#   ch_start DIR [DATA]  writes DIR/config.xml and DIR/users.xml and starts
#                        the server (data in DATA, default DIR/data); sets
#                        CH_PORT, CH_URL (http://127.0.0.1:PORT) and
#                        CH_PID. False, having said why in CH_ERR, when it
#                        did not answer within 60 s.
#   ch_stop              stops it (TERM, then KILL after 10 s)
#   ch_kill              kills it at once (KILL): a server that dies
#   chq DB SQL           SQL's answer (TSV) from database DB; false when
#                        the server refused it
#   ch_suite_start       (a suite sourcing tests/sql-lib.sh, SUITE set) the
#                        server started in $T/ch, stopped at the exit; or
#                        the suite ends failed, saying why
#   ch_big_log           a 60 MB synthetic log (bench/gen.c) into L, the
#                        tables of hectic sql into $T/tables and their rows
#                        in it (hectic sql's count(*)) into $T/want; or the
#                        suite ends failed
#
# Users: default (no password) and pushy (password s3cret), both from
# 127.0.0.1 alone.

CH_SERVER=$(command -v clickhouse-server 2>/dev/null || echo /usr/sbin/clickhouse-server)

# A port nothing listens on (curl cannot connect), from the shell's PID.
ch_free_port() {
	_p=$((20000 + ($$ * 7 + ${1:-0} * 131) % 30000))
	while [ "$(curl -s -o /dev/null -w '%{http_code}' --max-time 1 "http://127.0.0.1:$_p/" 2>/dev/null)" != 000 ]; do
		_p=$((_p + 1))
	done
	echo "$_p"
}

ch_config() { # DIR DATA HTTP TCP
	cat >"$1/config.xml" <<EOF
<?xml version="1.0"?>
<yandex>
    <logger><level>warning</level><log>$1/server.log</log><errorlog>$1/server.err.log</errorlog><console>0</console></logger>
    <http_port>$3</http_port>
    <tcp_port>$4</tcp_port>
    <listen_host>127.0.0.1</listen_host>
    <max_connections>64</max_connections>
    <keep_alive_timeout>3</keep_alive_timeout>
    <max_concurrent_queries>32</max_concurrent_queries>
    <uncompressed_cache_size>67108864</uncompressed_cache_size>
    <mark_cache_size>67108864</mark_cache_size>
    <path>$2/</path>
    <tmp_path>$2/tmp/</tmp_path>
    <user_files_path>$1/user_files/</user_files_path>
    <format_schema_path>$1/format_schemas/</format_schema_path>
    <users_config>users.xml</users_config>
    <default_profile>default</default_profile>
    <default_database>default</default_database>
    <mlock_executable>false</mlock_executable>
</yandex>
EOF
	cat >"$1/users.xml" <<'EOF'
<?xml version="1.0"?>
<yandex>
    <profiles><default><max_memory_usage>2000000000</max_memory_usage></default></profiles>
    <users>
        <default><password></password><networks><ip>127.0.0.1</ip></networks><profile>default</profile><quota>default</quota></default>
        <pushy><password>s3cret</password><networks><ip>127.0.0.1</ip></networks><profile>default</profile><quota>default</quota></pushy>
    </users>
    <quotas><default><interval><duration>3600</duration><queries>0</queries><errors>0</errors><result_rows>0</result_rows><read_rows>0</read_rows><execution_time>0</execution_time></interval></default></quotas>
</yandex>
EOF
}

ch_start() {
	CH_DIR=$1
	_data=${2:-$1/data}
	CH_ERR=
	if [ ! -x "$CH_SERVER" ]; then
		CH_ERR="clickhouse-server not found: apt-get install clickhouse-server clickhouse-client (tools/deps.sh)"
		return 1
	fi
	mkdir -p "$CH_DIR" "$_data"
	_try=0
	while [ $_try -lt 5 ]; do
		CH_PORT=$(ch_free_port $_try)
		_tcp=$(ch_free_port $((_try + 50)))
		[ "$_tcp" = "$CH_PORT" ] && _tcp=$((CH_PORT + 1))
		ch_config "$CH_DIR" "$_data" "$CH_PORT" "$_tcp"
		"$CH_SERVER" --config-file="$CH_DIR/config.xml" >"$CH_DIR/stdout" 2>&1 &
		CH_PID=$!
		CH_URL=http://127.0.0.1:$CH_PORT
		_i=0
		while [ $_i -lt 300 ]; do
			if [ "$(curl -s --max-time 2 "$CH_URL/ping" 2>/dev/null)" = "Ok." ]; then
				return 0
			fi
			kill -0 "$CH_PID" 2>/dev/null || break
			sleep 0.2
			_i=$((_i + 1))
		done
		kill -KILL "$CH_PID" 2>/dev/null
		wait "$CH_PID" 2>/dev/null
		_try=$((_try + 1))
	done
	CH_ERR="clickhouse-server did not answer on 127.0.0.1: $(tail -3 "$CH_DIR/server.err.log" "$CH_DIR/stdout" 2>/dev/null | tr '\n' ' ')"
	return 1
}

ch_stop() {
	[ -n "${CH_PID:-}" ] || return 0
	kill -TERM "$CH_PID" 2>/dev/null
	_i=0
	while kill -0 "$CH_PID" 2>/dev/null && [ $_i -lt 100 ]; do
		sleep 0.1
		_i=$((_i + 1))
	done
	kill -KILL "$CH_PID" 2>/dev/null
	wait "$CH_PID" 2>/dev/null
	CH_PID=
}

ch_kill() {
	kill -KILL "$CH_PID" 2>/dev/null
	wait "$CH_PID" 2>/dev/null
	CH_PID=
}

chq() {
	_out=$(curl -sS -w '\n%{http_code}' "$CH_URL/?database=$1" --data-binary "$2" 2>&1)
	_code=${_out##*
}
	printf '%s\n' "${_out%
*}" | sed '${/^$/d}'
	[ "$_code" = 200 ]
}

ch_suite_end() { # MSG: the suite fails, saying MSG
	bad "$1"
	echo "$SUITE: $pass passed, $fail failed"
	exit 1
}

ch_suite_start() {
	ch_start "$T/ch" || ch_suite_end "$CH_ERR"
	trap 'ch_stop; [ -n "${TINY:-}" ] && umount "$TINY" 2>/dev/null; rm -rf "$T"' EXIT
}

ch_big_log() {
	L=$T/big.eventlog
	{ ${CC:-cc} -std=c11 -O2 -o "$T/gen" bench/gen.c && "$T/gen" 60000000 "$L" >/dev/null; } ||
		ch_suite_end "bench/gen.c could not make the log"
	"$H" sql --schema | awk '/^[a-z_]+: / { sub(/:.*/, ""); print }' >"$T/tables"
	while read -r _t; do
		printf '%s %s\n' "$_t" "$("$H" sql --tsv "$L" "SELECT count(*) FROM $_t" 2>/dev/null | awk 'NR == 2')"
	done <"$T/tables" >"$T/want"
}
