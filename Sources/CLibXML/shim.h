#ifndef FOCUSAUDIT_CLIBXML_SHIM_H
#define FOCUSAUDIT_CLIBXML_SHIM_H

/* The package's one C header: libxml2 and a few helpers of focusaudit's own. SwiftPM does not
   rebuild the Swift files that import it when only this header changes: after editing it, touch
   one of them (or build from clean) before measuring or testing. */

#if __has_include(<libxml/xmlversion.h>)
/* pkg-config's include directory (`.../include/libxml2`): Linux, and Homebrew's libxml2 on macOS. */
#include <libxml/xmlversion.h>
/* Debian builds libxml2 with ICU, so its encoding header pulls in the system's ICU headers, which
   clash with the ICU copy inside Foundation ("UErrorCode has different definitions"). focusaudit
   never touches libxml2's ICU converter fields (it only holds pointers to encoding handlers), so
   leaving those headers out lets this module and Foundation live in one program. */
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/SAX2.h>
#include <libxml/xmlerror.h>
#include <libxml/xmlmemory.h>
#include <libxml/xmlIO.h>
#elif defined(__APPLE__)
/* macOS without Homebrew's libxml2: the SDK keeps libxml2's headers in usr/include/libxml2, which
   is on no search path, but declares them as a `libxml2` module, which Swift packages on Apple
   platforms import (`import libxml2`) with no search path of their own. */
#pragma clang module import libxml2
#else
#error "libxml2's headers were not found: install libxml2-dev (Debian, Ubuntu) or libxml2 (Homebrew), and pkg-config"
#endif

/* `xmlFree` is a global function pointer; Swift 6 treats it as shared mutable
   state, so callers go through this wrapper instead. */
static inline void focusaudit_xmlFree(void *pointer) { xmlFree(pointer); }

/* An external-entity loader that refuses everything: descriptions never make
   focusaudit open another file or a network address. */
static inline xmlParserInputPtr focusaudit_refuseEntity(const char *url, const char *id,
                                                        xmlParserCtxtPtr ctxt) {
    (void)url; (void)id; (void)ctxt;
    return NULL;
}

static inline void focusaudit_installEntityGuard(void) {
    xmlInitParser();
    xmlSetExternalEntityLoader(focusaudit_refuseEntity);
}

/* Byte scans for focusaudit's position tracking, sixteen bytes at a time where SSE2 is there (every
   x86-64 processor) and one at a time elsewhere. Offsets and counts are in bytes. */
#include <stddef.h>
#include <stdint.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/* The offset of the last byte equal to `byte` in p[0..<n], or -1 when there is none. */
static inline long focusaudit_lastIndexOf(const uint8_t *p, long n, uint8_t byte) {
    long i = n;
#if defined(__SSE2__)
    const __m128i needle = _mm_set1_epi8((char)byte);
    while (i >= 16) {
        unsigned mask = (unsigned)_mm_movemask_epi8(
            _mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(p + i - 16)), needle));
        if (mask != 0) return i - 16 + (31 - __builtin_clz(mask));
        i -= 16;
    }
#endif
    while (i > 0) {
        i -= 1;
        if (p[i] == byte) return i;
    }
    return -1;
}

/* How many bytes of p[0..<n] equal `byte`, sixteen at a time. */
static inline long focusaudit_countByte(const uint8_t *p, long n, uint8_t byte) {
    long count = 0;
    long i = 0;
#if defined(__SSE2__)
    const __m128i wanted = _mm_set1_epi8((char)byte);
    for (; i + 16 <= n; i += 16) {
        const __m128i v = _mm_loadu_si128((const __m128i *)(p + i));
        count += __builtin_popcount((unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(v, wanted)));
    }
#endif
    for (; i < n; i++) count += p[i] == byte;
    return count;
}

/* Moves a line and column over p[0..<n] in one pass, sixteen bytes at a time. A line break is LF,
   CRLF or a lone CR: every CR starts the next line at column 1, and so does every LF that does not
   follow a CR (an LF right after a CR is the second half of a CRLF and counts for nothing). Every
   other byte that starts a UTF-8 sequence (is not 10xxxxxx) is one column. `*afterCR` says whether
   the byte before p was a CR, and is set to whether p[n - 1] is. `before` bytes before p may be read
   too (never counted): the last partial block is then read as the sixteen bytes ending at p + n,
   with the bytes already counted masked off. */
static inline void focusaudit_advance(
    const uint8_t *p, long n, long before, long *line, long *column, int *afterCR) {
    long l = *line;
    long c = *column;
    long i = 0;
    unsigned carry = *afterCR ? 1u : 0u;
#if defined(__SSE2__)
    const __m128i newline = _mm_set1_epi8('\n');
    const __m128i cr = _mm_set1_epi8('\r');
    /* As signed bytes, continuation bytes are exactly those below -64 (0xC0). */
    const __m128i bound = _mm_set1_epi8((char)0xC0);
    for (;;) {
        unsigned keep = 0xFFFFu;
        const uint8_t *block = p + i;
        if (i + 16 > n) {
            const long rest = n - i;
            if (rest == 0 || n + before < 16) break;
            block = p + n - 16;
            keep = (0xFFFFu << (16 - rest)) & 0xFFFFu;
        }
        const __m128i v = _mm_loadu_si128((const __m128i *)block);
        const unsigned lfs = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(v, newline));
        const unsigned crs = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(v, cr));
        /* Which bytes follow a CR: within the block by shifting; the first byte of a full block by
           the carry. In a last partial block the first kept byte's predecessor is in the block. */
        const unsigned afterCRs = ((crs << 1) | (keep == 0xFFFFu ? carry : 0u)) & 0xFFFFu;
        const unsigned crlfTails = lfs & afterCRs;
        const unsigned breaks = (crs | (lfs & ~afterCRs)) & keep;
        const unsigned starts = ~(unsigned)_mm_movemask_epi8(_mm_cmplt_epi8(v, bound)) & keep & ~crlfTails & 0xFFFFu;
        if (breaks == 0) {
            c += starts == 0xFFFFu ? 16 : __builtin_popcount(starts);
        } else {
            l += __builtin_popcount(breaks);
            const int last = 31 - __builtin_clz(breaks);
            c = 1 + __builtin_popcount(starts & ~((2u << last) - 1u));
        }
        carry = (crs >> 15) & 1u;
        if (keep != 0xFFFFu) {
            i = n;
            break;
        }
        i += 16;
    }
#endif
    for (; i < n; i++) {
        if (p[i] == '\r') {
            l += 1;
            c = 1;
            carry = 1u;
            continue;
        }
        if (p[i] == '\n') {
            if (!carry) {
                l += 1;
                c = 1;
            }
        } else if ((p[i] & 0xC0) != 0x80) {
            c += 1;
        }
        carry = 0u;
    }
    *line = l;
    *column = c;
    *afterCR = carry ? 1 : 0;
}

/* The offset in p[0..<n] of the first byte a JSON string may need escaped: a control byte (below
   0x20), `"`, `\\`, DEL, or 0xE2 (the lead byte of U+2028 and U+2029); n when there is none. */
static inline long focusaudit_nextJSONSpecial(const uint8_t *p, long n) {
    long i = 0;
#if defined(__SSE2__)
    const __m128i control = _mm_set1_epi8(0x1F);
    const __m128i quote = _mm_set1_epi8(0x22);
    const __m128i backslash = _mm_set1_epi8(0x5C);
    const __m128i del = _mm_set1_epi8(0x7F);
    const __m128i lead = _mm_set1_epi8((char)0xE2);
    for (; i + 16 <= n; i += 16) {
        const __m128i v = _mm_loadu_si128((const __m128i *)(p + i));
        __m128i special = _mm_cmpeq_epi8(_mm_max_epu8(v, control), control);
        special = _mm_or_si128(special, _mm_cmpeq_epi8(v, quote));
        special = _mm_or_si128(special, _mm_cmpeq_epi8(v, backslash));
        special = _mm_or_si128(special, _mm_cmpeq_epi8(v, del));
        special = _mm_or_si128(special, _mm_cmpeq_epi8(v, lead));
        const unsigned mask = (unsigned)_mm_movemask_epi8(special);
        if (mask != 0) return i + __builtin_ctz(mask);
    }
#endif
    for (; i < n; i++) {
        const uint8_t b = p[i];
        if (b < 0x20 || b == 0x22 || b == 0x5C || b == 0x7F || b == 0xE2) return i;
    }
    return n;
}

/* Asks for the cache lines of `bytes` bytes at `pointer`, to be written soon: lets the reader
   fetch a reused node from the other core's cache while it parses, instead of waiting for it. */
static inline void focusaudit_prefetchForWrite(const void *pointer, int bytes) {
    for (int offset = 0; offset < bytes; offset += 64) {
        __builtin_prefetch((const char *)pointer + offset, 1, 3);
    }
}

/* An error handler that says nothing: a failed conversion is reported by focusaudit itself (by
   leaving the bytes as they are, for the parser to reject), not on standard error. */
static inline void focusaudit_silentGenericError(void *context, const char *message, ...) {
    (void)context; (void)message;
}

/* Transcodes p[0..<n], in the character encoding named `name` (as an XML declaration names it),
   to UTF-8 with libxml2's own converters, the ones its parser would use. Returns the UTF-8 bytes in
   a buffer that the caller frees with xmlBufferFree, or NULL when libxml2 knows no such encoding
   (or memory runs out); `*done` is set to how many bytes were converted: all n, or those before the
   first that is not valid in the encoding. libxml2 reports such a byte through its generic error
   handler, which is made silent for the call (the handlers are per thread). */
static inline xmlBufferPtr focusaudit_transcodeToUTF8(const char *name, const uint8_t *p, int n, int *done) {
    *done = 0;
    xmlCharEncodingHandlerPtr handler = xmlFindCharEncodingHandler(name);
    if (handler == NULL) return NULL;
    xmlBufferPtr in = xmlBufferCreate();
    xmlBufferPtr out = xmlBufferCreate();
    if (in == NULL || out == NULL || (n > 0 && xmlBufferAdd(in, p, n) != 0)) {
        if (in != NULL) xmlBufferFree(in);
        if (out != NULL) xmlBufferFree(out);
        xmlCharEncCloseFunc(handler);
        return NULL;
    }
    xmlGenericErrorFunc savedHandler = xmlGenericError;
    void *savedContext = xmlGenericErrorContext;
    xmlSetGenericErrorFunc(NULL, focusaudit_silentGenericError);
    while (xmlBufferLength(in) > 0) {
        const int before = xmlBufferLength(in);
        const int written = xmlCharEncInFunc(handler, out, in);
        /* A byte that is not valid, or no progress (bytes that end inside a character). */
        if (written < 0 || xmlBufferLength(in) == before) break;
    }
    xmlSetGenericErrorFunc(savedContext, savedHandler);
    *done = n - xmlBufferLength(in);
    xmlCharEncCloseFunc(handler);
    xmlBufferFree(in);
    return out;
}

#endif
