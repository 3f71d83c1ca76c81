package dev.shortcode.core.redis;

import dev.shortcode.core.config.ConfigException;
import io.lettuce.core.SetArgs;
import io.lettuce.core.cluster.api.sync.RedisClusterCommands;

/**
 * Makes every node of a namespace agree on how links are kept ({@link StoreKeys#linkGroups()}):
 * a node that kept links another way would not find the others' links, and a node with another
 * group count would look for a code in the wrong hash. The first node records the layout in
 * {@code <ns>:h:layout} ({@code SET NX}, no expiry); every node compares its own with it on start
 * and refuses to start on a difference, naming both. Moving a namespace's links from one layout to
 * another is not built: a new layout starts in a new namespace.
 */
final class LinkLayoutGuard {

    private LinkLayoutGuard() {}

    /** The layout as recorded: {@code keys} for a key per link, {@code groups:<n>} for n groups. */
    static String describe(StoreKeys keys) {
        return keys.linkGroups() == 0 ? "keys" : "groups:" + keys.linkGroups();
    }

    /** Records this layout if the namespace has none yet; throws {@link ConfigException} if it has another. */
    static void check(RedisClusterCommands<String, String> redis, StoreKeys keys) {
        String mine = describe(keys);
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
}
