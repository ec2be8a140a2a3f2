# An eventlog decoded from its bytes, by the format GHC writes
# (rts/eventlog/EventLog.c, rts/include/rts/EventLogFormat.h), never by
# hectic's parser: its header's event types, then every event, in file
# order. Used by tests/sql.sh to check the events, event_counts and markers
# tables column by column.
#
#   od -An -v -tu1 FILE.eventlog | LC_ALL=C awk -f tests/eventlog.awk
#
# The format: "hdrb" "hetb", then per event type "etb\0", its id (u16),
# its size (i16, -1: variable), its description (u32 length, bytes), its
# extra info (u32 length, bytes) and "ete\0"; then "hete" "hdre" "datb" and
# the events: a type (u16), a time (u64, ns), then the payload: `size`
# bytes, or for a variable size a u16 length and that many bytes. A type
# 0xffff ends the data; a log cut short ends at its last whole event. All
# big-endian. An IPE entry's length is not read but its content (GHC 9.6
# and 9.10 write a length one more than it: the file's "src_file:span" is
# sized as two strings), as ghc-events reads it: 8 bytes (the info table)
# and 6 NUL-terminated strings. A block marker (the type described "Block marker") has a
# payload of its block's size in bytes from the marker's own first byte
# (u32), the block's end time (u64) and its capability (u16); the events
# inside a block are that capability's (0xffff: none), the marker too;
# events outside every block have none.
#
# Prints, tab-separated, one line per event:
#   E  OFFSET  TIME  CAP  THREAD  TYPE  NAME
# CAP and THREAD empty for none. THREAD: the first field (u32) of the
# scheduler events that name a thread (Create thread, Run thread, Stop
# thread, Thread runnable, Migrate thread, Wakeup thread, Thread label),
# empty when 0 or for any other event. NAME: the type's description.
# And one line per user message, user marker, log message or binary
# message:
#   M  TIME  CAP  KIND  TEXT
# KIND: message, marker, log or binary; TEXT: the payload's bytes, with
# \ tab newline and carriage return written \\ \t \n \r (a TSV cell), a
# binary message's as "(N bytes)".
# And one line per IPE entry:
#   I  ADDRESS  TABLE  CLOSURE  TYPE  LABEL  MODULE  SRC  CLOSURE_NAME
# ADDRESS in lower-case hex without 0x; CLOSURE the closure type's number
# as GHC writes it (a decimal string); SRC "file:span" (":" when none);
# CLOSURE_NAME its name in GHC's ClosureTypes.h (empty: not a number).
# Exits 1 when the header is not one.
function u(p, n,   v, i) {
	v = 0
	for (i = 0; i < n; i++) v = v * 256 + b[p + i]
	return v
}
function tag(p,   s, i) {
	s = ""
	for (i = 0; i < 4; i++) s = s sprintf("%02x", b[p + i])
	return s
}
function str(p, n,   s, i, c) {
	s = ""
	for (i = 0; i < n; i++) {
		c = b[p + i]
		if (c == 92) s = s "\\\\"
		else if (c == 9) s = s "\\t"
		else if (c == 10) s = s "\\n"
		else if (c == 13) s = s "\\r"
		else s = s chr[c]
	}
	return s
}
BEGIN {
	for (i = 1; i < 256; i++) chr[i] = sprintf("%c", i)
	chr[0] = ""
	thr["Create thread"] = 1; thr["Run thread"] = 1; thr["Stop thread"] = 1
	thr["Thread runnable"] = 1; thr["Migrate thread"] = 1
	thr["Wakeup thread"] = 1; thr["Thread label"] = 1
	kind["User message"] = "message"; kind["User marker"] = "marker"
	kind["Log message"] = "log"; kind["User binary message"] = "binary"
	# GHC's closure types, by number (rts/include/rts/storage/
	# ClosureTypes.h, GHC 9.6 and 9.10; the IPE's closure_desc)
	split("INVALID_OBJECT CONSTR CONSTR_1_0 CONSTR_0_1 CONSTR_2_0 CONSTR_1_1 CONSTR_0_2 " \
		"CONSTR_NOCAF FUN FUN_1_0 FUN_0_1 FUN_2_0 FUN_1_1 FUN_0_2 FUN_STATIC THUNK " \
		"THUNK_1_0 THUNK_0_1 THUNK_2_0 THUNK_1_1 THUNK_0_2 THUNK_STATIC THUNK_SELECTOR " \
		"BCO AP PAP AP_STACK IND IND_STATIC RET_BCO RET_SMALL RET_BIG RET_FUN " \
		"UPDATE_FRAME CATCH_FRAME UNDERFLOW_FRAME STOP_FRAME BLOCKING_QUEUE BLACKHOLE " \
		"MVAR_CLEAN MVAR_DIRTY TVAR ARR_WORDS MUT_ARR_PTRS_CLEAN MUT_ARR_PTRS_DIRTY " \
		"MUT_ARR_PTRS_FROZEN_DIRTY MUT_ARR_PTRS_FROZEN_CLEAN MUT_VAR_CLEAN MUT_VAR_DIRTY " \
		"WEAK PRIM MUT_PRIM TSO STACK TREC_CHUNK ATOMICALLY_FRAME CATCH_RETRY_FRAME " \
		"CATCH_STM_FRAME WHITEHOLE SMALL_MUT_ARR_PTRS_CLEAN SMALL_MUT_ARR_PTRS_DIRTY " \
		"SMALL_MUT_ARR_PTRS_FROZEN_DIRTY SMALL_MUT_ARR_PTRS_FROZEN_CLEAN COMPACT_NFDATA " \
		"CONTINUATION", ctype, " ")
	n = 0
}
{ for (i = 1; i <= NF; i++) b[n++] = $i + 0 }
END {
	if (tag(0) != "68647262" || tag(4) != "68657462") { print "not an eventlog header" >"/dev/stderr"; exit 1 }
	p = 8
	while (p + 4 <= n && tag(p) == "65746200") {
		id = u(p + 4, 2); sz = u(p + 6, 2)
		size[id] = sz == 65535 ? -1 : sz
		dl = u(p + 8, 4)
		desc[id] = str(p + 12, dl)
		p += 12 + dl
		p += 4 + u(p, 4)
		if (tag(p) != "65746500") { print "bad event type " id >"/dev/stderr"; exit 1 }
		p += 4
	}
	if (tag(p) != "68657465" || tag(p + 4) != "68647265" || tag(p + 8) != "64617462") {
		print "no data section" >"/dev/stderr"; exit 1
	}
	p += 12
	bend = -1
	while (p + 10 <= n) {
		t = u(p, 2)
		if (t == 65535) break
		if (!(t in size)) { print "undeclared type " t " at " p >"/dev/stderr"; exit 1 }
		q = p + 10
		len = size[t]
		if (len < 0) {
			if (q + 2 > n) break
			len = u(q, 2); q += 2
		}
		if (desc[t] == "An IPE entry") {
			# its content: 8 bytes, then 6 NUL-terminated strings
			e = q + 8
			for (k = 0; k < 6 && e < n; k++) { while (e < n && b[e] != 0) e++; e++ }
			if (k < 6 || e > n) break
			len = e - q
		}
		if (q + len > n) break
		time = u(p + 2, 8)
		if (desc[t] == "Block marker") {
			bstart = p; bend = p + u(q, 4); bcap = u(q + 12, 2)
		}
		cap = (p >= bstart && p < bend && bcap != 65535) ? bcap : ""
		th = ""
		if ((desc[t] in thr) && len >= 4 && u(q, 4) != 0) th = u(q, 4)
		printf "E\t%d\t%.0f\t%s\t%s\t%d\t%s\n", p, time, cap, th, t, desc[t]
		if (desc[t] == "An IPE entry") {
			# its address, then each string (the 6 read above)
			o = sprintf("I\t%x", u(q, 8)); e = q + 8
			for (k = 0; k < 6; k++) {
				f = e; while (b[e] != 0) e++
				o = o "\t" str(f, e - f); e++
				if (k == 1) cl = str(f, e - 1 - f)
			}
			print o "\t" (cl ~ /^[0-9]+$/ && (cl + 1) in ctype ? ctype[cl + 1] : "")
		}
		if (desc[t] in kind) {
			k = kind[desc[t]]
			printf "M\t%.0f\t%s\t%s\t%s\n", time, cap, k, k == "binary" ? "(" len " bytes)" : str(q, len)
		}
		p = q + len
	}
}
