#ifndef SITEGEN_CSQLITE_SHIM_H
#define SITEGEN_CSQLITE_SHIM_H
#include <sqlite3.h>

/// SQLITE_TRANSIENT is a cast macro, which Swift cannot import: sqlite3 copies a value bound with it.
static inline sqlite3_destructor_type sitegen_sqlite_transient(void) { return SQLITE_TRANSIENT; }
#endif
