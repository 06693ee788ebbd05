#ifndef NIBSCAN_CPOSTGRES_SHIM_H
#define NIBSCAN_CPOSTGRES_SHIM_H
#include <libpq-fe.h>
#endif
