/* parser: bytes -> events.
 *
 * Owns the eventlog header (event-type table and the per-tag choice of
 * decoder) and the zero-copy decoding of one event at a byte offset. Strings
 * in a decoded event point into the caller's buffer; they stay valid as long
 * as that buffer does. Knows nothing of files, indexes or terminals.
 *
 * The semantics follow ghc-events 0.21 (development head), as written down in
 * the project's copy of ghc-events-format.md (the steering notes); section
 * numbers below refer to it. */
#ifndef HECTIC_EVENT_H
#define HECTIC_EVENT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "be.h"

#define EV_HEADER_BEGIN 0x68647262u /* hdrb */
#define EV_HET_BEGIN 0x68657462u    /* hetb */
#define EV_ET_BEGIN 0x65746200u     /* etb\0 */
#define EV_ET_END 0x65746500u       /* ete\0 */
#define EV_HET_END 0x68657465u      /* hete */
#define EV_HEADER_END 0x68647265u   /* hdre */
#define EV_DATA_BEGIN 0x64617462u   /* datb */
#define EV_DATA_END 0xFFFFu

#define EV_SIZE_VAR 0xFFFFu /* declared size meaning "variable" */
#define EV_NO_CAP (-1)

enum {
	EV_CREATE_THREAD = 0,
	EV_RUN_THREAD = 1,
	EV_STOP_THREAD = 2,
	EV_THREAD_RUNNABLE = 3,
	EV_MIGRATE_THREAD = 4,
	EV_THREAD_WAKEUP = 8,
	EV_GC_START = 9,
	EV_GC_END = 10,
	EV_LOG_MSG = 16,
	EV_STARTUP = 17,
	EV_BLOCK_MARKER = 18,
	EV_USER_MSG = 19,
	EV_CAPSET_CREATE = 25,
	EV_RTS_IDENTIFIER = 29,
	EV_PROGRAM_ARGS = 30,
	EV_PROGRAM_ENV = 31,
	EV_SPARK_COUNTERS = 34,
	EV_THREAD_LABEL = 44,
	EV_HEAP_ALLOCATED = 49,
	EV_HEAP_SIZE = 50,
	EV_HEAP_LIVE = 51,
	EV_HEAP_INFO_GHC = 52,
	EV_GC_STATS_GHC = 53,
	EV_GC_GLOBAL_SYNC = 54,
	EV_USER_MARKER = 58,
	EV_SEND_MESSAGE = 67,
	EV_RECEIVE_MESSAGE = 68,
	EV_SEND_RECEIVE_LOCAL_MESSAGE = 69,
	EV_MEM_RETURN = 90,
	EV_BLOCKS_SIZE = 91,
	EV_PERF_COUNTER = 141,
	EV_HEAP_PROF_BEGIN = 160,
	EV_HEAP_PROF_COST_CENTRE = 161,
	EV_HEAP_PROF_SAMPLE_BEGIN = 162,
	EV_HEAP_PROF_SAMPLE_COST_CENTRE = 163,
	EV_HEAP_PROF_SAMPLE_STRING = 164,
	EV_HEAP_PROF_SAMPLE_END = 165,
	EV_PROF_SAMPLE_COST_CENTRE = 167,
	EV_IPE = 169,
	EV_USER_BINARY_MSG = 181,
	EV_CONC_MARK_BEGIN = 200,
	EV_CONC_MARK_END = 201,
	EV_CONC_SYNC_BEGIN = 202,
	EV_CONC_SYNC_END = 203,
	EV_NONMOVING_HEAP_CENSUS = 207,
	EV_TICKY_COUNTER_DEF = 210,
};

/* STOP_THREAD statuses (B.10, as the HEAD decoder maps them). */
enum ev_stop_status {
	EV_STOP_NONE = 0,
	EV_STOP_HEAP_OVERFLOW = 1,
	EV_STOP_STACK_OVERFLOW = 2,
	EV_STOP_YIELDING = 3,
	EV_STOP_FINISHED = 5,
	EV_STOP_FOREIGN_CALL = 6,
	EV_STOP_BLOCKED_MVAR = 7,
	EV_STOP_BLOCKED_BLACK_HOLE = 8,
	EV_STOP_BLOCKED_READ = 9,
	EV_STOP_BLOCKED_WRITE = 10,
	EV_STOP_BLOCKED_DELAY = 11,
	EV_STOP_BLOCKED_STM = 12,
	EV_STOP_BLOCKED_DO_PROC = 13,
	EV_STOP_BLOCKED_THROW_TO = 18,
	EV_STOP_NONE_19 = 19,
	EV_STOP_BLOCKED_MVAR_READ = 20,
};

/* How a variable-size layout uses its len field (A.6). */
enum ev_lenmode {
	LEN_FIXED,  /* not a variable layout */
	LEN_HONOUR, /* consumes exactly len bytes; the string takes the rest */
	LEN_IGNORE, /* len is read and ignored (160 161 163 164 167 169) */
	LEN_TICKY,  /* TICKY_COUNTER_DEF's optional trailing fields */
};

/* Field codes in ev_layout.fields:
 *   b u8   h u16   w u32   i i32   q u64
 *   s UTF-8 string taking what len leaves (len - other fields, u16 wrap)
 *   l Latin-1 string, the same way      B raw bytes, the same way
 *   z NUL-terminated UTF-8 string        k cost-centre stack: u8 depth, depth x u32
 *   o optional u64 (ticky)               O optional NUL-terminated string (ticky)
 */
struct ev_layout {
	uint16_t tag;
	uint16_t size; /* payload bytes, or EV_SIZE_VAR */
	uint8_t lenmode;
	const char *name;   /* the constant's name, for diagnostics */
	const char *fields;
	const char *text;   /* `show` template; see render.c */
};

extern const struct ev_layout ev_layouts[];
extern const size_t ev_nlayouts;

/* One declared event type, in header order. desc points into the buffer. */
struct ev_type {
	uint16_t num;
	uint16_t size;
	uint32_t desc_len;
	const uint8_t *desc;
};

#define SEL_DECLARED 1u
#define SEL_VAR 2u
#define SEL_UNKNOWN_LAYOUT 0xFFFFu

/* What to do with one tag value, computed from the header (A.4). */
struct ev_sel {
	uint16_t size;   /* declared size (EV_SIZE_VAR for variable) */
	uint16_t layout; /* index into ev_layouts, or SEL_UNKNOWN_LAYOUT */
	uint32_t type;   /* index of the last declaration in hdr.types */
	uint32_t fixed;  /* whole item size when it depends on the tag alone, else 0 */
	uint8_t flags;
};

struct ev_header {
	struct ev_type *types; /* file order, duplicates kept */
	size_t ntypes;
	struct ev_sel *sel; /* indexed by tag, nsel = largest declared tag + 1 */
	uint32_t nsel;
	uint64_t data_off; /* first byte after "datb" */
};

enum hdr_status {
	HDR_OK,
	HDR_TRUNCATED,
	HDR_BAD,
	HDR_NOMEM,
};

/* Parses the header of buf[0..len). On failure *why is a static message in
 * the reference tool's words and *at the byte offset it concerns. */
enum hdr_status hdr_parse(const uint8_t *buf, size_t len, struct ev_header *h,
			  const char **why, uint64_t *at);
void hdr_free(struct ev_header *h);

/* ---- events ---- */

#define EV_MAXF 12

struct ev_field {
	uint64_t u;        /* integer value; string/stack length */
	const uint8_t *s;  /* string bytes or stack ids; NULL for integers */
};

/* The i-th id (i < f->u) of a cost-centre stack field ('k'). */
static inline uint32_t ev_stack_id(const struct ev_field *f, uint64_t i)
{
	const uint8_t *q = f->s + 4 * i;
	return (uint32_t)q[0] << 24 | (uint32_t)q[1] << 16 | (uint32_t)q[2] << 8 | q[3];
}

/* Why an event does not decode the way the reference tool accepts it. The
 * event is still usable: its size is known and its fields are filled. */
enum ev_bad {
	BAD_NONE = 0,
	BAD_UTF8 = 1u << 0,      /* a UTF-8 field is not valid UTF-8 */
	BAD_STATUS = 1u << 1,    /* stop status the reference rejects (mkStat) */
	BAD_BREAKDOWN = 1u << 2, /* heap profile breakdown outside 1..9 */
	BAD_IPE_DESC = 1u << 3,  /* IPE closure_desc does not start with a digit */
	BAD_TICKY_LEN = 1u << 4, /* ticky definition overruns its len */
	BAD_EDEN_TAG = 1u << 5,  /* Eden message tag outside 0x50..0x5C */
	BAD_LEN = 1u << 6,       /* len is smaller than the layout's fixed fields */
};

struct ev {
	uint64_t off;   /* offset of the tag */
	uint64_t time;
	uint32_t size;  /* bytes consumed, tag included */
	uint16_t tag;
	uint16_t layout; /* index into ev_layouts, or SEL_UNKNOWN_LAYOUT */
	uint16_t bad;    /* enum ev_bad bits */
	uint8_t nf;
	struct ev_field f[EV_MAXF];
};

enum ev_status {
	EV_OK,
	EV_END,       /* no bytes left at off */
	EV_DATAEND,   /* a 2-byte DATA_END marker; next item at off + 2 */
	EV_TRUNC,     /* the event does not fit in the buffer */
	EV_UNDECLARED /* tag not declared: size unknown, decoding cannot go on */
};

/* One-time set-up of the decoder tables; hdr_parse calls it. Thread-safe. */
void ev_init(void);

/* Decodes the item at buf[off..len). Costs O(event size). Call only with a
 * header from hdr_parse. */
enum ev_status ev_decode(const struct ev_header *h, const uint8_t *buf, size_t len,
			 uint64_t off, struct ev *e);

/* Only the size of the item at off (cheaper: no fields). Same statuses. */
enum ev_status ev_size(const struct ev_header *h, const uint8_t *buf, size_t len,
		       uint64_t off, uint64_t *time, uint32_t *size, uint16_t *tag);

/* ev_size's answer for the common case, inline: the item at buf[off..len)
 * when its size follows from its tag alone. Returns false when the caller
 * must ask ev_size (variable sizes, DATA_END, undeclared, truncated). */
static inline bool ev_size_fast(const struct ev_header *h, const uint8_t *buf, size_t len,
				uint64_t off, uint64_t *time, uint32_t *size, uint16_t *tag)
{
	if (len - off < 10 || off > len)
		return false;
	const uint8_t *p = buf + off;
	uint16_t t = be16(p);
	uint32_t fs;
	if (t >= h->nsel || !(fs = h->sel[t].fixed) || fs > len - off)
		return false;
	*time = be64(p + 2);
	*size = fs;
	*tag = t;
	return true;
}

/* ---- fields of raw events, read in place ----
 * Every event starts with its tag (u16) and time (u64); a field of a fixed
 * layout sits at a fixed offset after them. These read the event whose tag
 * is at buf[off]: the caller knows the event is whole and that its tag has a
 * decoder (the header chose a layout for it, so the event is at least that
 * layout's size). The tag must be one the accessor names. */
#define EV_HEAD_BYTES 10         /* tag and time: where the fields start */
#define EV_BLOCK_MARKER_BYTES 24 /* a whole block marker */
#define EV_MARKER_NO_CAP 0xFFFFu /* a block marker's cap field: events of no capability */

/* The tag of any item (an event or a DATA_END marker). */
static inline uint16_t ev_tag_at(const uint8_t *buf, uint64_t off)
{
	return be16(buf + off);
}

/* The thread of CREATE_THREAD, RUN_THREAD, STOP_THREAD, THREAD_RUNNABLE,
 * MIGRATE_THREAD, THREAD_WAKEUP or THREAD_LABEL (their first field). */
static inline uint32_t ev_thread_at(const uint8_t *buf, uint64_t off)
{
	return be32(buf + off + EV_HEAD_BYTES);
}

/* STOP_THREAD's status (enum ev_stop_status). */
static inline uint16_t ev_stop_status_at(const uint8_t *buf, uint64_t off)
{
	return be16(buf + off + EV_HEAD_BYTES + 4);
}

/* BLOCK_MARKER's fields: the block's size in bytes (its marker included),
 * its end time, and its capability (EV_MARKER_NO_CAP for none). */
static inline uint32_t ev_block_size_at(const uint8_t *buf, uint64_t off)
{
	return be32(buf + off + EV_HEAD_BYTES);
}

static inline uint64_t ev_block_end_at(const uint8_t *buf, uint64_t off)
{
	return be64(buf + off + EV_HEAD_BYTES + 4);
}

static inline uint16_t ev_block_cap_at(const uint8_t *buf, uint64_t off)
{
	return be16(buf + off + EV_HEAD_BYTES + 12);
}

/* Does this tag's first field name a thread (ev_thread_at's list)? */
static inline bool ev_tag_has_thread(uint16_t tag)
{
	switch (tag) {
	case EV_CREATE_THREAD:
	case EV_RUN_THREAD:
	case EV_STOP_THREAD:
	case EV_THREAD_RUNNABLE:
	case EV_MIGRATE_THREAD:
	case EV_THREAD_WAKEUP:
	case EV_THREAD_LABEL:
		return true;
	default:
		return false;
	}
}

/* The thread a decoded event is about, or 0 (not a thread event, or a tag
 * with no decoder). */
static inline uint32_t ev_thread_of(const struct ev *e)
{
	return ev_tag_has_thread(e->tag) && e->layout != SEL_UNKNOWN_LAYOUT && e->nf
		       ? (uint32_t)e->f[0].u
		       : 0;
}

/* Capability assignment by block markers (A.7), in file order. */
struct capstate {
	int64_t remaining;
	int32_t cur; /* EV_NO_CAP or a capability */
};

#define CAPSTATE_INIT ((struct capstate){ 0, EV_NO_CAP })

/* Returns the capability of an item of the given tag and size (a decoded
 * block marker needs its cap field, passed in marker_cap) and advances st. */
static inline int32_t capstate_step(struct capstate *st, bool is_marker,
				    uint32_t marker_block_size, uint16_t marker_cap,
				    uint32_t size)
{
	if (is_marker) {
		st->cur = marker_cap == EV_MARKER_NO_CAP ? EV_NO_CAP : (int32_t)marker_cap;
		st->remaining = (int64_t)(uint32_t)(marker_block_size - EV_BLOCK_MARKER_BYTES);
		return st->cur;
	}
	int32_t cap = st->cur;
	st->remaining -= size;
	if (st->remaining <= 0)
		st->cur = EV_NO_CAP;
	return cap;
}

/* True when the tag decodes as a block marker under this header. */
static inline bool ev_is_marker(const struct ev_header *h, uint16_t tag)
{
	return tag == EV_BLOCK_MARKER && tag < h->nsel &&
	       h->sel[tag].layout != SEL_UNKNOWN_LAYOUT;
}

/* capstate_step for the item of this tag and size at buf[off], reading a
 * block marker's fields in place: the item's capability. */
static inline int32_t ev_capstate_step_at(struct capstate *st, const struct ev_header *h,
					  const uint8_t *buf, uint64_t off, uint16_t tag,
					  uint32_t size)
{
	bool marker = ev_is_marker(h, tag);
	return capstate_step(st, marker, marker ? ev_block_size_at(buf, off) : 0,
			     marker ? ev_block_cap_at(buf, off) : 0, size);
}

#endif
