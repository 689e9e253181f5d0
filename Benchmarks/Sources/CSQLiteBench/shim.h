// SQLite's header, for the SQLiteShim C target only; Swift code imports SQLiteShim.
#include <sqlite3.h>
