package dev.shortcode.core.redis;

import dev.shortcode.core.store.LinkRecord;
import java.util.concurrent.ThreadLocalRandom;

/** Link records for tests; codes are random 7-char base62 strings unless given. */
final class TestLinks {

    private static final String ALPHABET = dev.shortcode.core.code.Base62.ALPHABET;

    private TestLinks() {}

    static String randomCode(int length) {
        StringBuilder b = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            b.append(ALPHABET.charAt(ThreadLocalRandom.current().nextInt(ALPHABET.length())));
        }
        return b.toString();
    }

    static LinkRecord link(String code, long ttlSeconds) {
        return new LinkRecord(code, "https://example.com/" + code + "/landing?utm_source=sms", "long", ttlSeconds, false,
                System.currentTimeMillis(), "key1", 1);
    }

    static LinkRecord permanent(String code, long ttlSeconds) {
        return new LinkRecord(code, "https://example.com/" + code, "long", ttlSeconds, true, System.currentTimeMillis(), "key1", 1);
    }
}
