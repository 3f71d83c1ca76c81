package dev.shortcode.testing;

import java.util.List;

/**
 * JVM options for the Java processes tests start as children: service nodes, the HBase mini
 * cluster (whose fixture keeps its own copy: it may load no class from outside its module), writers
 * killed mid-run.
 *
 * <p>Only the C1 compiler and the serial collector. A child lives for seconds to a few minutes,
 * on two cores it shares with the test JVM, other children and Redis; C2's compiler threads and
 * the parallel collector's workers spend CPU there that so short a life never earns back (a
 * service node's start: 6.5-6.9 s of CPU with the defaults, 3.9 s with these). Nothing a test
 * asserts depends on peak speed.
 */
public final class ChildJvm {

    public static final List<String> OPTIONS = List.of("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC");

    private ChildJvm() {}
}
