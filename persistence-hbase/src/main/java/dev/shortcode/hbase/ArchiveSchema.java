package dev.shortcode.hbase;

import dev.shortcode.core.store.ClickRetention;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.apache.hadoop.hbase.NamespaceDescriptor;
import org.apache.hadoop.hbase.NamespaceExistException;
import org.apache.hadoop.hbase.TableExistsException;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.TableNotFoundException;
import org.apache.hadoop.hbase.client.AsyncAdmin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptor;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.io.compress.Compression;
import org.apache.hadoop.hbase.regionserver.BloomType;

/**
 * The archive's five tables and how they are created. Descriptors are applied only when a table
 * is created; an existing table is used as it is (operators may have tuned it).
 *
 * <ul>
 *   <li><b>links</b>: family {@code l}, one version, row Bloom filter (a cold read of an unknown
 *       code, the common case for a negative cache miss, skips every store file), 16 KB blocks
 *       (point reads read less), pre-split on the salt byte into {@code pre-split-regions}; and
 *       family {@code i}, the link index ({@link IndexCells}), salted rows of its own beside the
 *       links' (its keys hold a NUL byte, codes never do), 64 KB blocks for its scans. In the same
 *       table so that a link and its index rows are one batch of Puts. A links table from before
 *       the index gets the family added at start (when {@code create-tables} is on).
 *   <li><b>counts</b>: family {@code c}, one version, row Bloom filter; small, one region.
 *   <li><b>watermarks</b>: family {@code w}, one version, row Bloom filter, kept in memory; one row
 *       per code length.
 *   <li><b>keys</b>: family {@code k}, one version, row Bloom filter (an unknown key, the
 *       common case of a guessed or mistyped one, skips every store file), kept in memory; one
 *       row per API key, a handful in all, read on every request the caller has not cached.
 *   <li><b>moderation</b>: family {@code m}, one version, kept in memory: deny-list rules,
 *       disabled links and abuse reports ({@link HBaseModerationStore}), scanned by every node every
 *       few seconds. Its name is fixed ({@code moderation} in the namespace).
 *   <li><b>clicks</b>: click counts ({@link HBaseClickArchive}); families {@code d} (a day's
 *       counts), {@code h} (its hourly counts) and {@code m} (a month's), one version each, row
 *       Bloom filter, each with the time to live of its retention ({@link ClickRetention}): cells
 *       carry their bucket's start as timestamp, so HBase itself stops returning, and compactions
 *       drop, what is past its time. Rows are salted like links' and pre-split the same way.
 * </ul>
 *
 * Compression is the configured one for all five ({@code GZ} by default: pure Java, so any
 * region server accepts it; the mini cluster here refuses {@code SNAPPY}, {@code LZ4} and
 * {@code ZSTD} at creation because no native codec is loaded).
 *
 * <p>Several nodes may start at once against an empty cluster: a creation that loses the race
 * ({@link TableExistsException}, {@link NamespaceExistException}) counts as success.
 */
final class ArchiveSchema {

    /** Point reads of ~100-byte rows: a smaller block than HBase's 64 KB reads less per Get. */
    static final int LINKS_BLOCK_SIZE = 16 * 1024;
    static final String MODERATION_TABLE = "moderation";

    private final HBaseArchiveOptions config;

    ArchiveSchema(HBaseArchiveOptions config) {
        this.config = config;
    }

    TableName links() {
        return TableName.valueOf(config.namespace(), config.linksTable());
    }

    TableName counts() {
        return TableName.valueOf(config.namespace(), config.countsTable());
    }

    TableName watermarks() {
        return TableName.valueOf(config.namespace(), config.watermarksTable());
    }

    TableName keys() {
        return TableName.valueOf(config.namespace(), config.keysTable());
    }

    TableName moderation() {
        return TableName.valueOf(config.namespace(), MODERATION_TABLE);
    }

    TableName clicks() {
        return TableName.valueOf(config.namespace(), config.clicksTable());
    }

    TableDescriptor linksDescriptor() {
        return TableDescriptorBuilder.newBuilder(links())
                .setColumnFamily(family(LinkCells.FAMILY).setBlocksize(LINKS_BLOCK_SIZE).build())
                .setColumnFamily(indexFamily())
                .build();
    }

    ColumnFamilyDescriptor indexFamily() {
        return family(IndexCells.FAMILY).build();
    }

    TableDescriptor countsDescriptor() {
        return TableDescriptorBuilder.newBuilder(counts()).setColumnFamily(family(DayCountRows.FAMILY).build()).build();
    }

    TableDescriptor watermarksDescriptor() {
        return TableDescriptorBuilder.newBuilder(watermarks())
                .setColumnFamily(family(HBaseWatermarkStore.FAMILY).setInMemory(true).build())
                .build();
    }

    TableDescriptor moderationDescriptor() {
        return TableDescriptorBuilder.newBuilder(moderation())
                .setColumnFamily(family(HBaseModerationStore.FAMILY).setInMemory(true).build())
                .build();
    }

    TableDescriptor keysDescriptor() {
        return TableDescriptorBuilder.newBuilder(keys())
                .setColumnFamily(family(HBaseApiKeyStore.FAMILY).setInMemory(true).build())
                .build();
    }

    TableDescriptor clicksDescriptor() {
        long day = 86_400;
        return TableDescriptorBuilder.newBuilder(clicks())
                .setColumnFamily(family(HBaseClickArchive.DAYS).setTimeToLive((int) (ClickRetention.DAYS * day)).build())
                .setColumnFamily(family(HBaseClickArchive.HOURS).setTimeToLive((int) (ClickRetention.HOUR_DAYS * day)).build())
                // a month's cells carry the month's first day: 31 days a month covers the longest ones
                .setColumnFamily(family(HBaseClickArchive.MONTHS).setTimeToLive((int) (ClickRetention.MONTHS * 31 * day)).build())
                .build();
    }

    private ColumnFamilyDescriptorBuilder family(byte[] name) {
        return ColumnFamilyDescriptorBuilder.newBuilder(name)
                .setMaxVersions(1)
                .setBloomFilterType(BloomType.ROW)
                .setCompressionType(Compression.Algorithm.valueOf(config.compression()));
    }

    /**
     * Creates the namespace and any missing table (when {@code create-tables} is on), else checks
     * that all five exist. Blocks for at most a few operation timeouts.
     *
     * @throws HBaseArchiveException when HBase refuses or does not answer, or a table is missing
     *     and may not be created
     */
    void ensure(AsyncAdmin admin) {
        Duration timeout = config.operationTimeout().multipliedBy(3);
        if (config.createTables()) {
            boolean present = Futures.await(admin.listNamespaces(), timeout, "list namespaces").contains(config.namespace());
            if (!present) {
                ignoreIfExists(admin.createNamespace(NamespaceDescriptor.create(config.namespace()).build()), timeout,
                        "create namespace " + config.namespace());
            }
        }
        for (TableDescriptor table : List.of(linksDescriptor(), countsDescriptor(), watermarksDescriptor(), keysDescriptor(),
                moderationDescriptor(), clicksDescriptor())) {
            TableName name = table.getTableName();
            if (Futures.await(admin.tableExists(name), timeout, "look up table " + name)) {
                if (name.equals(links())) {
                    ensureIndexFamily(admin, timeout);
                }
                continue;
            }
            if (!config.createTables()) {
                throw new HBaseArchiveException("table " + name.getNamespaceAsString() + ":" + name.getQualifierAsString() + " does not exist and " + HBaseArchiveOptions.PREFIX
                        + "create-tables is false: create it or let the service create it", new TableNotFoundException(name));
            }
            CompletableFuture<Void> created = name.equals(links()) || name.equals(clicks())
                    ? admin.createTable(table, LinkRowKey.splitKeys(config.preSplitRegions()))
                    : admin.createTable(table);
            ignoreIfExists(created, timeout, "create table " + name);
        }
    }

    /** Adds the index family to a links table created before it existed. */
    private void ensureIndexFamily(AsyncAdmin admin, Duration timeout) {
        TableDescriptor links = Futures.await(admin.getDescriptor(links()), timeout, "describe table " + links());
        if (links.hasColumnFamily(IndexCells.FAMILY)) {
            return;
        }
        if (!config.createTables()) {
            throw new HBaseArchiveException("table " + config.linksTableName() + " has no link index family 'i' and " + HBaseArchiveOptions.PREFIX
                    + "create-tables is false: add it (alter '" + config.linksTableName() + "', NAME => 'i') or let the service add it",
                    new java.io.IOException("family i missing"));
        }
        try {
            Futures.await(admin.addColumnFamily(links(), indexFamily()), timeout, "add the index family to " + links());
        } catch (HBaseArchiveException e) {
            // another node added it first
            if (!Futures.await(admin.getDescriptor(links()), timeout, "describe table " + links()).hasColumnFamily(IndexCells.FAMILY)) {
                throw e;
            }
        }
    }

    private static void ignoreIfExists(CompletableFuture<Void> creation, Duration timeout, String what) {
        try {
            Futures.await(creation, timeout, what);
        } catch (HBaseArchiveException e) {
            if (!(e.getCause() instanceof TableExistsException || e.getCause() instanceof NamespaceExistException)) {
                throw e;
            }
        }
    }
}
