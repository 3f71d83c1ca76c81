package dev.shortcode.core.redis;

import dev.shortcode.core.store.ArchiveMutation;
import dev.shortcode.core.store.EventJournal;
import dev.shortcode.core.store.LinkEvent;
import dev.shortcode.core.store.LinkRecord;
import dev.shortcode.core.store.WebhookEventType;
import io.lettuce.core.Limit;
import io.lettuce.core.Range;
import io.lettuce.core.RedisFuture;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.StreamMessage;
import io.lettuce.core.XTrimArgs;
import io.lettuce.core.cluster.api.async.RedisClusterAsyncCommands;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * The event journal as one Redis stream; a sequence is the entry id {@code ms-n} as
 * {@code ms << 20 | n}.
 *
 * <h2>Recorded with the change, at no cost to a create</h2>
 * Creates and updates already put the link into the archive outbox in the same group-committed
 * {@code XADD} that makes them durable beyond the node; that entry is the record of the change.
 * When an archiver has written an outbox entry to the archive, and before it deletes the entry,
 * it hands the entry's mutations to {@link #recordArchived}, which appends the events webhooks
 * want ({@code link.created} for a link's first version, {@code link.updated} for later ones). An
 * archiver that dies in between leaves the entry pending; the next one records its events again
 * (at least once). So the create path sends nothing more, and an event is durable as soon as its
 * change is. A delete's outbox entry carries no owner, so the hot store appends the delete's event
 * itself beside it ({@link #append}), when someone wants it.
 */
final class RedisEventJournal implements EventJournal {

    private static final int SEQUENCE_BITS = 20;
    private static final String FIELD = "e";
    private static final LuaScript CLAIM = new LuaScript("""
            local holder = redis.call('GET', KEYS[1])
            if holder == false then
              redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
              return 1
            elseif holder == ARGV[1] then
              redis.call('PEXPIRE', KEYS[1], ARGV[2])
              return 1
            end
            return 0
            """, ScriptOutputType.INTEGER);

    private final RedisClusterAsyncCommands<String, String> redis;
    private final StoreKeys keys;
    private final String stream;
    private volatile EventFilter filter = EventFilter.NONE;
    /** The webhooks' version {@link #filter} was made of; -1 until a filter is given with one. */
    private volatile long filterVersion = -1;
    private volatile long backlog;

    RedisEventJournal(RedisClusterAsyncCommands<String, String> redis, StoreKeys keys) {
        this.redis = redis;
        this.keys = keys;
        this.stream = keys.webhookEvents();
    }

    @Override
    public void filter(EventFilter filter) {
        this.filter = filter;
    }

    @Override
    public void filter(EventFilter filter, long version) {
        this.filter = filter;
        this.filterVersion = version;
    }

    @Override
    public CompletionStage<Long> version() {
        return redis.get(keys.webhooksVersion()).thenApply(v -> v == null ? 0L : Long.parseLong(v));
    }

    @Override
    public CompletionStage<Void> webhooksChanged() {
        return redis.incr(keys.webhooksVersion()).thenApply(v -> null);
    }

    @Override
    public boolean wants(WebhookEventType type, String ownerKeyId) {
        return filter.wants(type, ownerKeyId);
    }

    /** The events of archived outbox mutations that anyone wants, appended; completes when they are in the stream. */
    CompletableFuture<Void> recordArchived(List<Long> entryMillis, List<ArchiveMutation> mutations) {
        // One GET per archived batch, off the create path: a filter older than the webhooks records everything meanwhile.
        return version().toCompletableFuture().thenCompose(version -> record(entryMillis, mutations,
                version == filterVersion ? filter : (type, owner) -> true));
    }

    private CompletableFuture<Void> record(List<Long> entryMillis, List<ArchiveMutation> mutations, EventFilter wanted) {
        List<LinkEvent> events = new ArrayList<>();
        for (int i = 0; i < mutations.size(); i++) {
            if (mutations.get(i) instanceof ArchiveMutation.Put put) {
                LinkRecord link = put.link();
                WebhookEventType type = link.version() == 1 ? WebhookEventType.LINK_CREATED : WebhookEventType.LINK_UPDATED;
                if (wanted.wants(type, link.ownerKeyId())) {
                    events.add(LinkEvent.of(type, entryMillis.get(i), link));
                }
            }
        }
        return add(events);
    }

    @Override
    public CompletionStage<Void> append(List<LinkEvent> events) {
        EventFilter current = filter;
        return add(events.stream().filter(e -> current.wants(e.type(), e.ownerKeyId())).toList());
    }

    /** One XADD per event, pipelined. */
    private CompletableFuture<Void> add(List<LinkEvent> events) {
        if (events.isEmpty()) {
            return CompletableFuture.completedFuture(null);
        }
        List<CompletableFuture<String>> added = new ArrayList<>(events.size());
        for (LinkEvent e : events) {
            added.add(redis.xadd(stream, Map.of(FIELD, Base64.getEncoder().encodeToString(e.encode()))).toCompletableFuture());
        }
        return CompletableFuture.allOf(added.toArray(CompletableFuture[]::new));
    }

    @Override
    public CompletionStage<List<Entry>> read(long afterSequence, int max) {
        RedisFuture<Long> length = redis.xlen(stream);
        length.thenAccept(n -> backlog = n);
        return redis.xrange(stream, Range.from(Range.Boundary.excluding(id(afterSequence)), Range.Boundary.unbounded()), Limit.create(0, max)).thenApply(messages -> {
            List<Entry> entries = new ArrayList<>(messages.size());
            for (StreamMessage<String, String> m : messages) {
                entries.add(new Entry(sequenceOf(m.getId()), LinkEvent.decode(Base64.getDecoder().decode(m.getBody().get(FIELD)))));
            }
            return entries;
        });
    }

    /** {@code XTRIM MINID}: entries below the id after {@code sequence} go. */
    @Override
    public CompletionStage<Void> trim(long sequence) {
        return redis.xtrim(stream, new XTrimArgs().minId(id(sequence + 1))).thenApply(n -> null);
    }

    @Override
    public long backlog() {
        return backlog;
    }

    @Override
    public CompletionStage<Boolean> claim(String webhookId, String holder, long ttlMillis) {
        return CLAIM.<Long>runAsync(redis, new String[] {keys.webhookClaim(webhookId)}, holder, Long.toString(ttlMillis))
                .thenApply(held -> held == 1);
    }

    static String id(long sequence) {
        return (sequence >>> SEQUENCE_BITS) + "-" + (sequence & ((1L << SEQUENCE_BITS) - 1));
    }

    static long sequenceOf(String id) {
        int dash = id.indexOf('-');
        long n = Long.parseLong(id.substring(dash + 1));
        if (n >= 1L << SEQUENCE_BITS) {
            throw new IllegalStateException("stream entry " + id + ": more than 2^20 entries in one millisecond");
        }
        return Long.parseLong(id.substring(0, dash)) << SEQUENCE_BITS | n;
    }
}
