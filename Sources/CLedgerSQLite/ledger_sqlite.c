#include <sqlite3.h>
#include "ledger_sqlite.h"

int tb_ledger_only_checked_checkpoints(void *db) {
    int rc = sqlite3_db_config((sqlite3 *)db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, (int *)0);
    if (rc != SQLITE_OK) return rc;
    return sqlite3_wal_autocheckpoint((sqlite3 *)db, 0);
}
