package dev.shortcode.core.redis;

import dev.shortcode.core.config.ConfigException;
import io.lettuce.core.RedisException;
import io.lettuce.core.SetArgs;
import io.lettuce.core.cluster.api.sync.RedisClusterCommands;
import java.lang.System.Logger.Level;
import java.util.Map;

/**
 * Makes every node of a namespace agree on how links are kept ({@link StoreKeys#linkGroups()}):
 * a node that kept links another way would not find the others' links, and a node with another
 * group count would look for a code in the wrong hash. The first node records the layout in
 * {@code <ns>:h:layout} ({@code SET NX}, no expiry); every node compares its own with it on start
 * and refuses to start on a difference, naming both. Moving a namespace's links from one layout to
 * another is not built: a new layout starts in a new namespace.
 *
 * <p>With links in groups it also reads Redis's {@code hash-max-listpack-value}: a hash keeps its
 * compact encoding only while every value fits it, and a link's value (expiry, record, URL) is
 * longer than the default 64 bytes, so every group becomes a hash table, half again the memory per
 * link. Below {@link #ADVISED_LISTPACK_VALUE} a warning says so once at start; the service does
 * not change Redis's configuration itself.
 */
final class LinkLayoutGuard {

    private static final System.Logger LOG = System.getLogger(LinkLayoutGuard.class.getName());

    /** Long enough for a link with a URL of several hundred characters. */
    static final int ADVISED_LISTPACK_VALUE = 1024;

    private LinkLayoutGuard() {}

    /** The layout as recorded: {@code keys} for a key per link, {@code groups:<n>} for n groups. */
    static String describe(StoreKeys keys) {
        return keys.linkGroups() == 0 ? "keys" : "groups:" + keys.linkGroups();
    }

    /** Records this layout if the namespace has none yet; throws {@link ConfigException} if it has another. */
    static void check(RedisClusterCommands<String, String> redis, StoreKeys keys) {
        String mine = describe(keys);
        if (keys.linkGroups() > 0) {
            adviseListpack(redis);
        }
        if ("OK".equals(redis.set(keys.linkLayout(), mine, SetArgs.Builder.nx()))) {
            return;
        }
        String recorded = redis.get(keys.linkLayout());
        if (recorded != null && !recorded.equals(mine)) {
            throw new ConfigException(StoreKeys.PREFIX + "link-groups", keys.linkGroups() + " does not match namespace '"
                    + keys.namespace() + "', whose links are kept as " + recorded + " (" + keys.linkLayout()
                    + "); every node of a namespace must keep links the same way, and a new layout needs a new namespace");
        }
    }

    /** The warning about {@code hash-max-listpack-value}, or null when it is large enough or cannot be read. */
    static String listpackAdvice(RedisClusterCommands<String, String> redis) {
        String value;
        try {
            Map<String, String> config = redis.configGet("hash-max-listpack-value");
            value = config.get("hash-max-listpack-value");
        } catch (RedisException e) {
            return null; // CONFIG may be refused (managed Redis): nothing to say
        }
        if (value == null || Long.parseLong(value) >= ADVISED_LISTPACK_VALUE) {
            return null;
        }
        return "Redis's hash-max-listpack-value is " + value + " bytes: link groups whose links are longer are kept as hash tables,"
                + " about 1.6 times the memory per link; set it to " + ADVISED_LISTPACK_VALUE + " on every Redis node"
                + " (CONFIG SET hash-max-listpack-value " + ADVISED_LISTPACK_VALUE + ", and in redis.conf)";
    }

    private static void adviseListpack(RedisClusterCommands<String, String> redis) {
        String advice = listpackAdvice(redis);
        if (advice != null) {
            LOG.log(Level.WARNING, advice);
        }
    }
}
