#!/usr/bin/env python3
"""Writes N link keys in the service's Redis format as RESP, for `redis-cli --pipe`.

    python3 bench/redis-links.py 1000000 | redis-cli -p PORT --pipe
    python3 bench/redis-links.py 9000000 sc 7 | redis-cli -p PORT --pipe   # 9 million more, another seed

Keys are <ns>:l:{code} (StoreKeys), values LinkRecordCodec records (format 1, tab-separated,
numbers in base 36), each with a sliding TTL of its pool (SET ... EX). Codes are random base62 of
the default pools' lengths: 60 % short (5 chars, 10 days), 10 % medium (6, 100 days), 30 % long
(7, 30 days hot, permanent). Created-at times spread over the last 40 days, so some are older than
their pool's TTL as links kept alive by visits would be. Deterministic (seeded).
"""
import random
import sys
import time

ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
POOLS = [("short", 5, 864000, 0, 0.6), ("medium", 6, 8640000, 0, 0.1), ("long", 7, 2592000, 1, 0.3)]


def b36(n):
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    out = ""
    while True:
        n, r = divmod(n, 36)
        out = digits[r] + out
        if n == 0:
            return out


def resp(*args):
    parts = ["*%d\r\n" % len(args)]
    for a in args:
        b = a.encode()
        parts.append("$%d\r\n" % len(b))
        parts.append(a + "\r\n")
    return "".join(parts)


def main():
    n = int(sys.argv[1])
    ns = sys.argv[2] if len(sys.argv) > 2 else "sc"
    rnd = random.Random(int(sys.argv[3]) if len(sys.argv) > 3 else 42)
    now = int(time.time() * 1000)
    out = sys.stdout
    buf = []
    for i in range(n):
        x = rnd.random()
        for name, length, ttl, permanent, share in POOLS:
            if x < share:
                break
            x -= share
        code = "".join(rnd.choice(ALPHABET) for _ in range(length))
        created = now - rnd.randrange(40 * 86400 * 1000)
        url = "https://example.com/campaign/%d?utm_source=sms&utm_medium=link" % i
        value = "\t".join(["1", "1", b36(created), b36(ttl), str(permanent), name, "k_bench", url])
        buf.append(resp("SET", "%s:l:{%s}" % (ns, code), value, "EX", str(ttl)))
        if len(buf) == 10000:
            out.write("".join(buf))
            buf = []
    out.write("".join(buf))


if __name__ == "__main__":
    main()
