package dev.shortcode.core.redis;

import dev.shortcode.core.config.ConfigException;
import dev.shortcode.core.config.IssuerOptions;

/**
 * Where the Redis hot store keeps things; shared by every node's {@link RedisHotStore} and
 * {@link OutboxArchiver}, which must agree on it.
 *
 * <ul>
 *   <li>link, when {@code linkGroups} is 0: {@code <ns>:l:{<code>}}, a string holding
 *       {@code LinkRecordCodec.encode(record)} ({@link KeyPerLink}). The hash tag is the code, so
 *       links spread over all slots of a Cluster, and later per-link keys (click counters) can
 *       share the link's slot.
 *   <li>links, when {@code linkGroups} is above 0: group {@code g} of a code ({@link #linkGroupOf})
 *       is the hash {@code <ns>:h:{<g>}}, field the code ({@link LinkGroups}). Which layout and
 *       how many groups a namespace uses: the string {@code <ns>:h:layout} ({@link LinkLayoutGuard}).
 *   <li>outbox shard {@code i}: the stream {@code <ns>:o:{o<i>}}. A mutation of a code goes to
 *       shard {@code mix(code) mod shards}, so one code's mutations stay in one stream, in order.
 *       Each shard has its own hash tag, so on a Cluster the shards spread over the masters.
 *   <li>invalidations: the Pub/Sub channel {@code <ns>:invalidate}, message = the code.
 *   <li>click counts ({@link RedisClickStore}): per subject (a code, or {@code ~<owner>}) and UTC
 *       day the hash {@code <ns>:s:{<subject>}:<yyyyMMdd>}, its visitors' HyperLogLog
 *       {@code ...:u} and, for owners, its top links {@code ...:l}; all three in the link's hash
 *       slot. The subjects with counts on a day: the sets {@code <ns>:s:i:{<yyyyMMdd>.<shard>}};
 *       the day's roll-up state {@code <ns>:s:r:{<yyyyMMdd>}} and lock {@code <ns>:s:rl:{<yyyyMMdd>}};
 *       the day's visitor salt {@code <ns>:s:salt:{<yyyyMMdd>}}; per flushing node and hash slot, the
 *       last batch it applied there, {@code <ns>:s:a:{<tag>}:<node>} (the tag one of {@link SlotTags}).
 * </ul>
 *
 * <p>{@code outboxShards} may be changed between runs only after the outbox has been drained: a
 * code's later mutations would land in another stream than its earlier, still unarchived ones
 * (harmless for the archive, which orders by version, but worth knowing). Link keys do not depend
 * on it.
 *
 * @param namespace    key prefix, {@value #DEFAULT_NAMESPACE} by default; tests use their own on shared servers
 * @param outboxShards number of outbox streams; bounds how many archiver threads can work in parallel
 * @param linkGroups   0: a key per link; else the number of hashes links are spread over, fixed for
 *                     the namespace once links exist (size it for some tens of live links per group)
 */
public record StoreKeys(String namespace, int outboxShards, int linkGroups) {

    static final String PREFIX = IssuerOptions.PREFIX + "redis.";

    /** More shards than this only multiply idle polling; the archive is the bottleneck long before. */
    static final int MAX_SHARDS = 1024;

    /** Groups at most: 2^24, some tens of links each for hundreds of millions of live links. */
    static final int MAX_LINK_GROUPS = 1 << 24;

    /** Default of {@code namespace}, as the key takes it. */
    public static final String DEFAULT_NAMESPACE = "sc";
    /** Default of {@code outboxShards}, as the key takes it. */
    public static final String DEFAULT_OUTBOX_SHARDS = "8";
    /** Default of {@code linkGroups}, as the key takes it: a key per link. */
    public static final String DEFAULT_LINK_GROUPS = "0";

    public static final StoreKeys DEFAULTS = new StoreKeys(DEFAULT_NAMESPACE, Integer.parseInt(DEFAULT_OUTBOX_SHARDS),
            Integer.parseInt(DEFAULT_LINK_GROUPS));

    /** A key per link. */
    public StoreKeys(String namespace, int outboxShards) {
        this(namespace, outboxShards, 0);
    }

    public StoreKeys {
        if (namespace == null || !namespace.matches("[A-Za-z0-9_.-]{1,32}")) {
            throw new ConfigException(PREFIX + "namespace", "'" + namespace + "' must be 1-32 characters of [A-Za-z0-9_.-]");
        }
        if (outboxShards < 1 || outboxShards > MAX_SHARDS) {
            throw new ConfigException(PREFIX + "outbox.shards", outboxShards + " is outside 1.." + MAX_SHARDS);
        }
        if (linkGroups < 0 || linkGroups > MAX_LINK_GROUPS) {
            throw new ConfigException(PREFIX + "link-groups", linkGroups + " is outside 0.." + MAX_LINK_GROUPS
                    + " (0: a key per link)");
        }
    }

    String link(String code) {
        return namespace + ":l:{" + code + "}";
    }

    /** The hash of link group {@code group}. */
    String linkGroup(int group) {
        return namespace + ":h:{" + group + "}";
    }

    /** Where a namespace records its link layout. */
    String linkLayout() {
        return namespace + ":h:layout";
    }

    /** The group of a code, 0 to {@code linkGroups - 1}: a mix of its characters, so groups fill evenly. */
    int linkGroupOf(String code) {
        long h = code.hashCode() * 0x9E3779B97F4A7C15L; // String.hashCode is specified: every node agrees
        h ^= h >>> 29;
        h *= 0xBF58476D1CE4E5B9L;
        h ^= h >>> 32;
        return (int) Long.remainderUnsigned(h, linkGroups);
    }


    String outbox(int shard) {
        return namespace + ":o:{o" + shard + "}";
    }

    /** The stream of the events webhooks are sent ({@link RedisEventJournal}). */
    String webhookEvents() {
        return namespace + ":w:events";
    }

    /** The version of the registered webhooks, raised at every change. */
    String webhooksVersion() {
        return namespace + ":w:version";
    }

    /** Which node delivers to a webhook now. */
    /** A webhook's recent deliveries by id; with {@link #webhookDeliveryOrder} in one slot. */
    String webhookDeliveries(String webhookId) {
        return namespace + ":w:{" + webhookId + "}:d";
    }

    /** A webhook's recent deliveries' ids by creation time. */
    String webhookDeliveryOrder(String webhookId) {
        return namespace + ":w:{" + webhookId + "}:o";
    }

    /** The retries asked for a webhook's deliveries, waiting for the node that delivers to it. */
    String webhookRetries(String webhookId) {
        return namespace + ":w:{" + webhookId + "}:r";
    }

    String webhookClaim(String webhookId) {
        return namespace + ":w:claim:" + webhookId;
    }

    String invalidationChannel() {
        return namespace + ":invalidate";
    }

    String clickDay(String subject, String day) {
        return namespace + ":s:{" + subject + "}:" + day;
    }

    String clickVisitors(String subject, String day) {
        return clickVisitorsOf(clickDay(subject, day));
    }

    String clickTopLinks(String subject, String day) {
        return clickTopLinksOf(clickDay(subject, day));
    }

    /** Where the flush script puts a visitors' sketch to merge it; deleted by the same script. */
    String clickVisitorsScratch(String subject, String day) {
        return clickVisitorsScratchOf(clickDay(subject, day));
    }

    // The same three from the day hash's key, which a flush has already made for each subject-day.

    static String clickVisitorsOf(String dayKey) {
        return dayKey + ":u";
    }

    static String clickTopLinksOf(String dayKey) {
        return dayKey + ":l";
    }

    static String clickVisitorsScratchOf(String dayKey) {
        return dayKey + ":m";
    }

    /** A node's last click batch and call taken in the hash slot of {@code tag} ({@link SlotTags}). */
    String clickMark(String tag, String node) {
        return namespace + ":s:a:{" + tag + "}:" + node;
    }

    String clickIndex(String day, int shard) {
        return namespace + ":s:i:{" + day + "." + shard + "}";
    }

    String clickRollup(String day) {
        return namespace + ":s:r:{" + day + "}";
    }

    String clickRollupLock(String day) {
        return namespace + ":s:rl:{" + day + "}";
    }

    String clickSalt(String day) {
        return namespace + ":s:salt:{" + day + "}";
    }

    int shardOf(String code) {
        // String.hashCode is specified, so every node and every JVM version agrees on the shard.
        int h = code.hashCode() * 0x9E3779B9;
        return Integer.remainderUnsigned(h ^ (h >>> 16), outboxShards);
    }
}
