package dev.shortcode.hbase;

import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.AsyncConnection;
import org.apache.hadoop.hbase.client.AsyncTable;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;

/**
 * What the HBase client costs its process per archived link, by the shape of the writes: one
 * {@code Put} per link through the async table's {@code putAll} (as {@link HBaseArchive} sends a
 * full chunk), the same through the blocking client's {@code Table.batch}, and links grouped 64 to
 * a row (one {@code Put} of 64 cells, as an archive keyed by groups of issued ids would send). Each
 * shape writes chunks of 1,024 links with records of the archive's size (~110 bytes) to random rows
 * of a table split in eight; the process's CPU time per link is printed per round, the shapes
 * alternating round by round after a warm-up of each. Run it against a cluster in another
 * process (the mini cluster of {@code HBaseMiniClusterMain}), so that only the client's work counts.
 * docs/BENCHMARKS.md has the command line.
 *
 * <pre>
 * mvn -B -q -Pjmh -pl persistence-hbase -am package -DskipTests
 * CP="persistence-hbase/target/test-classes:persistence-hbase/target/classes:$(cat persistence-hbase/target/hbase-minicluster.classpath)"
 * java -Xmx1g -cp "$CP" dev.shortcode.hbase.HBaseClientCostMain ZOOKEEPER_QUORUM [links per round] [rounds]
 * </pre>
 */
public final class HBaseClientCostMain {

    private static final TableName TABLE = TableName.valueOf("client_cost");
    private static final byte[] FAMILY = {'l'};
    private static final byte[] QUALIFIER = {'r'};
    private static final int CHUNK = 1_024;
    private static final int GROUP = 64;
    private static final byte[] RECORD = ("1\t1\tmix8g1ps\t1ekf\t0\tshort\tk-7f3a\t"
            + "https://shop.example.com/campaign/2026/winter/landing?utm_source=sms&utm_medium=push&id=42").getBytes(StandardCharsets.UTF_8);

    private enum Shape { ASYNC_PUT_PER_LINK, BLOCKING_PUT_PER_LINK, ASYNC_ROW_PER_64_LINKS }

    private HBaseClientCostMain() {}

    public static void main(String[] args) throws Exception {
        int links = args.length > 1 ? Integer.parseInt(args[1]) : 400_000;
        int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 4;
        Configuration conf = HBaseConfiguration.create();
        conf.set("hbase.zookeeper.quorum", args[0]);
        com.sun.management.OperatingSystemMXBean os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        try (Connection blocking = ConnectionFactory.createConnection(conf);
                AsyncConnection async = ConnectionFactory.createAsyncConnection(conf).get()) {
            try (Admin admin = blocking.getAdmin()) {
                if (!admin.tableExists(TABLE)) {
                    admin.createTable(TableDescriptorBuilder.newBuilder(TABLE).setColumnFamily(ColumnFamilyDescriptorBuilder.of(FAMILY)).build(),
                            LinkRowKey.splitKeys(8));
                }
            }
            AsyncTable<?> asyncTable = async.getTable(TABLE);
            try (Table table = blocking.getTable(TABLE)) {
                Random random = new Random(1);
                for (int round = 0; round <= rounds; round++) {
                    for (Shape shape : Shape.values()) {
                        long cpu = os.getProcessCpuTime();
                        long began = System.nanoTime();
                        for (int done = 0; done < links; done += CHUNK) {
                            write(shape, puts(shape, random, done), asyncTable, table);
                        }
                        double micros = (os.getProcessCpuTime() - cpu) / 1_000.0 / links;
                        System.out.printf("%s %-24s %,d links: %.2f us of client CPU per link, %,.0f links/s%n",
                                round == 0 ? "warm-up" : "round " + round, shape, links, micros, links * 1e9 / (System.nanoTime() - began));
                    }
                }
            }
        }
    }

    private static List<Put> puts(Shape shape, Random random, int first) {
        int perRow = shape == Shape.ASYNC_ROW_PER_64_LINKS ? GROUP : 1;
        List<Put> puts = new ArrayList<>(CHUNK / perRow);
        for (int i = 0; i < CHUNK; i += perRow) {
            byte[] row = new byte[8];
            random.nextBytes(row);
            Put put = new Put(row, true);
            for (int j = 0; j < perRow; j++) {
                put.addColumn(FAMILY, perRow == 1 ? QUALIFIER : new byte[] {(byte) j}, 1_000_000L + first + i + j, RECORD);
            }
            puts.add(put);
        }
        return puts;
    }

    private static void write(Shape shape, List<Put> puts, AsyncTable<?> asyncTable, Table table) throws Exception {
        if (shape == Shape.BLOCKING_PUT_PER_LINK) {
            table.batch(puts, new Object[puts.size()]);
        } else {
            CompletableFuture.allOf(asyncTable.putAll(puts)).get();
        }
    }
}
