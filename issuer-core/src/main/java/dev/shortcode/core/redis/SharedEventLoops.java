package dev.shortcode.core.redis;

import io.lettuce.core.resource.EventLoopGroupProvider;
import io.netty.channel.EventLoopGroup;
import io.netty.util.concurrent.EventExecutorGroup;
import io.netty.util.concurrent.Future;
import io.netty.util.concurrent.ImmediateEventExecutor;
import java.util.concurrent.TimeUnit;

/**
 * Lends Lettuce event loops it does not own: the service's own Vert.x loops, so that Redis
 * channels live on the threads that handle HTTP requests.
 *
 * <h2>Why</h2>
 * With Lettuce's own loops, every command issued from a request crosses two threads: the
 * request's loop hands the write to a Lettuce loop, and the reply's completion is handed back.
 * Each crossing is a wake-up (a system call and a context switch), and on a small box those
 * cost more than the commands: in Redis mode a create spent about 230 µs of CPU, 100 µs of it on
 * Lettuce's thread, most in the kernel. On a shared loop, a command issued on the channel's own
 * loop is written in place and its reply completes there.
 *
 * <h2>Rules this imposes</h2>
 * Nothing may wait for a Redis reply on one of these loops (it would wait for itself until the
 * command timeout); the service never blocks its event loops anyway. Releasing and shutting down
 * are no-ops: the loops belong to their owner, who stops them after closing the clients.
 */
final class SharedEventLoops implements EventLoopGroupProvider {

    private final EventLoopGroup group;
    private final int size;

    SharedEventLoops(EventLoopGroup group) {
        this.group = group;
        int n = 0;
        for (var ignored : group) {
            n++;
        }
        this.size = n;
    }

    @Override
    public <T extends EventLoopGroup> T allocate(Class<T> type) {
        if (!type.isInstance(group)) {
            throw new IllegalStateException("Lettuce asks for a " + type.getName() + ", the shared event loops are a "
                    + group.getClass().getName());
        }
        return type.cast(group);
    }

    @Override
    public int threadPoolSize() {
        return size;
    }

    @Override
    public Future<Boolean> release(EventExecutorGroup eventLoopGroup, long quietPeriod, long timeout, TimeUnit unit) {
        return ImmediateEventExecutor.INSTANCE.newSucceededFuture(true);
    }

    @Override
    public Future<Boolean> shutdown(long quietPeriod, long timeout, TimeUnit timeUnit) {
        return ImmediateEventExecutor.INSTANCE.newSucceededFuture(true);
    }
}
