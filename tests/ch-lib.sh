# A real ClickHouse server for the hectic push suites (issues 35, 44),
# sourced. HECTIC_CH picks which:
#   18 (the default)  the distribution's clickhouse-server (18.16 on
#                     Debian; tools/deps.sh installs it)
#   26                ClickHouse 26.7 from chDB's library: libchdb.so (the
#                     npm package pinned in tests/chdb, installed once
#                     outside the repository by tools/chdb-install.sh,
#                     which this runs: the first run needs the npm
#                     registry) served over HTTP by the suites' own
#                     $(dirname $H)/tests/chdb-server (tests/tools/
#                     chdb-server.c, built by make unit-build)
# Either on a free port of 127.0.0.1, with its data, logs and configuration
# in a temporary directory, stopped at the end. No mock.
#
#   ch_start DIR [DATA]  writes DIR/config.xml and DIR/users.xml and starts
#                        the server (data in DATA, default DIR/data; the
#                        command CH_WRAP first when it is set, which runs
#                        the rest of its arguments: push-fail.sh's mount
#                        namespace); sets
#                        CH_PORT, CH_URL (http://127.0.0.1:PORT), CH_PID
#                        and CH_VERSION (its version()). False, having
#                        said why in CH_ERR, when it did not answer within
#                        60 s, or answered as another version than
#                        HECTIC_CH's (or, for 26, chDB's
#                        library or the launcher is missing: CH_ERR names
#                        the command that installs or builds it)
#   ch_stop              stops it (TERM, then KILL after 10 s)
#   ch_kill              kills it at once (KILL): a server that dies; false
#                        (CH_ERR) when its port still answers 5 s later
#   chq DB SQL           SQL's answer (TSV) from database DB; false when
#                        the server refused it
#   ch_says WHAT         the words (a grep -E pattern) in which the running
#                        version gives an error: password (a wrong one),
#                        disk (no room for a part): a check that reads a
#                        server's error text accepts its version's, and
#                        nothing else
#   ch_suite_start       (a suite sourcing tests/sql-lib.sh, SUITE set) the
#                        server started in $T/ch, stopped at the exit; or
#                        the suite ends failed, saying why
#   ch_big_log           a 60 MB synthetic log (bench/gen.c) into L, the
#                        tables of hectic sql into $T/tables and their rows
#                        in it (hectic sql's count(*)) into $T/want; or the
#                        suite ends failed
#
# Users: default (no password) and pushy (password s3cret), both from
# 127.0.0.1 alone. On 26 their profile sets mutations_sync and async_insert
# back to 0, a server's defaults, which chDB's build changes to 1; and a
# third user there, asyncy (no password), has a profile that turns
# async_insert on without waiting (wait_for_async_insert=0), its buffer
# flushed only after 5 s: an INSERT returns before its rows exist.

CH=${HECTIC_CH:-18}
case $CH in
18) ;;
26)
	# (beside a suite's hectic; HECTIC_CHDB_SERVER names it elsewhere)
	CH_LAUNCHER=${HECTIC_CHDB_SERVER:-$(dirname "${H:-build/hectic}")/tests/chdb-server}
	;;
*)
	echo "tests/ch-lib.sh: HECTIC_CH=$CH: 18 (Debian's clickhouse-server) or 26 (chDB's library)" >&2
	exit 2
	;;
esac
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

ch_config26() { # DIR: the launcher's config.xml (a log, the users)
	cat >"$1/config.xml" <<EOF
<?xml version="1.0"?>
<clickhouse>
    <logger><level>warning</level><log>$1/server.log</log><errorlog>$1/server.err.log</errorlog><console>0</console></logger>
    <user_directories><users_xml><path>$1/users.xml</path></users_xml></user_directories>
    <query_log><database>system</database><table>query_log</table><flush_interval_milliseconds>500</flush_interval_milliseconds></query_log>
</clickhouse>
EOF
	cat >"$1/users.xml" <<'EOF'
<?xml version="1.0"?>
<clickhouse>
    <profiles><default><max_memory_usage>2000000000</max_memory_usage><mutations_sync>0</mutations_sync><async_insert>0</async_insert></default>
        <async><max_memory_usage>2000000000</max_memory_usage><mutations_sync>0</mutations_sync><async_insert>1</async_insert><wait_for_async_insert>0</wait_for_async_insert><async_insert_use_adaptive_busy_timeout>0</async_insert_use_adaptive_busy_timeout><async_insert_busy_timeout_ms>5000</async_insert_busy_timeout_ms><async_insert_busy_timeout_max_ms>5000</async_insert_busy_timeout_max_ms><async_insert_max_data_size>1000000000</async_insert_max_data_size></async></profiles>
    <users>
        <asyncy><password></password><networks><ip>127.0.0.1</ip></networks><profile>async</profile><quota>default</quota></asyncy>
        <default><password></password><networks><ip>127.0.0.1</ip></networks><profile>default</profile><quota>default</quota></default>
        <pushy><password>s3cret</password><networks><ip>127.0.0.1</ip></networks><profile>default</profile><quota>default</quota></pushy>
    </users>
    <quotas><default><interval><duration>3600</duration><queries>0</queries><errors>0</errors><result_rows>0</result_rows><read_rows>0</read_rows><execution_time>0</execution_time></interval></default></quotas>
</clickhouse>
EOF
}

# ch_have: the server's program is there (for 26: chDB's library, installed
# now if it is not, in CHDB_LIB, and the launcher); else false, CH_ERR set
ch_have() {
	if [ "$CH" = 18 ]; then
		[ -x "$CH_SERVER" ] && return 0
		CH_ERR="clickhouse-server not found: apt-get install clickhouse-server clickhouse-client (tools/deps.sh)"
		return 1
	fi
	if [ -z "${CHDB_LIB:-}" ] && ! CHDB_LIB=$(sh tools/chdb-install.sh 2>"$CH_DIR/chdb-install.err"); then
		# (chdb-install.sh's own last words name the command that installs it)
		CH_ERR="ClickHouse 26 (chDB's library) is not installed: $(grep -m1 '^npm error' "$CH_DIR/chdb-install.err" | tr '\n' ' ')$(tail -1 "$CH_DIR/chdb-install.err")"
		CHDB_LIB=
		return 1
	fi
	[ -x "$CH_LAUNCHER" ] && return 0
	CH_ERR="$CH_LAUNCHER not built: make unit-build (or make $CH_LAUNCHER)"
	return 1
}

ch_start() {
	CH_DIR=$1
	_data=${2:-$1/data}
	CH_ERR=
	mkdir -p "$CH_DIR" "$_data"
	ch_have || return 1
	_try=0
	while [ $_try -lt 5 ]; do
		CH_PORT=$(ch_free_port $_try)
		_tcp=$(ch_free_port $((_try + 50)))
		[ "$_tcp" = "$CH_PORT" ] && _tcp=$((CH_PORT + 1))
		if [ "$CH" = 18 ]; then
			ch_config "$CH_DIR" "$_data" "$CH_PORT" "$_tcp"
			${CH_WRAP:+"$CH_WRAP"} "$CH_SERVER" --config-file="$CH_DIR/config.xml" >"$CH_DIR/stdout" 2>&1 &
		else
			ch_config26 "$CH_DIR"
			${CH_WRAP:+"$CH_WRAP"} "$CH_LAUNCHER" "$CHDB_LIB" --path="$_data/" --http_port="$CH_PORT" \
				--listen_host=127.0.0.1 --config-file="$CH_DIR/config.xml" --multiquery >"$CH_DIR/stdout" 2>&1 &
		fi
		CH_PID=$!
		CH_URL=http://127.0.0.1:$CH_PORT
		_i=0
		while [ $_i -lt 300 ]; do
			if [ "$(curl -s --max-time 2 "$CH_URL/ping" 2>/dev/null)" = "Ok." ]; then
				ch_version && return 0
				ch_stop
				return 1
			fi
			kill -0 "$CH_PID" 2>/dev/null || break
			sleep 0.2
			_i=$((_i + 1))
		done
		kill -KILL "$CH_PID" 2>/dev/null
		wait "$CH_PID" 2>/dev/null
		_try=$((_try + 1))
	done
	CH_ERR="ClickHouse $CH ($(ch_what)) did not answer on 127.0.0.1: $(tail -3 "$CH_DIR/server.err.log" "$CH_DIR/stdout" 2>/dev/null | tr '\n' ' ')"
	return 1
}

# ch_version: the server that answers is the version HECTIC_CH asked for
# (its words are the ones ch_says gives); CH_VERSION its version()
ch_version() {
	CH_VERSION=$(chq default "SELECT version()")
	case $CH_VERSION in
	"$CH".*) return 0 ;;
	esac
	CH_ERR="HECTIC_CH=$CH asked for ClickHouse $CH, and $(ch_what) answers version() with: $CH_VERSION"
	return 1
}

# (a kill of a server that has ended, and wait's status, the signal's, are
# no failure: a caller under set -e, bench/push.sh, goes on)
ch_stop() {
	[ -n "${CH_PID:-}" ] || return 0
	kill -TERM "$CH_PID" 2>/dev/null || _w=$?
	_i=0
	while kill -0 "$CH_PID" 2>/dev/null && [ $_i -lt 100 ]; do
		sleep 0.1
		_i=$((_i + 1))
	done
	kill -KILL "$CH_PID" 2>/dev/null || _w=$?
	wait "$CH_PID" 2>/dev/null || _w=$?
	CH_PID=
}

ch_kill() {
	kill -KILL "$CH_PID" 2>/dev/null || _w=$?
	wait "$CH_PID" 2>/dev/null || _w=$?
	CH_PID=
	_i=0
	while [ "$(curl -s -o /dev/null -w '%{http_code}' --max-time 1 "$CH_URL/ping" 2>/dev/null)" != 000 ]; do
		_i=$((_i + 1))
		if [ $_i -ge 50 ]; then
			CH_ERR="killed, yet $CH_URL still answers"
			return 1
		fi
		sleep 0.1
	done
}

ch_what() { # what serves: for messages
	if [ "$CH" = 18 ]; then echo "$CH_SERVER"; else echo "$CH_LAUNCHER on chDB's library"; fi
}

# The words each version's error has (each seen in that version's answer:
# the whole error in the comment). Anything else fails the check.
ch_says() {
	case $CH:$1 in
	# (HTTP 401): Wrong password for user pushy
	18:password) echo 'Wrong password for user pushy' ;;
	# (HTTP 403): pushy: Authentication failed: password is
	# incorrect, or there is no user with such name. (AUTHENTICATION_FAILED)
	26:password) echo 'pushy: Authentication failed: password is incorrect.*\(AUTHENTICATION_FAILED\)' ;;
	# ... (HTTP 500): Cannot write to file .../time.bin, errno: 28,
	# strerror: No space left on device
	18:disk) echo 'No space left on device' ;;
	# ... (HTTP 500): Cannot reserve 163.34 MiB, not enough space.
	# (NOT_ENOUGH_SPACE)
	26:disk) echo 'Cannot reserve [0-9.]+ [KMGTP]?i?B, not enough space\. \(NOT_ENOUGH_SPACE\)' ;;
	*)
		echo "tests/ch-lib.sh: ch_says $1: no words for it on ClickHouse $CH" >&2
		echo 'ch_says: no words for this'
		;;
	esac
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
