package dev.shortcode.api.storage;

import dev.shortcode.api.config.ServiceOptions;
import dev.shortcode.core.Storage;
import dev.shortcode.core.embedded.EmbeddedStorage;
import dev.shortcode.core.redis.RedisStorage;
import dev.shortcode.hbase.HBaseStorage;
import io.netty.channel.EventLoopGroup;

/**
 * Opens the storage the settings ask for, through each backend's one entry point: embedded
 * (RocksDB under the data directory) when no Redis is configured, else Redis over HBase.
 */
final class StorageOpener {

    private StorageOpener() {}

    /** @param eventLoops the service's Vert.x event loops, on which the request path's Redis connection lives */
    static Storage open(ServiceOptions settings, ServiceMetrics metrics, EventLoopGroup eventLoops) {
        if (settings.embedded()) {
            return EmbeddedStorage.open(settings.embeddedOptions(), settings.issuer(), settings.coldRead());
        }
        HBaseStorage hbase = HBaseStorage.open(settings.hbase().orElseThrow());
        return RedisStorage.open(settings.redis().orElseThrow(), hbase, settings.issuer(), metrics, metrics, eventLoops);
    }
}
