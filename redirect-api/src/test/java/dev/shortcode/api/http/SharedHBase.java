package dev.shortcode.api.http;

import dev.shortcode.hbase.testing.HBaseProcess;
import java.lang.reflect.InvocationTargetException;

/**
 * The JVM's one HBase child ({@link HBaseProcess#shared()}) for the Quarkus tests' resources.
 * Quarkus loads each test profile's classes, and HBaseProcess with them, in a class loader of that
 * profile's own: {@code HBaseProcess.shared()} called there starts an HBase per profile, each
 * kept to the JVM's end. The HBaseProcess of the system class loader, the one the process tests
 * use, is asked instead; the tests tell their data apart by their own codes and keys.
 */
final class SharedHBase {

    private SharedHBase() {}

    /** {@code 127.0.0.1:<port>} of the shared HBase's ZooKeeper; the HBase is started on first use. */
    static String zookeeperQuorum() {
        Class<?> jvmWide;
        try {
            jvmWide = Class.forName(HBaseProcess.class.getName(), true, ClassLoader.getSystemClassLoader());
        } catch (ClassNotFoundException e) {
            // A runner whose system class loader does not hold the test classpath: this class loader's own child then.
            return HBaseProcess.shared().zookeeperQuorum();
        }
        try {
            Object shared = jvmWide.getMethod("shared").invoke(null);
            return (String) jvmWide.getMethod("zookeeperQuorum").invoke(shared);
        } catch (InvocationTargetException e) {
            throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot reach " + jvmWide.getName() + " of the system class loader", e);
        }
    }
}
