#ifndef FOCUSAUDIT_CLIBXML_SHIM_H
#define FOCUSAUDIT_CLIBXML_SHIM_H

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

/* Asks for the cache lines of `bytes` bytes at `pointer`, to be written soon: lets the reader
   fetch a reused node from the other core's cache while it parses, instead of waiting for it. */
static inline void focusaudit_prefetchForWrite(const void *pointer, int bytes) {
    for (int offset = 0; offset < bytes; offset += 64) {
        __builtin_prefetch((const char *)pointer + offset, 1, 3);
    }
}

#endif
