package dev.shortcode.core.embedded;

import java.util.concurrent.locks.ReentrantLock;

/**
 * Striped locks keyed by code: the read-check-write steps of one code (put-if-absent, version
 * check, delete, TTL extension, purge) run one at a time, while different codes proceed in
 * parallel and share RocksDB's group commit.
 */
final class CodeLocks {

    /** Enough stripes that two busy codes rarely share one; a lock is ~40 bytes. */
    static final int STRIPES = 1024;

    private final ReentrantLock[] stripes = new ReentrantLock[STRIPES];

    CodeLocks() {
        for (int i = 0; i < STRIPES; i++) {
            stripes[i] = new ReentrantLock();
        }
    }

    ReentrantLock of(String code) {
        int h = code.hashCode();
        return stripes[(h ^ (h >>> 16)) & (STRIPES - 1)];
    }
}
