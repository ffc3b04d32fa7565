#ifndef LEDGER_SQLITE_H
#define LEDGER_SQLITE_H

/// Tells the SQLite connection `db` (a `sqlite3 *`) not to copy the -wal journal into the
/// database when it closes as the last connection (SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE), and never
/// to do so by itself at a commit (wal_autocheckpoint 0). Returns SQLite's result code.
/// A shim because sqlite3_db_config is variadic, which Swift cannot call.
int tb_ledger_only_checked_checkpoints(void *db);

#endif
