#!/usr/bin/env python3
"""bench/thread-diff.py BEFORE AFTER N — CPU microseconds per request by thread between two
bench/thread-cpu.sh listings of one JVM taken around a load run of N requests: all threads but the
JIT's, the JIT's compiler threads apart (they move with how warm the JVM is, not with the code under
test), then every other thread that used at least 0.05 s."""
import sys


def load(path):
    return {" ".join(line.split()[2:]): float(line.split()[0]) for line in open(path) if line.strip()}


before, after, n = load(sys.argv[1]), load(sys.argv[2]), max(1, int(sys.argv[3]))
rows = sorted(((after[k] - before.get(k, 0.0), k) for k in after), reverse=True)
jit = lambda k: "Compiler" in k
for label, keep in (("all but the JIT", lambda k: not jit(k)), ("the JIT", jit)):
    print(f"{sum(v for v, k in rows if keep(k)) * 1e6 / n:8.2f} µs  {label}")
for v, k in rows:
    if v >= 0.05 and not jit(k):
        print(f"{v * 1e6 / n:8.2f} µs  {k}")
