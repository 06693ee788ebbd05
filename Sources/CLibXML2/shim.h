#ifndef NIBSCAN_CLIBXML2_SHIM_H
#define NIBSCAN_CLIBXML2_SHIM_H
#include <libxml/xmlversion.h>
/* Debian's libxml2 pulls in the system ICU, which clashes with Foundation's own ICU
   ("'UErrorCode' has different definitions in different modules"). We never use it. */
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/xmlerror.h>
#endif
